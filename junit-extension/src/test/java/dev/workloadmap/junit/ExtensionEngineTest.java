package dev.workloadmap.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.testcontainers.DockerClientFactory;

/**
 * The extension itself, run through the JUnit Platform EngineTestKit on the MOCK tier (and on unavailable tiers):
 * configuration order, meta-annotation and {@code @Nested} use, failure messages with diagnostics, cleanup, K3S
 * without Docker, AUTO's message.
 */
class ExtensionEngineTest {

  static final List<String> SEEN = new CopyOnWriteArrayList<>();

  @BeforeEach
  void clear() {
    SEEN.clear();
  }

  private static EngineExecutionResults run(Class<?> fixture, Map<String, String> params) {
    var request = EngineTestKit.engine("junit-jupiter")
        .selectors(selectClass(fixture))
        // the build passes workloadmap.disabledWithoutCluster as a system property; these runs
        // decide it themselves
        .configurationParameter(WorkloadMapTest.DISABLED_WITHOUT_CLUSTER_PROPERTY, "false");
    params.forEach(request::configurationParameter);
    return request.execute();
  }

  private static String failureMessage(EngineExecutionResults r) {
    List<Event> failed = r.allEvents().failed().list();
    assertThat(failed).as("failed events").isNotEmpty();
    return failed
        .get(0)
        .getPayload(TestExecutionResult.class)
        .flatMap(TestExecutionResult::getThrowable)
        .map(Throwable::getMessage)
        .orElse("");
  }

  // ------------------------------------------------------------------ fixtures (not run on their
  // own)

  @WorkloadMapTest(tier = Tier.MOCK)
  static class PrefixFromConfiguration {
    @Test
    void record(WorkloadMapCluster cluster) {
      SEEN.add(cluster.tier() + " " + cluster.namespace());
    }
  }

  @WorkloadMapTest(tier = Tier.MOCK, namespacePrefix = "fromanno")
  static class PrefixFromAnnotation {
    @Test
    void record(WorkloadMapCluster cluster) {
      SEEN.add(cluster.tier() + " " + cluster.namespace());
    }
  }

  @WorkloadMapTest
  static class TierFromConfiguration {
    @Test
    void record(WorkloadMapCluster cluster) {
      SEEN.add(cluster.tier() + " " + cluster.namespace());
    }
  }

  @Target(ElementType.TYPE)
  @Retention(RetentionPolicy.RUNTIME)
  @WorkloadMapTest(tier = Tier.MOCK, namespacePrefix = "meta")
  @interface OnTheMock {}

  @OnTheMock
  static class MetaAnnotated {
    @Test
    void record(WorkloadMapCluster cluster) {
      SEEN.add(cluster.tier() + " " + cluster.namespace());
    }
  }

  @WorkloadMapTest(tier = Tier.MOCK)
  static class WithNested {
    @Test
    void outer(WorkloadMapCluster cluster) {
      SEEN.add("outer " + cluster.namespace());
    }

    @Nested
    class Inner {
      @Test
      void inner(WorkloadMapCluster cluster) {
        SEEN.add("inner " + cluster.namespace());
      }
    }
  }

  @WorkloadMapTest(
      tier = Tier.MOCK,
      definitions =
          "../catalog/src/main/workloadmap/" + "jobset-x-k8s-io-jobset-v1alpha2/definition.yaml",
      cleanup = Cleanup.KEEP_ON_FAILURE)
  static class FailingTreeAssertion {
    @Test
    void wrongExpectation(WorkloadMapCluster cluster) {
      cluster.installCrds(Shared.jobSetCrd());
      GenericKubernetesResource js =
          cluster.createWithStatus(cluster.readYaml("""
          apiVersion: jobset.x-k8s.io/v1alpha2
          kind: JobSet
          metadata: {name: failing}
          spec:
            replicatedJobs:
              - name: worker
                replicas: 2
                template: {spec: {parallelism: 1, template: {spec: {containers: [{name: m, image: i}]}}}}
          status:
            replicatedJobsStatus:
              - {name: worker, active: 2, ready: 2, succeeded: 0, failed: 0, suspended: 0}
          """).get(0));
      cluster.assertTree(js, "statuses: [Completed]\ntotal:\n  replicas: 99\n");
    }
  }

