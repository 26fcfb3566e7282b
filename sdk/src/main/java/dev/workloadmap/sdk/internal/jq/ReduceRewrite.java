package dev.workloadmap.sdk.internal.jq;

import dev.workloadmap.sdk.internal.jqast.JqNode;
import dev.workloadmap.sdk.internal.jqast.JqParser;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;

/**
 * Gives {@code reduce} the reference engine's meaning before jackson-jq compiles it. In gojq v0.12.19 each output of
 * the update replaces the state and an update that emits nothing leaves the state as it was ({@code reduce (1, "a",
 * 2) as $i (0; . + ($i | numbers))} is 3); jackson-jq, like jq 1.6, makes the state null instead (2 here), so the same
 * definition meant two things (found by the differential fuzzing of issue 15). Each update {@code U} is compiled as
 * {@code (. as $s | [U] | if length == 0 then $s else .[-1] end)}, which is gojq's rule written in jq.
 */
final class ReduceRewrite {
  private ReduceRewrite() {}

  private static final String STATE = "$__workloadmap_reduce_state";

  private record Insert(int at, int rank, String text) {}

  /** {@code expression} with every reduce update wrapped; the expression itself when it has no reduce or does not parse. */
  static String apply(String expression) {
    if (!expression.contains("reduce")) {
      return expression;
    }
    JqNode root;
    try {
      root = JqParser.parse(expression);
    } catch (RuntimeException | StackOverflowError e) {
      return expression; // the engine reports the syntax error against the text as written
    }
    List<Insert> inserts = new ArrayList<>();
    Deque<JqNode> todo = new ArrayDeque<>();
    todo.push(root);
    while (!todo.isEmpty()) {
      JqNode n = todo.pop();
      if (n instanceof JqNode.Reduce r) {
        int s = r.update().start();
        int e = r.update().end();
        if (s < 0 || e > expression.length() || s >= e) {
          return expression;
        }
        // at one position: closing texts before opening ones; inner closings first, outer openings
        // first
        inserts.add(
            new Insert(s, 1_000_000 + (expression.length() - e), "(. as " + STATE + " | ["));
        inserts.add(new Insert(e, s, "] | if length == 0 then " + STATE + " else .[-1] end)"));
      }
      n.children().forEach(todo::push);
    }
    if (inserts.isEmpty()) {
      return expression;
    }
    inserts.sort(Comparator.comparingInt(Insert::at)
        .thenComparing(Comparator.comparingInt(Insert::rank).reversed()));
    StringBuilder out = new StringBuilder(expression.length() + inserts.size() * 40);
    int from = 0;
    for (Insert i : inserts) {
      out.append(expression, from, i.at()).append(i.text());
      from = i.at();
    }
    return out.append(expression, from, expression.length()).toString();
  }
}
