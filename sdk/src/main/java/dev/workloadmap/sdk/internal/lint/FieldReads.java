package dev.workloadmap.sdk.internal.lint;

import dev.workloadmap.sdk.internal.jqast.JqNode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The field paths a jq expression reads from its input, found by a small abstract interpretation over the parse
 * tree: {@code .a.b}, {@code .a["b"]}, {@code .a[]}, {@code .a[0]}, {@code .a?}, pipes, {@code //}, {@code ,},
 * parentheses, {@code select}, {@code if}, {@code try}, and the element-wise builtins ({@code map}, {@code
 * any/1}, …). Whatever it does not understand (variables, function parameters, the accumulator of {@code reduce},
 * the input of most builtins' arguments) is treated as "not the input", so a path is only reported when it
 * certainly starts at the input: the linter must prefer misses to false alarms.
 *
 * <p>Package-private; used by {@link EvaluationContextRule}.
 */
final class FieldReads {

  /** One step of a path: a field name, or {@link #ELEMENT} for an iteration or a numeric index. */
  record Step(String name, int offset) {}

  /** Marker name of an array/object element step ({@code []}, {@code [0]}, a slice). */
  static final String ELEMENT = "[]";

  /** A path read from the input, from its first step. */
  record Path(List<Step> steps) {
    Path {
      steps = List.copyOf(steps);
    }

    Path plus(Step s) {
      List<Step> out = new ArrayList<>(steps);
      out.add(s);
      return new Path(out);
    }

    /** The name of step {@code i}, or null when the path is shorter. */
    String name(int i) {
      return i < steps.size() ? steps.get(i).name() : null;
    }

    /** {@code .a.b[]} style text of the first {@code n} steps. */
    String text(int n) {
      StringBuilder sb = new StringBuilder();
      for (int i = 0; i < Math.min(n, steps.size()); i++) {
        String name = steps.get(i).name();
        sb.append(ELEMENT.equals(name) ? "[]" : "." + name);
      }
      return sb.length() == 0 ? "." : sb.toString();
    }
  }

  /** Arguments evaluated against each element of the input ({@code map(f)}: f sees {@code .[]}). */
  private static final Set<String> ELEMENT_WISE = Set.of(
      "map",
      "map_values",
      "sort_by",
      "group_by",
      "unique_by",
      "min_by",
      "max_by",
      "any/1",
      "all/1");

  /** Arguments evaluated against the input itself, with an output that is no longer a path of the input. */
  private static final Set<String> INPUT_ARGS = Set.of(
      "has",
      "contains",
      "inside",
      "test",
      "match",
      "capture",
      "startswith",
      "endswith",
      "ltrimstr",
      "rtrimstr",
      "split",
      "join",
      "index",
      "rindex",
      "indices",
      "sub",
      "gsub",
      "ascii_downcase",
      "ascii_upcase",
      "tostring",
      "tonumber",
      "length",
      "not",
      "type",
      "empty",
      "error",
      "add",
      "keys",
      "values",
      "to_entries",
      "from_entries",
      "tojson",
      "fromjson",
      "isvalid",
      "any/2",
      "all/2",
      "first/1",
      "last/1",
      "limit",
      "splits",
      "ascii",
      "implode",
      "explode",
      "min",
      "max",
      "sort",
      "unique",
      "reverse",
      "flatten",
      "floor",
      "sqrt",
      "tostream",
      "getpath",
      "in",
      "isempty",
      "del",
      "strings",
      "numbers",
      "booleans",
      "nulls",
      "arrays",
      "objects",
      "iterables",
      "scalars");

  private final Set<Path> reads = new LinkedHashSet<>();

  private FieldReads() {}

  /** Every path {@code root} reads from its input, in source order; a prefix of a longer read is also listed. */
  static List<Path> of(JqNode root) {
    FieldReads r = new FieldReads();
    r.eval(root, List.of(new Path(List.of())));
    return List.copyOf(r.reads);
  }

  /**
   * Evaluates {@code node} on inputs that are the paths {@code in} of the expression's input (empty: not the input)
   * and returns the paths of the input its outputs are (empty: none known).
   */
  private List<Path> eval(JqNode node, List<Path> in) {
    if (node == null) {
      return List.of();
    }
    if (node instanceof JqNode.Identity) {
      return in;
    }
    if (node instanceof JqNode.Field f) {
      List<Path> base = f.target() == null ? in : eval(f.target(), in);
      if (f.nameString() != null) {
        eval(f.nameString(), in);
      }
      String name = f.name() != null
          ? f.name()
          : f.nameString() == null ? null : f.nameString().literal();
      if (name == null) {
        return List.of();
      }
      int offset = f.nameString() != null
          ? f.nameString().start()
          : Math.max(f.start(), f.end() - name.length());
      return step(base, new Step(name, offset));
    }
    if (node instanceof JqNode.Index ix) {
      List<Path> base = ix.target() == null ? in : eval(ix.target(), in);
      eval(ix.index(), in);
      JqNode index = ix.index();
      if (index instanceof JqNode.StringLit s && s.literal() != null) {
        return step(base, new Step(s.literal(), s.start()));
      }
      if (index instanceof JqNode.NumberLit n) {
        return step(base, new Step(ELEMENT, n.start()));
      }
      return List.of();
    }
    if (node instanceof JqNode.Iterate it) {
      List<Path> base = it.target() == null ? in : eval(it.target(), in);
      return step(base, new Step(ELEMENT, it.end() - 2));
    }
    if (node instanceof JqNode.Slice s) {
      List<Path> base = s.target() == null ? in : eval(s.target(), in);
      eval(s.from(), in);
      eval(s.to(), in);
      return base;
    }
    if (node instanceof JqNode.Optional o) {
      return eval(o.body(), in);
    }
    if (node instanceof JqNode.Paren p) {
      return eval(p.body(), in);
    }
    if (node instanceof JqNode.Binary b) {
      switch (b.op()) {
        case "|" -> {
          return eval(b.right(), eval(b.left(), in));
        }
        case "//", "," -> {
          List<Path> out = new ArrayList<>(eval(b.left(), in));
          out.addAll(eval(b.right(), in));
          return out;
        }
        default -> {
          eval(b.left(), in);
          eval(b.right(), in);
          return List.of();
        }
      }
    }
    if (node instanceof JqNode.Call c) {
      return call(c, in);
    }
    if (node instanceof JqNode.If i) {
      List<Path> out = new ArrayList<>();
      for (int k = 0; k < i.conditions().size(); k++) {
        eval(i.conditions().get(k), in);
        out.addAll(eval(i.branches().get(k), in));
      }
      out.addAll(i.otherwise() == null ? in : eval(i.otherwise(), in));
      return out;
    }
    if (node instanceof JqNode.Try t) {
      List<Path> out = eval(t.body(), in);
      eval(t.handler(), List.of());
      return out;
    }
    if (node instanceof JqNode.AsBinding a) {
      eval(a.source(), in);
      return eval(a.body(), in);
    }
    if (node instanceof JqNode.Reduce r) {
      eval(r.source(), in);
      eval(r.init(), in);
      eval(r.update(), List.of()); // '.' is the accumulator
      return List.of();
    }
    if (node instanceof JqNode.Foreach f) {
      eval(f.source(), in);
      eval(f.init(), in);
      eval(f.update(), List.of());
      eval(f.extract(), List.of());
      return List.of();
    }
    if (node instanceof JqNode.FuncDef d) {
      eval(d.body(), List.of()); // its input is whatever each call site passes
      return eval(d.rest(), in);
    }
    if (node instanceof JqNode.Label l) {
      return eval(l.body(), in);
    }
    // constructions, literals, variables, formats, negation: walk the children on the same input
    for (JqNode child : node.children()) {
      eval(child, in);
    }
    return List.of();
  }

  private List<Path> call(JqNode.Call c, List<Path> in) {
    String name = c.name();
    int arity = c.args().size();
    if (name.equals("select") && arity == 1) {
      eval(c.args().get(0), in);
      return in;
    }
    if ((name.equals("first") || name.equals("last")) && arity == 0) {
      return step(in, new Step(ELEMENT, c.start()));
    }
    if ((name.equals("first") || name.equals("last")) && arity == 1) {
      return eval(c.args().get(0), in);
    }
    if (ELEMENT_WISE.contains(name) || ELEMENT_WISE.contains(name + "/" + arity)) {
      List<Path> elements = step(in, new Step(ELEMENT, c.start()), false);
      for (JqNode arg : c.args()) {
        eval(arg, elements);
      }
      return List.of();
    }
    if (INPUT_ARGS.contains(name) || INPUT_ARGS.contains(name + "/" + arity)) {
      if (name.equals("any") || name.equals("all")) {
        eval(c.args().get(0), in); // the generator; the condition sees its outputs
        eval(c.args().get(1), List.of());
        return List.of();
      }
      for (JqNode arg : c.args()) {
        eval(arg, in);
      }
      return List.of();
    }
    // a local function, or a builtin whose arguments' input is not known here
    for (JqNode arg : c.args()) {
      eval(arg, List.of());
    }
    return List.of();
  }

  private List<Path> step(List<Path> base, Step s) {
    return step(base, s, true);
  }

  private List<Path> step(List<Path> base, Step s, boolean record) {
    List<Path> out = new ArrayList<>(base.size());
    for (Path p : base) {
      Path next = p.plus(s);
      if (record) {
        reads.add(next);
      }
      out.add(next);
    }
    return out;
  }
}