  @WorkloadMapTest(
      tier = Tier.MOCK,
      definitions = "classpath:trainer/broken-replicas-definition.yaml",
      crds = "classpath:trainer/crd.yaml")
  static class FailingJqPath {
    @Test
    void brokenReplicasPath(WorkloadMapCluster cluster) {
      GenericKubernetesResource t =
          cluster.createWithStatus(cluster.readYaml("""
          apiVersion: example.com/v1
          kind: Trainer
          metadata: {name: demo}
          spec:
            groups:
              - {name: worker, replicas: 3, template: {spec: {containers: [{name: main, image: i}]}}}
          status: {phase: Running}
          """).get(0));
      cluster.assertTree(t, "statuses: [Running]\n");
    }
  }

  @WorkloadMapTest(tier = Tier.MOCK, cleanup = Cleanup.ALWAYS)
  static class FailingButCleaned {
    @Test
    void fails(WorkloadMapCluster cluster) {
      throw new AssertionError("boom in " + cluster.namespace());
    }
  }

  @WorkloadMapTest(
      tier = Tier.MOCK,
      definitions = {"does/not/exist.yaml", "classpath:no/such/definition.yaml"})
  static class MissingDefinitions {
    @Test
    void never() {}
  }

  @WorkloadMapTest(tier = Tier.K3S)
  static class OnK3s {
    @Test
    void never() {}
  }

  @WorkloadMapTest(tier = Tier.K3S, disabledWithoutCluster = true)
  static class OnK3sOrSkip {
    @Test
    void never() {}
  }

  @WorkloadMapTest
  static class OnAuto {
    @Test
    void never() {}
  }

  // ------------------------------------------------------------------ tests

  @Test
  void namespacePrefixComesFromAnnotationThenParameterThenEnvironmentThenDefault() {
    String env = System.getenv("WORKLOADMAP_NAMESPACE_PREFIX");
    run(PrefixFromConfiguration.class, Map.of()).testEvents().assertStatistics(s -> s.succeeded(1));
    assertThat(SEEN)
        .singleElement()
        .asString()
        .startsWith("MOCK " + (env == null ? WorkloadMapTest.DEFAULT_NAMESPACE_PREFIX : env)
            + "-prefixfromconfiguration-");

    SEEN.clear();
    run(
            PrefixFromConfiguration.class,
            Map.of(WorkloadMapTest.NAMESPACE_PREFIX_PROPERTY, "fromparam"))
        .testEvents()
        .assertStatistics(s -> s.succeeded(1));
    assertThat(SEEN)
        .singleElement()
        .asString()
        .startsWith("MOCK fromparam-prefixfromconfiguration-");

    SEEN.clear();
    run(PrefixFromAnnotation.class, Map.of(WorkloadMapTest.NAMESPACE_PREFIX_PROPERTY, "fromparam"))
        .testEvents()
        .assertStatistics(s -> s.succeeded(1));
    assertThat(SEEN).singleElement().asString().startsWith("MOCK fromanno-prefixfromannotation-");
  }

  /** The module's Surefire configuration sets WORKLOADMAP_NAMESPACE_PREFIX=fromenv for this test. */
  @Test
  void environmentVariableIsUsedWhenNoParameterIsGiven() {
    assumeTrue(
        System.getenv("WORKLOADMAP_NAMESPACE_PREFIX") != null,
        "WORKLOADMAP_NAMESPACE_PREFIX is not set (Surefire sets it for this module)");
    run(PrefixFromConfiguration.class, Map.of()).testEvents().assertStatistics(s -> s.succeeded(1));
    assertThat(SEEN)
        .singleElement()
        .asString()
        .startsWith("MOCK " + System.getenv("WORKLOADMAP_NAMESPACE_PREFIX") + "-");
  }

