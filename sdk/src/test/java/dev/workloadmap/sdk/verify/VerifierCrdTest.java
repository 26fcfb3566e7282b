package dev.workloadmap.sdk.verify;

import static dev.workloadmap.sdk.verify.Layout.DEMO;
import static dev.workloadmap.sdk.verify.Layout.DEMO_EXPECTED;
import static dev.workloadmap.sdk.verify.Layout.REPLICAS_LINE;
import static dev.workloadmap.sdk.verify.Layout.TRAINER;
import static dev.workloadmap.sdk.verify.Layout.TRAINER_CRD;
import static org.assertj.core.api.Assertions.assertThat;

import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.internal.crd.CrdObjectValidator;
import dev.workloadmap.sdk.internal.crd.CrdPathCheck;
import dev.workloadmap.sdk.validation.Finding;
import dev.workloadmap.sdk.validation.Severity;
import dev.workloadmap.sdk.verify.FixtureResult.Outcome;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CRD checks of {@link Verifier}: the target CRD found beside the definition ({@code crd.yaml}) or in {@link
 * VerifyOptions#crdDirectory()}, the definition's paths checked against it, each fixture object validated against its
 * schema (with {@code crdSchema: skip} and a reason as the way out), and one INFO when there is no CRD.
 */
class VerifierCrdTest {

  @TempDir
  Path dir;

  private Layout layout;
  private Path crds;

  /** DEMO with a Ready condition that lacks the lastTransitionTime the CRD requires (line 21 of the object). */
  private static final String DEMO_WITHOUT_TRANSITION_TIME = DEMO.replace(
      "status: {phase: Running}\n",
      "status:\n  phase: Running\n  conditions:\n    - {type: Ready, status: \"True\"}\n");

  @BeforeEach
  void setUp() {
    layout = new Layout(dir.resolve("workloadmap"));
    crds = dir.resolve("crds");
  }

  private VerifyReport verify() {
    return new Verifier(WorkloadMap.create(), new VerifyOptions(null, false, false, crds))
        .verifyDirectory(layout.root, null);
  }

  private static FixtureResult only(VerifyReport report) {
    assertThat(report.definitions()).hasSize(1);
    assertThat(report.definitions().get(0).fixtures()).hasSize(1);
    return report.definitions().get(0).fixtures().get(0);
  }

  @Test
  void crdInTheCrdDirectoryIsUsedAndAMatchingFixturePassesQuietly() {
    Layout.write(crds.resolve("trainer.example.com.yaml"), TRAINER_CRD);
    layout.definition("trainer", TRAINER);
    layout.fixture("trainer", "demo", DEMO, DEMO_EXPECTED);

    VerifyReport report = verify();

    assertThat(report.definitions().get(0).report().findings())
        .extracting(Finding::ruleId)
        .doesNotContain(CrdLookup.NOT_FOUND);
    assertThat(only(report).outcome()).isEqualTo(Outcome.PASSED);
    assertThat(only(report).findings()).isEmpty();
    assertThat(report.failed()).isFalse();
  }

  @Test
  void crdYamlBesideTheDefinitionWinsOverTheDirectory() {
    // the directory's file is for another kind: it must not be read
    Layout.write(
        crds.resolve("trainer.example.com.yaml"),
        TRAINER_CRD.replace("kind: Trainer", "kind: Other"));
    layout.definition("trainer", TRAINER);
    Path beside = Layout.write(layout.root.resolve("trainer/crd.yaml"), TRAINER_CRD);
    layout.fixture("trainer", "demo", DEMO_WITHOUT_TRANSITION_TIME, DEMO_EXPECTED);

    VerifyReport report = verify();

    assertThat(CrdLookup.find(
            layout.root.resolve("trainer/definition.yaml"),
            dev.workloadmap.sdk.definition.Gvk.of("example.com/v1", "Trainer"),
            crds))
        .isEqualTo(beside.toAbsolutePath());
    assertThat(report.definitions().get(0).report().errors()).isEmpty();
    assertThat(only(report).findings())
        .extracting(Finding::ruleId)
        .containsExactly(CrdObjectValidator.FIXTURE_SCHEMA);
  }

  @Test
  void aDefinitionPathUnknownToTheCrdIsAnErrorOfTheDefinition() {
    Layout.write(crds.resolve("trainer.example.com.yaml"), TRAINER_CRD);
    layout.definition(
        "trainer",
        TRAINER.replace(REPLICAS_LINE, "          replicasPath: .spec.groups[].replica\n"));
    layout.fixture("trainer", "demo", DEMO, DEMO_EXPECTED);

    VerifyReport report = verify();

    DefinitionResult d = report.definitions().get(0);
    assertThat(d.report().errors()).singleElement().satisfies(f -> {
      assertThat(f.ruleId()).isEqualTo(CrdPathCheck.UNKNOWN_FIELD);
      assertThat(f.message()).contains("no field replica in Trainer v1");
      assertThat(f.location().file()).endsWith("definition.yaml");
    });
    assertThat(d.failed()).isTrue();
    assertThat(report.failed()).isTrue();
  }

  @Test
  void aFixtureObjectThatViolatesTheCrdFailsWithTheLocatedViolation() {
    Layout.write(crds.resolve("trainer.example.com.yaml"), TRAINER_CRD);
    layout.definition("trainer", TRAINER);
    Path object = layout.file("trainer", "demo", "object.yaml", DEMO_WITHOUT_TRANSITION_TIME);
    layout.file("trainer", "demo", "expected.yaml", DEMO_EXPECTED);

    FixtureResult r = only(verify());

    assertThat(r.outcome()).isEqualTo(Outcome.FAILED);
    assertThat(r.findings()).singleElement().satisfies(f -> {
      assertThat(f.ruleId()).isEqualTo(CrdObjectValidator.FIXTURE_SCHEMA);
      assertThat(f.severity()).isEqualTo(Severity.ERROR);
      assertThat(f.message())
          .startsWith("/status/conditions/0 does not match CRD trainers.example.com:")
          .contains("lastTransitionTime");
      assertThat(f.location().file()).isEqualTo(object.toString());
    });
  }

  @Test
  void crdSchemaSkipWithAReasonLetsAPartialObjectPass() {
    Layout.write(crds.resolve("trainer.example.com.yaml"), TRAINER_CRD);
    layout.definition("trainer", TRAINER);
    layout.file("trainer", "partial", "partial.yaml", DEMO_WITHOUT_TRANSITION_TIME);
    layout.file("trainer", "partial", "fixture.yaml", """
        description: a real object captured without condition times
        object: {file: partial.yaml}
        crdSchema: skip
        reason: the capture dropped lastTransitionTime
        """);
    layout.file("trainer", "partial", "expected.yaml", DEMO_EXPECTED);

    FixtureResult r = only(verify());

    assertThat(r.outcome()).isEqualTo(Outcome.PASSED);
    assertThat(r.findings()).isEmpty();
  }

  @Test
  void crdSchemaSkipWithoutAReasonOrWithAnotherValueIsAnError() {
    Layout.write(crds.resolve("trainer.example.com.yaml"), TRAINER_CRD);
    layout.definition("trainer", TRAINER);
    layout.fixture("trainer", "demo", DEMO, DEMO_EXPECTED);
    Path fixture = layout.file("trainer", "demo", "fixture.yaml", "crdSchema: skip\n");

    FixtureResult noReason = only(verify());
    assertThat(noReason.outcome()).isEqualTo(Outcome.FAILED);
    assertThat(noReason.findings()).singleElement().satisfies(f -> {
      assertThat(f.ruleId()).isEqualTo("fixture.crd-schema");
      assertThat(f.message()).contains("needs a reason");
      assertThat(f.location().file()).isEqualTo(fixture.toString());
    });

    Layout.write(fixture, "crdSchema: validate\nreason: always\n");
    FixtureResult other = only(verify());
    assertThat(other.outcome()).isEqualTo(Outcome.FAILED);
    assertThat(other.findings())
        .singleElement()
        .satisfies(f ->
            assertThat(f.message()).isEqualTo("crdSchema must be \"skip\", found \"validate\""));
  }

  @Test
  void aStatusOnlyFragmentIsValidatedAgainstTheDefinitionsVersion() {
    Layout.write(crds.resolve("trainer.example.com.yaml"), TRAINER_CRD);
    layout.definition("trainer", TRAINER);
    layout.fixture(
        "trainer",
        "fragment",
        "status:\n  phase: Running\n  conditions:\n    - {type: Ready}\n",
        "statuses: [Running]\n");

    FixtureResult r = only(verify());

    // no "the object has no apiVersion": the fragment is checked against v1, the definition's
    // version
    assertThat(r.findings())
        .filteredOn(f -> f.ruleId().equals(CrdObjectValidator.FIXTURE_SCHEMA))
        .extracting(Finding::message)
        .hasSize(2)
        .noneSatisfy(m -> assertThat(m).contains("apiVersion"))
        .anySatisfy(m -> assertThat(m).contains("status"))
        .anySatisfy(m -> assertThat(m).contains("lastTransitionTime"));
  }

  @Test
  void withoutACrdOneInfoSaysTheChecksAreSkippedAndFixturesStillRun() {
    layout.definition("trainer", TRAINER);
    layout.fixture("trainer", "demo", DEMO_WITHOUT_TRANSITION_TIME, DEMO_EXPECTED);

    VerifyReport report = verify();

    assertThat(report.definitions().get(0).report().findings()).singleElement().satisfies(f -> {
      assertThat(f.ruleId()).isEqualTo(CrdLookup.NOT_FOUND);
      assertThat(f.severity()).isEqualTo(Severity.INFO);
      assertThat(f.message())
          .isEqualTo("no CRD for example.com/Trainer: static CRD checks skipped");
      assertThat(f.hint()).contains("CRD directory").contains("is absent");
    });
    assertThat(only(report).outcome()).isEqualTo(Outcome.PASSED);
    assertThat(report.failed()).isFalse();
  }

  @Test
  void aCrdFileForAnotherKindIsALoadError() {
    Layout.write(
        crds.resolve("trainer.example.com.yaml"),
        TRAINER_CRD.replace("kind: Trainer", "kind: Other"));
    layout.definition("trainer", TRAINER);
    layout.fixture("trainer", "demo", DEMO, DEMO_EXPECTED);

    VerifyReport report = verify();

    assertThat(report.definitions().get(0).report().errors()).singleElement().satisfies(f -> {
      assertThat(f.ruleId()).isEqualTo(CrdLookup.LOAD);
      assertThat(f.location().file()).endsWith("trainer.example.com.yaml");
    });
    assertThat(report.failed()).isTrue();
  }
}
