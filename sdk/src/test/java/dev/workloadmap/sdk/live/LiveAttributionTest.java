package dev.workloadmap.sdk.live;

import static dev.workloadmap.sdk.TestDefinitions.karta;
import static dev.workloadmap.sdk.TestDefinitions.object;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.PreparedDefinition;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.WorkloadMapException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Live pod attribution (docs/format.md#owner-chain, docs/format.md#cli-describe), unit tier: owner chains, placement,
 * instance splitting, per-pod phase and reason; conformance CR-02, CR-03, CR-04, CR-08, CR-11, CR-13, CR-16, CD-02.
 */
class LiveAttributionTest {

  static final WorkloadMap WM = WorkloadMap.create();

  static final PreparedDefinition TRAINING =
      WM.prepare(WM.loadDefinition(karta("""
      rootComponent:
        name: trainjob
        kind: {group: example.com, version: v1, kind: TrainJob}
        statusDefinition:
          conditionsDefinition: {path: .status.conditions}
          statusMappings:
            running: [{byConditions: [{type: Running, status: "True"}]}]
      childComponents:
        - name: master
          ownerRef: trainjob
          specDefinition: {podTemplateSpecPath: .spec.master.template}
          scaleDefinition: {replicasPath: .spec.master.replicas}
          podSelector:
            componentTypeSelector: {keyPath: '.metadata.labels["replica-type"]', value: master}
        - name: worker
          ownerRef: trainjob
          specDefinition: {podTemplateSpecPath: .spec.worker.template}
          scaleDefinition: {replicasPath: .spec.worker.replicas}
          podSelector:
            componentTypeSelector: {keyPath: '.metadata.labels["replica-type"]', value: worker}
      """), "training.yaml"));

  static final JsonNode JOB = object("""
      apiVersion: example.com/v1
      kind: TrainJob
      metadata: {name: llama-finetune, namespace: ml-team, uid: root-uid}
      spec:
        master:
          replicas: 1
          template:
            spec:
              containers: [{name: c, resources: {requests: {cpu: "4", memory: 16Gi}, limits: {nvidia.com/gpu: 1}}}]
        worker:
          replicas: 4
          template:
            spec:
              containers: [{name: c, resources: {requests: {cpu: "4", memory: 16Gi}, limits: {nvidia.com/gpu: 8}}}]
      status:
        conditions: [{type: Running, status: "True"}]
      """);

  /** A pod owned (controller reference) by {@code ownerUid}, with a status built from {@code status} YAML. */
  static JsonNode pod(String name, String type, String ownerUid, String node, String status) {
    return object("""
        apiVersion: v1
        kind: Pod
        metadata:
          name: %s
          namespace: ml-team
          labels: {replica-type: %s}
          ownerReferences: [{apiVersion: example.com/v1, kind: TrainJob, name: x, uid: %s, controller: true}]
        spec:
          %s
          containers: [{name: c, resources: {limits: {nvidia.com/gpu: %s}}}]
        status: %s
        """.formatted(
            name,
            type,
            ownerUid,
            node == null ? "" : "nodeName: " + node,
            type.equals("master") ? "1" : "8",
            status));
  }

  static final String RUNNING = "{phase: Running, conditions: [{type: Ready, status: \"True\"}]}";
  static final String UNSCHEDULABLE =
      "{phase: Pending, conditions: [{type: PodScheduled, status: \"False\", "
          + "reason: Unschedulable}]}";

  static List<JsonNode> clusterPods() {
    List<JsonNode> pods = new ArrayList<>();
    pods.add(pod("worker-3", "worker", "root-uid", null, UNSCHEDULABLE));
    pods.add(pod("worker-1", "worker", "root-uid", "node-03", RUNNING));
    pods.add(pod("master-0", "master", "root-uid", "node-01", RUNNING));
    pods.add(pod("worker-0", "worker", "root-uid", "node-02", RUNNING));
    pods.add(pod("worker-2", "worker", "root-uid", "node-02", RUNNING));
    pods.add(pod("neighbour-0", "worker", "other-uid", "node-09", RUNNING));
    return pods;
  }

  @Test
  void cr02_readyAgainstDesiredNodesAndSortedPods() {
    LiveTree live = WM.attributePods(TRAINING, JOB, clusterPods(), OwnerLookup.none());
    LiveComponent master = live.component("master").orElseThrow();
    assertThat(master.desired()).isEqualTo(1);
    assertThat(master.current()).isEqualTo(1);
    assertThat(master.ready()).isEqualTo(1);
    assertThat(master.nodes()).containsExactly("node-01");
    LiveComponent worker = live.component("worker").orElseThrow();
    assertThat(worker.desired()).isEqualTo(4);
    assertThat(worker.current()).isEqualTo(4);
    assertThat(worker.ready()).isEqualTo(3);
    assertThat(worker.nodes()).containsExactly("node-02", "node-03");
    assertThat(worker.pods())
        .extracting(LivePod::name)
        .containsExactly("worker-0", "worker-1", "worker-2", "worker-3");
    assertThat(live.notOwned())
        .as("CD-02: a neighbour's pods never appear")
        .containsExactly("neighbour-0");
    assertThat(live.unmatched()).isEmpty();
  }

  @Test
  void cr03_unschedulablePod() {
    LivePod p = WM.attributePods(TRAINING, JOB, clusterPods(), null)
        .component("worker")
        .orElseThrow()
        .pods()
        .get(3);
    assertThat(p.name()).isEqualTo("worker-3");
    assertThat(p.node()).isNull();
    assertThat(p.ready()).isFalse();
    assertThat(p.phase()).isEqualTo("Pending");
    assertThat(p.reason()).isEqualTo("Unschedulable");
    assertThat(p.unhealthy()).isTrue();
    assertThat(p.resources().gpus()).isEqualTo(8);
  }

  @Test
  void cr04_selectorsApplyAndTotalsDoNotDependOnPods() {
    LiveTree live = WM.attributePods(TRAINING, JOB, clusterPods(), null);
    assertThat(live.component("master").orElseThrow().pods())
        .extracting(LivePod::name)
        .containsExactly("master-0");
    LiveTree none = WM.attributePods(TRAINING, JOB, List.of(), null);
    assertThat(none.component("worker").orElseThrow().resources().gpus()).isEqualTo(32);
    assertThat(live.component("worker").orElseThrow().resources().gpus()).isEqualTo(32);
    assertThat(none.tree().totalResources()).isEqualTo(live.tree().totalResources());
  }

  @Test
  void cr11_completedPodAndCrashLoop() {
    JsonNode done = pod(
        "worker-0",
        "worker",
        "root-uid",
        "node-02",
        "{phase: Succeeded, conditions: [{type: Ready, "
            + "status: \"False\", reason: PodCompleted}]}");
    JsonNode crash = pod(
        "worker-1",
        "worker",
        "root-uid",
        "node-02",
        "{phase: Running, conditions: [{type: Ready, "
            + "status: \"False\", reason: ContainersNotReady}], containerStatuses: [{name: c, ready: false, "
            + "state: {waiting: {reason: CrashLoopBackOff}}}]}");
    List<LivePod> pods =
        WM.attributePods(TRAINING, JOB, List.of(done, crash), null).pods();
    assertThat(pods.get(0).phase()).isEqualTo("Succeeded");
    assertThat(pods.get(0).reason()).isEqualTo("PodCompleted");
    assertThat(pods.get(0).unhealthy()).as("completed pods are not unhealthy").isFalse();
    assertThat(pods.get(1).phase()).isEqualTo("Running");
    assertThat(pods.get(1).reason()).isEqualTo("CrashLoopBackOff");
  }

  @Test
  void podsNoComponentClaimsAreReportedNotDropped() {
    JsonNode stray = pod("sidecar-0", "proxy", "root-uid", "node-02", RUNNING);
    LiveTree live = WM.attributePods(TRAINING, JOB, List.of(stray), null);
    assertThat(live.pods()).isEmpty();
    assertThat(live.unmatched())
        .containsExactly(new UnmatchedPod("sidecar-0", "no component found for pod sidecar-0"));
  }

  @Test
  void ownerChainThroughControllersWithDepthLimitAndCache() {
    // pod -> Job (controller) -> JobSet-like root
    JsonNode job = object(
        "{apiVersion: batch/v1, kind: Job, metadata: {name: j, namespace: ml-team, uid: job-uid,"
            + " ownerReferences: [{apiVersion: example.com/v1, kind: TrainJob, name: x, uid: root-uid, controller: true}]}}");
    JsonNode p1 = pod("worker-0", "worker", "job-uid", "n", RUNNING);
    JsonNode p2 = pod("worker-1", "worker", "job-uid", "n", RUNNING);
    int[] calls = {0};
    OwnerLookup lookup = (ns, ref) -> {
      calls[0]++;
      return ref.uid().equals("job-uid") ? Optional.of(job) : Optional.empty();
    };
    LiveTree live = WM.attributePods(TRAINING, JOB, List.of(p1, p2), lookup);
    assertThat(live.pods()).hasSize(2);
    assertThat(calls[0]).as("one lookup per owner UID").isEqualTo(1);
    assertThat(WM.attributePods(TRAINING, JOB, List.of(p1), OwnerLookup.none()).notOwned())
        .as("an owner that cannot be read counts as not owned")
        .containsExactly("worker-0");
  }

  @Test
  void nonControllerReferencesOwnWhenTheyCarryTheRootButAreNotWalked() {
    JsonNode viaNonController = object("""
        metadata:
          name: a
          ownerReferences:
            - {apiVersion: v1, kind: X, name: x, uid: mid-uid, controller: false}
        """);
    JsonNode direct = object("""
        metadata:
          name: b
          ownerReferences:
            - {apiVersion: v1, kind: Other, name: o, uid: other, controller: true}
            - {apiVersion: v1, kind: Root, name: r, uid: root-uid}
        """);
    JsonNode mid = object(
        "{metadata: {name: mid, uid: mid-uid, ownerReferences: [{uid: root-uid, controller: true}]}}");
    OwnerChain chain = new OwnerChain("root-uid", OwnerLookup.of(List.of(mid)));
    assertThat(chain.owns(viaNonController)).isFalse();
    assertThat(chain.owns(direct)).isTrue();
  }

  @Test
  void depthLimitIsSixLevels() {
    List<JsonNode> owners = new ArrayList<>();
    for (int i = 1; i <= 7; i++) {
      String up = i == 7 ? "root-uid" : "o" + (i + 1);
      owners.add(
          object("{metadata: {name: o%d, uid: o%d, ownerReferences: [{uid: %s, controller: true}]}}"
              .formatted(i, i, up)));
    }
    OwnerLookup lookup = OwnerLookup.of(owners);
    // the pod's owner is level 1: through o3 (o3..o7) the root is level 6 and owns; through o2 it
    // is level 7
    JsonNode at6 = object("{metadata: {name: p, ownerReferences: [{uid: o3, controller: true}]}}");
    JsonNode at7 = object("{metadata: {name: q, ownerReferences: [{uid: o2, controller: true}]}}");
    assertThat(new OwnerChain("root-uid", lookup).owns(at6)).isTrue();
    assertThat(new OwnerChain("root-uid", lookup).owns(at7)).isFalse();
  }

  @Test
  void ownerCyclesEndAsNotOwned() {
    JsonNode a =
        object("{metadata: {name: a, uid: a, ownerReferences: [{uid: b, controller: true}]}}");
    JsonNode b =
        object("{metadata: {name: b, uid: b, ownerReferences: [{uid: a, controller: true}]}}");
    JsonNode p = object("{metadata: {name: p, ownerReferences: [{uid: a, controller: true}]}}");
    assertThat(new OwnerChain("root-uid", OwnerLookup.of(List.of(a, b))).owns(p))
        .isFalse();
  }

  @Test
  void objectWithoutUidIsAClearError() {
    JsonNode noUid = ((com.fasterxml.jackson.databind.node.ObjectNode) JOB.deepCopy());
    ((com.fasterxml.jackson.databind.node.ObjectNode) noUid.get("metadata")).remove("uid");
    assertThatThrownBy(() -> WM.attributePods(TRAINING, noUid, List.of(), null))
        .isInstanceOf(WorkloadMapException.class)
        .hasMessageContaining("has no metadata.uid");
  }

  static final PreparedDefinition SERVE = WM.prepare(WM.loadDefinition(karta("""
      rootComponent:
        name: serve
        kind: {group: apps, version: v1, kind: Deployment}
        specDefinition: {podTemplateSpecPath: .spec.template}
        scaleDefinition: {replicasPath: .spec.replicas}
        statusDefinition: {phaseDefinition: {path: .status.phase}, statusMappings: {running: [{byPhase: Running}]}}
        podSelector: {componentTypeSelector: {keyPath: .metadata.labels.role, value: serve}}
      """), "serve.yaml"));

  @Test
  void cr08_theRootsOwnSelectorAppliesToItsPods() {
    JsonNode d = object(
        "{apiVersion: apps/v1, kind: Deployment, metadata: {name: embed-svc, uid: root-uid}, "
            + "spec: {replicas: 1}}");
    JsonNode serve = object(
        "{metadata: {name: embed-svc-0, labels: {role: serve}, ownerReferences: [{uid: root-uid}]}}");
    JsonNode proxy = object("{metadata: {name: embed-svc-sidecar, labels: {role: proxy}, "
        + "ownerReferences: [{uid: root-uid}]}}");
    LiveTree live = WM.attributePods(SERVE, d, List.of(serve, proxy), null);
    assertThat(live.pods()).extracting(LivePod::name).containsExactly("embed-svc-0");
    assertThat(live.unmatched())
        .extracting(UnmatchedPod::name)
        .containsExactly("embed-svc-sidecar");
  }

  @Test
  void cr13_aSoleComponentWithoutSelectorClaimsUnlabelledPods() {
    PreparedDefinition dep = WM.prepare(WM.loadDefinition(karta("""
        rootComponent:
          name: deployment
          kind: {group: apps, version: v1, kind: Deployment}
          specDefinition: {podTemplateSpecPath: .spec.template}
          statusDefinition: {phaseDefinition: {path: .status.phase}, statusMappings: {running: [{byPhase: Running}]}}
        """), "dep.yaml"));
    JsonNode d =
        object("{apiVersion: apps/v1, kind: Deployment, metadata: {name: web, uid: root-uid}}");
    JsonNode p = object("{metadata: {name: web-1, ownerReferences: [{uid: root-uid}]}}");
    assertThat(WM.attributePods(dep, d, List.of(p), null).pods())
        .extracting(LivePod::name)
        .containsExactly("web-1");
  }

  static final PreparedDefinition SERVICES =
      WM.prepare(WM.loadDefinition(karta("""
      rootComponent:
        name: graph
        kind: {group: example.com, version: v1, kind: Graph}
        statusDefinition: {phaseDefinition: {path: .status.state}, statusMappings: {running: [{byPhase: ok}]}}
      childComponents:
        - name: service
          ownerRef: graph
          instanceIdPath: .spec.services | keys[]
          specDefinition: {podTemplateSpecPath: '.spec.services[] | .template'}
          scaleDefinition: {replicasPath: '.spec.services[] | .replicas'}
          podSelector:
            componentTypeSelector: {keyPath: '.metadata.labels["component"]'}
            componentInstanceSelector: {idPath: '.metadata.labels["component"]'}
      """), "graph.yaml"));

  @Test
  void cr16_instanceFilteringAppliesEvenToASingleInstance() {
    JsonNode g =
        object("{apiVersion: example.com/v1, kind: Graph, metadata: {name: g, uid: root-uid}, "
            + "spec: {services: {Frontend: {replicas: 1, template: {}}}}}");
    JsonNode frontend = object("{metadata: {name: frontend-0, labels: {component: Frontend}, "
        + "ownerReferences: [{uid: root-uid}]}}");
    JsonNode leftover = object("{metadata: {name: prefill-0, labels: {component: PrefillWorker}, "
        + "ownerReferences: [{uid: root-uid}]}}");
    LiveTree live = WM.attributePods(SERVICES, g, List.of(frontend, leftover), null);
    LiveComponent row = live.component("service", "Frontend").orElseThrow();
    assertThat(row.name()).isEqualTo("Frontend");
    assertThat(row.pods()).extracting(LivePod::name).containsExactly("frontend-0");
    assertThat(live.unmatched()).singleElement().satisfies(u -> {
      assertThat(u.name()).isEqualTo("prefill-0");
      assertThat(u.reason()).contains("could not match instance id \"PrefillWorker\"");
    });
  }

  @Test
  void describeTextShowsReadyPodsReasonsAndNodes() {
    String text = WM.renderText(WM.attributePods(TRAINING, JOB, clusterPods(), null), "catalog");
    assertThat(text)
        .contains("TrainJob/llama-finetune", "namespace: ml-team", "definition: test (catalog)")
        .contains("Pending (Unschedulable)")
        .contains("Phase: Running")
        .contains("TOTAL");
    assertThat(text).doesNotContain("file mode");
    List<String> lines = text.lines().toList();
    assertThat(lines).noneMatch(l -> l.endsWith(" "));
    assertThat(lines)
        .anyMatch(l -> l.startsWith("└── worker")
            && l.contains("3/4 ready")
            && l.contains("gpu: 32")
            && l.endsWith("node-02,node-03"));
    assertThat(lines).anyMatch(l -> l.startsWith("├── master") && l.contains("1/1 ready"));
    assertThat(lines).anyMatch(l -> l.startsWith("    └── worker-3") && l.endsWith("<none>"));
    assertThat(lines).anyMatch(l -> l.startsWith("│   └── master-0") && l.contains("Running"));
  }

  @Test
  void jsonFormCarriesTheViewFields() {
    var json = WM.toJson(WM.attributePods(TRAINING, JOB, clusterPods(), null));
    JsonNode worker = json.get("components").get(1);
    assertThat(worker.get("replicas").get("ready").asInt()).isEqualTo(3);
    assertThat(worker.get("replicas").get("desired").asInt()).isEqualTo(4);
    assertThat(worker.get("pods").get(3).get("node").isNull()).isTrue();
    assertThat(worker.get("pods").get(3).get("reason").asText()).isEqualTo("Unschedulable");
    assertThat(json.get("notOwned").get(0).asText()).isEqualTo("neighbour-0");
  }
}
