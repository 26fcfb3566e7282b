package dev.workloadmap.sdk.internal.jq;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.jq.JqInput;
import dev.workloadmap.sdk.jq.JqOptions;
import dev.workloadmap.sdk.jq.JqProgram;
import dev.workloadmap.sdk.jq.JqValues;
import dev.workloadmap.sdk.testing.Json;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The single-result read of a plain path ({@link PlainPath#one}, {@link OneResult}, issue 17): where it answers, the
 * answer is the one result {@link JqProgram#apply} gives, on the caller's key order and on the sorted form, and the
 * same node; where {@code apply} would give several results, none, an error, or go to the engine, it gives null so the
 * caller asks {@code apply}.
 */
class OneResultTest {

  /** Keys out of order, a 2.0 the canonical form makes 2, nested objects, an array, null, a string and a number. */
  static final String INPUT =
      "{\"z\":{\"b\":2.0,\"a\":1},\"list\":[{\"y\":1,\"x\":[3,4]},null,\"s\"],"
          + "\"n\":null,\"s\":\"text\",\"num\":5,\"metadata\":{\"labels\":{\"k.io/x\":\"v\",\"e\":\"\"}}}";

  private static final JacksonJqEngine ENGINE = new JacksonJqEngine(JqOptions.defaults());

  @ParameterizedTest
  @ValueSource(
      strings = {
        ".",
        ".z",
        ".z.b",
        ".z.a",
        ".list",
        ".list[0]",
        ".list[0].x",
        ".list[0].x[1]",
        ".list[1].a",
        ".list[9]",
        ".missing",
        ".missing.deeper[3].x",
        ".n.a",
        ".s",
        ".num",
        ".metadata.labels[\"k.io/x\"]",
        ".metadata.labels[\"e\"]",
        ".metadata.labels.absent",
        ".z?.b",
        ".\"z\".a"
      })
  void givesTheSingleResultOfApplyOnEitherKeyOrder(String expression) {
    JsonNode node = Json.parse(INPUT);
    JqProgram p = ENGINE.compile(expression);
    JqInput fresh = JqInput.of(node);
    JsonNode one = OneResult.of(p, fresh);
    assertThat(one).as(expression).isNotNull();
    assertThat(fresh.sortedIfMade()).as("no sorted copy made").isNull();
    List<JsonNode> all = p.apply(JqInput.of(node));
    assertThat(all).hasSize(1);
    assertThat(JqValues.toCompactJson(one)).isEqualTo(JqValues.toCompactJson(all.get(0)));
    assertThat(one).isEqualTo(all.get(0));
    JqInput sorted = JqInput.of(node);
    sorted.node();
    JsonNode onSorted = OneResult.of(p, sorted);
    assertThat(onSorted).isEqualTo(all.get(0));
    assertThat(onSorted).isEqualTo(p.apply(sorted).get(0));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        ".s.a", // index a string: the engine's error
        ".num[0]",
        ".z[0]",
        ".list[\"a\"]",
        ".z[]", // iteration: any number of results
        ".list[0].x[]",
        ".n[]",
        ".s[]?",
        ".z.b == 2", // not a plain path
        ".z.a + 1",
        "[.z]"
      })
  void leavesEverythingElseToApply(String expression) {
    JqInput in = JqInput.of(Json.parse(INPUT));
    assertThat(OneResult.of(ENGINE.compile(expression), in)).as(expression).isNull();
    in.node();
    assertThat(OneResult.of(ENGINE.compile(expression), in)).as(expression).isNull();
  }

  @Test
  void readsTheCanonicalFormOfTheResult() {
    // 2.0 is 2 in the reference's form: a wrong fast path would render "2.0"
    JqInput in = JqInput.of(Json.parse(INPUT));
    JsonNode b = OneResult.of(ENGINE.compile(".z.b"), in);
    assertThat(JqValues.render(b)).isEqualTo("2");
    assertThat(b.isIntegralNumber()).isTrue();
    // an object result has its keys in code-point order, as the sorted form holds it
    assertThat(JqValues.toCompactJson(OneResult.of(ENGINE.compile(".z"), in)))
        .isEqualTo("{\"a\":1,\"b\":2}");
    // a missing field reads as null, not as a missing node
    assertThat(OneResult.of(ENGINE.compile(".missing"), in).isNull()).isTrue();
  }

  @Test
  void aValueOfTheCallersTreeIsSharedNotCopied() {
    JsonNode node = Json.parse(INPUT);
    JsonNode v = OneResult.of(ENGINE.compile(".metadata.labels[\"k.io/x\"]"), JqInput.of(node));
    assertThat(v).isSameAs(node.get("metadata").get("labels").get("k.io/x"));
  }

  @Test
  void noAnswerFromAProgramOfAnotherEngine() {
    JqInput in = JqInput.of(Json.parse(INPUT));
    assertThat(PlainPath.of(".s").one(in, 0))
        .isNull(); // no room for a result (JqOptions never allows 0)
    JqProgram wrapped = new JqProgram() {
      @Override
      public String expression() {
        return ".s";
      }

      @Override
      public List<JsonNode> apply(JqInput input) {
        return ENGINE.compile(".s").apply(input);
      }
    };
    assertThat(OneResult.of(wrapped, in)).isNull();
  }

  @Test
  void anInterruptedThreadGoesToApply() {
    JqInput in = JqInput.of(Json.parse(INPUT));
    Thread.currentThread().interrupt();
    try {
      assertThat(OneResult.of(ENGINE.compile(".s"), in)).isNull();
    } finally {
      Thread.interrupted();
    }
    assertThat(OneResult.of(ENGINE.compile(".s"), in)).isNotNull();
  }
}
