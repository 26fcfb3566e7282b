package dev.workloadmap.sdk.extract;

import static dev.workloadmap.sdk.TestDefinitions.input;
import static dev.workloadmap.sdk.TestDefinitions.load;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.TestDefinitions;
import dev.workloadmap.sdk.definition.ComponentDefinition;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.internal.extract.ComponentExtractor;
import dev.workloadmap.sdk.internal.extract.ExtractedComponent;
import dev.workloadmap.sdk.jq.Jq;
import dev.workloadmap.sdk.jq.JqInput;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Conformance §4 (AX, AF, AS, AI) and §5 (CZ): extraction and pairing. */
class ComponentExtractorTest {

  private final ComponentExtractor x = new ComponentExtractor(Jq.defaultEngine());
  private final Definition pyflow = load(TestDefinitions.PYFLOW_DEFINITION);
  private final Definition jobgroup = load(TestDefinitions.JOBGROUP_DEFINITION);
  private final Definition reactor = load(TestDefinitions.REACTOR_DEFINITION);
  private final JqInput pyflowObj = input(TestDefinitions.PYFLOW_OBJECT);
  private final JqInput jobgroupObj = input(TestDefinitions.JOBGROUP_OBJECT);
  private final JqInput reactorObj = input(TestDefinitions.REACTOR_OBJECT);

  private static ComponentDefinition c(Definition d, String name) {
    return d.component(name).orElseThrow();
  }

  @Test
  void ax01_ax02_templates() {
    List<JsonNode> master = x.podTemplateSpecs(c(pyflow, "master"), pyflowObj);
    assertThat(master).hasSize(1);
    assertThat(master.get(0).at("/metadata/labels/role").asText()).isEqualTo("master");
    assertThat(master.get(0).at("/spec/containers/0/name").asText()).isEqualTo("trainer");
    assertThat(x.podTemplateSpecs(c(pyflow, "worker"), pyflowObj)
            .get(0)
            .at("/metadata/labels/role")
            .asText())
        .isEqualTo("worker");
  }

  @Test
  void ax03_ax05_ax07_af05_af07_definitionNotFound() {
    assertThatThrownBy(() -> x.podTemplateSpecs(c(jobgroup, "job"), jobgroupObj))
        .isInstanceOf(DefinitionNotFoundException.class)
        .hasMessageContaining("does not have pod template spec definition");
    assertThatThrownBy(() -> x.podSpecs(c(pyflow, "master"), pyflowObj))
        .isInstanceOf(DefinitionNotFoundException.class)
        .hasMessageContaining("does not have pod spec definition");
    assertThatThrownBy(() -> x.podMetadata(c(reactor, "service"), reactorObj))
        .hasMessageContaining("does not have pod metadata definition");
    assertThatThrownBy(() -> x.fragmentedPodSpecs(c(pyflow, "master"), pyflowObj))
        .hasMessageContaining("does not have fragmented pod spec definition");
    assertThatThrownBy(() -> x.podTemplateSpecs(pyflow.rootComponent(), pyflowObj))
        .hasMessageContaining("does not have spec definition");
    assertThatThrownBy(() -> x.scales(pyflow.rootComponent(), pyflowObj))
        .hasMessageContaining("does not have scale definition");
    assertThatThrownBy(() -> x.instanceIds(c(pyflow, "master"), pyflowObj))
        .hasMessageContaining("no instance id path defined");
  }

  @Test
  void ax04_ax06_podSpecsAndMetadataInOrder() {
    List<JsonNode> specs = x.podSpecs(c(jobgroup, "job"), jobgroupObj);
    assertThat(specs)
        .extracting(s -> s.at("/containers/0/name").asText())
        .containsExactly("indexer", "processor");
    List<JsonNode> meta = x.podMetadata(c(jobgroup, "job"), jobgroupObj);
    assertThat(meta.get(0).at("/labels/role").asText()).isEqualTo("indexer");
    assertThat(meta.get(0).at("/labels/app").asText()).isEqualTo("jobgroup");
    assertThat(meta.get(1).at("/labels/role").asText()).isEqualTo("processor");
  }

