package dev.workloadmap.sdk.jq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.workloadmap.sdk.spi.JqEngine;
import dev.workloadmap.sdk.testing.JqOracle;
import dev.workloadmap.sdk.testing.Json;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Regular expressions run on RE2/J (linear time, RE2 semantics as in the reference's Go regexp), and values that
 * grow inside a loop stop at the memory budget. Outcomes are compared with gojq 0.12.19 when it is installed.
 */
class JqRegexRe2Test {

  private static final Duration BOUND = Duration.ofSeconds(60);
  private final JqEngine engine = Jq.defaultEngine();

  @Test
  void exponentialBacktrackingPatternIsLinear() {
    // joni needed 128 s for 30 characters and did not finish 41 in 180 s; RE2 is linear in the
    // input
    String name = "a".repeat(5_000) + "!";
    String expr = "test(\"^(a+)+$\")";
    List<com.fasterxml.jackson.databind.JsonNode> out = assertTimeoutPreemptively(
        BOUND, () -> engine.compile(expr).apply(JqInput.of(Json.parse("\"" + name + "\""))));
    assertThat(out).singleElement().satisfies(v -> assertThat(v.booleanValue()).isFalse());
  }

  @Test
  void backreferencesAreRejectedAsRe2Does() {
    assertThatThrownBy(
            () -> engine.compile("test(\"(a)\\\\1\")").apply(JqInput.of(Json.parse("\"aa\""))))
        .isInstanceOf(JqEvaluationException.class)
        .hasMessageContaining("invalid regular expression");
  }

  @Test
  void unsupportedFlagIsAnErrorAsInTheReference() {
    assertThatThrownBy(
            () -> engine.compile("test(\"a\"; \"x\")").apply(JqInput.of(Json.parse("\"a\""))))
        .isInstanceOf(JqEvaluationException.class)
        .hasMessageContaining("unsupported regular expression flag: \"x\"");
  }

  @Test
  void aDoublingValueStopsAtTheMemoryBudget() {
    JqEngine small = Jq.newEngine(JqOptions.defaults().withMaxAllocatedBytes(64L << 20));
    String expr = "[1] | until(false; . + .)";
    assertTimeoutPreemptively(
        BOUND,
        () -> assertThatThrownBy(() -> small.compile(expr).apply(JqInput.of(Json.parse("null"))))
            .isInstanceOf(JqBudgetExceededException.class)
            .hasMessageContaining("evaluation allocated more than its memory budget of 64MiB"));
  }

  @ParameterizedTest
  @CsvSource(
      delimiterString = " ON ",
      quoteCharacter = '\'',
      value = {
        "[match(\"x\"; \"gi\")] ON '\"aXbxc\"'",
        "[match(\"(x)?b\")] ON '\"ab\"'",
        "[match(\"b\")] ON '\"aéb😀b\"'",
        "[match(\"\"; \"g\")] ON '\"ab😀\"'",
        "[match(\"a*\"; \"g\")] ON '\"baaab\"'",
        "[match(\"^a\"; \"g\")] ON '\"aaa\"'",
        "test(\"(?<n>x)\") ON '\"aXbxc\"'",
        "[capture(\"(?<y>\\\\d+)-(?<m>\\\\d+)\")] ON '\"2024-05\"'",
        "[scan(\"a.\")] ON '\"abacad\"'",
        "[scan(\"(a)(.)\")] ON '\"abacad\"'",
        "split(\"b\"; null) ON '\"abab\"'",
        "split(\", *\"; null) ON '\"a, b,c\"'",
        "[splits(\"a\")] ON '\"banana\"'",
        "[sub(\"(?<x>b)\"; \"[\\(.x)]\", \"<\\(.x)>\")] ON '\"abcb\"'",
        "[gsub(\"b\"; \"1\", \"2\")] ON '\"abab\"'",
        "gsub(\"\"; \"-\") ON '\"abc\"'",
        "gsub(\"(?<l>[a-z])\"; .l | ascii_upcase) ON '\"a1b2\"'",
        "sub(\"x\"; \"y\") ON '\"abc\"'",
        "[match(\"A\"; \"i\")] | length ON '\"aaa\"'",
        "test(\"a.c\"; \"m\") ON '\"a\\nc\"'",
        "test(\"a.c\") ON '\"a\\nc\"'",
        "[match(\"(?i)é\")] ON '\"É\"'",
        "test(\"\\\\p{Greek}\") ON '\"α\"'",
      })
  void agreesWithTheReference(String expression, String input) {
    JqOracle gojq = JqOracle.gojq();
    assumeTrue(gojq.isAvailable(), "gojq is not installed");
    JqOracle.Comparison c = gojq.compare(engine, expression, input);
    assertThat(c.agrees()).as(c.describe()).isTrue();
  }
}
