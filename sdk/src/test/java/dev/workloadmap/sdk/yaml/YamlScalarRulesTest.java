package dev.workloadmap.sdk.yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Kubernetes' (go-yaml v2) YAML 1.1 scalar rules, docs/format.md#decision-d: every spelling the reader resolves. */
class YamlScalarRulesTest {

  private final YamlReader reader = new YamlReader();

  private YamlDocument doc(String yaml) {
    return reader.readAll(yaml, "s.yaml").get(0);
  }

  /** Reads {@code v: <text>} and returns the value of {@code v}. */
  private JsonNode value(String text) {
    return doc("v: " + text + "\n").root().get("v");
  }

  private String plainText(String text) {
    return doc("v: " + text + "\n").plainScalars().get("/v");
  }

  @ParameterizedTest
  @ValueSource(strings = {"y", "Y", "yes", "Yes", "YES", "on", "On", "ON", "true", "True", "TRUE"})
  void plainTrueSpellingsAreBooleanTrueAndKeepTheirText(String text) {
    assertThat(value(text).isBoolean()).isTrue();
    assertThat(value(text).booleanValue()).isTrue();
    assertThat(plainText(text)).isEqualTo(text);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"n", "N", "no", "No", "NO", "off", "Off", "OFF", "false", "False", "FALSE"})
  void plainFalseSpellingsAreBooleanFalseAndKeepTheirText(String text) {
    assertThat(value(text).isBoolean()).isTrue();
    assertThat(value(text).booleanValue()).isFalse();
    assertThat(plainText(text)).isEqualTo(text);
  }

  @ParameterizedTest
  @ValueSource(strings = {"~", "null", "Null", "NULL"})
  void plainNullSpellingsAreNull(String text) {
    assertThat(value(text).isNull()).isTrue();
    assertThat(plainText(text)).isEqualTo(text);
  }

  @Test
  void anEmptyValueIsNullWithEmptyOriginalText() {
    YamlDocument d = doc("v:\nw: 1\n");
    assertThat(d.root().get("v").isNull()).isTrue();
    assertThat(d.plainScalars()).containsEntry("/v", "");
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "0|0",
        "42|42",
        "-17|-17",
        "+17|17",
        "0x1F|31",
        "0XfF|255",
        "-0x10|-16",
        "0b101|5",
        "0B11|3",
        "-0b101|-5",
        "0755|493",
        "010|8",
        "-0755|-493",
        "0o17|15",
        "1_000|1000",
        "0x_1F|31",
        "1_0_0|100",
        "00|0"
      })
  void plainIntegersFollowGoParseIntWithUnderscoresRemoved(String text, long expected) {
    JsonNode v = value(text);
    assertThat(v.isIntegralNumber()).as("%s is an integer", text).isTrue();
    assertThat(v.isInt()).as("small integers are int nodes").isTrue();
    assertThat(v.longValue()).isEqualTo(expected);
    assertThat(plainText(text)).isEqualTo(text);
  }

  @Test
  void integersUseTheSmallestNodeTypeAndBigIntegerBeyondLong() {
    assertThat(value("2147483647").isInt()).isTrue();
    assertThat(value("2147483648").isLong()).isTrue();
    assertThat(value("9223372036854775807").longValue()).isEqualTo(Long.MAX_VALUE);
    JsonNode big = value("9223372036854775808");
    assertThat(big.isBigInteger()).isTrue();
    assertThat(big.bigIntegerValue()).isEqualTo(new BigInteger("9223372036854775808"));
    assertThat(value("0xFFFFFFFFFFFFFFFFFF").bigIntegerValue())
        .isEqualTo(new BigInteger("FFFFFFFFFFFFFFFFFF", 16));
    assertThat(value("-99999999999999999999").bigIntegerValue())
        .isEqualTo(new BigInteger("-99999999999999999999"));
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "1.5|1.5",
        "1e3|1000",
        "1E3|1000",
        ".5|0.5",
        "-.5|-0.5",
        "-1.5e-3|-0.0015",
        "+1.5|1.5",
        "2.10|2.1",
        "1.|1",
        "1_000.5|1000.5",
        ".5_5|0.55",
        "6.02e+23|6.02e23",
        "089|89",
        "1e-400|0"
      })
  void plainFloatsAreDoubles(String text, double expected) {
    JsonNode v = value(text);
    assertThat(v.isDouble()).as("%s is a double", text).isTrue();
    assertThat(v.doubleValue()).isEqualTo(expected);
    assertThat(plainText(text)).isEqualTo(text);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "1:30",
        "190:20:30",
        "2001-12-14",
        "2001-12-14t21:59:43.10-05:00",
        "0x",
        "0b2",
        "0o8",
        "1.2.3",
        "1e",
        "._5",
        ".e5",
        "-x",
        "+",
        "_1",
        "tRUE",
        "yES",
        "nan",
        "NaN",
        "inf",
        ".Nan",
        "+.nan",
        "1e400",
        "0x1p3",
        "١٢",
        "yes please",
        "<<",
        "=",
        "v1.2"
      })
  void otherPlainScalarsAreStringsWithoutPlainText(String text) {
    JsonNode v = value(text);
    assertThat(v.isTextual()).as("%s stays a string", text).isTrue();
    assertThat(v.textValue()).isEqualTo(text);
    assertThat(plainText(text)).isNull();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF", ".nan",
        ".NaN", ".NAN"
      })
  void infinityAndNanAreRejectedWithAQuoteHint(String text) {
    assertThatThrownBy(() -> value(text))
        .isInstanceOf(YamlException.class)
        .hasMessageContaining(text)
        .hasMessageContaining("JSON cannot represent")
        .hasMessageContaining("quote it (\"" + text + "\")")
        .satisfies(e -> {
          SourceLocation at = ((YamlException) e).location().orElseThrow();
          assertThat(at.line()).isEqualTo(1);
          assertThat(at.column()).isEqualTo(4);
          assertThat(at.pointer()).isEqualTo("/v");
        });
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"'yes'", "\"yes\"", "'1'", "\"0755\"", "'~'", "\"\"", "'1e3'", "\"null\"", "'.inf'"
      })
  void quotedScalarsAreStringsAndNotRecorded(String quoted) {
    JsonNode v = value(quoted);
    assertThat(v.isTextual()).isTrue();
    assertThat(v.textValue()).isEqualTo(quoted.substring(1, quoted.length() - 1));
    assertThat(plainText(quoted)).isNull();
  }

  @Test
  void blockScalarsAreStrings() {
    YamlDocument d = doc("a: |-\n  yes\nb: >-\n  123\n");
    assertThat(d.root().get("a").textValue()).isEqualTo("yes");
    assertThat(d.root().get("b").textValue()).isEqualTo("123");
    assertThat(d.plainScalars()).isEmpty();
  }

  @Test
  void strAndNonSpecificTagsMakeStrings() {
    YamlDocument d = doc("a: !!str yes\nb: ! 0755\nc: !!str\nd: !<tag:yaml.org,2002:str> 1\n");
    assertThat(d.root().get("a").textValue()).isEqualTo("yes");
    assertThat(d.root().get("b").textValue()).isEqualTo("0755");
    assertThat(d.root().get("c").textValue()).isEmpty();
    assertThat(d.root().get("d").textValue()).isEqualTo("1");
    assertThat(d.plainScalars()).isEmpty();
  }

  @Test
  void standardTagsAreHonouredWhateverTheStyle() {
    YamlDocument d = doc("i: !!int \"0x1F\"\n"
        + "f: !!float 1\n"
        + "g: !!float '2.5'\n"
        + "b: !!bool 'on'\n"
        + "nul: !!null ''\n"
        + "s: !!seq\n"
        + "m: !!map\n"
        + "mm: !!map {a: 1}\n"
        + "ss: !!seq [1]\n"
        + "bin: !!binary aGVsbG8=\n"
        + "ts: !!timestamp 2001-12-14\n");
    JsonNode r = d.root();
    assertThat(r.get("i").isInt()).isTrue();
    assertThat(r.get("i").intValue()).isEqualTo(31);
    assertThat(r.get("f").isDouble()).isTrue();
    assertThat(r.get("f").doubleValue()).isEqualTo(1.0);
    assertThat(r.get("g").doubleValue()).isEqualTo(2.5);
    assertThat(r.get("b").booleanValue()).isTrue();
    assertThat(r.get("nul").isNull()).isTrue();
    assertThat(r.get("s").isArray()).isTrue();
    assertThat(r.get("s")).isEmpty();
    assertThat(r.get("m").isObject()).isTrue();
    assertThat(r.get("m")).isEmpty();
    assertThat(r.get("mm").get("a").intValue()).isEqualTo(1);
    assertThat(r.get("ss").get(0).intValue()).isEqualTo(1);
    assertThat(r.get("bin").textValue()).isEqualTo("aGVsbG8=");
    assertThat(r.get("ts").textValue()).isEqualTo("2001-12-14");
  }

  @Test
  void unknownTagsAreIgnored() {
    YamlDocument d =
        doc("a: !custom yes\nb: !custom 'yes'\nc: !!weird 010\nd: !thing {x: 1}\ne: !thing [1]\n");
    assertThat(d.root().get("a").booleanValue()).isTrue();
    assertThat(d.plainScalars()).containsEntry("/a", "yes").containsEntry("/c", "010");
    assertThat(d.root().get("b").textValue()).isEqualTo("yes");
    assertThat(d.root().get("c").intValue()).isEqualTo(8);
    assertThat(d.root().get("d").get("x").intValue()).isEqualTo(1);
    assertThat(d.root().get("e").get(0).intValue()).isEqualTo(1);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "!!int abc|the value \"abc\" cannot be read as !!int",
        "!!int 1.5|the value \"1.5\" cannot be read as !!int",
        "!!bool maybe|the value \"maybe\" cannot be read as !!bool",
        "!!null x|the value \"x\" cannot be read as !!null",
        "!!float abc|the value \"abc\" cannot be read as !!float",
        "!!float .inf|!!float .inf is a float that JSON cannot represent",
        "!!map [1]|the tag !!map cannot be used on a sequence",
        "!!seq {a: 1}|the tag !!seq cannot be used on a mapping",
        "!!str {a: 1}|the tag !!str cannot be used on a mapping",
        "!!seq x|the tag !!seq cannot be used on a scalar"
      })
  void valuesThatDoNotFitTheirTagAreErrors(String text, String message) {
    assertThatThrownBy(() -> value(text))
        .isInstanceOf(YamlException.class)
        .hasMessageStartingWith(message)
        .satisfies(e ->
            assertThat(((YamlException) e).location().orElseThrow().pointer()).isEqualTo("/v"));
  }

  @Test
  void plainScalarsRecordOnlyNonStrings() {
    YamlDocument d = doc("a: yes\nb: hello\nc: 1\nd: [on, x, 2.0]\n");
    assertThat(d.plainScalars())
        .containsOnlyKeys("/a", "/c", "/d/0", "/d/2")
        .containsEntry("/d/0", "on")
        .containsEntry("/d/2", "2.0");
  }

  @Test
  void aRootScalarIsResolvedToo() {
    YamlDocument d = doc("0x10\n");
    assertThat(d.root().intValue()).isEqualTo(16);
    assertThat(d.plainScalars()).containsEntry("", "0x10");
  }
}
