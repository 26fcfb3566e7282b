package dev.workloadmap.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code definitions} with Karta objects in the cluster (docs/format.md#cli-resolution step 1), Mock tier: a cluster
 * definition overrides the catalog one for the same GVK; two cluster definitions for one GVK are both listed, reported
 * on stderr, and never resolved.
 */
@EnableKubernetesMockClient(crud = true)
class ClusterDefinitionsMockTest {

  static KubernetesClient client;
  static KubernetesMockServer server;

  @TempDir
  static Path dir;

  static Path kubeconfig;

  static final Path CATALOG = Path.of("..", "catalog", "src", "main", "workloadmap");

  /** The catalog's definition file of {@code slug}, renamed to {@code name}. */
  static String renamed(String slug, String name) throws Exception {
    return Files.readString(CATALOG.resolve(slug).resolve("definition.yaml"))
        .replace("name: " + slug, "name: " + name);
  }

  @BeforeAll
  static void apply() throws Exception {
    SeedCluster.installCrds(client);
    SeedCluster.applyKarta(client, renamed("batch-job-v1", "team-batch-job"));
    SeedCluster.applyKarta(client, renamed("apps-statefulset-v1", "sts-a"));
    SeedCluster.applyKarta(client, renamed("apps-statefulset-v1", "sts-b"));
    kubeconfig = SeedCluster.kubeconfig(dir, server.url("/").replaceAll("/$", ""));
  }

  @Test
  void clusterDefinitionOverridesTheCatalogAndAmbiguityIsReported() {
    Cli.Result r = new Cli().run("definitions", "--kubeconfig", kubeconfig.toString());
    assertThat(r.exitCode()).as(r.toString()).isZero();
    Golden.assertMatches("definitions-cluster.txt", r.out());
    assertThat(r.out())
        .containsPattern("team-batch-job +Job +cluster +job")
        .doesNotContain("batch-job-v1 ")
        .containsPattern("sts-a +StatefulSet +cluster")
        .containsPattern("sts-b +StatefulSet +cluster")
        .doesNotContain("apps-statefulset-v1");
    assertThat(r.err())
        .contains("warning: ambiguous definitions for apps/v1, Kind=StatefulSet")
        .contains("sts-a and sts-b");
  }

  @Test
  void anAmbiguousTypeIsNeverResolved() throws Exception {
    Cli.Result r = new Cli().run("get", "statefulsets", "--kubeconfig", kubeconfig.toString());
    assertThat(r.exitCode()).as(r.toString()).isEqualTo(ExitCodes.ERROR);
    assertThat(r.err())
        .contains("ambiguous definition for apps/v1, Kind=StatefulSet")
        .contains("sts-a and sts-b")
        .contains("hint:");
    JsonNode one = new ObjectMapper()
        .readTree(new Cli()
            .run(
                "definitions",
                "team-batch-job",
                "-o",
                "json",
                "--kubeconfig",
                kubeconfig.toString())
            .out());
    assertThat(one.at("/metadata/name").asText()).isEqualTo("team-batch-job");
    assertThat(one.has("status")).isFalse();
  }
}
