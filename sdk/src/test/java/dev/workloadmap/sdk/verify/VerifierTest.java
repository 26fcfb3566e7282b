package dev.workloadmap.sdk.verify;

import static dev.workloadmap.sdk.verify.Layout.DEMO;
import static dev.workloadmap.sdk.verify.Layout.DEMO_EXPECTED;
import static dev.workloadmap.sdk.verify.Layout.REPLICAS_LINE;
import static dev.workloadmap.sdk.verify.Layout.TRAINER;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.WorkloadMapException;
import dev.workloadmap.sdk.jq.Jq;
import dev.workloadmap.sdk.jq.JqOptions;
import dev.workloadmap.sdk.validation.Finding;
import dev.workloadmap.sdk.verify.FixtureResult.Outcome;
import dev.workloadmap.sdk.yaml.SourceLocation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fixture verifier behind {@code workloadmap:verify}, on project layouts written by each test, including the
 * exact line:column of each finding and duplicate keys.
 */
class VerifierTest {

  @TempDir
  Path dir;

  private Layout layout;
  private final List<FixtureResult> progress = new ArrayList<>();

  @BeforeEach
  void setUp() {
    layout = new Layout(dir.resolve("workloadmap"));
  }

  private VerifyReport verify(WorkloadMap wm, VerifyOptions options) {
    return new Verifier(wm, options).verifyDirectory(layout.root, progress::add);
  }

  private VerifyReport verify() {
    return verify(WorkloadMap.create(), new VerifyOptions(null, false, false));
  }

  private static FixtureResult only(VerifyReport report) {
    assertThat(report.definitions()).hasSize(1);
    assertThat(report.definitions().get(0).fixtures()).hasSize(1);
    return report.definitions().get(0).fixtures().get(0);
  }

  private static String expectedFile(Path fixtureDir) {
    return fixtureDir.resolve("expected.yaml").toString();
  }

  @Nested
  class Passing {

    @Test
    void matchingFixturePassesWithItsTreeAndNoFindings() {
      layout.definition("trainer", TRAINER);
      layout.fixture("trainer", "demo", DEMO, DEMO_EXPECTED);

      VerifyReport report = verify();

      FixtureResult r = only(report);
      assertThat(r.outcome()).isEqualTo(Outcome.PASSED);
      assertThat(r.findings()).isEmpty();
      assertThat(r.reason()).isEmpty();
      assertThat(r.tree().totalReplicas()).isEqualTo(4);
      assertThat(r.text())
          .contains("Trainer/demo", "leader", "worker", "replicas: 3", "Phase: Running");
      assertThat(report.failed()).isFalse();
      assertThat(report.errors()).isEmpty();
      assertThat(report.summary()).isEqualTo("1 definition, 1 fixture, 0 failed");
      assertThat(progress).containsExactly(r);
    }

    @Test
    void definitionsAndFixturesRunInFolderNameOrder() {
      layout.definition("b-trainer", TRAINER);
      layout.definition("a-trainer", TRAINER);
      layout.fixture("a-trainer", "z", DEMO, DEMO_EXPECTED);
      layout.fixture("a-trainer", "m", DEMO, DEMO_EXPECTED);
      layout.fixture("b-trainer", "a", DEMO, DEMO_EXPECTED);

      VerifyReport report = verify();

      assertThat(report.definitions())
          .extracting(d -> d.file().getParent().getFileName().toString())
          .containsExactly("a-trainer", "b-trainer");
      assertThat(progress).extracting(FixtureResult::name).containsExactly("m", "z", "a");
      assertThat(report.summary()).isEqualTo("2 definitions, 3 fixtures, 0 failed");
    }

    @Test
    void aFolderWithoutDefinitionYamlIsNotADefinition() {
      layout.definition("trainer", TRAINER);
      Layout.write(layout.root.resolve("notes").resolve("README.md"), "not a definition\n");
      Layout.write(layout.root.resolve("loose.yaml"), TRAINER);

      assertThat(Verifier.findDefinitions(layout.root))
          .containsExactly(layout.root.resolve("trainer").resolve("definition.yaml"));
      assertThat(Verifier.findDefinitions(dir.resolve("missing"))).isEmpty();
    }

    @Test
    void definitionWithoutFixturesIsVerifiedAndCountsNoFixture() {
      layout.definition("trainer", TRAINER);

      VerifyReport report = verify();

      assertThat(report.definitions().get(0).name()).isEqualTo("trainer");
      assertThat(report.definitions().get(0).fixtures()).isEmpty();
      assertThat(report.summary()).isEqualTo("1 definition, 0 fixtures, 0 failed");
    }
  }

  @Nested
  class FixtureObjects {

