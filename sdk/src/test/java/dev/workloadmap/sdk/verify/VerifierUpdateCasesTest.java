package dev.workloadmap.sdk.verify;

import static dev.workloadmap.sdk.verify.Layout.DEMO;
import static dev.workloadmap.sdk.verify.Layout.DEMO_EXPECTED;
import static dev.workloadmap.sdk.verify.Layout.TRAINER;
import static org.assertj.core.api.Assertions.assertThat;

import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.validation.Finding;
import dev.workloadmap.sdk.verify.FixtureResult.Outcome;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Update cases in fixtures ({@code fixtures/<case>/updates/*.yaml}): operations and the expected RFC 6902 patch. */
class VerifierUpdateCasesTest {

  @TempDir
  Path dir;

  private Layout layout;

  private static final String SCHEDULER_CASE = """
      description: the scheduler name on both groups
      operations:
        - setSchedulerName: kai-scheduler
      expectedPatch:
        - {op: add, path: /spec/groups/0/template/spec/schedulerName, value: kai-scheduler}
        - {op: add, path: /spec/groups/1/template/spec/schedulerName, value: kai-scheduler}
      """;

  @BeforeEach
  void setUp() {
    layout = new Layout(dir.resolve("workloadmap"));
    layout.definition("trainer", TRAINER);
    layout.fixture("trainer", "demo", DEMO, DEMO_EXPECTED);
  }

  private FixtureResult run(boolean updateExpected) {
    VerifyReport report = new Verifier(
            WorkloadMap.create(), new VerifyOptions(null, updateExpected, false))
        .verifyDirectory(layout.root, null);
    return report.definitions().get(0).fixtures().get(0);
  }

  @Test
  void matchingPatchPasses() {
    layout.file("trainer", "demo", "updates/scheduler.yaml", SCHEDULER_CASE);
    FixtureResult r = run(false);
    assertThat(r.findings()).isEmpty();
    assertThat(r.outcome()).isEqualTo(Outcome.PASSED);
  }

  @Test
  void aDifferentPatchFailsAtTheExpectedOperationsLineAndColumn() {
    Path file = layout.file(
        "trainer",
        "demo",
        "updates/scheduler.yaml",
        SCHEDULER_CASE.replace(
            "groups/1/template/spec/schedulerName, value: kai-scheduler",
            "groups/1/template/spec/schedulerName, value: volcano"));
    FixtureResult r = run(false);
    assertThat(r.outcome()).isEqualTo(Outcome.FAILED);
    assertThat(r.findings()).hasSize(1);
    Finding f = r.findings().get(0);
    assertThat(f.ruleId()).isEqualTo("fixture.update-mismatch");
    assertThat(f.location().file()).isEqualTo(file.toString());
    assertThat(f.location().line()).isEqualTo(6);
    assertThat(f.location().column()).isEqualTo(5);
    assertThat(f.message())
        .contains("expected {\"op\":\"add\"", "volcano", "actual", "kai-scheduler");
  }

  @Test
  void missingAndExtraOperationsAreEachReported() {
    layout.file("trainer", "demo", "updates/scheduler.yaml", """
        operations:
          - setSchedulerName: kai-scheduler
        expectedPatch:
          - {op: add, path: /spec/groups/0/template/spec/schedulerName, value: kai-scheduler}
        """);
    FixtureResult r = run(false);
    assertThat(r.findings()).singleElement().satisfies(f -> {
      assertThat(f.message())
          .startsWith("unexpected patch operation {\"op\":\"add\",\"path\":\"/spec/groups/1/");
      assertThat(f.location().line()).isEqualTo(3); // the expectedPatch key
    });
  }

  @Test
  void aFailingOperationIsReportedOrPinnedWithExpectedError() {
    layout.file("trainer", "demo", "updates/suspend.yaml", """
        operations:
          - suspend:
        expectedPatch: []
        """);
    layout.file("trainer", "demo", "updates/suspend-pinned.yaml", """
        operations:
          - suspend:
        expectedError: component trainer does not have suspendDefinition
        """);
    FixtureResult r = run(false);
    assertThat(r.findings()).singleElement().satisfies(f -> {
      assertThat(f.ruleId()).isEqualTo("fixture.update-failed");
      assertThat(f.message())
          .isEqualTo("the update failed: suspend(trainer): component trainer does not have"
              + " suspendDefinition");
      assertThat(f.location().file()).endsWith("suspend.yaml");
      assertThat(f.location().line()).isEqualTo(1); // the operations key
    });
  }

  @Test
  void badOperationsAreShapeFindings() {
    layout.file("trainer", "demo", "updates/bad.yaml", """
        operations:
          - {setSchedulerName: a, addLabels: {a: b}}
          - frobnicate: 1
        expectedPatch: []
        """);
    layout.file("trainer", "demo", "updates/unknown-key.yaml", """
        operations: [{setSchedulerName: a}]
        expectedPatchh: []
        """);
    FixtureResult r = run(false);
    assertThat(r.outcome()).isEqualTo(Outcome.FAILED);
    assertThat(r.findings()).extracting(Finding::ruleId).contains("fixture.update-shape");
    assertThat(r.findings()).anySatisfy(f -> assertThat(f.message()).contains("expectedPatchh"));
  }

  @Test
  void updateExpectedWritesTheExpectedPatchAndKeepsTheRest() {
    Path file = layout.file("trainer", "demo", "updates/scheduler.yaml", """
        # the scheduler name on both groups
        description: kept as written
        operations:
          - setSchedulerName: kai-scheduler
          - addLabels: {team: ml}
        """);
    FixtureResult r = run(true);
    assertThat(r.outcome()).isEqualTo(Outcome.UPDATED);
    assertThat(r.reason()).contains("wrote expectedPatch in [scheduler.yaml]");
    String written = Layout.read(file);
    assertThat(written)
        .startsWith("# the scheduler name on both groups\ndescription: kept as written\n");
    assertThat(written)
        .contains("expectedPatch:\n  - {\"op\":\"add\",\"path\":\"/spec/groups/0/template/spec/"
            + "schedulerName\",\"value\":\"kai-scheduler\"}");
    // the written file passes as it is, and a second update run leaves it alone
    assertThat(run(false).outcome()).isEqualTo(Outcome.PASSED);
    assertThat(run(true).outcome()).isEqualTo(Outcome.PASSED);
    assertThat(Layout.read(file)).isEqualTo(written);
  }
}
