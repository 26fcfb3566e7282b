package dev.workloadmap.sdk.internal.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.sdk.report.Reports;
import dev.workloadmap.sdk.validation.Finding;
import dev.workloadmap.sdk.validation.Severity;
import dev.workloadmap.sdk.validation.ValidationReport;
import dev.workloadmap.sdk.verify.DefinitionResult;
import dev.workloadmap.sdk.verify.FixtureResult;
import dev.workloadmap.sdk.verify.VerifyReport;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The JSON report. Its shape is stable (new fields may be added; none is renamed or removed within {@code
 * formatVersion} 1):
 *
 * <pre>{@code
 * {"tool": "workloadmap", "formatVersion": 1,
 *  "summary": {"definitions": 1, "fixtures": 2, "failed": 1, "errors": 1, "warnings": 0, "infos": 0},
 *  "definitions": [{"file": "src/main/workloadmap/x.yaml", "name": "x", "failed": true,
 *                   "findings": [FINDING...],
 *                   "fixtures": [{"name": "f1", "directory": "...", "outcome": "failed", "reason": "...",
 *                                 "findings": [FINDING...]}]}]}
 * FINDING = {"ruleId": "schema.minItems", "severity": "error", "message": "...", "hint": "...",
 *            "file": "src/main/workloadmap/x.yaml", "line": 12, "column": 7, "pointer": "/spec/...",
 *            "expression": "..." (only for jq findings)}
 * }</pre>
 *
 * <p>{@code line} and {@code column} are 1-based; both are 0 when the finding has no position. Severities and
 * outcomes are lower case. Files are relative to the base directory ({@link Reports#relative}).
 */
public final class JsonReport {

  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private JsonReport() {}

  /** The report as a JSON tree. */
  public static ObjectNode toJson(VerifyReport report, Path baseDir) {
    ObjectNode root = NODES.objectNode();
    root.put("tool", "workloadmap");
    root.put("formatVersion", 1);
    ObjectNode summary = root.putObject("summary");
    summary.put("definitions", report.definitions().size());
    summary.put("fixtures", report.fixtureCount());
    summary.put("failed", report.failedCount());
    int[] counts = new int[Severity.values().length];
    ArrayNode defs = root.putArray("definitions");
    for (DefinitionResult d : report.definitions()) {
      ObjectNode def = defs.addObject();
      def.put("file", d.file() == null ? "" : Reports.relative(d.file().toString(), baseDir));
      def.put("name", d.name());
      def.put("failed", d.failed());
      def.set("findings", findings(d.report().findings(), baseDir, counts));
      ArrayNode fixtures = def.putArray("fixtures");
      for (FixtureResult f : d.fixtures()) {
        ObjectNode fx = fixtures.addObject();
        fx.put("name", f.name());
        fx.put(
            "directory",
            f.directory() == null ? "" : Reports.relative(f.directory().toString(), baseDir));
        fx.put("outcome", f.outcome().name().toLowerCase(Locale.ROOT));
        fx.put("reason", f.reason() == null ? "" : f.reason());
        fx.set("findings", findings(f.findings(), baseDir, counts));
      }
    }
    summary.put("errors", counts[Severity.ERROR.ordinal()]);
    summary.put("warnings", counts[Severity.WARNING.ordinal()]);
    summary.put("infos", counts[Severity.INFO.ordinal()]);
    return root;
  }

  /** The findings of one validation report as a JSON array of FINDING objects. */
  public static ArrayNode toJson(ValidationReport report, Path baseDir) {
    return findings(report.findings(), baseDir, new int[Severity.values().length]);
  }

  /** {@link #toJson(VerifyReport, Path)} as indented text with a final newline. */
  public static String toText(VerifyReport report, Path baseDir) {
    try {
      return MAPPER.writeValueAsString(toJson(report, baseDir)) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a JSON tree always serialises", e);
    }
  }

  private static ArrayNode findings(List<Finding> findings, Path baseDir, int[] counts) {
    ArrayNode out = NODES.arrayNode();
    for (Finding f : findings) {
      counts[f.severity().ordinal()]++;
      ObjectNode o = out.addObject();
      o.put("ruleId", f.ruleId());
      o.put("severity", f.severity().name().toLowerCase(Locale.ROOT));
      o.put("message", f.message());
      o.put("hint", f.hint());
      o.put("file", Reports.relative(f.location().file(), baseDir));
      o.put("line", f.location().line());
      o.put("column", f.location().column());
      o.put("pointer", f.location().pointer());
      if (f.expression() != null) {
        o.put("expression", f.expression());
      }
    }
    return out;
  }
}
