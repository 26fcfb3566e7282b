package dev.workloadmap.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workloadmap.junit.Tier;
import dev.workloadmap.junit.WorkloadMapCluster;
import dev.workloadmap.junit.WorkloadMapTest;
import dev.workloadmap.junit.testing.Toxiproxy;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Faults between the CLI and a real API server (API_SERVER tier, {@code @WorkloadMapTest} seeds it): each fault ends
 * in a retry that succeeds, or in one error line with its hint and exit 1 (README: "1 error (unreachable cluster,
 * forbidden, ...)"), with nothing on stdout, so that nothing partial is shown as complete.
 *
 * <p>TCP faults through Toxiproxy ({@code scripts/provide-toxiproxy.sh}; skipped with the reason when it is not
 * built): latency, a stalled connection (timeout). HTTP faults through {@link FaultProxy} in this JVM, because they
 * need the HTTP exchange: a 429 with {@code Retry-After}, a 403 on pods but not on the workload, and a connection cut on
 * exactly the request of a paged list that carries the {@code continue} token.
 */
@WorkloadMapTest(tier = Tier.API_SERVER, namespacePrefix = "cli-fault")
class CliFaultApiServerTest {

  private static Path dir;
  private static Path direct;
  private static FaultProxy http;
  private static Toxiproxy toxiproxy;
  private static Path viaToxiproxy;

  private static synchronized void setUp(WorkloadMapCluster cluster) throws Exception {
    if (dir != null) {
      return;
    }
    SeedCluster.installCrds(cluster.client());
    SeedCluster.applySeed(cluster.client(), cluster.namespace());
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
    dir = Files.createTempDirectory("workloadmap-cli-fault");
    direct = SeedCluster.kubeconfig(
        Files.createDirectories(dir.resolve("direct")),
        cluster.client().getConfiguration(),
        cluster.namespace());
    http = new FaultProxy(
        cluster.client().getHttpClient(), cluster.client().getConfiguration().getMasterUrl());
    Files.writeString(
        Files.createDirectories(dir.resolve("http")).resolve("kubeconfig"),
        """
        apiVersion: v1
        kind: Config
        clusters: [{name: test, cluster: {server: "%s"}}]
        users: [{name: test, user: {}}]
        contexts: [{name: test, context: {cluster: test, user: test, namespace: %s}}]
        current-context: test
        """.formatted(http.url(), cluster.namespace()));
    Path binary = Toxiproxy.binary();
    if (binary != null) {
      toxiproxy = new Toxiproxy(binary);
      URI api = URI.create(cluster.client().getConfiguration().getMasterUrl());
      int port = toxiproxy.proxy("apiserver", api.getHost() + ":" + api.getPort());
      viaToxiproxy = Files.createDirectories(dir.resolve("toxiproxy")).resolve("kubeconfig");
      Files.writeString(
          viaToxiproxy,
          Files.readString(direct)
              .replace(api.getHost() + ":" + api.getPort(), "127.0.0.1:" + port)
              .replace("localhost:" + api.getPort(), "127.0.0.1:" + port));
    }
  }

  private static Cli.Result run(Path kubeconfig, String... args) {
    String[] all = new String[args.length + 2];
    System.arraycopy(args, 0, all, 0, args.length);
    all[args.length] = "--kubeconfig";
    all[args.length + 1] = kubeconfig.toString();
    return new Cli().threeHoursLater().run(all);
  }

  private static Path viaHttpProxy() {
    return dir.resolve("http/kubeconfig");
  }

  private static void assumeToxiproxy() {
    Assumptions.assumeTrue(
        toxiproxy != null, "toxiproxy-server is not built: run scripts/provide-toxiproxy.sh");
  }

  /** One error line and its hint on stderr, exit 1, nothing on stdout. */
  private static void assertOneClearError(Cli.Result r, String error, String hint) {
    assertThat(r.exitCode()).as(r.toString()).isEqualTo(ExitCodes.ERROR);
    assertThat(r.out()).as("nothing partial on stdout: %s", r).isEmpty();
    List<String> lines = r.err().lines().filter(l -> l.startsWith("error: ")).toList();
    assertThat(lines).as(r.toString()).hasSize(1);
    assertThat(lines.get(0)).contains(error);
    assertThat(r.err()).as(r.toString()).containsPattern("\nhint: .*" + hint);
  }

  @AfterEach
  void clearFaults() throws Exception {
    if (http != null) {
      http.reset();
    }
    if (toxiproxy != null) {
      toxiproxy.resetToxics();
    }
  }

  @AfterAll
  static void stop() {
    if (http != null) {
      http.close();
    }
    if (toxiproxy != null) {
      toxiproxy.close();
    }
  }

  @Test
  void latencyOnlyMakesItSlower(WorkloadMapCluster cluster) throws Exception {
    setUp(cluster);
    assumeToxiproxy();
    Cli.Result expected = run(direct, "describe", "jobset/seed");
    assertThat(expected.exitCode()).as(expected.toString()).isZero();
    toxiproxy.toxic(
        "apiserver", "slow", "latency", "downstream", "{\"latency\":400,\"jitter\":100}");
    Cli.Result slow = run(viaToxiproxy, "describe", "jobset/seed");
    assertThat(slow.exitCode()).as(slow.toString()).isZero();
    assertThat(slow.out()).isEqualTo(expected.out());
  }

