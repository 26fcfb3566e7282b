package dev.workloadmap.sdk.jq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.workloadmap.sdk.spi.JqEngine;
import dev.workloadmap.sdk.testing.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Parse errors (docs/format.md#evaluation, docs/format.md#validation-jq-sdk, docs/format.md#jq-engines-differ):
 * {@link JqParseException} with the reference's wrapper text, a one-line detail, and the 1-based line and column inside
 * the expression; and the run-time errors of names that jackson-jq accepts at compile time.
 */
class JqParseErrorTest {

  private final JqEngine engine = Jq.defaultEngine();

  private JqParseException parseError(String expression) {
    Throwable t = org.assertj.core.api.Assertions.catchThrowable(() -> engine.compile(expression));
    assertThat(t).as("compiling %s", expression).isInstanceOf(JqParseException.class);
    JqParseException e = (JqParseException) t;
    assertThat(e.expression()).contains(expression);
    assertThat(e.getMessage())
        .isEqualTo("failed to parse JQ expression '" + expression + "': " + e.detail());
    assertThat(e.detail()).as("detail on one line").doesNotContain("\n").doesNotContain("\r");
    return e;
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      value = {
        "`.invalid[[[syntax` | 1 | 18 | unexpected end of expression at line 1, column 18",
        "`{a:}`              | 1 | 4  | unexpected '}' at line 1, column 4",
        "`.a.[0]`            | 1 | 4  | unexpected '[' at line 1, column 4",
        "`..a`               | 1 | 3  | unexpected 'a' at line 1, column 3",
        "`select(.a ==)`     | 1 | 13 | unexpected ')' at line 1, column 13",
        "`.a | .b ) | .c`    | 1 | 9  | unexpected ')' at line 1, column 9",
        "`map(.a`            | 1 | 7  | unexpected end of expression at line 1, column 7",
        "`\"abc`             | 1 | 5  | unexpected end of expression at line 1, column 5",
        "`.a | \\`           | 1 | 6  | invalid character '\\' at line 1, column 6",
        "`.a + \"\\q\"`      | 1 | 8  | invalid character 'q' at line 1, column 8",
        "`.a | é`            | 1 | 6  | invalid character 'é' at line 1, column 6",
        "`def f: ; f`        | 1 | 8  | unexpected ';' at line 1, column 8",
      })
  void detailAndPositionInsideTheExpression(
      String expression, int line, int column, String detail) {
    JqParseException e = parseError(expression);
    assertThat(e.detail()).isEqualTo(detail);
    assertThat(e.line()).isEqualTo(line);
    assertThat(e.column()).isEqualTo(column);
  }

  @Test
  void jr11_invalidSyntax() {
    JqParseException e = parseError(".invalid[[[syntax");
    assertThat(e)
        .hasMessage(
            "failed to parse JQ expression '.invalid[[[syntax': unexpected end of expression at line 1, column 18");
  }

  @Test
  void ifWithoutElseIsAParseErrorWithAHint() {
    JqParseException e = parseError("if . then 1 end");
    assertThat(e.detail())
        .isEqualTo("unexpected 'end' at line 1, column 13 "
            + "(an if needs an else branch in the SDK's jq engine: if ... then ... else ... end)");
    assertThat(e.line()).isEqualTo(1);
    assertThat(e.column()).isEqualTo(13);
    assertThat(parseError(".a | if . then 1 elif . then 2 end").column()).isEqualTo(32);
  }

  @Test
  void positionsAreCountedPerLineInAMultiLineExpression() {
    JqParseException e = parseError(".spec\n| .replicatedJobs[]\n  | {x:}");
    assertThat(e.detail()).isEqualTo("unexpected '}' at line 3, column 8");
    assertThat(e.line()).isEqualTo(3);
    assertThat(e.column()).isEqualTo(8);
  }

  @Test
  void aTabCountsAsOneColumn() {
    JqParseException e = parseError(".a\n\t| )");
    assertThat(e.detail()).isEqualTo("unexpected ')' at line 2, column 4");
    assertThat(parseError("\t\t.a |").column()).isEqualTo(7);
  }

  @Test
  void endOfExpressionIsJustAfterTheLastCharacter() {
    JqParseException e = parseError(".a |\n  .b |");
    assertThat(e.detail()).isEqualTo("unexpected end of expression at line 2, column 7");
  }

  @Test
  void emptyExpressions() {
    for (String blank : new String[] {"", "   ", "# only a comment"}) {
      JqParseException e = parseError(blank);
      assertThat(e.detail()).isEqualTo("empty expression");
      assertThat(e.line()).isEqualTo(1);
      assertThat(e.column()).isEqualTo(1);
    }
  }

  @Test
  void integerLiteralBeyondLongIsAParseError() {
    // jackson-jq reads integer literals as long; gojq would accept this one
    JqParseException e = parseError(".a + 100000000000000000000");
    assertThat(e.detail())
        .isEqualTo(
            "number 100000000000000000000 is too large for the SDK's jq engine at line 1, column 6");
    assertThat(e.column()).isEqualTo(6);
  }

  @Test
  void errorsWithoutAPositionInTheMessageArePlacedAtTheQuotedFragment() {
    // issue 16: an error without a position is a defect; jackson-jq quotes the fragment, which is
    // found in the text
    JqParseException e = parseError(".a as $x | .b as $y");
    assertThat(e.detail())
        .isEqualTo("pipe cannot be terminated by assignment or label: | .b as $y");
    assertThat(e.line()).isEqualTo(1);
    assertThat(e.column()).isEqualTo(10);
  }

  @Test
  void deeplyNestedExpressionIsAParseErrorNotAStackOverflow() {
    String deep = "[".repeat(20_000) + "1" + "]".repeat(20_000);
    Throwable t = org.assertj.core.api.Assertions.catchThrowable(() -> engine.compile(deep));
    assertThat(t).isInstanceOf(JqParseException.class);
    assertThat(((JqParseException) t).detail()).isEqualTo("expression is nested too deeply");
  }

  @Test
  void parseErrorsAreNotCached() {
    assertThatThrownBy(() -> engine.compile("{a:}")).isInstanceOf(JqParseException.class);
    assertThatThrownBy(() -> engine.compile("{a:}")).isInstanceOf(JqParseException.class);
  }

  // --- names jackson-jq accepts at compile time; the linter rejects them statically
  // (docs/format.md#validation-jq-sdk)

  @Test
  void unknownFunctionCompilesButFailsAtRunTime() {
    JqProgram p = engine.compile("foo(1)");
    assertThatThrownBy(() -> p.apply(JqInput.of(Json.parse("{}"))))
        .isExactlyInstanceOf(JqEvaluationException.class)
        .hasMessage(
            "JQ execution error for expression 'foo(1)': function 'foo/1' is not defined in the SDK's jq engine")
        .satisfies(e -> assertThat(((JqEvaluationException) e).detail())
            .isEqualTo("function 'foo/1' is not defined in the SDK's jq engine"));
  }

  @Test
  void ec01_dashInAKeyIsASubtractionOfAnUnknownFunction() {
    JqProgram p = engine.compile(".metadata.labels.job-name");
    assertThatThrownBy(
            () -> p.apply(JqInput.of(Json.parse("{\"metadata\":{\"labels\":{\"job\":1}}}"))))
        .isExactlyInstanceOf(JqEvaluationException.class)
        .hasMessageEndingWith("function 'name/0' is not defined in the SDK's jq engine");
    assertThat(Json.compact(engine
            .compile(".metadata.labels[\"job-name\"]")
            .apply(JqInput.of(Json.parse("{\"metadata\":{\"labels\":{\"job-name\":\"j\"}}}")))))
        .containsExactly("\"j\"");
  }

  @Test
  void undefinedVariableFailsAtRunTime() {
    assertThatCode(() -> engine.compile("$missing")).doesNotThrowAnyException();
    assertThatThrownBy(() -> engine.compile("$missing").apply(JqInput.of(Json.parse("null"))))
        .isExactlyInstanceOf(JqEvaluationException.class)
        .hasMessage(
            "JQ execution error for expression '$missing': variable '$missing' is not defined");
  }

  @Test
  void unknownFunctionUnderTryFailsSilently() {
    // jackson-jq behaviour (libraries.md §3.3); this is why the linter checks names statically
    assertThat(engine.compile("[foo?]").apply(JqInput.of(Json.parse("null"))))
        .singleElement()
        .satisfies(v -> assertThat(v.size()).isZero());
  }

  @Test
  void runTimeErrorsKeepTheEngineTextOnOneLine() {
    assertThatThrownBy(() -> engine.compile(".a[]").apply(JqInput.of(Json.parse("{\"a\":null}"))))
        .isExactlyInstanceOf(JqEvaluationException.class)
        .hasMessage("JQ execution error for expression '.a[]': Cannot iterate over null (null)");
    assertThatThrownBy(() ->
            engine.compile("error(\"custom\\nproblem\")").apply(JqInput.of(Json.parse("null"))))
        .isExactlyInstanceOf(JqEvaluationException.class)
        .satisfies(
            e -> assertThat(((JqEvaluationException) e).detail()).isEqualTo("custom problem"));
  }

  /**
   * Found by JqFuzzTest (corpus crash-2d44e379...): jackson-jq's tree builder reports "assignment or label must be
   * followed by pipes" without a position; the error is placed at the fragment it quotes, never at line 0.
   */
  @Test
  void anErrorWithoutAPositionInJacksonJqsMessageIsPlacedAtTheFragmentItQuotes() {
    JqParseException e = parseError("def w:\n  .spec as $sn");
    assertThat(e.line()).as(e.getMessage()).isEqualTo(2);
    assertThat(e.column()).as(e.getMessage()).isEqualTo(3);
    JqParseException deep = parseError("[".repeat(100_000));
    assertThat(deep.line()).as(deep.getMessage()).isPositive();
    assertThat(deep.column()).as(deep.getMessage()).isPositive();
  }
}
