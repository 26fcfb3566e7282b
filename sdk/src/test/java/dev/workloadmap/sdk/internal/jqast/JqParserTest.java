package dev.workloadmap.sdk.internal.jqast;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The validation parser: what it accepts, the tree it builds, positions, and its syntax errors. */
class JqParserTest {

  /**
   * Every construct of docs/format.md#jq-constructs and its listed patterns, and the rest of the grammar definitions
   * may use.
   */
  static final List<String> VALID = List.of(
      // docs/format.md#jq-constructs paths
      ".",
      ".a.b",
      ".labels[\"app.kubernetes.io/name\"]",
      ".\"quoted-field\"",
      ".items[]",
      ".[]",
      "[]?",
      ".[]?",
      ".a[]?",
      ".a[0]",
      ".[0:3]",
      "[.a, .b][0]",
      ".a.b[2:]",
      ".a[:2]",
      ".a.[0]",
      ".a.\"b\"",
      ".[\"a\"]?",
      // docs/format.md#jq-constructs operators and literals
      ".a | .b",
      ".a // 1",
      ".a // []",
      ".a // false",
      "(.a)",
      ".a == 1",
      ".a != 1",
      ".a < 1",
      ".a > 1",
      ".a >= 1",
      ".a <= 1",
      ".a and .b",
      ".a or .b",
      ".a * 2",
      ".a - 1",
      ".a + 1",
      ".a / 2",
      ".a % 2",
      "tonumber?",
      ".a, .b",
      "\"s\"",
      "1",
      "1.5",
      "1e3",
      ".5",
      "1E-3",
      "true",
      "false",
      "null",
      "[1, 2]",
      "[]",
      "{requests: .spec.resources}",
      "if .a then 1 else 2 end",
      "if .a then 1 elif .b then 2 else 3 end",
      // docs/format.md#jq-constructs builtins and conformance patterns
      "select(.a)",
      "any(.a)",
      "any(.a; .b)",
      "all(.a)",
      "length",
      "to_entries",
      "tostring",
      "type",
      "not",
      "ascii_downcase",
      "map(.a)",
      "has(\"a\")",
      "startswith(\"a\")",
      ".spec.services | to_entries[] | .key",
      ".spec.services | .[] | .x",
      ".spec.replicatedJobs[] | .replicas * .template.spec.parallelism",
      "(.spec.replicas // 1) * (.spec.template.cliques[].spec.replicas // 1)",
      ".metadata.annotations[\"autoscaling.knative.dev/min-scale\"] // 1 | tonumber",
      "[.metadata.ownerReferences[]? | select(.kind == \"Sandbox\") | .uid][0]",
      "any(.status.conditions // [] | .[]; .type == \"Ready\" and .status == \"False\")",
      "if .spec.operatingMode == \"Suspended\" then 0 else 1 end",
      // the rest of the grammar
      "-.a",
      "-1 + 2",
      "+1",
      ".a?",
      ".a??",
      ".a?.b",
      "..",
      "..?",
      ".. | .a",
      "\"a\\(.b)c\\(.d)\"",
      "\"\\(1, 2)\"",
      "\"\\u00e9\\n\\t\\\"\\\\\\/\"",
      "@base64",
      "@json \"x\\(.)\"",
      "@base64d",
      "$x",
      "$__loc__",
      "$ENV.PATH",
      "{a: 1, $b, \"c\": 2, (.d): 3, @base64 \"e\": 4, f, \"g\"}",
      "{a: 1,}",
      "{if: 1, and: 2}",
      "{a: 1 | 2}",
      "{a: .b + 1, c: -.d}",
      "{\"a\\(1)\": 2}",
      ". as $x | $x",
      ". as [$a, $b] | $a",
      ". as {a: $x, $y} | $x",
      ". as {$a: [$b]} | $b",
      ". as {\"a\": $x, (\"b\"): $y} | $x",
      ". as [$a] ?// $a | $a",
      "reduce .[] as $x (0; . + $x)",
      "reduce .[] as [$a, $b] (0; . + $a)",
      "foreach .[] as $x (0; . + 1)",
      "foreach .[] as $x (0; . + 1; [$x, .])",
      "try .a",
      "try .a catch .b",
      "try error(\"x\") catch . == \"x\"",
      "label $out | 1, break $out",
      "def f: 1; f",
      "def f(g): g; f(.)",
      "def f($a; b): $a + b; f(1; 2)",
      "def f: def g: 3; g; f",
      "def f: 1; def g: 2; f + g",
      ".a | def f: .; f",
      "1 + 3 as $a | ($a * 2)",
      "1 as $x | 2 as $y | [$x, $y]",
      ".a as $x | .b as $y | $x + $y",
      ".a |= 1",
      ".a = 1",
      ".a += 1",
      ".a -= 1",
      ".a *= 2",
      ".a /= 2",
      ".a %= 2",
      ".a //= 1",
      "a::b",
      "limit(3; .[])",
      "first(.[])",
      "getpath([\"a\"])",
      "[paths]",
      "path(.a)",
      ".a # a comment\n| .b",
      "  .a  ",
      "{a: 1}.a",
      "$x[0]",
      "$x.a",
      "(1).a",
      "\"abc\".x",
      "[.[] as $x | $x]",
      "{(1, 2 | tostring): 3}",
      ".[.a]",
      ".a[\"b\"][\"c\"]",
      "..[0]",
      ". [0]",
      ".a .b",
      "if . then 1 else 2 end | .a",
      "reduce .[] as $x (0; .) | . + 1",
      "{a: reduce .[] as $x (0; .)}",
      "1 // 2 // 3",
      "1 - 2 - 3",
      "not",
      "error",
      "empty",
      "[.[] | numbers]",
      ".a and (.b or .c) and not");

