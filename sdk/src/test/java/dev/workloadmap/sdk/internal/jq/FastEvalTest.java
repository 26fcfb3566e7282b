package dev.workloadmap.sdk.internal.jq;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.jq.JqInput;
import dev.workloadmap.sdk.jq.JqOptions;
import dev.workloadmap.sdk.jq.JqValues;
import dev.workloadmap.sdk.testing.Json;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Unit tests of the compiled evaluator for the boolean and arithmetic subset: which expressions it takes, that it
 * gives the engine's answer where it answers, and where it gives up. {@code JqDifferentialTest} compares the same
 * shapes with gojq end to end.
 */
class FastEvalTest {

  static final String INPUT =
      "{\"spec\":{\"suspend\":false,\"jobs\":[{\"replicas\":3,\"p\":2,\"c\":4},{\"p\":null}]},"
          + "\"status\":{\"conditions\":[{\"type\":\"Suspended\",\"status\":\"False\"}],"
          + "\"rs\":[{\"active\":0,\"ready\":2},{}],\"restarts\":0,\"terminalState\":null},"
          + "\"b\":true,\"f\":1.5,\"big\":9007199254740993,\"s\":\"h\\u00e9\",\"e\":\"\\ud83d\\ude00\",\"o\":{\"k\":1}}";

  private static final JacksonJqEngine ENGINE = new JacksonJqEngine(JqOptions.defaults());

  private static List<String> fast(String expression) {
    FastEval f = FastEval.of(expression);
    assertThat(f).as("handled: %s", expression).isNotNull();
    List<JsonNode> out = f.apply(JqInput.of(Json.parse(INPUT)).node(), 1000);
    return out == null ? null : out.stream().map(JqValues::toCompactJson).toList();
  }

  private static List<String> engine(String expression) {
    return ENGINE.applyInEngine(expression, JqInput.of(Json.parse(INPUT))).stream()
        .map(JqValues::toCompactJson)
        .toList();
  }

