package dev.workloadmap.codegen;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The same inputs give the same bytes: twice in a row, in another input order, and from a fresh generator. */
class DeterminismTest {

  static final CodegenOptions OPTIONS = new CodegenOptions(
      "dev.workloadmap.generated",
      Map.of(
          "nvidia-com-dynamographdeployment-v1beta1", "DynamoV1beta1",
          "serving-kserve-io-llminferenceservice-v1alpha2", "LlmV1alpha2",
          "batch-volcano-sh-job-v1alpha1", "VolcanoJob"));

  @Test
  void generatingTheWholeCatalogTwiceGivesIdenticalBytes() {
    List<DefinitionSource> sources = Repo.slugs().stream().map(Repo::definition).toList();
    List<GeneratedFile> first = new AccessorGenerator(OPTIONS).generate(sources);
    // a second read of the files, in reverse order, by a new generator
    List<DefinitionSource> again =
        new ArrayList<>(Repo.slugs().stream().map(Repo::definition).toList());
    Collections.reverse(again);
    List<GeneratedFile> second = new AccessorGenerator(OPTIONS).generate(again);
    assertThat(second).isEqualTo(first);
    assertThat(first).extracting(GeneratedFile::path).isSorted();
  }
}
