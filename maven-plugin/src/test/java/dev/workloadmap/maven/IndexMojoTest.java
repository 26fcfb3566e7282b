package dev.workloadmap.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code workloadmap:index} writes the catalog index into the classes folder. */
class IndexMojoTest {

  @TempDir
  Path dir;

  private final RecordingLog log = new RecordingLog();

  private IndexMojo mojo(Path definitions) {
    IndexMojo m = new IndexMojo();
    m.setLog(log);
    m.definitionsDirectory = definitions.toFile();
    m.outputDirectory = dir.resolve("classes").toFile();
    return m;
  }

  @Test
  void writesOneSortedLinePerDefinitionFolderAndLogsTheCount() throws Exception {
    Path defs = dir.resolve("workloadmap");
    for (String slug : new String[] {"core-pod-v1", "batch-job-v1"}) {
      Files.createDirectories(defs.resolve(slug));
      Files.writeString(defs.resolve(slug).resolve("definition.yaml"), "# " + slug);
    }
    mojo(defs).execute();
    Path index = dir.resolve("classes/META-INF/workloadmap/catalog/index.txt");
    assertThat(Files.readAllLines(index))
        .filteredOn(l -> !l.startsWith("#"))
        .containsExactly("batch-job-v1", "core-pod-v1");
    assertThat(log.lines)
        .containsExactly(
            "[INFO] Wrote META-INF/workloadmap/catalog/index.txt (2 entries) from " + defs);
  }

  @Test
  void aFolderThatIsNotASlugFailsTheBuildWithTheSdkMessage() throws Exception {
    Path defs = dir.resolve("workloadmap");
    Files.createDirectories(defs.resolve("Bad_Name"));
    Files.writeString(defs.resolve("Bad_Name/definition.yaml"), "#");
    assertThatThrownBy(() -> mojo(defs).execute())
        .isInstanceOf(MojoFailureException.class)
        .hasMessageStartingWith(defs.resolve("Bad_Name") + ": 'Bad_Name' is not a catalog slug");
  }

  @Test
  void aMissingDefinitionsFolderFailsTheBuild() {
    assertThatThrownBy(() -> mojo(dir.resolve("missing")).execute())
        .isInstanceOf(MojoFailureException.class)
        .hasMessage("No catalog definitions folder " + dir.resolve("missing")
            + " (expected <slug>/definition.yaml folders)");
  }

  @Test
  void recordsTheEntriesItValidatedWithTheValidatorBesideTheIndexUnlessTurnedOff()
      throws Exception {
    Path defs = dir.resolve("workloadmap");
    Path valid = Files.createDirectories(defs.resolve("demo-example-com-trainjob-v1"));
    Files.copy(
        Path.of("src/test/resources/analyze-overlapping/demo-running-failed/definition.yaml"),
        valid.resolve("definition.yaml"));
    Files.createDirectories(defs.resolve("core-pod-v1"));
    Files.writeString(defs.resolve("core-pod-v1/definition.yaml"), "# not a definition");
    mojo(defs).execute();
    Path record = dir.resolve("classes/META-INF/workloadmap/catalog/validated.txt");
    String sha = dev.workloadmap.sdk.internal.proof.Sha256.hex(
        Files.readAllBytes(valid.resolve("definition.yaml")));
    assertThat(Files.readAllLines(record))
        .filteredOn(l -> !l.startsWith("#"))
        .containsExactly(
            "validator " + dev.workloadmap.sdk.internal.proof.ValidatorIdentity.current(),
            "demo-example-com-trainjob-v1 " + sha);
    Files.delete(record);
    IndexMojo off = mojo(defs);
    off.recordValidation = false;
    off.execute();
    assertThat(record).doesNotExist();
  }
}
