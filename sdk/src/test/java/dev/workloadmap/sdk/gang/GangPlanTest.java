package dev.workloadmap.sdk.gang;

import static dev.workloadmap.sdk.TestDefinitions.karta;
import static dev.workloadmap.sdk.TestDefinitions.object;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.PreparedDefinition;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.gang.GangPlan.Basis;
import dev.workloadmap.sdk.gang.GangPlan.Form;
import dev.workloadmap.sdk.gang.GangPlan.Group;
import dev.workloadmap.sdk.internal.gang.PodGroupNames;
import dev.workloadmap.sdk.live.LiveTree;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Gang plans (docs/format.md#gangs, decision g), unit tier: minMember per gang, groups of total 0, left-out subgroups,
 * key errors, the Sandbox cases SB-01..03 on the catalog definition, and PodGroup names (FC-24).
 */
class GangPlanTest {

  static final WorkloadMap WM = WorkloadMap.create();

  static final PreparedDefinition SERVING =
      WM.prepare(WM.loadDefinition(karta("""
      rootComponent:
        name: revision
        kind: {group: serving.knative.dev, version: v1, kind: Revision}
        specDefinition: {podSpecPath: .spec}
        scaleDefinition:
          minReplicasPath: '(.metadata.annotations["autoscaling.knative.dev/min-scale"] // "1") | tonumber'
        statusDefinition: {phaseDefinition: {path: .status.phase}, statusMappings: {running: [{byPhase: Running}]}}
        podSelector: {componentTypeSelector: {keyPath: '.metadata.labels["serving.knative.dev/revision"]'}}
      """) + """
        optimizationInstructions:
          gangScheduling:
            podGroups:
              - name: revision
                members:
                  - componentName: revision
                    groupByKeyPaths: ['.metadata.labels["serving.knative.dev/revision"]']
      """, "revision.yaml"));

  static JsonNode revision(String minScale) {
    return object("""
        apiVersion: serving.knative.dev/v1
        kind: Revision
        metadata:
          name: hello-00001
          uid: rev-uid
          annotations: {autoscaling.knative.dev/min-scale: "%s"}
        spec: {containers: [{name: c}]}
        """.formatted(minScale));
  }

  static final JsonNode REVISION_POD = object("""
      metadata:
        name: hello-00001-deployment-abc
        labels: {serving.knative.dev/revision: hello-00001}
        ownerReferences: [{uid: rev-uid, controller: true}]
      """);

  @Test
  void fc15_aGroupWhoseTotalIsZeroHasNoGang() {
    GangPlan plan = WM.gangPlan(SERVING, revision("0"), List.of(REVISION_POD), null);
    Group g = plan.groups().get(0);
    assertThat(g.total()).isZero();
    assertThat(g.gangs()).isEmpty();
    assertThat(g.noGangReason()).isEqualTo("group total is 0: no gang");
    assertThat(g.leftOut())
        .singleElement()
        .satisfies(l -> assertThat(l.reason()).isEqualTo("scale of 'revision' evaluated to 0"));
    assertThat(plan.unassigned()).singleElement().satisfies(u -> {
      assertThat(u.pod()).isEqualTo("hello-00001-deployment-abc");
      assertThat(u.reason()).contains("no gang");
    });
  }

  @Test
  void aKeySameForTheWholeWorkloadGangsTheGroupTotal() {
    GangPlan plan = WM.gangPlan(SERVING, revision("3"), List.of(REVISION_POD), null);
    assertThat(plan.groups().get(0).gangs()).singleElement().satisfies(x -> {
      assertThat(x.key()).containsExactly("hello-00001");
      assertThat(x.minMember()).isEqualTo(3);
      assertThat(x.basis()).isEqualTo(Basis.GROUP);
    });
  }

  @Test
  void aKeyThatCannotBeReadLeavesThePodUnassignedWithTheReason() {
    JsonNode pod = object("""
        metadata:
          name: p
          labels: {serving.knative.dev/revision: hello-00001}
          ownerReferences: [{uid: rev-uid, controller: true}]
        """);
    PreparedDefinition d = WM.prepare(WM.loadDefinition(karta("""
        rootComponent:
          name: revision
          kind: {group: serving.knative.dev, version: v1, kind: Revision}
          specDefinition: {podSpecPath: .spec}
          statusDefinition: {phaseDefinition: {path: .status.phase}, statusMappings: {running: [{byPhase: Running}]}}
        """) + """
          optimizationInstructions:
            gangScheduling:
              podGroups:
                - name: g
                  members: [{componentName: revision, groupByKeyPaths: ['.metadata.labels.missing']}]
        """, "d.yaml"));
    GangPlan plan = WM.gangPlan(d, revision("1"), List.of(pod), null);
    assertThat(plan.unassigned()).singleElement().satisfies(u -> {
      assertThat(u.group()).isEqualTo("g");
      assertThat(u.reason()).isEqualTo("group key: query result is empty <nil>");
    });
  }

  static final Path SANDBOX = Path.of(
      "..",
      "catalog",
      "src",
      "main",
      "workloadmap",
      "agents-x-k8s-io-sandbox-v1beta1",
      "definition.yaml");

  @Test
  void sb01to03_sandboxPodsShareOneGangKeyedByTheSandboxUid() {
    PreparedDefinition sandbox = WM.prepare(WM.loadDefinition(SANDBOX));
    String uid = "11111111-2222-3333-4444-555555555555";
    JsonNode object = object("""
        apiVersion: agents.x-k8s.io/v1beta1
        kind: Sandbox
        metadata: {name: box, namespace: agents, uid: %s}
        spec:
          podTemplate:
            spec: {containers: [{name: agent, image: example.com/agent:1}]}
        """.formatted(uid));
    JsonNode controllerPod = object("""
        metadata:
          name: box
          labels: {agents.x-k8s.io/sandbox-name-hash: 1a2b3c}
          ownerReferences: [{apiVersion: agents.x-k8s.io/v1beta1, kind: Sandbox, name: box, uid: %s, controller: true}]
        """.formatted(uid));
    JsonNode companion = object("""
        metadata:
          name: box-companion
          ownerReferences: [{apiVersion: agents.x-k8s.io/v1beta1, kind: Sandbox, name: box, uid: %s}]
        """.formatted(uid));
    LiveTree live = WM.attributePods(sandbox, object, List.of(controllerPod, companion), null);
    assertThat(live.component("agent").orElseThrow().pods())
        .extracting(p -> p.name())
        .as("SB-01, SB-02: a single pod-bearing component; the selector is skipped")
        .containsExactly("box", "box-companion");
    GangPlan plan = WM.gangPlan(sandbox, live);
    assertThat(plan.group("sandbox", Form.POD_GROUPS))
        .get()
        .satisfies(g -> assertThat(g.gangs()).singleElement().satisfies(x -> {
          assertThat(x.key()).containsExactly(uid);
          assertThat(x.pods()).containsExactly("box", "box-companion");
        }));
  }

  @Test
  void fc24_podGroupNamesNameTheOffendingValue() {
    assertThat(PodGroupNames.name("pg", "uid-1", List.of("demo", "workers")))
        .isEqualTo("pg-uid-1-demo-workers");
    assertThatThrownBy(() -> PodGroupNames.name("pg", "uid-1", List.of("demo", "GPU_Workers")))
        .isInstanceOf(GangException.class)
        .hasMessageContaining("\"GPU_Workers\"")
        .hasMessageContaining("key 2");
    assertThatThrownBy(
            () -> PodGroupNames.name("pg", "uid-1", java.util.Arrays.asList("demo", null)))
        .hasMessageContaining("empty")
        .hasMessageNotContaining("-null");
    assertThatThrownBy(() -> PodGroupNames.name("pg", "uid-1", List.of("")))
        .hasMessageContaining("empty");
    assertThatThrownBy(() -> PodGroupNames.name("pg", "uid-1", List.of("a/b")))
        .hasMessageContaining("\"a/b\"");
  }

  @Test
  void noGangSchedulingGivesAnEmptyPlan() {
    PreparedDefinition d = WM.prepare(WM.loadDefinition(karta("""
        rootComponent:
          name: revision
          kind: {group: serving.knative.dev, version: v1, kind: Revision}
          specDefinition: {podSpecPath: .spec}
          statusDefinition: {phaseDefinition: {path: .status.phase}, statusMappings: {running: [{byPhase: Running}]}}
        """), "d.yaml"));
    GangPlan plan = WM.gangPlan(d, revision("1"), List.of(REVISION_POD), null);
    assertThat(plan.groups()).isEmpty();
    assertThat(plan.unassigned()).isEmpty();
    assertThat(WM.toJson(plan).toString()).isEqualTo("{\"groups\":[],\"unassigned\":[]}");
  }
}
