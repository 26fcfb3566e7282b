package dev.workloadmap.sdk.jq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.sdk.spi.JqEngine;
import dev.workloadmap.sdk.testing.Json;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link JqInput} and key order (docs/format.md#jq-engines-differ, docs/format.md#decision-c): expressions see every
 * object with its keys in code-point order, as the reference engine does; results come out with sorted keys;
 * preparation shares what is already sorted.
 */
class JqInputTest {

  static final String UNSORTED =
      "{\"spec\":{\"services\":{\"web\":{\"replicas\":2.0},\"api\":{\"replicas\":1},\"db\":{\"replicas\":0}}},"
          + "\"kind\":\"X\",\"apiVersion\":\"v1\"}";

  private final JqEngine engine = Jq.defaultEngine();

  private List<String> eval(String expression, JsonNode input) {
    return Json.compact(engine.compile(expression).apply(JqInput.of(input)));
  }

  @Test
  void objectIterationFollowsSortedKeys() {
    JsonNode input = Json.parse(UNSORTED);
    assertThat(eval("keys", input)).containsExactly("[\"apiVersion\",\"kind\",\"spec\"]");
    assertThat(eval(".spec.services | to_entries[] | .key", input))
        .containsExactly("\"api\"", "\"db\"", "\"web\"");
    assertThat(eval(".spec.services | .[] | .replicas", input)).containsExactly("1", "0", "2");
    assertThat(eval("[.spec.services | keys[]] == [.spec.services | to_entries[] | .key]", input))
        .containsExactly("true");
    assertThat(eval("[paths | join(\"/\")] | .[0:3]", input))
        .containsExactly("[\"apiVersion\",\"kind\",\"spec\"]");
    assertThat(eval("[.. | strings]", input)).containsExactly("[\"v1\",\"X\"]");
    assertThat(eval(".spec | tostring", input))
        .containsExactly(
            "\"{\\\"services\\\":{\\\"api\\\":{\\\"replicas\\\":1},\\\"db\\\":{\\\"replicas\\\":0},"
                + "\\\"web\\\":{\\\"replicas\\\":2}}}\"");
  }

  @Test
  void objectsBuiltByTheExpressionAreSortedWhereTheBindingCanReachThem() {
    JsonNode input = Json.parse("null");
    assertThat(eval("{b: 1, a: 2} | to_entries | map(.key)", input))
        .containsExactly("[\"a\",\"b\"]");
    assertThat(eval("{b: 1, a: 2} | tostring", input))
        .containsExactly("\"{\\\"a\\\":2,\\\"b\\\":1}\"");
    assertThat(eval("{b: 1, a: 2} | [paths[0]]", input)).containsExactly("[\"a\",\"b\"]");
    assertThat(eval("{b: 1, a: 2}", input)).containsExactly("{\"a\":2,\"b\":1}");
    // not reachable: `.[]` on an object the expression built keeps jackson-jq's insertion order
    // (gojq: [2,1]);
    // inputs are always sorted, so definitions are not affected
    assertThat(eval("{b: 1, a: 2} | [.[]]", input)).containsExactly("[1,2]");
  }

  @Test
  void resultsHaveSortedKeysAndIntegralNumbers() {
    JsonNode out = engine.compile(".spec").first(JqInput.of(Json.parse(UNSORTED)));
    assertThat(out.get("services").fieldNames()).toIterable().containsExactly("api", "db", "web");
    assertThat(out.at("/services/web/replicas").isIntegralNumber()).isTrue();
  }

  @Test
  void preparingASortedTreeCopiesNothing() {
    JsonNode sorted = Json.parse("{\"a\":{\"b\":[1,{\"c\":2.5}],\"d\":\"x\"},\"e\":null}");
    assertThat(JqInput.of(sorted).node()).isSameAs(sorted);
  }

  @Test
  void preparingSharesEverySortedSubtree() {
    JsonNode input = Json.parse("{\"z\":{\"big\":{\"a\":1,\"b\":[1,2,3]}},\"a\":{\"c\":1.0}}");
    JsonNode view = JqInput.of(input).node();
    assertThat(view).isNotSameAs(input);
    assertThat(view.get("z")).isSameAs(input.get("z"));
    assertThat(view.get("a")).isNotSameAs(input.get("a"));
    assertThat(view.get("a").get("c").isIntegralNumber()).isTrue();
  }

  @Test
  void theCallersTreeIsNeverModified() {
    JsonNode input = Json.parse(UNSORTED);
    String before = input.toString();
    JqInput prepared = JqInput.of(input);
    engine.compile(".spec.services |= map_values(.replicas += 1)").apply(prepared);
    engine.compile("to_entries").apply(prepared);
    assertThat(input.toString()).isEqualTo(before);
    assertThat(prepared.original()).isSameAs(input);
  }

  @Test
  void resultsThatAreAlreadyCanonicalAreNotCopied() {
    JqInput input = JqInput.of(Json.parse("{\"a\":{\"b\":[1,2],\"c\":\"x\"}}"));
    JsonNode a = engine.compile(".a").first(input);
    assertThat(a).isSameAs(input.node().get("a"));
  }

  @Test
  void aMissingNodeReadsAsNull() {
    assertThat(Json.compact(engine.compile(".").apply(JqInput.of(MissingNode.getInstance()))))
        .containsExactly("null");
  }

  @Test
  void nullIsRejected() {
    assertThatThrownBy(() -> JqInput.of(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("node");
  }

  @Test
  void insertionOrderOfAnOutputObjectIsSortedEvenWhenBuiltUnsorted() {
    ObjectNode out = (ObjectNode)
        engine.compile("{z: 1, m: {y: 2, b: 3}, a: 4}").first(JqInput.of(Json.parse("null")));
    assertThat(out.fieldNames()).toIterable().containsExactly("a", "m", "z");
    assertThat(out.get("m").fieldNames()).toIterable().containsExactly("b", "y");
  }
}
