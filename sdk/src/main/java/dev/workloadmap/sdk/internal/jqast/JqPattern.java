package dev.workloadmap.sdk.internal.jqast;

import java.util.ArrayList;
import java.util.List;

/** A destructuring pattern after {@code as}: {@code $x}, {@code [p, …]} or {@code {key: p, $x, …}}. */
public sealed interface JqPattern {

  int start();

  int end();

  /** Every variable the pattern binds (without {@code $}), in source order. */
  default List<String> variables() {
    List<String> out = new ArrayList<>();
    collect(this, out);
    return out;
  }

  /** The expressions inside the pattern ({@code (expr): p} keys and interpolated string keys). */
  default List<JqNode> keyExpressions() {
    List<JqNode> out = new ArrayList<>();
    keys(this, out);
    return out;
  }

  /** {@code $name}. */
  record Var(String name, int start, int end) implements JqPattern {}

  /** {@code [p, …]}. */
  record ArrayPattern(List<JqPattern> elements, int start, int end) implements JqPattern {
    public ArrayPattern {
      elements = List.copyOf(elements);
    }
  }

  /** {@code {entry, …}}. */
  record ObjectPattern(List<Entry> entries, int start, int end) implements JqPattern {
    public ObjectPattern {
      entries = List.copyOf(entries);
    }
  }

  /**
   * One entry of an object pattern.
   *
   * @param variable the {@code $x} of {@code $x} or {@code $x: p} (binds {@code x} to the value at key "x"), or
   *     null
   * @param key the key of {@code name: p}, {@code "…": p} or {@code (expr): p} (a {@link JqNode.Key}, {@link
   *     JqNode.StringLit} or {@link JqNode.Paren}), or null when {@code variable} is the key
   * @param value the nested pattern, or null for a lone {@code $x}
   */
  record Entry(Var variable, JqNode key, JqPattern value, int start, int end) {}

  private static void collect(JqPattern p, List<String> out) {
    if (p instanceof Var v) {
      out.add(v.name());
    } else if (p instanceof ArrayPattern a) {
      a.elements().forEach(e -> collect(e, out));
    } else if (p instanceof ObjectPattern o) {
      for (Entry e : o.entries()) {
        if (e.variable() != null) {
          out.add(e.variable().name());
        }
        if (e.value() != null) {
          collect(e.value(), out);
        }
      }
    }
  }

  private static void keys(JqPattern p, List<JqNode> out) {
    if (p instanceof ArrayPattern a) {
      a.elements().forEach(e -> keys(e, out));
    } else if (p instanceof ObjectPattern o) {
      for (Entry e : o.entries()) {
        if (e.key() != null && !(e.key() instanceof JqNode.Key)) {
          out.add(e.key());
        }
        if (e.value() != null) {
          keys(e.value(), out);
        }
      }
    }
  }
}
