package dev.workloadmap.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The output of {@code workloadmap:verify} line by line, on copies of the invoker projects in {@code src/it}: each
 * fixture's outcome and tree, one line per finding, the summary last, and one failure with a remediation line. The
 * invoker scenarios prove the same inside a real Maven build.
 */
class VerifyMojoTest {

  @TempDir
  Path dir;

  private final RecordingLog log = new RecordingLog();

  private VerifyMojo mojo(Path definitions, Map<String, String> environment) {
    VerifyMojo m = new VerifyMojo();
    m.setLog(log);
    m.definitionsDirectory = definitions.toFile();
    m.sharedDirectory = dir.resolve("no-shared").toFile();
    m.crdDirectory = dir.resolve("no-crds").toFile();
    m.gpuResourceName = "nvidia.com/gpu";
    m.printTrees = true;
    m.environment = environment::get;
    // the authoring checks (coverage, round trip, HTML) have their own test below; these pin the
    // fixture output
    m.authoringSkip = true;
    m.reportsDirectory = dir.resolve("reports").toFile();
    return m;
  }

  private VerifyMojo mojo(String scenario) {
    return mojo(
        ItProjects.copy(scenario, "src/main/workloadmap", dir.resolve("workloadmap")), Map.of());
  }

  private String root() {
    return dir.resolve("workloadmap").toString();
  }

  /** The INFO line of the trainer definition, whose CRD is nowhere (crdDirectory points to a missing folder). */
  private String noCrd() {
    return "[INFO] " + root()
        + "/trainer/definition.yaml: no CRD for example.com/Trainer: static CRD checks skipped"
        + " [crd.not-found] (looked for crd.yaml beside the definition; CRD directory "
        + dir.resolve("no-crds")
        + " is absent)";
  }

  @Test
  void passingProjectPrintsEachFixtureTreeAndEndsWithTheSummary() throws Exception {
    mojo("verify-passes").execute();

    assertThat(log.lines)
        .startsWith(
            "[INFO] Verifying 1 Workload Map definition(s) in " + root(),
            "[INFO] [PASSED] trainer/demo",
            "[INFO]   Trainer/demo   namespace: ml   definition: trainer   (file mode: no live status)",
            "[INFO] ",
            "[INFO]   trainer",
            "[INFO]   ├── leader  replicas: 1  gpu: 2",
            "[INFO]   └── worker  replicas: 3  gpu: 6",
            "[INFO]   Phase: Running");
    assertThat(log.lines)
        .endsWith(
            "[INFO]   TOTAL      4         8    0    0",
            noCrd(),
            "[INFO] 1 definition, 1 fixture, 0 failed");
    assertThat(log.lines)
        .allSatisfy(l -> assertThat(l).doesNotEndWith("  ").doesNotStartWith("[ERROR]"));
  }

  @Test
  void printTreesFalseKeepsOnlyTheOutcomeLines() throws Exception {
    VerifyMojo m = mojo("verify-passes");
    m.printTrees = false;

    m.execute();

    assertThat(log.lines)
        .containsExactly(
            "[INFO] Verifying 1 Workload Map definition(s) in " + root(),
            "[INFO] [PASSED] trainer/demo",
            noCrd(),
            "[INFO] 1 definition, 1 fixture, 0 failed");
  }

  @Test
  void mismatchIsOneFindingLineThenTheBuildFailsOnce() {
    VerifyMojo m = mojo("verify-fixture-mismatch");
    m.printTrees = false;

    assertThatThrownBy(m::execute)
        .isInstanceOf(MojoFailureException.class)
        .hasMessage(
            "1 definition, 2 fixtures, 1 failed. Fix the findings listed above (file:line:column /pointer:"
                + " message); run with -Dworkloadmap.updateExpected=true locally if a changed result is intended.");

    // 12:11 is the worker's "replicas" key in expected.yaml
    String position = ":12:11";
    assertThat(log.lines)
        .containsExactly(
            "[INFO] Verifying 1 Workload Map definition(s) in " + root(),
            "[INFO] [PASSED] trainer/demo",
            "[ERROR] [FAILED] trainer/stale (1 mismatch(es))",
            noCrd(),
            "[ERROR] " + root() + "/trainer/fixtures/stale/expected.yaml" + position
                + " /root/children/0/instances/1/replicas: expected 2, actual 3 [fixture.mismatch] (fix the definition,"
                + " or update the expectation (-Dworkloadmap.updateExpected=true) if the new result is right)",
            "[ERROR] 1 definition, 2 fixtures, 1 failed");
  }