  @Test
  void ax08_wrongShapeFailsToConvert() {
    JqInput bad = input("spec: {master: {template: {metadata: string, spec: string}}}");
    assertThatThrownBy(() -> x.podTemplateSpecs(c(pyflow, "master"), bad))
        .isInstanceOf(ExtractionException.class)
        .hasMessageContaining("failed to convert object at index 0");
  }

  @Test
  void af01_to_af04_fragmentedSpecsFollowSortedKeys() {
    List<FragmentedPodSpec> f = x.fragmentedPodSpecs(c(reactor, "service"), reactorObj);
    assertThat(f).hasSize(3);
    assertThat(f)
        .extracting(s -> s.get("labels").path("tier").asText())
        .containsExactly("frontend", "middleware", "backend");
    FragmentedPodSpec api = f.get(0);
    assertThat(api.get("annotations")
            .path("service.beta.kubernetes.io/aws-load-balancer-type")
            .asText())
        .isEqualTo("nlb");
    assertThat(api.get("containers").at("/0/ports/0/containerPort").asInt()).isEqualTo(8080);
    assertThat(api.get("container").path("name").asText()).isEqualTo("api-server-main");
    assertThat(api.get("resources").at("/requests/cpu").asText()).isEqualTo("500m");
    assertThat(f.get(2).get("resources").at("/limits/nvidia.com~1gpu").asText()).isEqualTo("1");
    FragmentedPodSpec cache = f.get(1);
    assertThat(cache.get("annotations").isObject()).isTrue();
    assertThat(cache.get("annotations").size()).isZero();
    assertThat(cache.get("container").isObject()).isTrue();
    assertThat(cache.get("schedulerName").asText()).isEmpty();
  }

  @Test
  void as01_to_as04_scales() {
    assertThat(x.scales(c(pyflow, "master"), pyflowObj)).containsExactly(new Scale(1, null, null));
    assertThat(x.scales(c(pyflow, "worker"), pyflowObj)).containsExactly(new Scale(null, 1, 5));
    assertThat(x.scales(c(jobgroup, "job"), jobgroupObj))
        .containsExactly(new Scale(2, null, null), new Scale(3, null, null));
    assertThat(x.scales(c(reactor, "service"), reactorObj))
        .extracting(Scale::replicas)
        .containsExactly(3, 1, 5);
  }

  private static final String KNATIVE = TestDefinitions.karta("""
      rootComponent:
        name: svc
        kind: {group: serving.knative.dev, version: v1, kind: Service}
        statusDefinition: {statusMappings: {}}
        scaleDefinition:
          minReplicasPath: '.spec.template.metadata.annotations["autoscaling.knative.dev/min-scale"] // 1'
          maxReplicasPath: '.spec.template.metadata.annotations["autoscaling.knative.dev/max-scale"]'
      """);

  @Test
  void as06_as07_as08_numericStrings() {
    ComponentDefinition root = load(KNATIVE).rootComponent();
    assertThat(x.scales(
            root,
            input("spec: {template: {metadata: {annotations: {autoscaling.knative.dev/min-scale:"
                + " \"2\", autoscaling.knative.dev/max-scale: \"3\"}}}}")))
        .containsExactly(new Scale(null, 2, 3));
    assertThat(x.scales(root, input("spec: {}"))).containsExactly(new Scale(null, 1, null));
    assertThatThrownBy(() -> x.scales(
            root,
            input("spec: {template: {metadata: {annotations:"
                + " {autoscaling.knative.dev/min-scale: abc}}}}")))
        .hasMessageContaining("minReplicas value \"abc\" at index 0 is not a number");
  }

  @Test
  void fc29_integralDoubleIsAnIntegerAndAFractionIsAnError() {
    ComponentDefinition master = c(pyflow, "master");
    assertThat(x.scales(master, input("spec: {master: {replicas: 3.0}}")))
        .containsExactly(new Scale(3, null, null));
    assertThatThrownBy(() -> x.scales(master, input("spec: {master: {replicas: 2.5}}")))
        .hasMessageContaining("replicas value 2.5 at index 0 is not an integer");
  }