    @Test
    void readFixtureObjectGivesTheObjectVerifyResolves() {
      layout.definition("trainer", TRAINER);
      layout.fixture("trainer", "demo", DEMO, DEMO_EXPECTED);
      WorkloadMap wm = WorkloadMap.create();
      Verifier verifier = new Verifier(wm, new VerifyOptions(null, false, false));

      Verifier.FixtureObject fo = verifier.readFixtureObject(
          wm.loadDefinition(layout.root.resolve("trainer").resolve("definition.yaml")),
          layout.fixtureDir("trainer", "demo"));

      assertThat(fo.findings()).isEmpty();
      assertThat(fo.skipReason()).isNull();
      assertThat(fo.crdSkipReason()).isNull();
      assertThat(fo.object().root().path("metadata").path("name").asText()).isEqualTo("demo");
    }

    @Test
    void readFixtureObjectReportsAMissingObjectAndASkippedSharedFixture() {
      layout.definition("trainer", TRAINER);
      Layout.write(
          layout.fixtureDir("trainer", "none").resolve("expected.yaml"), "statuses: [Running]\n");
      Layout.write(
          layout.fixtureDir("trainer", "shared").resolve("fixture.yaml"),
          "object: {shared: data/samples/x.yaml}\n");
      WorkloadMap wm = WorkloadMap.create();
      Verifier verifier = new Verifier(wm, new VerifyOptions(null, false, false));
      var def = wm.loadDefinition(layout.root.resolve("trainer").resolve("definition.yaml"));

      Verifier.FixtureObject none =
          verifier.readFixtureObject(def, layout.fixtureDir("trainer", "none"));
      assertThat(none.object()).isNull();
      assertThat(none.findings()).extracting(f -> f.ruleId()).containsExactly("fixture.object");

      Verifier.FixtureObject shared =
          verifier.readFixtureObject(def, layout.fixtureDir("trainer", "shared"));
      assertThat(shared.object()).isNull();
      assertThat(shared.skipReason())
          .startsWith("shared data not found")
          .endsWith("data/samples/x.yaml");
    }
  }

  @Nested
  class Mismatches {

    @Test
    void scalarMismatchIsOneFindingInExpectedYaml() {
      layout.definition("trainer", TRAINER);
      // line 12, column 11 of expected.yaml: the worker's "replicas" key
      layout.fixture("trainer", "demo", DEMO, DEMO_EXPECTED.replace("replicas: 3", "replicas: 2"));

      VerifyReport report = verify();

      FixtureResult r = only(report);
      assertThat(r.outcome()).isEqualTo(Outcome.FAILED);
      assertThat(r.reason()).isEqualTo("1 mismatch(es)");
      assertThat(r.tree()).as("the tree is still resolved and shown").isNotNull();
      assertThat(r.text()).contains("worker");
      assertThat(r.findings()).singleElement().satisfies(f -> {
        assertThat(f.ruleId()).isEqualTo("fixture.mismatch");
        assertThat(f.message()).isEqualTo("expected 2, actual 3");
        assertThat(f.location().file())
            .isEqualTo(expectedFile(layout.fixtureDir("trainer", "demo")));
        assertThat(f.location().pointer()).isEqualTo("/root/children/0/instances/1/replicas");
        assertThat(f.hint()).contains("-Dworkloadmap.updateExpected=true");
      });
      assertThat(report.summary()).isEqualTo("1 definition, 1 fixture, 1 failed");
      assertThat(report.errors()).isEqualTo(r.findings());
    }

    @Test
    void scalarMismatchPointsAtTheKeyInExpectedYaml() {
      layout.definition("trainer", TRAINER);
      layout.fixture("trainer", "demo", DEMO, DEMO_EXPECTED.replace("replicas: 3", "replicas: 2"));

      FixtureResult r = only(verify());

      // 12:11 is the worker's "replicas" key
      String file = expectedFile(layout.fixtureDir("trainer", "demo"));
      assertThat(r.findings().get(0).format())
          .isEqualTo(
              file
                  + ":12:11 /root/children/0/instances/1/replicas: expected 2, actual 3 [fixture.mismatch] (fix the"
                  + " definition, or update the expectation (-Dworkloadmap.updateExpected=true) if the new result is right)");
    }

    @Test
    void everyMismatchIsReportedNotJustTheFirst() {
      layout.definition("trainer", TRAINER);
      layout.fixture(
          "trainer",
          "demo",
          DEMO,
          DEMO_EXPECTED
              .replace("statuses: [Running]", "statuses: [Completed]")
              .replace("gpus: 8", "gpus: 6")
              .replace("replicas: 3", "replicas: 2"));

      FixtureResult r = only(verify());

      assertThat(r.findings())
          .extracting(f -> f.location().pointer() + ": " + f.message())
          .containsExactly(
              "/statuses/0: expected \"Completed\", actual \"Running\"",
              "/total/resources/gpus: expected 6, actual 8",
              "/root/children/0/instances/1/replicas: expected 2, actual 3");
      assertThat(r.reason()).isEqualTo("3 mismatch(es)");
    }

