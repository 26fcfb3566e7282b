package dev.workloadmap.sdk.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.internal.report.JUnitReport;
import dev.workloadmap.sdk.internal.report.JsonReport;
import dev.workloadmap.sdk.internal.report.SarifReport;
import dev.workloadmap.sdk.validation.Finding;
import dev.workloadmap.sdk.validation.Severity;
import dev.workloadmap.sdk.validation.ValidationReport;
import dev.workloadmap.sdk.verify.DefinitionResult;
import dev.workloadmap.sdk.verify.FixtureResult;
import dev.workloadmap.sdk.verify.FixtureResult.Outcome;
import dev.workloadmap.sdk.verify.VerifyReport;
import dev.workloadmap.sdk.yaml.SourceLocation;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

class ReportsTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path base;

  private Path def() {
    return base.resolve("src/main/workloadmap/my job.yaml");
  }

  private Finding error(int line, int column) {
    return new Finding(
        "schema.minItems",
        Severity.ERROR,
        "\"suspendActions\" must have at least 1 entry",
        new SourceLocation(def().toString(), line, column, "/spec/x"),
        "add at least one entry",
        null);
  }

  private Finding warning() {
    return new Finding(
        "model.legacy-form",
        Severity.WARNING,
        "ResourceInterface is deprecated <&>",
        new SourceLocation(def().toString(), 2, 7, "/kind"),
        "",
        null);
  }

  private Finding info() {
    return new Finding(
        "lint.info", Severity.INFO, "note", SourceLocation.ofFile(def().toString()), "", ".a | b");
  }

  private VerifyReport report() {
    DefinitionResult bad = new DefinitionResult(
        def(),
        "my-job",
        ValidationReport.of(List.of(error(12, 7), warning(), info())),
        List.of(
            new FixtureResult(
                "ok",
                base.resolve("src/test/workloadmap/my-job/ok"),
                Outcome.PASSED,
                "",
                null,
                "",
                List.of()),
            new FixtureResult(
                "broken",
                base.resolve("src/test/workloadmap/my-job/broken"),
                Outcome.FAILED,
                "tree differs",
                null,
                "",
                List.of()),
            new FixtureResult(
                "later",
                base.resolve("src/test/workloadmap/my-job/later"),
                Outcome.SKIPPED,
                "no object yet",
                null,
                "",
                List.of())));
    DefinitionResult clean =
        Reports.validated(base.resolve("b.yaml"), "b", ValidationReport.empty());
    return new VerifyReport(List.of(bad, clean));
  }

  @Test
  void jsonHasTheStableShapeWithRelativeFilesAndCounts() throws Exception {
    JsonNode json = JSON.readTree(JsonReport.toText(report(), base));
    assertThat(json.path("tool").asText()).isEqualTo("workloadmap");
    assertThat(json.path("formatVersion").asInt()).isEqualTo(1);
    assertThat(json.path("summary").toString())
        .isEqualTo(
            "{\"definitions\":2,\"fixtures\":3,\"failed\":2,\"errors\":1,\"warnings\":1,\"infos\":1}");
    JsonNode d = json.at("/definitions/0");
    assertThat(d.path("file").asText()).isEqualTo("src/main/workloadmap/my job.yaml");
    assertThat(d.path("failed").asBoolean()).isTrue();
    assertThat(d.at("/findings/2").toString())
        .isEqualTo(
            "{\"ruleId\":\"schema.minItems\",\"severity\":\"error\","
                + "\"message\":\"\\\"suspendActions\\\" must have at least 1 entry\",\"hint\":\"add at least one entry\","
                + "\"file\":\"src/main/workloadmap/my job.yaml\",\"line\":12,\"column\":7,\"pointer\":\"/spec/x\"}");
    assertThat(d.at("/findings/0/expression").asText()).isEqualTo(".a | b");
    assertThat(d.at("/fixtures/1/outcome").asText()).isEqualTo("failed");
    assertThat(d.at("/fixtures/1/reason").asText()).isEqualTo("tree differs");
    assertThat(d.at("/fixtures/1/directory").asText())
        .isEqualTo("src/test/workloadmap/my-job/broken");
    assertThat(json.at("/definitions/1/failed").asBoolean()).isFalse();
  }

  @Test
  void sarifIsValidAgainstTheRequiredStructureOfSarif210() throws Exception {
    JsonNode sarif = JSON.readTree(SarifReport.toText(report(), base));
    Schema schema;
    try (InputStream in =
        getClass().getResourceAsStream("/report/sarif-2.1.0-subset.schema.json")) {
      schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
          .getSchema(JSON.readTree(in));
    }
    assertThat(schema.validate(sarif)).isEmpty();
    // and the checker itself rejects a log that misses a required property
    JsonNode broken = sarif.deepCopy();
    ((com.fasterxml.jackson.databind.node.ObjectNode) broken.at("/runs/0/tool/driver"))
        .remove("name");
    assertThat(schema.validate(broken)).isNotEmpty();
  }

  @Test
  void sarifResultsCarryLevelRuleMessageAndRelativeRegion() throws Exception {
    JsonNode sarif = JSON.readTree(SarifReport.toText(report(), base));
    JsonNode run = sarif.at("/runs/0");
    assertThat(run.at("/tool/driver/name").asText()).isEqualTo("workloadmap");
    assertThat(run.at("/tool/driver/rules").findValuesAsText("id"))
        .containsExactly("lint.info", "model.legacy-form", "schema.minItems", "verify.fixture");
    JsonNode first = run.at("/results/2");
    assertThat(first.path("ruleId").asText()).isEqualTo("schema.minItems");
    assertThat(first.path("ruleIndex").asInt()).isEqualTo(2);
    assertThat(first.path("level").asText()).isEqualTo("error");
    assertThat(first.at("/message/text").asText())
        .isEqualTo("\"suspendActions\" must have at least 1 entry (add at least one entry)");
    JsonNode physical = first.at("/locations/0/physicalLocation");
    assertThat(physical.at("/artifactLocation/uri").asText())
        .isEqualTo("src/main/workloadmap/my%20job.yaml");
    assertThat(physical.at("/artifactLocation/uriBaseId").asText()).isEqualTo("%SRCROOT%");
    assertThat(physical.at("/region/startLine").asInt()).isEqualTo(12);
    assertThat(physical.at("/region/startColumn").asInt()).isEqualTo(7);
    assertThat(run.at("/results/1/level").asText()).isEqualTo("warning");
    assertThat(run.at("/results/0/level").asText()).isEqualTo("note");
    assertThat(run.at("/results/0/locations/0/physicalLocation").has("region"))
        .as("no position, no region")
        .isFalse();
    assertThat(run.at("/results/3/ruleId").asText()).isEqualTo("verify.fixture");
    assertThat(run.at("/results/3/message/text").asText())
        .isEqualTo("fixture broken of my-job failed: tree differs");
    assertThat(run.at("/results")).hasSize(4);
    assertThat(run.at("/originalUriBaseIds/%SRCROOT%/uri").asText())
        .startsWith("file:/")
        .endsWith("/");
  }

  @Test
  void junitHasOneSuitePerDefinitionAndOneCasePerFixturePlusValidation() throws Exception {
    Document xml = parse(JUnitReport.toXml(report(), base, false));
    Element root = xml.getDocumentElement();
    assertThat(root.getTagName()).isEqualTo("testsuites");
    assertThat(root.getAttribute("tests")).isEqualTo("5");
    assertThat(root.getAttribute("failures")).isEqualTo("2");
    assertThat(root.getAttribute("skipped")).isEqualTo("1");
    NodeList suites = root.getElementsByTagName("testsuite");
    assertThat(suites.getLength()).isEqualTo(2);
    Element suite = (Element) suites.item(0);
    assertThat(suite.getAttribute("name")).isEqualTo("my-job");
    assertThat(suite.getAttribute("file")).isEqualTo("src/main/workloadmap/my job.yaml");
    NodeList cases = suite.getElementsByTagName("testcase");
    assertThat(cases.getLength()).isEqualTo(4);
    Element validation = (Element) cases.item(0);
    assertThat(validation.getAttribute("name")).isEqualTo("validation");
    Element failure = (Element) validation.getElementsByTagName("failure").item(0);
    assertThat(failure.getAttribute("message")).isEqualTo("1 error(s), 1 warning(s)");
    // in report order: findings without a position first, then by line and column
    // (docs/format.md#validation-layers)
    assertThat(failure.getTextContent())
        .isEqualTo(String.join(
            "\n",
            "INFO src/main/workloadmap/my job.yaml: note [lint.info]",
            "WARNING src/main/workloadmap/my job.yaml:2:7 /kind: ResourceInterface is deprecated <&> [model.legacy-form]",
            "ERROR src/main/workloadmap/my job.yaml:12:7 /spec/x: \"suspendActions\" must have at least 1 entry"
                + " [schema.minItems] (add at least one entry)"));
    assertThat(((Element) cases.item(1)).getAttribute("name")).isEqualTo("fixture ok");
    assertThat(((Element) cases.item(1)).getElementsByTagName("failure").getLength())
        .isZero();
    Element broken =
        (Element) ((Element) cases.item(2)).getElementsByTagName("failure").item(0);
    assertThat(broken.getAttribute("message")).isEqualTo("tree differs");
    assertThat(
            ((Element) ((Element) cases.item(3)).getElementsByTagName("skipped").item(0))
                .getAttribute("message"))
        .isEqualTo("no object yet");
    Element clean = (Element) suites.item(1);
    assertThat(clean.getAttribute("failures")).isEqualTo("0");
    assertThat(clean.getElementsByTagName("failure").getLength()).isZero();
  }

  @Test
  void junitFailOnWarningFailsADefinitionWithOnlyWarnings() throws Exception {
    VerifyReport warnOnly = new VerifyReport(
        List.of(Reports.validated(def(), "w", ValidationReport.of(List.of(warning())))));
    assertThat(parse(JUnitReport.toXml(warnOnly, base, false))
            .getElementsByTagName("failure")
            .getLength())
        .isZero();
    assertThat(parse(JUnitReport.toXml(warnOnly, base, true))
            .getElementsByTagName("failure")
            .getLength())
        .isOne();
  }

  @Test
  void writeCreatesTheDirectoryAndOneFilePerFormat() throws Exception {
    Path dir = base.resolve("target/workloadmap-reports");
    List<Path> files = Reports.write(report(), EnumSet.allOf(ReportFormat.class), dir, base, false);
    assertThat(files)
        .extracting(p -> p.getFileName().toString())
        .containsExactly("workloadmap-report.json", "workloadmap.sarif", "TEST-workloadmap.xml");
    assertThat(files).allSatisfy(p -> assertThat(Files.size(p)).isPositive());
  }

  @Test
  void formatListParsesCaseInsensitivelyAndNamesTheKnownFormatsOnError() {
    assertThat(ReportFormat.parseList(" SARIF, junit,,json "))
        .containsExactly(ReportFormat.JSON, ReportFormat.SARIF, ReportFormat.JUNIT);
    assertThat(ReportFormat.parseList("")).isEmpty();
    assertThatThrownBy(() -> ReportFormat.parseList("sarif,html"))
        .isInstanceOf(dev.workloadmap.sdk.WorkloadMapException.class)
        .hasMessage("unknown report format \"html\"; known formats: json, sarif, junit");
  }

  @Test
  void endToEndSchemaFindingOfARealFileLandsInSarifWithItsLineAndColumn() throws Exception {
    Path file = base.resolve("defs/bad.yaml");
    Files.createDirectories(file.getParent());
    Files.writeString(file, """
        apiVersion: run.ai/v1alpha1
        kind: Karta
        metadata:
          name: bad
          nmae: typo
        spec:
          structureDefinition:
            rootComponent:
              name: job
              kind: {group: batch, version: v1, kind: Job}
              statusDefinition:
                statusMappings: {}
        """);
    WorkloadMap.Loaded loaded = WorkloadMap.create().read(file).get(0);
    VerifyReport r =
        Reports.forValidation(List.of(Reports.validated(file, "bad", loaded.report())));
    JsonNode result = SarifReport.toSarif(r, base).at("/runs/0/results/0");
    assertThat(result.path("ruleId").asText()).isEqualTo("model.unknown-field");
    assertThat(result.at("/locations/0/physicalLocation/artifactLocation/uri").asText())
        .isEqualTo("defs/bad.yaml");
    assertThat(result.at("/locations/0/physicalLocation/region/startLine").asInt())
        .isEqualTo(5);
    assertThat(result.at("/locations/0/physicalLocation/region/startColumn").asInt())
        .isEqualTo(3);
  }

  @Test
  void fileOutsideTheBaseStaysAbsoluteAsAFileUri() throws Exception {
    Path elsewhere = base.getParent().resolve("elsewhere.yaml").toAbsolutePath();
    Finding f = new Finding(
        "x.y", Severity.ERROR, "m", new SourceLocation(elsewhere.toString(), 1, 1, ""), "", null);
    VerifyReport r = new VerifyReport(
        List.of(Reports.validated(elsewhere, "e", ValidationReport.of(List.of(f)))));
    JsonNode artifact = SarifReport.toSarif(r, base)
        .at("/runs/0/results/0/locations/0/physicalLocation/" + "artifactLocation");
    assertThat(artifact.path("uri").asText()).isEqualTo(elsewhere.toUri().toString());
    assertThat(artifact.has("uriBaseId")).isFalse();
  }

  private static Document parse(String xml) throws Exception {
    return DocumentBuilderFactory.newInstance()
        .newDocumentBuilder()
        .parse(new InputSource(new StringReader(xml)));
  }
}
