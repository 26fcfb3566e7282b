package dev.workloadmap.sdk.internal.jq;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.jq.JqInput;
import dev.workloadmap.sdk.jq.JqOptions;
import dev.workloadmap.sdk.jq.JqValues;
import dev.workloadmap.sdk.testing.Json;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Plain paths and {@link FastEval} read the caller's tree, in its own key order, until an expression needs the
 * key-sorted form (issue 17): the answers equal those on a freshly sorted input and jackson-jq's, and an input asked only
 * order-independent expressions is never sorted.
 */
class UnsortedInputTest {

  /** Keys out of code-point order at every level, a 2.0 that the canonical form makes an integer. */
  static final String INPUT =
      "{\"z\":1,\"a\":{\"y\":[{\"q\":2,\"b\":\"x\"},{\"q\":3,\"b\":\"w\"}],\"c\":2.0},"
          + "\"m\":{\"k2\":\"v2\",\"k1\":\"v1\"},\"labels\":{\"role\":\"worker\",\"app\":\"t\"}}";

  private static final JacksonJqEngine ENGINE = new JacksonJqEngine(JqOptions.defaults());

  private static List<String> render(List<JsonNode> r) {
    return r.stream().map(JqValues::render).toList();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        ".labels.role",
        ".labels[\"app\"]",
        ".a.y[].b",
        ".a.y[1].q",
        ".a",
        ".m",
        ".m[]",
        ".a.c",
        ".missing.x",
        ".a.y[0]",
        ".labels.role == \"worker\"",
        "(.a.y | length) + 1",
        "[.a.y[].q] | max",
        "any(.m[]; . == \"v1\")",
        "all(.a.y[]; .q > 1)",
        ".a.c == 2",
        "if .z == 1 then .m else .a end",
        ".z // 5"
      })
  void givesTheAnswerOfTheSortedInputAndOfJacksonJq(String expression) {
    JsonNode node = Json.parse(INPUT);
    List<String> onFresh = render(ENGINE.compile(expression).apply(JqInput.of(node)));
    JqInput sortedFirst = JqInput.of(node);
    sortedFirst.node();
    assertThat(onFresh)
        .isEqualTo(render(ENGINE.compile(expression).apply(sortedFirst)))
        .isEqualTo(render(ENGINE.applyInEngine(expression, JqInput.of(node))));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {".labels.role", ".a.y[].b", ".labels.role == \"worker\"", "(.a.y | length) + 1"})
  void orderIndependentExpressionsLeaveTheInputUnsorted(String expression) {
    JqInput in = JqInput.of(Json.parse(INPUT));
    ENGINE.compile(expression).apply(in);
    assertThat(in.sortedIfMade()).isNull();
  }

  @ParameterizedTest
  @ValueSource(strings = {".m[]", "any(.m[]; . == \"v1\")"})
  void iteratingAnObjectReadsTheSortedForm(String expression) {
    JqInput in = JqInput.of(Json.parse(INPUT));
    ENGINE.compile(expression).apply(in);
    assertThat(in.sortedIfMade()).isNotNull();
  }
}
