package dev.workloadmap.sdk.internal.jq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.sdk.jq.JqInput;
import dev.workloadmap.sdk.jq.JqOptions;
import dev.workloadmap.sdk.testing.Json;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link SortedKeys#lazyCanonical}: a plain path's object result is the canonical form, made only when something
 * reads it (issue 17). To every reader it is the object {@link SortedKeys#canonical} makes; until then it has copied
 * nothing.
 */
class LazyCanonicalTest {

  /** Keys out of code-point order at two levels, a 2.0 that the canonical form makes the integer 2. */
  static final String UNSORTED =
      "{\"spec\":{\"z\":[{\"b\":1,\"a\":2.0}],\"c\":\"x\",\"y\":{\"q\":[1,2,3]}},"
          + "\"metadata\":{\"labels\":{\"r\":\"w\",\"a\":\"t\"}}}";

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private static List<String> names(JsonNode n) {
    List<String> out = new ArrayList<>();
    n.fieldNames().forEachRemaining(out::add);
    return out;
  }

  @Test
  void readsAsTheCanonicalFormAndCopiesNothingUntilRead() throws Exception {
    JsonNode source = Json.parse(UNSORTED);
    JsonNode eager = SortedKeys.canonical(source);
    JsonNode lazy = SortedKeys.lazyCanonical(source);
    assertThat(lazy).isInstanceOf(LazyCanonical.class);
    assertThat(lazy.isObject()).isTrue();
    assertThat(lazy.size()).isEqualTo(2);
    assertThat(((LazyCanonical) lazy).made()).as("type and size read nothing").isFalse();
    assertThat(SortedKeys.source(lazy)).isSameAs(source);

    assertThat(lazy.toString()).isEqualTo(eager.toString());
    assertThat(((LazyCanonical) lazy).made()).isTrue();
    assertThat(names(lazy)).containsExactly("metadata", "spec").isEqualTo(names(eager));
    assertThat(names(lazy.get("spec"))).containsExactly("c", "y", "z");
    assertThat(lazy.at("/spec/z/0/a").isInt()).as("2.0 is the integer 2").isTrue();
    assertThat(lazy).isEqualTo(eager);
    assertThat(eager).isEqualTo(lazy);
    assertThat(lazy.hashCode()).isEqualTo(eager.hashCode());
    assertThat(lazy.deepCopy().toString()).isEqualTo(eager.toString());
    assertThat(MAPPER.writeValueAsString(lazy)).isEqualTo(MAPPER.writeValueAsString(eager));
    assertThat(lazy.path("missing").isMissingNode()).isTrue();
    assertThat(lazy.has("spec")).isTrue();
    // already canonical: preparing it as an input copies nothing more
    assertThat(JqInput.of(lazy).node()).isSameAs(lazy);
  }

  @Test
  void writingWritesToTheCanonicalFormAsBefore() {
    // the canonical form of an unsorted object is an immutable copy: writing fails, as it did on
    // the eager copy
    JsonNode unsorted = Json.parse(UNSORTED);
    ObjectNode eager = (ObjectNode) SortedKeys.canonical(unsorted);
    ObjectNode lazy = (ObjectNode) SortedKeys.lazyCanonical(unsorted);
    assertThatThrownBy(() -> eager.put("x", 1)).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> lazy.put("x", 1)).isInstanceOf(UnsupportedOperationException.class);
    // an object already canonical is its own canonical form: writing reaches it, as it did before
    ObjectNode sorted = (ObjectNode) Json.parse("{\"a\":1,\"b\":{\"c\":2}}");
    ObjectNode lazySorted = (ObjectNode) SortedKeys.lazyCanonical(sorted);
    lazySorted.put("c", 3);
    lazySorted.remove("a");
    assertThat(sorted.toString()).isEqualTo("{\"b\":{\"c\":2},\"c\":3}");
    assertThat(lazySorted.toString()).isEqualTo(sorted.toString());
  }

  @Test
  void plainPathsReturnItForObjectResultsOfAnUnsortedInput() {
    JacksonJqEngine engine = new JacksonJqEngine(JqOptions.defaults());
    JsonNode source = Json.parse(UNSORTED);
    JqInput fresh = JqInput.of(source);
    JsonNode spec = engine.compile(".spec").apply(fresh).get(0);
    JsonNode labels = engine.compile(".metadata.labels").apply(fresh).get(0);
    assertThat(fresh.sortedIfMade()).as("the input was not sorted").isNull();
    assertThat(((LazyCanonical) spec).made()).isFalse();
    assertThat(SortedKeys.source(spec)).isSameAs(source.get("spec"));
    JqInput sortedFirst = JqInput.of(source);
    sortedFirst.node();
    assertThat(spec.toString())
        .isEqualTo(engine.compile(".spec").apply(sortedFirst).get(0).toString())
        .isEqualTo(engine.applyInEngine(".spec", JqInput.of(source)).get(0).toString());
    assertThat(labels.toString()).isEqualTo("{\"a\":\"t\",\"r\":\"w\"}");
    // scalars and arrays are canonical as before, and an empty object is itself
    assertThat(engine.compile(".spec.c").apply(fresh).get(0).textValue()).isEqualTo("x");
    assertThat(engine.compile(".spec.z").apply(fresh).get(0).toString())
        .isEqualTo("[{\"a\":2,\"b\":1}]");
    assertThat(SortedKeys.lazyCanonical(Json.parse("{}"))).isNotInstanceOf(LazyCanonical.class);
    // a small object is made canonical at once, as before: one already canonical is itself
    JsonNode small = Json.parse("{\"a\":{\"b\":[1,2],\"c\":\"x\"}}").get("a");
    assertThat(SortedKeys.lazyCanonical(small)).isSameAs(small);
    assertThat(labels).isNotInstanceOf(LazyCanonical.class);
  }
}