    @Test
    void unknownExpectedKeySuggestsTheClosestField() {
      layout.definition("trainer", TRAINER);
      // line 3, column 3: "replcas" under total
      layout.fixture(
          "trainer", "demo", DEMO, DEMO_EXPECTED.replace("  replicas: 4", "  replcas: 4"));

      FixtureResult r = only(verify());

      assertThat(r.outcome()).isEqualTo(Outcome.FAILED);
      assertThat(r.findings()).singleElement().satisfies(f -> {
        assertThat(f.ruleId()).isEqualTo("fixture.unknown-field");
        assertThat(f.message())
            .isEqualTo("the result has no field \"replcas\"; did you mean \"replicas\"?");
        assertThat(f.location().pointer()).isEqualTo("/total/replcas");
        assertThat(f.hint()).isEqualTo("known fields here: replicas, resources, complete");
      });

      // 3:3 is the "replcas" key
      assertThat(r.findings().get(0).location().position())
          .isEqualTo(expectedFile(layout.fixtureDir("trainer", "demo")) + ":3:3");
    }

    @Test
    void listLengthMismatchShowsTheActualList() {
      layout.definition("trainer", TRAINER);
      // line 7, column 7: the "instances" key; only the leader is listed
      layout.fixture("trainer", "demo", DEMO, """
          statuses: [Running]
          total:
            replicas: 4
          root:
            children:
              - name: group
                instances:
                  - id: leader
          """);

      FixtureResult r = only(verify());

      assertThat(r.findings()).singleElement().satisfies(f -> {
        assertThat(f.ruleId()).isEqualTo("fixture.mismatch");
        assertThat(f.location().pointer()).isEqualTo("/root/children/0/instances");
        // the actual list as compact JSON (sorted keys), cut at 200 characters
        assertThat(f.message())
            .startsWith("expected 1 items, actual 2: [{\"desiredReplicas\":1,\"id\":\"leader\",")
            .endsWith("...")
            .hasSize("expected 1 items, actual 2: ".length() + 200);
      });

      // 7:7 is the "instances" key
      assertThat(r.findings().get(0).location().position())
          .isEqualTo(expectedFile(layout.fixtureDir("trainer", "demo")) + ":7:7");
    }

    @Test
    void missingExpectedYamlFailsWithTheUpdateHintAndStillShowsTheTree() {
      layout.definition("trainer", TRAINER);
      layout.file("trainer", "demo", "object.yaml", DEMO);

      FixtureResult r = only(verify());

      assertThat(r.outcome()).isEqualTo(Outcome.FAILED);
      assertThat(r.reason()).isEqualTo("missing expected.yaml");
      assertThat(r.text()).contains("Trainer/demo");
      assertThat(r.findings()).singleElement().satisfies(f -> {
        assertThat(f.ruleId()).isEqualTo("fixture.no-expected");
        assertThat(f.message()).isEqualTo("missing expected.yaml");
        assertThat(f.location())
            .isEqualTo(
                SourceLocation.ofFile(layout.fixtureDir("trainer", "demo").toString()));
        assertThat(f.hint()).contains("-Dworkloadmap.updateExpected=true");
      });
    }

    @Test
    void expectedYamlThatIsNotAMappingIsRejected() {
      layout.definition("trainer", TRAINER);
      layout.fixture("trainer", "demo", DEMO, "- statuses\n- total\n");

      FixtureResult r = only(verify());

      assertThat(r.outcome()).isEqualTo(Outcome.FAILED);
      assertThat(r.findings()).singleElement().satisfies(f -> {
        assertThat(f.ruleId()).isEqualTo("fixture.expected-shape");
        assertThat(f.message())
            .isEqualTo("expected.yaml must hold one mapping (a subset of the tree's JSON form)");
      });
    }

    @Test
    void malformedExpectedYamlIsAFindingNotAnException() {
      layout.definition("trainer", TRAINER);
      layout.fixture("trainer", "demo", DEMO, "statuses: [Running\ntotal: {}\n");

      FixtureResult r = only(verify());

      assertThat(r.outcome()).isEqualTo(Outcome.FAILED);
      assertThat(r.reason()).isEqualTo("unreadable expected.yaml");
      assertThat(r.findings()).singleElement().satisfies(f -> {
        assertThat(f.ruleId()).isEqualTo("yaml.syntax");
        assertThat(f.location().file())
            .isEqualTo(expectedFile(layout.fixtureDir("trainer", "demo")));
      });
    }
  }

  @Nested
  class UpdateExpected {

    @Test
    void writesExpectedYamlFromTheActualResultAndItThenPasses() {
      layout.definition("trainer", TRAINER);
      layout.file("trainer", "demo", "object.yaml", DEMO);
      layout.fixture("trainer", "stale", DEMO, DEMO_EXPECTED.replace("replicas: 3", "replicas: 2"));

      VerifyReport updated = verify(WorkloadMap.create(), new VerifyOptions(null, true, false));

      assertThat(updated.definitions().get(0).fixtures())
          .extracting(FixtureResult::outcome)
          .containsExactly(Outcome.UPDATED, Outcome.UPDATED);
      assertThat(updated.failed()).isFalse();
      assertThat(updated.summary()).isEqualTo("1 definition, 2 fixtures, 0 failed, 2 updated");
      Path written = layout.fixtureDir("trainer", "demo").resolve("expected.yaml");
      assertThat(updated.definitions().get(0).fixtures().get(0).reason())
          .isEqualTo("wrote " + written);
      String text = Layout.read(written);
      assertThat(text)
          .startsWith("# Written by workloadmap:verify -Dworkloadmap.updateExpected=true")
          .doesNotContain("---");
      assertThat(Layout.read(layout.fixtureDir("trainer", "stale").resolve("expected.yaml")))
          .as("a stale expectation is overwritten")
          .isEqualTo(text);

      progress.clear();
      VerifyReport again = verify();
      assertThat(again.definitions().get(0).fixtures())
          .extracting(FixtureResult::outcome)
          .containsExactly(Outcome.PASSED, Outcome.PASSED);
      assertThat(again.summary()).isEqualTo("1 definition, 2 fixtures, 0 failed");
    }

