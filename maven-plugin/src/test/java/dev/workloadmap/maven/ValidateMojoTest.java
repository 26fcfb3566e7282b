package dev.workloadmap.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code workloadmap:validate} line by line, on a copy of the {@code validate-outside-project} invoker folder and on
 * small files: one line per finding, the summary, report files, one failure.
 */
class ValidateMojoTest {

  @TempDir
  Path dir;

  private final RecordingLog log = new RecordingLog();

  private static final String GOOD = """
      apiVersion: run.ai/v1alpha1
      kind: Karta
      metadata: {name: good}
      spec:
        structureDefinition:
          rootComponent:
            name: job
            kind: {group: batch, version: v1, kind: Job}
            statusDefinition:
              statusMappings:
                completed: [{byPhase: Complete}]
      """;

  private ValidateMojo mojo(Path path) {
    ValidateMojo m = new ValidateMojo();
    m.setLog(log);
    m.path = path.toFile();
    m.gpuResourceName = "nvidia.com/gpu";
    m.baseDirectory = dir.toFile();
    m.reportsDirectory = dir.resolve("target/workloadmap-reports").toFile();
    m.crdDirectory = dir.resolve("no-crds").toFile();
    return m;
  }

  private Path defs() {
    return ItProjects.copy("validate-outside-project", "defs", dir.resolve("defs"));
  }

  /** The INFO line of a batch/Job definition: no CRD beside it, and the CRD directory is missing. */
  private String noCrd(Path file) {
    return "[INFO] " + file
        + ": no CRD for batch/Job: static CRD checks skipped [crd.not-found] (looked for crd.yaml"
        + " beside the definition; CRD directory " + dir.resolve("no-crds") + " is absent)";
  }

  @Test
  void folderWithABadDefinitionListsEveryFindingThenFailsOnce() {
    Path defs = defs();
    ValidateMojo m = mojo(defs);
    String bad = defs.resolve("bad.yaml").toString();

    assertThatThrownBy(m::execute)
        .isInstanceOf(MojoFailureException.class)
        .hasMessage(
            "Validated 2 definitions in 2 files: 2 errors, 0 warnings. Fix the findings listed above"
                + " (file:line:column /pointer: message).");
    assertThat(log.lines).hasSize(4);
    assertThat(log.lines.get(0))
        .isEqualTo("[ERROR] " + bad + ":12:9"
            + " /spec/structureDefinition/rootComponent/specDefinition/podTemplateSpecPth: unknown field"
            + " \"podTemplateSpecPth\" in specDefinition; did you mean \"podTemplateSpecPath\"? [model.unknown-field]"
            + " (rename it to \"podTemplateSpecPath\")");
    assertThat(log.lines.get(1))
        .startsWith(
            "[ERROR] " + bad + ":18:64"
                + " /spec/structureDefinition/rootComponent/podSelector/componentTypeSelector/matchLabels: ")
        .contains("[schema.minProperties]");
    assertThat(log.lines.get(2)).isEqualTo(noCrd(defs.resolve("nested/good.yaml")));
    assertThat(log.lines.get(3))
        .isEqualTo("[ERROR] Validated 2 definitions in 2 files: 2 errors, 0 warnings");
  }

  @Test
  void reportsAreWrittenBeforeTheFailureWithFilesRelativeToTheBase() throws Exception {
    ValidateMojo m = mojo(defs());
    m.reports = "sarif, json,junit";

    assertThatThrownBy(m::execute).isInstanceOf(MojoFailureException.class);

    Path reports = dir.resolve("target/workloadmap-reports");
    assertThat(log.lines)
        .contains(
            "[INFO] Wrote " + reports.resolve("workloadmap.sarif"),
            "[INFO] Wrote " + reports.resolve("workloadmap-report.json"),
            "[INFO] Wrote " + reports.resolve("TEST-workloadmap.xml"));
    JsonNode sarif =
        new ObjectMapper().readTree(reports.resolve("workloadmap.sarif").toFile());
    assertThat(sarif
            .at("/runs/0/results/0/locations/0/physicalLocation/artifactLocation/uri")
            .asText())
        .isEqualTo("defs/bad.yaml");
    JsonNode json =
        new ObjectMapper().readTree(reports.resolve("workloadmap-report.json").toFile());
    assertThat(json.at("/summary/errors").asInt()).isEqualTo(2);
    assertThat(json.at("/definitions/1/file").asText()).isEqualTo("defs/nested/good.yaml");
  }

