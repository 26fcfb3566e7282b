package dev.workloadmap.sdk.jq;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workloadmap.sdk.testing.JqOracle;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code range/1}, {@code range/2} and {@code range/3} (replaced by the binding so that the deadline is checked):
 * exactly jq's and gojq's results, including streams as arguments, negative and fractional steps, a zero step and
 * non-numeric bounds. The expected values were taken from gojq 0.12.11 and jq 1.6, which agree on all of them
 * except {@code range(1; 3; null)}, where jq 1.6 gives {@code []} and gojq (the reference) an error; each case is
 * also checked against gojq when it is installed.
 */
class JqRangeTest {

  @ParameterizedTest(name = "{0} = {1}")
  @CsvSource(
      delimiterString = "=>",
      value = {
        "[range(3)] => [0,1,2]",
        "[range(2.5)] => [0,1,2]",
        "[range(-1)] => []",
        "[range(0)] => []",
        "[range(1, 2)] => [0,0,1]",
        "[range(0.5; 3)] => [0.5,1.5,2.5]",
        "[range(3; 0)] => []",
        "[range(1, 2; 3, 4)] => [1,2,1,2,3,2,2,3]",
        "[range(0; 10; 3)] => [0,3,6,9]",
        "[range(5; 0; -2)] => [5,3,1]",
        "[range(3; 1; -1)] => [3,2]",
        "[range(0; -5; -1.5)] => [0,-1.5,-3,-4.5]",
        "[range(0; 1; 0.3)] => [0,0.3,0.6,0.8999999999999999]",
        "[range(0.1; 1; 0.1)] | length => 10",
        "[range(0; 1; 0.1)] | length => 11",
        "[range(0, 1; 3, 4; 1, 2)] => [0,1,2,0,2,0,1,2,3,0,2,1,2,1,1,2,3,1,3]",
        "[range(1; 10; 0)] => []",
        "[range(0; 3; nan)] => []",
        "[range(nan)] => []",
        "[range(1e18; 1e18 + 3)] => []",
        "[limit(3; range(1; 10; 0))] => []",
        "first(range(10; 0; -3)) => 10",
        "[range(.n)] => [0,1,2,3]",
        "[.n as $n | range($n; 0; -1)] => [4,3,2,1]",
        "[range(0, \"a\"; 2)] | length => error",
        "[range(\"a\")] => error",
        "[range(1; \"a\")] => error",
        "[range(null)] => error",
        "[range(1; 3; null)] => error",
        "[range(1; 3; \"a\")] => error",
      })
  void rangeMatchesTheReference(String expression, String expected) {
    List<String> ours = JqOracle.ours(Jq.defaultEngine(), expression, "{\"n\":4}");
    assertThat(ours).containsExactly(expected);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "[range(3)]",
        "[range(2.5)]",
        "[range(1, 2; 3, 4)]",
        "[range(5; 0; -2)]",
        "[range(0; -5; -1.5)]",
        "[range(0; 1; 0.3)]",
        "[range(0, 1; 3, 4; 1, 2)]",
        "[range(1; 10; 0)]",
        "[range(0; 3; nan)]",
        "[range(.n)]",
        "[range(\"a\")]",
        "[range(1; 3; null)]",
        "[range(1e18; 1e18 + 3)]"
      })
  void gojqAgrees(String expression) {
    Assumptions.assumeTrue(JqOracle.gojq().isAvailable(), JqOracle.gojq().unavailableReason());
    JqOracle.Comparison c = JqOracle.gojq().compare(Jq.defaultEngine(), expression, "{\"n\":4}");
    assertThat(c.agrees()).as(c.describe()).isTrue();
  }

  @Test
  void jq16DiffersOnANullStepAndTheSdkFollowsGojq() {
    Assumptions.assumeTrue(JqOracle.jq().isAvailable(), "jq not installed: apt-get install jq");
    assertThat(JqOracle.jq().evaluate("[range(1; 3; null)]", "null")).containsExactly("[]");
    assertThat(JqOracle.ours(Jq.defaultEngine(), "[range(1; 3; null)]", "null"))
        .containsExactly(JqOracle.ERROR);
  }
}
