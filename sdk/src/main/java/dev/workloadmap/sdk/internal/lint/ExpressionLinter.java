package dev.workloadmap.sdk.internal.lint;

import dev.workloadmap.sdk.internal.jqast.JqNode;
import dev.workloadmap.sdk.internal.jqast.JqNode.AsBinding;
import dev.workloadmap.sdk.internal.jqast.JqNode.Binary;
import dev.workloadmap.sdk.internal.jqast.JqNode.Break;
import dev.workloadmap.sdk.internal.jqast.JqNode.Call;
import dev.workloadmap.sdk.internal.jqast.JqNode.Foreach;
import dev.workloadmap.sdk.internal.jqast.JqNode.Format;
import dev.workloadmap.sdk.internal.jqast.JqNode.FuncDef;
import dev.workloadmap.sdk.internal.jqast.JqNode.Label;
import dev.workloadmap.sdk.internal.jqast.JqNode.Param;
import dev.workloadmap.sdk.internal.jqast.JqNode.Paren;
import dev.workloadmap.sdk.internal.jqast.JqNode.Reduce;
import dev.workloadmap.sdk.internal.jqast.JqNode.StringLit;
import dev.workloadmap.sdk.internal.jqast.JqNode.VarRef;
import dev.workloadmap.sdk.internal.jqast.JqPattern;
import dev.workloadmap.sdk.internal.jqast.RejectedConstructs;
import dev.workloadmap.sdk.validation.Severity;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * The rules of docs/format.md#validation-jq-sdk that go beyond the reference validator, on one parsed expression: names
 * (unknown and unsupported functions and formats, undefined variables and labels, with local {@code def}s, parameters
 * and bindings in scope), the {@code as} precedence trap (FC-27), regex literals (FC-32), and the unparenthesised
 * {@code componentTypeSelector.keyPath} comparison. The rejected constructs of docs/format.md#validation-jq are the
 * validator's and are not reported here. Stateless and thread-safe.
 */
final class ExpressionLinter {

  /** One problem in an expression, before it is wrapped and located. */
  record Problem(String ruleId, Severity severity, int offset, String message, String hint) {}

  /** Functions whose first argument is a regular expression ({@code split} only with two arguments). */
  private static final Set<String> REGEX_FUNCTIONS =
      Set.of("test", "match", "capture", "scan", "splits", "sub", "gsub");

  /** The top-level operators that change meaning when {@code == value} is appended without parentheses. */
  private static final Set<String> SELECTOR_TRAPS =
      Set.of("//", ",", "and", "or", "==", "!=", "<", "<=", ">", ">=");

  /** The longest regex literal the SDK accepts. */
  static final int MAX_REGEX_LENGTH = 1000;

  private final BuiltinSets builtins;

  ExpressionLinter(BuiltinSets builtins) {
    this.builtins = builtins;
  }

  /**
   * Every problem in {@code root}, in source order.
   *
   * @param comparedWithValue whether the reference appends {@code == value} to the expression
   *     (docs/format.md#pod-classification)
   */
  List<Problem> lint(JqNode root, boolean comparedWithValue) {
    List<Problem> out = new ArrayList<>();
    walk(root, Scope.EMPTY, out);
    if (comparedWithValue) {
      selector(root, out);
    }
    out.sort(Comparator.comparingInt(Problem::offset));
    return out;
  }

  /** Names in scope: functions with their arity, variables and labels (separate namespaces). */
  private record Scope(Named functions, Named variables, Named labels) {
    static final Scope EMPTY = new Scope(null, null, null);

    Scope function(String name, int arity) {
      return new Scope(new Named(name + "/" + arity, functions), variables, labels);
    }

    Scope variable(String name) {
      return new Scope(functions, new Named(name, variables), labels);
    }

    Scope label(String name) {
      return new Scope(functions, variables, new Named(name, labels));
    }

    Scope variables(JqPattern... patterns) {
      Scope s = this;
      for (JqPattern p : patterns) {
        for (String v : p.variables()) {
          s = s.variable(v);
        }
      }
      return s;
    }
  }

  private record Named(String name, Named next) {
    static boolean contains(Named n, String name) {
      for (Named x = n; x != null; x = x.next) {
        if (x.name.equals(name)) {
          return true;
        }
      }
      return false;
    }
  }

