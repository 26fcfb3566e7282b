package dev.workloadmap.sdk.update;

import static dev.workloadmap.sdk.TestDefinitions.json;
import static dev.workloadmap.sdk.TestDefinitions.load;
import static dev.workloadmap.sdk.TestDefinitions.object;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.sdk.PreparedDefinition;
import dev.workloadmap.sdk.TestDefinitions;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.WorkloadMapException;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.jq.Jq;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The convenience operations, losslessness and the patch of {@link WorkloadUpdate} (docs/format.md#writes,
 * docs/format.md#differences).
 */
class WorkloadUpdateTest {

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final Definition PYFLOW = load(TestDefinitions.PYFLOW_DEFINITION);
  private static final Definition JOBGROUP = load(TestDefinitions.JOBGROUP_DEFINITION);
  private static final Definition REACTOR = load(TestDefinitions.REACTOR_DEFINITION);

  /** A PyFlow object with forms a key-sorted, number-normalised copy would lose. */
  private static final String ODD_FORMS = """
      {"kind":"PyFlow","apiVersion":"jobs.example.com/v1","metadata":{"name":"p","x-unknown":{"z":1,"a":2}},
       "spec":{"zeta":1.0,"master":{"replicas":1.0,"template":{"spec":{"restartPolicy":"Never","priority":1e3,
       "containers":[{"name":"m","resources":{"limits":{"cpu":2.50}}}],"schedulerName":"old"},
       "metadata":{"labels":{"b":"1","a":"2"}}}},
       "worker":{"minReplicas":1,"template":{"metadata":{},"spec":{"containers":[{"name":"w"}]}}}}}
      """;

  private static UpdateResult applied(WorkloadUpdate u) {
    UpdateResult r = u.apply();
    assertThat(Rfc6902Patch.apply(r.patch(), r.original())).isEqualTo(r.object());
    return r;
  }

  /**
   * UpdateFuzzTest's finding (corpus crash-a5117125...): label keys holding {@code ~0}, {@code ~1}, {@code /} or
   * {@code ~} are written with RFC 6901 pointers ({@code ~} as {@code ~0}, {@code /} as {@code ~1}), so an RFC 6902
   * applier (an API server's) puts each on its own key. zjsonpatch's {@code JsonPatch.apply} decodes {@code ~00} as
   * {@code ~}: the tests apply patches with {@link Rfc6902Patch} instead.
   */
  @Test
  void labelKeysWithTildesAndSlashesArePointedAtExactly() throws Exception {
    JsonNode obj = MAPPER.readTree(ODD_FORMS);
    Map<String, String> labels = new java.util.LinkedHashMap<>();
    for (String key : List.of("a~0b", "~01", "x/y", "~", "%\n~0\n")) {
      labels.put(key, "v");
    }
    UpdateResult r = applied(WorkloadUpdate.of(Jq.defaultEngine(), PYFLOW, obj).addLabels(labels));
    for (String key : labels.keySet()) {
      assertThat(r.object().at("/spec/master/template/metadata/labels").get(key))
          .as(key)
          .isNotNull();
    }
    assertThat(r.patchJson())
        .contains(
            "\"path\":\"/spec/master/template/metadata/labels/a~00b\"",
            "/labels/~001\"",
            "/labels/x~1y\"",
            "/labels/~0\"");
    // every path into an existing labels map decodes (RFC 6901) to a key the update added; a new
    // map is one value
    for (JsonNode op : r.patch()) {
      String key = com.fasterxml.jackson.core.JsonPointer.compile(op.get("path").asText())
          .last()
          .getMatchingProperty();
      if (key.equals("labels")) {
        assertThat(op.get("value").properties()).as(op.toString()).hasSize(labels.size());
      } else {
        assertThat(labels).as(op.toString()).containsKey(key);
      }
    }
  }

  @Test
  void setSchedulerNameOnTemplatesKeepsEveryOtherByteOfTheObject() throws Exception {
    JsonNode obj = MAPPER.readTree(ODD_FORMS);
    UpdateResult r = applied(
        WorkloadUpdate.of(Jq.defaultEngine(), PYFLOW, obj).setSchedulerName("kai-scheduler"));
    assertThat(r.object().at("/spec/master/template/spec/schedulerName").asText())
        .isEqualTo("kai-scheduler");
    assertThat(r.object().at("/spec/worker/template/spec/schedulerName").asText())
        .isEqualTo("kai-scheduler");
    assertThat(r.patchJson())
        .isEqualTo("[{\"op\":\"replace\",\"path\":\"/spec/master/template/spec/schedulerName\","
            + "\"value\":\"kai-scheduler\"},{\"op\":\"add\",\"path\":\"/spec/worker/template/spec/schedulerName\","
            + "\"value\":\"kai-scheduler\"}]");
    // undo the two targeted fields: the serialised text is then exactly the original's (key order,
    // 1.0, 1e3, 2.50)
    ObjectNode undone = r.object().deepCopy();
    ((ObjectNode) undone.at("/spec/master/template/spec")).put("schedulerName", "old");
    ((ObjectNode) undone.at("/spec/worker/template/spec")).remove("schedulerName");
    assertThat(MAPPER.writeValueAsString(undone)).isEqualTo(MAPPER.writeValueAsString(obj));
  }

  @Test
  void addLabelsMergesIntoTemplateMetadataAndCreatesItWhereMissing() throws Exception {
    JsonNode obj = MAPPER.readTree(ODD_FORMS);
    UpdateResult r = applied(WorkloadUpdate.of(Jq.defaultEngine(), PYFLOW, obj)
        .addLabels(Map.of("team", "ml", "a", "9"))
        .addAnnotations(Map.of("note", "x")));
    assertThat(r.object().at("/spec/master/template/metadata/labels"))
        .isEqualTo(json("{\"b\":\"1\",\"a\":\"9\",\"team\":\"ml\"}"));
    assertThat(r.object().at("/spec/master/template/metadata/labels").fieldNames())
        .toIterable()
        .containsExactly("b", "a", "team");
    assertThat(r.object().at("/spec/worker/template/metadata"))
        .isEqualTo(
            json("{\"labels\":{\"a\":\"9\",\"team\":\"ml\"},\"annotations\":{\"note\":\"x\"}}"));
    assertThat(r.patch())
        .allSatisfy(op -> assertThat(op.get("path").asText())
            .matches("/spec/(master|worker)/template/metadata/(labels|annotations)(/.*)?"));
  }

  @Test
  void podSpecComponentsTakeLabelsThroughMetadataPath() {
    UpdateResult r = applied(
        WorkloadUpdate.of(Jq.defaultEngine(), JOBGROUP, object(TestDefinitions.JOBGROUP_OBJECT))
            .setSchedulerName("s")
            .addLabels(Map.of("team", "ml")));
    for (JsonNode job : r.object().at("/spec/replicatedJobs")) {
      assertThat(job.at("/spec/schedulerName").asText()).isEqualTo("s");
      assertThat(job.at("/metadata/labels/team").asText()).isEqualTo("ml");
    }
    assertThat(r.object().at("/spec/replicatedJobs/0/metadata/labels/role").asText())
        .isEqualTo("indexer");
  }

  @Test
  void podSpecWithoutMetadataPathCannotTakeLabels() {
    Definition d = load(TestDefinitions.JOBGROUP_DEFINITION.replaceAll(" *metadataPath: .*\n", ""));
    assertThatThrownBy(
            () -> WorkloadUpdate.of(Jq.defaultEngine(), d, object(TestDefinitions.JOBGROUP_OBJECT))
                .addLabels(Map.of("a", "b"))
                .apply())
        .isInstanceOf(UpdateException.class)
        .hasMessage(
            "addLabels{\"a\":\"b\"}: component job: it has podSpecPath but no metadataPath: pod labels and"
                + " annotations cannot be written; add metadataPath to the definition");
  }

  @Test
  void fragmentedComponentsTakeLabelsAndResourcesThroughTheirPaths() {
    JsonNode obj = object(TestDefinitions.REACTOR_OBJECT);
    JsonNode resources =
        json("{\"requests\":{\"cpu\":\"2\"},\"limits\":{\"nvidia.com/gpu\":\"1\"}}");
    UpdateResult r = applied(WorkloadUpdate.of(Jq.defaultEngine(), REACTOR, obj)
        .addLabels(Map.of("team", "ml"))
        .setResources(resources));
    for (String id : new String[] {"api", "cache", "worker"}) {
      assertThat(r.object().at("/spec/services/" + id + "/labels/team").asText())
          .isEqualTo("ml");
      assertThat(r.object().at("/spec/services/" + id + "/resources")).isEqualTo(resources);
    }
    assertThat(r.object().at("/spec/services/api/labels/tier").asText()).isEqualTo("frontend");
    // cache has no annotations and addLabels does not invent them
    assertThat(r.object().at("/spec/services/cache").has("annotations")).isFalse();
  }

  @Test
  void oneInstanceWritesKeepTheOtherInstancesAsEarlierStepsLeftThem() {
    JsonNode obj = object(TestDefinitions.JOBGROUP_OBJECT);
    UpdateResult r = applied(WorkloadUpdate.of(Jq.defaultEngine(), JOBGROUP, obj)
        .setSchedulerName("kai")
        .podSpec("job", "processor", json("{\"schedulerName\":\"other\",\"containers\":[]}")));
    assertThat(r.object().at("/spec/replicatedJobs/0/spec/schedulerName").asText())
        .isEqualTo("kai");
    assertThat(r.object().at("/spec/replicatedJobs/0/spec/containers"))
        .isEqualTo(obj.at("/spec/replicatedJobs/0/spec/containers"));
    assertThat(r.object().at("/spec/replicatedJobs/1/spec"))
        .isEqualTo(json("{\"schedulerName\":\"other\",\"containers\":[]}"));
    assertThat(r.patch())
        .allSatisfy(op -> assertThat(op.get("path").asText())
            .matches("/spec/replicatedJobs/(0/spec/schedulerName|1/spec/.*)"));
  }

  @Test
  void oneInstanceFragmentedFieldWritesThatFieldOnly() {
    JsonNode obj = object(TestDefinitions.REACTOR_OBJECT);
    UpdateResult r = applied(WorkloadUpdate.of(Jq.defaultEngine(), REACTOR, obj)
        .fragmentedField("service", "worker", "labels", json("{\"only\":\"worker\"}")));
    assertThat(r.patchJson())
        .isEqualTo(
            "[{\"op\":\"remove\",\"path\":\"/spec/services/worker/labels/tier\"},"
                + "{\"op\":\"add\",\"path\":\"/spec/services/worker/labels/only\",\"value\":\"worker\"}]");
  }

  @Test
  void oneInstanceWriteOfAnUnknownIdNamesTheIdsThereAre() {
    assertThatThrownBy(() -> WorkloadUpdate.of(
                Jq.defaultEngine(), JOBGROUP, object(TestDefinitions.JOBGROUP_OBJECT))
            .podMetadata("job", "nope", json("{}"))
            .apply())
        .isInstanceOf(UpdateException.class)
        .hasMessage(
            "podMetadata(job, nope): component job has no instance \"nope\"; its instance ids: [indexer,"
                + " processor]");
  }

  @Test
  void fragmentedComponentWithoutSchedulerNamePathFails() {
    assertThatThrownBy(() -> WorkloadUpdate.of(
                Jq.defaultEngine(), REACTOR, object(TestDefinitions.REACTOR_OBJECT))
            .setSchedulerName("kai")
            .apply())
        .isInstanceOf(UpdateException.class)
        .hasMessageContaining(
            "component service: failed to update fragmented field schedulerName: path is not"
                + " defined and values are not empty");
  }

  @Test
  void setResourcesReplacesEachContainersResources() {
    JsonNode resources = json("{\"limits\":{\"cpu\":\"1\"}}");
    UpdateResult r =
        applied(WorkloadUpdate.of(Jq.defaultEngine(), PYFLOW, object(TestDefinitions.PYFLOW_OBJECT))
            .setResources(resources));
    assertThat(r.object().at("/spec/master/template/spec/containers/0/resources"))
        .isEqualTo(resources);
    assertThat(r.object().at("/spec/worker/template/spec/containers/0/resources"))
        .isEqualTo(resources);
    assertThatThrownBy(() -> WorkloadUpdate.of(
                Jq.defaultEngine(), PYFLOW, object(TestDefinitions.PYFLOW_OBJECT))
            .setResources(json("[]")))
        .isInstanceOf(UpdateException.class);
  }

  @Test
  void noOperationMeansNoPatchAndAnEqualObject() throws Exception {
    JsonNode obj = MAPPER.readTree(ODD_FORMS);
    UpdateResult r = WorkloadUpdate.of(Jq.defaultEngine(), PYFLOW, obj).apply();
    assertThat(r.changed()).isFalse();
    assertThat(r.patchJson()).isEqualTo("[]");
    assertThat(MAPPER.writeValueAsString(r.object())).isEqualTo(MAPPER.writeValueAsString(obj));
  }

  @Test
  void writingTheSameValueByNumberKeepsTheOriginalForm() throws Exception {
    JsonNode obj = MAPPER.readTree(ODD_FORMS);
    UpdateResult r =
        applied(WorkloadUpdate.of(Jq.defaultEngine(), PYFLOW, obj).assign(".spec.zeta", json("1")));
    assertThat(r.changed()).isFalse();
    assertThat(r.object().at("/spec/zeta").isDouble()).isTrue();
    UpdateResult changed =
        applied(WorkloadUpdate.of(Jq.defaultEngine(), PYFLOW, obj).assign(".spec.zeta", json("2")));
    assertThat(changed.patchJson())
        .isEqualTo("[{\"op\":\"replace\",\"path\":\"/spec/zeta\",\"value\":2}]");
  }

  @Test
  void theBuilderIsImmutable() {
    WorkloadUpdate base =
        WorkloadUpdate.of(Jq.defaultEngine(), PYFLOW, object(TestDefinitions.PYFLOW_OBJECT));
    WorkloadUpdate named = base.setSchedulerName("a");
    assertThat(base.operations()).isEmpty();
    assertThat(named.operations()).containsExactly("setSchedulerName(a)");
    assertThat(base.apply().changed()).isFalse();
  }

  @Test
  void facadeChecksTheKind() {
    WorkloadMap wm = WorkloadMap.create();
    PreparedDefinition p = wm.prepare(PYFLOW);
    assertThatThrownBy(() -> wm.update(p, object(TestDefinitions.REACTOR_OBJECT)))
        .isInstanceOf(WorkloadMapException.class)
        .hasMessageContaining("the object is jobs.example.com/v1 Reactor");
    assertThat(wm.update(p, object(TestDefinitions.PYFLOW_OBJECT))
            .setSchedulerName("x")
            .apply()
            .patch())
        .hasSize(2);
  }

  /**
   * Found by UpdateFuzzTest (corpus crash-ce086fd3...): a MissingNode value (readTree("") or node.path("absent")) was
   * written into the object, and the patch computation then failed with a NullPointerException ("unhandled token type
   * NOT_AVAILABLE"). It is refused when the operation is added, with a message saying what to pass instead.
   */
  @Test
  void aMissingNodeValueIsRefusedWhenTheOperationIsAdded() throws Exception {
    JsonNode obj = MAPPER.readTree(ODD_FORMS);
    WorkloadUpdate u = WorkloadUpdate.of(Jq.defaultEngine(), PYFLOW, obj);
    JsonNode missing = obj.path("no-such-field");
    for (org.assertj.core.api.ThrowableAssert.ThrowingCallable call :
        List.<org.assertj.core.api.ThrowableAssert.ThrowingCallable>of(
            () -> u.assign(".spec.x", missing),
            () -> u.assign(".spec.x", MAPPER.readTree("")),
            () -> u.podTemplateSpecs("master", Map.of("", missing)),
            () -> u.setResources(MAPPER.createObjectNode().set("limits", missing)))) {
      assertThatThrownBy(call)
          .isInstanceOf(UpdateException.class)
          .hasMessageContaining("MissingNode")
          .hasMessageContaining("NullNode");
    }
    assertThat(applied(u.assign(".spec.x", null)).object().at("/spec/x").isNull())
        .isTrue();
  }
}