  @ParameterizedTest
  @MethodSource("valid")
  void parsesAndRoundTrips(String expression) {
    JqNode tree = JqParser.parse(expression);
    String printed = JqPrinter.print(tree);
    assertThat(JqPrinter.print(JqParser.parse(printed)))
        .as("round trip of %s", printed)
        .isEqualTo(printed);
    assertRangesNest(tree, expression);
  }

  static Stream<String> valid() {
    return VALID.stream();
  }

  /** Every node lies inside the expression and inside its parent, and children come in source order. */
  static void assertRangesNest(JqNode root, String expression) {
    Deque<JqNode> todo = new ArrayDeque<>();
    todo.push(root);
    assertThat(root.start()).isGreaterThanOrEqualTo(0);
    assertThat(root.end()).isLessThanOrEqualTo(expression.length());
    while (!todo.isEmpty()) {
      JqNode n = todo.pop();
      assertThat(n.start()).as("%s", n).isLessThan(n.end());
      int previous = n.start();
      for (JqNode c : n.children()) {
        assertThat(c.start()).as("child %s of %s", c, n).isGreaterThanOrEqualTo(previous);
        assertThat(c.end()).as("child %s of %s", c, n).isLessThanOrEqualTo(n.end());
        previous = c.start();
        todo.push(c);
      }
    }
  }

  static Stream<Arguments> shapes() {
    return Stream.of(
        Arguments.of("1 + 3 as $a | ($a * 2)", "(1 + ((1 + 0 - 0) as $a | ($a * 2)))"),
        Arguments.of(".a // .b | tonumber", "((.a // .b) | tonumber)"),
        Arguments.of("1 // 2 // 3", "(1 // (2 // 3))"),
        Arguments.of("1 - 2 - 3", "((1 - 2) - 3)"),
        Arguments.of("1 + 2 * 3", "(1 + (2 * 3))"),
        Arguments.of(".a, .b | .c", "((.a , .b) | .c)"),
        Arguments.of(".a | .b | .c", "(.a | (.b | .c))"),
        Arguments.of(".a == 1 and .b != 2 or .c", "(((.a == 1) and (.b != 2)) or .c)"),
        Arguments.of(".a // .b == \"x\"", "(.a // (.b == \"x\"))"),
        Arguments.of(".metadata.labels.job-name", "(.metadata.labels.job - name)"),
        Arguments.of("-.a * 2", "((-.a) * 2)"),
        Arguments.of("try .a + 1", "((try .a) + 1)"),
        Arguments.of(".a = .b | .c", "((.a = .b) | .c)"),
        Arguments.of("def f: 1; f | g", "(def f: 1; (f | g))"),
        Arguments.of("{a: 1 | 2, b}", "{a: (1 | 2), b}"),
        Arguments.of(".a[1:][0]?", ".a[1:][0]?"),
        Arguments.of("\"x\\(.a)y\"", "\"x\\(.a)y\""));
  }

  @ParameterizedTest
  @MethodSource("shapes")
  void precedenceAndShape(String expression, String expected) {
    String want = expected.replace("(1 + 0 - 0)", "(3)");
    assertThat(JqPrinter.print(JqParser.parse(expression))).isEqualTo(want);
  }

