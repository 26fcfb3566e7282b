package dev.workloadmap.sdk.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.workloadmap.sdk.internal.catalog.CatalogTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The generated README table of a catalog. */
class CatalogTableTest {

  /** A copy of the test catalog as a source tree, with fixture folders. */
  private static Path sourceTree(Path tmp) throws IOException {
    Path src = CatalogTest.testCatalogRoot().resolve(Catalog.RESOURCE_ROOT);
    try (Stream<Path> s = Files.list(src)) {
      for (Path folder : s.filter(Files::isDirectory).toList()) {
        Path target = Files.createDirectories(tmp.resolve(folder.getFileName()));
        Files.copy(folder.resolve("definition.yaml"), target.resolve("definition.yaml"));
      }
    }
    Files.createDirectories(tmp.resolve("batch-job-v1/fixtures/status-complete"));
    Files.createDirectories(tmp.resolve("batch-job-v1/fixtures/status-failed"));
    Files.writeString(tmp.resolve("batch-job-v1/fixtures/notes.txt"), "not a fixture");
    Files.createDirectories(tmp.resolve("kubeflow-org-pytorchjob-v1/fixtures/sample"));
    return tmp;
  }

  @Test
  void markdownHasOneRowPerEntryInGvkOrderDerivedFromTheDefinitions(@TempDir Path tmp)
      throws IOException {
    String table = CatalogTable.markdown(sourceTree(tmp));
    assertThat(table.split("\n"))
        .containsExactly(
            "| GVK | Slug | Components | Statuses mapped | Gang | Suspend | Fixtures |",
            "|---|---|---|---|---|---|---:|",
            "| `batch/v1 Job` | `batch-job-v1` | root | Completed, Failed | - | yes | 2 |",
            "| `example.com/v1 Widget` | `example-com-widget-v1` | root | Running | - | no | 0 |",
            "| `example.com/v1alpha1 Widget` | `example-com-widget-v1alpha1` | root | Running | - | no | 0 |",
            "| `example.com/v1beta1 Widget` | `example-com-widget-v1beta1` | root | Running | - | no | 0 |",
            "| `example.com/v2alpha1 Widget` | `example-com-widget-v2alpha1` | root | Running | - | no | 0 |",
            "| `kubeflow.org/v1 PyTorchJob` | `kubeflow-org-pytorchjob-v1` | root, replica < root | Running, Completed, Failed "
                + "| podGroups (job: replica) | no | 1 |",
            "| `v1 Pod` | `core-pod-v1` | root | Running, Completed, Failed | - | no | 0 |");
  }

  @Test
  void spliceReplacesOnlyTheTextBetweenTheMarkers() {
    String doc = "# Title\n\nintro\n" + CatalogTable.BEGIN + "\nold table\n" + CatalogTable.END
        + "\n\nafter\n";
    String updated = CatalogTable.splice(doc, "| new |");
    assertThat(updated)
        .isEqualTo("# Title\n\nintro\n" + CatalogTable.BEGIN + "\n| new |\n" + CatalogTable.END
            + "\n\nafter\n");
    assertThat(CatalogTable.extract(updated)).isEqualTo("| new |\n");
    assertThat(CatalogTable.splice(updated, "| new |\n")).isEqualTo(updated);
  }

  @Test
  void missingOrRepeatedMarkersAreAnError() {
    assertThatThrownBy(() -> CatalogTable.extract("no markers"))
        .isInstanceOf(CatalogException.class)
        .hasMessageContaining("around the generated catalog table");
    String twice = CatalogTable.BEGIN + "\n" + CatalogTable.END + "\n" + CatalogTable.BEGIN + "\n"
        + CatalogTable.END;
    assertThatThrownBy(() -> CatalogTable.splice(twice, "x")).isInstanceOf(CatalogException.class);
    assertThatThrownBy(
            () -> CatalogTable.extract(CatalogTable.END + "\n" + CatalogTable.BEGIN + "\n"))
        .isInstanceOf(CatalogException.class);
  }
}