  /** The JobSet catalog entry's status matchers and replicas expression: all on the fast path. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "any(.status.conditions[]?; .type == \"Suspended\" and .status == \"True\") and (.spec.suspend == true | not)",
        "((.status.rs // []) | length > 0) and all(.status.rs[]?; (.active // 0) == 0 and (.ready // 0) == 0)",
        "((.status.restarts // 0) > 0) and (.spec.suspend == true | not) and ((.status.terminalState // \"\") == \"\")",
        ".spec.jobs[] | (.replicas // 1) * ([(.p // 1), (.c // (.p // 1))] | min)",
        "[.spec.jobs[] | select(.replicas != null) | .replicas + 1, .p - 1]",
        "if .b then 1 elif .x then 2 else 3 end, (.x | length), (.o | length), (.s | length), (.spec.jobs[0].replicas | length)",
        "[.spec.jobs[0].replicas, .spec.jobs[0].p] | max, min, ([] | min)",
        "null < false, false < true, true < 0, 0 < \"\", \"a\" < \"b\", \"b\" <= \"a\", 1 == 1, 2 != 2, (.x >= null)",
        "(.x // false // 7), (false // .x), (.b // 1), (empty // 2), ([.spec.jobs[].p] | length)",
        "(false and (.b | length)), (true or .s.x), (.spec.jobs[] | .p) , (1, 2 | . * 10)",
        // [single, single, ...] | min/max without the array: the first least, the last greatest
        "[.spec.jobs[0].replicas, .spec.jobs[0].p, .spec.jobs[0].c] | max",
        "[.spec.jobs[0].c, (.x // 2), .spec.jobs[0].p] | min",
        "([.spec.jobs[0].p, 2] | max), ([2, .spec.jobs[0].p] | min)",
        ".spec.jobs[0] | [(.p // 1), (.c // (.p // 1))] | min"
      })
  void answersLikeTheEngine(String expression) {
    assertThat(fast(expression)).as(expression).isNotNull().isEqualTo(engine(expression));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        ".b | length",
        ".f + 1",
        ".big == 1",
        ".f < 2",
        ".e < \"a\"",
        ".o == .o",
        "[1] < [2]",
        ".s.x",
        ".b[0]",
        ".s[]",
        "(1, 2) + (10, 20)",
        "[.spec.jobs[] | .p] | min",
        "true and (.b | length)",
        ".spec.jobs[0].replicas * 100000000 * 100000000",
        "[.f, 1] | min",
        "[1, .s] | max",
        "[.spec.jobs[0].p, .x] | min"
      })
  void givesUpWhereTheOutcomeIsNotCertain(String expression) {
    assertThat(fast(expression)).as(expression).isNull();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "def f: 1; f",
        ".a as $x | $x",
        "reduce .[] as $x (0; . + $x)",
        "try .a catch 1",
        ".a / 2",
        ".a % 2",
        "-1",
        "1.5",
        ".[-1]",
        ".a[1:]",
        "\"\\(.a)\"",
        "{a: 1}",
        "range(0; 1000000000000)",
        "if .a then 1 end",
        "..",
        "length(1)",
        ".a |= 1"
      })
  void rejectsEverythingElse(String expression) {
    assertThat(FastEval.of(expression)).as(expression).isNull();
  }

  @Test
  void aResultOverTheLimitOrALongRunGivesUp() {
    JsonNode in = JqInput.of(Json.parse(INPUT)).node();
    assertThat(FastEval.of("1, 2, 3").apply(in, 2)).isNull();
    assertThat(FastEval.of("1, 2, 3").apply(in, 3)).hasSize(3);
    assertThat(FastEval.of("1").apply(in, 0)).isNull();
    String row = "[" + "0,".repeat(399) + "0]";
    JsonNode grid =
        JqInput.of(Json.parse("[" + (row + ",").repeat(399) + row + "]")).node();
    // 400 x 400 steps: past the step limit, left to the engine and its budget
    assertThat(FastEval.of("any(.[]; any(.[]; . == 1))").apply(grid, 1000)).isNull();
    assertThat(FastEval.of("any(.[]; any(.[0:1][]; . == 1))")).isNull();
    assertThat(FastEval.of("any(.[0][]; . == 1)").apply(grid, 1000)).hasSize(1);
  }

  /** Every comparison operator over every pair of scalar ranks, on the sorted tree and on the caller's tree. */
  @Test
  void comparisonsAgreeWithTheEngineForEveryOperatorAndRank() {
    List<String> values = List.of(
        "null",
        "false",
        "true",
        "0",
        "2",
        "7",
        "\"\"",
        "\"a\"",
        "\"b\"",
        ".spec.jobs[0].p",
        ".status.terminalState",
        ".b",
        ".x");
    for (String l : values) {
      for (String r : values) {
        String expression = "[(" + l + " == " + r + "), (" + l + " != " + r + "), (" + l + " < " + r
            + "), (" + l + " <= " + r + "), (" + l + " > " + r + "), (" + l + " >= " + r + ")]";
        assertThat(fast(expression)).as(expression).isNotNull().isEqualTo(engine(expression));
        List<JsonNode> unsorted =
            FastEval.of(expression).apply(JqInput.of(Json.parse(INPUT)), 1000);
        assertThat(unsorted).as(expression).isNotNull();
        assertThat(unsorted.stream().map(JqValues::toCompactJson).toList())
            .as(expression)
            .isEqualTo(engine(expression));
      }
    }
  }