    @Test
    void refusedInCiWithTheDocumentedMessage() {
      assertThatThrownBy(
              () -> new Verifier(WorkloadMap.create(), new VerifyOptions(null, true, true)))
          .isInstanceOf(WorkloadMapException.class)
          .hasMessage(
              "refusing workloadmap.updateExpected=true in CI (CI is set): expected files are never"
                  + " rewritten silently in CI; update them locally and commit the change");
    }

    @Test
    void ciWithoutUpdateIsFine() {
      layout.definition("trainer", TRAINER);
      layout.fixture("trainer", "demo", DEMO, DEMO_EXPECTED);

      assertThat(
              verify(WorkloadMap.create(), new VerifyOptions(null, false, true)).failed())
          .isFalse();
    }
  }

  @Nested
  class ObjectSources {

    @Test
    void sharedObjectWithoutTheSharedFolderIsSkippedWithAReason() {
      layout.definition("trainer", TRAINER);
      layout.file("trainer", "sample", "fixture.yaml", """
          description: a sample from ../shared
          object:
            shared: data/samples/trainer/demo.yaml
          """);
      layout.file("trainer", "sample", "expected.yaml", DEMO_EXPECTED);
      Path missing = dir.resolve("no-such-shared");

      VerifyReport report = verify(WorkloadMap.create(), new VerifyOptions(missing, false, false));

      FixtureResult r = only(report);
      assertThat(r.outcome()).isEqualTo(Outcome.SKIPPED);
      assertThat(r.reason())
          .isEqualTo("shared data not found (" + missing.toAbsolutePath().normalize()
              + "); this fixture reads data/samples/trainer/demo.yaml");
      assertThat(r.findings()).isEmpty();
      assertThat(report.failed()).isFalse();
      assertThat(report.summary()).isEqualTo("1 definition, 1 fixture, 0 failed, 1 skipped");
    }

    @Test
    void sharedObjectWithoutAConfiguredFolderIsSkipped() {
      layout.definition("trainer", TRAINER);
      layout.file("trainer", "sample", "fixture.yaml", "object: {shared: data/x.yaml}\n");

      FixtureResult r = only(verify());

      assertThat(r.outcome()).isEqualTo(Outcome.SKIPPED);
      assertThat(r.reason())
          .isEqualTo("shared data not found (no shared directory configured); this fixture reads"
              + " data/x.yaml");
    }

    @Test
    void sharedObjectIsReadFromTheSharedFolder() {
      Path shared = dir.resolve("shared");
      Layout.write(shared.resolve("data/samples/trainer/demo.yaml"), DEMO);
      layout.definition("trainer", TRAINER);
      layout.file(
          "trainer",
          "sample",
          "fixture.yaml",
          "object: {shared: data/samples/trainer/demo.yaml}\n");
      layout.file("trainer", "sample", "expected.yaml", DEMO_EXPECTED);

      FixtureResult r = only(verify(WorkloadMap.create(), new VerifyOptions(shared, false, false)));

      assertThat(r.outcome()).isEqualTo(Outcome.PASSED);
    }

    @Test
    void sharedFileThatDoesNotExistIsAnErrorAtTheSharedKey() {
      Path shared = dir.resolve("shared");
      Layout.write(shared.resolve("data/other.yaml"), DEMO);
      layout.definition("trainer", TRAINER);
      // line 2, column 3: the "shared" key
      layout.file("trainer", "sample", "fixture.yaml", "object:\n  shared: data/missing.yaml\n");
      layout.file("trainer", "sample", "expected.yaml", DEMO_EXPECTED);

      FixtureResult r = only(verify(WorkloadMap.create(), new VerifyOptions(shared, false, false)));

      assertThat(r.outcome()).isEqualTo(Outcome.FAILED);
      assertThat(r.findings()).singleElement().satisfies(f -> {
        assertThat(f.ruleId()).isEqualTo("fixture.object");
        assertThat(f.message())
            .isEqualTo("object file not found: " + shared.resolve("data/missing.yaml"));
        assertThat(f.location().pointer()).isEqualTo("/object/shared");
      });

      // 2:3 is the "shared" key
      assertThat(r.findings().get(0).location().position())
          .isEqualTo(layout.fixtureDir("trainer", "sample").resolve("fixture.yaml") + ":2:3");
    }

