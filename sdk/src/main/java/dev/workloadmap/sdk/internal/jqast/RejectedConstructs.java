package dev.workloadmap.sdk.internal.jqast;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.Set;

/**
 * The constructs the reference validator rejects (docs/format.md#validation-jq) and those decision c adds
 * (docs/format.md#validation-jq-sdk, docs/format.md#decision-c), found at any depth of a parsed expression: every node
 * is visited, including object keys, interpolations, {@code if} branches, {@code try}/{@code catch},
 * {@code reduce}/{@code foreach}, {@code label} bodies, unary operands, index and slice expressions and local
 * {@code def} bodies. A local {@code def} whose name is rejected is rejected too. Calls are matched by name whatever
 * their arity, as the reference does.
 */
public final class RejectedConstructs {
  private RejectedConstructs() {}

  /** {@code range}, {@code paths}, {@code recurse}, {@code walk}, {@code repeat}: "may produce excessive output". */
  public static final Set<String> EXCESSIVE = Set.of("range", "paths", "recurse", "walk", "repeat");

  /** Functions decision c rejects: "function '%s' is not allowed". */
  public static final Set<String> NOT_ALLOWED =
      Set.of("env", "input", "inputs", "debug", "stderr", "halt", "halt_error", "input_filename");

  /** Variables decision c rejects (without {@code $}). */
  public static final Set<String> VARIABLES = Set.of("ENV", "__loc__");

  /** The assignment operators. */
  public static final Set<String> ASSIGNMENTS =
      Set.of("=", "|=", "+=", "-=", "*=", "/=", "%=", "//=");

  /**
   * One rejected construct.
   *
   * @param offset where it starts in the expression (the name of a call or {@code def}, the operator, the {@code $})
   * @param length how many chars it spans
   * @param message the reference's wording, without the wrapper
   */
  public record Issue(int offset, int length, String message) {}

  /** Whether a function of this name is rejected whatever its arity. */
  public static boolean isRejectedFunction(String name) {
    return "del".equals(name) || EXCESSIVE.contains(name) || NOT_ALLOWED.contains(name);
  }

  /** Every rejected construct in {@code root}, in source order. */
  public static List<Issue> find(JqNode root) {
    List<Issue> out = new ArrayList<>();
    Deque<JqNode> todo = new ArrayDeque<>();
    todo.push(root);
    while (!todo.isEmpty()) {
      JqNode n = todo.pop();
      if (n instanceof JqNode.Call c) {
        function(c.name(), c.start(), out);
      } else if (n instanceof JqNode.FuncDef d) {
        function(d.name(), d.nameStart(), out);
      } else if (n instanceof JqNode.RecurseAll r) {
        out.add(new Issue(r.start(), 2, "recursive descent operator '..' is not allowed"));
      } else if (n instanceof JqNode.Binary b && ASSIGNMENTS.contains(b.op())) {
        out.add(new Issue(
            b.opStart(), b.op().length(), "modifying operator '" + b.op() + "' is not allowed"));
      } else if (n instanceof JqNode.VarRef v && VARIABLES.contains(v.name())) {
        out.add(new Issue(
            v.start(), v.end() - v.start(), "variable '$" + v.name() + "' is not allowed"));
      }
      List<JqNode> children = n.children();
      for (int i = children.size() - 1; i >= 0; i--) {
        todo.push(children.get(i));
      }
    }
    out.sort(Comparator.comparingInt(Issue::offset));
    return out;
  }

  private static void function(String name, int at, List<Issue> out) {
    if ("del".equals(name)) {
      out.add(new Issue(at, name.length(), "del function is not allowed"));
    } else if (EXCESSIVE.contains(name)) {
      out.add(new Issue(
          at,
          name.length(),
          "function '" + name + "' may produce excessive output and is not allowed"));
    } else if (NOT_ALLOWED.contains(name)) {
      out.add(new Issue(at, name.length(), "function '" + name + "' is not allowed"));
    }
  }
}
