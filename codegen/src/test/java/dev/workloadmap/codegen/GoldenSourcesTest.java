package dev.workloadmap.codegen;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The generated sources of four catalog definitions of different shapes equal the approved files in {@code
 * src/test/resources/approved/<slug>/}: JobSet (one list component), LeaderWorkerSet (a grouping component with two
 * pod-bearing children), DynamoGraphDeployment (instances keyed by map key, pod spec with metadata), Milvus (many
 * components, fragmented pod specs, min replicas). Regenerate with {@code -Dworkloadmap.codegen.updateGolden=true}
 * and read the diff.
 */
class GoldenSourcesTest {

  static final CodegenOptions OPTIONS = new CodegenOptions("dev.workloadmap.generated", Map.of());

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "jobset-x-k8s-io-jobset-v1alpha2",
        "leaderworkerset-x-k8s-io-leaderworkerset-v1",
        "nvidia-com-dynamographdeployment-v1alpha1",
        "milvus-io-milvus-v1beta1"
      })
  void generatedSourceEqualsTheApprovedFile(String slug) throws IOException {
    List<GeneratedFile> files =
        new AccessorGenerator(OPTIONS).generate(List.of(Repo.definition(slug)));
    assertThat(files)
        .extracting(GeneratedFile::kind)
        .containsExactlyInAnyOrder(GeneratedFile.Kind.SOURCE, GeneratedFile.Kind.RESOURCE);
    GeneratedFile source = files.stream()
        .filter(f -> f.kind() == GeneratedFile.Kind.SOURCE)
        .findFirst()
        .orElseThrow();
    Path approved = Repo.approved()
        .resolve(slug)
        .resolve(Path.of(source.path()).getFileName().toString());
    if (Repo.updateGolden()) {
      Files.createDirectories(approved.getParent());
      Files.write(approved, source.content());
    }
    assertThat(approved)
        .as("approved file (regenerate with -Dworkloadmap.codegen.updateGolden=true)")
        .exists();
    assertThat(source.text()).isEqualTo(Files.readString(approved, StandardCharsets.UTF_8));
    GeneratedFile resource = files.stream()
        .filter(f -> f.kind() == GeneratedFile.Kind.RESOURCE)
        .findFirst()
        .orElseThrow();
    assertThat(resource.content())
        .as("the bundled definition is a byte-exact copy")
        .isEqualTo(Files.readAllBytes(Repo.catalog().resolve(slug).resolve("definition.yaml")));
  }
}
