package dev.workloadmap.sdk.internal.live;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.sdk.WorkloadMapException;
import dev.workloadmap.sdk.resources.PodResources;
import dev.workloadmap.sdk.testing.Json;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The per-component memo of pod requests ({@link PodResourcesMemo}, issue 17) gives what {@link PodResources#perPod}
 * gives, pod after pod, and {@code perPod} reads no field of a pod spec or a container that the memo does not compare.
 */
class PodResourcesMemoTest {

  /** Pod specs that differ in read and unread fields; some invalid. */
  static final List<String> SPECS = List.of(
      "{\"containers\":[{\"name\":\"a\",\"resources\":{\"limits\":{\"nvidia.com/gpu\":8}}}]}",
      "{\"nodeName\":\"n2\",\"containers\":[{\"name\":\"b\",\"image\":\"x\",\"env\":[{\"name\":\"E\"}],"
          + "\"resources\":{\"limits\":{\"nvidia.com/gpu\":8}}}]}", // unread fields differ: same
      // request
      "{\"containers\":[{\"name\":\"a\",\"resources\":{\"limits\":{\"nvidia.com/gpu\":4}}}]}",
      "{\"containers\":[{\"name\":\"a\",\"resources\":{\"limits\":{\"nvidia.com/gpu\":8.0}}}]}",
      "{\"containers\":[{\"name\":\"a\",\"resources\":{\"limits\":{\"nvidia.com/gpu\":\"8\"}}}]}",
      "{\"containers\":[{\"name\":\"a\",\"resources\":{\"requests\":{\"cpu\":\"1500m\"},"
          + "\"limits\":{\"nvidia.com/gpu\":8,\"cpu\":2}}}]}",
      "{\"containers\":[{\"name\":\"a\",\"resources\":{\"limits\":{\"nvidia.com/gpu\":8}}},"
          + "{\"name\":\"side\",\"resources\":{\"requests\":{\"memory\":\"1Gi\"}}}]}",
      "{\"containers\":[{\"name\":\"a\",\"resources\":{\"limits\":{\"cpu\":1}}}],"
          + "\"initContainers\":[{\"name\":\"i\",\"resources\":{\"requests\":{\"cpu\":3}}}]}",
      "{\"containers\":[{\"name\":\"a\",\"resources\":{\"limits\":{\"cpu\":1}}}],"
          + "\"initContainers\":[{\"name\":\"i\",\"restartPolicy\":\"Always\","
          + "\"resources\":{\"requests\":{\"cpu\":3}}}]}", // the same as a sidecar: cpu 4, not 3
      "{\"containers\":[{\"name\":\"a\",\"resources\":{\"limits\":{\"nvidia.com/gpu\":8}}}],"
          + "\"resources\":{\"requests\":{\"cpu\":4}}}",
      "{\"containers\":[{\"name\":\"a\",\"resources\":{\"limits\":{\"nvidia.com/gpu\":8}}}],"
          + "\"overhead\":{\"cpu\":\"250m\"}}",
      "{\"containers\":[{\"name\":\"a\"}]}",
      "{\"containers\":[]}",
      "{\"containers\":null}",
      "{}",
      "{\"containers\":[null]}",
      "{\"containers\":[{\"name\":\"a\",\"resources\":{\"limits\":{\"nvidia.com/gpu\":\"lots\"}}}]}",
      "{\"containers\":[{\"name\":\"a\",\"resources\":{\"limits\":{\"nvidia.com/gpu\":-1}}}]}",
      "{\"containers\":[\"not a container\"]}",
      "{\"containers\":{\"a\":{}}}",
      "{\"containers\":[{\"name\":\"a\",\"resources\":[]}]}",
      "\"not a spec\"",
      "null");

  /** What perPod gives: the request's text, or the exception's class and message. */
  private static String answer(JsonNode spec, PodResourcesMemo memo) {
    try {
      return (memo == null ? PodResources.perPod(spec) : memo.perPod(spec)).toString();
    } catch (WorkloadMapException e) {
      return e.getClass().getSimpleName() + ": " + e.getMessage();
    }
  }

  @Test
  void everyPodAfterEveryOtherGetsWhatPerPodGives() {
    List<JsonNode> specs = SPECS.stream().map(Json::parse).toList();
    for (JsonNode first : specs) {
      for (JsonNode second : specs) {
        PodResourcesMemo memo = new PodResourcesMemo();
        assertThat(answer(first, memo)).isEqualTo(answer(first, null));
        // a fresh copy, as the next pod of a listing is: equal JSON, other nodes
        JsonNode copy = Json.parse(second.toString());
        assertThat(answer(copy, memo))
            .as("%s after %s", second, first)
            .isEqualTo(answer(copy, null));
        assertThat(answer(first.deepCopy(), memo)).isEqualTo(answer(first, null));
      }
    }
  }

  @Test
  void aRunOfEqualRequestsIsReadOnceAndAChangeIsSeen() {
    PodResourcesMemo memo = new PodResourcesMemo();
    JsonNode a = Json.parse(SPECS.get(0));
    JsonNode sameRequestOtherFields = Json.parse(SPECS.get(1));
    JsonNode fourGpus = Json.parse(SPECS.get(2));
    var first = memo.perPod(a);
    assertThat(memo.perPod(sameRequestOtherFields)).isSameAs(first);
    assertThat(memo.perPod(fourGpus).getOrZero("nvidia.com/gpu")).isEqualByComparingTo("4");
    assertThat(memo.perPod(a).getOrZero("nvidia.com/gpu")).isEqualByComparingTo("8");
    // an invalid pod between two valid ones fails with its own message and forgets nothing wrong
    JsonNode invalid = Json.parse(SPECS.get(16));
    assertThat(answer(invalid, memo))
        .contains("spec.containers[0].resources.limits")
        .contains("lots");
    assertThat(memo.perPod(a.deepCopy())).isEqualTo(first);
  }

  private static boolean same(String a, String b, boolean init) {
    return PodResourcesMemo.Containers.matches(
        PodResourcesMemo.Containers.of(Json.parse(a), init), Json.parse(b));
  }

  @Test
  void containerListsCompareOnlyWhatPerPodReads() {
    String a = "[{\"name\":\"a\",\"image\":\"1\",\"resources\":{\"limits\":{\"cpu\":1}}}]";
    String b = "[{\"name\":\"b\",\"image\":\"2\",\"resources\":{\"limits\":{\"cpu\":1}}}]";
    String c = "[{\"name\":\"a\",\"resources\":{\"limits\":{\"cpu\":2}}}]";
    String sidecar = "[{\"restartPolicy\":\"Always\",\"resources\":{\"limits\":{\"cpu\":1}}}]";
    assertThat(same(a, b, false)).isTrue();
    assertThat(same(a, c, false)).isFalse();
    assertThat(same(a, sidecar, false)).isTrue();
    assertThat(same(a, sidecar, true)).isFalse();
    assertThat(same(a, "[]", false)).isFalse();
    assertThat(same(a, "[null]", false)).isFalse();
    assertThat(same("[null]", "[null]", false)).isTrue();
    assertThat(same("[null]", "[{}]", false)).isFalse();
    assertThat(same("[{}]", "[{\"name\":\"x\"}]", false)).isTrue();
    assertThat(same("{\"a\":1}", "{\"a\":1}", false)).isTrue();
    assertThat(same("{\"a\":1}", "[1]", false)).isFalse();
    assertThat(PodResourcesMemo.Containers.matches(null, null)).isTrue();
    assertThat(PodResourcesMemo.Containers.matches(null, Json.parse("[]"))).isFalse();
    assertThat(PodResourcesMemo.Containers.matches(
            PodResourcesMemo.Containers.of(Json.parse(a), false), null))
        .isFalse();
  }

  /** JSON values that are equal, differ in one place, or only in the kind of a number. */
  static final List<String> VALUES = List.of(
      "{\"limits\":{\"nvidia.com/gpu\":8},\"requests\":{\"cpu\":\"1\"}}",
      "{\"requests\":{\"cpu\":\"1\"},\"limits\":{\"nvidia.com/gpu\":8}}", // other key order
      "{\"limits\":{\"nvidia.com/gpu\":8}}",
      "{\"limits\":{\"nvidia.com/gpu\":8},\"requests\":{\"cpu\":\"1\"},\"x\":null}",
      "{\"limits\":{\"nvidia.com/gpu\":8.0},\"requests\":{\"cpu\":\"1\"}}",
      "{\"limits\":{\"nvidia.com/gpu\":\"8\"},\"requests\":{\"cpu\":\"1\"}}",
      "{\"limits\":{\"nvidia.com/gpu\":12345678901},\"requests\":{\"cpu\":\"1\"}}",
      "{\"limits\":[8],\"requests\":{\"cpu\":\"1\"}}",
      "{\"limits\":[8,9],\"requests\":{\"cpu\":\"1\"}}",
      "{\"limits\":[9,8],\"requests\":{\"cpu\":\"1\"}}",
      "{}",
      "[]",
      "null",
      "true",
      "\"text\"",
      "8");

  @Test
  void aShapeMatchesExactlyTheNodesItsValueEquals() {
    for (String a : VALUES) {
      for (String b : VALUES) {
        JsonNode x = Json.parse(a);
        JsonNode y = Json.parse(b);
        assertThat(PodResourcesMemo.Shape.of(x).matches(y))
            .as("%s against %s", a, b)
            .isEqualTo(x.equals(y));
      }
    }
    assertThat(PodResourcesMemo.Shape.matches(null, null)).isTrue();
    assertThat(PodResourcesMemo.Shape.matches(null, Json.parse("null"))).isFalse();
    assertThat(PodResourcesMemo.Shape.matches(PodResourcesMemo.Shape.of(Json.parse("null")), null))
        .isFalse();
  }

  // ---------------------------------------------------------------------------------------------
  // perPod reads nothing the memo does not compare

  /** An object node that records which of its fields are read and whether it is iterated ({@code iterator()} is
   * final and goes through {@code elements()}). */
  static final class Recording extends ObjectNode {
    private static final long serialVersionUID = 1L;
    final String level;
    final Set<String> read;

    Recording(String level, Set<String> read) {
      super(JsonNodeFactory.instance);
      this.level = level;
      this.read = read;
    }

    private void note(String what) {
      read.add(level + ":" + what);
    }

    @Override
    public JsonNode get(String name) {
      note(name);
      return super.get(name);
    }

    @Override
    public JsonNode path(String name) {
      note(name);
      return super.path(name);
    }

    @Override
    public boolean has(String name) {
      note(name);
      return super.has(name);
    }

    @Override
    public boolean hasNonNull(String name) {
      note(name);
      return super.hasNonNull(name);
    }

    @Override
    public JsonNode findValue(String name) {
      note("findValue " + name);
      return super.findValue(name);
    }

    @Override
    public Set<Map.Entry<String, JsonNode>> properties() {
      note("<properties>");
      return super.properties();
    }

    @Override
    public Iterator<Map.Entry<String, JsonNode>> fields() {
      note("<fields>");
      return super.fields();
    }

    @Override
    public Iterator<String> fieldNames() {
      note("<fieldNames>");
      return super.fieldNames();
    }

    @Override
    public Iterator<JsonNode> elements() {
      note("<elements>");
      return super.elements();
    }
  }

  /** {@code source} with its top level as a recording node of {@code level} (children as they are). */
  private static Recording recording(String level, JsonNode source, Set<String> read) {
    Recording r = new Recording(level, read);
    source.properties().forEach(e -> r.set(e.getKey(), e.getValue()));
    return r;
  }

  @Test
  void perPodReadsOnlyTheFieldsTheMemoCompares() {
    Set<String> read = new TreeSet<>();
    String container =
        "{\"name\":\"c\",\"image\":\"i\",\"command\":[\"x\"],\"env\":[{\"name\":\"E\"}],"
            + "\"ports\":[],\"volumeMounts\":[],\"resizePolicy\":[],\"restartPolicy\":\"Always\","
            + "\"resources\":{\"requests\":{\"cpu\":1},\"limits\":{\"nvidia.com/gpu\":2}}}";
    ObjectNode spec = recording(
        "spec",
        Json.parse("{\"nodeName\":\"n\",\"hostname\":\"h\",\"priority\":5,\"schedulerName\":\"s\","
            + "\"runtimeClassName\":\"r\",\"volumes\":[],\"resources\":{\"requests\":{\"cpu\":2}},"
            + "\"overhead\":{\"cpu\":\"100m\"},\"tolerations\":[],\"affinity\":{}}"),
        read);
    ArrayNode cs = spec.putArray("containers");
    ArrayNode inits = spec.putArray("initContainers");
    for (int i = 0; i < 2; i++) {
      cs.add(recording("container", Json.parse(container), read));
      inits.add(recording("init", Json.parse(container), read));
    }
    PodResources.perPod(spec);
    assertThat(read)
        .as("fields perPod reads: PodResourcesMemo must compare every one of them")
        .isSubsetOf(
            "spec:containers",
            "spec:initContainers",
            "spec:resources",
            "spec:overhead",
            "container:resources",
            "init:resources",
            "init:restartPolicy");
    assertThat(read).contains("spec:containers", "container:resources", "init:restartPolicy");
  }
}
