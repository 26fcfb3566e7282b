package dev.workloadmap.sdk.internal.jq;

import dev.workloadmap.sdk.internal.jqast.JqNode;
import dev.workloadmap.sdk.internal.jqast.JqParser;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Gives indexes and {@code try} the reference engine's meaning before jackson-jq compiles them (both found by the
 * differential fuzzing of issue 15).
 *
 * <p><b>try.</b> Every {@code try B catch H}, {@code try B} and postfix {@code B?} is compiled as {@code
 * __workloadmap_try(B; H)} ({@link TryBuiltin}; {@code empty} for a missing handler): jackson-jq's own try also caught
 * the errors raised <em>after</em> it, by whatever consumed its outputs ({@code 1 == ((.)?)} on {@code {}} then {@code
 * max_by(.)}…), where gojq catches only the errors of the body.
 *
 * <p><b>Indexes.</b> Routes every index {@code T[I]} whose index is not a string literal through {@link IndexBuiltins.Index}, so that a
 * string is indexed and a fractional index truncated as the reference engine (gojq v0.12.19) does it (found by the
 * differential fuzzing of issue 15). {@code T[I]} is compiled as {@code ((I) as $i | T | __workloadmap_index($i;
 * .[$i]))}: the index is evaluated against the input of {@code T[I]}, in the outer loop as in gojq ({@code [[1, 2],
 * [3, 4]] | [.[][0, 1]]} is {@code [1, 3, 2, 4]}), and jackson-jq's own index stays the answer for every other shape,
 * paths included.
 */
final class ReferenceRewrite {
  private ReferenceRewrite() {}

  private static final String VAR = "$__workloadmap_index";

  /** {@code expression} with its indexes routed; the expression itself when it has none or does not parse. */
  static String apply(String expression) {
    if (expression.indexOf('[') < 0 && expression.indexOf('?') < 0 && !expression.contains("try")) {
      return expression;
    }
    JqNode root;
    try {
      root = JqParser.parse(expression);
    } catch (RuntimeException | StackOverflowError e) {
      return expression; // the engine reports the syntax error against the text as written
    }
    try {
      StringBuilder out = new StringBuilder(expression.length() + 64);
      render(expression, root, out);
      return out.toString();
    } catch (IllegalStateException | StackOverflowError e) {
      return expression; // positions the rewrite cannot follow: jackson-jq's meaning, as before
    }
  }

  private static boolean routed(JqNode n) {
    return n instanceof JqNode.Index ix && !(ix.index() instanceof JqNode.StringLit);
  }

  private static void try_(String text, JqNode body, JqNode handler, StringBuilder out) {
    out.append(TryBuiltin.NAME).append("((");
    render(text, body, out);
    out.append("); (");
    if (handler == null) {
      out.append("empty");
    } else {
      render(text, handler, out);
    }
    out.append("))");
  }

  private static void render(String text, JqNode n, StringBuilder out) {
    if (n.start() < 0 || n.end() > text.length() || n.start() > n.end()) {
      throw new IllegalStateException("positions");
    }
    if (routed(n)) {
      index(text, (JqNode.Index) n, false, out);
      return;
    }
    if (n instanceof JqNode.Try t) {
      try_(text, t.body(), t.handler(), out);
      return;
    }
    if (n instanceof JqNode.Optional o) {
      if (routed(o.body())) {
        index(
            text,
            (JqNode.Index) o.body(),
            true,
            out); // the ? covers the index step only, as in gojq
        return;
      }
      if (!(o.body() instanceof JqNode.Field
          || o.body() instanceof JqNode.Index
          || o.body() instanceof JqNode.Slice
          || o.body() instanceof JqNode.Iterate)) {
        try_(text, o.body(), null, out);
        return;
      }
      // a path step's ? (.a.b?, .[]?): jackson-jq's own, which covers the last step only, as gojq's
      // does
    }
    if (n instanceof JqNode.ObjectEntry e && e.value() == null && e.key() instanceof JqNode.Key k) {
      // {a} is {a: .a}: an error on anything but an object or null, as in gojq (jackson-jq answered
      // null)
      out.append(k.name()).append(": .[\"").append(k.name()).append("\"]");
      return;
    }
    List<JqNode> children = new ArrayList<>(n.children());
    children.sort(Comparator.comparingInt(JqNode::start));
    int from = n.start();
    for (JqNode c : children) {
      if (c.start() < from || c.end() > n.end()) {
        throw new IllegalStateException("overlapping children");
      }
      out.append(text, from, c.start());
      if (n instanceof JqNode.ObjectEntry e && c == e.value()) {
        // jackson-jq's object values take no postfix on a parenthesised term ({a: (.b).c} does not
        // parse)
        int at = out.length();
        render(text, c, out);
        if (!out.substring(at).equals(text.substring(c.start(), c.end()))) {
          out.insert(at, '(').append(')');
        }
      } else {
        render(text, c, out);
      }
      from = c.end();
    }
    out.append(text, from, n.end());
  }

  private static void index(String text, JqNode.Index ix, boolean optional, StringBuilder out) {
    out.append("((");
    render(text, ix.index(), out);
    out.append(") as ").append(VAR).append(" | ");
    if (ix.target() == null) {
      out.append('.');
    } else {
      render(text, ix.target(), out);
    }
    out.append(" | ");
    if (optional) {
      out.append(TryBuiltin.NAME).append("(");
    }
    out.append(IndexBuiltins.INDEX)
        .append('(')
        .append(VAR)
        .append("; .[")
        .append(VAR)
        .append("]")
        .append(optional ? "); empty" : "")
        .append("))");
  }
}
