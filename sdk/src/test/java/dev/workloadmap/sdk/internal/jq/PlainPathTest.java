package dev.workloadmap.sdk.internal.jq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.sdk.jq.JqEvaluationException;
import dev.workloadmap.sdk.jq.JqInput;
import dev.workloadmap.sdk.jq.JqOptions;
import dev.workloadmap.sdk.jq.JqResultLimitException;
import dev.workloadmap.sdk.jq.JqValues;
import dev.workloadmap.sdk.testing.Json;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Unit tests of the plain-path fast path: which expressions take it, what it gives on the canonical input, and where
 * it leaves the expression to the engine. {@code JqDifferentialTest} compares the same shapes with gojq end to end.
 */
class PlainPathTest {

  static final String INPUT =
      "{\"z\":{\"b\":2.0,\"a\":1},\"list\":[{\"y\":1,\"x\":[3,4]},null,\"s\"],\"n\":null,\"s\":\"text\",\"num\":5}";

  private static List<String> fast(String expression, String input) {
    PlainPath p = PlainPath.of(expression);
    assertThat(p).as("plain path: %s", expression).isNotNull();
    List<JsonNode> out = p.apply(JqInput.of(Json.parse(input)).node(), 1000);
    return out == null ? null : out.stream().map(JqValues::toCompactJson).toList();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        ".",
        ".a",
        ".a.b",
        ".\"a-b\"",
        ".a[\"x\"]",
        ".[\"x\"].y",
        ".a[0]",
        ".a[12].b",
        ".a[]",
        ".a[]?",
        ".a?.b",
        ".a[]?.b[]",
        ".a | # comment\n.b" /* not plain: a pipe */
      })
  void recognisesFieldsIndexesIterationAndOptional(String expression) {
    boolean pipe = expression.contains("|");
    assertThat(PlainPath.of(expression) != null).as(expression).isEqualTo(!pipe);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        ".a | .b",
        ".a // 1",
        ".[-1]",
        ".[1.5]",
        ".[1e2]",
        ".[\"\\(.k)\"]",
        ".[@base64 \"x\"]",
        ".a[1:2]",
        "..",
        "$x",
        ".a[.i]",
        "(.a).b",
        ".a.b == 1",
        "[.a]",
        "1",
        "\"s\"",
        ".[1234567890]",
        ".a[",
        ""
      })
  void rejectsEverythingElse(String expression) {
    assertThat(PlainPath.of(expression)).as(expression).isNull();
  }

  @Test
  void theTextFilterKeepsQuotedKeysAndRulesOutOperatorsBeforeParsing() {
    assertThat(PlainPath.mayBePlain(".metadata.labels[\"jobset.sigs.k8s.io/replicatedjob-name\"]"))
        .isTrue();
    assertThat(PlainPath.mayBePlain(".a[\"x \\\" | y\"]")).isTrue();
    assertThat(PlainPath.of(".a[\"x \\\" | y\"]")).isNotNull();
    assertThat(PlainPath.mayBePlain(".a | .b")).isFalse();
    assertThat(PlainPath.mayBePlain(".a//1")).isFalse();
    assertThat(PlainPath.mayBePlain(".a[\"unterminated")).isFalse();
    assertThat(PlainPath.mayBePlain("x")).isFalse();
  }

  @Test
  void walksTheKeySortedInput() {
    assertThat(fast(".z", INPUT)).containsExactly("{\"a\":1,\"b\":2}");
    assertThat(fast(".z[]", INPUT)).containsExactly("1", "2");
    assertThat(fast(".[]", "{\"b\":1,\"a\":2,\"c\":{\"e\":1,\"d\":0}}"))
        .containsExactly("2", "1", "{\"d\":0,\"e\":1}");
    assertThat(fast(".list[0].x[]", INPUT)).containsExactly("3", "4");
    assertThat(fast(".list[0][\"x\"][1]", INPUT)).containsExactly("4");
  }

  @Test
  void missingFieldsNullsAndOutOfRangeIndexesGiveNull() {
    assertThat(fast(".missing", INPUT)).containsExactly("null");
    assertThat(fast(".missing.deeper[3].x", INPUT)).containsExactly("null");
    assertThat(fast(".n.a", INPUT)).containsExactly("null");
    assertThat(fast(".list[1].a", INPUT)).containsExactly("null");
    assertThat(fast(".list[9]", INPUT)).containsExactly("null");
    assertThat(fast(".a", "null")).containsExactly("null");
    assertThat(fast(".", "{}")).containsExactly("{}");
  }

  @Test
  void leavesEveryShapeWhereJqFailsToTheEngine() {
    assertThat(fast(".s.a", INPUT)).isNull(); // index a string
    assertThat(fast(".num[0]", INPUT)).isNull(); // index a number
    assertThat(fast(".z[0]", INPUT)).isNull(); // index an object with a number
    assertThat(fast(".list[\"a\"]", INPUT)).isNull(); // index an array with a string
    assertThat(fast(".n[]", INPUT)).isNull(); // iterate null
    assertThat(fast(".s[]?", INPUT)).isNull(); // iterate a string: ? is the engine's business
    assertThat(fast(".list[].y", INPUT)).isNull(); // the third element is a string
  }

  @Test
  void leavesTooManyResultsToTheEngine() {
    PlainPath p = PlainPath.of(".[]");
    JsonNode input = JqInput.of(Json.parse("[1,2,3]")).node();
    assertThat(p.apply(input, 3)).hasSize(3);
    assertThat(p.apply(input, 2)).isNull();
  }

  @Test
  void theEngineGivesTheSameAnswersWithAndWithoutTheFastPath() {
    JacksonJqEngine engine = new JacksonJqEngine(JqOptions.defaults());
    JqInput in = JqInput.of(Json.parse(INPUT));
    assertThat(JqValues.toCompactJson(engine.compile(".z").apply(in).get(0)))
        .isEqualTo("{\"a\":1,\"b\":2}");
    assertThat(engine.compile(".list[].y?").apply(in)).hasSize(2);
    assertThat(engine.compile(".s[]?").apply(in)).isEmpty();
    assertThatThrownBy(() -> engine.compile(".s.a").apply(in))
        .isInstanceOf(JqEvaluationException.class)
        .hasMessageContaining("string");
    assertThatThrownBy(() -> engine.compile(".n[]").apply(in))
        .isInstanceOf(JqEvaluationException.class)
        .hasMessageContaining("null");
    JacksonJqEngine two = new JacksonJqEngine(JqOptions.defaults().withMaxResults(2));
    assertThatThrownBy(() -> two.compile(".[]").apply(JqInput.of(Json.parse("[1,2,3]"))))
        .isInstanceOf(JqResultLimitException.class);
  }

  @Test
  void resultsAreSharedWithTheCanonicalInputNotCopied() {
    JqInput in = JqInput.of(Json.parse(INPUT));
    JsonNode z = PlainPath.of(".z").apply(in.node(), 10).get(0);
    assertThat(z).isSameAs(in.node().get("z"));
    assertThat(z).isInstanceOf(ObjectNode.class);
    assertThatThrownBy(() -> ((ObjectNode) z).put("c", 3))
        .isInstanceOf(UnsupportedOperationException.class);
  }
}
