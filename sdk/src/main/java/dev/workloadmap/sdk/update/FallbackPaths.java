package dev.workloadmap.sdk.update;

import dev.workloadmap.sdk.internal.jqast.JqNode;
import dev.workloadmap.sdk.internal.jqast.JqParser;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Where a write goes when the path falls back. jq's {@code path(A // B)} is B's path whenever A is absent, null or
 * false, so the reference writes an update of {@code .spec.template // .spec.defaultTemplate} into the default
 * template, which every other reader of the object shares; and a read of {@code .spec.replicas // 1} cannot be
 * written at all when the default was taken. Here every alternative in path position is written at its primary side:
 * {@code A // B} is written at A (which the next read then finds first), never into B; B keeps every byte.
 *
 * <p>Path position is what decides the place: both sides of {@code |} and {@code ,}, the target of {@code .f}, {@code
 * [i]}, {@code [a:b]} and {@code []}, a parenthesised or optional ({@code ?}) body, the branches (not the conditions)
 * of {@code if}, the body of {@code try} and of {@code ... as $x |}. An alternative inside a condition, a {@code
 * select}, an index or an argument picks <em>which</em> place, not where the value came from, and is kept.
 */
final class FallbackPaths {
  private FallbackPaths() {}

  /**
   * {@code expression} with every alternative in path position cut to its left side; the same text when none. {@code
   * A // empty} (select A only where it is set) is kept.
   */
  static String primary(String expression) {
    JqNode root;
    try {
      root = JqParser.parse(expression);
    } catch (RuntimeException e) {
      return expression; // the engine reports the syntax error
    }
    List<int[]> cuts = new ArrayList<>();
    collect(root, cuts);
    if (cuts.isEmpty()) {
      return expression;
    }
    cuts.sort(Comparator.comparingInt((int[] c) -> c[0]).reversed());
    StringBuilder sb = new StringBuilder(expression);
    for (int[] c : cuts) {
      sb.replace(c[0], c[1], "");
    }
    return sb.toString();
  }

  private static void collect(JqNode n, List<int[]> cuts) {
    if (n == null) {
      return;
    }
    if (n instanceof JqNode.Binary b) {
      switch (b.op()) {
        case "//" -> {
          collect(b.left(), cuts);
          // `A // empty` means "A where it is set": no fallback place, and cutting it would add one
          if (!(b.right() instanceof JqNode.Call c
              && c.args().isEmpty()
              && (c.name().equals("empty") || c.name().equals("error")))) {
            cuts.add(new int[] {b.left().end(), b.end()});
          }
        }
        case "|", "," -> {
          collect(b.left(), cuts);
          collect(b.right(), cuts);
        }
        default -> {}
      }
    } else if (n instanceof JqNode.Paren p) {
      collect(p.body(), cuts);
    } else if (n instanceof JqNode.Optional o) {
      collect(o.body(), cuts);
    } else if (n instanceof JqNode.Field f) {
      collect(f.target(), cuts);
    } else if (n instanceof JqNode.Index i) {
      collect(i.target(), cuts);
    } else if (n instanceof JqNode.Slice s) {
      collect(s.target(), cuts);
    } else if (n instanceof JqNode.Iterate it) {
      collect(it.target(), cuts);
    } else if (n instanceof JqNode.If f) {
      f.branches().forEach(x -> collect(x, cuts));
      collect(f.otherwise(), cuts);
    } else if (n instanceof JqNode.Try t) {
      collect(t.body(), cuts);
    } else if (n instanceof JqNode.AsBinding a) {
      collect(a.body(), cuts);
    }
  }
}
