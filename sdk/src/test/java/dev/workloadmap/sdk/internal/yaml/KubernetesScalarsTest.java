package dev.workloadmap.sdk.internal.yaml;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workloadmap.sdk.internal.yaml.KubernetesScalars.Kind;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The go-yaml v2 helpers: Go's ParseInt syntax, FormatFloat('g', -1, 64) for keys, and JSON pointer escaping. */
class KubernetesScalarsTest {

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({
    "1.5, 1.5",
    "1000.0, 1000",
    "123456.7, 123456.7",
    "999999.0, 999999",
    "1000000.0, 1e+06",
    "1234567.0, 1.234567e+06",
    "0.0001, 0.0001",
    "0.00001, 1e-05",
    "1.5e-7, 1.5e-07",
    "1e21, 1e+21",
    "1.0e100, 1e+100",
    "-2.5, -2.5",
    "-0.0, -0",
    "0.0, 0",
    "0.1, 0.1"
  })
  void floatKeysAreFormattedLikeGoFormatFloatG(double value, String expected) {
    assertThat(KubernetesScalars.formatGoFloat(value)).isEqualTo(expected);
  }

  @Test
  void nonFiniteKeysAreFormattedLikeGo() {
    assertThat(KubernetesScalars.formatGoFloat(Double.POSITIVE_INFINITY)).isEqualTo("+Inf");
    assertThat(KubernetesScalars.formatGoFloat(Double.NEGATIVE_INFINITY)).isEqualTo("-Inf");
    assertThat(KubernetesScalars.formatGoFloat(Double.NaN)).isEqualTo("NaN");
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({
    "0, 0",
    "-0, 0",
    "7, 7",
    "+7, 7",
    "0x7f, 127",
    "0X7F, 127",
    "0b11, 3",
    "0o17, 15",
    "017, 15",
    "-017, -15",
    "99999999999999999999999, 99999999999999999999999"
  })
  void goParseIntSyntax(String text, String expected) {
    assertThat(KubernetesScalars.parseGoInt(text)).isEqualTo(new BigInteger(expected));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "", "-", "+", "0x", "0b", "0o", "08", "0b2", "1a", "0x1g", "--1", "+-1", "1 ", "\uFF11"
      })
  void notGoIntegers(String text) {
    assertThat(KubernetesScalars.parseGoInt(text)).isNull();
  }

  @Test
  void explicitFloatTagAcceptsIntegers() {
    KubernetesScalars.Resolved r = KubernetesScalars.resolveAs(Kind.FLOAT, "0x10");
    assertThat(r.kind()).isEqualTo(Kind.FLOAT);
    assertThat(r.value().isDouble()).isTrue();
    assertThat(r.value().doubleValue()).isEqualTo(16.0);
    assertThat(KubernetesScalars.resolveAs(Kind.INTEGER, "1.0")).isNull();
  }

  @Test
  void pointerTokensEscapeTildeBeforeSlash() {
    assertThat(NodeConverter.escape("plain")).isEqualTo("plain");
    assertThat(NodeConverter.escape("a/b~c")).isEqualTo("a~1b~0c");
    assertThat(NodeConverter.escape("~1")).isEqualTo("~01");
    assertThat(NodeConverter.escape("/~")).isEqualTo("~1~0");
  }
}
