package ${package};

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.junit.WorkloadMapCluster;
import dev.workloadmap.junit.WorkloadMapTest;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The ${targetKind} definition against a real Kubernetes API server: before the first test the extension installs the
 * target CRD (and waits until it is Established) and validates the definition; every fixture object is then created
 * in this class's namespace, where the server validates it against the CRD's schema (HTTP 422 on a mismatch) and
 * prunes unknown fields, its status (if any) is written through the status subresource as a controller would, and the
 * object read back from the server must resolve to the fixture's {@code expected.yaml}.
 *
 * <p>The cluster is chosen by {@code workloadmap.tier} (default AUTO: a configured kubeconfig, else k3s when Docker
 * runs, else a local kube-apiserver when its binaries exist). Without one the class is skipped with the reason, unless
 * {@code -Dworkloadmap.disabledWithoutCluster=false} (set it on CI, so a missing cluster fails the build).
 */
@WorkloadMapTest(definitions = ${targetKind}DefinitionClusterTest.DEFINITION, crds = ${targetKind}DefinitionClusterTest.CRD)
class ${targetKind}DefinitionClusterTest {

  static final String DEFINITION = "src/main/workloadmap/${definitionName}/definition.yaml";
  static final String CRD = "src/test/crds/${targetKindLower}.${targetGroup}.yaml";
  private static final Path SAMPLE = Path.of(DEFINITION).resolveSibling("fixtures").resolve("sample");

  /** Every fixture folder with an {@code object.yaml}: the sample and each status fixture you add. */
  static List<Path> fixtures() throws IOException {
    try (var dirs = Files.list(Path.of(DEFINITION).resolveSibling("fixtures"))) {
      return dirs.filter(d -> Files.isRegularFile(d.resolve("object.yaml"))).sorted().toList();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("fixtures")
  void fixtureOnTheCluster(Path fixture, WorkloadMapCluster cluster) {
    GenericKubernetesResource stored = cluster.apply(fixture.resolve("object.yaml")).get(0);
    cluster.assertTree(stored, fixture.resolve("expected.yaml"));
  }

  /** The typed accessors that workloadmap:generate wrote ({@code ${targetKind}Workload}) read the stored sample. */
  @Test
  void generatedAccessorsReadTheSample(WorkloadMapCluster cluster) {
    GenericKubernetesResource stored = cluster.apply(SAMPLE.resolve("object.yaml")).get(0);
    ${targetKind}Workload workload = ${targetKind}Workload.of(cluster.get(stored));
    JsonNode total = cluster.readYaml(SAMPLE.resolve("expected.yaml")).get(0).path("total");
    assertEquals(total.path("replicas").asInt(), workload.totalReplicas(), "replicas");
    assertEquals(total.path("resources").path("gpus").asLong(), workload.totalGpus(), "GPUs");
  }
}
