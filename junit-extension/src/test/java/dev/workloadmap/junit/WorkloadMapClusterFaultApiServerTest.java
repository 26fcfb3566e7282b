package dev.workloadmap.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.workloadmap.junit.testing.Toxiproxy;
import dev.workloadmap.sdk.live.LiveTree;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ServiceAccountBuilder;
import io.fabric8.kubernetes.api.model.authentication.TokenRequestBuilder;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBindingBuilder;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBuilder;
import io.fabric8.kubernetes.api.model.rbac.PolicyRuleBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * {@code @WorkloadMapTest} behind faults between its client and a real API server (API_SERVER tier, which this class
 * runs on): a fixture class runs through the EngineTestKit on the KUBECONFIG tier with a kubeconfig that points at a
 * fault-injecting proxy in front of that API server, so the extension's own client (namespace, CRD install, create,
 * read back, tree assertion, pod list) meets the fault. Each fault ends in a retry that succeeds, with the complete
 * result (every pod, the asserted tree), or in one clear error naming what was asked and the fault, with a {@code
 * hint:}; never in a partial result that looks complete.
 *
 * <p>TCP faults through Toxiproxy ({@code scripts/provide-toxiproxy.sh}; these tests are skipped with the reason when
 * it is not built): latency, a stalled connection (timeout). HTTP faults through {@link FaultProxy} in this JVM: a 429
 * with {@code Retry-After}, a list response cut in the middle of its body. The 403 is real RBAC: a ServiceAccount
 * token whose ClusterRole allows the workload but not pods.
 */
@WorkloadMapTest(
    tier = Tier.API_SERVER,
    namespacePrefix = "fault",
    crds = "classpath:jobset-trimmed-crd.yaml")
class WorkloadMapClusterFaultApiServerTest {

  private static final String DEFINITION =
      "../catalog/src/main/workloadmap/jobset-x-k8s-io-jobset-v1alpha2/" + "definition.yaml";
  private static final String LIMITED = "workloadmap-fault-no-pods";

  static final String JOBSET = """
      apiVersion: jobset.x-k8s.io/v1alpha2
      kind: JobSet
      metadata:
        name: faulted
      spec:
        suspend: false
        replicatedJobs:
          - name: leader
            replicas: 1
            template:
              spec:
                parallelism: 1
                template:
                  metadata:
                    labels: {role: leader}
                  spec:
                    restartPolicy: Never
                    containers:
                      - name: main
                        image: example.com/trainer:1
                        resources: {requests: {nvidia.com/gpu: "4"}, limits: {nvidia.com/gpu: "4"}}
          - name: worker
            replicas: 2
            template:
              spec:
                parallelism: 1
                template:
                  metadata:
                    labels: {role: worker}
                  spec:
                    restartPolicy: Never
                    containers:
                      - name: main
                        image: example.com/trainer:1
      """;

  static final String EXPECTED = """
      root:
        name: jobset
      total:
        replicas: 3
        resources: {gpus: 4}
      """;

  /** What the fixture classes saw, for the assertions here. */
  static final Map<String, Object> SEEN = new ConcurrentHashMap<>();

  private static Path dir;
  private static FaultProxy http;
  private static Toxiproxy toxiproxy;
  private static Path viaHttpProxy;
  private static Path viaToxiproxy;
  private static Path withoutPodRights;

  // ------------------------------------------------------------------ fixtures (run through the
  // EngineTestKit)

  /** What a test class does with its handle: create, make the controller's pods, assert the tree, list live pods. */
  @WorkloadMapTest(
      tier = Tier.KUBECONFIG,
      namespacePrefix = "fault-inner",
      definitions = DEFINITION,
      crds = "classpath:jobset-trimmed-crd.yaml",
      cleanup = Cleanup.ALWAYS)
  static class Workload {
    @Test
    void createAssertAndAttribute(WorkloadMapCluster cluster) {
      GenericKubernetesResource js = cluster.create(cluster.readYaml(JOBSET).get(0));
      SEEN.put("created pods", cluster.createControllerPods(js).size());
      cluster.assertTree(js, EXPECTED);
      LiveTree live = cluster.livePods(js);
      SEEN.put("live pods", live.pods().size() + live.unmatched().size());
    }
  }

