package dev.workloadmap.sdk.internal.jqast;

import dev.workloadmap.sdk.internal.jqast.JqNode.*;
import java.util.stream.Collectors;

/**
 * Test helper: prints a tree back as jq text with every operator fully parenthesised, so that a parse of the
 * printed text must give the same print again (round trip), and the structure is visible in assertions.
 */
final class JqPrinter {
  private JqPrinter() {}

  static String print(JqNode n) {
    if (n instanceof Identity) {
      return ".";
    }
    if (n instanceof RecurseAll) {
      return "..";
    }
    if (n instanceof Field f) {
      String name = f.nameString() != null ? "." + print(f.nameString()) : "." + f.name();
      return f.target() == null ? name : target(f.target()) + name;
    }
    if (n instanceof Index i) {
      return (i.target() == null ? "." : target(i.target())) + "[" + print(i.index()) + "]";
    }
    if (n instanceof Slice s) {
      return (s.target() == null ? "." : target(s.target())) + "["
          + (s.from() == null ? "" : print(s.from())) + ":" + (s.to() == null ? "" : print(s.to()))
          + "]";
    }
    if (n instanceof Iterate i) {
      return (i.target() == null ? "." : target(i.target())) + "[]";
    }
    if (n instanceof JqNode.Optional o) {
      return target(o.body()) + "?";
    }
    if (n instanceof NumberLit l) {
      return l.text();
    }
    if (n instanceof Constant c) {
      return c.text();
    }
    if (n instanceof StringLit s) {
      StringBuilder sb =
          new StringBuilder(s.format() == null ? "" : "@" + s.format() + " ").append('"');
      for (JqNode p : s.parts()) {
        if (p instanceof Text t) {
          sb.append(escape(t.value()));
        } else {
          sb.append("\\(").append(print(p)).append(')');
        }
      }
      return sb.append('"').toString();
    }
    if (n instanceof Format f) {
      return "@" + f.name();
    }
    if (n instanceof VarRef v) {
      return "$" + v.name();
    }
    if (n instanceof Call c) {
      return c.args().isEmpty()
          ? c.name()
          : c.name() + "("
              + c.args().stream().map(JqPrinter::print).collect(Collectors.joining("; ")) + ")";
    }
    if (n instanceof Binary b) {
      return "(" + print(b.left()) + " " + b.op() + " " + print(b.right()) + ")";
    }
    if (n instanceof Negate g) {
      return "(" + g.op() + print(g.operand()) + ")";
    }
    if (n instanceof Paren p) {
      return target(p.body());
    }
    if (n instanceof ArrayCons a) {
      return a.body() == null ? "[]" : "[" + print(a.body()) + "]";
    }
    if (n instanceof ObjectCons o) {
      return "{" + o.entries().stream().map(JqPrinter::print).collect(Collectors.joining(", "))
          + "}";
    }
    if (n instanceof ObjectEntry e) {
      return key(e.key()) + (e.value() == null ? "" : ": " + target(e.value()));
    }
    if (n instanceof Key k) {
      return k.name();
    }
    if (n instanceof AsBinding a) {
      return "(" + target(a.source()) + " as " + patterns(a.patterns()) + " | " + print(a.body())
          + ")";
    }
    if (n instanceof Reduce r) {
      return "(reduce " + target(r.source()) + " as " + patterns(r.patterns()) + " ("
          + print(r.init()) + "; " + print(r.update()) + "))";
    }
    if (n instanceof Foreach f) {
      return "(foreach " + target(f.source()) + " as " + patterns(f.patterns()) + " ("
          + print(f.init()) + "; " + print(f.update())
          + (f.extract() == null ? "" : "; " + print(f.extract())) + "))";
    }
    if (n instanceof If i) {
      StringBuilder sb = new StringBuilder("(if ");
      for (int k = 0; k < i.conditions().size(); k++) {
        sb.append(k == 0 ? "" : " elif ")
            .append(print(i.conditions().get(k)))
            .append(" then ")
            .append(print(i.branches().get(k)));
      }
      return sb.append(" else ").append(print(i.otherwise())).append(" end)").toString();
    }
    if (n instanceof Try t) {
      return "(try " + target(t.body())
          + (t.handler() == null ? "" : " catch " + target(t.handler())) + ")";
    }
    if (n instanceof Label l) {
      return "(label $" + l.name() + " | " + print(l.body()) + ")";
    }
    if (n instanceof Break b) {
      return "break $" + b.name();
    }
    if (n instanceof FuncDef d) {
      String params = d.params().isEmpty()
          ? ""
          : "("
              + d.params().stream()
                  .map(p -> (p.variable() ? "$" : "") + p.name())
                  .collect(Collectors.joining("; "))
              + ")";
      return "(def " + d.name() + params + ": " + print(d.body()) + "; " + print(d.rest()) + ")";
    }
    throw new IllegalArgumentException(n.toString());
  }

  /**
   * A term that takes suffixes: plain terms as they are, nodes that print their own parentheses as they are, and
   * anything else in parentheses.
   */
  private static String target(JqNode n) {
    String s = print(n);
    boolean plain = n instanceof Field
        || n instanceof Index
        || n instanceof Slice
        || n instanceof Iterate
        || n instanceof JqNode.Optional
        || n instanceof Identity
        || n instanceof Call
        || n instanceof VarRef
        || n instanceof Paren
        || n instanceof ArrayCons
        || n instanceof ObjectCons
        || n instanceof StringLit
        || n instanceof Constant;
    boolean self = n instanceof Binary
        || n instanceof Negate
        || n instanceof AsBinding
        || n instanceof Reduce
        || n instanceof Foreach
        || n instanceof If
        || n instanceof Try
        || n instanceof Label
        || n instanceof FuncDef;
    return plain || self ? s : "(" + s + ")";
  }

  private static String key(JqNode k) {
    return k instanceof Paren p ? "(" + print(p.body()) + ")" : print(k);
  }

  private static String patterns(java.util.List<JqPattern> ps) {
    return ps.stream().map(JqPrinter::pattern).collect(Collectors.joining(" ?// "));
  }

  private static String pattern(JqPattern p) {
    if (p instanceof JqPattern.Var v) {
      return "$" + v.name();
    }
    if (p instanceof JqPattern.ArrayPattern a) {
      return "[" + a.elements().stream().map(JqPrinter::pattern).collect(Collectors.joining(", "))
          + "]";
    }
    JqPattern.ObjectPattern o = (JqPattern.ObjectPattern) p;
    return "{"
        + o.entries().stream()
            .map(e -> {
              String key = e.variable() != null ? "$" + e.variable().name() : key(e.key());
              return e.value() == null ? key : key + ": " + pattern(e.value());
            })
            .collect(Collectors.joining(", "))
        + "}";
  }

  private static String escape(String s) {
    StringBuilder sb = new StringBuilder();
    for (char c : s.toCharArray()) {
      switch (c) {
        case '"' -> sb.append("\\\"");
        case '\\' -> sb.append("\\\\");
        case '\n' -> sb.append("\\n");
        case '\t' -> sb.append("\\t");
        default -> sb.append(c < 0x20 ? String.format("\\u%04x", (int) c) : String.valueOf(c));
      }
    }
    return sb.toString();
  }
}
