package dev.workloadmap.sdk.verify;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.workloadmap.sdk.PreparedDefinition;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.WorkloadMapException;
import dev.workloadmap.sdk.WorkloadMapIOException;
import dev.workloadmap.sdk.crd.Crd;
import dev.workloadmap.sdk.crd.CrdException;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.definition.Gvk;
import dev.workloadmap.sdk.internal.crd.CrdObjectValidator;
import dev.workloadmap.sdk.internal.model.NodeReader;
import dev.workloadmap.sdk.live.LiveTree;
import dev.workloadmap.sdk.live.OwnerLookup;
import dev.workloadmap.sdk.tree.WorkloadTree;
import dev.workloadmap.sdk.validation.Finding;
import dev.workloadmap.sdk.validation.Severity;
import dev.workloadmap.sdk.validation.ValidationReport;
import dev.workloadmap.sdk.verify.FixtureResult.Outcome;
import dev.workloadmap.sdk.yaml.SourceLocation;
import dev.workloadmap.sdk.yaml.YamlDocument;
import dev.workloadmap.sdk.yaml.YamlException;
import dev.workloadmap.sdk.yaml.YamlReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.apiguardian.api.API;

/**
 * Runs definitions against their fixtures. Layout, one folder per definition:
 *
 * <pre>
 * &lt;root&gt;/&lt;definition&gt;/definition.yaml
 * &lt;root&gt;/&lt;definition&gt;/fixtures/&lt;case&gt;/object.yaml      the workload object (the document of the root kind)
 * &lt;root&gt;/&lt;definition&gt;/fixtures/&lt;case&gt;/fixture.yaml     optional: description, and the object from elsewhere:
 *                                               object: {shared: data/samples/x.yaml, kind: X, name: n} or {file: ../x.yaml}
 *                                               crdSchema: skip, reason: why (a deliberately partial real object)
 * &lt;root&gt;/&lt;definition&gt;/fixtures/&lt;case&gt;/expected.yaml    the expected result, a subset of the tree's JSON form
 * &lt;root&gt;/&lt;definition&gt;/fixtures/&lt;case&gt;/updates/*.yaml   optional update cases: operations and the expected
 *                                               RFC 6902 patch against the object (class UpdateCases)
 * </pre>
 *
 * When the definition's target CRD is found ({@link CrdLookup}: {@code crd.yaml} beside the definition, else {@link
 * VerifyOptions#crdDirectory()}), its workload-side paths are checked against the CRD (the findings join the
 * definition's report) and every fixture object is validated against the CRD's schema ({@value
 * CrdObjectValidator#FIXTURE_SCHEMA} errors join the fixture's findings) unless its fixture.yaml says {@code crdSchema:
 * skip} with a {@code reason}. Without a CRD, one {@value CrdLookup#NOT_FOUND} INFO says the checks were skipped.
 *
 * <p>Every finding is collected; nothing stops at the first failure. Progress (each fixture's tree) goes to the
 * listener as it is produced.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Verifier {

  /** The definition file name inside a definition folder. */
  public static final String DEFINITION_FILE = "definition.yaml";

  /**
   * The optional candidate pods of a fixture (docs/format.md#owner-chain): the live tree and gang plan become
   * {@code live}/{@code gangs}.
   */
  public static final String PODS_FILE = "pods.yaml";

  private static final Set<String> FIXTURE_FIELDS =
      Set.of("description", "object", "crdSchema", "reason");
  private static final Set<String> OBJECT_FIELDS = Set.of("shared", "file", "kind", "name");

  private final WorkloadMap workloadMap;
  private final VerifyOptions options;
  private final YamlReader yaml = new YamlReader();
  private final UpdateCases updateCases;

  public Verifier(WorkloadMap workloadMap, VerifyOptions options) {
    this.workloadMap = workloadMap;
    this.options = options;
    this.updateCases = new UpdateCases(workloadMap, options.updateExpected());
    if (options.updateExpected() && options.ci()) {
      throw new WorkloadMapException(
          "refusing workloadmap.updateExpected=true in CI (CI is set): expected files are"
              + " never rewritten silently in CI; update them locally and commit the change");
    }
  }

  /** Every definition file under {@code root}: {@code <root>/<name>/definition.yaml}, sorted by path. */
  public static List<Path> findDefinitions(Path root) {
    if (!Files.isDirectory(root)) {
      return List.of();
    }
    try (Stream<Path> s = Files.list(root)) {
      return s.map(p -> p.resolve(DEFINITION_FILE))
          .filter(Files::isRegularFile)
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new WorkloadMapIOException("cannot list " + root, e);
    }
  }

  /** Verifies every definition under {@code root}. */
  public VerifyReport verifyDirectory(Path root, Consumer<FixtureResult> progress) {
    List<DefinitionResult> out = new ArrayList<>();
    for (Path def : findDefinitions(root)) {
      out.add(verifyDefinition(def, progress));
    }
    return new VerifyReport(out);
  }

  /** Verifies one definition file and the fixtures in {@code fixtures/} beside it. */
  public DefinitionResult verifyDefinition(Path file, Consumer<FixtureResult> progress) {
    List<WorkloadMap.Loaded> loaded;
    try {
      loaded = workloadMap.read(file);
    } catch (YamlException e) {
      return new DefinitionResult(
          file,
          file.getFileName().toString(),
          ValidationReport.of(List.of(fromException("yaml.syntax", e, file))),
          List.of());
    }
    if (loaded.size() != 1) {
      Finding f = new Finding(
          "verify.one-definition",
          Severity.ERROR,
          "a definition file must hold exactly one definition, found " + loaded.size(),
          SourceLocation.ofFile(file.toString()),
          "put each definition in its own folder",
          null);
      return new DefinitionResult(
          file, file.getFileName().toString(), ValidationReport.of(List.of(f)), List.of());
    }
    WorkloadMap.Loaded l = loaded.get(0);
    String name = l.definition() != null && l.definition().name() != null
        ? l.definition().name()
        : file.getParent().getFileName().toString();
    if (!l.valid()) {
      return new DefinitionResult(file, name, l.report(), List.of());
    }
    CrdLookup crd = CrdLookup.check(l.definition(), file, options.crdDirectory());
    ValidationReport report = l.report().merge(ValidationReport.of(crd.findings()));
    PreparedDefinition prepared = workloadMap.prepare(l);
    List<FixtureResult> fixtures = new ArrayList<>();
    Path fixturesDir = file.getParent().resolve("fixtures");
    if (Files.isDirectory(fixturesDir)) {
      List<Path> cases;
      try (Stream<Path> s = Files.list(fixturesDir)) {
        cases = s.filter(Files::isDirectory).sorted().toList();
      } catch (IOException e) {
        throw new WorkloadMapIOException("cannot list " + fixturesDir, e);
      }
      for (Path c : cases) {
        FixtureResult r = runFixture(prepared, c, crd.crd());
        fixtures.add(r);
        if (progress != null) {
          progress.accept(r);
        }
      }
    }
    return new DefinitionResult(file, name, report, fixtures);
  }

  /** Runs one fixture folder, without CRD schema validation. */
  public FixtureResult runFixture(PreparedDefinition prepared, Path dir) {
    return runFixture(prepared, dir, null);
  }

  /**
   * Runs one fixture folder; when {@code crd} is not null, the object is also validated against it (unless the
   * fixture.yaml says {@code crdSchema: skip}).
   */
  public FixtureResult runFixture(PreparedDefinition prepared, Path dir, Crd crd) {
    String name = dir.getFileName().toString();
    List<Finding> findings = new ArrayList<>();
    JsonNode object;
    ObjectSource src;
    try {
      src = objectSource(dir, prepared.definition(), findings);
      if (src == null) {
        return new FixtureResult(name, dir, Outcome.FAILED, "no object", null, "", findings);
      }
      if (src.skipReason != null) {
        return new FixtureResult(name, dir, Outcome.SKIPPED, src.skipReason, null, "", findings);
      }
      object = src.object == null ? null : src.object.root();
    } catch (YamlException e) {
      findings.add(fromException("yaml.syntax", e, dir));
      return new FixtureResult(name, dir, Outcome.FAILED, "unreadable object", null, "", findings);
    }
    if (object == null) {
      return new FixtureResult(name, dir, Outcome.FAILED, "no object", null, "", findings);
    }
    String mismatch = gvkMismatch(prepared.definition(), object);
    if (mismatch != null) {
      findings.add(new Finding(
          "fixture.gvk",
          Severity.ERROR,
          mismatch,
          SourceLocation.ofFile(dir.toString()),
          "use an object of the definition's root kind and version, or move the fixture to the matching definition",
          null));
      return new FixtureResult(name, dir, Outcome.FAILED, "wrong kind", null, "", findings);
    }
    String note = versionNote(prepared.definition(), object);
    if (note != null) {
      findings.add(new Finding(
          "fixture.other-version",
          Severity.INFO,
          note,
          SourceLocation.ofFile(dir.toString()),
          "",
          null));
    }
    if (crd != null && src.crdSkipReason == null) {
      try {
        findings.addAll(new CrdObjectValidator(crd)
            .check(src.object, prepared.definition().rootGvk().version()));
      } catch (CrdException e) {
        findings.add(new Finding(
            CrdObjectValidator.FIXTURE_SCHEMA,
            Severity.ERROR,
            e.getMessage(),
            SourceLocation.ofFile(dir.toString()),
            "",
            null));
      }
    }
    WorkloadTree tree;
    try {
      // from the document, so that a problem with a value of the object is located at the object's
      // own line
      tree = src.object != null && src.object.root() == object
          ? workloadMap.resolve(prepared, src.object)
          : workloadMap.resolve(prepared, object);
    } catch (WorkloadMapException e) {
      findings.add(new Finding(
          "verify.resolve",
          Severity.ERROR,
          e.getMessage(),
          e.location().orElse(SourceLocation.ofFile(dir.toString())),
          "",
          null));
      return new FixtureResult(name, dir, Outcome.FAILED, "could not resolve", null, "", findings);
    }
    String text = workloadMap.renderText(tree, null);
    ObjectNode actual = workloadMap.toJson(tree);
    Path podsFile = dir.resolve(PODS_FILE);
    if (Files.isRegularFile(podsFile)) {
      String liveText = addLive(prepared, tree, object, podsFile, actual, findings);
      if (liveText == null) {
        return new FixtureResult(
            name, dir, Outcome.FAILED, "could not attribute pods", tree, text, findings);
      }
      text = liveText;
    }
    Path expectedFile = dir.resolve("expected.yaml");
    if (options.updateExpected()) {
      // a fixture that passes keeps its hand-written (usually trimmed) expectation; only failing or
      // missing ones
      // are rewritten from the actual result
      FixtureResult compared = Files.isRegularFile(expectedFile)
          ? compareWithExpected(
              name, dir, tree, text, actual, expectedFile, new ArrayList<>(findings))
          : null;
      if (compared != null && compared.outcome() == Outcome.PASSED) {
        return withUpdateCases(compared, prepared, object);
      }
      writeExpected(expectedFile, actual);
      return withUpdateCases(
          new FixtureResult(
              name, dir, Outcome.UPDATED, "wrote " + expectedFile, tree, text, findings),
          prepared,
          object);
    }
    return withUpdateCases(
        compareWithExpected(name, dir, tree, text, actual, expectedFile, findings),
        prepared,
        object);
  }

  /** Adds the outcome of the fixture's update cases ({@code updates/*.yaml}, see {@link UpdateCases}). */
  private FixtureResult withUpdateCases(
      FixtureResult r, PreparedDefinition prepared, JsonNode object) {
    UpdateCases.Outcome u = updateCases.run(prepared, object, r.directory());
    if (u.cases() == 0) {
      return r;
    }
    List<Finding> all = new ArrayList<>(r.findings());
    all.addAll(u.findings());
    boolean updateFailed = u.findings().stream().anyMatch(f -> f.severity() == Severity.ERROR);
    if (r.outcome() == Outcome.FAILED || updateFailed) {
      String reason = r.outcome() == Outcome.FAILED
          ? r.reason()
          : u.findings().size() + " update case mismatch(es)";
      return new FixtureResult(
          r.name(), r.directory(), Outcome.FAILED, reason, r.tree(), r.text(), all);
    }
    if (!u.written().isEmpty()) {
      String reason =
          (r.outcome() == Outcome.UPDATED ? r.reason() + "; " : "") + "wrote expectedPatch in "
              + u.written().stream().map(p -> p.getFileName().toString()).toList();
      return new FixtureResult(
          r.name(), r.directory(), Outcome.UPDATED, reason, r.tree(), r.text(), all);
    }
    return new FixtureResult(
        r.name(), r.directory(), r.outcome(), r.reason(), r.tree(), r.text(), all);
  }

  /**
   * The object of one fixture folder exactly as {@link #runFixture} reads it ({@code object.yaml}, or the object
   * {@code fixture.yaml} names), for front-ends that submit it elsewhere, for example to a Kubernetes API server.
   *
   * @param definition the definition whose root kind picks the document
   * @param dir the fixture folder
   * @return the object document (null when it cannot be read: see {@link FixtureObject#findings()}; or when the
   *     fixture is skipped: see {@link FixtureObject#skipReason()})
   * @throws YamlException when a file is not valid YAML
   */
  public FixtureObject readFixtureObject(Definition definition, Path dir) {
    List<Finding> findings = new ArrayList<>();
    ObjectSource src = objectSource(dir, definition, findings);
    if (src == null) {
      return new FixtureObject(null, null, null, findings);
    }
    return new FixtureObject(src.object, src.skipReason, src.crdSkipReason, findings);
  }

  /**
   * A fixture's object, as {@link #readFixtureObject} found it.
   *
   * @param object the object document, or null
   * @param skipReason why the fixture is skipped (its shared data is absent), or null
   * @param crdSkipReason the {@code reason} of {@code crdSchema: skip} (the object deliberately does not match its
   *     CRD), or null
   * @param findings why the object could not be read, each with file, line and column
   */
  public record FixtureObject(
      YamlDocument object, String skipReason, String crdSkipReason, List<Finding> findings) {
    public FixtureObject {
      findings = List.copyOf(findings);
    }
  }

  private FixtureResult compareWithExpected(
      String name,
      Path dir,
      WorkloadTree tree,
      String text,
      ObjectNode actual,
      Path expectedFile,
      List<Finding> findings) {
    if (!Files.isRegularFile(expectedFile)) {
      findings.add(new Finding(
          "fixture.no-expected",
          Severity.ERROR,
          "missing expected.yaml",
          SourceLocation.ofFile(dir.toString()),
          "write expected.yaml by hand, or run with -Dworkloadmap.updateExpected=true to write it from the actual result",
          null));
      return new FixtureResult(
          name, dir, Outcome.FAILED, "missing expected.yaml", tree, text, findings);
    }
    List<YamlDocument> docs;
    try {
      docs = yaml.readAll(expectedFile);
    } catch (YamlException e) {
      findings.add(fromException("yaml.syntax", e, expectedFile));
      return new FixtureResult(
          name, dir, Outcome.FAILED, "unreadable expected.yaml", tree, text, findings);
    }
    List<YamlDocument> nonEmpty = docs.stream().filter(d -> !d.root().isNull()).toList();
    if (nonEmpty.size() != 1 || !nonEmpty.get(0).root().isObject()) {
      findings.add(new Finding(
          "fixture.expected-shape",
          Severity.ERROR,
          "expected.yaml must hold one mapping (a subset of the tree's JSON form)",
          SourceLocation.ofFile(expectedFile.toString()),
          "see the fixture layout in the README",
          null));
      return new FixtureResult(
          name, dir, Outcome.FAILED, "bad expected.yaml", tree, text, findings);
    }
    findings.addAll(ExpectedMatcher.compare(nonEmpty.get(0), actual));
    if (actual.has("live")
        && !nonEmpty.get(0).root().has("live")
        && !nonEmpty.get(0).root().has("gangs")) {
      findings.add(new Finding(
          "fixture.pods-unchecked",
          Severity.ERROR,
          "the fixture has " + PODS_FILE
              + " but expected.yaml checks neither \"live:\" nor \"gangs:\"",
          SourceLocation.ofFile(expectedFile.toString()),
          "add the live tree or gang plan this fixture is about (run with -Dworkloadmap.updateExpected=true to see it)",
          null));
    }
    if (!tree.problems().isEmpty() && !nonEmpty.get(0).root().has("problems")) {
      // contained evaluation errors never pass silently: pin them under `problems:` when they are
      // intended
      for (var p : tree.problems()) {
        // a value of the object that is not a count is located at the object's own line, the
        // definition's field
        // follows in the message
        boolean inObject = p.objectLocation() != null;
        findings.add(new Finding(
            "fixture.unexpected-problem",
            Severity.ERROR,
            "evaluation problem not expected by this fixture: " + p.message()
                + (inObject ? " (definition: " + p.location() + ")" : ""),
            inObject ? p.objectLocation() : p.location(),
            inObject
                ? "fix the value in the object, or list the problem under \"problems:\" in expected.yaml if it is"
                    + " intended"
                : "fix the definition's path, or list the problem under \"problems:\" in expected.yaml if it is"
                    + " intended",
            p.expression()));
      }
    }
    boolean failed = findings.stream().anyMatch(f -> f.severity() == Severity.ERROR);
    return new FixtureResult(
        name,
        dir,
        failed ? Outcome.FAILED : Outcome.PASSED,
        failed ? findings.size() + " mismatch(es)" : "",
        tree,
        text,
        findings);
  }

  /**
   * Null when {@code object} is of the definition's root group and kind, or has no apiVersion/kind (a status-only
   * fragment); otherwise what differs. The version may differ: like the reference CLI's file mode (conformance CD-21),
   * an object at another served version of a covered kind resolves with that kind's definition, and {@link
   * #versionNote} reports it.
   */
  static String gvkMismatch(Definition d, JsonNode object) {
    return WorkloadMap.kindMismatch(d, object);
  }

  /** A note when the object is at another version of the definition's kind, else null. */
  static String versionNote(Definition d, JsonNode object) {
    String apiVersion = object.path("apiVersion").asText("");
    if (d.rootGvk() == null || apiVersion.isEmpty()) {
      return null;
    }
    Gvk actual = Gvk.of(apiVersion, object.path("kind").asText(""));
    return actual.version().equals(d.rootGvk().version())
        ? null
        : "the object is at version " + actual.version() + "; resolved with the "
            + d.rootGvk().version() + " definition " + d.name()
            + " (as the reference CLI resolves another served version)";
  }

  /**
   * Reads {@code pods.yaml} (candidate pods: documents of kind Pod, or the items of a List; every other document is an
   * intermediate owner such as a Job or ReplicaSet; owners are found by UID among all documents), attributes the pods and builds the gang plan, and adds
   * them to {@code actual} as {@code live} ({@link dev.workloadmap.sdk.live.LiveJson}) and {@code gangs} ({@link
   * dev.workloadmap.sdk.internal.gang.GangJson}). Returns the live text view, or null after adding a finding.
   */
  private String addLive(
      PreparedDefinition prepared,
      WorkloadTree tree,
      JsonNode object,
      Path podsFile,
      ObjectNode actual,
      List<Finding> findings) {
    List<JsonNode> pods = new ArrayList<>();
    List<JsonNode> owners = new ArrayList<>();
    try {
      for (YamlDocument d : yaml.readAll(podsFile)) {
        JsonNode root = d.root();
        if (root.isNull()) {
          continue;
        }
        if (root.path("items").isArray() && root.path("kind").asText("").endsWith("List")) {
          for (JsonNode item : root.get("items")) {
            (item.path("kind").asText("Pod").equals("Pod") ? pods : owners).add(item);
          }
        } else if (root.path("kind").asText("").equals("Pod")) {
          pods.add(root);
        } else {
          owners.add(root);
        }
      }
      List<JsonNode> all = new ArrayList<>(owners);
      all.addAll(
          pods); // a pod may own objects too (a LeaderWorkerSet leader pod owns its group's worker
      // StatefulSet)
      LiveTree live = workloadMap.attributePods(prepared, tree, object, pods, OwnerLookup.of(all));
      actual.set("live", workloadMap.toJson(live));
      actual.set("gangs", workloadMap.toJson(workloadMap.gangPlan(prepared, live)));
      return workloadMap.renderText(live, null);
    } catch (YamlException e) {
      findings.add(fromException("yaml.syntax", e, podsFile));
    } catch (WorkloadMapException e) {
      findings.add(new Finding(
          "fixture.pods",
          Severity.ERROR,
          e.getMessage(),
          e.location().orElse(SourceLocation.ofFile(podsFile.toString())),
          "give the object a metadata.uid and the pods ownerReferences to it (or to an owner listed in pods.yaml)",
          null));
    }
    return null;
  }

  private record ObjectSource(YamlDocument object, String skipReason, String crdSkipReason) {
    ObjectSource(YamlDocument object, String skipReason) {
      this(object, skipReason, null);
    }
  }

  private ObjectSource objectSource(Path dir, Definition def, List<Finding> findings) {
    Path objectFile = dir.resolve("object.yaml");
    Path fixtureFile = dir.resolve("fixture.yaml");
    String kind = def.rootGvk() == null ? "" : def.rootGvk().kind();
    if (Files.isRegularFile(fixtureFile)) {
      List<YamlDocument> docs = yaml.readAll(fixtureFile);
      YamlDocument doc = docs.isEmpty() ? null : docs.get(0);
      if (doc == null || !doc.root().isObject()) {
        findings.add(new Finding(
            "fixture.shape",
            Severity.ERROR,
            "fixture.yaml must be a mapping",
            SourceLocation.ofFile(fixtureFile.toString()),
            "fields: description, object, crdSchema, reason",
            null));
        return null;
      }
      NodeReader r = new NodeReader(doc, true);
      r.checkFields(doc.root(), "", FIXTURE_FIELDS, "fixture.yaml");
      r.string(doc.root(), "", "description", false);
      String crdSchema = r.string(doc.root(), "", "crdSchema", false);
      String reason = r.string(doc.root(), "", "reason", false);
      String crdSkip = null;
      if (crdSchema != null && !crdSchema.equals("skip")) {
        findings.add(new Finding(
            "fixture.crd-schema",
            Severity.ERROR,
            "crdSchema must be \"skip\", found \"" + crdSchema + "\"",
            doc.locate("/crdSchema"),
            "leave crdSchema out to validate the object against its CRD",
            null));
        return null;
      }
      if (crdSchema != null) {
        if (reason == null || reason.isBlank()) {
          findings.add(new Finding(
              "fixture.crd-schema",
              Severity.ERROR,
              "crdSchema: skip needs a reason (why this object does not match its CRD)",
              doc.locate("/crdSchema"),
              "add reason: for example \"partial real object: the sample has no spec.predictor\"",
              null));
          return null;
        }
        crdSkip = reason;
      } else if (reason != null) {
        findings.add(new Finding(
            "fixture.crd-schema",
            Severity.ERROR,
            "reason is only used with crdSchema: skip",
            doc.locate("/reason"),
            "add crdSchema: skip, or remove reason",
            null));
        return null;
      }
      JsonNode obj = r.object(doc.root(), "", "object", false);
      if (obj != null) {
        r.checkFields(obj, "/object", OBJECT_FIELDS, "object");
        String shared = r.string(obj, "/object", "shared", false);
        String file = r.string(obj, "/object", "file", false);
        String k = r.string(obj, "/object", "kind", false);
        if (k != null) {
          kind = k;
        }
        String objectName = r.string(obj, "/object", "name", false);
        findings.addAll(r.findings());
        if (!r.findings().isEmpty()) {
          return null;
        }
        if ((shared == null) == (file == null)) {
          findings.add(new Finding(
              "fixture.object",
              Severity.ERROR,
              "object needs exactly one of \"shared\" (a path in ../shared) or \"file\" (a path beside the fixture)",
              doc.locate("/object"),
              "for example object: {shared: data/samples/jobset/resnet.yaml}",
              null));
          return null;
        }
        Path source;
        if (shared != null) {
          Path base = options.sharedDirectory();
          if (base == null || !Files.isDirectory(base)) {
            return new ObjectSource(
                null,
                "shared data not found ("
                    + (base == null
                        ? "no shared directory configured"
                        : base.toAbsolutePath().normalize())
                    + "); this fixture reads " + shared);
          }
          source = base.resolve(shared);
        } else {
          source = dir.resolve(file);
        }
        if (!Files.isRegularFile(source)) {
          findings.add(new Finding(
              "fixture.object",
              Severity.ERROR,
              "object file not found: " + source,
              doc.locate(shared != null ? "/object/shared" : "/object/file"),
              "check the path",
              null));
          return null;
        }
        return new ObjectSource(
            pick(yaml.readAll(source), kind, objectName, source, findings), null, crdSkip);
      }
      findings.addAll(r.findings());
      if (!r.findings().isEmpty()) {
        return null;
      }
      if (Files.isRegularFile(objectFile)) {
        return new ObjectSource(
            pick(yaml.readAll(objectFile), kind, null, objectFile, findings), null, crdSkip);
      }
    } else if (Files.isRegularFile(objectFile)) {
      return new ObjectSource(
          pick(yaml.readAll(objectFile), kind, null, objectFile, findings), null);
    }
    findings.add(new Finding(
        "fixture.object",
        Severity.ERROR,
        "fixture has no object.yaml and no fixture.yaml object",
        SourceLocation.ofFile(dir.toString()),
        "add object.yaml with the workload object",
        null));
    return null;
  }

  private static YamlDocument pick(
      List<YamlDocument> docs, String kind, String name, Path file, List<Finding> findings) {
    List<YamlDocument> nonEmpty = docs.stream().filter(d -> !d.root().isNull()).toList();
    if (name == null
        && nonEmpty.size() == 1
        && (nonEmpty.get(0).kind().isEmpty() || nonEmpty.get(0).kind().equals(kind))) {
      return nonEmpty.get(0);
    }
    List<YamlDocument> matching = nonEmpty.stream()
        .filter(d -> d.kind().equals(kind))
        .filter(d ->
            name == null || name.equals(d.root().path("metadata").path("name").asText(null)))
        .toList();
    if (matching.size() == 1) {
      return matching.get(0);
    }
    String what = "kind " + kind + (name == null ? "" : " named " + name);
    findings.add(new Finding(
        "fixture.object",
        Severity.ERROR,
        matching.isEmpty()
            ? "no document of " + what + " in " + file
            : matching.size() + " documents of " + what + " in " + file
                + "; a fixture resolves one object",
        SourceLocation.ofFile(file.toString()),
        "set object.kind (and object.name) in fixture.yaml to pick one document",
        null));
    return null;
  }

  private static void writeExpected(Path file, ObjectNode actual) {
    YAMLMapper mapper = YAMLMapper.builder()
        .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
        .build();
    try {
      String body = mapper.writeValueAsString(actual);
      Files.writeString(
          file,
          "# Written by workloadmap:verify -Dworkloadmap.updateExpected=true from the actual result.\n"
              + "# Review it, and trim it to what this fixture should pin: keys left out are not compared.\n"
              + body,
          StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new WorkloadMapIOException("cannot write " + file, e);
    }
  }

  private static Finding fromException(String rule, WorkloadMapException e, Path file) {
    SourceLocation loc = e.location().orElse(SourceLocation.ofFile(file.toString()));
    return new Finding(rule, Severity.ERROR, e.getMessage(), loc, "", null);
  }
}