  private void walk(JqNode n, Scope scope, List<Problem> out) {
    if (n instanceof Call c) {
      call(c, scope, out);
      c.args().forEach(a -> walk(a, scope, out));
    } else if (n instanceof VarRef v) {
      if (!RejectedConstructs.VARIABLES.contains(v.name())
          && !Named.contains(scope.variables(), v.name())) {
        out.add(new Problem(
            JqLintRule.UNDEFINED_VARIABLE,
            Severity.ERROR,
            v.start(),
            "undefined variable '$" + v.name() + "'",
            "bind it first ('… as $" + v.name() + " | …') or declare it as a function parameter"));
      }
    } else if (n instanceof Format f) {
      format(f.name(), f.start(), out);
    } else if (n instanceof StringLit s) {
      if (s.format() != null) {
        format(s.format(), s.start(), out);
      }
      s.parts().forEach(p -> walk(p, scope, out));
    } else if (n instanceof FuncDef d) {
      endlessRecursion(d, out);
      Scope self = scope.function(d.name(), d.params().size());
      Scope body = self;
      for (Param p : d.params()) {
        body = body.function(p.name(), 0);
        if (p.variable()) {
          body = body.variable(p.name());
        }
      }
      walk(d.body(), body, out);
      walk(d.rest(), self, out);
    } else if (n instanceof AsBinding a) {
      if (catchesDownstream(a.source())) {
        tryScope(a.source(), out);
      }
      walk(a.source(), scope, out);
      Scope inner = scope.variables(a.patterns().toArray(JqPattern[]::new));
      a.patterns().forEach(p -> p.keyExpressions().forEach(k -> walk(k, inner, out)));
      walk(a.body(), inner, out);
    } else if (n instanceof Reduce r) {
      walk(r.source(), scope, out);
      walk(r.init(), scope, out);
      Scope inner = scope.variables(r.patterns().toArray(JqPattern[]::new));
      r.patterns().forEach(p -> p.keyExpressions().forEach(k -> walk(k, inner, out)));
      walk(r.update(), inner, out);
    } else if (n instanceof Foreach f) {
      walk(f.source(), scope, out);
      walk(f.init(), scope, out);
      Scope inner = scope.variables(f.patterns().toArray(JqPattern[]::new));
      f.patterns().forEach(p -> p.keyExpressions().forEach(k -> walk(k, inner, out)));
      walk(f.update(), inner, out);
      if (f.extract() != null) {
        walk(f.extract(), inner, out);
      }
    } else if (n instanceof Label l) {
      walk(l.body(), scope.label(l.name()), out);
    } else if (n instanceof Break b) {
      if (!Named.contains(scope.labels(), b.name())) {
        out.add(new Problem(
            JqLintRule.UNDEFINED_VARIABLE,
            Severity.ERROR,
            b.start(),
            "undefined label '$" + b.name() + "'",
            "'break $" + b.name() + "' needs an enclosing 'label $" + b.name() + " | …'"));
      }
    } else {
      if (n instanceof JqNode.Try t && t.handler() != null && !constant(t.handler())) {
        out.add(new Problem(
            JqLintRule.ERROR_MESSAGE,
            Severity.ERROR,
            t.handler().start(),
            "the 'catch' handler reads the error message, which the reference engine (gojq) and the SDK's engine"
                + " word differently",
            "catch into a constant ('try X catch \"fallback\"') or write 'X?' or '(X)? // fallback'; a message"
                + " raised with error(\"…\") is the same in both, but a builtin's is not"));
      }
      if (n instanceof Binary b && b.op().equals("|") && catchesDownstream(b.left())) {
        tryScope(b.left(), out);
      }
      if (n instanceof JqNode.ObjectEntry e && e.value() != null && bindsAtTop(e.value())) {
        out.add(new Problem(
            JqLintRule.AS_PRECEDENCE,
            Severity.ERROR,
            e.value().start(),
            "add parentheses around the 'as' binding in the object value",
            "the reference engine (gojq) does not parse '{k: … as $x | …}' (unexpected token \"as\"); write"
                + " '{k: (… as $x | …)}'"));
      }
      if (n instanceof Binary b && !b.op().equals("|") && b.right() instanceof AsBinding a) {
        out.add(new Problem(
            JqLintRule.AS_PRECEDENCE,
            Severity.ERROR,
            a.start(),
            "add parentheses around the 'as' binding",
            "engines disagree on how far '… as $x | …' reaches to the left of '" + b.op()
                + "' (FC-27); write '" + b.op() + " (… as $x | …)' or '(… " + b.op()
                + " …) as $x | …'"));
      }
      n.children().forEach(child -> walk(child, scope, out));
    }
  }