  @Test
  void everyBadDefinitionIsNamedWithItsFindingsAndTheGoodOneStillRuns() {
    VerifyMojo m = mojo("verify-bad-definition");
    m.printTrees = false;

    assertThatThrownBy(m::execute)
        .isInstanceOf(MojoFailureException.class)
        .hasMessageStartingWith("4 definitions, 1 fixture, 3 failed. Fix the findings");

    String at = ":23:11";
    assertThat(log.lines)
        .contains(
            "[INFO] [PASSED] trainer/demo",
            "[ERROR] [INVALID] wrong-type: 1 error; its fixtures were not run",
            "[ERROR] " + root() + "/wrong-type/definition.yaml" + at
                + " /spec/structureDefinition/childComponents/0"
                + "/scaleDefinition/replicasPath: \"replicasPath\" must be a string, got a list [model.type] (write"
                + " replicasPath as a string)",
            "[ERROR] [INVALID] jq-syntax: 1 error; its fixtures were not run");
    assertThat(log.lines)
        .filteredOn(l -> l.contains("[jq.parse]"))
        .singleElement()
        .asString()
        .startsWith("[ERROR] " + root() + "/jq-syntax/definition.yaml:23:50"
            + " /spec/structureDefinition"
            + "/childComponents/0/scaleDefinition/replicasPath: failed to parse JQ expression '.spec.groups[].replicas"
            + " |'");
    assertThat(log.lines)
        .contains(
            "[ERROR] [INVALID] dup-key: 1 error; its fixtures were not run",
            "[ERROR] " + root()
                + "/dup-key/definition.yaml:7:3 /metadata/name: duplicate key \"name\" (first defined at"
                + " line 6, column 3) [yaml.syntax]");
    assertThat(log.lines.get(log.lines.size() - 1))
        .isEqualTo("[ERROR] 4 definitions, 1 fixture, 3 failed");
  }

  @Test
  void aCrdInTheCrdDirectoryChecksEachFixtureObjectAndFailsOnAViolation() throws Exception {
    VerifyMojo m = mojo("verify-passes");
    m.printTrees = false;
    Path crds = dir.resolve("crds");
    m.crdDirectory = crds.toFile();
    // every group needs a priority in this CRD, and the demo object's groups have none
    ItProjects.write(crds.resolve("trainer.example.com.yaml"), """
        apiVersion: apiextensions.k8s.io/v1
        kind: CustomResourceDefinition
        metadata: {name: trainers.example.com}
        spec:
          group: example.com
          names: {kind: Trainer, plural: trainers}
          scope: Namespaced
          versions:
            - name: v1
              served: true
              storage: true
              schema:
                openAPIV3Schema:
                  type: object
                  x-kubernetes-preserve-unknown-fields: true
                  properties:
                    spec:
                      type: object
                      x-kubernetes-preserve-unknown-fields: true
                      properties:
                        groups:
                          type: array
                          items:
                            type: object
                            x-kubernetes-preserve-unknown-fields: true
                            required: [priority]
                            properties:
                              priority: {type: integer}
        """);

    assertThatThrownBy(m::execute)
        .isInstanceOf(MojoFailureException.class)
        .hasMessageStartingWith("1 definition, 1 fixture, 1 failed.");
    assertThat(log.lines)
        .noneMatch(l -> l.contains("[crd.not-found]"))
        .noneMatch(l -> l.contains("[INVALID]"));
    assertThat(log.lines)
        .filteredOn(l -> l.contains("[crd.fixture-schema]"))
        .isNotEmpty()
        .allSatisfy(l -> assertThat(l)
            .startsWith("[ERROR] " + root() + "/trainer/fixtures/demo/object.yaml")
            .contains("/spec/groups/", "does not match CRD trainers.example.com"));
  }

