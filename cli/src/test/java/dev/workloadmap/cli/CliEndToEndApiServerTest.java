package dev.workloadmap.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.workloadmap.junit.Controllers;
import dev.workloadmap.junit.Tier;
import dev.workloadmap.junit.WorkloadMapCluster;
import dev.workloadmap.junit.WorkloadMapTest;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The CLI end to end against a real kube-apiserver 1.36.3 with etcd (ApiServer tier, {@code @WorkloadMapTest}): the
 * seed JobSet, its Jobs and pods are applied ({@link SeedCluster}; statuses through the status subresource), and the
 * CLI runs in-process against a kubeconfig for that server. {@code describe} shows leader and worker with their ready
 * counts, pods and 12 GPUs; {@code get} lists the JobSet with its status; {@code definitions} shows a Karta object
 * applied to the cluster overriding the catalog, and {@code get} then uses it. Skipped with the reason when the
 * binaries are missing and {@code workloadmap.disabledWithoutCluster} is set.
 */
// LIFECYCLE: the seed stands in for the JobSet operator and the kubelets (its Jobs' pods are made
// with their ready
// statuses); the real Job controller would add Pending pods of its own and rewrite the Jobs'
// statuses
@WorkloadMapTest(
    tier = Tier.API_SERVER,
    controllers = Controllers.LIFECYCLE,
    namespacePrefix = "cli")
class CliEndToEndApiServerTest {

  private static Path kubeconfig;

  /** Seeds the class's namespace once and writes the kubeconfig the CLI uses. */
  private static synchronized Path seeded(WorkloadMapCluster cluster) throws Exception {
    if (kubeconfig == null) {
      SeedCluster.installCrds(cluster.client());
      SeedCluster.applySeed(cluster.client(), cluster.namespace());
      Path dir = Files.createTempDirectory("workloadmap-cli-e2e");
      kubeconfig =
          SeedCluster.kubeconfig(dir, cluster.client().getConfiguration(), cluster.namespace());
    }
    return kubeconfig;
  }

  private static Cli.Result cli(WorkloadMapCluster cluster, String... args) throws Exception {
    Path cfg = seeded(cluster);
    String[] all = new String[args.length + 2];
    System.arraycopy(args, 0, all, 0, args.length);
    all[args.length] = "--kubeconfig";
    all[args.length + 1] = cfg.toString();
    return new Cli().threeHoursLater().run(all);
  }

  @Test
  void aServerCertificateNotSignedByTheKubeconfigsAuthorityIsOneTlsErrorWithACertificateHint(
      WorkloadMapCluster cluster) throws Exception {
    seeded(cluster);
    String server = cluster.client().getConfiguration().getMasterUrl().replaceAll("/$", "");
    org.junit.jupiter.api.Assumptions.assumeTrue(
        server.startsWith("https:"), "the API server of this tier serves plain HTTP: " + server);
    Path dir = Files.createTempDirectory("workloadmap-cli-tls");
    // the real server, but no certificate authority for it and no insecure-skip-tls-verify
    Path cfg = SeedCluster.kubeconfigWithoutAuthority(dir, server);
    Cli.Result r = new Cli().run("get", "jobsets", "--kubeconfig", cfg.toString());
    assertThat(r.exitCode()).as(r.toString()).isEqualTo(ExitCodes.ERROR);
    assertThat(r.err())
        .as(r.toString())
        .contains("error: no TLS connection to the API server at " + server)
        .contains("hint: check the cluster's certificate-authority")
        .doesNotContain("check that the cluster is up")
        .doesNotContain("\tat ");
    assertThat(r.err().lines().filter(l -> l.startsWith("error:")).count())
        .as(r.toString())
        .isEqualTo(1);
  }

