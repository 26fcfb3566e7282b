package dev.workloadmap.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workloadmap.junit.Controllers;
import dev.workloadmap.junit.Tier;
import dev.workloadmap.junit.WorkloadMapCluster;
import dev.workloadmap.junit.WorkloadMapTest;
import dev.workloadmap.sdk.gang.GangPlan;
import dev.workloadmap.sdk.live.LivePod;
import dev.workloadmap.sdk.live.LiveTree;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The catalog's built-in kinds on real controllers (tier API_SERVER, {@link Controllers#WORKLOAD}): kube-controller-
 * manager 1.36 creates the pods (no scheduler or kubelet, so they stay Pending), and the SDK attributes them through
 * the owner chains the controllers really write: Job → Pod, Deployment → ReplicaSet → Pod, StatefulSet → Pod, CronJob
 * → Job → Pod. The garbage collector removes a deleted root's dependents, and the namespace controller finalises a
 * deleted namespace.
 */
@WorkloadMapTest(
    tier = Tier.API_SERVER,
    controllers = Controllers.WORKLOAD,
    namespacePrefix = "core",
    definitions = {
      "catalog:batch-job-v1",
      "catalog:batch-cronjob-v1",
      "catalog:apps-deployment-v1",
      "catalog:apps-statefulset-v1"
    })
class CoreControllersApiServerTest {
  private static final Duration WAIT = Duration.ofMinutes(2);

  private static final String POD_SPEC = """
          spec:
            restartPolicy: %s
            containers:
              - name: main
                image: registry.example/train:1
                resources:
                  requests: {cpu: 500m, memory: 1Gi, nvidia.com/gpu: 2}
                  limits: {nvidia.com/gpu: 2}
      """;

  private static String template(String labels, String restartPolicy) {
    return "    metadata:\n      labels: " + labels + "\n" + POD_SPEC.formatted(restartPolicy);
  }

  @Test
  void jobPodsComeFromTheJobController(WorkloadMapCluster cluster) {
    GenericKubernetesResource job = cluster.create(
        cluster.readYaml("""
        apiVersion: batch/v1
        kind: Job
        metadata: {name: trainer}
        spec:
          parallelism: 2
          completions: 2
          template:
        """ + template("{app: trainer}", "Never")).get(0));
    LiveTree live = cluster.awaitControllerPods(job, 2, WAIT);
    assertThat(live.pods()).hasSize(2).allSatisfy(p -> {
      assertThat(p.phase()).isEqualTo("Pending");
      assertThat(p.name()).startsWith("trainer-");
    });
    assertThat(live.unmatched()).isEmpty();
    assertThat(live.component("job")).hasValueSatisfying(c -> {
      assertThat(c.current()).isEqualTo(2);
      assertThat(c.ready()).isZero();
    });
    // the pods' ownerReference is the Job controller's own, with the Job's real UID
    String uid = cluster.get(job).getMetadata().getUid();
    assertThat(cluster.podsOf(job))
        .hasSize(2)
        .allSatisfy(p -> assertThat(p.getMetadata().getOwnerReferences())
            .singleElement()
            .satisfies(r -> {
              assertThat(r.getUid()).isEqualTo(uid);
              assertThat(r.getController()).isTrue();
            }));
    assertThat(cluster.controllersCreatePodsFor(job)).isTrue();
    // createControllerPods does not fabricate pods a real controller makes: it returns the
    // controller's
    assertThat(cluster.createControllerPods(job)).hasSize(2);
    assertThat(cluster.podsOf(job)).hasSize(2);
  }

  @Test
  void deploymentPodsReachItThroughTheirReplicaSet(WorkloadMapCluster cluster) {
    GenericKubernetesResource deployment = cluster.create(
        cluster.readYaml("""
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: serve}
        spec:
          replicas: 3
          selector: {matchLabels: {app: serve}}
          template:
        """ + template("{app: serve}", "Always")).get(0));
    LiveTree live = cluster.awaitControllerPods(deployment, 3, WAIT);
    assertThat(live.pods()).hasSize(3).extracting(LivePod::phase).containsOnly("Pending");
    assertThat(live.component("deployment"))
        .hasValueSatisfying(c -> assertThat(c.current()).isEqualTo(3));
    List<GenericKubernetesResource> replicaSets = cluster
        .client()
        .genericKubernetesResources("apps/v1", "ReplicaSet")
        .inNamespace(cluster.namespace())
        .list()
        .getItems();
    assertThat(replicaSets)
        .singleElement()
        .satisfies(rs -> assertThat(rs.getMetadata().getOwnerReferences())
            .singleElement()
            .satisfies(r -> assertThat(r.getKind()).isEqualTo("Deployment")));
    String rsUid = replicaSets.get(0).getMetadata().getUid();
    assertThat(cluster.podsOwnedThroughChain(deployment))
        .hasSize(3)
        .allSatisfy(p -> assertThat(p.getMetadata().getOwnerReferences())
            .singleElement()
            .satisfies(r -> assertThat(r.getUid()).isEqualTo(rsUid)));
    // no pod is owned by the Deployment directly: attribution went through the ReplicaSet
    assertThat(cluster.podsOf(deployment)).isEmpty();
    GangPlan plan = cluster.gangPlan(deployment);
    assertThat(plan).isNotNull();

    // the garbage collector removes the ReplicaSet and its pods when the Deployment goes
    cluster.delete(deployment);
    cluster
        .client()
        .genericKubernetesResources("apps/v1", "ReplicaSet")
        .inNamespace(cluster.namespace())
        .withName(replicaSets.get(0).getMetadata().getName())
        .waitUntilCondition(r -> r == null, 2, TimeUnit.MINUTES);
    awaitNoPodsWithLabel(cluster, "app", "serve");
  }

