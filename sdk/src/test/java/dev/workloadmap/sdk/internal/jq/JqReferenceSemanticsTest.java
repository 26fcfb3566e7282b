package dev.workloadmap.sdk.internal.jq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.workloadmap.sdk.jq.Jq;
import dev.workloadmap.sdk.jq.JqException;
import dev.workloadmap.sdk.jq.JqInput;
import dev.workloadmap.sdk.spi.JqEngine;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The constructs on which the differential fuzzing of issue 15 found the SDK's engine and gojq v0.12.19 disagreeing,
 * now answered as gojq answers them (the expected values are gojq's, as its source defines them).
 */
class JqReferenceSemanticsTest {
  private static final ObjectMapper M = new ObjectMapper();
  private final JqEngine engine = Jq.defaultEngine();

  private String run(String program, String input) throws Exception {
    List<JsonNode> out = engine.compile(program).apply(JqInput.of(M.readTree(input)));
    return M.writeValueAsString(out);
  }

  @Test
  void reduceKeepsTheStateWhenTheUpdateEmitsNothing() throws Exception {
    // gojq: an empty update backtracks without storing, so the state stays; jq 1.6 / jackson-jq
    // made it null
    assertThat(run("reduce .[]? as $i (0; . + ($i | numbers))", "[1, \"a\", 2]"))
        .isEqualTo("[3]");
    assertThat(run("reduce .[] as $i (0; empty)", "[1, 2]")).isEqualTo("[0]");
    assertThat(run("reduce .[] as $i (0; ., 10)", "[1, 2]"))
        .isEqualTo("[10]"); // the last output wins
    assertThat(run(
            "reduce .[] as $i (0; . + (reduce $i[] as $j (0; . + ($j | numbers))))",
            "[[1, \"x\", 2], [3]]"))
        .isEqualTo("[6]");
    assertThat(run(
            "[.[] | reduce .[]? as $x (0; if $x > 1 then . + $x else empty end)]",
            "[[1, 2, 3], []]"))
        .isEqualTo("[[5,0]]");
    // text around the reduce and a reduce in a string interpolation are left intact
    assertThat(run("\"n=\\(reduce .[] as $i (0; . + $i))\"", "[1, 2]")).isEqualTo("[\"n=3\"]");
  }

  @Test
  void errorWithANullMessageIsRaisedAndCaughtAsNull() throws Exception {
    assertThat(run("[try error(null) catch .]", "1")).isEqualTo("[[null]]");
    assertThat(run("[try error catch .]", "null")).isEqualTo("[[null]]");
    assertThat(run("[.[] | try error(null) catch \"caught\"]", "[1, 2]"))
        .isEqualTo("[[\"caught\",\"caught\"]]");
    assertThat(run("[try error(\"x\") catch .]", "1")).isEqualTo("[[\"x\"]]");
    assertThat(run("[try error({a: 1}) catch .a]", "1")).isEqualTo("[[1]]");
    assertThatThrownBy(() -> run("error(null)", "1")).isInstanceOf(JqException.class);
  }

  @Test
  void indicesOfAnythingButNullAStringOrAnArrayIsAnError() throws Exception {
    for (String input : new String[] {"{}", "{\"a\": 1}", "1", "true"}) {
      for (String f : new String[] {"indices(\"a\")", "index(\"a\")", "rindex(\"a\")"}) {
        assertThat(run("[try " + f + " catch \"<error>\"]", input))
            .as(input + " | " + f)
            .isEqualTo("[[\"<error>\"]]");
      }
    }
    assertThat(run("indices(\"a\")", "null")).isEqualTo("[null]");
    assertThat(run("indices(\"a\")", "\"banana\"")).isEqualTo("[[1,3,5]]");
    assertThat(run("indices(1)", "[0, 1, 1]")).isEqualTo("[[1,2]]");
    assertThat(run("index(\"b\")", "\"abc\"")).isEqualTo("[1]");
  }

  @Test
  void walkInsideAndOrIsRejectedByValidation() {
    // the fuzzer's `first(try walk(.) catch .) and {…}` gave two outputs in the SDK, one in gojq:
    // validate rejects
    // walk at any depth (the reference rejects it too), so no definition can hold it
    var issues = dev.workloadmap.sdk.internal.jqast.RejectedConstructs.find(
        dev.workloadmap.sdk.internal.jqast.JqParser.parse(
            "(first(try walk(.) catch .) and {}) or true"));
    assertThat(issues)
        .extracting(dev.workloadmap.sdk.internal.jqast.RejectedConstructs.Issue::message)
        .containsExactly("function 'walk' may produce excessive output and is not allowed");
  }

  @Test
  void theRewriteLeavesExpressionsWithoutReduceAsWritten() {
    assertThat(ReduceRewrite.apply(".spec.replicas // 1")).isEqualTo(".spec.replicas // 1");
    assertThat(ReduceRewrite.apply(".reduce")).isEqualTo(".reduce");
    assertThat(ReduceRewrite.apply("reduce .[] as $x (0; . + $x)"))
        .isEqualTo(
            "reduce .[] as $x (0; (. as $__workloadmap_reduce_state | [. + $x] | if length == 0 then"
                + " $__workloadmap_reduce_state else .[-1] end))");
  }
}
