package dev.workloadmap.sdk.internal.jq;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.jq.JqInput;
import dev.workloadmap.sdk.jq.JqValues;
import dev.workloadmap.sdk.testing.Json;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The compiled form of {@link FastEval} (its nodes as method handles, which hot expressions switch to) agrees with the
 * nodes evaluated one by one: the same results, and a give-up exactly where the nodes give up, for every expression
 * shape the evaluator takes, on the sorted tree and on the caller's tree, alone and in a batch ({@link
 * FastEval#ofAll}) with its memo.
 */
class FastEvalCompiledTest {

  /** Every construct the evaluator handles, the catalog's status and replica shapes, and shapes it gives up on. */
  static final List<String> EXPRESSIONS = List.of(
      "any(.status.conditions[]?; .type == \"Suspended\" and .status == \"True\") and (.spec.suspend == true | not)",
      ".spec.suspend == true and (any(.status.conditions[]?; .type == \"Suspended\" and .status == \"True\") | not)"
          + " and ((.status.terminalState // \"\") == \"\")",
      "any(.status.replicatedJobsStatus[]?; (.active // 0) > 0 or (.ready // 0) > 0)"
          + " and (.spec.suspend == true | not) and ((.status.terminalState // \"\") == \"\")"
          + " and (any(.status.conditions[]?; .status == \"True\" and (.type == \"Completed\" or .type == \"Failed\""
          + " or .type == \"Suspended\")) | not)",
      "((.status.rs // []) | length > 0) and all(.status.rs[]?; (.active // 0) == 0 and (.ready // 0) == 0)",
      "((.status.restarts // 0) > 0) and (.spec.suspend == true | not) and ((.status.terminalState // \"\") == \"\")",
      ".spec.jobs[] | (.replicas // 1) * ([(.p // 1), (.c // (.p // 1))] | min)",
      ".spec.jobs[].p",
      ".spec.jobs[].x.y",
      ".spec.jobs[0].replicas",
      "[.spec.jobs[] | select(.replicas != null) | .replicas + 1, .p - 1]",
      "if .b then 1 elif .x then 2 else 3 end",
      "(.x | length), (.o | length), (.s | length), (.spec.jobs[0].replicas | length)",
      "[.spec.jobs[0].replicas, .spec.jobs[0].p] | max, min, ([] | min)",
      "[.spec.jobs[0].replicas, .spec.jobs[0].p, .spec.jobs[0].c] | max",
      "[.spec.jobs[0].c, (.x // 2), .spec.jobs[0].p] | min",
      "([.spec.jobs[0].p, 2] | max), ([2, .spec.jobs[0].p] | min)",
      ".spec.jobs[0] | [(.p // 1), (.c // (.p // 1))] | min",
      ".spec.jobs[0] | [(.p // 1), (.c // (.p // 1))] | max",
      "null < false, false < true, true < 0, 0 < \"\", \"a\" < \"b\", \"b\" <= \"a\", 1 == 1, 2 != 2, (.x >= null)",
      "(.x // false // 7), (false // .x), (.b // 1), (empty // 2), ([.spec.jobs[].p] | length)",
      "(false and (.b | length)), (true or .s.x), (.spec.jobs[] | .p), (1, 2 | . * 10)",
      ".spec.jobs[0].replicas * 3 + 1 - .spec.jobs[0].p",
      ".b and .x, .b or .x, (.x | not), (.b | not), (.spec | not)",
      "if .spec.suspend then .a else (.b // .x) end",
      "any(.spec.jobs[]; .p == 2)",
      "all(.spec.jobs[]; .p != null)",
      "any(.o[]; . == 1)",
      "any(.spec.jobs[] | .p; . == null)",
      "[.a.b[]?]",
      "[.a[0]?]",
      "any(.a.b[]?; . == 2)",
      "all(.a[]?; . != null)",
      ".spec.jobs[1].p // .spec.jobs[0].c",
      ".spec.jobs[0][\"replicas\"] == 3",
      // give-ups: the compiled form must give up exactly where the nodes do
      ".b | length",
      ".f + 1",
      ".big == 1",
      ".f < 2",
      ".e < \"a\"",
      ".o == .o",
      ".s.x",
      ".b[0]",
      "(1, 2) + (10, 20)",
      "[.spec.jobs[] | .p] | min",
      "true and (.b | length)",
      ".spec.jobs[0].replicas * 100000000 * 100000000",
      "[.f, 1] | min",
      "[.spec.jobs[0].p, .x] | min",
      "[.f, .spec.jobs[0].p] | max",
      ".spec.jobs[0].c * .spec.jobs[0].c * 100000000 * 100000000 * 100000000");