  /** Results on the caller's tree: scalars as they are, numbers and objects in the canonical form. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        ".s, .b, .x, (.spec.suspend | not), .status.terminalState",
        ".spec.jobs[0].replicas, (.spec.jobs[0].p // 1), .o, .spec.jobs[], .spec.jobs[0].p + 1"
      })
  void resultsOnTheCallersTreeAreCanonical(String expression) {
    String unordered =
        "{\"o\":{\"z\":1,\"k\":[2,{\"b\":1,\"a\":2}]},\"s\":\"h\",\"b\":true,\"x\":null,"
            + "\"spec\":{\"suspend\":false,\"jobs\":[{\"replicas\":3,\"p\":2},{\"q\":1,\"p\":null}]},"
            + "\"status\":{\"terminalState\":\"\"}}";
    List<JsonNode> out = FastEval.of(expression).apply(JqInput.of(Json.parse(unordered)), 1000);
    assertThat(out).isNotNull();
    List<String> expected =
        ENGINE.applyInEngine(expression, JqInput.of(Json.parse(unordered))).stream()
            .map(JqValues::toCompactJson)
            .toList();
    assertThat(out.stream().map(JqValues::toCompactJson).toList()).isEqualTo(expected);
  }

  /** A node that is neither null, boolean, number, string, array nor object (binary, POJO) has no jq order. */
  @Test
  void aNodeOutsideJsonGivesUp() {
    com.fasterxml.jackson.databind.node.ObjectNode in =
        com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
    in.set("bin", com.fasterxml.jackson.databind.node.BinaryNode.valueOf(new byte[] {1}));
    in.set(
        "pojo",
        com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.pojoNode(new Object()));
    in.put("n", 1);
    for (String e : List.of(".bin == 1", ".n < .bin", ".pojo != null", "[.n, .pojo] | min")) {
      assertThat(FastEval.of(e).apply(in, 10)).as(e).isNull();
    }
    assertThat(FastEval.of(".n == 1").apply(in, 10))
        .containsExactly(com.fasterxml.jackson.databind.node.BooleanNode.TRUE);
    // a value outside JSON is still truthy, as jq (and the engine) read anything but null and false
    assertThat(FastEval.of(".bin | not").apply(in, 10))
        .containsExactly(com.fasterxml.jackson.databind.node.BooleanNode.FALSE);
  }

  /**
   * A plain path under {@code ?} on every JSON shape, on the sorted tree and on the caller's tree: where the evaluator
   * answers it gives the engine's answer (an error of the path is no output, as {@code try} gives), and it answers the
   * shapes a workload without a status has, which used to go to the engine.
   */
  @Test
  void optionalPathsAnswerLikeTheEngineOnEveryShape() {
    List<String> inputs = List.of(
        "null",
        "{}",
        "{\"a\":null}",
        "{\"a\":\"s\"}",
        "{\"a\":5}",
        "{\"a\":true}",
        "{\"a\":[1,{\"b\":2}]}",
        "{\"a\":{\"b\":null}}",
        "{\"a\":{\"b\":7}}",
        "{\"a\":{\"b\":[1,2]}}",
        "{\"a\":{\"b\":{\"y\":1,\"x\":2}}}",
        "{\"a\":{\"b\":\"xyz\"}}",
        "[1,2]",
        "\"str\"",
        "3");
    List<String> expressions = List.of(
        "[.a.b[]?]",
        "[.a[]?]",
        "[.[]?]",
        "[.a.b?]",
        "[.a[0]?]",
        "[.a.b[0]?]",
        "[.a[\"b\"][]?]",
        "[(.a).b[]?]",
        "any(.a.b[]?; . == 2)",
        "all(.a[]?; . != null)",
        "[(.a.b[]?), 9]",
        "[.a[1].b?]",
        "[.a[]? | .b?]");
    int answered = 0;
    int errors = 0;
    for (String input : inputs) {
      for (String expression : expressions) {
        FastEval f = FastEval.of(expression);
        assertThat(f).as("handled: %s", expression).isNotNull();
        List<String> expected;
        try {
          expected = ENGINE.applyInEngine(expression, JqInput.of(Json.parse(input))).stream()
              .map(JqValues::toCompactJson)
              .toList();
        } catch (dev.workloadmap.sdk.jq.JqException e) {
          // an error before the last suffix: the ? does not cover it, so the evaluator must leave
          // it to the engine
          assertThat(f.apply(JqInput.of(Json.parse(input)).node(), 1000))
              .as("%s on %s", expression, input)
              .isNull();
          assertThat(f.apply(JqInput.of(Json.parse(input)), 1000))
              .as("%s on the caller's tree of %s", expression, input)
              .isNull();
          errors++;
          continue;
        }
        List<JsonNode> sorted = f.apply(JqInput.of(Json.parse(input)).node(), 1000);
        if (sorted != null) {
          answered++;
          assertThat(sorted.stream().map(JqValues::toCompactJson).toList())
              .as("%s on %s", expression, input)
              .isEqualTo(expected);
        }
        List<JsonNode> unsorted = f.apply(JqInput.of(Json.parse(input)), 1000);
        if (unsorted != null) {
          assertThat(unsorted.stream().map(JqValues::toCompactJson).toList())
              .as("%s on the caller's tree of %s", expression, input)
              .isEqualTo(expected);
        }
      }
    }
    // everything but an index of a string (the engine's: the reference indexes strings) is answered
    // here
    assertThat(errors).isPositive();
    assertThat(answered).isGreaterThan((inputs.size() * expressions.size() - errors) * 9 / 10);
    JsonNode noStatus = JqInput.of(Json.parse("{\"spec\":{\"suspend\":true}}")).node();
    for (String matcher : List.of(
        "any(.status.conditions[]?; .type == \"Suspended\" and .status == \"True\") and (.spec.suspend == true | not)",
        ".spec.suspend == true and (any(.status.conditions[]?; .type == \"Suspended\" and .status == \"True\") | not)",
        "any(.status.replicatedJobsStatus[]?; (.active // 0) > 0 or (.ready // 0) > 0)",
        "all(.status.replicatedJobsStatus[]?; (.active // 0) == 0)")) {
      assertThat(FastEval.of(matcher).apply(noStatus, 10)).as(matcher).isNotNull();
    }
    // a string index and a node outside JSON under ? still go to the engine
    assertThat(FastEval.of("[.a[0]?]")
            .apply(JqInput.of(Json.parse("{\"a\":\"xyz\"}")).node(), 10))
        .isNull();
    com.fasterxml.jackson.databind.node.ObjectNode pojo =
        com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
    pojo.set(
        "a", com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.pojoNode(new Object()));
    assertThat(FastEval.of("[.a.b[]?]").apply(pojo, 10)).isNull();
    assertThat(FastEval.of("[.a[]?]").apply(pojo, 10)).isNull();
  }

