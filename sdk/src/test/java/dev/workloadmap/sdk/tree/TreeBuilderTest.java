package dev.workloadmap.sdk.tree;

import static dev.workloadmap.sdk.TestDefinitions.karta;
import static dev.workloadmap.sdk.TestDefinitions.load;
import static dev.workloadmap.sdk.TestDefinitions.object;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.EvaluationProblem;
import dev.workloadmap.sdk.TestDefinitions;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.extract.Scale;
import dev.workloadmap.sdk.validation.DefinitionLoadException;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/** Conformance §10 (TB) and the resource totals of docs/format.md#totals. */
class TreeBuilderTest {

  private final WorkloadMap wm = WorkloadMap.create();

  @Test
  void tb01_pyflow() {
    WorkloadTree t =
        wm.resolve(load(TestDefinitions.PYFLOW_DEFINITION), object(TestDefinitions.PYFLOW_OBJECT));
    assertThat(t.phases()).containsExactly("Running");
    assertThat(t.root().children())
        .extracting(ComponentNode::name)
        .containsExactly("master", "worker");
    ComponentNode master = t.component("master");
    assertThat(master.instances())
        .singleElement()
        .satisfies(i -> assertThat(i.key()).isNull());
    assertThat(t.component("worker").instances().get(0).scale()).isEqualTo(new Scale(null, 1, 5));
    // master: 1 × (cpu 1, mem 2Gi, gpu 1 from the limit); worker: min 1 × (cpu 2, mem 4Gi, gpu 1)
    assertThat(t.totalReplicas()).isEqualTo(2);
    assertThat(t.totalResources().gpus()).isEqualTo(2);
    assertThat(t.totalResources().cpuMillis()).isEqualTo(3000);
    assertThat(t.totalResources().memoryBytes()).isEqualByComparingTo(BigDecimal.valueOf(6L << 30));
  }

  @Test
  void tb02_invertedScaleIsKept() {
    String obj = TestDefinitions.PYFLOW_OBJECT
        .replace("minReplicas: 1", "minReplicas: 5")
        .replace("maxReplicas: 5", "maxReplicas: 2");
    WorkloadTree t = wm.resolve(load(TestDefinitions.PYFLOW_DEFINITION), object(obj));
    assertThat(t.component("worker").instances().get(0).scale()).isEqualTo(new Scale(null, 5, 2));
    assertThat(t.problems()).isEmpty();
  }

  @Test
  void tb03_reactorInstancesSortedById() {
    WorkloadTree t = wm.resolve(
        load(TestDefinitions.REACTOR_DEFINITION), object(TestDefinitions.REACTOR_OBJECT));
    assertThat(t.component("service").instances())
        .extracting(InstanceNode::key)
        .containsExactly("api", "cache", "worker");
    // fragmented: the object-level resources count once per pod; api 3 × 500m, cache 1 × 250m,
    // worker 5 × 1
    assertThat(t.totalResources().cpuMillis()).isEqualTo(3 * 500 + 250 + 5 * 1000);
    assertThat(t.totalResources().gpus()).isEqualTo(5);
    assertThat(t.phases()).containsExactly("Running");
  }

  @Test
  void tb04_replicaSelectorOnlyGivesOneInstance() {
    Definition d = load(karta("""
        rootComponent:
          name: lws
          kind: {group: example.com, version: v1, kind: LeaderWorkerSet}
          statusDefinition: {statusMappings: {}}
        childComponents:
          - name: group
            ownerRef: lws
            podSelector: {replicaSelector: {keyPath: .metadata.labels.group}}
        """));
    WorkloadTree t = wm.resolve(d, object("spec: {replicas: 3}"));
    assertThat(t.component("group").instances())
        .singleElement()
        .satisfies(i -> assertThat(i.key()).isNull());
    assertThat(t.phases()).containsExactly("Undefined");
  }

