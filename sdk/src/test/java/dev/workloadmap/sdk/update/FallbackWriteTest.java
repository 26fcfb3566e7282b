package dev.workloadmap.sdk.update;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.workloadmap.sdk.TestDefinitions;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.jq.Jq;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Writes that cannot corrupt (issue 15): a pod path that falls back is written at its primary side, never into the
 * fallback, whose every byte stays as it was. One case per fallback form; in each, the object has only the
 * fallback ({@code .spec.defaultTemplate}), the read finds it there, and the write must create the primary place
 * ({@code /spec/template}) and leave {@code /spec/defaultTemplate} untouched.
 */
class FallbackWriteTest {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private static final String OBJECT = """
      {"apiVersion":"jobs.example.com/v1","kind":"Flow","metadata":{"name":"f"},
       "spec":{"defaultTemplate":{"metadata":{"labels":{"shared":"yes"}},"spec":{"containers":[{"name":"c","image":"i:1.0"}],"priority":1.0}},
               "jobs":[{"name":"a"},{"name":"b","template":{"spec":{"containers":[]}}}]}}
      """;

  private static Definition definition(String podTemplatePath, String instanceIdPath) {
    return TestDefinitions.load(TestDefinitions.karta("""
        rootComponent:
          name: flow
          kind: {group: jobs.example.com, version: v1, kind: Flow}
        childComponents:
          - name: job
            ownerRef: flow
        %s    specDefinition: {podTemplateSpecPath: '%s'}
        """.formatted(
            instanceIdPath == null ? "" : "    instanceIdPath: '" + instanceIdPath + "'\n",
            podTemplatePath.replace("'", "''"))));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiterString = " ON ",
      value = {
        // the alternative operator
        ".spec.template // .spec.defaultTemplate ON /spec/template",
        // parenthesised, then a field under it: the place is A's field
        "(.spec.template // .spec.defaultTemplate) ON /spec/template",
        // an optional primary
        ".spec.template? // .spec.defaultTemplate ON /spec/template",
        // a chain of fallbacks: the first is the place
        ".spec.template // .spec.other // .spec.defaultTemplate ON /spec/template",
        // behind a pipe
        ".spec | .template // .defaultTemplate ON /spec/template",
        // in a branch of if (the condition picks the branch; the branch's fallback is cut)
        "if .spec.useTemplate then .spec.template else (.spec.template // .spec.defaultTemplate) end ON /spec/template",
      })
  void aFallbackIsWrittenAtItsPrimaryPlaceAndTheFallbackKeepsEveryByte(String path, String written)
      throws Exception {
    JsonNode obj = MAPPER.readTree(OBJECT);
    String before = MAPPER.writeValueAsString(obj.at("/spec/defaultTemplate"));
    UpdateResult r = WorkloadUpdate.of(Jq.defaultEngine(), definition(path, null), obj)
        .setSchedulerName("kai-scheduler")
        .apply();
    assertThat(MAPPER.writeValueAsString(r.object().at("/spec/defaultTemplate")))
        .isEqualTo(before);
    assertThat(r.object().at(written + "/spec/schedulerName").asText()).isEqualTo("kai-scheduler");
    assertThat(Rfc6902Patch.apply(r.patch(), r.original())).isEqualTo(r.object());
    assertThat(r.patchJson()).doesNotContain("defaultTemplate");
  }

  /** What the definition reads for every instance of {@code job}, as extraction gives it. */
  private static java.util.Map<String, JsonNode> read(Definition d, JsonNode obj) {
    dev.workloadmap.sdk.definition.ComponentDefinition c = d.component("job").orElseThrow();
    dev.workloadmap.sdk.internal.extract.ComponentExtractor x =
        new dev.workloadmap.sdk.internal.extract.ComponentExtractor(Jq.defaultEngine());
    dev.workloadmap.sdk.jq.JqInput in = dev.workloadmap.sdk.jq.JqInput.of(obj);
    List<String> ids = c.hasInstanceIdPath() ? x.instanceIds(c, in) : List.of("");
    return Writes.pair("job", "pod template specs", ids, x.podTemplateSpecs(c, in));
  }

