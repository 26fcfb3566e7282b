package dev.workloadmap.codegen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Incremental generation: nothing is regenerated while the inputs are the same; any changed input regenerates. */
class IncrementalGeneratorTest {

  @TempDir
  Path dir;

  private Path defs;
  private Path trainer;
  private Path other;

  @BeforeEach
  void definitions() throws Exception {
    defs = dir.resolve("src/main/workloadmap");
    trainer = defs.resolve("trainer/definition.yaml");
    other = defs.resolve("other/definition.yaml");
    Files.createDirectories(trainer.getParent());
    Files.createDirectories(other.getParent());
    Files.writeString(trainer, HostileNamesTest.definition("trainer", "Trainer", List.of("group")));
    Files.writeString(other, HostileNamesTest.definition("other", "Other", List.of("worker")));
  }

  private IncrementalGenerator.Result run(CodegenOptions options, boolean force) {
    List<Path> files = DefinitionSelection.select(defs, List.of(), List.of());
    return IncrementalGenerator.run(
        Repo.WM,
        new IncrementalGenerator.Request(
            dir,
            files,
            options,
            dir.resolve("target/generated-sources/workloadmap"),
            dir.resolve("target/generated-resources/workloadmap"),
            dir.resolve("target/workloadmap-generate.stamp"),
            "1.0",
            force));
  }

  private Path source(String simpleName) {
    return dir.resolve("target/generated-sources/workloadmap/com/example/" + simpleName + ".java");
  }

  @Test
  void aSecondRunWithTheSameInputsWritesNothing() throws Exception {
    CodegenOptions options = CodegenOptions.of("com.example");
    IncrementalGenerator.Result first = run(options, false);
    assertThat(first.upToDate()).isFalse();
    assertThat(first.classes()).isEqualTo(2);
    assertThat(first.written()).hasSize(4);
    assertThat(Files.readString(source("TrainerWorkload")))
        .contains("DEFINITION_FILE = \"src/main/workloadmap/trainer/definition.yaml\"");
    IncrementalGenerator.Result second = run(options, false);
    assertThat(second.upToDate()).isTrue();
    assertThat(second.classes()).isEqualTo(2);
    assertThat(second.written()).isEmpty();
  }

  @Test
  void aChangedDefinitionRegeneratesAndRewritesOnlyWhatChanged() throws Exception {
    CodegenOptions options = CodegenOptions.of("com.example");
    run(options, false);
    Files.writeString(
        trainer, Files.readString(trainer).replace("name: \"group\"", "name: \"gang\""));
    IncrementalGenerator.Result r = run(options, false);
    assertThat(r.upToDate()).isFalse();
    assertThat(r.written())
        .extracting(p -> p.getFileName().toString())
        .containsExactlyInAnyOrder("TrainerWorkload.java", "TrainerWorkload.definition.yaml");
    assertThat(Files.readString(source("TrainerWorkload")))
        .contains("public List<GangInstance> gang()");
  }

  @Test
  void changedOptionsRegenerateAndFilesNoLongerGeneratedAreDeleted() throws Exception {
    run(CodegenOptions.of("com.example"), false);
    IncrementalGenerator.Result r =
        run(new CodegenOptions("com.example", Map.of("trainer", "Trainer")), false);
    assertThat(r.upToDate()).isFalse();
    assertThat(source("Trainer")).exists();
    assertThat(source("TrainerWorkload")).doesNotExist();
    assertThat(r.deleted())
        .extracting(p -> p.getFileName().toString())
        .containsExactlyInAnyOrder("TrainerWorkload.java", "TrainerWorkload.definition.yaml");
  }

  @Test
  void aDeletedOutputOrForceRegenerates() throws Exception {
    CodegenOptions options = CodegenOptions.of("com.example");
    run(options, false);
    Files.delete(source("OtherWorkload"));
    IncrementalGenerator.Result r = run(options, false);
    assertThat(r.upToDate()).isFalse();
    assertThat(r.written()).containsExactly(source("OtherWorkload"));
    IncrementalGenerator.Result forced = run(options, true);
    assertThat(forced.upToDate()).isFalse();
    assertThat(forced.written()).as("same bytes: nothing rewritten").isEmpty();
  }

  @Test
  void everyInvalidDefinitionIsReportedAtOnce() throws Exception {
    Files.writeString(
        trainer, Files.readString(trainer).replace("ownerRef: trainer", "ownerRef: nobody"));
    Files.writeString(
        other, Files.readString(other).replace("ownerRef: trainer", "ownerRef: nobody"));
    assertThatThrownBy(() -> run(CodegenOptions.of("com.example"), false))
        .isInstanceOfSatisfying(
            CodegenException.class,
            e -> assertThat(e.problems())
                .anySatisfy(
                    p -> assertThat(p).startsWith("src/main/workloadmap/trainer/definition.yaml:"))
                .anySatisfy(
                    p -> assertThat(p).startsWith("src/main/workloadmap/other/definition.yaml:")));
  }

  @Test
  void theSelectionUsesIncludesAndExcludes() {
    assertThat(DefinitionSelection.select(defs, List.of("*/definition.yaml"), List.of("other/**")))
        .containsExactly(trainer);
    assertThatThrownBy(() -> DefinitionSelection.select(defs, List.of("*.yml"), List.of()))
        .isInstanceOf(CodegenException.class)
        .hasMessage(defs
            + ": no definition file matches includes [*.yml]; check the patterns (relative to this"
            + " folder)");
  }
}
