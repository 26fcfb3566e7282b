package dev.workloadmap.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code validate FILE|-} (spec §7.3): exit 0 valid, 1 invalid, 2 usage or read error. Unit tier. */
class ValidateCommandTest {

  static final Path JOB = Path.of("..", "catalog", "src", "main", "workloadmap", "batch-job-v1", "definition.yaml");

  @Test
  void aCatalogDefinitionIsValid() {
    Cli.Result r = Cli.exec("validate", JOB.toString());
    assertThat(r.exitCode()).as(r.toString()).isEqualTo(0);
    assertThat(r.out()).startsWith("OK: batch-job-v1 is a valid Karta definition (GVK: batch/v1, Kind=Job)");
  }

  @Test
  void anInvalidDefinitionListsEveryFindingWithItsPositionAndExitsOne(@TempDir Path dir) throws Exception {
    Path bad = dir.resolve("bad.yaml");
    Files.writeString(bad, Files.readString(JOB).replace("kind: Job", "kind: Job\n        kindd: x"));
    Cli.Result r = Cli.exec("validate", bad.toString());
    assertThat(r.exitCode()).as(r.toString()).isEqualTo(1);
    assertThat(r.out()).startsWith("INVALID: batch-job-v1").containsPattern("bad\\.yaml:\\d+:\\d+ ")
        .contains("kindd").containsPattern("\\d+ finding\\(s\\)\n$");
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
    Cli.Result empty = new Cli().stdin("").run("validate", "-");
    assertThat(empty.exitCode()).isEqualTo(2);
  }

  @Test
  void readsStandardInput() throws Exception {
    Cli.Result r = new Cli().stdin(Files.readString(JOB)).run("validate", "-");
    assertThat(r.exitCode()).as(r.toString()).isZero();
    assertThat(r.out()).startsWith("OK: batch-job-v1");
  }
}
