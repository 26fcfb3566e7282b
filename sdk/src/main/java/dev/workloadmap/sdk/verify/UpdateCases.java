package dev.workloadmap.sdk.verify;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.PreparedDefinition;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.WorkloadMapException;
import dev.workloadmap.sdk.WorkloadMapIOException;
import dev.workloadmap.sdk.internal.model.NodeReader;
import dev.workloadmap.sdk.update.UpdateResult;
import dev.workloadmap.sdk.update.WorkloadUpdate;
import dev.workloadmap.sdk.validation.Finding;
import dev.workloadmap.sdk.validation.Severity;
import dev.workloadmap.sdk.yaml.SourceLocation;
import dev.workloadmap.sdk.yaml.YamlDocument;
import dev.workloadmap.sdk.yaml.YamlException;
import dev.workloadmap.sdk.yaml.YamlReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The update cases of a fixture (docs/format.md#writes): every {@code updates/<case>.yaml} in the fixture folder
 * applies its operations to the fixture's object and compares the RFC 6902 patch with {@code expectedPatch}, exactly
 * (same operations in the same order; numbers by value).
 *
 * <pre>
 * description: set the scheduler name on every pod        # optional
 * operations:                                             # applied in order, one key each
 *   - setSchedulerName: kai-scheduler
 *   - addLabels: {team: ml}
 *   - addAnnotations: {owner: ml-platform}
 *   - setResources: {limits: {nvidia.com/gpu: "2"}}
 *   - suspend:                                            # the root's suspendActions; or suspend: component
 *   - resume:
 *   - podTemplateSpecs: {component: worker, values: {"": {spec: {containers: []}}}}   # also podSpecs, podMetadata
 *   - fragmentedField: {component: service, field: labels, values: {api: {a: b}}}
 *   - assign: {path: .spec.suspend, value: true}
 * expectedPatch:                                          # the last key of the file
 *   - {op: add, path: /spec/template/spec/schedulerName, value: kai-scheduler}
 * </pre>
 *
 * An operation that is expected to fail names the error instead: {@code expectedError: "does not have
 * suspendDefinition"} (a substring of the message) in place of {@code expectedPatch}.
 */
final class UpdateCases {

  /** The folder of update cases inside a fixture folder. */
  static final String FOLDER = "updates";

  private static final Set<String> FIELDS =
      Set.of("description", "operations", "expectedPatch", "expectedError");
  private static final Set<String> PER_INSTANCE =
      Set.of("podTemplateSpecs", "podSpecs", "podMetadata");
  private static final Comparator<JsonNode> BY_VALUE = (a, b) -> {
    if (a.isNumber() && b.isNumber()) {
      return a.decimalValue().compareTo(b.decimalValue());
    }
    return a.equals(b) ? 0 : 1;
  };

  private final WorkloadMap workloadMap;
  private final boolean updateExpected;
  private final YamlReader yaml = new YamlReader();

  UpdateCases(WorkloadMap workloadMap, boolean updateExpected) {
    this.workloadMap = workloadMap;
    this.updateExpected = updateExpected;
  }

  /** The outcome of a fixture's update cases: findings, and the files rewritten in update mode. */
  record Outcome(List<Finding> findings, List<Path> written, int cases) {}

  /** Runs every update case of {@code fixtureDir} against {@code object}; no folder means no cases. */
  Outcome run(PreparedDefinition prepared, JsonNode object, Path fixtureDir) {
    Path folder = fixtureDir.resolve(FOLDER);
    List<Finding> findings = new ArrayList<>();
    List<Path> written = new ArrayList<>();
    if (!Files.isDirectory(folder)) {
      return new Outcome(findings, written, 0);
    }
    List<Path> files;
    try (Stream<Path> s = Files.list(folder)) {
      files =
          s.filter(p -> p.getFileName().toString().endsWith(".yaml")).sorted().toList();
    } catch (IOException e) {
      throw new WorkloadMapIOException("cannot list " + folder, e);
    }
    for (Path file : files) {
      runCase(prepared, object, file, findings, written);
    }
    return new Outcome(findings, written, files.size());
  }

  private void runCase(
      PreparedDefinition prepared,
      JsonNode object,
      Path file,
      List<Finding> findings,
      List<Path> written) {
    YamlDocument doc;
    try {
      List<YamlDocument> docs =
          yaml.readAll(file).stream().filter(d -> !d.root().isNull()).toList();
      if (docs.size() != 1 || !docs.get(0).root().isObject()) {
        findings.add(new Finding(
            "fixture.update-shape",
            Severity.ERROR,
            "an update case must be one mapping",
            SourceLocation.ofFile(file.toString()),
            "keys: description, operations, expectedPatch",
            null));
        return;
      }
      doc = docs.get(0);
    } catch (YamlException e) {
      findings.add(new Finding(
          "yaml.syntax",
          Severity.ERROR,
          e.getMessage(),
          e.location().orElse(SourceLocation.ofFile(file.toString())),
          "",
          null));
      return;
    }
    NodeReader r = new NodeReader(doc, true);
    r.checkFields(doc.root(), "", FIELDS, "update case");
    r.string(doc.root(), "", "description", false);
    JsonNode operations = r.array(doc.root(), "", "operations", true);
    JsonNode expectedPatch = r.array(doc.root(), "", "expectedPatch", false);
    String expectedError = r.string(doc.root(), "", "expectedError", false);
    if (!r.findings().isEmpty()) {
      findings.addAll(r.findings());
      return;
    }
    if (expectedPatch != null && expectedError != null) {
      findings.add(new Finding(
          "fixture.update-shape",
          Severity.ERROR,
          "an update case has either expectedPatch or expectedError, not both",
          doc.locate("/expectedError"),
          "keep the one this case pins",
          null));
      return;
    }
    WorkloadUpdate update = workloadMap.update(prepared, object);
    for (int i = 0; i < operations.size(); i++) {
      update = operation(update, doc, operations.get(i), "/operations/" + i, findings);
      if (update == null) {
        return;
      }
    }
    UpdateResult result;
    try {
      result = update.apply();
    } catch (WorkloadMapException e) {
      if (expectedError != null && e.getMessage().contains(expectedError)) {
        return;
      }
      findings.add(new Finding(
          "fixture.update-failed",
          Severity.ERROR,
          "the update failed: " + e.getMessage(),
          doc.locate(expectedError != null ? "/expectedError" : "/operations"),
          expectedError != null
              ? "expectedError must be a substring of the message"
              : "fix the operation or the"
                  + " definition, or pin the failure with expectedError: <part of the message>",
          null));
      return;
    }
    if (expectedError != null) {
      findings.add(new Finding(
          "fixture.update-mismatch",
          Severity.ERROR,
          "expected the update to fail with \"" + expectedError
              + "\", but it succeeded with the patch " + result.patchJson(),
          doc.locate("/expectedError"),
          "",
          null));
      return;
    }
    if (expectedPatch == null) {
      if (updateExpected) {
        written.add(writeExpected(file, result));
        return;
      }
      findings.add(new Finding(
          "fixture.update-no-expected",
          Severity.ERROR,
          "missing expectedPatch; actual: " + result.patchJson(),
          doc.locate("/operations"),
          "add expectedPatch, or run with -Dworkloadmap.updateExpected=true to write it from the actual result",
          null));
      return;
    }
    List<Finding> mismatches = compare(doc, expectedPatch, result.patch());
    if (mismatches.isEmpty()) {
      return;
    }
    if (updateExpected) {
      Path rewritten = writeExpected(file, result);
      if (rewritten != null) {
        written.add(rewritten);
        return;
      }
      findings.add(new Finding(
          "fixture.update-shape",
          Severity.ERROR,
          "cannot rewrite expectedPatch: it must be the" + " last key of the file",
          doc.locate("/expectedPatch"),
          "move expectedPatch to the end of the file",
          null));
    }
    findings.addAll(mismatches);
  }

  /** Adds one operation, or returns null after adding a finding. */
  private WorkloadUpdate operation(
      WorkloadUpdate u, YamlDocument doc, JsonNode op, String at, List<Finding> findings) {
    if (!op.isObject() || op.size() != 1) {
      findings.add(new Finding(
          "fixture.update-shape",
          Severity.ERROR,
          "an operation is a mapping with one key (its kind), for example {setSchedulerName: kai-scheduler}",
          doc.locate(at),
          "kinds: " + KINDS,
          null));
      return null;
    }
    String kind = op.fieldNames().next();
    JsonNode arg = op.get(kind);
    String argAt = at + "/" + kind;
    try {
      switch (kind) {
        case "setSchedulerName":
          return u.setSchedulerName(text(arg));
        case "addLabels":
          return u.addLabels(stringMap(arg));
        case "addAnnotations":
          return u.addAnnotations(stringMap(arg));
        case "setResources":
          return u.setResources(arg);
        case "suspend":
          return arg.isNull() ? u.suspend() : u.suspend(text(arg));
        case "resume":
          return arg.isNull() ? u.resume() : u.resume(text(arg));
        case "assign":
          return u.assign(text(arg.path("path")), arg.has("value") ? arg.get("value") : null);
        case "fragmentedField":
          return u.fragmentedField(
              text(arg.path("component")), text(arg.path("field")), values(arg));
        default:
          if (PER_INSTANCE.contains(kind)) {
            String component = text(arg.path("component"));
            Map<String, JsonNode> values = values(arg);
            return switch (kind) {
              case "podTemplateSpecs" -> u.podTemplateSpecs(component, values);
              case "podSpecs" -> u.podSpecs(component, values);
              default -> u.podMetadata(component, values);
            };
          }
          findings.add(new Finding(
              "fixture.update-shape",
              Severity.ERROR,
              "unknown operation \"" + kind + "\"",
              doc.locate(at),
              "kinds: " + KINDS,
              null));
          return null;
      }
    } catch (IllegalArgumentException e) {
      findings.add(new Finding(
          "fixture.update-shape",
          Severity.ERROR,
          kind + ": " + e.getMessage(),
          doc.locate(argAt),
          "see the update case layout in the README",
          null));
      return null;
    }
  }

  private static final List<String> KINDS = List.of(
      "setSchedulerName",
      "addLabels",
      "addAnnotations",
      "setResources",
      "suspend",
      "resume",
      "podTemplateSpecs",
      "podSpecs",
      "podMetadata",
      "fragmentedField",
      "assign");

  private static String text(JsonNode n) {
    if (!n.isTextual()) {
      throw new IllegalArgumentException(
          "expected a string, found " + (n.isMissingNode() ? "nothing" : n.toString()));
    }
    return n.asText();
  }

  private static Map<String, String> stringMap(JsonNode n) {
    if (!n.isObject()) {
      throw new IllegalArgumentException("expected a mapping of strings, for example {team: ml}");
    }
    Map<String, String> out = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> e : n.properties()) {
      out.put(e.getKey(), text(e.getValue()));
    }
    return out;
  }

  private static Map<String, JsonNode> values(JsonNode arg) {
    JsonNode v = arg.path("values");
    if (!v.isObject()) {
      throw new IllegalArgumentException(
          "values must map each instance id (\"\" for a single instance) to its value");
    }
    Map<String, JsonNode> out = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> e : v.properties()) {
      out.put(e.getKey(), e.getValue());
    }
    return out;
  }

  /** Exact comparison, operation by operation; each finding at the expected operation's line and column. */
  static List<Finding> compare(YamlDocument doc, JsonNode expected, JsonNode actual) {
    List<Finding> out = new ArrayList<>();
    int n = Math.max(expected.size(), actual.size());
    for (int i = 0; i < n; i++) {
      JsonNode e = i < expected.size() ? expected.get(i) : null;
      JsonNode a = i < actual.size() ? actual.get(i) : null;
      if (e != null && a != null && e.equals(BY_VALUE, a)) {
        continue;
      }
      String message = e == null
          ? "unexpected patch operation " + a
          : a == null
              ? "expected patch operation missing: " + e
              : "patch operation " + i + ": expected " + e + ", actual " + a;
      out.add(new Finding(
          "fixture.update-mismatch",
          Severity.ERROR,
          message,
          doc.locate(e == null ? "/expectedPatch" : "/expectedPatch/" + i),
          "fix the definition or the operation, or update expectedPatch (-Dworkloadmap.updateExpected=true)",
          null));
    }
    return out;
  }

  /**
   * Replaces the {@code expectedPatch} block (which must be the file's last top-level key) or appends one; null when
   * it is not last.
   */
  private static Path writeExpected(Path file, UpdateResult result) {
    try {
      List<String> lines = new ArrayList<>(Files.readAllLines(file, StandardCharsets.UTF_8));
      int start = -1;
      for (int i = 0; i < lines.size(); i++) {
        if (lines.get(i).matches("^expectedPatch\\s*:.*")) {
          start = i;
        } else if (start >= 0 && lines.get(i).matches("^[A-Za-z\"'].*")) {
          return null; // another top-level key after expectedPatch
        }
      }
      List<String> out = new ArrayList<>(start >= 0 ? lines.subList(0, start) : lines);
      if (result.patch().isEmpty()) {
        out.add("expectedPatch: []");
      } else {
        out.add("expectedPatch:");
        for (JsonNode op : result.patch()) {
          out.add("  - " + op);
        }
      }
      Files.write(file, out, StandardCharsets.UTF_8);
      return file;
    } catch (IOException e) {
      throw new WorkloadMapIOException("cannot write " + file, e);
    }
  }
}
