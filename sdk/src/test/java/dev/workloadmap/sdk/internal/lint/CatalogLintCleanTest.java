package dev.workloadmap.sdk.internal.lint;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.validation.Finding;
import dev.workloadmap.sdk.validation.Severity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Every catalog definition (catalog/src/main/workloadmap/*&#47;definition.yaml, read from the source tree) lints
 * clean through {@link WorkloadMap#read(Path)} with every rule wired in: no error and no warning. The only info
 * allowed is the deprecated {@code podGroups} form, which the reference catalog uses throughout.
 */
class CatalogLintCleanTest {

  static final Path CATALOG = Path.of("..", "catalog", "src", "main", "workloadmap");

  static List<Path> catalogFiles() throws IOException {
    Assumptions.assumeTrue(
        Files.isDirectory(CATALOG),
        "the catalog sources are not next to the sdk module (" + CATALOG.toAbsolutePath() + ")");
    try (Stream<Path> s = Files.list(CATALOG)) {
      return s.map(d -> d.resolve("definition.yaml"))
          .filter(Files::isRegularFile)
          .sorted()
          .toList();
    }
  }

  @Test
  void everyCatalogDefinitionHasNoErrorOrWarning() throws IOException {
    List<Path> files = catalogFiles();
    assertThat(files).hasSizeGreaterThanOrEqualTo(20);
    WorkloadMap wm = WorkloadMap.create();
    List<Finding> problems = new ArrayList<>();
    int podGroupsInfos = 0;
    for (Path f : files) {
      for (WorkloadMap.Loaded l : wm.read(f)) {
        assertThat(l.definition()).as("%s", f).isNotNull();
        for (Finding finding : l.report().findings()) {
          if (finding.severity() == Severity.INFO
              && finding.ruleId().equals(StructureLintRule.DEPRECATED_POD_GROUPS)) {
            podGroupsInfos++;
          } else {
            problems.add(finding);
          }
        }
      }
    }
    assertThat(problems).as("findings on the catalog").isEmpty();
    assertThat(podGroupsInfos)
        .as("catalog entries with podGroups (the reference's form)")
        .isPositive();
  }
}