  /** The workload is allowed, its pods are not. */
  @WorkloadMapTest(
      tier = Tier.KUBECONFIG,
      namespacePrefix = "fault-rbac",
      definitions = DEFINITION,
      crds = "classpath:jobset-trimmed-crd.yaml",
      cleanup = Cleanup.ALWAYS)
  static class WorkloadWithoutPodRights {
    @Test
    void treeThenLivePods(WorkloadMapCluster cluster) {
      GenericKubernetesResource js = cluster.create(cluster.readYaml(JOBSET).get(0));
      cluster.assertTree(js, EXPECTED);
      SEEN.put("tree asserted", true);
      LiveTree live = cluster.livePods(js);
      SEEN.put("live pods", live.pods().size() + live.unmatched().size()); // must not be reached
    }
  }

  private static EngineExecutionResults run(Class<?> fixture, Path kubeconfig) {
    return EngineTestKit.engine("junit-jupiter")
        .selectors(selectClass(fixture))
        .configurationParameter(WorkloadMapTest.DISABLED_WITHOUT_CLUSTER_PROPERTY, "false")
        .configurationParameter(WorkloadMapTest.KUBECONFIG_PROPERTY, kubeconfig.toString())
        .execute();
  }

  private static void assertSucceeded(EngineExecutionResults r, String log) {
    assertThat(failures(r)).as("failures: %s%nproxy log: %s", chains(r), log).isEmpty();
    assertThat(r.testEvents().succeeded().count()).isEqualTo(1);
    assertThat(SEEN)
        .as("every pod, as made")
        .containsEntry("created pods", 3)
        .containsEntry("live pods", 3);
  }