  @Test
  void statefulSetPodsAreItsOwnAndOrdinal(WorkloadMapCluster cluster) {
    // Parallel: with OrderedReady the controller waits for pod 0 to be Ready, which it never is
    // without a kubelet
    GenericKubernetesResource sts =
        cluster.create(cluster.readYaml("""
        apiVersion: apps/v1
        kind: StatefulSet
        metadata: {name: db}
        spec:
          replicas: 2
          serviceName: db
          podManagementPolicy: Parallel
          selector: {matchLabels: {app: db}}
          template:
        """ + template("{app: db}", "Always")).get(0));
    LiveTree live = cluster.awaitControllerPods(sts, 2, WAIT);
    assertThat(live.pods()).extracting(LivePod::name).containsExactlyInAnyOrder("db-0", "db-1");
    assertThat(live.component("statefulset"))
        .hasValueSatisfying(c -> assertThat(c.current()).isEqualTo(2));
    assertThat(cluster.podsOf(sts)).hasSize(2);
  }

  @Test
  void cronJobPodsReachItThroughTheJobItsControllerStarts(WorkloadMapCluster cluster) {
    // every minute: the CronJob controller starts a Job at the next minute boundary, its Job
    // controller the pod
    GenericKubernetesResource cron = cluster.create(
        cluster.readYaml("""
        apiVersion: batch/v1
        kind: CronJob
        metadata: {name: nightly}
        spec:
          schedule: "* * * * *"
          concurrencyPolicy: Forbid
          jobTemplate:
            spec:
              template:
        """ + template("{app: nightly}", "Never").indent(4)).get(0));
    LiveTree live = cluster.awaitControllerPods(cron, 1, Duration.ofMinutes(3));
    assertThat(live.pods())
        .isNotEmpty()
        .allSatisfy(p -> assertThat(p.name()).startsWith("nightly-"));
    List<GenericKubernetesResource> jobs = cluster
        .client()
        .genericKubernetesResources("batch/v1", "Job")
        .inNamespace(cluster.namespace())
        .list()
        .getItems()
        .stream()
        .filter(j -> j.getMetadata().getName().startsWith("nightly-"))
        .toList();
    assertThat(jobs)
        .isNotEmpty()
        .allSatisfy(j -> assertThat(j.getMetadata().getOwnerReferences())
            .singleElement()
            .satisfies(r -> assertThat(r.getKind()).isEqualTo("CronJob")));
    assertThat(cluster.podsOf(cron))
        .as("pods are owned by the Job, not the CronJob")
        .isEmpty();
    assertThat(cluster.podsOwnedThroughChain(cron)).isNotEmpty();
  }

  @Test
  void aDeletedNamespaceIsFinalisedByTheNamespaceController(WorkloadMapCluster cluster) {
    String name = cluster.namespace() + "-gone";
    cluster
        .client()
        .namespaces()
        .resource(new NamespaceBuilder()
            .withNewMetadata()
            .withName(name)
            .endMetadata()
            .build())
        .create();
    cluster
        .client()
        .configMaps()
        .inNamespace(name)
        .resource(new io.fabric8.kubernetes.api.model.ConfigMapBuilder()
            .withNewMetadata()
            .withName("x")
            .endMetadata()
            .build())
        .create();
    cluster.client().namespaces().withName(name).delete();
    cluster
        .client()
        .namespaces()
        .withName(name)
        .waitUntilCondition(n -> n == null, 2, TimeUnit.MINUTES);
    assertThat(cluster.client().namespaces().withName(name).get()).isNull();
  }

  private static void awaitNoPodsWithLabel(WorkloadMapCluster cluster, String key, String value) {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (!cluster
        .client()
        .pods()
        .inNamespace(cluster.namespace())
        .withLabel(key, value)
        .list()
        .getItems()
        .isEmpty()) {
      assertThat(System.nanoTime())
          .as("pods with %s=%s collected within %s", key, value, WAIT)
          .isLessThan(deadline);
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }
  }
}
