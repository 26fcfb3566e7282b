package dev.workloadmap.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code validate FILE|-} (docs/format.md#cli-commands): exit 0 valid, 1 invalid, 2 usage or read error. Unit tier. */
class ValidateCommandTest {

  static final Path JOB =
      Path.of("..", "catalog", "src", "main", "workloadmap", "batch-job-v1", "definition.yaml");

  @Test
  void aCatalogDefinitionIsValid() {
    Cli.Result r = Cli.exec("validate", JOB.toString());
    assertThat(r.exitCode()).as(r.toString()).isEqualTo(0);
    assertThat(r.out())
        .startsWith("OK: batch-job-v1 is a valid Karta definition (GVK: batch/v1, Kind=Job)");
  }

  @Test
  void anInvalidDefinitionListsEveryFindingWithItsPositionAndExitsOne(@TempDir Path dir)
      throws Exception {
    Path bad = dir.resolve("bad.yaml");
    Files.writeString(
        bad, Files.readString(JOB).replace("kind: Job", "kind: Job\n        kindd: x"));
    Cli.Result r = Cli.exec("validate", bad.toString());
    assertThat(r.exitCode()).as(r.toString()).isEqualTo(1);
    assertThat(r.out())
        .startsWith("INVALID: batch-job-v1")
        .containsPattern("bad\\.yaml:\\d+:\\d+ ")
        .contains("kindd")
        .containsPattern("\\d+ finding\\(s\\)\n$");
  }

  @Test
  void jsonAndSarifCarryTheSameFindingsAsTheText(@TempDir Path dir) throws Exception {
    Path bad = dir.resolve("bad.yaml");
    Files.writeString(
        bad, Files.readString(JOB).replace("kind: Job", "kind: Job\n        kindd: x"));
    Cli.Result text = Cli.exec("validate", bad.toString());
    Cli.Result json = Cli.exec("validate", bad.toString(), "-o", "json");
    assertThat(json.exitCode()).as(json.toString()).isEqualTo(1);
    JsonNode report = new ObjectMapper().readTree(json.out());
    assertThat(report.path("tool").asText()).isEqualTo("workloadmap");
    assertThat(report.path("summary").path("definitions").asInt()).isEqualTo(1);
    assertThat(report.path("summary").path("failed").asInt()).isEqualTo(1);
    JsonNode def = report.path("definitions").get(0);
    assertThat(def.path("name").asText()).isEqualTo("batch-job-v1");
    assertThat(def.path("failed").asBoolean()).isTrue();
    // one JSON finding per text finding, at the same line and column
    int findings = def.path("findings").size();
    assertThat(text.out()).contains(findings + " finding(s)");
    for (JsonNode f : def.path("findings")) {
      assertThat(text.out())
          .contains(
              f.path("file").asText().isEmpty()
                  ? ""
                  : "bad.yaml:" + f.path("line").asInt() + ":"
                      + f.path("column").asInt());
    }
    assertThat(def.path("findings").toString()).contains("kindd");

    Cli.Result sarif = Cli.exec("validate", bad.toString(), "-o", "sarif");
    assertThat(sarif.exitCode()).isEqualTo(1);
    JsonNode log = new ObjectMapper().readTree(sarif.out());
    assertThat(log.path("version").asText()).isEqualTo("2.1.0");
    assertThat(log.path("runs").get(0).path("results").size()).isEqualTo(findings);

    Cli.Result ok = Cli.exec("validate", JOB.toString(), "-o", "json");
    assertThat(ok.exitCode()).as(ok.toString()).isZero();
    assertThat(
            new ObjectMapper().readTree(ok.out()).path("summary").path("failed").asInt())
        .isZero();

    // a read error is JSON too with -o json; --analyze stays text
    Cli.Result missing = Cli.exec("validate", "no-such.yaml", "-o", "json");
    assertThat(missing.exitCode()).isEqualTo(2);
    assertThat(new ObjectMapper().readTree(missing.out()).path("error").asText())
        .isEqualTo("read_error");
    Cli.Result analyze = Cli.exec("validate", JOB.toString(), "-o", "sarif", "--analyze");
    assertThat(analyze.exitCode()).isEqualTo(2);
    assertThat(analyze.err()).contains("--analyze prints its own report, in text only");
    Cli.Result wrong = Cli.exec("validate", JOB.toString(), "-o", "yaml");
    assertThat(wrong.exitCode()).isEqualTo(2);
    assertThat(wrong.err()).contains("--output \"yaml\" must be one of text, json, sarif");
  }

  @Test
  void aYamlSyntaxErrorIsInvalid(@TempDir Path dir) throws Exception {
    Path bad = dir.resolve("broken.yaml");
    Files.writeString(bad, "apiVersion: run.ai/v1alpha1\nkind: Karta\nmetadata: {name: x\n");
    Cli.Result r = Cli.exec("validate", bad.toString());
    assertThat(r.exitCode()).as(r.toString()).isEqualTo(1);
    assertThat(r.out()).startsWith("INVALID: ").contains("broken.yaml:").endsWith("1 finding(s)\n");
  }

  @Test
  void readAndUsageErrorsExitTwo() {
    Cli.Result missing = Cli.exec("validate", "no-such-definition.yaml");
    assertThat(missing.exitCode()).isEqualTo(2);
    assertThat(missing.err()).contains("cannot read no-such-definition.yaml");
    Cli.Result noArg = Cli.exec("validate");
    assertThat(noArg.exitCode()).isEqualTo(2);
    assertThat(noArg.err()).contains("FILE");
    // an empty text is read fine and defines nothing: invalid (1) with the SDK's file.no-definition
    // finding
    Cli.Result empty = new Cli().stdin("").run("validate", "-");
    assertThat(empty.exitCode()).as(empty.toString()).isEqualTo(1);
    assertThat(empty.out()).startsWith("INVALID: <stdin>").contains("[file.no-definition]");
  }

  @Test
  void readsStandardInput() throws Exception {
    Cli.Result r = new Cli().stdin(Files.readString(JOB)).run("validate", "-");
    assertThat(r.exitCode()).as(r.toString()).isZero();
    assertThat(r.out()).startsWith("OK: batch-job-v1");
  }

  // ---- the target CRD (--crd) and folders, like workloadmap:validate

  static final Path WIDGET_CRD =
      Path.of("..", "sdk", "src", "test", "resources", "crd", "widget.yaml");

  /** A Widget definition (the CRD of WIDGET_CRD) whose root replica count is read at {@code replicasPath} (line 13). */
  static String widget(String replicasPath) {
    return """
        apiVersion: run.ai/v1alpha1
        kind: Karta
        metadata:
          name: widget
        spec:
          structureDefinition:
            rootComponent:
              name: widget
              kind: {group: example.com, version: v1, kind: Widget}
              specDefinition:
                podTemplateSpecPath: .spec.groups[0].template
              scaleDefinition:
                replicasPath: %s
              statusDefinition:
                conditionsDefinition: {path: .status.conditions}
                statusMappings:
                  running:
                    - byConditions: [{type: Ready, status: "True"}]
        """.formatted(replicasPath);
  }

  @Test
  void withoutACrdTheCrdChecksAreSaidToBeSkipped(@TempDir Path dir) throws Exception {
    Path def = dir.resolve("widget.yaml");
    Files.writeString(def, widget(".spec.replicsa"));
    Cli.Result r = Cli.exec("validate", def.toString());
    assertThat(r.exitCode()).as(r.toString()).isZero();
    assertThat(r.out())
        .startsWith("OK: widget is a valid Karta definition")
        .contains("info: " + def
            + ": no CRD for example.com/Widget: static CRD checks skipped [crd.not-found]")
        .contains("--crd");
  }

  @Test
  void crdFileChecksThePathsAgainstItsSchema(@TempDir Path dir) throws Exception {
    Path def = dir.resolve("widget.yaml");
    Files.writeString(def, widget(".spec.replicsa"));
    Cli.Result bad = Cli.exec("validate", def.toString(), "--crd", WIDGET_CRD.toString());
    assertThat(bad.exitCode()).as(bad.toString()).isEqualTo(1);
    assertThat(bad.out())
        .startsWith("INVALID: widget")
        .containsPattern(
            "error: .*widget\\.yaml:13:\\d+ /spec/structureDefinition/rootComponent/scaleDefinition/"
                + "replicasPath: .*no field replicsa in Widget v1 spec; did you mean replicas\\? \\[crd.unknown-field\\]")
        .doesNotContain("static CRD checks skipped");
    Files.writeString(def, widget(".spec.replicas"));
    Cli.Result good = Cli.exec("validate", def.toString(), "--crd", WIDGET_CRD.toString());
    assertThat(good.exitCode()).as(good.toString()).isZero();
    assertThat(good.out())
        .isEqualTo("OK: widget is a valid Karta definition (GVK: example.com/v1, Kind=Widget)\n");
  }

  @Test
  void aFolderIsReadLikeTheMavenGoalWithCrdYamlBesideTheDefinition(@TempDir Path dir)
      throws Exception {
    Path one = Files.createDirectories(dir.resolve("widget"));
    Files.writeString(one.resolve("definition.yaml"), widget(".spec.replicsa"));
    Files.copy(WIDGET_CRD, one.resolve("crd.yaml")); // the definition's CRD, not a definition
    Path fixtures = Files.createDirectories(one.resolve("fixtures/sample"));
    Files.writeString(
        fixtures.resolve("object.yaml"), "kind: Widget\n"); // fixtures are not definitions
    Files.copy(JOB, Files.createDirectories(dir.resolve("job")).resolve("definition.yaml"));
    Cli.Result r = Cli.exec("validate", dir.toString());
    assertThat(r.exitCode()).as(r.toString()).isEqualTo(1);
    assertThat(r.out())
        .contains("INVALID: widget")
        .contains("no field replicsa in Widget v1 spec")
        .contains("OK: batch-job-v1")
        .contains("no CRD for batch/Job: static CRD checks skipped")
        .endsWith("Validated 2 definitions in 2 files: 1 error, 0 warnings\n");
    Cli.Result crdDir =
        Cli.exec("validate", dir.resolve("job").toString(), "--crd", dir.toString());
    assertThat(crdDir.exitCode()).as(crdDir.toString()).isZero();
  }

  @Test
  void everyErrorLineCarriesItsHint(@TempDir Path dir) throws Exception {
    for (String[] args : new String[][] {
      {"validate", "no-such-definition.yaml"},
      {"validate", JOB.toString(), "--crd", "no-such-crd.yaml"},
      {"validate", dir.toString()},
      {"describe", "-f", "no-such-object.yaml"}
    }) {
      Cli.Result r = Cli.exec(args);
      assertThat(r.exitCode()).as(r.toString()).isEqualTo(2);
      java.util.List<String> lines = r.err().lines().toList();
      int error = lines.indexOf(
          lines.stream().filter(l -> l.startsWith("error: ")).findFirst().orElseThrow());
      assertThat(lines.get(error + 1)).as(r.toString()).startsWith("hint: ").hasSizeGreaterThan(10);
    }
    Path broken = dir.resolve("broken.yaml");
    Files.writeString(broken, "apiVersion: run.ai/v1alpha1\nkind: Karta\nmetadata: {name: x\n");
    Cli.Result yaml = Cli.exec("validate", broken.toString());
    assertThat(yaml.out())
        .containsPattern("error: .*broken\\.yaml:\\d+:\\d+:? .*\\[yaml.syntax\\] \\(fix the YAML");
  }
}
