package dev.workloadmap.sdk.jq;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BigIntegerNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.FloatNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.workloadmap.sdk.testing.Json;
import java.math.BigDecimal;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link JqValues}: rendering for {@code byExpression} (docs/format.md#status) and compact JSON as the reference writes
 * it.
 */
class JqValuesTest {

  @Test
  void stringsRenderWithoutQuotes() {
    assertThat(JqValues.render(TextNode.valueOf("Running"))).isEqualTo("Running");
    assertThat(JqValues.render(TextNode.valueOf("a \"quoted\" \\ value")))
        .isEqualTo("a \"quoted\" \\ value");
    assertThat(JqValues.render(TextNode.valueOf(""))).isEmpty();
  }

  @Test
  void booleansAndNullRenderAsTheirNames() {
    assertThat(JqValues.render(BooleanNode.TRUE)).isEqualTo("true");
    assertThat(JqValues.render(BooleanNode.FALSE)).isEqualTo("false");
    assertThat(JqValues.render(NullNode.getInstance())).isEqualTo("null");
    assertThat(JqValues.render(MissingNode.getInstance())).isEqualTo("null");
    assertThat(JqValues.render(null)).isEqualTo("null");
  }

  @Test
  void integralNumbersRenderWithoutAFraction() {
    assertThat(JqValues.render(DoubleNode.valueOf(3.0))).isEqualTo("3");
    assertThat(JqValues.render(FloatNode.valueOf(3.0f))).isEqualTo("3");
    assertThat(JqValues.render(DecimalNode.valueOf(new BigDecimal("3.000")))).isEqualTo("3");
    assertThat(JqValues.render(IntNode.valueOf(3))).isEqualTo("3");
    assertThat(JqValues.render(LongNode.valueOf(9007199254740993L))).isEqualTo("9007199254740993");
    assertThat(JqValues.render(DoubleNode.valueOf(1e17))).isEqualTo("100000000000000000");
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({
    "2.5, 2.5",
    "0.1, 0.1",
    "-0.5, -0.5",
    "1e-7, 1e-7",
    "0.000001, 0.000001",
    "0.00001, 0.00001",
    "1e19, 10000000000000000000",
    "1e20, 100000000000000000000",
    "1e21, 1e+21",
    "1.5e300, 1.5e+300",
    "123456789012345680000, 123456789012345680000",
    "2.5e-310, 2.5e-310",
    "0.30000000000000004, 0.30000000000000004",
    "-1e-7, -1e-7",
  })
  void numbersRenderLikeTheReference(double value, String text) {
    assertThat(JqValues.render(DoubleNode.valueOf(value))).isEqualTo(text);
    assertThat(JqValues.toCompactJson(DoubleNode.valueOf(value))).isEqualTo(text);
  }

  @Test
  void specialDoublesRenderLikeGojq() {
    assertThat(JqValues.render(DoubleNode.valueOf(Double.NaN))).isEqualTo("null");
    assertThat(JqValues.render(DoubleNode.valueOf(Double.POSITIVE_INFINITY)))
        .isEqualTo("1.7976931348623157e+308");
    assertThat(JqValues.render(DoubleNode.valueOf(Double.NEGATIVE_INFINITY)))
        .isEqualTo("-1.7976931348623157e+308");
    assertThat(JqValues.render(DoubleNode.valueOf(-0.0))).isEqualTo("-0");
  }

  @Test
  void hugeIntegersBecomeDoublesLikeTheReferencesJsonRoundTrip() {
    assertThat(JqValues.render(BigIntegerNode.valueOf(new BigInteger("100000000000000000000"))))
        .isEqualTo("100000000000000000000");
    assertThat(JqValues.render(
            BigIntegerNode.valueOf(new BigInteger("123456789012345678901234567890"))))
        .isEqualTo("1.2345678901234568e+29");
    assertThat(JqValues.render(BigIntegerNode.valueOf(BigInteger.valueOf(42)))).isEqualTo("42");
  }

  @Test
  void objectsAndArraysRenderAsCompactJsonWithSortedKeys() {
    JsonNode v = Json.parse("{\"z\":1.0,\"a\":[2.0,{\"y\":null,\"b\":true}],\"m\":\"s\"}");
    assertThat(JqValues.render(v))
        .isEqualTo("{\"a\":[2,{\"b\":true,\"y\":null}],\"m\":\"s\",\"z\":1}");
    assertThat(JqValues.toCompactJson(v)).isEqualTo(JqValues.render(v));
    assertThat(JqValues.render(Json.parse("[]"))).isEqualTo("[]");
    assertThat(JqValues.render(Json.parse("{}"))).isEqualTo("{}");
  }

  @Test
  void keysSortByCodePointLikeGo() {
    // U+FF5E sorts below U+1F600 by code point, above it in UTF-16 order
    JsonNode v = Json.parse("{\"\\ud83d\\ude00\":1,\"\\uff5e\":2,\"B\":3,\"a\":4}");
    assertThat(JqValues.toCompactJson(v))
        .isEqualTo("{\"B\":3,\"a\":4,\"\uff5e\":2,\"\ud83d\ude00\":1}");
  }

  @Test
  void stringsAreEscapedLikeGojq() {
    assertThat(JqValues.toCompactJson(
            TextNode.valueOf("q\"b\\s/\b\f\n\r\t\u0001\u001f\u007f<>&\u2028é😀")))
        .isEqualTo("\"q\\\"b\\\\s/\\b\\f\\n\\r\\t\\u0001\\u001f\\u007f<>&\u2028é😀\"");
    assertThat(JqValues.toCompactJson(TextNode.valueOf("lone \ud800 surrogate")))
        .isEqualTo("\"lone \uFFFD surrogate\"");
    assertThat(JqValues.toCompactJson(null)).isEqualTo("null");
  }

  @Test
  void ec06_byExpressionUsesOnlyTheFirstResultOfAStream() {
    JqInput input = JqInput.of(Json.parse("{\"conditions\":[{\"type\":\"A\"},{\"type\":\"B\"}]}"));
    JqProgram p = Jq.defaultEngine().compile(".conditions[].type");
    assertThat(p.apply(input)).hasSize(2);
    assertThat(JqValues.render(p.first(input))).isEqualTo("A");
  }

  @Test
  void ec07_aMissingFieldRendersAsNull() {
    JqInput input = JqInput.of(Json.parse("{\"status\":{}}"));
    JsonNode first = Jq.defaultEngine().compile(".status.phase").first(input);
    assertThat(JqValues.render(first)).isEqualTo("null");
  }

  @Test
  void renderOfEvaluatedValuesMatchesTostring() {
    // what byExpression compares (render) equals the reference's `(e) | tostring` for every kind of
    // value
    JqInput input = JqInput.of(
        Json.parse("{\"a\":{\"y\":1.0,\"x\":[true,null,\"s\",2.5]},\"n\":3.0,\"s\":\"t\"}"));
    for (String e :
        new String[] {".a", ".a.x", ".n", ".s", ".missing", ".a.x[0]", ".a.x[3]", "{b: 1, a: .n}"
        }) {
      JsonNode value = Jq.defaultEngine().compile(e).first(input);
      JsonNode text = Jq.defaultEngine().compile("(" + e + ") | tostring").first(input);
      assertThat(JqValues.render(value)).as(e).isEqualTo(text.textValue());
    }
  }
}
