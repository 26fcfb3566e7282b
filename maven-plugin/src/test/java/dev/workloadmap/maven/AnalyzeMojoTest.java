package dev.workloadmap.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code workloadmap:analyze} on two demonstration definitions known to be wrong (test resources {@code
 * analyze-overlapping/}): one whose Running and Failed overlap, one whose Complete=True maps to Undefined. Every
 * definition is analysed and listed before the goal fails once.
 */
class AnalyzeMojoTest {

  @TempDir
  Path dir;

  private final RecordingLog log = new RecordingLog();

  private AnalyzeMojo mojo(boolean failOnProblems) throws IOException {
    Path defs = dir.resolve("workloadmap");
    for (String name : List.of("demo-running-failed", "demo-complete-undefined")) {
      Files.createDirectories(defs.resolve(name));
      try (InputStream in =
          getClass().getResourceAsStream("/analyze-overlapping/" + name + "/definition.yaml")) {
        Files.copy(in, defs.resolve(name).resolve("definition.yaml"));
      }
    }
    AnalyzeMojo m = new AnalyzeMojo();
    m.setLog(log);
    m.definitionsDirectory = defs.toFile();
    m.sharedDirectory = dir.resolve("no-shared").toFile();
    m.crdDirectory = dir.resolve("no-crds").toFile();
    m.reportsDirectory = dir.resolve("reports").toFile();
    m.gpuResourceName = "nvidia.com/gpu";
    m.budget = 20000;
    m.seed = 20260101L;
    m.failOnProblems = failOnProblems;
    return m;
  }

  @Test
  void failOnProblemsListsEveryDefinitionWithItsSmallestCounterexampleThenFailsOnce()
      throws Exception {
    AnalyzeMojo m = mojo(true);

    assertThatThrownBy(m::execute)
        .isInstanceOf(MojoFailureException.class)
        .hasMessageStartingWith(
            "2 definition(s) analysed, 2 with problems: [demo-complete-undefined,"
                + " demo-running-failed]")
        .hasMessageContaining("hint: ");

    assertThat(log.lines)
        .contains(
            "[ERROR]   OVERLAP Running + Failed (1 object(s); matched [Running, Failed])",
            "[ERROR]     smallest counterexample (2 field(s)): {\"status\":{\"conditions\":[{\"type\":\"Failed\","
                + "\"status\":\"True\"},{\"type\":\"Running\",\"status\":\"True\"}]}}",
            "[ERROR]   UNDEFINED terminal-looking condition Complete=True maps to Undefined: {\"status\":{\"conditions\":"
                + "[{\"type\":\"Complete\",\"status\":\"True\"}],\"failed\":1}}");
    // both definitions were listed before the one failure; the report was written too
    assertThat(log.lines).filteredOn(l -> l.startsWith("[ERROR] Overlap ")).hasSize(2);
    assertThat(dir.resolve("reports/overlap.json"))
        .content()
        .contains("\"definition\" : \"demo-running-failed\"");
  }

  @Test
  void toleratedProblemsAreWarningsAndTheGoalPasses() throws Exception {
    AnalyzeMojo m = mojo(false);
    m.execute();
    assertThat(log.lines)
        .noneMatch(l -> l.startsWith("[ERROR]"))
        .contains("[WARNING]   OVERLAP Running + Failed (1 object(s); matched [Running, Failed])")
        .endsWith("[INFO] 2 definition(s) analysed, 2 with problems");
  }
}