  @Test
  void skipPrintsOneLineAndVerifiesNothing() throws Exception {
    VerifyMojo m = mojo("verify-skip");
    m.skip = true;
    m.execute();

    VerifyMojo only = mojo(dir.resolve("workloadmap"), Map.of());
    only.verifySkip = true;
    only.execute();

    assertThat(log.lines)
        .containsExactly(
            "[INFO] Skipping Workload Map verification (workloadmap.skip)",
            "[INFO] Skipping Workload Map verification (workloadmap.skip)");
  }

  @Test
  void aFolderWithoutDefinitionsIsReportedAndFailsOnlyWhenAsked() throws Exception {
    Path empty = Files.createDirectories(dir.resolve("empty"));
    mojo(empty, Map.of()).execute();
    assertThat(log.lines)
        .containsExactly("[INFO] No definitions found in " + empty
            + " (expected <name>/definition.yaml folders)");

    VerifyMojo strict = mojo(dir.resolve("missing"), Map.of());
    strict.failIfEmpty = true;
    assertThatThrownBy(strict::execute)
        .isInstanceOf(MojoFailureException.class)
        .hasMessage("No definitions found in " + dir.resolve("missing")
            + " (expected <name>/definition.yaml folders)");
  }

  @Test
  void updateExpectedIsRefusedInCi() {
    VerifyMojo m = mojo(
        ItProjects.copy(
            "verify-fixture-mismatch", "src/main/workloadmap", dir.resolve("workloadmap")),
        Map.of("CI", "true"));
    m.updateExpected = true;

    assertThatThrownBy(m::execute)
        .isInstanceOf(MojoFailureException.class)
        .hasMessage(
            "refusing workloadmap.updateExpected=true in CI (CI is set): expected files are never rewritten"
                + " silently in CI; update them locally and commit the change");
    assertThat(ItProjects.read(dir.resolve("workloadmap/trainer/fixtures/stale/expected.yaml")))
        .contains("replicas: 2");
  }

  @Test
  void updateExpectedWritesTheFilesOutsideCiAndTheNextRunPasses() throws Exception {
    Path defs = ItProjects.copy(
        "verify-fixture-mismatch", "src/main/workloadmap", dir.resolve("workloadmap"));
    VerifyMojo m = mojo(defs, Map.of("CI", "false"));
    m.updateExpected = true;
    m.printTrees = false;

    m.execute();

    Path stale = defs.resolve("trainer/fixtures/stale/expected.yaml");
    // the passing fixture keeps its hand-written expectation; only the stale one is rewritten
    assertThat(log.lines)
        .filteredOn(l -> !l.contains("[lint.deprecated-pod-groups]"))
        .containsExactly(
            "[INFO] Verifying 1 Workload Map definition(s) in " + defs,
            "[INFO] [PASSED] trainer/demo",
            "[INFO] [UPDATED] trainer/stale (wrote " + stale + ")",
            noCrd(),
            "[INFO] 1 definition, 2 fixtures, 0 failed, 1 updated");
    assertThat(ItProjects.read(stale)).contains("replicas: 3").doesNotContain("replicas: 2");

    log.lines.clear();
    mojo(defs, Map.of()).execute();
    assertThat(log.lines).endsWith("[INFO] 1 definition, 2 fixtures, 0 failed");
  }