  @Test
  void tb05_jobgroup() {
    WorkloadTree t = wm.resolve(
        load(TestDefinitions.JOBGROUP_DEFINITION), object(TestDefinitions.JOBGROUP_OBJECT));
    assertThat(t.component("job").instances())
        .extracting(InstanceNode::key)
        .containsExactly("indexer", "processor");
    assertThat(t.component("job").instances())
        .extracting(i -> i.scale().replicas())
        .containsExactly(2, 3);
    assertThat(t.phases()).containsExactly("Running");
    assertThat(t.totalReplicas()).isEqualTo(5);
  }

  @Test
  void tb06_componentWithoutScaleHasNullScaleAndCountsOne() {
    Definition d = load(karta("""
        rootComponent:
          name: milvus
          kind: {group: milvus.io, version: v1beta1, kind: Milvus}
          statusDefinition:
            conditionsDefinition: {path: .status.conditions}
            statusMappings: {running: [{byConditions: [{type: MilvusReady, status: "True"}]}]}
        childComponents:
          - {name: querynode, ownerRef: milvus, specDefinition: {podSpecPath: .spec.q}, scaleDefinition: {replicasPath: .spec.qn}}
          - {name: datanode, ownerRef: milvus, specDefinition: {podSpecPath: .spec.d}, scaleDefinition: {replicasPath: .spec.dn}}
          - {name: proxy, ownerRef: milvus, specDefinition: {podSpecPath: .spec.p}}
          - {name: etcd, ownerRef: milvus}
        """));
    WorkloadTree t = wm.resolve(
        d,
        object("spec: {qn: 2, dn: 3, q: {}, d: {}, p: {}}\n"
            + "status: {conditions: [{type: MilvusReady, status: \"True\"}]}"));
    assertThat(t.phases()).containsExactly("Running");
    assertThat(t.root().children())
        .extracting(ComponentNode::name)
        .containsExactly("querynode", "datanode", "proxy", "etcd");
    assertThat(t.component("proxy").instances().get(0).scale()).isNull();
    assertThat(t.component("proxy").instances().get(0).record().podSpec()).isNotNull();
    assertThat(t.component("etcd").visible())
        .as("no pods, no scale, no descendants: dropped from views")
        .isFalse();
    assertThat(t.totalReplicas()).isEqualTo(2 + 3 + 1);
  }

  @Test
  void aScalePathThatFailsCountsNothingInsteadOfTheDefaultOne() {
    Definition d = load(karta("""
        rootComponent:
          name: trainjob
          kind: {group: trainer.kubeflow.org, version: v1alpha1, kind: TrainJob}
          statusDefinition: {statusMappings: {}}
        childComponents:
          - name: node
            ownerRef: trainjob
            specDefinition: {podTemplateSpecPath: .spec.t}
            scaleDefinition: {replicasPath: '.spec.count // error("the runtime carries the count")'}
          - {name: proxy, ownerRef: trainjob, specDefinition: {podSpecPath: .spec.p}}
        """));
    WorkloadTree t = wm.resolve(d, object("spec: {t: {spec: {containers: []}}, p: {}}"));
    assertThat(t.problems())
        .extracting(EvaluationProblem::message)
        .singleElement()
        .asString()
        .contains("the runtime carries the count");
    assertThat(t.component("node").instances().get(0).desiredReplicas()).isZero();
    assertThat(t.totalReplicas())
        .as("the proxy without scale counts 1, the failed node nothing")
        .isEqualTo(1);
    WorkloadTree counted =
        wm.resolve(d, object("spec: {count: 3, t: {spec: {containers: []}}, p: {}}"));
    assertThat(counted.problems()).isEmpty();
    assertThat(counted.totalReplicas()).isEqualTo(4);
  }

  @Test
  void tb08_invalidDefinitionBuildsNoTree() {
    Definition d = load(karta("""
        rootComponent:
          name: r
          statusDefinition: {statusMappings: {}}
        """));
    assertThatThrownBy(() -> wm.resolve(d, object("{}")))
        .isInstanceOf(DefinitionLoadException.class)
        .hasMessageContaining("invalid karta")
        .hasMessageContaining("root component must have full kind");
  }