  @Test
  void fc27_asBindingIsTheRightOperand() {
    JqNode.Binary plus = (JqNode.Binary) JqParser.parse("1 + 3 as $a | ($a * 2)");
    assertThat(plus.op()).isEqualTo("+");
    assertThat(plus.right()).isInstanceOf(JqNode.AsBinding.class);
    assertThat(((JqNode.AsBinding) plus.right()).asStart()).isEqualTo(6);
  }

  @Test
  void positionsPointAtTheToken() {
    String e = ".spec.x | foo(1) + $v";
    JqNode.Binary pipe = (JqNode.Binary) JqParser.parse(e);
    assertThat(pipe.opStart()).isEqualTo(e.indexOf('|'));
    JqNode.Binary plus = (JqNode.Binary) pipe.right();
    assertThat(plus.opStart()).isEqualTo(e.indexOf('+'));
    assertThat(plus.left().start()).isEqualTo(e.indexOf("foo"));
    assertThat(plus.left().end()).isEqualTo(e.indexOf(')') + 1);
    assertThat(plus.right().start()).isEqualTo(e.indexOf('$'));
    JqNode.StringLit s = (JqNode.StringLit)
        ((JqNode.Call) JqParser.parse("test(\"a\\\\db\")")).args().get(0);
    assertThat(s.literal()).isEqualTo("a\\db");
    assertThat(s.literalOffsets()).containsExactly(6, 7, 9, 10);
  }

  static Stream<Arguments> syntaxErrors() {
    return Stream.of(
        Arguments.of(".spec.template.[", 16, "unexpected end of expression"),
        Arguments.of(".spec.containers[0", 18, "expected ']'"),
        Arguments.of(".status.phase == ", 17, "unexpected end of expression"),
        Arguments.of("if . then 1 end", 12, "'if' without 'else'"),
        Arguments.of("if . then 1 elif . then 2 end", 26, "'if' without 'else'"),
        Arguments.of("1 == 2 == 3", 7, "non-associative"),
        Arguments.of(".a = 1 = 2", 7, "non-associative"),
        Arguments.of("\"abc", 0, "unterminated string"),
        Arguments.of("\"a\\qb\"", 2, "invalid escape"),
        Arguments.of("\"a\\(1;2)\"", 5, "expected ')'"),
        Arguments.of("import \"a\" as b; .", 0, "'import' is not allowed"),
        Arguments.of("include \"a\"; .", 0, "'include' is not allowed"),
        Arguments.of(".a?//1", 2, "unexpected '?//'"),
        Arguments.of("{a: 1 b: 2}", 6, "expected ',' or '}'"),
        Arguments.of("{1: 2}", 1, "not numbers"),
        Arguments.of("{(.a)}", 5, "expected ':'"),
        Arguments.of("try 1 catch 2 catch 3", 14, "unexpected 'catch'"),
        Arguments.of(". as $x", 7, "expected '|'"),
        Arguments.of(". as 1 | .", 5, "expected a pattern"),
        Arguments.of("reduce .[] as $x (0)", 19, "expected ';'"),
        Arguments.of("def f: 1;", 9, "unexpected end"),
        Arguments.of("def (x): 1; 2", 4, "function name"),
        Arguments.of("f()", 2, "unexpected ')'"),
        Arguments.of("a . b", 4, "after '.'"),
        Arguments.of(".a.", 2, "after '.'"),
        Arguments.of("$", 0, "'$' must be followed by a name"),
        Arguments.of("!x", 0, "unexpected character '!'"),
        Arguments.of("", 0, "empty expression"),
        Arguments.of("  # only a comment", 0, "empty expression"),
        Arguments.of("label out | 1", 6, "label name"),
        Arguments.of("0x10", 1, "unexpected 'x10'"));
  }

  @ParameterizedTest
  @MethodSource("syntaxErrors")
  void syntaxErrorsCarryTheirOffset(String expression, int offset, String detail) {
    assertThatThrownBy(() -> JqParser.parse(expression))
        .isInstanceOfSatisfying(JqSyntaxException.class, e -> {
          assertThat(e.detail()).contains(detail);
          assertThat(e.offset()).isEqualTo(offset);
        });
  }