  @Test
  void singleGoodFilePasses() throws Exception {
    Path file = ItProjects.write(dir.resolve("good.yaml"), GOOD);
    mojo(file).execute();
    assertThat(log.lines)
        .containsExactly(
            noCrd(file), "[INFO] Validated 1 definition in 1 file: 0 errors, 0 warnings");
  }

  @Test
  void warningsPassUnlessFailOnWarning() throws Exception {
    String legacy = GOOD.replace(
        "apiVersion: run.ai/v1alpha1\nkind: Karta",
        "apiVersion: optimization.nvidia.com/v1alpha1\nkind: ResourceInterface");
    Path file = ItProjects.write(dir.resolve("legacy.yaml"), legacy);
    mojo(file).execute();
    assertThat(log.lines)
        .last()
        .isEqualTo("[INFO] Validated 1 definition in 1 file: 0 errors, 1 warning");
    assertThat(log.lines)
        .filteredOn(l -> l.startsWith("[WARNING]"))
        .singleElement()
        .asString()
        .startsWith("[WARNING] " + file + ":2:1 /kind: ResourceInterface is deprecated");

    log.lines.clear();
    ValidateMojo strict = mojo(file);
    strict.failOnWarning = true;
    assertThatThrownBy(strict::execute)
        .isInstanceOf(MojoFailureException.class)
        .hasMessage(
            "Validated 1 definition in 1 file: 0 errors, 1 warning. Fix the findings listed above"
                + " (file:line:column /pointer: message), or set workloadmap.failOnWarning=false.");
  }

  @Test
  void aCrdBesideTheDefinitionIsNotADefinitionAndChecksItsPaths() {
    Path crds = dir.resolve("crds");
    ItProjects.write(crds.resolve("job.batch.yaml"), JOB_CRD);
    Path file = ItProjects.write(
        dir.resolve("defs/job/definition.yaml"),
        GOOD.replace(
            "statusDefinition:",
            "scaleDefinition: {replicasPath: .spec.paralelism}\n      statusDefinition:"));
    ItProjects.write(dir.resolve("defs/job/crd.yaml"), JOB_CRD);
    ValidateMojo m = mojo(dir.resolve("defs"));
    m.crdDirectory = crds.toFile();

    assertThatThrownBy(m::execute)
        .isInstanceOf(MojoFailureException.class)
        .hasMessageStartingWith("Validated 1 definition in 1 file: 1 error, 0 warnings.");
    assertThat(log.lines)
        .filteredOn(l -> l.startsWith("[ERROR] " + file))
        .singleElement()
        .asString()
        .contains(
            "no field paralelism in Job v1 spec; did you mean parallelism?", "[crd.unknown-field]");
  }

  /** A cut-down Job "CRD" (batch/v1 Job has none; the lookup does not care), spec.parallelism and status.active. */
  private static final String JOB_CRD = """
      apiVersion: apiextensions.k8s.io/v1
      kind: CustomResourceDefinition
      metadata: {name: jobs.batch}
      spec:
        group: batch
        names: {kind: Job, plural: jobs}
        scope: Namespaced
        versions:
          - name: v1
            served: true
            storage: true
            schema:
              openAPIV3Schema:
                type: object
                properties:
                  spec:
                    type: object
                    properties:
                      parallelism: {type: integer}
                  status:
                    type: object
                    properties:
                      active: {type: integer}
      """;

  @Test
  void unreadableYamlIsOneFindingNotAStackTrace() {
    Path file = ItProjects.write(dir.resolve("broken.yaml"), "a: [1, 2\n");
    assertThatThrownBy(mojo(file)::execute)
        .isInstanceOf(MojoFailureException.class)
        .hasMessageStartingWith("Validated 1 definition in 1 file: 1 error, 0 warnings.");
    assertThat(log.lines.get(0)).startsWith("[ERROR] " + file).endsWith("[yaml.syntax]");
  }