  @Test
  void tb09_bareJobHasNoChildrenButCountsItsOwnPods() {
    Definition d = load(karta("""
        rootComponent:
          name: job
          kind: {group: batch, version: v1, kind: Job}
          specDefinition: {podTemplateSpecPath: .spec.template}
          scaleDefinition: {replicasPath: .spec.parallelism // 1}
          statusDefinition: {statusMappings: {}}
        """));
    WorkloadTree t = wm.resolve(
        d,
        object("spec: {parallelism: 5, template: {spec: {containers: [{name: c,"
            + " resources: {requests: {cpu: 100m}}}]}}}"));
    assertThat(t.root().children()).isEmpty();
    assertThat(t.totalReplicas()).isEqualTo(5);
    assertThat(t.totalResources().cpuMillis()).isEqualTo(500);
  }

  @Test
  void groupingComponentSumsItsChildrenWithoutMultiplying() {
    Definition d = load(karta("""
        rootComponent:
          name: lws
          kind: {group: leaderworkerset.x-k8s.io, version: v1, kind: LeaderWorkerSet}
          statusDefinition: {statusMappings: {}}
        childComponents:
          - name: group
            ownerRef: lws
            scaleDefinition: {replicasPath: .spec.replicas}
          - name: leader
            ownerRef: group
            specDefinition: {podTemplateSpecPath: .spec.leader}
            scaleDefinition: {replicasPath: .spec.replicas}
          - name: worker
            ownerRef: group
            specDefinition: {podTemplateSpecPath: .spec.worker}
            scaleDefinition: {replicasPath: .spec.replicas * 3}
        """));
    WorkloadTree t = wm.resolve(
        d,
        object(
            "spec: {replicas: 2, leader: {spec: {containers: [{name: l}]}},"
                + " worker: {spec: {containers: [{name: w, resources: {limits: {nvidia.com/gpu: 8}}}]}}}"));
    assertThat(t.component("group").desiredReplicas()).isEqualTo(2 + 6);
    assertThat(t.totalReplicas()).isEqualTo(8);
    assertThat(t.totalResources().gpus()).isEqualTo(48);
  }

  @Test
  void textViewShowsTheSeedShape() {
    Definition d = load(TestDefinitions.JOBGROUP_DEFINITION);
    String text = wm.renderText(wm.resolve(d, object(TestDefinitions.JOBGROUP_OBJECT)), "catalog");
    assertThat(text).startsWith("JobGroup/jobgroup-example   definition: test (catalog)");
    assertThat(text)
        .contains(
            "jobgroup\n├── indexer    replicas: 2\n└── processor  replicas: 3\nPhase: Running\n");
    assertThat(text)
        .contains("COMPONENT  REPLICAS  GPU  CPU  MEMORY\nindexer    2         0    0    0\n");
    assertThat(text.lines()).noneMatch(l -> l.endsWith(" "));
  }

  @Test
  void fabric8GenericResourceResolvesLikeItsJson() throws Exception {
    JsonNode json = object(TestDefinitions.JOBGROUP_OBJECT);
    io.fabric8.kubernetes.api.model.GenericKubernetesResource resource =
        new com.fasterxml.jackson.databind.ObjectMapper()
            .treeToValue(json, io.fabric8.kubernetes.api.model.GenericKubernetesResource.class);
    dev.workloadmap.sdk.PreparedDefinition p =
        wm.prepare(load(TestDefinitions.JOBGROUP_DEFINITION));
    assertThat(wm.toJson(wm.resolve(p, resource))).isEqualTo(wm.toJson(wm.resolve(p, json)));
    assertThat(wm.resolve(p, resource).totalReplicas()).isEqualTo(5);
  }

  @Test
  void jsonFormIsStable() {
    WorkloadTree t = wm.resolve(
        load(TestDefinitions.JOBGROUP_DEFINITION), object(TestDefinitions.JOBGROUP_OBJECT));
    JsonNode j = wm.toJson(t);
    assertThat(j.toString()).isEqualTo(wm.toJson(t).toString());
    assertThat(j.at("/root/children/0/instances/1/id").asText()).isEqualTo("processor");
    assertThat(j.at("/total/replicas").asInt()).isEqualTo(5);
    assertThat(j.at("/statuses/0").asText()).isEqualTo("Running");
    assertThat(j.has("problems")).isFalse();
  }
}