  @Test
  void tierComesFromTheParameterWhenTheAnnotationLeavesItOpen() {
    run(TierFromConfiguration.class, Map.of(WorkloadMapTest.TIER_PROPERTY, "mock"))
        .testEvents()
        .assertStatistics(s -> s.succeeded(1));
    assertThat(SEEN).singleElement().asString().startsWith("MOCK ");
  }

  @Test
  void theAnnotationWinsOverAnInvalidParameter() {
    run(PrefixFromConfiguration.class, Map.of(WorkloadMapTest.TIER_PROPERTY, "NOPE"))
        .testEvents()
        .assertStatistics(s -> s.succeeded(1));
  }

  @Test
  void anInvalidParameterFailsTheClassNamingItsSourceAndChoices() {
    EngineExecutionResults r =
        run(TierFromConfiguration.class, Map.of(WorkloadMapTest.TIER_PROPERTY, "NOPE"));
    // JUnit prefixes "Failed to evaluate condition [...]: " (the condition reads the configuration
    // first)
    assertThat(failureMessage(r))
        .endsWith(
            "@WorkloadMapTest: workloadmap.tier (from configuration parameter"
                + " workloadmap.tier) must be one of AUTO, API_SERVER, K3S, KUBECONFIG, MOCK, found \"NOPE\"");
  }

  @Test
  void worksAsAMetaAnnotation() {
    run(MetaAnnotated.class, Map.of()).testEvents().assertStatistics(s -> s.succeeded(1));
    assertThat(SEEN).singleElement().asString().startsWith("MOCK meta-metaannotated-");
  }

  @Test
  void aNestedClassSharesItsEnclosingClassNamespace() {
    run(WithNested.class, Map.of()).testEvents().assertStatistics(s -> s.succeeded(2));
    assertThat(SEEN).hasSize(2);
    String outer = SEEN.stream()
        .filter(s -> s.startsWith("outer "))
        .findFirst()
        .orElseThrow()
        .substring(6);
    assertThat(SEEN).contains("inner " + outer);
  }

  @Test
  void aTreeMismatchFailsWithExpectedActualAndDiagnosticsAndKeepsTheNamespace() {
    assumeTrue(Shared.available(), Shared.skipReason());
    EngineExecutionResults r = run(FailingTreeAssertion.class, Map.of());
    r.testEvents().assertStatistics(s -> s.failed(1));
    Throwable t = r.testEvents()
        .failed()
        .list()
        .get(0)
        .getPayload(TestExecutionResult.class)
        .orElseThrow()
        .getThrowable()
        .orElseThrow();
    assertThat(t).isInstanceOf(org.opentest4j.AssertionFailedError.class);
    var afe = (org.opentest4j.AssertionFailedError) t;
    assertThat(afe.getMessage())
        .contains(
            "the tree of JobSet jobset.x-k8s.io/v1alpha2 failing (read back from the server) does not match")
        .contains("<expected>:1:", "/statuses/0: expected \"Completed\", actual \"Running\"")
        .contains("/total/replicas: expected 99, actual 2")
        .contains(
            "--- @WorkloadMapTest diagnostics ---",
            "cluster: MOCK",
            "definition: jobset-x-k8s-io-jobset-v1alpha2")
        .contains("object as stored by the server:", "replicatedJobsStatus", "tree:", "jobset");
    assertThat(afe.getExpected().getStringRepresentation()).contains("Completed");
    assertThat(afe.getActual().getStringRepresentation()).contains("Running", "worker");
    List<String> kept = r.allEvents().reportingEntryPublished().stream()
        .map(e -> e.getRequiredPayload(ReportEntry.class).getKeyValuePairs())
        .filter(m -> m.containsKey("workloadmap.namespaceKept"))
        .map(m -> m.get("workloadmap.namespaceKept"))
        .toList();
    assertThat(kept)
        .singleElement()
        .asString()
        .startsWith("namespace ")
        .contains(" kept (cleanup KEEP_ON_FAILURE)");
  }

