package dev.workloadmap.sdk.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.workloadmap.sdk.jq.Jq;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** The differential oracle itself: process handling, failures, and the comparison rules. */
class JqOracleTest {

  private static JqOracle gojq() {
    Assumptions.assumeTrue(JqOracle.gojq().isAvailable(), JqOracle.gojq().unavailableReason());
    return JqOracle.gojq();
  }

  @Test
  void runsAnExpressionWithCompactOutput() {
    JqOracle.Outcome o =
        gojq().run(".items[] | {b: .x, a: 1}", "{\"items\":[{\"x\":1.0},{\"x\":\"s\"}]}");
    assertThat(o.failed()).isFalse();
    assertThat(o.lines()).containsExactly("{\"a\":1,\"b\":1}", "{\"a\":1,\"b\":\"s\"}");
    assertThat(gojq().version()).startsWith("gojq ");
  }

  @Test
  void expressionsThatLookLikeOptionsAreStillExpressions() {
    // the expression is passed in a file, never as an argument, so a leading dash is not an option
    assertThat(gojq().evaluate("-1", "null")).containsExactly("-1");
    assertThat(gojq().evaluate("def version: 1; --version", "null")).containsExactly("1");
  }

  @Test
  void failuresAreErrorsWithTheOraclesMessage() {
    JqOracle.Outcome o = gojq().run(".a[]", "{\"a\":null}");
    assertThat(o.failed()).isTrue();
    assertThat(o.comparable()).containsExactly(JqOracle.ERROR);
    assertThat(o.stderr()).contains("cannot iterate over");
    assertThat(gojq().evaluate("if", "null")).containsExactly(JqOracle.ERROR);
  }

  @Test
  void endlessOutputIsStopped() {
    assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
      JqOracle.Outcome o = gojq().run("range(1e12)", "null");
      assertThat(o.timedOut()).isTrue();
      assertThat(o.comparable()).containsExactly(JqOracle.ERROR);
      assertThat(o.lines()).hasSizeLessThanOrEqualTo(JqOracle.MAX_LINES);
    });
  }

  @Test
  void comparisonAgreesOnEqualTextAndOnTwoFailures() {
    assertThat(
            gojq().compare(Jq.defaultEngine(), "{b: .x, a: 1}", "{\"x\":2.0}").agrees())
        .isTrue();
    assertThat(gojq().compare(Jq.defaultEngine(), ".a[]", "{\"a\":null}").agrees())
        .isTrue();
  }

  @Test
  void comparisonReportsADifference() {
    // gojq accepts an if without else; the SDK's engine does not (docs/format.md#jq-engines-differ)
    JqOracle.Comparison c = gojq().compare(Jq.defaultEngine(), "if . then 1 end", "true");
    assertThat(c.agrees()).isFalse();
    assertThat(c.ours()).containsExactly(JqOracle.ERROR);
    assertThat(c.theirs()).containsExactly("1");
    assertThat(c.describe()).contains("expression: if . then 1 end").contains("oracle: [1]");
  }

  @Test
  void oursRendersLikeTheReference() {
    assertThat(
            JqOracle.ours(Jq.defaultEngine(), ".[]", "[1.0, 1e21, {\"b\":null,\"a\":\"\\u0001\"}]"))
        .containsExactly("1", "1e+21", "{\"a\":\"\\u0001\",\"b\":null}");
    assertThat(JqOracle.ours(Jq.defaultEngine(), "{a:}", "null")).containsExactly(JqOracle.ERROR);
  }

  @Test
  void jqNumberTextIsNormalisedForComparison() {
    Assumptions.assumeTrue(JqOracle.jq().isAvailable(), "jq not installed: apt-get install jq");
    List<String> raw = JqOracle.jq().evaluate("[1e17, 0.00001, {b: 1, a: 2}]", "null");
    assertThat(raw).containsExactly("[1e+17,1e-05,{\"b\":1,\"a\":2}]");
    assertThat(JqOracle.normalised(raw))
        .containsExactly("[100000000000000000,0.00001,{\"a\":2,\"b\":1}]");
    assertThat(JqOracle.normalised(List.of(JqOracle.ERROR))).containsExactly(JqOracle.ERROR);
  }
}