  @Test
  void anEmptyFileIsAnError() {
    // the SDK's rule (DefinitionSetRules), as the CLI's validate: it used to pass with "Validated 0
    // definitions"
    Path file = ItProjects.write(dir.resolve("empty.yaml"), "# to do\n");
    assertThatThrownBy(mojo(file)::execute)
        .isInstanceOf(MojoFailureException.class)
        .hasMessageStartingWith("Validated 1 definition in 1 file: 1 error, 0 warnings.");
    assertThat(log.lines.get(0))
        .isEqualTo("[ERROR] " + file + ": the file holds no definition (it is empty, or only"
            + " comments and empty documents) [file.no-definition] (write a run.ai/v1alpha1 Karta document into it, or"
            + " remove the file)");
  }

  @Test
  void aBinaryFileIsNotTextWithAHint() throws Exception {
    Path file = dir.resolve("logo.png.yaml");
    java.nio.file.Files.write(
        file, new byte[] {(byte) 0x89, 'P', 'N', 'G', (byte) 0xe2, (byte) 0x28, (byte) 0xa1});
    assertThatThrownBy(mojo(file)::execute).isInstanceOf(MojoFailureException.class);
    assertThat(log.lines.get(0))
        .startsWith("[ERROR] " + file + ": not UTF-8 text, so not YAML")
        .endsWith("[yaml.syntax] (give a YAML (or JSON) file saved as UTF-8 text)");
  }

  @Test
  void twoDefinitionsOfOneKindAreAnErrorAtBothPositions() {
    Path a = ItProjects.write(dir.resolve("defs2/a.yaml"), GOOD);
    Path b =
        ItProjects.write(dir.resolve("defs2/b.yaml"), GOOD.replace("name: good", "name: again"));
    assertThatThrownBy(mojo(dir.resolve("defs2"))::execute)
        .isInstanceOf(MojoFailureException.class)
        .hasMessageStartingWith("Validated 2 definitions in 2 files: 1 error, 0 warnings.");
    assertThat(log.lines)
        .filteredOn(l -> l.contains("[definition.duplicate-gvk]"))
        .singleElement()
        .asString()
        .startsWith("[ERROR] " + b
            + ":8:7 /spec/structureDefinition/rootComponent/kind: definition again covers"
            + " batch/v1, Kind=Job, which definition good at " + a
            + ":8:7 already covers [definition.duplicate-gvk]");
  }

  @Test
  void missingDefaultFolderIsNotAnErrorUnlessFailIfEmpty() throws Exception {
    Path defaultFolder = dir.resolve("src/main/workloadmap");
    mojo(defaultFolder).execute();
    assertThat(log.lines)
        .containsExactly("[INFO] No definition files found at " + defaultFolder
            + " (workloadmap.path: a .yaml file or a folder of them)");
    ValidateMojo m = mojo(defaultFolder);
    m.failIfEmpty = true;
    assertThatThrownBy(m::execute).isInstanceOf(MojoFailureException.class);
  }

  @Test
  void aGivenPathThatDoesNotExistFails() {
    assertThatThrownBy(mojo(dir.resolve("nope.yaml"))::execute)
        .isInstanceOf(MojoFailureException.class)
        .hasMessage("workloadmap.path " + dir.resolve("nope.yaml")
            + " does not exist: give a definition file"
            + " (.yaml, .yml, .json) or a folder of them");
  }

  @Test
  void outsideAProjectWithoutAPathSaysWhatToGive() {
    assertThatThrownBy(mojo(Path.of("${project.basedir}/src/main/workloadmap"))::execute)
        .isInstanceOf(MojoFailureException.class)
        .hasMessageContaining("-Dworkloadmap.path=PATH");
  }

  @Test
  void unknownReportFormatFailsBeforeAnyWork() {
    ValidateMojo m = mojo(defs());
    m.reports = "sarif,html";
    assertThatThrownBy(m::execute)
        .isInstanceOf(MojoFailureException.class)
        .hasMessage(
            "workloadmap.reports: unknown report format \"html\"; known formats: json, sarif, junit");
    assertThat(log.lines).isEmpty();
    assertThat(Files.exists(dir.resolve("target/workloadmap-reports"))).isFalse();
  }

  @Test
  void skipLogsAndDoesNothing() throws Exception {
    ValidateMojo m = mojo(defs());
    m.validateSkip = true;
    m.execute();
    assertThat(log.lines)
        .containsExactly("[INFO] Skipping Workload Map validation (workloadmap.skip)");
  }
}