  @Test
  void aStalledConnectionIsRetriedThenOneErrorAfterTheRequestTimeout(WorkloadMapCluster cluster)
      throws Exception {
    setUp(cluster);
    assumeToxiproxy();
    // timeout=0: the proxy stops passing data and never closes the connection
    toxiproxy.toxic("apiserver", "stall", "timeout", "downstream", "{\"timeout\":0}");
    Cli.Result r = run(viaToxiproxy, "get", "jobsets", "--request-timeout", "2s");
    assertOneClearError(r, "cannot reach the API server", "check that the cluster is up");
  }

  @Test
  void aConnectionResetMidStreamIsOneErrorWhenItPersists(WorkloadMapCluster cluster)
      throws Exception {
    setUp(cluster);
    assumeToxiproxy();
    // every connection is reset (TCP RST) 200 ms after it opens, for the client's every retry
    toxiproxy.toxic("apiserver", "reset", "reset_peer", "downstream", "{\"timeout\":200}");
    Cli.Result r =
        run(viaToxiproxy, "get", "jobsets", "--chunk-size", "1", "--request-timeout", "5s");
    assertOneClearError(r, "cannot reach the API server", "check that the cluster is up");
  }

  @Test
  void aConnectionCutInTheMiddleOfAPagedListIsRetriedAndTheListIsComplete(
      WorkloadMapCluster cluster) throws Exception {
    setUp(cluster);
    http.cutContinue.set(1);
    Cli.Result r = run(viaHttpProxy(), "get", "jobsets", "--chunk-size", "1");
    assertThat(r.exitCode()).as(r.toString() + http.log()).isZero();
    assertThat(r.out().lines()).as(r.toString()).hasSize(3);
    assertThat(r.out()).containsPattern("\nseed +").containsPattern("\nsecond +");
    List<String> pages = http.log().stream()
        .filter(l -> l.contains("/jobsets?") && l.contains("continue="))
        .toList();
    assertThat(pages).as("the cut page, then the same page again").hasSize(2);
    assertThat(pages.get(0)).endsWith("-> connection cut");
    assertThat(pages.get(1)).endsWith("-> 200");
  }

  @Test
  void aPagedListCutOnEveryRetryIsOneErrorAndNoPartialTable(WorkloadMapCluster cluster)
      throws Exception {
    setUp(cluster);
    http.cutContinue.set(100);
    Cli.Result r = run(viaHttpProxy(), "get", "jobsets", "--chunk-size", "1");
    assertOneClearError(r, "JobSet", "");
    assertThat(http.log().stream().filter(l -> l.endsWith("-> connection cut")).count())
        .as("the first try and every retry")
        .isEqualTo(1 + ClusterOptions.RETRIES);
  }

  @Test
  void a429WithRetryAfterIsWaitedForAndRetried(WorkloadMapCluster cluster) throws Exception {
    setUp(cluster);
    http.throttled = p -> p.endsWith("/jobsets");
    http.retryAfterSeconds = 1;
    http.throttle.set(1);
    Cli.Result r = run(viaHttpProxy(), "get", "jobsets");
    assertThat(r.exitCode()).as(r.toString() + http.log()).isZero();
    assertThat(r.out()).containsPattern("\nseed +").containsPattern("\nsecond +");
    List<String> lists = http.log().stream().filter(l -> l.contains("/jobsets")).toList();
    assertThat(lists).as(http.log().toString()).hasSize(2);
    assertThat(lists.get(0)).endsWith("-> 429");
    assertThat(lists.get(1)).endsWith("-> 200");
  }

  @Test
  void a429ThatPersistsIsOneErrorSayingTheServerIsThrottling(WorkloadMapCluster cluster)
      throws Exception {
    setUp(cluster);
    http.throttled = p -> p.endsWith("/jobsets");
    http.retryAfterSeconds = 1;
    http.throttle.set(1000);
    Cli.Result r = run(viaHttpProxy(), "get", "jobsets");
    assertOneClearError(r, "cannot list JobSet", "throttling requests \\(HTTP 429");
  }

  @Test
  void a403OnPodsButNotOnTheWorkloadIsOneForbiddenError(WorkloadMapCluster cluster)
      throws Exception {
    setUp(cluster);
    http.forbidden = p -> p.endsWith("/pods");
    Cli.Result ok = run(viaHttpProxy(), "get", "jobsets");
    assertThat(ok.exitCode()).as("the workload itself is allowed: " + ok).isZero();
    Cli.Result r = run(viaHttpProxy(), "describe", "jobset/seed");
    assertOneClearError(r, "not allowed to list", "RBAC");
    Cli.Result gangs = run(viaHttpProxy(), "gangs", "jobset/seed");
    assertOneClearError(gangs, "not allowed to list", "RBAC");
  }
}