  @Test
  void aHugeOrTinyCountIsShownInScientificNotationNotInHundredsOfDigits() {
    ComponentDefinition master = c(pyflow, "master");
    assertThatThrownBy(() -> x.scales(master, input("spec: {master: {replicas: 1e400}}")))
        .hasMessageContaining("replicas value 1E+400 at index 0 is out of the int32 range");
    assertThatThrownBy(() -> x.scales(master, input("spec: {master: {replicas: 1.5e-300}}")))
        .hasMessageContaining("replicas value 1.5E-300 at index 0 is not an integer");
    // short values keep their plain digits
    assertThatThrownBy(() -> x.scales(master, input("spec: {master: {replicas: 3000000000}}")))
        .hasMessageContaining("replicas value 3000000000 at index 0 is out of the int32 range");
  }

  @Test
  void ai01_ai02_ai04_instanceIds() {
    assertThat(x.instanceIds(c(jobgroup, "job"), jobgroupObj))
        .containsExactly("indexer", "processor");
    assertThat(x.instanceIds(c(reactor, "service"), reactorObj))
        .containsExactly("api", "cache", "worker");
    JqInput empty = input("spec: {replicatedJobs: [{name: \"\"}, {name: processor}]}");
    assertThatThrownBy(() -> x.instanceIds(c(jobgroup, "job"), empty))
        .hasMessageContaining("instance id path contained empty string values")
        .hasMessageContaining("[,processor]");
  }

  @Test
  void cz05_cz10_cz13_pairingAtComponentLevel() {
    ExtractedComponent job = x.extract(jobgroup, c(jobgroup, "job"), jobgroupObj);
    assertThat(job.problems()).isEmpty();
    assertThat(job.instances())
        .extracting(InstanceRecord::id)
        .containsExactly("indexer", "processor");
    InstanceRecord indexer = job.instances().get(0);
    assertThat(indexer.podSpec().at("/containers/0/name").asText()).isEqualTo("indexer");
    assertThat(indexer.metadata().at("/labels/role").asText()).isEqualTo("indexer");
    assertThat(indexer.scale()).isEqualTo(new Scale(2, null, null));
    assertThat(indexer.podTemplateSpec()).isNull();
    assertThat(indexer.fragmentedPodSpec()).isNull();

    ExtractedComponent master = x.extract(pyflow, c(pyflow, "master"), pyflowObj);
    assertThat(master.instances())
        .singleElement()
        .satisfies(r -> assertThat(r.id()).isEmpty());

    JqInput mismatch = input("spec: {replicatedJobs: [{name: a, replicas: 1}, {name: b}], x: 1}");
    Definition d = load(TestDefinitions.JOBGROUP_DEFINITION.replace(
        "replicasPath: .spec.replicatedJobs[].replicas",
        "replicasPath: .spec.replicatedJobs[0].replicas"));
    ExtractedComponent paired = x.extract(d, c(d, "job"), mismatch);
    assertThat(paired.problems()).singleElement().satisfies(p -> {
      assertThat(p.message())
          .isEqualTo(
              "failed to get scales: instance ids count (2) does not match results count (1)");
      assertThat(p.field()).isEqualTo("childComponents[0].scaleDefinition");
    });
    assertThat(paired.instances())
        .hasSize(2)
        .allSatisfy(r -> assertThat(r.scale()).isNull());
  }

  @Test
  void fc01_unhardenedPathIsContainedAndNamesThePath() {
    JqInput headOnly = input("spec: {}");
    ExtractedComponent r = x.extract(jobgroup, c(jobgroup, "job"), headOnly);
    assertThat(r.instances()).isEmpty();
    assertThat(r.problems()).singleElement().satisfies(p -> {
      assertThat(p.message())
          .startsWith("failed to get instance ids: failed to extract instance ids: JQ execution"
              + " error for expression '.spec.replicatedJobs[].name'");
      assertThat(p.expression()).isEqualTo(".spec.replicatedJobs[].name");
    });
  }

  @Test
  void ec09_duplicateIdsKeepTheLastValueWithAWarning() {
    JqInput dup = input("spec: {replicatedJobs: [{name: a, replicas: 1}, {name: a, replicas: 5}]}");
    ExtractedComponent r = x.extract(jobgroup, c(jobgroup, "job"), dup);
    assertThat(r.instances())
        .singleElement()
        .satisfies(i -> assertThat(i.scale().replicas()).isEqualTo(5));
    assertThat(r.warnings())
        .singleElement()
        .satisfies(w -> assertThat(w).contains("duplicate instance id \"a\""));
  }
}
