package dev.workloadmap.sdk.jq;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.spi.JqEngine;
import dev.workloadmap.sdk.testing.Json;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Field cases FC-25, FC-27, FC-29, FC-30 and FC-34 (field-cases.md part B): jq semantics the SDK must reproduce
 * exactly, and the one it cannot (FC-27), which the linter rejects.
 */
class JqFieldCasesTest {

  private final JqEngine engine = Jq.defaultEngine();

  private List<String> eval(String expression, String input) {
    return Json.compact(engine.compile(expression).apply(JqInput.of(Json.parse(input))));
  }

  @Test
  void fc25_alternativeReplacesFalseAsWellAsNull() {
    String input = "{\"spec\":{\"suspend\":false,\"replicas\":0}}";
    assertThat(eval(".spec.suspend // true", input)).containsExactly("true");
    assertThat(eval("if .spec.suspend == null then true else .spec.suspend end", input))
        .containsExactly("false");
    assertThat(eval(".spec.replicas // 1", input)).containsExactly("0");
    assertThat(eval("\"\" // \"x\"", input)).containsExactly("\"\"");
  }

  @Test
  void fc27_parenthesisedBindingsGiveTheReferenceResults() {
    assertThat(eval("1 + (3 as $a | ($a * 2))", "null")).containsExactly("7");
    assertThat(eval("{\"x\": 10} + (. as {\"a\": $a} | {\"y\": $a})", "{\"a\":1}"))
        .containsExactly("{\"x\":10,\"y\":1}");
    assertThat(eval("true // (1 as $a | 2)", "null")).containsExactly("true");
  }

  @Test
  void fc27_unparenthesisedBindingsKeepJacksonJqsPrecedence() {
    // jackson-jq binds `a OP b as $x | body` as `(a OP b) as $x | body`; jq 1.6 and gojq give 7,
    // {"x":10,"y":1}
    // and true. The parser is jackson-jq's, so the SDK's linter rejects these forms instead
    // (docs/format.md#validation-jq-sdk).
    assertThat(eval("1 + 3 as $a | ($a * 2)", "null")).containsExactly("8");
    assertThat(eval("{\"x\": 10} + . as {\"a\": $a} | {\"y\": $a}", "{\"a\":1}"))
        .containsExactly("{\"y\":1}");
    assertThat(eval("true // 1 as $a | 2", "null")).containsExactly("2");
  }

  @Test
  void fc29_integralDoublesAreIntegers() {
    String input = "{\"x\":1.0,\"r\":2.5}";
    assertThat(eval(".x", input)).containsExactly("1");
    assertThat(eval(".r | floor", input)).containsExactly("2");
    assertThat(eval(".x | tostring", input)).containsExactly("\"1\"");
    // also where jackson-jq would otherwise write the double's Java text
    assertThat(eval("\"\\(.x)-\\(.r | floor)\"", input)).containsExactly("\"1-2\"");
    assertThat(eval("[.x, 2] | join(\",\")", input)).containsExactly("\"1,2\"");
    assertThat(eval("{a: .x} | tojson", input)).containsExactly("\"{\\\"a\\\":1}\"");
    JsonNode x = engine.compile(".x").first(JqInput.of(Json.parse(input)));
    assertThat(x.isIntegralNumber()).isTrue();
    assertThat(x.intValue()).isEqualTo(1);
  }

  @Test
  void fc30_integersAboveTwoToThe53AreKeptExactly() {
    // Like jackson-jq and the gojq command line. The reference library feeds gojq float64 values
    // and would give
    // 9007199254740992 for both; counts never come near 2^53, and identifiers stay strings (FC-30).
    String input = "{\"x\":9007199254740993}";
    assertThat(eval(".x", input)).containsExactly("9007199254740993");
    assertThat(eval(".x + 0", input)).containsExactly("9007199254740993");
    assertThat(eval(".x | tostring", input)).containsExactly("\"9007199254740993\"");
  }

  @Test
  void fc30_tonumberGoesThroughADouble() {
    // gojq is exact here (2871948651097801136); jackson-jq parses through a double, like the
    // reference library's
    // float64 view
    assertThat(eval("\"2871948651097801136\" | tonumber", "null"))
        .containsExactly("2871948651097801216");
  }

  @Test
  void fc30_integersBeyondLongAreDoublesAndNeverWrap() {
    // jackson-jq 1.6.2 silently wraps BigInteger arithmetic; the SDK reads such numbers as the
    // reference does
    String input = "{\"x\":100000000000000000000}";
    assertThat(eval(".x", input)).containsExactly("100000000000000000000");
    assertThat(eval(".x + 1", input)).containsExactly("100000000000000000000");
    assertThat(eval(".x > 0", input)).containsExactly("true");
  }

  @Test
  void fc34_falseAsAStringIsTruthy() {
    assertThat(eval(
            "[.status.conditions[] | select(.status)] | length",
            "{\"status\":{\"conditions\":[{\"type\":\"Ready\",\"status\":\"False\"}]}}"))
        .containsExactly("1");
  }

  @Test
  void fc34_stringsCompareAboveNumbers() {
    String input = "{\"labels\":{\"w\":\"0\"}}";
    assertThat(eval(".labels.w == 0", input)).containsExactly("false");
    assertThat(eval(".labels.w > 0", input)).containsExactly("true");
  }

  @Test
  void fc34_nullComparesBelowNumbers() {
    String input = "{\"status\":{}}";
    assertThat(eval(".status.readyReplicas < 1", input)).containsExactly("true");
    assertThat(eval(".status.readyReplicas == .status.replicas", input)).containsExactly("true");
    assertThat(eval(".status.failed == 0", input)).containsExactly("false");
  }

  @Test
  void fc34_typeOrder() {
    assertThat(eval("[{}, [], \"a\", 1, true, false, null] | sort", "null"))
        .containsExactly("[null,false,true,1,\"a\",[],{}]");
  }
}