  /**
   * {@code (X)?} and {@code (try X …)}: jackson-jq's try around a parenthesised body also catches what the rest of the
   * pipeline raises ({@code (.a)? | error("y")} gives nothing where gojq fails), found by the differential fuzzing.
   */
  private static boolean catchesDownstream(JqNode n) {
    JqNode m = n;
    while (m instanceof Paren p) {
      if (p.body() instanceof JqNode.Try) {
        return true;
      }
      m = p.body();
    }
    return m instanceof JqNode.Optional o && o.body() instanceof Paren;
  }

  /** Whether {@code n} is an 'as' binding, or a pipe with one, outside any parentheses. */
  private static boolean bindsAtTop(JqNode n) {
    if (n instanceof AsBinding) {
      return true;
    }
    return n instanceof Binary b
        && b.op().equals("|")
        && (bindsAtTop(b.left()) || bindsAtTop(b.right()));
  }

  private static void tryScope(JqNode n, List<Problem> out) {
    out.add(
        new Problem(
            JqLintRule.TRY_SCOPE,
            Severity.ERROR,
            n.start(),
            "'(…)?' or '(try …)' followed by more pipeline: the SDK's engine also catches the errors raised after it,"
                + " the reference engine (gojq) only those inside",
            "put the rest inside the try ('try (X | rest)' or '(X | rest)?'), or use '?' on a path ('.a?')"));
  }

  /** Whether {@code n} does not read its input: literals, {@code empty}, and arrays and objects of those. */
  private static boolean constant(JqNode n) {
    if (n instanceof JqNode.NumberLit || n instanceof JqNode.Constant) {
      return true;
    }
    if (n instanceof StringLit s) {
      return s.parts().stream().allMatch(p -> p instanceof JqNode.Text);
    }
    if (n instanceof Call c) {
      return c.name().equals("empty") && c.args().isEmpty();
    }
    if (n instanceof Paren p) {
      return constant(p.body());
    }
    if (n instanceof JqNode.ArrayCons a) {
      return a.body() == null || constant(a.body());
    }
    if (n instanceof JqNode.ObjectCons o) {
      return o.entries().stream()
          .allMatch(e -> (e.key() instanceof JqNode.Key || constant(e.key()))
              && e.value() != null
              && constant(e.value()));
    }
    if (n instanceof Binary b && b.op().equals(",")) {
      return constant(b.left()) && constant(b.right());
    }
    return false;
  }

  private void call(Call c, Scope scope, List<Problem> out) {
    int arity = c.args().size();
    if (Named.contains(scope.functions(), c.name() + "/" + arity)) {
      return; // a local def or parameter
    }
    if (!RejectedConstructs.isRejectedFunction(c.name())) {
      if (!builtins.reference(c.name(), arity)) {
        out.add(new Problem(
            JqLintRule.UNKNOWN_FUNCTION,
            Severity.ERROR,
            c.start(),
            "unknown function '" + c.name() + "/" + arity + "'",
            unknownHint(c.name())));
      } else if (!builtins.engine(c.name(), arity)) {
        out.add(new Problem(
            JqLintRule.UNSUPPORTED_FUNCTION,
            Severity.ERROR,
            c.start(),
            "function '" + c.name() + "/" + arity + "' is not supported",
            "the reference engine (gojq) has it but the SDK's engine (jackson-jq) does not; rewrite it with"
                + " supported builtins or a local 'def'"));
      }
    }
    endlessLoop(c, out);
    boolean regex = REGEX_FUNCTIONS.contains(c.name()) || (c.name().equals("split") && arity == 2);
    if (regex && arity >= 1 && builtins.reference(c.name(), arity)) {
      regex(c.args().get(0), out);
    }
  }

