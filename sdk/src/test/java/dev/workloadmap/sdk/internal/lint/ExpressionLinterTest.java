package dev.workloadmap.sdk.internal.lint;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workloadmap.sdk.internal.jqast.JqParser;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Scoping, builtin sets and regex syntax, below the YAML layer (constructs the SDK's engine cannot compile too). */
class ExpressionLinterTest {

  private static final ExpressionLinter LINTER = new ExpressionLinter(BuiltinSets.standard());

  private static List<String> problems(String expression) {
    return LINTER.lint(JqParser.parse(expression), false).stream()
        .map(p -> p.ruleId() + " " + p.message() + " @" + p.offset())
        .toList();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        ". as [$a] ?// {a: $a} ?// $a | $a",
        ". as [$a, $b] ?// $a | [$a, $b]",
        "foreach .[] as $x (0; . + $x; [$x, .])",
        ". as {$a: [$b]} | $a + $b",
        ". as {(\"k\"): $v} | $v",
        "def f($a; g): def h: $a + g; h; f(1; 2)",
        "def f(g): def g: 3; g; f(.)",
        "def r: if . > 0 then . - 1 | r" + " else . end; r",
        "label $a | label $b | break $a, break $b",
        "reduce .[] as {a: $x} (0; . + $x)",
        "\"\\(. as $x | $x)\"",
        "{$__loc__}",
        "$ENV",
        "env",
        "input",
        "del(.a)",
        "range(3)"
      })
  void boundOrLeftToTheValidator(String expression) {
    assertThat(problems(expression)).isEmpty();
  }

  @Test
  void scopesEndWhereTheirBodyEnds() {
    assertThat(problems("(. as $x | $x), $x"))
        .containsExactly("jq.undefined-variable undefined variable '$x' @16");
    assertThat(problems("foreach .[] as $x ($x; .)"))
        .containsExactly("jq.undefined-variable undefined variable '$x' @19");
    assertThat(problems("def f($a): $a; $a"))
        .containsExactly("jq.undefined-variable undefined variable '$a' @15");
    assertThat(problems("def f(g): g; g"))
        .containsExactly("jq.unknown-function unknown function 'g/0' @13");
    assertThat(problems("(label $a | 1), break $a"))
        .containsExactly("jq.undefined-variable undefined label '$a' @16");
    assertThat(problems("def f: 1; f(1)"))
        .containsExactly("jq.unknown-function unknown function 'f/1' @10");
  }

  @Test
  void untilWithAConstantConditionIsAnEndlessLoop() {
    assertThat(problems("[1] | until(false; . + .)"))
        .containsExactly(
            "jq.endless-loop 'until(false; …)' never ends: it runs into the evaluation budget on every object @6");
    assertThat(problems("until(null; .)")).hasSize(1);
    assertThat(problems("until(. > 3; . + 1)")).isEmpty();
    assertThat(problems("[limit(3; repeat(.))]")).isEmpty();
  }

  @Test
  void aDefinitionThatCallsItselfUnconditionallyIsEndlessRecursionAtTheCall() {
    assertThat(problems("def f: f; f"))
        .containsExactly(
            "jq.endless-recursion 'def f' calls itself unconditionally: it never ends @7");
    assertThat(problems("def f: [f]; f")).hasSize(1);
    assertThat(problems("def f: . + f; f"))
        .singleElement()
        .satisfies(p -> assertThat(p).endsWith("@11"));
    assertThat(problems("def f: .a | f; f")).hasSize(1);
    assertThat(problems("def g(x): g(x), 1; g(.)")).hasSize(1);
    assertThat(problems("def g(x): 1, g(x); [limit(3; g(.))]"))
        .as("emits before it recurses, like repeat")
        .isEmpty();
    // a base case, a branch or a generator that may emit nothing ends it: not reported
    assertThat(problems("def r: if . > 0 then . - 1 | r else . end; r")).isEmpty();
    assertThat(problems("def f: .a // f; f")).isEmpty();
    assertThat(problems("def f: .[] | f; f")).isEmpty();
    assertThat(problems("def f: empty | f; f")).isEmpty();
    assertThat(problems("def f: f(1); f"))
        .as("another arity: an unknown function, not this one")
        .containsExactly("jq.unknown-function unknown function 'f/1' @7");
    assertThat(problems("def f(f): f; f(1)")).isEmpty();
  }

  @Test
  void aConstantRegexThatDoesNotCompileIsAnErrorAtItsLiteral() {
    // found by the new-user trial: test("(a") passed validate and failed on every object at run
    // time
    assertThat(problems(".metadata.name | test(\"(a\")"))
        .singleElement()
        .satisfies(p ->
            assertThat(p).startsWith("jq.regex invalid regular expression: ").endsWith("@22"));
    assertThat(problems(".metadata.name | test(\"[a-\")")).hasSize(1);
    assertThat(problems(".metadata.name | test(\"(a)\"; \"i\")")).isEmpty();
    assertThat(problems(".metadata.name | test(\"^job-[0-9]+$\")")).isEmpty();
  }

  @Test
  void aCatchHandlerThatReadsTheMessageIsRejected() {
    // issue 15's differential fuzzing: builtin error messages are worded differently by gojq and
    // jackson-jq
    assertThat(problems("try .a catch ."))
        .containsExactly(
            "jq.error-message the 'catch' handler reads the error"
                + " message, which the reference engine (gojq) and the SDK's engine word differently @13");
    assertThat(problems("try .a catch (. | length)")).hasSize(1);
    assertThat(problems("try .a catch \"\\(.)\"")).hasSize(1);
    assertThat(problems("try .a catch \"none\"")).isEmpty();
    assertThat(problems("try .a catch {reason: \"none\", n: [1, null]}")).isEmpty();
    assertThat(problems("try .a catch empty")).isEmpty();
    assertThat(problems("try .a")).isEmpty();
    assertThat(problems(".a?")).isEmpty();
  }

  @Test
  void anAsBindingAsAnObjectValueIsRejected() {
    // gojq 0.12.19 does not parse {a: . as $x | 1} (unexpected token "as"); the SDK's engine ran it
    // (fuzzing, issue 15)
    assertThat(problems("{a: numbers as $x | {} as $x | [$x, .]}"))
        .extracting(p -> p.substring(0, p.indexOf(' ')))
        .containsExactly("jq.as-precedence");
    assertThat(problems("{b: [.a] as $x | \"s\" | [$x, .]}")).hasSize(1);
    assertThat(problems("{a: (. as $x | 1)}")).isEmpty();
    assertThat(problems("{a: 1 | 2, b: 1 + 1}")).isEmpty();
  }

  @Test
  void aParenthesisedTryFollowedByMorePipelineIsRejected() {
    // jackson-jq's try around a parenthesised body also catches what follows it: `(.a)? |
    // error("y")` gave nothing
    assertThat(problems("(.a)? | error(\"y\")"))
        .extracting(p -> p.substring(0, p.indexOf(' ')))
        .containsExactly("jq.try-scope");
    assertThat(problems("(objects)? as $x | [$x]"))
        .extracting(p -> p.substring(0, p.indexOf(' ')))
        .containsExactly("jq.try-scope");
    assertThat(problems("(try .a) | length")).hasSize(1);
    assertThat(problems(".a? | length")).isEmpty();
    assertThat(problems("(.a | length)?")).isEmpty();
    assertThat(problems("try (.a | length) catch 0")).isEmpty();
  }

  @Test
  void builtinSetsCompareTheReferenceWithTheEngine() {
    BuiltinSets b = BuiltinSets.standard();
    assertThat(b.reference("abs", 0)).isTrue();
    assertThat(b.engine("abs", 0)).isFalse();
    assertThat(b.reference("keys_unsorted", 0)).isFalse();
    assertThat(b.engine("keys_unsorted", 0)).isTrue();
    assertThat(b.reference("select", 1)).isTrue();
    assertThat(b.engine("select", 1)).isTrue();
    assertThat(b.reference("splits", 2)).isTrue();
    assertThat(b.reference("getpath", 0)).isFalse();
    assertThat(b.reference("@base64", 0)).isTrue();
    assertThat(b.reference("@base32", 0)).isFalse();
    assertThat(b.referenceSet()).allMatch(k -> k.matches("@?[A-Za-z_][A-Za-z0-9_]*/[0-9]"));
    assertThat(problems(
            "ltrimstr(\"a\") | tostring | ascii_downcase | [splits(\"a\")] | any(. == \"\")"))
        .isEmpty();
    assertThat(problems("[.[] | toarray]"))
        .containsExactly("jq.unknown-function unknown function 'toarray/0' @7");
    assertThat(problems("input_line_number"))
        .containsExactly("jq.unknown-function unknown function 'input_line_number/0' @0");
    assertThat(problems("significand"))
        .containsExactly("jq.unsupported-function function 'significand/0' is not supported @0");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "^worker-[0-9]+$",
        "(?i)abc",
        "(?P<n>x)y",
        "(?<n>x)",
        "a{2,5}?",
        "[\\d-]\\.",
        "a+?b*?c??",
        "\\Qa.b\\E+",
        "[[:alpha:]]+",
        "[*+?]",
        "a{,2}",
        "\\x41\\pL\\p{Greek}",
        "\\12",
        "(?s:.)",
        "a|b|(c)",
        "x{1000}",
        "\\bword\\B\\A\\z"
      })
  void re2AcceptsWhatGoAccepts(String re) {
    assertThat(Re2Check.check(re)).as(re).isNull();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "^(?!kube-)",
        "(?=a)",
        "(?<=a)b",
        "(?<!a)b",
        "(a)\\1",
        "\\k<n>",
        "a*+",
        "a++",
        "a?+",
        "(?>a)",
        "(?#c)",
        "(?(1)a|b)",
        "a{1001}",
        "a{2}{3}",
        "\\h",
        "\\G",
        "\\Z",
        "\\K",
        "\\R",
        "\\X",
        "(?x) a",
        "\\8",
        "(?'n'a)",
        "[a",
        "a\\"
      })
  void re2RejectsOnigurumaOnlySyntax(String re) {
    assertThat(Re2Check.check(re)).as(re).isNotNull();
  }

  @Test
  void regexProblemsPointIntoTheLiteral() {
    String e = "test(\"^a\\\\d(?!x)\")";
    assertThat(problems(e))
        .containsExactly("jq.regex regular expression not supported by the reference engine @"
            + e.indexOf("(?!"));
  }
}
