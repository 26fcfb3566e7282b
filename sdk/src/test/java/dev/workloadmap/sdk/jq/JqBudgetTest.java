package dev.workloadmap.sdk.jq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.workloadmap.sdk.spi.JqEngine;
import dev.workloadmap.sdk.testing.Json;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The evaluation budget (docs/format.md#evaluation, docs/format.md#decision-c; FC-33): expressions that never end or
 * grow without bound stop with a budget error within the time budget. Every test runs with a 200 ms budget and must end
 * well within the preemptive 20 s bound, which is generous on purpose: the test asserts that the evaluation stops, not
 * how fast.
 */
class JqBudgetTest {

  static final Duration BUDGET = Duration.ofMillis(200);
  static final Duration BOUND = Duration.ofSeconds(20);
  static final JqInput ZERO = JqInput.of(Json.parse("0"));

  private final JqEngine engine = Jq.newEngine(JqOptions.defaults().withBudget(BUDGET));

  private void assertDeadline(String expression, JqInput input) {
    assertTimeoutPreemptively(
        BOUND,
        () -> assertThatThrownBy(() -> engine.compile(expression).apply(input))
            .isInstanceOf(JqBudgetExceededException.class)
            .hasMessage("JQ execution error for expression '" + expression + "': "
                + "evaluation exceeded its time budget of 200ms (context deadline exceeded)")
            .satisfies(
                e -> assertThat(((JqBudgetExceededException) e).budget()).isEqualTo(BUDGET)));
  }

  private void assertStackExhausted(String expression) {
    assertTimeoutPreemptively(
        BOUND,
        () -> assertThatThrownBy(() -> engine.compile(expression).apply(ZERO))
            .isInstanceOf(JqBudgetExceededException.class)
            .hasMessage("JQ execution error for expression '" + expression + "': "
                + "evaluation recursed too deeply (stack overflow)"));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        // FC-33 inputs
        "until(false; .)",
        "[while(true; .)]",
        "label $l | [range(100000000)] | length",
        "-([range(100000000)] | length)",
        // ranges that would run for hours
        "range(0; 1e12) | select(. < 0)",
        "[range(1e12)] | length",
        "[range(0; 1e12; 0.5)] | length",
        "[range(1e12; 0; -1)] | length",
        // other loops
        "last(recurse(. + 1))",
        "[limit(1e9; recurse(.))] | length",
        "[recurse(.; true)] | length",
        "[1 | while(true; . + 1)] | length",
        "any(range(1e12); . < 0)",
        "all(range(1e12); . >= 0)",
        "first(range(1e12) | select(. < 0))",
        "nth(1e11; range(1e12))",
        "reduce range(1e12) as $i (0; . + $i)",
        "[foreach range(1e12) as $i (0; . + 1)] | length",
        "[range(1e6)] | combinations(3) | select(false)",
        "[paths] | length, (0 | until(. < 0; . + 1))"
      })
  void fc33_endlessEvaluationsStopAtTheDeadline(String expression) {
    assertDeadline(expression, ZERO);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"def f: f; f", "def f: [f]; f", "def f: 1 + f; f", "def f(g): f(g + 1); f(.)"})
  void fc33_recursionWithoutEndIsStoppedByTheStack(String expression) {
    assertStackExhausted(expression);
  }

  @Test
  void rangeWithAHugeUpperBoundHitsTheResultLimitAndReturnsNothing() {
    assertTimeoutPreemptively(
        BOUND,
        () -> assertThatThrownBy(() -> engine.compile("range(0; 1e12)").apply(ZERO))
            .isInstanceOf(JqResultLimitException.class)
            .hasMessage("JQ execution error for expression 'range(0; 1e12)': "
                + "query results exceed the allowed number 1000"));
  }

  @Test
  void repeatIsNotDefinedAndFailsCleanly() {
    assertTimeoutPreemptively(
        BOUND,
        () -> assertThatThrownBy(() -> engine.compile("[limit(1e9; repeat(1))]").apply(ZERO))
            .isExactlyInstanceOf(JqEvaluationException.class)
            .hasMessage("JQ execution error for expression '[limit(1e9; repeat(1))]': "
                + "function 'repeat/1' is not defined in the SDK's jq engine"));
  }

  @Test
  void aSingleSlowOperationIsReportedWhenItFinishes() {
    // string repetition is one operator call and cannot be interrupted; the end-of-evaluation check
    // still rejects
    // the late result
    String expression = "\"x\" * 100000000 | length";
    assertDeadline(expression, ZERO);
  }

  @Test
  void anAllocationTooLargeForTheHeapIsABudgetError() {
    // jackson-jq repeats a string with one StringBuilder of count * length chars: 2^31 - 1 here
    assertTimeoutPreemptively(
        BOUND,
        () -> assertThatThrownBy(() -> engine.compile("\"x\" * 1e10 | length").apply(ZERO))
            .isInstanceOf(JqBudgetExceededException.class)
            .hasMessageStartingWith(
                "JQ execution error for expression '\"x\" * 1e10 | length': evaluation ran out of memory ("));
  }

  @Test
  void theAllocationBudgetStopsGrowth() {
    JqEngine small = Jq.newEngine(
        JqOptions.defaults().withBudget(Duration.ofSeconds(60)).withMaxAllocatedBytes(32L << 20));
    String expression = "[range(1e9)] | length";
    assertTimeoutPreemptively(
        BOUND,
        () -> assertThatThrownBy(() -> small.compile(expression).apply(ZERO))
            .isInstanceOf(JqBudgetExceededException.class)
            .hasMessage("JQ execution error for expression '" + expression + "': "
                + "evaluation allocated more than its memory budget of 32MiB"));
  }

  @Test
  void loopsThatFinishAreNotLimitedByTheStack() {
    // jackson-jq's own jq-defined until/while/recurse overflow the stack after a few hundred steps;
    // gojq gives these
    JqEngine patient = Jq.newEngine(JqOptions.defaults());
    assertThat(Json.compact(patient.compile("until(. >= 100000; . + 1)").apply(ZERO)))
        .containsExactly("100000");
    assertThat(
            Json.compact(patient.compile("[while(. < 100000; . + 1)] | length").apply(ZERO)))
        .containsExactly("100000");
    assertThat(Json.compact(
            patient.compile("[limit(100000; recurse(. + 1))] | last").apply(ZERO)))
        .containsExactly("99999");
  }

  @Test
  void theBudgetIsPerEvaluationNotPerEngine() {
    JqProgram quick = engine.compile("[range(1000)] | length");
    for (int i = 0; i < 50; i++) {
      assertThat(Json.compact(quick.apply(ZERO))).isEqualTo(List.of("1000"));
    }
    assertDeadline("range(0; 1e12) | select(. < 0)", ZERO);
    // a failed evaluation leaves nothing behind for the next one on the same thread
    assertThat(Json.compact(quick.apply(ZERO))).isEqualTo(List.of("1000"));
  }

  @Test
  void anEnormousBudgetIsAccepted() {
    JqEngine forever =
        Jq.newEngine(JqOptions.defaults().withBudget(Duration.ofDays(365L * 100_000)));
    assertThat(Json.compact(forever.compile("[range(3)]").apply(ZERO))).containsExactly("[0,1,2]");
  }

  @Test
  void optionsRejectNonsense() {
    assertThatThrownBy(() -> new JqOptions(Duration.ZERO, 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("budget must be positive, got PT0S");
    assertThatThrownBy(() -> new JqOptions(Duration.ofSeconds(1), 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("maxResults must be at least 1, got 0");
    assertThatThrownBy(() -> JqOptions.defaults().withMaxAllocatedBytes(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("maxAllocatedBytes must be at least 1, got 0");
    assertThat(JqOptions.defaults())
        .isEqualTo(new JqOptions(Duration.ofSeconds(10), 1000, 1L << 30))
        .isEqualTo(new JqOptions(Duration.ofSeconds(10), 1000));
  }
}