  /**
   * {@code until(false; f)} and {@code until(null; f)} never end and never emit, whatever surrounds them: they run
   * into the time or memory budget on every object, or grow a value until the heap is gone ({@code [1] |
   * until(false; . + .)}). ({@code while(true; f)} and {@code repeat(f)} emit as they go, so {@code limit(n; …)} can
   * bound them; they are left to the budget.)
   */
  private static void endlessLoop(Call c, List<Problem> out) {
    if (c.name().equals("until")
        && c.args().size() == 2
        && c.args().get(0) instanceof JqNode.Constant k
        && (k.text().equals("false") || k.text().equals("null"))) {
      out.add(new Problem(
          JqLintRule.ENDLESS_LOOP,
          Severity.ERROR,
          c.start(),
          "'until(" + k.text()
              + "; …)' never ends: it runs into the evaluation budget on every object",
          "give the loop a condition that reads its input, such as until(. >= 10; . + 1)"));
    }
  }

  /**
   * {@code def f: f;}, {@code def f: [f];}, {@code def f: . + f;}, {@code def f: .a | f;}: a definition whose body
   * always reaches a call of itself, with no branch ({@code if}, {@code //}, {@code and}/{@code or}, {@code try},
   * {@code select}, {@code empty}, {@code limit}, ...) that could end it, never returns: it recurses into the budget
   * (or the stack) on every object. The finding points at the recursive call.
   */
  private static void endlessRecursion(FuncDef d, List<Problem> out) {
    if (d.params().stream().anyMatch(p -> p.name().equals(d.name()))) {
      return; // a parameter shadows the definition's own name
    }
    Call self = alwaysCalls(d.body(), d.name(), d.params().size());
    if (self != null) {
      out.add(new Problem(
          JqLintRule.ENDLESS_RECURSION,
          Severity.ERROR,
          self.start(),
          "'def " + d.name() + "' calls itself unconditionally: it never ends",
          "give the recursion a base case, such as def " + d.name() + ": if . > 0 then . - 1 | "
              + d.name() + " else . end;"));
    }
  }

  /** The call of {@code name/arity} that evaluating {@code n} always reaches, or null. */
  private static Call alwaysCalls(JqNode n, String name, int arity) {
    if (n instanceof Call c) {
      return c.name().equals(name) && c.args().size() == arity ? c : null;
    }
    if (n instanceof Paren p) {
      return alwaysCalls(p.body(), name, arity);
    }
    if (n instanceof JqNode.ArrayCons a) {
      return a.body() == null ? null : alwaysCalls(a.body(), name, arity);
    }
    if (n instanceof JqNode.Negate g) {
      return alwaysCalls(g.operand(), name, arity);
    }
    if (n instanceof JqNode.Field f) {
      return f.target() == null ? null : alwaysCalls(f.target(), name, arity);
    }
    if (n instanceof Binary b) {
      if (Set.of("//", "and", "or", "?//", ",").contains(b.op())) {
        // the right side runs only on some values; after ',' the left has emitted already, so
        // limit(n; …) can
        // bound it (like repeat/1, left to the budget)
        return alwaysCalls(b.left(), name, arity);
      }
      if (b.op().equals("|")) {
        Call left = alwaysCalls(b.left(), name, arity);
        return left != null
            ? left
            : singleOutput(b.left()) ? alwaysCalls(b.right(), name, arity) : null;
      }
      Call left = alwaysCalls(b.left(), name, arity);
      return left != null ? left : alwaysCalls(b.right(), name, arity);
    }
    return null;
  }

  /** An expression that always emits exactly one value or fails ({@code .}, {@code .a.b}, a literal). */
  private static boolean singleOutput(JqNode n) {
    if (n instanceof Paren p) {
      return singleOutput(p.body());
    }
    if (n instanceof JqNode.Identity
        || n instanceof JqNode.NumberLit
        || n instanceof JqNode.Constant) {
      return true;
    }
    if (n instanceof StringLit s) {
      return s.parts().isEmpty() || s.literal() != null;
    }
    return n instanceof JqNode.Field f && (f.target() == null || singleOutput(f.target()));
  }

