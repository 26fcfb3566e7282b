package dev.workloadmap.sdk.update;

import static dev.workloadmap.sdk.TestDefinitions.json;
import static dev.workloadmap.sdk.TestDefinitions.load;
import static dev.workloadmap.sdk.TestDefinitions.object;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.sdk.TestDefinitions;
import dev.workloadmap.sdk.definition.ComponentDefinition;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.extract.FragmentedPodSpec;
import dev.workloadmap.sdk.extract.InstanceRecord;
import dev.workloadmap.sdk.internal.extract.ComponentExtractor;
import dev.workloadmap.sdk.jq.Jq;
import dev.workloadmap.sdk.jq.JqInput;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Conformance cases AU-01..AU-12 (updates), SR-01..SR-03 (suspend and resume), CZ-15/CZ-16 (unzip) and CF-05, CF-07,
 * CF-09 (one shared object, read back, validity) of conformance-cases.md, on the shared fixtures FX-1 to FX-3
 * (docs/format.md#writes).
 */
class UpdateConformanceTest {

  private static final Definition PYFLOW = load(TestDefinitions.PYFLOW_DEFINITION);
  private static final Definition JOBGROUP = load(TestDefinitions.JOBGROUP_DEFINITION);
  private static final Definition REACTOR = load(TestDefinitions.REACTOR_DEFINITION);

  private final ComponentExtractor extractor = new ComponentExtractor(Jq.defaultEngine());

  private static WorkloadUpdate update(Definition d, String objectYaml) {
    return WorkloadUpdate.of(Jq.defaultEngine(), d, object(objectYaml));
  }

  private static ComponentDefinition c(Definition d, String name) {
    return d.component(name).orElseThrow();
  }

  /** Every result's patch, applied to the original, gives exactly the updated object. */
  private static UpdateResult applied(WorkloadUpdate u) {
    UpdateResult r = u.apply();
    assertThat(Rfc6902Patch.apply(r.patch(), r.original())).isEqualTo(r.object());
    return r;
  }

  @Test
  void au01_podSpecsAreWrittenInInstanceOrder() {
    Map<String, JsonNode> specs = new LinkedHashMap<>();
    int i = 0;
    for (String id : List.of("indexer", "processor")) {
      specs.put(
          id,
          json("{\"schedulerName\":\"updated-scheduler-" + i + "\",\"containers\":[{\"name\":"
              + "\"updated-container-" + i
              + "\",\"resources\":{\"claims\":[{\"name\":\"updated-resource-claim-" + i
              + "\"}]}}]}"));
      i++;
    }
    UpdateResult r =
        applied(update(JOBGROUP, TestDefinitions.JOBGROUP_OBJECT).podSpecs("job", specs));
    JsonNode jobs = r.object().at("/spec/replicatedJobs");
    assertThat(jobs.get(0).get("spec")).isEqualTo(specs.get("indexer"));
    assertThat(jobs.get(1).get("spec")).isEqualTo(specs.get("processor"));
    assertThat(jobs.get(0).at("/spec/containers/0/resources/claims/0/name").asText())
        .isEqualTo("updated-resource-claim-0");
    assertThat(jobs.get(1).get("name").asText()).isEqualTo("processor");
  }

  @Test
  void au02_fieldsAbsentFromTheNewSpecDisappear() {
    Map<String, JsonNode> specs =
        Map.of("indexer", json("{\"containers\":[]}"), "processor", json("{\"containers\":[]}"));
    UpdateResult r =
        applied(update(JOBGROUP, TestDefinitions.JOBGROUP_OBJECT).podSpecs("job", specs));
    for (JsonNode job : r.object().at("/spec/replicatedJobs")) {
      assertThat(job.get("spec")).isEqualTo(json("{\"containers\":[]}"));
    }
  }

  @Test
  void au03_au10_au12_au06_definitionNotFound() {
    Map<String, JsonNode> one = Map.of("", json("{}"));
    assertThatThrownBy(() -> update(PYFLOW, TestDefinitions.PYFLOW_OBJECT)
            .podSpecs("master", one)
            .apply())
        .isInstanceOf(UpdateException.class)
        .hasMessageContaining("does not have pod spec definition");
    assertThatThrownBy(() -> update(JOBGROUP, TestDefinitions.JOBGROUP_OBJECT)
            .podTemplateSpecs("job", Map.of("indexer", json("{}"), "processor", json("{}")))
            .apply())
        .hasMessageContaining("does not have pod template spec definition");
    assertThatThrownBy(() -> update(PYFLOW, TestDefinitions.PYFLOW_OBJECT)
            .podMetadata("master", one)
            .apply())
        .hasMessageContaining("does not have pod metadata definition");
    assertThatThrownBy(() -> update(PYFLOW, TestDefinitions.PYFLOW_OBJECT)
            .fragmentedPodSpecs("master", Map.of("", new FragmentedPodSpec(Map.of())))
            .apply())
        .hasMessageContaining("does not have fragmented pod spec definition");
  }

  @Test
  void au04_fragmentedValuesGoToTheirServiceByInstanceIdOrder() {
    JsonNode obj = object(TestDefinitions.REACTOR_OBJECT);
    Map<String, FragmentedPodSpec> specs = new LinkedHashMap<>();
    for (String id : List.of("api", "cache", "worker")) {
      specs.put(
          id,
          new FragmentedPodSpec(Map.of(
              "containers", json("[{\"name\":\"c-" + id + "\"}]"),
              "labels", json("{\"svc\":\"" + id + "\"}"),
              "annotations", json("{\"note\":\"" + id + "\"}"),
              "resources", json("{\"claims\":[{\"name\":\"claim-" + id + "\"}]}"))));
    }
    UpdateResult r = applied(
        WorkloadUpdate.of(Jq.defaultEngine(), REACTOR, obj).fragmentedPodSpecs("service", specs));
    for (String id : List.of("api", "cache", "worker")) {
      JsonNode s = r.object().at("/spec/services/" + id);
      assertThat(s.at("/containers/0/name").asText()).isEqualTo("c-" + id);
      assertThat(s.get("labels")).isEqualTo(json("{\"svc\":\"" + id + "\"}"));
      assertThat(s.get("annotations")).isEqualTo(json("{\"note\":\"" + id + "\"}"));
      assertThat(s.at("/resources/claims/0/name").asText()).isEqualTo("claim-" + id);
      assertThat(s.get("replicas")).isEqualTo(obj.at("/spec/services/" + id + "/replicas"));
    }
    // the map keeps the object's key order (api, worker, cache), not the sorted order the paths
    // were found in
    assertThat(r.object().at("/spec/services").fieldNames())
        .toIterable()
        .containsExactly("api", "worker", "cache");
  }

  @Test
  void au05_updatingOnlyContainersKeepsTheLabelsAsExtracted() {
    JsonNode obj = object(TestDefinitions.REACTOR_OBJECT);
    ComponentDefinition service = c(REACTOR, "service");
    Map<String, FragmentedPodSpec> specs = new LinkedHashMap<>();
    for (InstanceRecord rec :
        extractor.extract(REACTOR, service, JqInput.of(obj)).instances()) {
      Map<String, JsonNode> fields = new LinkedHashMap<>(rec.fragmentedPodSpec().fields());
      fields.put("containers", json("[{\"name\":\"new-" + rec.id() + "\"}]"));
      specs.put(rec.id(), new FragmentedPodSpec(fields));
    }
    UpdateResult r = applied(
        WorkloadUpdate.of(Jq.defaultEngine(), REACTOR, obj).fragmentedPodSpecs("service", specs));
    assertThat(r.object().at("/spec/services/api/labels"))
        .isEqualTo(obj.at("/spec/services/api/labels"));
    assertThat(r.object().at("/spec/services/api/containers/0/name").asText()).isEqualTo("new-api");
    assertThat(r.object().at("/spec/services/worker/labels"))
        .isEqualTo(obj.at("/spec/services/worker/labels"));
    // besides the containers, docs/format.md#writes writes every value of a field that only some
    // instances have empty:
    // cache has no annotations and worker and cache no mainContainer, so their extracted empty
    // values are written as {}
    List<String> other = new ArrayList<>();
    for (JsonNode op : r.patch()) {
      if (!op.get("path").asText().matches("/spec/services/\\w+/containers/.*")) {
        other.add(op.get("op").asText() + " " + op.get("path").asText() + " " + op.get("value"));
      }
    }
    assertThat(other)
        .containsExactlyInAnyOrder(
            "add /spec/services/cache/annotations {}",
            "add /spec/services/worker/mainContainer {}",
            "add /spec/services/cache/mainContainer {}");
  }

  @Test
  void au07_emptyFieldsEverywhereAreNotWrittenAsNull() {
    JsonNode obj = object("""
        apiVersion: jobs.example.com/v1
        kind: Reactor
        metadata: {name: bare}
        spec:
          services:
            a: {containers: [{name: a}]}
            b: {containers: [{name: b}]}
        """);
    ComponentDefinition service = c(REACTOR, "service");
    Map<String, FragmentedPodSpec> specs = new LinkedHashMap<>();
    for (InstanceRecord rec :
        extractor.extract(REACTOR, service, JqInput.of(obj)).instances()) {
      specs.put(rec.id(), rec.fragmentedPodSpec());
    }
    UpdateResult r = applied(
        WorkloadUpdate.of(Jq.defaultEngine(), REACTOR, obj).fragmentedPodSpecs("service", specs));
    for (String id : List.of("a", "b")) {
      JsonNode s = r.object().at("/spec/services/" + id);
      assertThat(s.has("labels")).isFalse();
      assertThat(s.has("annotations")).isFalse();
      assertThat(s.has("resources")).isFalse();
      assertThat(s.has("mainContainer")).isFalse();
    }
    assertThat(r.changed()).isFalse();
  }

  @Test
  void fragmentedFieldWithSomeEmptyValuesWritesEveryValue() {
    JsonNode obj = object(TestDefinitions.REACTOR_OBJECT);
    Map<String, JsonNode> labels = new LinkedHashMap<>();
    labels.put("api", json("{\"x\":\"1\"}"));
    labels.put("cache", json("{}"));
    labels.put("worker", null);
    UpdateResult r = applied(WorkloadUpdate.of(Jq.defaultEngine(), REACTOR, obj)
        .fragmentedField("service", "labels", labels));
    assertThat(r.object().at("/spec/services/api/labels")).isEqualTo(json("{\"x\":\"1\"}"));
    assertThat(r.object().at("/spec/services/cache/labels")).isEqualTo(json("{}"));
    assertThat(r.object().at("/spec/services/worker/labels")).isEqualTo(json("{}"));
  }

  @Test
  void fragmentedFieldWithSomeEmptyValuesWritesTheEmptyOnesWhereTheInstanceHadNothing() {
    // docs/format.md#writes: "If the path is set and only some values are empty, all values are
    // written", also where
    // the instance's current value is already empty (absent): b gets labels {} and a null, written
    // as given
    JsonNode obj = object("""
        apiVersion: jobs.example.com/v1
        kind: Reactor
        metadata: {name: bare}
        spec:
          services:
            a: {containers: [{name: a}]}
            b: {containers: [{name: b}]}
            c: {containers: [{name: c}]}
        """);
    Map<String, JsonNode> labels = new LinkedHashMap<>();
    labels.put("a", json("{\"x\":\"1\"}"));
    labels.put("b", json("{}"));
    labels.put("c", json("null"));
    UpdateResult r = applied(WorkloadUpdate.of(Jq.defaultEngine(), REACTOR, obj)
        .fragmentedField("service", "labels", labels));
    assertThat(r.patchJson())
        .isEqualTo("[{\"op\":\"add\",\"path\":\"/spec/services/a/labels\",\"value\":{\"x\":\"1\"}},"
            + "{\"op\":\"add\",\"path\":\"/spec/services/b/labels\",\"value\":{}},"
            + "{\"op\":\"add\",\"path\":\"/spec/services/c/labels\",\"value\":null}]");
  }

  @Test
  void fragmentedFieldWithoutAPathMustBeEmpty() {
    JsonNode obj = object(TestDefinitions.REACTOR_OBJECT);
    Map<String, JsonNode> names =
        Map.of("api", json("\"kai\""), "cache", json("\"\""), "worker", json("\"\""));
    assertThatThrownBy(() -> WorkloadUpdate.of(Jq.defaultEngine(), REACTOR, obj)
            .fragmentedField("service", "schedulerName", names)
            .apply())
        .isInstanceOf(UpdateException.class)
        .hasMessageContaining("path is not defined and values are not empty");
    Map<String, JsonNode> empty =
        Map.of("api", json("\"\""), "cache", json("\"\""), "worker", json("null"));
    assertThat(WorkloadUpdate.of(Jq.defaultEngine(), REACTOR, obj)
            .fragmentedField("service", "schedulerName", empty)
            .apply()
            .changed())
        .isFalse();
  }

  @Test
  void au08_templateUpdateAddsResourceClaims() {
    JsonNode obj = object(TestDefinitions.PYFLOW_OBJECT);
    ObjectNode template =
        extractor.podTemplateSpecs(c(PYFLOW, "master"), JqInput.of(obj)).get(0).deepCopy();
    ((ObjectNode) template.get("spec")).set("resourceClaims", json("[{\"name\":\"test-claim\"}]"));
    UpdateResult r = applied(WorkloadUpdate.of(Jq.defaultEngine(), PYFLOW, obj)
        .podTemplateSpecs("master", Map.of("", template)));
    assertThat(r.object().at("/spec/master/template/spec/resourceClaims"))
        .isEqualTo(json("[{\"name\":\"test-claim\"}]"));
    assertThat(r.patch()).hasSize(1);
    assertThat(r.patch().get(0).get("op").asText()).isEqualTo("add");
    // the template keeps its key order (restartPolicy before containers), though it was read
    // key-sorted
    assertThat(r.object().at("/spec/master/template/spec").fieldNames())
        .toIterable()
        .containsExactly("restartPolicy", "containers", "resourceClaims");
  }

  @Test
  void au09_workerGetsALabelAndAClaim() {
    JsonNode obj = object(TestDefinitions.PYFLOW_OBJECT);
    ObjectNode template =
        extractor.podTemplateSpecs(c(PYFLOW, "worker"), JqInput.of(obj)).get(0).deepCopy();
    ((ObjectNode) template.get("metadata").get("labels")).put("updated", "true");
    ((ObjectNode) template.get("spec")).set("resourceClaims", json("[{\"name\":\"c\"}]"));
    UpdateResult r = applied(WorkloadUpdate.of(Jq.defaultEngine(), PYFLOW, obj)
        .podTemplateSpecs("worker", Map.of("", template)));
    assertThat(r.object().at("/spec/worker/template/metadata/labels/updated").asText())
        .isEqualTo("true");
    assertThat(r.object().at("/spec/worker/template/spec/resourceClaims/0/name").asText())
        .isEqualTo("c");
  }

  @Test
  void au11_metadataLabelsAreWrittenAsGiven() {
    String objYaml = TestDefinitions.JOBGROUP_OBJECT.replace(
        "{app: jobgroup, job-name: indexer, role: indexer}",
        "{app: jobgroup, job-name: indexer, role: indexer, current: \"true\"}");
    JsonNode obj = object(objYaml);
    List<JsonNode> meta = extractor.podMetadata(c(JOBGROUP, "job"), JqInput.of(obj));
    Map<String, JsonNode> byId = new LinkedHashMap<>();
    List<String> ids = List.of("indexer", "processor");
    for (int i = 0; i < 2; i++) {
      ObjectNode m = meta.get(i).deepCopy();
      ((ObjectNode) m.get("labels")).put("updated", "true").put("index", String.valueOf(i));
      m.set("annotations", json("{\"a\":\"" + i + "\"}"));
      byId.put(ids.get(i), m);
    }
    UpdateResult r =
        applied(WorkloadUpdate.of(Jq.defaultEngine(), JOBGROUP, obj).podMetadata("job", byId));
    JsonNode first = r.object().at("/spec/replicatedJobs/0/metadata");
    assertThat(first.at("/labels/current").asText()).isEqualTo("true");
    assertThat(first.at("/labels/index").asText()).isEqualTo("0");
    assertThat(first.at("/annotations/a").asText()).isEqualTo("0");
    assertThat(r.object().at("/spec/replicatedJobs/1/metadata/labels/index").asText())
        .isEqualTo("1");
  }

  @Test
  void cz15_aMissingInstanceIdFailsToUnzip() {
    assertThatThrownBy(() -> update(JOBGROUP, TestDefinitions.JOBGROUP_OBJECT)
            .podSpecs("job", Map.of("indexer", json("{}")))
            .apply())
        .isInstanceOf(UpdateException.class)
        .hasMessageContaining("failed to unzip")
        .hasMessageContaining("value not found for instance id: processor");
  }

  @Test
  void cz16_aFailingWriteKeepsTheEngineErrorAsCause() {
    Definition d = load(TestDefinitions.karta("""
        rootComponent:
          name: r
          kind: {group: x, version: v1, kind: R}
          statusDefinition: {phaseDefinition: {path: .status.phase}, statusMappings: {running: [{byPhase: Running}]}}
          specDefinition: {podTemplateSpecPath: '{spec: .spec.template}'}
        """));
    // (a fallback such as `.spec.template // 1` is written at .spec.template since issue 15:
    // FallbackWriteTest)
    assertThatThrownBy(() -> WorkloadUpdate.of(
                Jq.defaultEngine(),
                d,
                json(
                    "{\"apiVersion\":\"x/v1\",\"kind\":\"R\",\"metadata\":{\"name\":\"n\"},\"spec\":{}}"))
            .podTemplateSpecs("r", Map.of("", json("{}")))
            .apply())
        .isInstanceOf(UpdateException.class)
        .hasMessageContaining("JQ execution error for expression '{spec: .spec.template}'")
        .hasMessageContaining("is not a path expression")
        .cause()
        .cause()
        .isInstanceOf(dev.workloadmap.sdk.jq.JqEvaluationException.class);
  }

  /** FX-3 with the suspend definition of SR-01/SR-02 on the root. */
  private static final Definition SUSPENDABLE = load(TestDefinitions.REACTOR_DEFINITION.replace(
      "      statusDefinition:\n        phaseDefinition",
      "      suspendDefinition:\n"
          + "        suspendActions:\n"
          + "          - {path: .spec.suspend, value: \"true\"}\n"
          + "          - {path: .metadata.labels.state, value: '\"suspended\"'}\n"
          + "        resumeActions:\n"
          + "          - {path: .spec.suspend, value: \"false\"}\n"
          + "          - {path: .metadata.labels.state, value: '\"running\"'}\n"
          + "      statusDefinition:\n        phaseDefinition"));

  @Test
  void sr01_suspendDecodesEachValue() {
    assertThat(SUSPENDABLE.rootComponent().suspendDefinition()).isNotNull();
    UpdateResult r = applied(update(SUSPENDABLE, TestDefinitions.REACTOR_OBJECT).suspend());
    assertThat(r.object().at("/spec/suspend").isBoolean()).isTrue();
    assertThat(r.object().at("/spec/suspend").booleanValue()).isTrue();
    assertThat(r.object().at("/metadata/labels/state").asText()).isEqualTo("suspended");
    assertThat(r.object().at("/metadata/name").asText()).isEqualTo("reactor-example");
  }

  @Test
  void sr02_suspendThenResume() {
    UpdateResult r =
        applied(update(SUSPENDABLE, TestDefinitions.REACTOR_OBJECT).suspend().resume());
    assertThat(r.object().at("/spec/suspend").booleanValue()).isFalse();
    assertThat(r.object().at("/spec/suspend").isBoolean()).isTrue();
    assertThat(r.object().at("/metadata/labels/state").asText()).isEqualTo("running");
  }

  @Test
  void sr03_withoutSuspendDefinitionBothFail() {
    assertThatThrownBy(
            () -> update(REACTOR, TestDefinitions.REACTOR_OBJECT).suspend().apply())
        .isInstanceOf(UpdateException.class)
        .hasMessageContaining("component reactor does not have suspendDefinition");
    assertThatThrownBy(
            () -> update(REACTOR, TestDefinitions.REACTOR_OBJECT).resume().apply())
        .hasMessageContaining("component reactor does not have suspendDefinition");
  }

  @Test
  void suspendActionErrorsNameTheirIndex() {
    Definition d = load(TestDefinitions.karta("""
        rootComponent:
          name: r
          kind: {group: x, version: v1, kind: R}
          statusDefinition: {phaseDefinition: {path: .status.phase}, statusMappings: {running: [{byPhase: Running}]}}
          suspendDefinition:
            suspendActions: [{path: .spec.suspend, value: "true"}, {path: '.spec.x + 1', value: "1"}]
            resumeActions: [{path: .spec.suspend, value: "not json"}]
        """));
    JsonNode obj = json("{\"apiVersion\":\"x/v1\",\"kind\":\"R\",\"metadata\":{\"name\":\"n\"}}");
    assertThatThrownBy(
            () -> WorkloadUpdate.of(Jq.defaultEngine(), d, obj).suspend().apply())
        .hasMessageStartingWith(
            "suspend(r): suspendActions[1]: JQ execution error for expression '.spec.x + 1'");
    assertThatThrownBy(
            () -> WorkloadUpdate.of(Jq.defaultEngine(), d, obj).resume().apply())
        .hasMessageStartingWith("resume(r): resumeActions[0]: value not json is not JSON");
  }

  @Test
  void cf05_cf07_updatesThroughSeveralComponentsShareOneObject() {
    JsonNode obj = object(TestDefinitions.PYFLOW_OBJECT);
    UpdateResult r = applied(WorkloadUpdate.of(Jq.defaultEngine(), PYFLOW, obj)
        .podTemplateSpecs(
            "master", Map.of("", json("{\"spec\":{\"containers\":[{\"name\":\"m\"}]}}")))
        .podTemplateSpecs(
            "worker", Map.of("", json("{\"spec\":{\"containers\":[{\"name\":\"w\"}]}}"))));
    assertThat(r.object().at("/spec/master/template/spec/containers/0/name").asText())
        .isEqualTo("m");
    assertThat(r.object().at("/spec/worker/template/spec/containers/0/name").asText())
        .isEqualTo("w");
    // read back through the extractor: each component sees the other's write too
    JqInput in = JqInput.of(r.object());
    assertThat(extractor
            .podTemplateSpecs(c(PYFLOW, "master"), in)
            .get(0)
            .at("/spec/containers/0/name")
            .asText())
        .isEqualTo("m");
    assertThat(extractor
            .podTemplateSpecs(c(PYFLOW, "worker"), in)
            .get(0)
            .at("/spec/containers/0/name")
            .asText())
        .isEqualTo("w");
    assertThat(obj)
        .as("the caller's object is never modified")
        .isEqualTo(object(TestDefinitions.PYFLOW_OBJECT));
  }

  @Test
  void cf09_theResultMustStillBeAKubernetesObject() {
    assertThatThrownBy(
            () -> WorkloadUpdate.of(Jq.defaultEngine(), PYFLOW, json("{\"kind\":\"SomeKind\"}"))
                .apply())
        .isInstanceOf(UpdateException.class)
        .hasMessage(
            "invalid Kubernetes object: missing apiVersion, metadata.name or metadata.generateName");
    assertThatThrownBy(() -> update(PYFLOW, TestDefinitions.PYFLOW_OBJECT)
            .assign(".metadata", json("{}"))
            .apply())
        .hasMessageContaining(
            "invalid Kubernetes object: missing metadata.name or metadata.generateName");
    assertThat(WorkloadUpdate.of(
                Jq.defaultEngine(),
                PYFLOW,
                json(
                    "{\"apiVersion\":\"v1\",\"kind\":\"K\",\"metadata\":{\"generateName\":\"g-\"}}"))
            .apply()
            .changed())
        .isFalse();
  }

  @Test
  void unknownComponentIsNamed() {
    assertThatThrownBy(
            () -> update(PYFLOW, TestDefinitions.PYFLOW_OBJECT).suspend("nope").apply())
        .hasMessageContaining(
            "component nope not found in definition test; components: [pyflow, master, worker]");
  }
}
