package dev.workloadmap.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code verify}: the reference's hack/karta-verify flags, prediction files and exit codes (0 ok, 1 load or validation
 * failure, 2 prediction mismatch, 3 warnings under --strict), plus the write round trip; and {@code validate
 * --analyze}. Unit tier.
 */
class VerifyCommandTest {

  static final Path JOBSET =
      Path.of("..", "catalog", "src", "main", "workloadmap", "jobset-x-k8s-io-jobset-v1alpha2");
  static final Path DEF = JOBSET.resolve("definition.yaml");
  static final Path SEED = JOBSET.resolve("fixtures/seed-leader-and-workers/object.yaml");
  static final Path PREDICT =
      Path.of("..", "docs", "examples", "karta-verify", "jobset-seed.predict.yaml");

  @Test
  void validationOnlyExitsZero() {
    Cli.Result r = Cli.exec("verify", "--karta", DEF.toString());
    assertThat(r.exitCode()).as(r.toString()).isZero();
    assertThat(r.out()).contains("is structurally valid").contains("No --workload given");
  }

  @Test
  void theReferencePredictionFileMatchesAndTheRoundTripIsClean() {
    Cli.Result r = Cli.exec(
        "verify",
        "-karta",
        DEF.toString(),
        "-workload",
        SEED.toString(),
        "--predict",
        PREDICT.toString());
    assertThat(r.exitCode()).as(r.toString()).isZero();
    assertThat(r.out())
        .contains("replicatedjob[worker]              replicas=2")
        .contains("all 5 predicted value(s) matched the extraction")
        .contains("3 clean, 0 findings, 0 skipped");
  }

  @Test
  void aMismatchExitsTwoAndStrictWarningsExitThree(@TempDir Path dir) throws Exception {
    Path p = dir.resolve("p.yaml");
    Files.writeString(p, "components:\n- key: replicatedjob[worker]\n  replicas: 3\n");
    Cli.Result r = Cli.exec(
        "verify",
        "--karta",
        DEF.toString(),
        "--workload",
        SEED.toString(),
        "--predict",
        p.toString());
    assertThat(r.exitCode()).as(r.toString()).isEqualTo(2);
    assertThat(r.out())
        .contains("MISMATCH replicatedjob[worker] replicas: predicted 3, extracted 2");
    // the seed has no status yet: Undefined is a warning, so --strict exits 3
    Cli.Result strict =
        Cli.exec("verify", "--karta", DEF.toString(), "--workload", SEED.toString(), "--strict");
    assertThat(strict.exitCode()).as(strict.toString()).isEqualTo(3);
    assertThat(strict.err()).contains("1 warning(s) under --strict");
    Path dump = dir.resolve("dump.yaml");
    Cli.Result d = Cli.exec(
        "verify",
        "--karta",
        DEF.toString(),
        "--workload",
        SEED.toString(),
        "--dump",
        dump.toString());
    assertThat(d.exitCode()).isZero();
    Cli.Result again = Cli.exec(
        "verify",
        "--karta",
        DEF.toString(),
        "--workload",
        SEED.toString(),
        "--predict",
        dump.toString());
    assertThat(again.exitCode()).as(again.toString()).isZero();
  }

  @Test
  void readErrorsNameTheFileAndItsPlaceWithAHint(@TempDir Path dir) throws Exception {
    Path missing = dir.resolve("nope.yaml");
    Cli.Result r = Cli.exec("verify", "--karta", missing.toString());
    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.err())
        .contains("error: parse Karta definition: " + missing)
        .contains("hint: check the file given to --karta with: workloadmap validate " + missing);

    Path broken = dir.resolve("broken.yaml");
    Files.writeString(
        broken, "apiVersion: run.ai/v1alpha1\nkind: Karta\nmetadata: {name: x\nspec: [\n");
    Cli.Result b = Cli.exec("verify", "--karta", broken.toString());
    assertThat(b.exitCode()).isEqualTo(1);
    assertThat(b.err())
        .containsPattern("error: parse Karta definition: "
            + java.util.regex.Pattern.quote(broken.toString()) + ":4:\\d+");

    Path workload = dir.resolve("cr.yaml");
    Files.writeString(
        workload, "apiVersion: jobset.x-k8s.io/v1alpha2\nkind: JobSet\nmetadata: [\n");
    Cli.Result w = Cli.exec("verify", "--karta", DEF.toString(), "--workload", workload.toString());
    assertThat(w.exitCode()).isEqualTo(1);
    assertThat(w.err())
        .containsPattern("error: parse workload: "
            + java.util.regex.Pattern.quote(workload.toString()) + ":\\d+:\\d+")
        .contains("hint: give --workload the object's YAML");
  }

  @Test
  void extractionFlagsWithoutAWorkloadAndInvalidDefinitionsExitOne(@TempDir Path dir)
      throws Exception {
    Cli.Result r = Cli.exec("verify", "--karta", DEF.toString(), "--strict");
    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.err()).contains("--strict requires --workload");
    Path bad = dir.resolve("bad.yaml");
    Files.writeString(
        bad, Files.readString(DEF).replace("rootComponent:", "rootComponent:\n      bogus: 1"));
    Cli.Result invalid = Cli.exec("verify", "--karta", bad.toString());
    assertThat(invalid.exitCode()).isEqualTo(1);
    assertThat(invalid.err()).contains("not valid").contains("bogus");
    assertThat(Cli.exec("verify").exitCode()).isEqualTo(1);
  }

  @Test
  void validateAnalyzePrintsTheCounterexampleOfAnOverlappingDefinition() {
    Cli.Result r = Cli.exec(
        "validate",
        "--analyze",
        Path.of("..", "docs", "examples", "overlap-demo", "definition.yaml").toString());
    assertThat(r.exitCode()).as(r.toString()).isEqualTo(1);
    assertThat(r.out())
        .contains("OVERLAP Running + Failed")
        .contains(
            "{\"status\":{\"conditions\":[{\"type\":\"Failed\",\"status\":\"True\"},{\"type\":\"Running\",\"status\":\"True\"}]}}");
    Path crd = Path.of("..", "..", "shared", "data", "crds", "jobset.jobset.x-k8s.io.yaml");
    org.junit.jupiter.api.Assumptions.assumeTrue(
        Files.isRegularFile(crd), "../shared/data/crds is absent");
    // the catalog's JobSet: each pair it allows is justified in an overlap.workloadmap.dev
    // annotation
    Cli.Result clean = Cli.exec("validate", "--analyze", "--crd", crd.toString(), DEF.toString());
    assertThat(clean.exitCode()).as(clean.toString()).isZero();
    assertThat(clean.out())
        .contains("Overlap jobset-x-k8s-io-jobset-v1alpha2: clean")
        .contains("allowed Failed + Completed");
  }
}