  private String unknownHint(String name) {
    if (name.equals("keys_unsorted")) {
      return "the reference engine (gojq) has no keys_unsorted; use keys";
    }
    if (builtins.referenceSet().stream().noneMatch(k -> k.startsWith(name + "/"))) {
      return "neither a builtin of the reference engine nor a local def; a key with '-' is written"
          + " .[\"job-name\"] or .\"job-name\", since .a.job-name is a subtraction";
    }
    return "the reference engine defines " + name + " only with "
        + String.join(
            " or ",
            builtins.referenceSet().stream()
                .filter(k -> k.startsWith(name + "/"))
                .sorted()
                .map(k -> k.substring(name.length() + 1) + " argument(s)")
                .toList());
  }

  private void format(String name, int at, List<Problem> out) {
    if (!builtins.reference("@" + name, 0)) {
      out.add(
          new Problem(
              JqLintRule.UNKNOWN_FUNCTION,
              Severity.ERROR,
              at,
              "unknown format '@" + name + "'",
              "the reference engine's formats are @text @json @html @uri @urid @csv @tsv @sh @base64 @base64d"));
    } else if (!builtins.engine("@" + name, 0)) {
      out.add(new Problem(
          JqLintRule.UNSUPPORTED_FUNCTION,
          Severity.ERROR,
          at,
          "format '@" + name + "' is not supported",
          "the SDK's engine (jackson-jq) does not have it"));
    }
  }

  private void regex(JqNode arg, List<Problem> out) {
    JqNode a = arg;
    while (a instanceof Paren p) {
      a = p.body();
    }
    if (!(a instanceof StringLit s) || s.format() != null || s.literal() == null) {
      return;
    }
    String re = s.literal();
    int[] offsets = s.literalOffsets();
    if (re.length() > MAX_REGEX_LENGTH) {
      out.add(new Problem(
          JqLintRule.REGEX,
          Severity.ERROR,
          s.start(),
          "regular expression too long",
          "regular expressions are limited to " + MAX_REGEX_LENGTH
              + " chars (compiling one cannot be" + " interrupted, FC-32)"));
      return;
    }
    Re2Check.Problem p = Re2Check.check(re);
    if (p != null) {
      int at = p.index() < offsets.length ? offsets[p.index()] : s.start();
      out.add(new Problem(
          JqLintRule.REGEX,
          Severity.ERROR,
          at,
          "regular expression not supported by the reference engine",
          "the reference engine uses RE2 syntax, which has no " + p.what() + " (FC-32)"));
      return;
    }
    // a constant pattern that does not compile fails every evaluation (the matcher silently never
    // fires): say so now;
    // gojq's flags (g, i, m) never change whether a pattern compiles
    try {
      com.google.re2j.Pattern.compile(re);
    } catch (com.google.re2j.PatternSyntaxException e) {
      out.add(
          new Problem(
              JqLintRule.REGEX,
              Severity.ERROR,
              s.start(),
              "invalid regular expression: " + e.getDescription(),
              "fix the pattern (RE2 syntax, as the reference engine's Go regexp): every evaluation of it fails"));
    }
  }

  /** The keyPath warning: the last pipe segment's top operator binds looser than the appended {@code ==}. */
  private static void selector(JqNode root, List<Problem> out) {
    JqNode last = root;
    while (true) {
      if (last instanceof Binary b && b.op().equals("|")) {
        last = b.right();
      } else if (last instanceof AsBinding a) {
        last = a.body();
      } else if (last instanceof FuncDef d) {
        last = d.rest();
      } else if (last instanceof Label l) {
        last = l.body();
      } else {
        break;
      }
    }
    if (last instanceof Binary b && SELECTOR_TRAPS.contains(b.op())) {
      out.add(new Problem(
          JqLintRule.SELECTOR_PRECEDENCE,
          Severity.WARNING,
          b.opStart(),
          "keyPath is compared without parentheses; wrap it in ( )",
          "the reference evaluates '<keyPath> == <value>', so '" + b.op()
              + "' here applies to the comparison's" + " result (EC-05)"));
    }
  }
}