  @Test
  void aFailingJqExpressionIsNamedInTheFailure() {
    EngineExecutionResults r = run(FailingJqPath.class, Map.of());
    r.testEvents().assertStatistics(s -> s.failed(1));
    String msg = failureMessage(r);
    assertThat(msg)
        .contains(
            "unexpected evaluation problem:",
            "broken-replicas-definition.yaml:",
            "/spec/structureDefinition/childComponents/0/scaleDefinition: component 'group'")
        .contains("jq: .spec.groups[].replicas + \"x\"")
        .contains("definition: trainer-broken-replicas (trainer/broken-replicas-definition.yaml)")
        .contains("jq problems:");
  }

  @Test
  void cleanupAlwaysDeletesTheNamespaceEvenAfterAFailure() {
    EngineExecutionResults r = run(FailingButCleaned.class, Map.of());
    r.testEvents().assertStatistics(s -> s.failed(1));
    assertThat(r.allEvents().reportingEntryPublished().stream()
            .map(e -> e.getRequiredPayload(ReportEntry.class).getKeyValuePairs())
            .filter(m -> m.containsKey("workloadmap.namespaceKept")))
        .isEmpty();
  }

  @Test
  void invalidDefinitionSourcesFailTheClassWithEveryProblem() {
    String msg = failureMessage(run(MissingDefinitions.class, Map.of()));
    assertThat(msg)
        .startsWith("@WorkloadMapTest(definitions = ...): 2 problem(s):")
        .contains("does/not/exist.yaml: file not found")
        .contains("classpath:no/such/definition.yaml: no such class path resource");
  }

  @Test
  void k3sWithoutDockerFailsSayingWhy() {
    assumeFalse(
        DockerClientFactory.instance().isDockerAvailable(), "a Docker engine is available here");
    String msg = failureMessage(run(OnK3s.class, Map.of()));
    assertThat(msg)
        .contains("cluster tier K3S is unavailable: Testcontainers found no Docker engine")
        .contains("start a Docker engine")
        .contains("disabledWithoutCluster = true");
  }

  @Test
  void k3sWithoutDockerIsSkippedWithTheReasonWhenDisabledWithoutCluster() {
    assumeFalse(
        DockerClientFactory.instance().isDockerAvailable(), "a Docker engine is available here");
    EngineExecutionResults r = run(OnK3sOrSkip.class, Map.of());
    List<Event> skipped = r.containerEvents().skipped().list();
    assertThat(skipped)
        .singleElement()
        .satisfies(e -> assertThat(e.getRequiredPayload(String.class))
            .startsWith("cluster tier K3S is unavailable: Testcontainers found no Docker engine"));
    r.testEvents().assertStatistics(s -> s.started(0).failed(0));
  }

  @Test
  void disabledWithoutClusterAlsoComesFromTheConfigurationParameter() {
    assumeFalse(
        DockerClientFactory.instance().isDockerAvailable(), "a Docker engine is available here");
    EngineExecutionResults r =
        run(OnK3s.class, Map.of(WorkloadMapTest.DISABLED_WITHOUT_CLUSTER_PROPERTY, "true"));
    assertThat(r.containerEvents().skipped().list()).hasSize(1);
  }

  @Test
  void autoWithoutAnyClusterFailsNamingEveryOption() {
    assumeFalse(
        DockerClientFactory.instance().isDockerAvailable(), "a Docker engine is available here");
    assumeTrue(
        System.getenv("WORKLOADMAP_KUBECONFIG") == null, "WORKLOADMAP_KUBECONFIG is set here");
    String msg = failureMessage(run(
        OnAuto.class,
        Map.of(WorkloadMapTest.KUBEAPITEST_DIR_PROPERTY, "/nonexistent/kubeapitest")));
    assertThat(msg)
        .contains(
            "no Kubernetes cluster for @WorkloadMapTest (tier AUTO); tried, in order:",
            "- KUBECONFIG:",
            "workloadmap.kubeconfig",
            "- K3S:",
            "Docker",
            "- API_SERVER:",
            "scripts/provide-kube-apiserver.sh",
            "workloadmap.kubeapitest.dir",
            "- MOCK: never chosen automatically",
            "disabledWithoutCluster",
            "configuration: workloadmap.tier=AUTO (default)");
  }
}