    @Test
    void objectFileIsReadRelativeToTheFixture() {
      layout.definition("trainer", TRAINER);
      Layout.write(layout.root.resolve("trainer/objects/demo.yaml"), DEMO);
      layout.file(
          "trainer", "from-file", "fixture.yaml", "object: {file: ../../objects/demo.yaml}\n");
      layout.file("trainer", "from-file", "expected.yaml", DEMO_EXPECTED);

      FixtureResult r = only(verify());

      assertThat(r.outcome()).isEqualTo(Outcome.PASSED);
      assertThat(r.tree().object().name()).isEqualTo("demo");
    }

    @Test
    void sharedAndFileTogetherAreRejected() {
      layout.definition("trainer", TRAINER);
      layout.file("trainer", "both", "fixture.yaml", "object: {shared: a.yaml, file: b.yaml}\n");

      FixtureResult r = only(verify());

      assertThat(r.outcome()).isEqualTo(Outcome.FAILED);
      assertThat(r.findings()).singleElement().satisfies(f -> {
        assertThat(f.ruleId()).isEqualTo("fixture.object");
        assertThat(f.message()).startsWith("object needs exactly one of \"shared\"");
        assertThat(f.location().pointer()).isEqualTo("/object");
      });
    }

    @Test
    void unknownFixtureFieldIsReportedWithASuggestion() {
      layout.definition("trainer", TRAINER);
      layout.file(
          "trainer", "typo", "fixture.yaml", "descripton: typo\nobject: {file: object.yaml}\n");
      layout.fixture("trainer", "typo", DEMO, DEMO_EXPECTED);

      FixtureResult r = only(verify());

      assertThat(r.outcome()).isEqualTo(Outcome.FAILED);
      assertThat(r.findings()).singleElement().satisfies(f -> {
        assertThat(f.location().pointer()).isEqualTo("/descripton");
        assertThat(f.message()).contains("descripton").contains("description");
      });
    }

    @Test
    void fixtureWithoutAnyObjectFails() {
      layout.definition("trainer", TRAINER);
      layout.file("trainer", "empty", "expected.yaml", DEMO_EXPECTED);

      FixtureResult r = only(verify());

      assertThat(r.outcome()).isEqualTo(Outcome.FAILED);
      assertThat(r.reason()).isEqualTo("no object");
      assertThat(r.findings()).singleElement().satisfies(f -> {
        assertThat(f.ruleId()).isEqualTo("fixture.object");
        assertThat(f.message()).isEqualTo("fixture has no object.yaml and no fixture.yaml object");
      });
    }

    @Test
    void multiDocumentObjectFilePicksTheDocumentOfTheRootKind() {
      layout.definition("trainer", TRAINER);
      String configMap =
          "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: settings}\ndata: {a: b}\n";
      layout.fixture(
          "trainer", "stream", "---\n" + configMap + "---\n" + DEMO + "---\n", DEMO_EXPECTED);

      FixtureResult r = only(verify());

      assertThat(r.outcome()).isEqualTo(Outcome.PASSED);
      assertThat(r.tree().object().kind()).isEqualTo("Trainer");
    }

    @Test
    void multiDocumentObjectFileWithoutTheRootKindFails() {
      layout.definition("trainer", TRAINER);
      String configMap = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: settings}\n";
      layout.fixture("trainer", "stream", configMap + "---\n" + configMap, DEMO_EXPECTED);

      FixtureResult r = only(verify());

      assertThat(r.outcome()).isEqualTo(Outcome.FAILED);
      assertThat(r.findings()).singleElement().satisfies(f -> {
        assertThat(f.ruleId()).isEqualTo("fixture.object");
        assertThat(f.message()).startsWith("no document of kind Trainer in ");
        assertThat(f.hint())
            .isEqualTo("set object.kind (and object.name) in fixture.yaml to pick one document");
      });
    }