  /**
   * The nodes' keys spell literals and field names as {@code JsonNode.toString()} does, without making Jackson's
   * internal mapper: every control character, quote, backslash, DEL, non-ASCII and lone surrogate, and the literal
   * kinds the parser makes.
   */
  @Test
  void jsonTextIsToString() {
    StringBuilder all = new StringBuilder();
    for (char c = 0; c < 0x100; c++) {
      all.append(c);
      String one = String.valueOf(c);
      assertThat(FastEval.quoted(one))
          .as("U+%04X", (int) c)
          .isEqualTo(com.fasterxml.jackson.databind.node.TextNode.valueOf(one).toString());
    }
    for (String s : List.of(
        "",
        "a",
        all.toString(),
        "h\u00e9 \u2028\u2029",
        "\ud83d\ude00",
        "\ud83d",
        "\ude00x",
        "a\"b\\c/d")) {
      assertThat(FastEval.quoted(s))
          .isEqualTo(com.fasterxml.jackson.databind.node.TextNode.valueOf(s).toString());
    }
    for (JsonNode v : List.of(
        com.fasterxml.jackson.databind.node.IntNode.valueOf(0),
        com.fasterxml.jackson.databind.node.IntNode.valueOf(-2147483648),
        com.fasterxml.jackson.databind.node.LongNode.valueOf(9007199254740993L),
        com.fasterxml.jackson.databind.node.BooleanNode.TRUE,
        com.fasterxml.jackson.databind.node.BooleanNode.FALSE,
        com.fasterxml.jackson.databind.node.NullNode.getInstance(),
        com.fasterxml.jackson.databind.node.TextNode.valueOf("Suspended\n"),
        Json.parse("[1,\"a\"]"),
        Json.parse("1.5"))) {
      assertThat(FastEval.jsonText(v)).isEqualTo(v.toString());
    }
  }
}
