package dev.workloadmap.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The API_SERVER tier is a real API server: unknown fields are pruned, invalid objects are rejected with HTTP 422
 * listing every field error, status goes through the status subresource only, set-based selectors work, and the
 * handle creates a controller's pods with ownerReferences and the template's labels. Uses a trimmed JobSet CRD
 * (test resource) with the upstream CRD's structural rules for replicatedJobs.
 */
@WorkloadMapTest(
    tier = Tier.API_SERVER,
    definitions =
        "../catalog/src/main/workloadmap/" + "jobset-x-k8s-io-jobset-v1alpha2/definition.yaml")
class ApiServerTierTest {

  private static final String JOBSET = """
      apiVersion: jobset.x-k8s.io/v1alpha2
      kind: JobSet
      metadata:
        name: %s
      spec:
        %s
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

  /** Two schema violations: a negative replica count and a template that is not an object. */
  private static final String INVALID = """
      apiVersion: jobset.x-k8s.io/v1alpha2
      kind: JobSet
      metadata:
        name: invalid
      spec:
        replicatedJobs:
          - name: worker
            replicas: -2
            template: 5
      """;

  @BeforeAll
  static void installJobSetCrd(WorkloadMapCluster cluster) {
    cluster.installCrds("classpath:jobset-trimmed-crd.yaml");
  }

  private static JsonNode jobSet(WorkloadMapCluster cluster, String name, String extraSpec) {
    return cluster.readYaml(JOBSET.formatted(name, extraSpec)).get(0);
  }

  @Test
  void unknownFieldIsPrunedByTheApiServer(WorkloadMapCluster cluster) {
    assertThat(cluster.tier()).isEqualTo(Tier.API_SERVER);
    assertThat(cluster.realApiServer()).isTrue();
    GenericKubernetesResource stored =
        cluster.create(jobSet(cluster, "pruned", "unknownSpecField: 42"));
    JsonNode back = cluster.asJson(cluster.get(stored));
    assertThat(back.path("spec").has("unknownSpecField"))
        .as("pruned: %s", back.path("spec"))
        .isFalse();
    assertThat(back.path("spec").path("replicatedJobs")).hasSize(2);
  }

  @Test
  void invalidObjectIsRejectedWith422AndItsFieldErrors(WorkloadMapCluster cluster) {
    JsonNode invalid = cluster.readYaml(INVALID).get(0);
    assertThatThrownBy(() -> cluster.create(invalid))
        .isInstanceOfSatisfying(KubernetesClientException.class, e -> {
          assertThat(e.getCode()).isEqualTo(422);
          assertThat(e.getStatus().getDetails().getCauses())
              .extracting(c -> c.getField())
              .contains("spec.replicatedJobs[0].replicas", "spec.replicatedJobs[0].template");
          assertThat(e.getMessage())
              .contains("should be greater than or equal to 0", "must be of type object");
        });
  }

  @Test
  void statusIsDroppedOnCreateAndWrittenThroughTheStatusSubresource(WorkloadMapCluster cluster) {
    JsonNode withStatus = cluster
        .readYaml(JOBSET.formatted("with-status", "suspend: false")
            + "status:\n  restarts: 1\n  replicatedJobsStatus:\n    - {name: worker, active: 2, ready: 1, succeeded: 0,"
            + " failed: 0, suspended: 0}\n")
        .get(0);
    GenericKubernetesResource created = cluster.create(withStatus);
    assertThat(cluster.asJson(cluster.get(created)).has("status"))
        .as("status dropped on create")
        .isFalse();
    cluster.assertStatuses(created, "Undefined");

    GenericKubernetesResource written = cluster.writeStatus(created, withStatus.get("status"));
    assertThat(cluster.asJson(written).path("status").path("restarts").asInt()).isEqualTo(1);
    cluster.assertStatuses(written, "Running", "Degraded");
    cluster.assertTree(written, """
        statuses: [Running, Degraded]
        root:
          name: jobset
        total:
          replicas: 3
          resources: {gpus: 4}
        """);
  }

  @Test
  void controllerPodsCarryOwnerReferencesAndTemplateLabels(WorkloadMapCluster cluster) {
    GenericKubernetesResource js = cluster.create(jobSet(cluster, "pods", "suspend: false"));
    List<GenericKubernetesResource> pods = cluster.createControllerPods(js);
    assertThat(pods)
        .extracting(p -> p.getMetadata().getName())
        .containsExactlyInAnyOrder(
            "pods-replicatedjob-leader-0",
            "pods-replicatedjob-worker-0",
            "pods-replicatedjob-worker-1");
    assertThat(pods)
        .allSatisfy(p -> assertThat(p.getMetadata().getOwnerReferences())
            .singleElement()
            .satisfies(r -> {
              assertThat(r.getUid()).isEqualTo(js.getMetadata().getUid());
              assertThat(r.getKind()).isEqualTo("JobSet");
              assertThat(r.getController()).isTrue();
            }));
    assertThat(cluster.podsOf(js)).hasSize(3);
    // a set-based selector is evaluated by the real server (the mock ignores it)
    assertThat(cluster
            .client()
            .pods()
            .inNamespace(cluster.namespace())
            .withLabelIn("role", "worker")
            .list()
            .getItems())
        .extracting(p -> p.getMetadata().getLabels())
        .containsOnly(Map.of("role", "worker"));
  }

  /**
   * Live attribution against the real server: pods owned through a real batch/v1 Job (the intermediate owner read
   * back from the server), labelled as the JobSet controller labels them, plus a pod of nobody's, attributed and
   * ganged with the SDK.
   */
  @Test
  void livePodsAndGangPlanThroughARealJobOwnerChain(WorkloadMapCluster cluster) {
    // JobSet (no operator here) -> Job (owned as the JobSet controller owns it) -> Pods made by the
    // real Job controller
    GenericKubernetesResource js = cluster.create(jobSet(cluster, "live", "suspend: false"));
    GenericKubernetesResource job = cluster.createOwnedBy(cluster.readYaml("""
        apiVersion: batch/v1
        kind: Job
        metadata:
          name: live-worker-0
        spec:
          parallelism: 2
          completions: 2
          template:
            metadata:
              labels: {jobset.sigs.k8s.io/jobset-name: live, jobset.sigs.k8s.io/replicatedjob-name: worker,
                jobset.sigs.k8s.io/job-index: "0"}
            spec:
              restartPolicy: Never
              containers: [{name: main, image: example.com/trainer:1}]
        """).get(0), js);
    cluster.create(cluster.readYaml("""
        apiVersion: v1
        kind: Pod
        metadata:
          name: stranger-0
          labels: {jobset.sigs.k8s.io/jobset-name: live, jobset.sigs.k8s.io/replicatedjob-name: worker,
            jobset.sigs.k8s.io/job-index: "0"}
        spec:
          automountServiceAccountToken: false
          containers: [{name: main, image: example.com/trainer:1}]
        """).get(0)); // same labels, owned by nobody

    var live = cluster.awaitControllerPods(js, 2, java.time.Duration.ofMinutes(2));
    List<String> made =
        cluster.podsOf(job).stream().map(p -> p.getMetadata().getName()).toList();
    assertThat(made).hasSize(2).allSatisfy(n -> assertThat(n).startsWith("live-worker-0-"));
    assertThat(live.pods())
        .as("live tree: %s", cluster.workloadMap().toJson(live))
        .extracting(pod -> pod.name())
        .containsExactlyInAnyOrderElementsOf(made);
    assertThat(live.notOwned()).contains("stranger-0");
    var worker = live.component("replicatedjob", "worker").orElseThrow();
    assertThat(worker.desired()).isEqualTo(2);
    assertThat(worker.current()).isEqualTo(2);
    assertThat(worker.ready()).isZero(); // no kubelet: pods stay Pending
    assertThat(worker.pods()).allSatisfy(pod -> assertThat(pod.phase()).isEqualTo("Pending"));

    var plan = cluster.gangPlan(js);
    assertThat(plan.groups())
        .as("gang plan: %s", cluster.workloadMap().toJson(plan))
        .isNotEmpty();
    assertThat(plan.groups().stream().flatMap(g -> g.gangs().stream()))
        .as("gang plan: %s", cluster.workloadMap().toJson(plan))
        .singleElement()
        .satisfies(g -> {
          assertThat(g.key()).containsExactly("live", "worker", "0");
          assertThat(g.pods()).containsExactlyInAnyOrderElementsOf(made);
        });
  }
}
