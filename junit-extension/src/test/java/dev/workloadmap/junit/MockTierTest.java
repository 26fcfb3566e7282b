package dev.workloadmap.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The MOCK tier, asked for explicitly: the handle works on it (CRDs, status subresource, pods from a file), and its
 * documented gap shows: an unknown field is kept, where a real API server prunes it ({@link ApiServerTierTest}).
 */
@WorkloadMapTest(
    tier = Tier.MOCK,
    definitions =
        "../catalog/src/main/workloadmap/" + "jobset-x-k8s-io-jobset-v1alpha2/definition.yaml")
class MockTierTest {

  @BeforeAll
  static void crd(WorkloadMapCluster cluster) {
    assumeTrue(Shared.available(), Shared.skipReason());
    cluster.installCrds(Shared.jobSetCrd());
  }

  @Test
  void theMockDoesNotPruneUnknownFields(WorkloadMapCluster cluster) {
    assertThat(cluster.realApiServer()).isFalse();
    GenericKubernetesResource js = cluster.create(cluster.readYaml("""
        apiVersion: jobset.x-k8s.io/v1alpha2
        kind: JobSet
        metadata: {name: unpruned}
        spec:
          unknownSpecField: 42
          replicatedJobs: []
        """).get(0));
    assertThat(cluster
            .asJson(cluster.get(js))
            .path("spec")
            .path("unknownSpecField")
            .asInt())
        .isEqualTo(42);
  }

  @Test
  void podsFromAFileAreCreatedWithTheirStatus(WorkloadMapCluster cluster, @TempDir Path tmp)
      throws IOException {
    Path file = Files.writeString(tmp.resolve("pods.yaml"), """
        apiVersion: v1
        kind: Pod
        metadata:
          name: worker-0
          uid: 1234-from-a-snapshot
          resourceVersion: "99"
          labels: {jobset.sigs.k8s.io/replicatedjob-name: worker}
        spec:
          containers: [{name: main, image: example.com/x:1}]
        status:
          phase: Running
        ---
        apiVersion: v1
        kind: Pod
        metadata:
          name: worker-1
          labels: {jobset.sigs.k8s.io/replicatedjob-name: worker}
        spec:
          containers: [{name: main, image: example.com/x:1}]
        """);
    List<GenericKubernetesResource> pods = cluster.createPods(file);
    assertThat(pods)
        .extracting(p -> p.getMetadata().getName())
        .containsExactly("worker-0", "worker-1");
    assertThat(pods.get(0).getMetadata().getUid()).isNotEqualTo("1234-from-a-snapshot");
    assertThat(cluster
            .asJson(cluster.get(pods.get(0)))
            .path("status")
            .path("phase")
            .asText())
        .isEqualTo("Running");
    assertThat(cluster
            .asJson(cluster.get(pods.get(1)))
            .path("spec")
            .path("automountServiceAccountToken")
            .asBoolean(true))
        .isFalse();
  }
}