  @Test
  void deepNestingIsASyntaxErrorNotAStackOverflow() {
    String deep = "(".repeat(5000) + "1" + ")".repeat(5000);
    assertThatThrownBy(() -> JqParser.parse(deep))
        .isInstanceOfSatisfying(
            JqSyntaxException.class, e -> assertThat(e.detail()).contains("nested too deeply"));
    String longChain = String.join(" | ", java.util.Collections.nCopies(5000, ".a"));
    assertThat(JqParser.parse(longChain)).isInstanceOf(JqNode.Binary.class);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "[del(.a)]",
        "{x: del(.a)}",
        "(del(.a))",
        "\"\\(del(.a))\"",
        "-del(.a)",
        "label $l | del(.a)",
        "try del(.a)",
        "if del(.a) then 1 else 2 end",
        "reduce del(.a) as $x (0; 1)",
        "def f: del(.a); f",
        ".[del(.a)]",
        ".[del(.a):]",
        "{(del(.a)): 1}",
        ". as {(del(.a)): $x} | $x"
      })
  void ec03_rejectedAtAnyDepthWithItsPosition(String expression) {
    assertThat(RejectedConstructs.find(JqParser.parse(expression)))
        .singleElement()
        .satisfies(i -> {
          assertThat(i.message()).isEqualTo("del function is not allowed");
          assertThat(i.offset()).isEqualTo(expression.indexOf("del"));
        });
  }

  @Test
  void rejectedLocalDefinitionsAndEveryKind() {
    assertThat(RejectedConstructs.find(JqParser.parse("def range: 1; 2")))
        .extracting(RejectedConstructs.Issue::message, RejectedConstructs.Issue::offset)
        .containsExactly(org.assertj.core.groups.Tuple.tuple(
            "function 'range' may produce excessive output and is not allowed", 4));
    assertThat(RejectedConstructs.find(
            JqParser.parse(".. | env, $ENV, $__loc__, .a |= 1, input, range(3)")))
        .extracting(RejectedConstructs.Issue::message)
        .containsExactly(
            "recursive descent operator '..' is not allowed",
            "function 'env' is not allowed",
            "variable '$ENV' is not allowed",
            "variable '$__loc__' is not allowed",
            "modifying operator '|=' is not allowed",
            "function 'input' is not allowed",
            "function 'range' may produce excessive output and is not allowed");
    assertThat(
            RejectedConstructs.find(JqParser.parse(".range | {range: 1} | .a.paths | \"del(.a)\"")))
        .isEmpty();
  }

  /**
   * Differential check against a gojq binary when one is installed (libraries.md §12; the Debian package is 0.12.11,
   * older than the reference's v0.12.18): every expression gojq rejects as an invalid query is rejected here too,
   * and every one it accepts is accepted, except the SDK's deliberate extra rejections ({@code if} without {@code
   * else}, modules).
   */
  @Test
  void agreesWithGojqOnWhatParses() throws Exception {
    Assumptions.assumeTrue(
        gojqAvailable(),
        "gojq is not installed (apt-get install gojq); differential check skipped");
    List<String> invalid = List.of(
        ".a?//1",
        "1?//2",
        "try 1 catch 2 catch 3",
        "1 == 2 == 3",
        "\"\\q\"",
        "0x10",
        "{@base64: 1}",
        ".a.",
        ".[",
        "{a: 1 b: 2}",
        "f()",
        "(1",
        "[1",
        "{",
        ". as $x",
        "$",
        ". as [] | .",
        ".a = 1 = 2");
    for (String e : VALID) {
      if (!NEWER_OR_LENIENT.contains(e)) {
        assertThat(gojqParses(e)).as("gojq accepts %s", e).isTrue();
      }
    }
    for (String e : invalid) {
      assertThat(gojqParses(e)).as("gojq rejects %s", e).isFalse();
      assertThatThrownBy(() -> JqParser.parse(e)).as(e).isInstanceOf(JqSyntaxException.class);
    }
    assertThat(gojqParses("if . then 1 end"))
        .as("gojq accepts if without else; the SDK rejects it")
        .isTrue();
  }

  /**
   * Valid expressions that gojq 0.12.11 does not parse: object values with binary operators and with {@code reduce}
   * (accepted since gojq 0.12.15 and 0.12.16), and format-string keys (jq's grammar; kept lenient).
   */
  private static final java.util.Set<String> NEWER_OR_LENIENT = java.util.Set.of(
      "{a: .b + 1, c: -.d}",
      "{a: reduce .[] as $x (0; .)}",
      "{a: 1, $b, \"c\": 2, (.d): 3, @base64 \"e\": 4, f, \"g\"}");

  private static boolean gojqAvailable() {
    try {
      Process p =
          new ProcessBuilder("gojq", "--version").redirectErrorStream(true).start();
      p.getInputStream().readAllBytes();
      return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** Whether gojq parses {@code e}: anything but an "invalid query" error counts (compile and run errors too). */
  private static boolean gojqParses(String e) throws IOException, InterruptedException {
    Process p = new ProcessBuilder("gojq", "-n", e).redirectErrorStream(true).start();
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
    return !out.contains("invalid query") && !out.contains("unexpected token");
  }
}
