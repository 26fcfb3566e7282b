package dev.workloadmap.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.workloadmap.sdk.catalog.Catalog;
import dev.workloadmap.sdk.catalog.CatalogEntry;
import dev.workloadmap.sdk.catalog.CatalogException;
import dev.workloadmap.sdk.catalog.CatalogIndex;
import dev.workloadmap.sdk.definition.Gvk;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link Catalog#builtIn()} on the catalog module's own class path: the jar's resources and its generated index
 * (docs/format.md#catalog, conformance CA-01..CA-09 on the real entries).
 */
class BuiltInCatalogTest {

  private static Catalog catalog;

  @BeforeAll
  static void load() {
    catalog = Catalog.builtIn();
  }

  private static List<String> sourceSlugs() {
    return CatalogSources.definitionFiles().stream()
        .map(f -> f.getParent().getFileName().toString())
        .toList();
  }

  @Test
  void builtInHasOneEntryPerDefinitionFolderShippedAsPublished() throws IOException {
    assertThat(sourceSlugs()).hasSize(27);
    assertThat(catalog.list())
        .extracting(CatalogEntry::slug)
        .containsExactlyInAnyOrderElementsOf(sourceSlugs());
    for (CatalogEntry e : catalog.list()) {
      Path source = CatalogSources.definitionsRoot().resolve(e.slug()).resolve("definition.yaml");
      assertThat(e.yaml()).as(e.resource()).isEqualTo(Files.readString(source));
      assertThat(e.definition().name()).isEqualTo(e.slug());
    }
  }

  @Test
  void theGeneratedIndexListsEveryDefinitionFolder() throws IOException {
    try (InputStream in = getClass().getClassLoader().getResourceAsStream(Catalog.INDEX_RESOURCE)) {
      assertThat(in)
          .as(Catalog.INDEX_RESOURCE + " (written by workloadmap:index at process-resources)")
          .isNotNull();
      String index = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      assertThat(index)
          .isEqualTo(CatalogIndex.render(CatalogIndex.slugs(CatalogSources.definitionsRoot())));
      assertThat(CatalogIndex.parse(index, Catalog.INDEX_RESOURCE)).isEqualTo(sourceSlugs());
    }
  }

  @Test
  void ca04_listIsSortedByTheRootGvkString() {
    List<String> gvks = catalog.gvks().stream().map(Gvk::toString).toList();
    assertThat(gvks)
        .isSorted()
        .doesNotHaveDuplicates()
        .contains("batch/v1, Kind=Job", "v1, Kind=Pod");
    // plain string order: the empty core group's "v1, ..." sorts among the groups starting with v,
    // before "workload..."
    assertThat(gvks).endsWith("v1, Kind=Pod", "workload.codeflare.dev/v1beta2, Kind=AppWrapper");
  }

  @Test
  void ca01_exactGvkLookupsOfTheBuiltInEntries() {
    assertThat(catalog.require(new Gvk("batch", "v1", "Job")).rootGvk().kind()).isEqualTo("Job");
    assertThat(catalog
            .get(new Gvk("jobset.x-k8s.io", "v1alpha2", "JobSet"))
            .orElseThrow()
            .name())
        .isEqualTo("jobset-x-k8s-io-jobset-v1alpha2");
    assertThat(catalog.get(new Gvk("", "v1", "Pod"))).isPresent();
    assertThat(catalog.get(new Gvk("", "v1", "Service"))).isEmpty();
  }

  @Test
  void groupAndKindLookupsNameTheVersionsTheCatalogHas() {
    assertThat(catalog.versions("serving.kserve.io", "LLMInferenceService"))
        .containsExactly("v1alpha2", "v1alpha1");
    assertThat(catalog.versions("nvidia.com", "DynamoGraphDeployment"))
        .containsExactly("v1beta1", "v1alpha1");
    assertThat(catalog.find("ray.io", "RayCluster"))
        .singleElement()
        .satisfies(d -> assertThat(d.rootGvk()).isEqualTo(new Gvk("ray.io", "v1", "RayCluster")));
    assertThatThrownBy(() -> catalog.require("kubeflow.org", "PyTorchJob", "v2"))
        .isInstanceOf(CatalogException.class)
        .hasMessage("no definition for kubeflow.org/v2, Kind=PyTorchJob; the catalog has v1");
    assertThatThrownBy(() -> catalog.require("nvidia.com", "DynamoGraphDeployment", "v1"))
        .hasMessage(
            "no definition for nvidia.com/v1, Kind=DynamoGraphDeployment; the catalog has v1beta1, v1alpha1");
  }

  @Test
  void theSourceTreeAndTheJarHoldTheSameCatalog() {
    assertThat(Catalog.fromDirectory(CatalogSources.definitionsRoot()).gvks())
        .isEqualTo(catalog.gvks());
  }
}
