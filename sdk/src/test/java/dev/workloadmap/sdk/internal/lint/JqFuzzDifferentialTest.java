package dev.workloadmap.sdk.internal.lint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.workloadmap.sdk.internal.jqast.JqParser;
import dev.workloadmap.sdk.jq.Jq;
import dev.workloadmap.sdk.spi.JqEngine;
import dev.workloadmap.sdk.testing.JqOracle;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Differential fuzzing of jq (issue 15): seeded, bounded generated programs over generated inputs, through the SDK's
 * engine and the reference's gojq (skipped when gojq is not installed). Each program runs once over a batch of
 * inputs as {@code .[] | [try (P) catch "<error>"]}, so one process answers for every input and an error is an
 * outcome like any other. A disagreement is accepted only when {@code validate} rejects the program with an error
 * that names the construct (an unsupported or unknown function, ...), or when it is one of the {@link #OPEN} divergences
 * listed with the reason (README, "Limits and honest totals"); any other disagreement fails the test with the program,
 * the input and both outputs. Change {@code workloadmap.fuzz.cases} / {@code workloadmap.fuzz.seed} to explore.
 */
class JqFuzzDifferentialTest {

  private static final int CASES = Integer.getInteger("workloadmap.fuzz.cases", 60);
  private static final long SEED = Long.getLong("workloadmap.fuzz.seed", 15L);
  private static final int INPUTS = 8;
  private static final String[] KEYS = {"a", "b", "c"};

  private final JqEngine engine = Jq.defaultEngine();
  private final ExpressionLinter linter = new ExpressionLinter(BuiltinSets.standard());

  /**
   * Divergences found by this fuzzing that are neither fixed nor rejected yet, each a substring of the programs it
   * affects with the reason. Keep this list short: every entry is a definition that can mean two things.
   */
  static final List<String[]> OPEN = List.of();

  /*
   * Divergences this fuzzing found and that are now settled (regression tests in JqReferenceSemanticsTest):
   * - reduce whose update emits nothing: the SDK keeps the state, as gojq does (ReduceRewrite);
   * - error(null) and `null | error`: raised and caught as null, as in gojq (ErrorBuiltins);
   * - {} | indices("a") (and index, rindex on anything but null, a string or an array): an error, as in gojq;
   * - a catch handler that reads the message (`try … catch .`): rejected by validate (jq.error-message), since
   *   builtin messages are worded differently;
   * - walk(…) anywhere: rejected by validate ("may produce excessive output", as the reference rejects it);
   * - `(X)? | rest`, `(X)? as $x | rest`, `(try X) | rest`: jackson-jq's try also caught the errors of rest;
   *   rejected by validate (jq.try-scope);
   * - string indexes ("10" | .[-1] is "0", by code point) and fractional indexes (truncated toward zero, arrays
   *   too): the SDK indexes as gojq does (IndexBuiltins.Index, routed by ReferenceRewrite);
   * - reverse of null, an object or a string: an error, as in gojq (IndexBuiltins.Reverse);
   * - try and ? caught the errors of their consumers too (`E == select((X)?)` where E fails, found as a complex
   *   `if … as $x` program): the SDK's try catches only its body's errors, as gojq's does (TryBuiltin);
   * - the object shorthand {a} on a string (jackson-jq answered {"a": null}), transpose of an object (jackson-jq: []),
   *   isnan of a string or an object (jackson-jq: false): errors, as in gojq (ReferenceRewrite, IndexBuiltins);
   * - {k: … as $x | …}, which gojq does not parse: rejected by validate (jq.as-precedence);
   * - number literal text (was listed for tojson, tostring, "\\(…)"): gojq canonicalises the numbers of a program
   *   (1.0 | tojson is "1") and the reference library reads objects as float64, as the oracle feeds them, so the
   *   SDK's canonical text agrees; only the gojq command line keeps an input's literal text, which no definition sees.
   */

  /**
   * Whether {@code validate} rejects the program: the SDK's engine or parser cannot parse it, a lint error, or a
   * construct the reference rejects (docs/format.md#validation-jq), exactly the checks {@code DefinitionValidator} runs
   * on an expression.
   */
  private boolean rejected(String program) {
    try {
      engine.compile(program); // validate reports what the SDK's engine cannot parse (jq.parse)
    } catch (dev.workloadmap.sdk.jq.JqParseException e) {
      return true;
    }
    try {
      var root = JqParser.parse(program);
      return !dev.workloadmap.sdk.internal.jqast.RejectedConstructs.find(root).isEmpty()
          || linter.lint(root, false).stream()
              .anyMatch(p -> p.severity() == dev.workloadmap.sdk.validation.Severity.ERROR);
    } catch (RuntimeException e) {
      return true; // does not parse: validate reports the syntax error
    }
  }

  private static String open(String program) {
    for (String[] o : OPEN) {
      if (program.contains(o[0])) {
        return o[1];
      }
    }
    return null;
  }

  @Test
  void generatedProgramsAgreeWithTheReference() {
    JqOracle gojq = JqOracle.gojq();
    assumeTrue(gojq.isAvailable(), "gojq is not installed");
    Random rnd = new Random(SEED);
    List<String> disagreements = new ArrayList<>();
    java.util.Map<String, Integer> accepted = new java.util.TreeMap<>();
    for (int i = 0; i < CASES; i++) {
      String program = expr(rnd, 3);
      StringBuilder inputs = new StringBuilder("[");
      for (int k = 0; k < INPUTS; k++) {
        inputs.append(k == 0 ? "" : ",").append(value(rnd, 3));
      }
      inputs.append(']');
      String wrapped = ".[] | [try (" + program + ") catch \"<error>\"]";
      JqOracle.Comparison c = gojq.compare(engine, wrapped, inputs.toString());
      if (c.agrees()) {
        continue;
      }
      if (rejected(program)) {
        accepted.merge("rejected by validate", 1, Integer::sum);
      } else if (open(program) != null) {
        accepted.merge("open: " + open(program), 1, Integer::sum);
        if (Boolean.getBoolean("workloadmap.fuzz.showOpen")) {
          System.out.println("OPEN DIVERGENCE " + c.describe());
        }
      } else {
        disagreements.add(c.describe());
      }
    }
    System.out.println("JqFuzzDifferentialTest: " + CASES + " programs x " + INPUTS
        + " inputs, seed " + SEED + "; disagreements accepted: " + accepted);
    assertThat(disagreements)
        .as("programs on which the SDK and gojq %s disagree (seed %d)", gojq.version(), SEED)
        .isEmpty();
  }

  // --- generators: a small jq over small JSON
  // ---------------------------------------------------------------------

  static String value(Random r, int depth) {
    int pick = r.nextInt(depth <= 0 ? 5 : 8);
    switch (pick) {
      case 0:
        return "null";
      case 1:
        return r.nextBoolean() ? "true" : "false";
      case 2:
        return Integer.toString(r.nextInt(7) - 3);
      case 3:
        return "\"" + new String[] {"", "a", "ab", "x-1", "A b", "10", "é"}[r.nextInt(7)] + "\"";
      case 4:
        return Integer.toString(r.nextInt(100));
      case 5:
      case 6: {
        StringBuilder sb = new StringBuilder("{");
        int n = r.nextInt(4);
        for (int i = 0; i < n; i++) {
          sb.append(i == 0 ? "" : ",")
              .append('"')
              .append(KEYS[(i + r.nextInt(2)) % 3])
              .append("\":")
              .append(value(r, depth - 1));
        }
        return sb.append('}').toString();
      }
      default: {
        StringBuilder sb = new StringBuilder("[");
        int n = r.nextInt(4);
        for (int i = 0; i < n; i++) {
          sb.append(i == 0 ? "" : ",").append(value(r, depth - 1));
        }
        return sb.append(']').toString();
      }
    }
  }

  static String expr(Random r, int depth) {
    if (depth <= 0) {
      return term(r);
    }
    int pick = r.nextInt(22);
    String a = expr(r, depth - 1);
    return switch (pick) {
      case 0, 1, 2 -> term(r);
      case 3 -> a + " | " + expr(r, depth - 1);
      case 4 -> a + ", " + expr(r, depth - 1);
      case 5 -> "(" + a + " // " + expr(r, depth - 1) + ")";
      case 6 ->
        "(" + a + " " + new String[] {"+", "-", "*", "/", "%"}[r.nextInt(5)] + " "
            + expr(r, depth - 1) + ")";
      case 7 ->
        "(" + a + " " + new String[] {"==", "!=", "<", "<=", ">", ">="}[r.nextInt(6)] + " "
            + expr(r, depth - 1) + ")";
      case 8 -> "(" + a + " " + (r.nextBoolean() ? "and" : "or") + " " + expr(r, depth - 1) + ")";
      case 9 -> "if " + a + " then " + expr(r, depth - 1) + " else " + expr(r, depth - 1) + " end";
      case 10 -> "select(" + a + ")";
      case 11 -> "[" + a + "]";
      case 12 -> "{" + KEYS[r.nextInt(3)] + ": " + a + "}";
      case 13 -> "map(" + a + ")";
      case 14 -> "first(" + a + ")";
      case 15 -> "[limit(" + r.nextInt(3) + "; " + a + ")]";
      case 16 -> "try " + a + " catch .";
      case 17 -> "(" + a + ")?";
      case 18 -> "any(" + a + "; .)";
      case 19 -> a + " as $x | " + expr(r, depth - 1) + " | [$x, .]";
      case 20 -> "reduce .[]? as $i (0; . + ($i | numbers))";
      default -> "[.[]? | " + a + "]";
    };
  }

  static String term(Random r) {
    String[] terms = {
      ".",
      ".a",
      ".b.c",
      ".[0]",
      ".[-1]",
      ".[]?",
      ".a?",
      "..",
      "null",
      "1",
      "-2",
      "\"s\"",
      "[]",
      "{}",
      "length",
      "keys",
      "keys_unsorted",
      "type",
      "not",
      "tostring",
      "tojson",
      "add",
      "sort",
      "unique",
      "reverse",
      "min",
      "max",
      "to_entries",
      "floor",
      "tonumber",
      "has(\"a\")",
      "has(0)",
      "ascii_downcase",
      "ascii_upcase",
      "ltrimstr(\"a\")",
      "rtrimstr(\"b\")",
      "startswith(\"a\")",
      "endswith(\"b\")",
      "split(\"b\")",
      "join(\",\")",
      "test(\"a\")",
      "test(\"^A\"; \"i\")",
      "[match(\"b\"; \"g\") | .offset]",
      "sub(\"a\"; \"z\")",
      "gsub(\"[ab]\"; \"-\")",
      "[scan(\"[a-z]\")]",
      "splits(\"-\")",
      "capture(\"(?<n>[0-9]+)\")",
      "ascii",
      "explode",
      "implode",
      "tostream",
      "paths",
      "[paths]",
      "leaf_paths",
      "any",
      "all",
      "flatten",
      "range(3)",
      "indices(\"a\")",
      "index(\"b\")",
      "inside(\"abc\")",
      "contains(\"a\")",
      "contains({})",
      "utf8bytelength",
      "@base64",
      "@text",
      "@json",
      "@html",
      "@uri",
      "@csv",
      "@sh",
      "abs",
      "infinite",
      "nan | isnan",
      "isinfinite",
      "isnormal",
      "getpath([\"a\"])",
      "del(.a)",
      "to_entries | from_entries",
      "with_entries(.)",
      "tojson | fromjson",
      "splits(\"a\"; \"g\")",
      "ltrimstr(1)",
      "significand",
      "logb",
      "gamma",
      "drem(1; 2)",
      "ldexp(1; 2)",
      "@base64d",
      "ascii(65)",
      "getpath([0])",
      "paths(type == \"number\")",
      "$__loc__",
      "error",
      "error(\"x\")",
      "limit(-1; 1, 2)",
      "first(empty)",
      "nth(1; 1, 2)",
      "until(. > 100; . * 2)",
      "isvalid(.)",
      "splits(1)",
      "combinations",
      "walk(.)",
      "getpath([\"a\", 0])",
      "tojson | test(\"a\")",
      "todate",
      "min_by(.)",
      "max_by(.)",
      "group_by(.)",
      "unique_by(.)",
      "sort_by(.)",
      "transpose",
      "splits(\"\")",
      "@json \"x\\(.)\"",
      "\"\\(.)\"",
      ".[1:]",
      ".[:1]",
      ".[1:2]",
      "map_values(.)",
      "to_number",
      "tojson | length",
      "objects",
      "arrays",
      "strings",
      "numbers",
      "booleans",
      "nulls",
      "iterables",
      "scalars",
      "values",
      "ascii_downcase | explode | implode",
      "getpath([\"a\",\"b\"]) // 1",
      "limit(1; .[]?)",
      "add // 0",
      "pick(.a)",
      "have_literal_numbers",
      "abs",
      "toarray",
      "trim",
      "ltrimstr(\"\")",
      "splits(\", \")",
    };
    return terms[r.nextInt(terms.length)];
  }
}