  @Test
  void warningsAreListedAndFailTheBuildOnlyWithFailOnWarning() throws Exception {
    Path defs =
        ItProjects.copy("verify-passes", "src/main/workloadmap", dir.resolve("workloadmap"));
    Path definition = defs.resolve("trainer/definition.yaml");
    // a status matcher with no part always matches: a warning (docs/format.md#status-definition);
    // running matches
    // anyway
    ItProjects.write(
        definition,
        ItProjects.read(definition)
            .replace("running: [{byPhase: Running}]", "running: [{byPhase: Running}, {}]"));
    VerifyMojo lenient = mojo(defs, Map.of());
    lenient.printTrees = false;

    lenient.execute();

    List<String> warnings =
        log.lines.stream().filter(l -> l.startsWith("[WARNING]")).toList();
    assertThat(warnings).singleElement().asString().startsWith("[WARNING] " + definition);
    assertThat(log.lines).endsWith("[INFO] 1 definition, 1 fixture, 0 failed, 1 warning");

    log.lines.clear();
    VerifyMojo strict = mojo(defs, Map.of());
    strict.failOnWarning = true;
    strict.printTrees = false;
    assertThatThrownBy(strict::execute)
        .isInstanceOf(MojoFailureException.class)
        .hasMessage("1 definition, 1 fixture, 0 failed, 1 warning. Fix the warnings listed above"
            + " (file:line:column /pointer: message), or set workloadmap.failOnWarning=false.");
    assertThat(log.lines).endsWith("[ERROR] 1 definition, 1 fixture, 0 failed, 1 warning");
  }

  @Test
  void aDefinitionsPathThatIsAFileIsNotADirectoryOfDefinitions() throws Exception {
    Path file = ItProjects.write(dir.resolve("definitions.yaml"), "a: 1\n");
    VerifyMojo m = mojo(file, Map.of());
    m.failIfEmpty = true;

    assertThatThrownBy(m::execute)
        .isInstanceOf(MojoFailureException.class)
        .hasMessageStartingWith("No definitions found in " + file);
  }

  @Test
  void reportsCoverValidationAndFixturesAndAreWrittenBeforeTheFailure() throws Exception {
    VerifyMojo m = mojo("verify-bad-definition");
    m.reports = "junit,sarif";
    m.baseDirectory = dir.toFile();
    m.reportsDirectory = dir.resolve("reports").toFile();

    assertThatThrownBy(m::execute).isInstanceOf(MojoFailureException.class);

    String junit = Files.readString(dir.resolve("reports/TEST-workloadmap.xml"));
    assertThat(junit)
        .contains("<testsuite name=\"trainer\" tests=\"2\" failures=\"0\"")
        .contains("<testcase classname=\"workloadmap.trainer\" name=\"fixture demo\"")
        .contains("[model.type]");
    String sarif = Files.readString(dir.resolve("reports/workloadmap.sarif"));
    assertThat(sarif).contains("\"uri\" : \"workloadmap/wrong-type/definition.yaml\"");
    assertThat(log.lines).contains("[INFO] Wrote " + dir.resolve("reports/TEST-workloadmap.xml"));
  }

  @Test
  void authoringChecksPrintCoverageAndTheRoundTripWriteTheReportsAndEnforceTheMinimum()
      throws Exception {
    VerifyMojo m = mojo("verify-passes");
    m.printTrees = false;
    m.authoringSkip = false;
    m.analyzeBudget = 500;
    m.execute();
    assertThat(log.lines)
        .contains("[INFO] Definition coverage (fired / false / not reached per fixture):")
        .anySatisfy(l ->
            assertThat(l).startsWith("[INFO] Coverage trainer: ").contains("over 1 fixture(s)"))
        .anySatisfy(l -> assertThat(l)
            .contains("status.running.0.byPhase")
            .contains("NO: never false (fires on 1)"));
    assertThat(dir.resolve("reports/coverage.json"))
        .content()
        .contains("\"id\" : \"status.running.0.byPhase\"");
    assertThat(dir.resolve("reports/roundtrip.json")).exists();
    assertThat(dir.resolve("reports/index.html")).content().contains("<svg").contains("8 GPUs");

    log.lines.clear();
    VerifyMojo strict = m;
    strict.coverageMinimum = 100;
    assertThatThrownBy(strict::execute)
        .isInstanceOf(org.apache.maven.plugin.MojoFailureException.class)
        .hasMessageContaining("1 definition(s) below workloadmap.coverage.minimum=100.0")
        .hasMessageContaining("status.running.0.byPhase (Running: phase == Running)")
        .hasMessageContaining("never false (fires on 1)");
  }
}