    @Test
    void objectKindInFixtureYamlChoosesAmongSeveralDocuments() {
      layout.definition("trainer", TRAINER);
      String other = DEMO.replace("name: demo", "name: other");
      Layout.write(
          layout.fixtureDir("trainer", "two").resolve("objects.yaml"), DEMO + "---\n" + other);
      layout.file("trainer", "two", "fixture.yaml", "object: {file: objects.yaml}\n");
      layout.file("trainer", "two", "expected.yaml", DEMO_EXPECTED);

      FixtureResult r = only(verify());

      assertThat(r.outcome()).isEqualTo(Outcome.FAILED);
      assertThat(r.findings())
          .singleElement()
          .satisfies(f -> assertThat(f.message())
              .startsWith("2 documents of kind Trainer in ")
              .endsWith("; a fixture resolves one object"));
    }
  }

  @Nested
  class BadDefinitions {

    private DefinitionResult verifyBroken(String definitionYaml) {
      layout.definition("trainer", definitionYaml);
      layout.fixture("trainer", "demo", DEMO, DEMO_EXPECTED);
      VerifyReport report = verify();
      assertThat(report.definitions()).hasSize(1);
      DefinitionResult d = report.definitions().get(0);
      assertThat(d.fixtures())
          .as("no fixture runs against an invalid definition")
          .isEmpty();
      assertThat(progress).isEmpty();
      assertThat(d.failed()).isTrue();
      assertThat(report.failed()).isTrue();
      assertThat(report.summary()).isEqualTo("1 definition, 0 fixtures, 1 failed");
      assertThat(report.errors()).isEqualTo(d.report().errors()).isNotEmpty();
      return d;
    }

    private String definitionFile() {
      return layout.root.resolve("trainer").resolve("definition.yaml").toString();
    }

    @Test
    void malformedYaml() {
      // line 3: "metadata: [oops" opens a flow sequence that the next line cannot continue
      DefinitionResult d = verifyBroken(TRAINER.replace("metadata:\n", "metadata: [oops\n"));

      assertThat(d.name()).isEqualTo("definition.yaml");
      assertThat(d.report().errors()).singleElement().satisfies(f -> {
        assertThat(f.ruleId()).isEqualTo("yaml.syntax");
        assertThat(f.location().file()).isEqualTo(definitionFile());
      });

      // SnakeYAML's problem mark, the ':' after "name" on line 4 (4:7)
      Finding f = d.report().errors().get(0);
      assertThat(f.location().position()).isEqualTo(definitionFile() + ":4:7");
      assertThat(f.message()).doesNotContain("\n").contains("']'");
    }

    @Test
    void duplicateKey() {
      // a duplicate key is an error, not a silent last-one-wins
      // line 5, column 3: the second "name" under metadata
      DefinitionResult d = verifyBroken(
          TRAINER.replace("  name: trainer\nspec:", "  name: trainer\n  name: other\nspec:"));

      assertThat(d.report().errors()).singleElement().satisfies(f -> {
        assertThat(f.ruleId()).isEqualTo("yaml.syntax");
        assertThat(f.message())
            .startsWith("duplicate key \"name\" (first defined at line 4, column 3)");
        // the second key
        assertThat(f.location().position()).isEqualTo(definitionFile() + ":5:3");
      });
    }

    @Test
    void wrongFieldType() {
      DefinitionResult d =
          verifyBroken(TRAINER.replace(REPLICAS_LINE, "          replicasPath: [.spec.groups]\n"));

      assertThat(d.name()).isEqualTo("trainer");
      assertThat(d.report().errors()).singleElement().satisfies(f -> {
        assertThat(f.ruleId()).isEqualTo("model.type");
        assertThat(f.message()).isEqualTo("\"replicasPath\" must be a string, got a list");
        assertThat(f.location().file()).isEqualTo(definitionFile());
        assertThat(f.location().pointer())
            .isEqualTo(
                "/spec/structureDefinition/childComponents/0/scaleDefinition" + "/replicasPath");
      });

      // 21:11 is the "replicasPath" key
      assertThat(d.report().errors().get(0).location().position())
          .isEqualTo(definitionFile() + ":21:11");
    }

    @Test
    void jqSyntaxError() {
      DefinitionResult d = verifyBroken(
          TRAINER.replace(REPLICAS_LINE, "          replicasPath: .spec.groups[].replicas |\n"));

      assertThat(d.report().errors()).singleElement().satisfies(f -> {
        assertThat(f.ruleId()).isEqualTo("jq.parse");
        assertThat(f.message())
            .startsWith("failed to parse JQ expression '.spec.groups[].replicas |' at"
                + " 'spec.structureDefinition.childComponents[0].scaleDefinition.replicasPath': ");
        assertThat(f.expression()).isEqualTo(".spec.groups[].replicas |");
        assertThat(f.location().pointer())
            .endsWith("/childComponents/0/scaleDefinition/replicasPath");
      });

      // the exact character: the end of the expression, where the parser expected more (value
      // starts at 21:25)
      assertThat(d.report().errors().get(0).location().position())
          .isEqualTo(definitionFile() + ":21:50");
    }

    @Test
    void rejectedJqConstruct() {
      DefinitionResult d = verifyBroken(
          TRAINER.replace(REPLICAS_LINE, "          replicasPath: '[range(1e12)] | length'\n"));

      assertThat(d.report().errors())
          .extracting(Finding::message)
          .anySatisfy(m -> assertThat(m)
              .contains("function 'range' may produce excessive output and is not" + " allowed"));
    }

    @Test
    void allShapeFindingsOfOneDefinitionAreCollected() {
      DefinitionResult d = verifyBroken(TRAINER
          .replace(REPLICAS_LINE, "          replicasPath: [.spec.groups]\n")
          .replace("    instanceIdPath: .spec.groups[].name", "    instanceIdPath: {a: 1}"));

      assertThat(d.report().errors())
          .extracting(f -> f.location().pointer() + ": " + f.message())
          .containsExactly(
              "/spec/structureDefinition/childComponents/0/instanceIdPath: \"instanceIdPath\" must be a string, got an"
                  + " object",
              "/spec/structureDefinition/childComponents/0/scaleDefinition/replicasPath: \"replicasPath\" must be a"
                  + " string, got a list");
    }

    @Test
    void allJqFindingsOfOneDefinitionAreCollected() {
      DefinitionResult d = verifyBroken(TRAINER
          .replace(REPLICAS_LINE, "          replicasPath: .spec.groups[].replicas |\n")
          .replace("    instanceIdPath: .spec.groups[].name", "    instanceIdPath: '[del(.a)]'"));

      assertThat(d.report().errors())
          .extracting(Finding::ruleId)
          .containsExactlyInAnyOrder("jq.parse", "jq.rejected-construct");
    }

    @Test
    void anInvalidDefinitionDoesNotStopTheOthers() {
      layout.definition(
          "a-broken", TRAINER.replace(REPLICAS_LINE, "          replicasPath: .x |\n"));
      layout.definition("b-trainer", TRAINER);
      layout.fixture("a-broken", "demo", DEMO, DEMO_EXPECTED);
      layout.fixture("b-trainer", "demo", DEMO, DEMO_EXPECTED);

      VerifyReport report = verify();

      assertThat(report.definitions())
          .extracting(DefinitionResult::failed)
          .containsExactly(true, false);
      assertThat(progress).extracting(FixtureResult::outcome).containsExactly(Outcome.PASSED);
      assertThat(report.summary()).isEqualTo("2 definitions, 1 fixture, 1 failed");
    }

    @Test
    void twoDefinitionsInOneFileAreRejected() {
      layout.definition(
          "trainer", TRAINER + "---\n" + TRAINER.replace("name: trainer\nspec", "name: t2\nspec"));

      VerifyReport report = verify();

      DefinitionResult d = report.definitions().get(0);
      assertThat(d.fixtures()).isEmpty();
      assertThat(d.report().errors()).singleElement().satisfies(f -> {
        assertThat(f.ruleId()).isEqualTo("verify.one-definition");
        assertThat(f.message())
            .isEqualTo("a definition file must hold exactly one definition, found 2");
      });
    }
  }

  @Nested
  class EvaluationProblems {

    /**
     * An expression the validator lets through (no range, recurse or repeat) that would run for minutes: transpose
     * of a 200 000-column row is a quadratic reduce over range inside a jq-defined builtin. The small budget must
     * stop it, the problem is contained in the tree, and the pinned replicas then disagree.
     */
    @Test
    void expressionThatNeverEndsFailsTheFixtureWithABudgetProblem() {
      String expression = "[\"x\" * 200000 | explode] | transpose | length";
      layout.definition(
          "trainer",
          TRAINER.replace(REPLICAS_LINE, "          replicasPath: '" + expression + "'\n"));
      layout.fixture("trainer", "slow", DEMO, DEMO_EXPECTED);
      WorkloadMap wm = WorkloadMap.builder()
          .engine(Jq.newEngine(JqOptions.defaults().withBudget(Duration.ofMillis(200))))
          .build();

      VerifyReport report = assertTimeoutPreemptively(
          Duration.ofSeconds(30), () -> verify(wm, new VerifyOptions(null, false, false)));

      FixtureResult r = only(report);
      assertThat(r.outcome()).isEqualTo(Outcome.FAILED);
      assertThat(r.tree().problems()).isNotEmpty().allSatisfy(p -> {
        assertThat(p.expression()).isEqualTo(expression);
        // whichever budget the machine reaches first: 200 ms of time, or the default 1 GiB of
        // allocation
        assertThat(p.message())
            .containsAnyOf(
                "evaluation exceeded its time budget of 200ms",
                "evaluation allocated more than its memory budget of 1GiB");
      });
      assertThat(r.text()).containsAnyOf("exceeded its time budget", "more than its memory budget");
      assertThat(r.findings())
          .extracting(f -> f.location().pointer())
          .contains("/total/replicas", "/root/children/0/instances/0/replicas");
    }

    @Test
    void recursionWithoutABaseCaseIsAValidationErrorAtTheRecursiveCall() {
      layout.definition(
          "trainer", TRAINER.replace(REPLICAS_LINE, "          replicasPath: 'def f: f; f'\n"));
      layout.fixture("trainer", "recursion", DEMO, DEMO_EXPECTED);

      VerifyReport report = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> verify());

      var findings = report.definitions().get(0).report().findings().stream()
          .filter(f -> f.ruleId().equals("jq.endless-recursion"))
          .toList();
      assertThat(findings).singleElement().satisfies(f -> {
        assertThat(f.message()).contains("'def f' calls itself unconditionally: it never ends");
        assertThat(f.location().pointer()).endsWith("/replicasPath");
        // the expression starts at column 26 (after "replicasPath: '"); the recursive call is at
        // its offset 7
        assertThat(f.location().line()).isPositive();
        assertThat(f.location().column()).isEqualTo(26 + 7);
      });
    }

    @Test
    void endlessRecursionFailsTheFixtureInsteadOfHanging() {
      // a branch the lint cannot decide (if true): it runs, and the stack guard stops it
      layout.definition(
          "trainer",
          TRAINER.replace(
              REPLICAS_LINE, "          replicasPath: 'def f: if true then f else . end; f'\n"));
      layout.fixture("trainer", "recursion", DEMO, DEMO_EXPECTED);

      VerifyReport report = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> verify());

      FixtureResult r = only(report);
      assertThat(r.outcome()).isEqualTo(Outcome.FAILED);
      assertThat(r.tree().problems())
          .isNotEmpty()
          .allSatisfy(p ->
              assertThat(p.message()).contains("evaluation recursed too deeply (stack overflow)"));
    }

    @Test
    void objectLackingThePathsShowsTheContainedProblemAndTheMismatch() {
      layout.definition("trainer", TRAINER);
      String noGroups =
          "apiVersion: example.com/v1\nkind: Trainer\nmetadata: {name: bare, namespace: ml}\nspec: {}\n";
      layout.fixture("trainer", "bare", noGroups, DEMO_EXPECTED);

      FixtureResult r = only(verify());

      assertThat(r.outcome()).isEqualTo(Outcome.FAILED);
      assertThat(r.tree().problems()).isNotEmpty();
      WorkloadMap wm = WorkloadMap.create();
      assertThat(wm.toJson(r.tree()).get("problems"))
          .isNotEmpty()
          .allSatisfy(p ->
              assertThat(p.asText()).contains("component 'group'", "Cannot iterate over null"));
      assertThat(r.findings())
          .filteredOn(f -> f.ruleId().equals("fixture.mismatch"))
          .extracting(f -> f.location().pointer() + ": " + f.message())
          .containsExactly(
              "/statuses/0: expected \"Running\", actual \"Undefined\"",
              "/total/replicas: expected 4, actual null",
              "/total/resources/gpus: expected 8, actual null",
              "/root/children/0/instances: expected 2 items, actual 0: []");
      // the contained problem fails the fixture on its own too, pointing at the definition's path
      assertThat(r.findings())
          .filteredOn(f -> f.ruleId().equals("fixture.unexpected-problem"))
          .isNotEmpty()
          .allSatisfy(f -> {
            assertThat(f.message()).startsWith("evaluation problem not expected by this fixture: ");
            assertThat(f.location().file()).endsWith("definition.yaml");
          });
    }

    @Test
    void aFixtureMayPinTheProblemItExpects() {
      layout.definition("trainer", TRAINER);
      String noGroups =
          "apiVersion: example.com/v1\nkind: Trainer\nmetadata: {name: bare, namespace: ml}\nspec: {}\n";
      VerifyReport first = verify(WorkloadMap.create(), new VerifyOptions(null, true, false));
      assertThat(first.fixtureCount()).isZero();
      layout.file("trainer", "bare", "object.yaml", noGroups);
      verify(WorkloadMap.create(), new VerifyOptions(null, true, false));
      assertThat(Layout.read(layout.fixtureDir("trainer", "bare").resolve("expected.yaml")))
          .contains("problems:");

      FixtureResult r = only(verify());

      assertThat(r.outcome()).isEqualTo(Outcome.PASSED);
    }
  }

  @Nested
  class Summary {

    @Test
    void countsDefinitionsFixturesFailuresSkipsAndUpdates() {
      layout.definition("trainer", TRAINER);
      layout.fixture("trainer", "a-pass", DEMO, DEMO_EXPECTED);
      layout.fixture("trainer", "b-fail", DEMO, DEMO_EXPECTED.replace("gpus: 8", "gpus: 9"));
      layout.fixture("trainer", "c-pass", DEMO, DEMO_EXPECTED.replace("statuses: [Running]\n", ""));

      VerifyReport report = verify();

      assertThat(report.summary()).isEqualTo("1 definition, 3 fixtures, 1 failed");
      assertThat(report.fixtureCount()).isEqualTo(3);
      assertThat(report.failedCount()).isEqualTo(1);
      assertThat(report.count(Outcome.PASSED)).isEqualTo(2);

      layout.file("trainer", "d-skip", "fixture.yaml", "object: {shared: data/x.yaml}\n");
      assertThat(verify().summary()).isEqualTo("1 definition, 4 fixtures, 1 failed, 1 skipped");
    }

    @Test
    void pluralsAndUpdatesInTheSummary() {
      layout.definition("a", TRAINER);
      layout.definition("b", TRAINER);
      layout.file("a", "one", "object.yaml", DEMO);
      layout.file("a", "skip", "fixture.yaml", "object: {shared: data/x.yaml}\n");

      VerifyReport report = verify(WorkloadMap.create(), new VerifyOptions(null, true, false));

      assertThat(report.summary())
          .isEqualTo("2 definitions, 2 fixtures, 0 failed, 1 skipped, 1 updated");
      assertThat(Files.isRegularFile(layout.fixtureDir("a", "one").resolve("expected.yaml")))
          .isTrue();
      assertThat(Files.exists(layout.fixtureDir("a", "skip").resolve("expected.yaml")))
          .isFalse();
    }
  }
}
