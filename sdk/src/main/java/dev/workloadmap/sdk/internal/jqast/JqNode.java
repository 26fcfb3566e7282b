package dev.workloadmap.sdk.internal.jqast;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A node of a parsed jq expression (gojq v0.12.18 grammar, as far as definitions need it). Every node knows its
 * {@link #start()} and {@link #end()} (0-based char offsets into the expression text, end exclusive). Optional
 * parts are {@code null}.
 */
public sealed interface JqNode {

  /** Offset of the node's first char. */
  int start();

  /** Offset just after the node's last char. */
  int end();

  /** The direct sub-expressions, in source order (patterns' key expressions included). */
  default List<JqNode> children() {
    return List.of();
  }

  /** {@code .} */
  record Identity(int start, int end) implements JqNode {}

  /** {@code ..} */
  record RecurseAll(int start, int end) implements JqNode {}

  /**
   * {@code .name}, {@code ."name"} or {@code target.name}.
   *
   * @param target what is indexed, or null for the input
   * @param name the field name, or null when {@code nameString} has interpolation
   * @param nameString the string form {@code ."…"}, or null for a bare name
   */
  record Field(JqNode target, String name, StringLit nameString, int start, int end)
      implements JqNode {
    @Override
    public List<JqNode> children() {
      return nonNull(target, nameString);
    }
  }

  /** {@code target[index]} (the target is null for {@code .[index]}). */
  record Index(JqNode target, JqNode index, int start, int end) implements JqNode {
    @Override
    public List<JqNode> children() {
      return nonNull(target, index);
    }
  }

  /** {@code target[from:to]}, either bound may be null. */
  record Slice(JqNode target, JqNode from, JqNode to, int start, int end) implements JqNode {
    @Override
    public List<JqNode> children() {
      return nonNull(target, from, to);
    }
  }

  /** {@code target[]} (the target is null for {@code .[]}). */
  record Iterate(JqNode target, int start, int end) implements JqNode {
    @Override
    public List<JqNode> children() {
      return nonNull(target);
    }
  }

  /** Postfix {@code body?}. */
  record Optional(JqNode body, int start, int end) implements JqNode {
    @Override
    public List<JqNode> children() {
      return List.of(body);
    }
  }

  /** A number literal as written. */
  record NumberLit(String text, int start, int end) implements JqNode {}

  /** {@code true}, {@code false} or {@code null}. */
  record Constant(String text, int start, int end) implements JqNode {}

  /**
   * A string literal, possibly with a format ({@code @base64 "…"}) and interpolations {@code \(…)}.
   *
   * @param format the format name without {@code @}, or null
   * @param parts {@link Text} pieces and interpolated expressions, in order
   */
  record StringLit(String format, List<JqNode> parts, int start, int end) implements JqNode {
    public StringLit {
      parts = List.copyOf(parts);
    }

    @Override
    public List<JqNode> children() {
      return parts;
    }

    /** The decoded text when there is no interpolation, otherwise null. */
    public String literal() {
      if (parts.isEmpty()) {
        return "";
      }
      return parts.size() == 1 && parts.get(0) instanceof Text t ? t.value() : null;
    }

    /** For a string without interpolation, the source offset of each char of {@link #literal()}; else null. */
    public int[] literalOffsets() {
      if (parts.isEmpty()) {
        return new int[0];
      }
      return parts.size() == 1 && parts.get(0) instanceof Text t ? t.offsets() : null;
    }
  }

  /**
   * A decoded piece of a string literal.
   *
   * @param offsets the source offset of each char of {@code value} (an escape maps all its chars to the backslash)
   */
  record Text(String value, int[] offsets, int start, int end) implements JqNode {
    public Text {
      offsets = offsets.clone();
    }

    @Override
    public int[] offsets() {
      return offsets.clone();
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Text t
          && t.value.equals(value)
          && Arrays.equals(t.offsets, offsets)
          && t.start == start
          && t.end == end;
    }

    @Override
    public int hashCode() {
      return value.hashCode() * 31 + start;
    }

    @Override
    public String toString() {
      return "Text[" + value + "]@" + start;
    }
  }

  /** A bare format used as a filter, such as {@code @base64} (name without {@code @}). */
  record Format(String name, int start, int end) implements JqNode {}

  /** {@code $name} (name without {@code $}). */
  record VarRef(String name, int start, int end) implements JqNode {}

  /** A call {@code name} or {@code name(a; b)}; the name starts at {@link #start()}. */
  record Call(String name, List<JqNode> args, int start, int end) implements JqNode {
    public Call {
      args = List.copyOf(args);
    }

    @Override
    public List<JqNode> children() {
      return args;
    }
  }

  /**
   * A binary operator: {@code |}, {@code ,}, {@code //}, assignments ({@code = |= += -= *= /= %= //=}), {@code
   * or}, {@code and}, comparisons and arithmetic.
   *
   * @param opStart the offset of the operator
   */
  record Binary(String op, JqNode left, JqNode right, int opStart, int start, int end)
      implements JqNode {
    @Override
    public List<JqNode> children() {
      return List.of(left, right);
    }
  }

  /** Unary {@code -} (or {@code +}). */
  record Negate(String op, JqNode operand, int start, int end) implements JqNode {
    @Override
    public List<JqNode> children() {
      return List.of(operand);
    }
  }

  /** {@code (body)}. */
  record Paren(JqNode body, int start, int end) implements JqNode {
    @Override
    public List<JqNode> children() {
      return List.of(body);
    }
  }

  /** {@code [body]}; the body is null for {@code []}. */
  record ArrayCons(JqNode body, int start, int end) implements JqNode {
    @Override
    public List<JqNode> children() {
      return nonNull(body);
    }
  }

  /** {@code {…}}. */
  record ObjectCons(List<ObjectEntry> entries, int start, int end) implements JqNode {
    public ObjectCons {
      entries = List.copyOf(entries);
    }

    @Override
    public List<JqNode> children() {
      return List.copyOf(entries);
    }
  }

  /**
   * One entry of an object construction.
   *
   * @param key a {@link Key}, {@link VarRef} ({@code $x} and {@code $x: v}), {@link StringLit} or {@link Paren}
   * @param value the value, or null for the shorthand forms {@code {a}}, {@code {$x}}, {@code {"a"}}
   */
  record ObjectEntry(JqNode key, JqNode value, int start, int end) implements JqNode {
    @Override
    public List<JqNode> children() {
      return nonNull(key, value);
    }
  }

  /** A bare object key or pattern key (an identifier or keyword). */
  record Key(String name, int start, int end) implements JqNode {}

  /**
   * {@code source as $x | body}, with destructuring alternatives ({@code ?//}) as further patterns.
   *
   * @param asStart the offset of the {@code as} keyword
   */
  record AsBinding(
      JqNode source, List<JqPattern> patterns, JqNode body, int asStart, int start, int end)
      implements JqNode {
    public AsBinding {
      patterns = List.copyOf(patterns);
    }

    @Override
    public List<JqNode> children() {
      List<JqNode> out = new ArrayList<>();
      out.add(source);
      patterns.forEach(p -> out.addAll(p.keyExpressions()));
      out.add(body);
      return out;
    }
  }

  /** {@code reduce source as pattern (init; update)}. */
  record Reduce(
      JqNode source, List<JqPattern> patterns, JqNode init, JqNode update, int start, int end)
      implements JqNode {
    public Reduce {
      patterns = List.copyOf(patterns);
    }

    @Override
    public List<JqNode> children() {
      List<JqNode> out = new ArrayList<>();
      out.add(source);
      patterns.forEach(p -> out.addAll(p.keyExpressions()));
      out.add(init);
      out.add(update);
      return out;
    }
  }

  /** {@code foreach source as pattern (init; update; extract)}; extract may be null. */
  record Foreach(
      JqNode source,
      List<JqPattern> patterns,
      JqNode init,
      JqNode update,
      JqNode extract,
      int start,
      int end)
      implements JqNode {
    public Foreach {
      patterns = List.copyOf(patterns);
    }

    @Override
    public List<JqNode> children() {
      List<JqNode> out = new ArrayList<>();
      out.add(source);
      patterns.forEach(p -> out.addAll(p.keyExpressions()));
      out.add(init);
      out.add(update);
      if (extract != null) {
        out.add(extract);
      }
      return out;
    }
  }

  /**
   * {@code if c1 then b1 elif c2 then b2 … else e end}; {@code conditions} and {@code branches} have the same size
   * (the {@code if} and every {@code elif}). The SDK's parser requires the {@code else}.
   */
  record If(List<JqNode> conditions, List<JqNode> branches, JqNode otherwise, int start, int end)
      implements JqNode {
    public If {
      conditions = List.copyOf(conditions);
      branches = List.copyOf(branches);
    }

    @Override
    public List<JqNode> children() {
      List<JqNode> out = new ArrayList<>();
      for (int i = 0; i < conditions.size(); i++) {
        out.add(conditions.get(i));
        out.add(branches.get(i));
      }
      if (otherwise != null) {
        out.add(otherwise);
      }
      return out;
    }
  }

  /** {@code try body catch handler}; the handler may be null. */
  record Try(JqNode body, JqNode handler, int start, int end) implements JqNode {
    @Override
    public List<JqNode> children() {
      return nonNull(body, handler);
    }
  }

  /** {@code label $name | body}. */
  record Label(String name, JqNode body, int start, int end) implements JqNode {
    @Override
    public List<JqNode> children() {
      return List.of(body);
    }
  }

  /** {@code break $name}. */
  record Break(String name, int start, int end) implements JqNode {}

  /**
   * {@code def name(params): body; rest}: the definition is in scope in its own body and in {@code rest}.
   *
   * @param nameStart the offset of the function's name
   */
  record FuncDef(
      String name, List<Param> params, JqNode body, JqNode rest, int nameStart, int start, int end)
      implements JqNode {
    public FuncDef {
      params = List.copyOf(params);
    }

    @Override
    public List<JqNode> children() {
      return List.of(body, rest);
    }
  }

  /** A function parameter: a filter {@code f} or a value {@code $x} (which also defines the filter {@code x}). */
  record Param(String name, boolean variable, int start, int end) {}

  private static List<JqNode> nonNull(JqNode... nodes) {
    List<JqNode> out = new ArrayList<>(nodes.length);
    for (JqNode n : nodes) {
      if (n != null) {
        out.add(n);
      }
    }
    return out;
  }
}