  /** Each failure with its causes, for a failing assertion's message. */
  private static List<String> chains(EngineExecutionResults r) {
    return failures(r).stream()
        .map(t -> {
          StringBuilder sb = new StringBuilder();
          for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            sb.append("\n  ").append(c.getClass().getName()).append(": ").append(c.getMessage());
          }
          return sb.toString();
        })
        .toList();
  }

  private static List<Throwable> failures(EngineExecutionResults r) {
    return r.allEvents().failed().list().stream()
        .map(
            e -> e.getPayload(TestExecutionResult.class).flatMap(TestExecutionResult::getThrowable))
        .flatMap(Optional::stream)
        .toList();
  }

  // ------------------------------------------------------------------ set-up

  private static synchronized void setUp(WorkloadMapCluster cluster) throws Exception {
    if (dir != null) {
      return;
    }
    dir = Files.createTempDirectory("workloadmap-junit-fault");
    Config c = cluster.client().getConfiguration();
    http = new FaultProxy(cluster.client().getHttpClient(), c.getMasterUrl());
    viaHttpProxy = kubeconfig("http", "{server: \"" + http.url() + "\"}", "{}");
    Path binary = Toxiproxy.binary();
    if (binary != null) {
      toxiproxy = new Toxiproxy(binary);
      URI api = URI.create(c.getMasterUrl());
      int port = toxiproxy.proxy("apiserver", api.getHost() + ":" + api.getPort());
      viaToxiproxy = kubeconfig("toxiproxy", server(c, "https://127.0.0.1:" + port), user(c));
    }
    withoutPodRights =
        kubeconfig("rbac", server(c, c.getMasterUrl()), "{token: " + limitedToken(cluster) + "}");
  }

  /**
   * A ServiceAccount token whose ClusterRole allows what a test class needs for a JobSet (its namespace, the CRD, the
   * JobSet and its status) and nothing on pods.
   */
  private static String limitedToken(WorkloadMapCluster cluster) {
    var client = cluster.client();
    client
        .serviceAccounts()
        .inNamespace(cluster.namespace())
        .resource(new ServiceAccountBuilder()
            .withNewMetadata()
            .withName(LIMITED)
            .endMetadata()
            .build())
        .create();
    client
        .rbac()
        .clusterRoles()
        .resource(new ClusterRoleBuilder()
            .withNewMetadata()
            .withName(LIMITED)
            .endMetadata()
            .withRules(
                new PolicyRuleBuilder()
                    .withApiGroups("")
                    .withResources("namespaces")
                    .withVerbs("create", "get", "delete")
                    .build(),
                new PolicyRuleBuilder()
                    .withApiGroups("")
                    .withResources("serviceaccounts")
                    .withVerbs("create", "get")
                    .build(),
                new PolicyRuleBuilder()
                    .withApiGroups("apiextensions.k8s.io")
                    .withResources("customresourcedefinitions")
                    .withVerbs("get", "list", "watch", "create")
                    .build(),
                new PolicyRuleBuilder()
                    .withApiGroups("jobset.x-k8s.io")
                    .withResources("jobsets", "jobsets/status")
                    .withVerbs("*")
                    .build())
            .build())
        .createOr(h -> h.update());
    client
        .rbac()
        .clusterRoleBindings()
        .resource(new ClusterRoleBindingBuilder()
            .withNewMetadata()
            .withName(LIMITED)
            .endMetadata()
            .withNewRoleRef("rbac.authorization.k8s.io", "ClusterRole", LIMITED)
            .addNewSubject()
            .withKind("ServiceAccount")
            .withName(LIMITED)
            .withNamespace(cluster.namespace())
            .endSubject()
            .build())
        .createOr(h -> h.update());
    return client
        .serviceAccounts()
        .inNamespace(cluster.namespace())
        .withName(LIMITED)
        .tokenRequest(new TokenRequestBuilder()
            .withNewSpec()
            .withExpirationSeconds(3600L)
            .endSpec()
            .build())
        .getStatus()
        .getToken();
  }

  private static String server(Config c, String url) {
    String ca = c.getCaCertData() != null
        ? "certificate-authority-data: " + c.getCaCertData()
        : c.getCaCertFile() != null
            ? "certificate-authority: \"" + c.getCaCertFile() + "\""
            : "insecure-skip-tls-verify: true";
    return "{server: \"" + url.replaceAll("/$", "") + "\", " + ca + "}";
  }

  private static String user(Config c) {
    String cert = c.getClientCertData() != null
        ? "client-certificate-data: " + c.getClientCertData()
        : "client-certificate: \"" + c.getClientCertFile() + "\"";
    String key = c.getClientKeyData() != null
        ? "client-key-data: " + c.getClientKeyData()
        : "client-key: \"" + c.getClientKeyFile() + "\"";
    return "{" + cert + ", " + key + "}";
  }

  private static Path kubeconfig(String name, String cluster, String user) throws Exception {
    Path file = Files.createDirectories(dir.resolve(name)).resolve("kubeconfig");
    Files.writeString(file, """
        apiVersion: v1
        kind: Config
        clusters: [{name: test, cluster: %s}]
        users: [{name: test, user: %s}]
        contexts: [{name: test, context: {cluster: test, user: test}}]
        current-context: test
        """.formatted(cluster, user));
    return file;
  }

  private static void assumeToxiproxy() {
    Assumptions.assumeTrue(
        toxiproxy != null, "toxiproxy-server is not built: run scripts/provide-toxiproxy.sh");
  }

  @BeforeEach
  void clearSeen() {
    SEEN.clear();
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

  // ------------------------------------------------------------------ faults

  @Test
  void withoutAFaultTheFixturePassesThroughBothProxies(WorkloadMapCluster cluster)
      throws Exception {
    setUp(cluster);
    assertSucceeded(run(Workload.class, viaHttpProxy), http.log().toString());
    assertThat(http.log("/pods"))
        .isNotEmpty()
        .allSatisfy(l -> assertThat(l).doesNotContain("cut", "429"));
  }

  @Test
  void latencyOnlyMakesItSlower(WorkloadMapCluster cluster) throws Exception {
    setUp(cluster);
    assumeToxiproxy();
    toxiproxy.toxic(
        "apiserver", "slow", "latency", "downstream", "{\"latency\":300,\"jitter\":100}");
    long t0 = System.nanoTime();
    assertSucceeded(run(Workload.class, viaToxiproxy), "");
    assertThat((System.nanoTime() - t0) / 1_000_000)
        .as("ms, with 300 ms on every answer")
        .isGreaterThan(3_000);
  }

  @Test
  void aStallShorterThanTheRequestTimeoutOnlyDelays(WorkloadMapCluster cluster) throws Exception {
    setUp(cluster);
    assumeToxiproxy();
    // timeout=0: the proxy passes no data and never closes the connection; it lets the data through
    // again after 4 s
    toxiproxy.toxic("apiserver", "stall", "timeout", "downstream", "{\"timeout\":0}");
    Thread recover = new Thread(() -> {
      try {
        Thread.sleep(4_000);
        toxiproxy.resetToxics();
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
    long t0 = System.nanoTime();
    recover.start();
    EngineExecutionResults r = run(Workload.class, viaToxiproxy);
    recover.join();
    assertSucceeded(r, "");
    assertThat((System.nanoTime() - t0) / 1_000_000)
        .as("ms: the first request waited out the stall")
        .isGreaterThanOrEqualTo(4_000);
  }

  @Test
  void aRequestWithoutAnAnswerTimesOutAndTheRetrySucceeds(WorkloadMapCluster cluster)
      throws Exception {
    setUp(cluster);
    // the first read of the workload gets no answer for 15 s; the client's request timeout (10 s)
    // comes first
    http.stalled = p -> p.endsWith("/jobsets/faulted");
    http.stallMillis = 15_000;
    http.stall.set(1);
    long t0 = System.nanoTime();
    assertSucceeded(run(Workload.class, viaHttpProxy), http.log().toString());
    List<String> reads = http.log("GET /apis/jobset.x-k8s.io/v1alpha2/namespaces/");
    assertThat(reads).as(http.log().toString()).hasSizeGreaterThanOrEqualTo(2);
    assertThat(reads.get(0)).endsWith("/jobsets/faulted -> stalled 15000 ms, no answer");
    assertThat(reads.get(1)).endsWith("/jobsets/faulted -> 200");
    assertThat((System.nanoTime() - t0) / 1_000_000)
        .as("ms: the request timeout passed first")
        .isGreaterThan(9_000);
  }

  @Test
  void aPodListCutInTheMiddleOfItsBodyIsRetriedAndComplete(WorkloadMapCluster cluster)
      throws Exception {
    setUp(cluster);
    http.cut = p -> p.endsWith("/pods");
    http.cutBody.set(1);
    assertSucceeded(run(Workload.class, viaHttpProxy), http.log().toString());
    List<String> lists = http.log("/pods?");
    assertThat(lists).as(http.log().toString()).hasSizeGreaterThanOrEqualTo(2);
    assertThat(lists.get(0)).contains("-> cut after");
    assertThat(lists.get(1)).endsWith("-> 200");
  }

  @Test
  void a429WithRetryAfterIsWaitedForAndRetried(WorkloadMapCluster cluster) throws Exception {
    setUp(cluster);
    http.throttled = p -> p.endsWith("/jobsets/faulted");
    http.retryAfterSeconds = 1;
    http.throttle.set(1);
    assertSucceeded(run(Workload.class, viaHttpProxy), http.log().toString());
    List<String> reads = http.log("GET /apis/jobset.x-k8s.io/v1alpha2/namespaces/");
    assertThat(reads).as(http.log().toString()).hasSizeGreaterThanOrEqualTo(2);
    assertThat(reads.get(0)).endsWith("/jobsets/faulted -> 429");
    assertThat(reads.get(1)).endsWith("/jobsets/faulted -> 200");
  }

  @Test
  void a403OnPodsButNotOnTheWorkloadIsOneClearError(WorkloadMapCluster cluster) throws Exception {
    setUp(cluster);
    EngineExecutionResults r = run(WorkloadWithoutPodRights.class, withoutPodRights);
    assertThat(SEEN)
        .as("the workload itself is allowed")
        .containsEntry("tree asserted", true)
        .doesNotContainKey("live pods");
    List<Throwable> failures = failures(r);
    assertThat(failures).as("one failure: %s", failures).singleElement().satisfies(t -> {
      assertThat(t).isInstanceOf(KubernetesClientException.class);
      assertThat(((KubernetesClientException) t).getCode()).isEqualTo(403);
      assertThat(t.getMessage())
          .startsWith("cannot list the pods of namespace fault-rbac-")
          .contains(": forbidden (HTTP 403): pods is forbidden: User \"system:serviceaccount:"
              + cluster.namespace() + ":" + LIMITED + "\" cannot list resource \"pods\"")
          .contains("\nhint: give the test's credentials this verb on this resource");
      assertThat(t.getMessage().lines()).hasSize(2);
    });
  }
}