  /**
   * docs/format.md#write-fallback: writing back what the definition reads changes nothing, also where the read fell
   * back. Before, the identity write materialised A from B (a copy of the default template at /spec/template), from a
   * computed default, or as {@code {}} where the read was null.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiterString = " ON ",
      value = {
        ".spec.template // .spec.defaultTemplate ON fallback",
        ".spec.template // {spec: {containers: [{name: \"default\", image: .spec.image}]}} ON computed",
        ".spec.template ON absent",
        "(.spec.template // .spec.defaultTemplate) ON parenthesised",
      })
  void anIdentityWriteChangesNothingWhereTheReadFellBack(String path, String form)
      throws Exception {
    JsonNode obj = MAPPER.readTree(OBJECT);
    Definition d = definition(path, null);
    UpdateResult r = WorkloadUpdate.of(Jq.defaultEngine(), d, obj)
        .podTemplateSpecs("job", read(d, obj))
        .apply();
    assertThat(r.patchJson()).as(form).isEqualTo("[]");
    assertThat(MAPPER.writeValueAsString(r.object())).isEqualTo(MAPPER.writeValueAsString(obj));
  }

  @Test
  void onlyTheInstancesWhoseValueDiffersFromTheReadAreWritten() throws Exception {
    JsonNode obj = MAPPER.readTree(OBJECT);
    Definition d = definition(".spec.jobs[] | .template // {}", ".spec.jobs[].name");
    java.util.Map<String, JsonNode> values = new java.util.LinkedHashMap<>(read(d, obj));
    values.put("b", MAPPER.readTree("{\"spec\":{\"containers\":[],\"schedulerName\":\"s\"}}"));
    UpdateResult r = WorkloadUpdate.of(Jq.defaultEngine(), d, obj)
        .podTemplateSpecs("job", values)
        .apply();
    // a's read is the default {}: written back it is no write (before: /spec/jobs/0/template: {})
    assertThat(r.patchJson())
        .isEqualTo("[{\"op\":\"add\",\"path\":\"/spec/jobs/1/template/spec/schedulerName\","
            + "\"value\":\"s\"}]");
    assertThat(Rfc6902Patch.apply(r.patch(), r.original())).isEqualTo(r.object());
  }

  @Test
  void aRealWriteThroughAFallbackMaterialisesAWithTheWholeValue() throws Exception {
    JsonNode obj = MAPPER.readTree(OBJECT);
    Definition d = definition(".spec.template // .spec.defaultTemplate", null);
    JsonNode value = read(d, obj).get("").deepCopy();
    ((com.fasterxml.jackson.databind.node.ObjectNode) value.get("spec"))
        .putObject("nodeSelector")
        .put("k", "v");
    UpdateResult r = WorkloadUpdate.of(Jq.defaultEngine(), d, obj)
        .podTemplateSpecs("job", java.util.Map.of("", value))
        .apply();
    // written at A: the read value (from B) plus the one new leaf; B keeps every byte
    assertThat(r.object().at("/spec/template")).isEqualTo(value);
    assertThat(r.object().at("/spec/defaultTemplate")).isEqualTo(obj.at("/spec/defaultTemplate"));
  }

  @Test
  void aFragmentedValueEqualToTheFallbackReadIsNotWrittenAtA() throws Exception {
    Definition d = TestDefinitions.load(TestDefinitions.karta("""
        rootComponent:
          name: flow
          kind: {group: jobs.example.com, version: v1, kind: Flow}
          specDefinition:
            fragmentedPodSpecDefinition:
              schedulerNamePath: '.spec.schedulerName // .spec.defaultScheduler'
              imagePath: .spec.image
        """));
    JsonNode obj = MAPPER.readTree(
        "{\"apiVersion\":\"jobs.example.com/v1\",\"kind\":\"Flow\","
            + "\"metadata\":{\"name\":\"f\"},\"spec\":{\"defaultScheduler\":\"kai\",\"image\":\"i:1\"}}");
    UpdateResult same = WorkloadUpdate.of(Jq.defaultEngine(), d, obj)
        .fragmentedField("flow", "schedulerName", java.util.Map.of("", MAPPER.readTree("\"kai\"")))
        .apply();
    assertThat(same.patchJson()).isEqualTo("[]");
    UpdateResult other = WorkloadUpdate.of(Jq.defaultEngine(), d, obj)
        .fragmentedField("flow", "schedulerName", java.util.Map.of("", MAPPER.readTree("\"x\"")))
        .apply();
    assertThat(other.patchJson())
        .isEqualTo("[{\"op\":\"add\",\"path\":\"/spec/schedulerName\",\"value\":\"x\"}]");
  }

  @Test
  void perInstanceFallbackWritesEachInstanceAtItsOwnTemplate() throws Exception {
    JsonNode obj = MAPPER.readTree(OBJECT);
    String before = MAPPER.writeValueAsString(obj.at("/spec/defaultTemplate"));
    Definition d = definition(".spec.jobs[] | .template // {}", ".spec.jobs[].name");
    UpdateResult r = WorkloadUpdate.of(Jq.defaultEngine(), d, obj)
        .setSchedulerName("kai-scheduler")
        .apply();
    assertThat(r.object().at("/spec/jobs/0/template/spec/schedulerName").asText())
        .isEqualTo("kai-scheduler");
    assertThat(r.object().at("/spec/jobs/1/template/spec/schedulerName").asText())
        .isEqualTo("kai-scheduler");
    assertThat(r.object().at("/spec/jobs/1/template/spec/containers").isArray()).isTrue();
    assertThat(MAPPER.writeValueAsString(r.object().at("/spec/defaultTemplate")))
        .isEqualTo(before);
  }

  @Test
  void aDefaultValueIsWrittenAtThePlaceItStandsFor() throws Exception {
    // `// {}`: the reference cannot write it (invalid path against {}); the place it stands for is
    // .spec.template
    JsonNode obj = MAPPER.readTree(OBJECT);
    UpdateResult r = WorkloadUpdate.of(
            Jq.defaultEngine(), definition(".spec.template // {}", null), obj)
        .setSchedulerName("kai-scheduler")
        .apply();
    assertThat(r.object().at("/spec/template/spec/schedulerName").asText())
        .isEqualTo("kai-scheduler");
    assertThat(r.object().at("/spec/defaultTemplate")).isEqualTo(obj.at("/spec/defaultTemplate"));
  }

  @Test
  void aFallbackWhosePrimarySideSelectsOtherPlacesIsRefusedNotWrittenIntoTheFallback()
      throws Exception {
    // .spec.templates is an empty list: the read falls back to the default template; A has no place
    // to write
    JsonNode obj = MAPPER.readTree(OBJECT.replace("\"jobs\":", "\"templates\":[],\"jobs\":"));
    Definition d = definition(".spec.templates[] // .spec.defaultTemplate", null);
    assertThatThrownBy(() -> WorkloadUpdate.of(Jq.defaultEngine(), d, obj)
            .setSchedulerName("kai-scheduler")
            .apply())
        .isInstanceOf(UpdateException.class)
        .hasMessageContaining(
            "falls back on this object (.spec.templates[] // .spec.defaultTemplate selects 1"
                + " place(s), its primary side .spec.templates[] selects 0)")
        .hasMessageContaining("the update is refused");
  }

  @Test
  void aSuspendActionWithADefaultIsWrittenAtItsPlace() throws Exception {
    Definition d = TestDefinitions.load(TestDefinitions.karta("""
        rootComponent:
          name: flow
          kind: {group: jobs.example.com, version: v1, kind: Flow}
          suspendDefinition:
            suspendActions: [{path: '.spec.suspend // .spec.paused', value: "true"}]
            resumeActions: [{path: '.spec.suspend // .spec.paused', value: "false"}]
        """));
    JsonNode obj = MAPPER.readTree("{\"apiVersion\":\"jobs.example.com/v1\",\"kind\":\"Flow\","
        + "\"metadata\":{\"name\":\"f\"},\"spec\":{\"paused\":false}}");
    UpdateResult r = WorkloadUpdate.of(Jq.defaultEngine(), d, obj).suspend().apply();
    assertThat(r.patchJson())
        .isEqualTo("[{\"op\":\"add\",\"path\":\"/spec/suspend\",\"value\":true}]");
  }

  @Test
  void aComputedValueIsRefusedWithTheReason() throws Exception {
    JsonNode obj = MAPPER.readTree(OBJECT);
    Definition d = definition("{spec: .spec.defaultTemplate.spec}", null);
    assertThatThrownBy(() -> WorkloadUpdate.of(Jq.defaultEngine(), d, obj)
            .setSchedulerName("kai-scheduler")
            .apply())
        .isInstanceOf(UpdateException.class)
        .hasMessageContaining("is not a path expression (it computes a value");
  }

  /**
   * The write-safety property per fallback form on generated objects: seeded variants of the object (the primary
   * template present or not, the fallback present or not, unknown fields with odd number forms added anywhere under
   * spec). For {@code A // B} and a default ({@code A // {}}) the patch touches nothing outside A's place, so every
   * other byte, B's included, stays; a computed value is refused with its reason and nothing is written.
   */
  @Test
  void everyFallbackFormKeepsUntargetedBytesOnGeneratedObjects() throws Exception {
    java.util.Random rnd = new java.util.Random(15);
    String[][] forms = {
      {".spec.template // .spec.defaultTemplate", "write"},
      {".spec.template // {}", "write"},
      {"{spec: ((.spec.template // .spec.defaultTemplate) | .spec)}", "refuse"},
    };
    int written = 0;
    int refused = 0;
    for (int k = 0; k < 150; k++) {
      com.fasterxml.jackson.databind.node.ObjectNode obj =
          (com.fasterxml.jackson.databind.node.ObjectNode) MAPPER.readTree(OBJECT);
      com.fasterxml.jackson.databind.node.ObjectNode spec =
          (com.fasterxml.jackson.databind.node.ObjectNode) obj.get("spec");
      if (rnd.nextBoolean()) {
        spec.set(
            "template",
            MAPPER.readTree("{\"metadata\":{\"labels\":{\"own\":\"t\"}},\"spec\":{\"containers\":"
                + "[{\"name\":\"m\",\"image\":\"m:2\"}],\"weight\":2.50}}"));
      }
      if (rnd.nextInt(4) == 0) {
        spec.remove("defaultTemplate");
      }
      for (int i = rnd.nextInt(4); i > 0; i--) {
        List<com.fasterxml.jackson.databind.node.ObjectNode> objects = new java.util.ArrayList<>();
        collect(spec, objects);
        objects
            .get(rnd.nextInt(objects.size()))
            .set(
                "x" + k + "_" + i,
                MAPPER
                    .getNodeFactory()
                    .numberNode(new java.math.BigDecimal(rnd.nextBoolean() ? "1.50" : "1e3")));
      }
      for (String[] f : forms) {
        JsonNode before = obj.deepCopy();
        String bytes = MAPPER.writeValueAsString(before);
        if (f[1].equals("refuse")) {
          assertThatThrownBy(
                  () -> WorkloadUpdate.of(Jq.defaultEngine(), definition(f[0], null), before)
                      .setSchedulerName("kai-scheduler")
                      .apply())
              .as(f[0] + " on " + bytes)
              .isInstanceOf(UpdateException.class)
              .hasMessageContaining("is not a path expression");
          assertThat(MAPPER.writeValueAsString(before)).isEqualTo(bytes);
          refused++;
          continue;
        }
        UpdateResult r = WorkloadUpdate.of(Jq.defaultEngine(), definition(f[0], null), before)
            .setSchedulerName("kai-scheduler")
            .apply();
        assertThat(r.object().at("/spec/template/spec/schedulerName").asText())
            .as(f[0])
            .isEqualTo("kai-scheduler");
        for (JsonNode op : MAPPER.readTree(r.patchJson())) {
          assertThat(op.path("path").asText())
              .as(f[0] + " on " + bytes)
              .startsWith("/spec/template");
        }
        // every untargeted byte: the result without the targeted field is the original (with the
        // parents created)
        JsonNode back = r.object().deepCopy();
        ((com.fasterxml.jackson.databind.node.ObjectNode) back.at("/spec/template/spec"))
            .remove("schedulerName");
        if (!before.path("spec").has("template")) {
          ((com.fasterxml.jackson.databind.node.ObjectNode) back.get("spec")).remove("template");
        }
        assertThat(MAPPER.writeValueAsString(back)).as(f[0]).isEqualTo(bytes);
        assertThat(Rfc6902Patch.apply(r.patch(), r.original())).isEqualTo(r.object());
        written++;
      }
    }
    assertThat(written).isEqualTo(300);
    assertThat(refused).isEqualTo(150);
  }

  private static void collect(
      JsonNode n, List<com.fasterxml.jackson.databind.node.ObjectNode> out) {
    if (n instanceof com.fasterxml.jackson.databind.node.ObjectNode o) {
      out.add(o);
    }
    n.forEach(c -> collect(c, out));
  }

  @ParameterizedTest
  @CsvSource(
      delimiterString = " ON ",
      value = {
        // an alternative that selects which place (in a condition or an index) is kept
        ".spec.jobs[] | select((.template // null) != null) | .template ON .spec.jobs[] | select((.template // null) != null) | .template",
        ".spec.jobs[.i // 0] ON .spec.jobs[.i // 0]",
        ".spec.a // .spec.b ON .spec.a",
        ".a, (.b // .c) ON .a, (.b)",
        // `A // empty` selects A only where it is set: no fallback place, kept
        ".spec.worker // empty ON .spec.worker // empty",
      })
  void onlyAlternativesInPathPositionAreCut(String path, String primary) {
    assertThat(FallbackPaths.primary(path)).isEqualTo(primary);
  }
}
