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
  void aStringIsIndexedByCodePointAndAFractionalIndexTruncated() throws Exception {
    // gojq 0.12.19 (checked with the binary): "10" | .[-1] is "0"; jackson-jq failed on every
    // string index
    assertThat(run("[.[0], .[1], .[-1], .[-2], .[2], .[-3]]", "\"10\""))
        .isEqualTo("[[\"1\",\"0\",\"0\",\"1\",null,null]]");
    assertThat(run("[.[1], .[2], .[-2]]", "\"a\uD83D\uDE00b\""))
        .isEqualTo("[[\"\uD83D\uDE00\",\"b\",\"\uD83D\uDE00\"]]");
    assertThat(run("[.[0], .[-1]]", "\"\"")).isEqualTo("[[null,null]]");
    // truncation toward zero, for strings and arrays; NaN, infinite and huge indexes are null
    assertThat(run("[.[1.5], .[-0.5], .[-1.5], .[-2.5]]", "\"ab\""))
        .isEqualTo("[[\"b\",\"a\",\"b\",\"a\"]]");
    assertThat(run("[.[1.5], .[-0.5], .[-2.5], .[1.99]]", "[1, 2, 3]")).isEqualTo("[[2,1,2,2]]");
    assertThat(run("[.[nan], .[infinite], .[-infinite], .[1e300]]", "[1, 2]"))
        .isEqualTo("[[null,null,null,null]]");
    // the path is the index as written; assignment into a string stays an error, as in gojq
    assertThat(run("[path(.[0]), path(.[1.5])]", "\"ab\"")).isEqualTo("[[[0],[1.5]]]");
    assertThat(run("[try (.[0] = 1) catch \"<error>\"]", "\"ab\"")).isEqualTo("[[\"<error>\"]]");
    assertThat(run("[try .[null] catch \"<error>\"]", "\"ab\"")).isEqualTo("[[\"<error>\"]]");
    assertThat(run("[try .[0] catch \"<error>\"]", "{}")).isEqualTo("[[\"<error>\"]]");
    // the index is evaluated against the input, in the outer loop: gojq's order
    assertThat(run("[.[][0, 1]]", "[[1, 2], [3, 4]]")).isEqualTo("[[1,3,2,4]]");
    assertThat(run(".a[.k]", "{\"a\": \"xyz\", \"k\": 2}")).isEqualTo("[\"z\"]");
    // the ? of an index covers the index step only: .a[0]? on a string fails at .a
    assertThat(run("[try .a[0]? catch \"<error>\"]", "\"ab\"")).isEqualTo("[[\"<error>\"]]");
    assertThat(run("{r: .a[0]?.b, k: .k}", "{}")).isEqualTo("[{\"k\":null,\"r\":null}]");
    // slices already agreed (code points)
    assertThat(run("[.[1:], .[:-1], .[1:2]]", "\"a\uD83D\uDE00b\""))
        .isEqualTo("[[\"\uD83D\uDE00b\",\"a\uD83D\uDE00\",\"\uD83D\uDE00\"]]");
  }

  @Test
  void reverseAppliesToArraysOnly() throws Exception {
    // gojq 0.12.19: null, {}, "" and "ab" | reverse are errors; jackson-jq answered [] for the
    // first three
    for (String input : new String[] {"null", "{}", "\"\"", "\"ab\"", "1", "true"}) {
      assertThat(run("[try reverse catch \"<error>\"]", input))
          .as(input + " | reverse")
          .isEqualTo("[[\"<error>\"]]");
    }
    assertThat(run("reverse", "[]")).isEqualTo("[[]]");
    assertThat(run("reverse", "[1, \"a\", null]")).isEqualTo("[[null,\"a\",1]]");
  }

  @Test
  void tryCatchesTheErrorsOfItsBodyOnly() throws Exception {
    // the fuzzer's `if … end == select((to_entries | from_entries)?)` on {}: the left side fails
    // (max_by of an
    // object) inside the outputs of the right side's ?, and jackson-jq's try caught it; gojq fails
    assertThat(run("[try (max_by(.) == select((.)?)) catch \"<error>\"]", "{}"))
        .isEqualTo("[[\"<error>\"]]");
    assertThat(run("[try (error(\"y\") == (1, 2)?) catch \"<error>\"]", "{}"))
        .isEqualTo("[[\"<error>\"]]");
    assertThat(run("[try ((try 1 catch 2) | error(\"y\")) catch \"<error>\"]", "null"))
        .isEqualTo("[[\"<error>\"]]");
    assertThat(run("[try (tonumber? | error(\"y\")) catch \"<error>\"]", "\"1\""))
        .isEqualTo("[[\"<error>\"]]");
    // the body's own errors are still caught, after the outputs before them
    assertThat(run("[try (1, error(\"x\"), 2) catch \"c\"]", "null")).isEqualTo("[[1,\"c\"]]");
    assertThat(run("[.[] | tonumber?]", "[\"1\", \"x\", \"3\"]")).isEqualTo("[[1,3]]");
    // break passes every try, as in gojq
    assertThat(run("[label $f | range(5) | (if . == 2 then break $f else . end)?]", "null"))
        .isEqualTo("[[0,1]]");
    // paths through ? and try
    assertThat(run("[path(.a?), path(try .b catch empty)]", "{}")).isEqualTo("[[[\"a\"],[\"b\"]]]");
    assertThat(run("(.a)? = 1", "{}")).isEqualTo("[{\"a\":1}]");
  }

  @Test
  void objectShorthandTransposeAndIsnanFailWhereGojqFails() throws Exception {
    // gojq 0.12.19: {a} is {a: .a}, an error on a string; jackson-jq answered {"a": null}
    assertThat(run("[try {c: [], scalars} catch \"<error>\"]", "\"ab\""))
        .isEqualTo("[[\"<error>\"]]");
    assertThat(run("{a}", "null")).isEqualTo("[{\"a\":null}]");
    assertThat(run("{a, b: 1}", "{\"a\": 2}")).isEqualTo("[{\"a\":2,\"b\":1}]");
    // transpose of an object is an error (jackson-jq answered [])
    assertThat(run("[limit(1; (transpose)?)]", "{\"a\": null}")).isEqualTo("[[]]");
    assertThat(run("[try transpose catch \"<error>\"]", "{}")).isEqualTo("[[\"<error>\"]]");
    assertThat(run("transpose", "[[1], [2, 3]]")).isEqualTo("[[[1,2],[null,3]]]");
    // isnan of a string or an object is an error, of null false (jackson-jq answered false for all)
    assertThat(run("[try isnan catch \"<error>\"]", "\"ab\"")).isEqualTo("[[\"<error>\"]]");
    assertThat(run("[try isnan catch \"<error>\"]", "{}")).isEqualTo("[[\"<error>\"]]");
    assertThat(run("[isnan, (nan | isnan), (1 | isnan)]", "null"))
        .isEqualTo("[[false,true,false]]");
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