  @Test
  void describeShowsLeaderAndWorkerReadyCountsAndTwelveGpus(WorkloadMapCluster cluster)
      throws Exception {
    Cli.Result r = cli(cluster, "describe", "jobset/seed");
    assertThat(r.exitCode()).as(r.toString()).isZero();
    assertThat(r.out())
        .startsWith("JobSet/seed   namespace: " + cluster.namespace()
            + "   definition: jobset-x-k8s-io-jobset-v1alpha2 (catalog)   age: 3h\n")
        .containsPattern("├── leader +1/1 ready +gpu: 4 +node-01\n")
        .containsPattern("│   └── seed-leader-0-0 +Running +gpu: 4 +node-01\n")
        .containsPattern("└── worker +1/2 ready +gpu: 8 +node-02\n")
        .containsPattern("seed-worker-0-0 +Running +gpu: 4 +node-02\n")
        .containsPattern("seed-worker-1-0 +Pending \\(Unschedulable\\) +gpu: 4 +<none>\n")
        .contains("Phase: Running\n")
        .containsPattern("TOTAL +3 +12 +24 +192Gi\n");

    JsonNode view = new ObjectMapper()
        .readTree(cli(cluster, "describe", "jobsets.jobset.x-k8s.io", "seed", "-o", "json")
            .out());
    assertThat(view.at("/total/resources/gpus").asLong()).isEqualTo(12);
    assertThat(view.at("/components/0/replicas/ready").asInt()).isEqualTo(1);
    assertThat(view.at("/components/1/replicas/desired").asInt()).isEqualTo(2);
    assertThat(view.at("/components/1/replicas/ready").asInt()).isEqualTo(1);
    assertThat(view.path("unmatched")).isEmpty();
  }

  @Test
  void getListsTheJobSetWithItsStatusFollowingContinueTokens(WorkloadMapCluster cluster)
      throws Exception {
    seeded(cluster);
    // a second, status-less JobSet, so that --chunk-size 1 needs a continue token
    if (cluster
            .client()
            .genericKubernetesResources(SeedCluster.JOBSET)
            .inNamespace(cluster.namespace())
            .withName("second")
            .get()
        == null) {
      GenericKubernetesResource second = cluster
          .client()
          .getKubernetesSerialization()
          .unmarshal(
              Files.readString(DescribeFileModeTest.SEED)
                  .replace("name: seed", "name: second")
                  .replace("namespace: " + SeedCluster.NS, "namespace: " + cluster.namespace()),
              GenericKubernetesResource.class);
      cluster
          .client()
          .genericKubernetesResources(SeedCluster.JOBSET)
          .inNamespace(cluster.namespace())
          .resource(second)
          .create();
    }
    Cli.Result r = cli(cluster, "get", "jobsets", "--chunk-size", "1");
    assertThat(r.exitCode()).as(r.toString()).isZero();
    assertThat(r.out()).startsWith("NAME ");
    assertThat(r.out().lines()).hasSize(3);
    assertThat(r.out())
        .containsPattern("\nseed +" + cluster.namespace() + " +Running +3h\n")
        .containsPattern("\nsecond +" + cluster.namespace() + " +Undefined +3h\n");

    Cli.Result running = cli(cluster, "get", "jobsets", "--phase", "Running", "-o", "json");
    JsonNode list = new ObjectMapper().readTree(running.out());
    assertThat(list.path("count").asInt()).as(running.toString()).isEqualTo(1);
    assertThat(list.at("/items/0/name").asText()).isEqualTo("seed");
    assertThat(list.at("/items/0/phases/0").asText()).isEqualTo("Running");

    Cli.Result all = cli(cluster, "get", "--all-types");
    assertThat(all.exitCode()).as(all.toString()).isZero();
    // Jobs are covered by the catalog but owned by the JobSet: only the JobSets are top-level
    assertThat(all.out().lines()).hasSize(3);
    assertThat(all.out())
        .containsPattern("\nseed +" + cluster.namespace() + " +JobSet +Running")
        .doesNotContain("seed-leader-0");
  }

  @Test
  void definitionsShowAClusterKartaOverridingTheCatalog(WorkloadMapCluster cluster)
      throws Exception {
    seeded(cluster);
    GenericKubernetesResource karta = SeedCluster.applyKarta(
        cluster.client(), ClusterDefinitionsMockTest.renamed("batch-job-v1", "team-batch-job"));
    try {
      Cli.Result r = cli(cluster, "definitions");
      assertThat(r.exitCode()).as(r.toString()).isZero();
      assertThat(r.out())
          .containsPattern("\nteam-batch-job +Job +cluster +job\n")
          .doesNotContain("batch-job-v1 ")
          .containsPattern("\njobset-x-k8s-io-jobset-v1alpha2 +JobSet +catalog ");

      Cli.Result jobs = cli(cluster, "get", "jobs", "-o", "wide");
      assertThat(jobs.exitCode()).as(jobs.toString()).isZero();
      assertThat(jobs.out())
          .containsPattern("seed-leader-0 +" + cluster.namespace() + " +\\S+ +3h +cluster"
              + " +team-batch-job\n");
    } finally {
      cluster.client().resource(karta).delete();
    }
  }
}
