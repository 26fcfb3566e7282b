package dev.workloadmap.sdk.internal.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.sdk.report.Reports;
import dev.workloadmap.sdk.validation.Finding;
import dev.workloadmap.sdk.verify.DefinitionResult;
import dev.workloadmap.sdk.verify.FixtureResult;
import dev.workloadmap.sdk.verify.VerifyReport;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * SARIF 2.1.0 (OASIS), the format GitHub code scanning reads to show findings inline on pull requests.
 *
 * <p>One run; {@code tool.driver.name} is {@code workloadmap} and {@code tool.driver.rules} lists every rule id that
 * occurs (sorted), each result pointing at its rule by {@code ruleId} and {@code ruleIndex}. Levels: error → {@code
 * error}, warning → {@code warning}, info → {@code note}. The message is the finding's message followed by its hint.
 * A location is {@code physicalLocation.artifactLocation.uri} relative to the base directory (with {@code uriBaseId
 * %SRCROOT%}, declared in {@code originalUriBaseIds}) and, when the finding has a position, {@code region.startLine}
 * and {@code region.startColumn} (1-based). A failed fixture without findings of its own becomes one result of rule
 * {@code verify.fixture} at the fixture's directory.
 */
public final class SarifReport {

  /** The SARIF version written. */
  public static final String VERSION = "2.1.0";
  /** The schema URI written into {@code $schema}. */
  public static final String SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";
  /** The base id that relative artifact URIs are resolved against. */
  public static final String SRCROOT = "%SRCROOT%";
  /** The rule of a failed fixture that has no findings of its own. */
  public static final String FIXTURE_RULE = "verify.fixture";

  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private SarifReport() {}

  private record Result(
      String ruleId, String level, String text, String file, int line, int column) {}

  /** The SARIF log as a JSON tree. */
  public static ObjectNode toSarif(VerifyReport report, Path baseDir) {
    List<Result> results = new ArrayList<>();
    for (DefinitionResult d : report.definitions()) {
      d.report().findings().forEach(f -> results.add(result(f, baseDir)));
      for (FixtureResult fx : d.fixtures()) {
        fx.findings().forEach(f -> results.add(result(f, baseDir)));
        if (fx.outcome() == FixtureResult.Outcome.FAILED && fx.findings().isEmpty()) {
          String where = fx.directory() != null
              ? fx.directory().toString()
              : d.file() != null ? d.file().toString() : "";
          results.add(new Result(
              FIXTURE_RULE,
              "error",
              "fixture " + fx.name() + " of " + d.name() + " failed: "
                  + (fx.reason() == null ? "" : fx.reason()),
              Reports.relative(where, baseDir),
              0,
              0));
        }
      }
    }
    Map<String, Integer> ruleIndex = new TreeMap<>();
    results.forEach(r -> ruleIndex.put(r.ruleId(), 0));
    int i = 0;
    for (Map.Entry<String, Integer> e : ruleIndex.entrySet()) {
      e.setValue(i++);
    }

    ObjectNode log = NODES.objectNode();
    log.put("$schema", SCHEMA);
    log.put("version", VERSION);
    ObjectNode run = log.putArray("runs").addObject();
    ObjectNode driver = run.putObject("tool").putObject("driver");
    driver.put("name", "workloadmap");
    driver.put("informationUri", "https://workloadmap.dev");
    ArrayNode rules = driver.putArray("rules");
    for (String id : ruleIndex.keySet()) {
      ObjectNode rule = rules.addObject();
      rule.put("id", id);
      rule.putObject("shortDescription").put("text", id);
    }
    run.putObject("originalUriBaseIds")
        .putObject(SRCROOT)
        .put("uri", baseDir.toAbsolutePath().normalize().toUri().toString());
    ArrayNode out = run.putArray("results");
    for (Result r : results) {
      ObjectNode o = out.addObject();
      o.put("ruleId", r.ruleId());
      o.put("ruleIndex", ruleIndex.get(r.ruleId()));
      o.put("level", r.level());
      o.putObject("message").put("text", r.text());
      if (r.file().isEmpty()) {
        continue; // SARIF allows a result without a location (a finding that names no file)
      }
      ObjectNode physical = o.putArray("locations").addObject().putObject("physicalLocation");
      ObjectNode artifact = physical.putObject("artifactLocation");
      if (Reports.underBase(r.file())) {
        artifact.put("uri", Reports.uriReference(r.file()));
        artifact.put("uriBaseId", SRCROOT);
      } else {
        artifact.put("uri", Path.of(r.file()).toUri().toString());
      }
      if (r.line() > 0) {
        ObjectNode region = physical.putObject("region");
        region.put("startLine", r.line());
        if (r.column() > 0) {
          region.put("startColumn", r.column());
        }
      }
    }
    return log;
  }

  /** {@link #toSarif} as indented text with a final newline. */
  public static String toText(VerifyReport report, Path baseDir) {
    try {
      return MAPPER.writeValueAsString(toSarif(report, baseDir)) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a JSON tree always serialises", e);
    }
  }

  private static Result result(Finding f, Path baseDir) {
    String level = switch (f.severity()) {
      case ERROR -> "error";
      case WARNING -> "warning";
      case INFO -> "note";
    };
    return new Result(
        f.ruleId(),
        level,
        Reports.messageWithHint(f),
        Reports.relative(f.location().file(), baseDir),
        f.location().line(),
        f.location().column());
  }
}