  /** Inputs of every shape the expressions meet: the unit tests' input, an unsorted one, nulls and wrong types. */
  static final List<String> INPUTS = List.of(
      FastEvalTest.INPUT,
      "{\"o\":{\"z\":1,\"k\":[2,{\"b\":1,\"a\":2}]},\"s\":\"h\",\"b\":true,\"x\":null,"
          + "\"spec\":{\"suspend\":true,\"jobs\":[{\"replicas\":3,\"p\":2},{\"q\":1,\"p\":null,\"c\":5}]},"
          + "\"status\":{\"terminalState\":\"\",\"restarts\":2,\"rs\":[{\"active\":0},{\"ready\":0}],"
          + "\"conditions\":[{\"status\":\"True\",\"type\":\"Suspended\"},{\"type\":\"Failed\",\"status\":\"True\"}]}}",
      "{\"spec\":{\"jobs\":[{\"replicas\":1.5,\"p\":2.0}]},\"status\":{\"conditions\":\"none\",\"rs\":5}}",
      "{\"spec\":{\"jobs\":{\"b\":{\"p\":1},\"a\":{\"p\":2}}},\"status\":{\"replicatedJobsStatus\":[{\"active\":1}]},"
          + "\"a\":{\"b\":[1,2]},\"o\":{\"y\":1,\"x\":2}}",
      "{\"a\":{\"b\":\"xyz\"},\"spec\":null,\"status\":{\"conditions\":[null,1,{\"type\":null}]}}",
      "{}",
      "null",
      "[1,2]",
      "\"str\"");

  private static List<String> text(List<JsonNode> out) {
    if (out == null) {
      return null;
    }
    List<String> t = new ArrayList<>();
    for (JsonNode v : out) {
      t.add(JqValues.toCompactJson(v));
    }
    return t;
  }

  @Test
  void theCompiledFormAgreesWithTheNodesOnEveryExpressionAndInput() {
    int compiled = 0;
    for (String expression : EXPRESSIONS) {
      FastEval nodes = FastEval.of(expression);
      FastEval handles = FastEval.of(expression);
      assertThat(nodes).as("handled: %s", expression).isNotNull();
      handles.compile();
      for (String input : INPUTS) {
        JsonNode sorted = JqInput.of(Json.parse(input)).node();
        assertThat(text(handles.apply(sorted, 1000)))
            .as("%s on %s", expression, input)
            .isEqualTo(text(nodes.apply(sorted, 1000)));
        assertThat(text(handles.apply(JqInput.of(Json.parse(input)), 1000)))
            .as("%s on the caller's tree of %s", expression, input)
            .isEqualTo(text(nodes.apply(JqInput.of(Json.parse(input)), 1000)));
        JsonNode one = handles.applyOne(JqInput.of(Json.parse(input)), 1000, null);
        JsonNode nodeOne = nodes.applyOne(JqInput.of(Json.parse(input)), 1000, null);
        assertThat(one == null ? null : JqValues.toCompactJson(one))
            .as("%s, one value, on %s", expression, input)
            .isEqualTo(nodeOne == null ? null : JqValues.toCompactJson(nodeOne));
        // the result limit is kept the same way
        assertThat(text(handles.apply(sorted, 1))).isEqualTo(text(nodes.apply(sorted, 1)));
      }
      compiled++;
    }
    assertThat(compiled).isEqualTo(EXPRESSIONS.size());
  }

  @Test
  void aCompiledBatchWithItsMemoAgreesWithTheNodesOneByOne() {
    FastEval[] batch = FastEval.ofAll(EXPRESSIONS);
    FastEval[] compiledBatch = FastEval.ofAll(EXPRESSIONS);
    for (FastEval f : compiledBatch) {
      f.compile();
    }
    for (String input : INPUTS) {
      // one memo per input, shared by every expression of the batch, in order and then backwards
      JqInput in = JqInput.of(Json.parse(input));
      JqInput compiledIn = JqInput.of(Json.parse(input));
      FastEval.Memo memo = batch[0].memo();
      FastEval.Memo compiledMemo = compiledBatch[0].memo();
      for (int pass = 0; pass < 2; pass++) {
        for (int k = 0; k < EXPRESSIONS.size(); k++) {
          int i = pass == 0 ? k : EXPRESSIONS.size() - 1 - k;
          List<String> alone =
              text(FastEval.of(EXPRESSIONS.get(i)).apply(JqInput.of(Json.parse(input)), 1000));
          assertThat(text(batch[i].apply(in, 1000, memo, false)))
              .as("%s in a batch on %s", EXPRESSIONS.get(i), input)
              .isEqualTo(alone);
          assertThat(text(compiledBatch[i].apply(compiledIn, 1000, compiledMemo, false)))
              .as("%s compiled in a batch on %s", EXPRESSIONS.get(i), input)
              .isEqualTo(alone);
        }
      }
    }
  }
}
