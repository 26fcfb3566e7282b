package dev.workloadmap.sdk.internal.crd;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.schema.internal.NameSuggester;
import dev.workloadmap.sdk.internal.jqast.JqNode;
import dev.workloadmap.sdk.internal.jqast.JqPattern;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A small abstract interpreter over a jq AST: it runs an expression on the <em>schema</em> of its input instead of a
 * value, and reports field accesses the schema does not allow. Every construct it does not model yields {@link
 * Val.Unknown}, from which nothing more is reported (at most one "not checked" note), so it never raises a false
 * error on what it does not understand.
 *
 * <p>Not thread-safe: one instance per expression.
 */
final class PathInterpreter {

  /** Most alternatives kept for one sub-expression; beyond, the value becomes unknown. */
  static final int MAX_ALTERNATIVES = 32;

  /** The abstract value of one jq output. */
  sealed interface Val {

    /** A value described by a schema node. {@code path} is its display path, {@code at} the offset producing it. */
    record Sch(JsonNode schema, String path, int at) implements Val {}

    /** Anything: not checked further. */
    record Unknown(String reason) implements Val {}

    /** A computed value of a JSON type ({@code boolean}, {@code number}, {@code string}, {@code null}), or null. */
    record Scalar(String type, int at) implements Val {}

    /** A constructed array with the given element alternatives. */
    record Arr(List<Val> items, int at) implements Val {}

    /** A constructed object with literal keys. */
    record Obj(Map<String, List<Val>> fields, int at) implements Val {}
  }

  /** One problem found, at an offset of the expression. */
  record Problem(String ruleId, String message, String hint, int offset) {}

  private final String subject;
  private final String text;
  private final List<Problem> problems = new ArrayList<>();
  private final Set<String> reported = new java.util.HashSet<>();
  private String notChecked;
  private int notCheckedAt = -1;
  private int optionalDepth;
  private final Map<String, List<Val>> env = new HashMap<>();
  /** Local definitions in scope, by {@code name/arity}: a {@link JqNode.FuncDef} or a {@link Closure}. */
  private final Map<String, Object> functions = new HashMap<>();

  private int callDepth;

  /** A filter parameter of a local def: the argument expression of the call, with the caller's scope. */
  private record Closure(JqNode body, Map<String, Object> functions, Map<String, List<Val>> env) {}

  /** Deepest nesting of local def calls followed (recursion stops there). */
  static final int MAX_CALL_DEPTH = 8;

  /**
   * @param subject what the schema describes in messages, such as {@code JobSet v1alpha2}
   * @param text the expression text (for positions of brackets)
   */
  PathInterpreter(String subject, String text) {
    this.subject = subject;
    this.text = text;
  }

  List<Problem> problems() {
    return problems;
  }

  /** The first construct or schema part that stopped checking, or null. */
  String notChecked() {
    return notChecked;
  }

  int notCheckedAt() {
    return notCheckedAt;
  }

  /** Runs {@code node} on the root schema. */
  List<Val> run(JqNode node, JsonNode rootSchema) {
    return eval(node, List.of(new Val.Sch(rootSchema, "", 0)));
  }

  // ---- schema helpers

  static String type(JsonNode schema) {
    if (schema.path("x-kubernetes-int-or-string").asBoolean(false)) {
      return "int-or-string";
    }
    return schema.path("type").asText("");
  }

  private static boolean preserves(JsonNode schema) {
    return schema.path("x-kubernetes-preserve-unknown-fields").asBoolean(false);
  }

  /** The result of looking a field up in one schema. */
  private sealed interface Lookup {
    record Found(Val value) implements Lookup {}

    record Missing(Set<String> known) implements Lookup {}

    record NotObject(String type) implements Lookup {}
  }

  private Lookup lookup(Val.Sch s, String name, int at) {
    JsonNode schema = s.schema();
    String path = s.path().isEmpty() ? name : s.path() + "." + name;
    JsonNode props = schema.path("properties");
    if (props.has(name)) {
      return new Lookup.Found(new Val.Sch(props.get(name), path, at));
    }
    String type = type(schema);
    if (!type.isEmpty() && !type.equals("object")) {
      return new Lookup.NotObject(type);
    }
    if (preserves(schema)) {
      return new Lookup.Found(
          unknown("x-kubernetes-preserve-unknown-fields at " + where(s.path()), at));
    }
    JsonNode additional = schema.path("additionalProperties");
    if (additional.isObject()) {
      return new Lookup.Found(new Val.Sch(additional, path, at));
    }
    if (additional.asBoolean(false) || !props.isObject() || props.isEmpty()) {
      return new Lookup.Found(unknown("no field list in the schema of " + where(s.path()), at));
    }
    return new Lookup.Missing(new TreeSet<>(iterable(props.fieldNames())));
  }

  private static List<String> iterable(java.util.Iterator<String> it) {
    List<String> out = new ArrayList<>();
    it.forEachRemaining(out::add);
    return out;
  }

  private static String where(String path) {
    return path.isEmpty() ? "the top level" : path;
  }

  private Val unknown(String reason, int at) {
    if (notChecked == null) {
      notChecked = reason;
      notCheckedAt = at;
    }
    return new Val.Unknown(reason);
  }

  private void problem(String ruleId, String message, String hint, int offset) {
    if (reported.add(ruleId + "@" + offset)) {
      problems.add(new Problem(ruleId, message, hint, offset));
    }
  }

  // ---- operations on value sets

  private static List<Val> cap(List<Val> vals) {
    if (vals.size() <= MAX_ALTERNATIVES) {
      return vals;
    }
    return List.of(new Val.Unknown("too many alternatives"));
  }

  private static List<Val> union(List<Val> a, List<Val> b) {
    List<Val> out = new ArrayList<>(a);
    for (Val v : b) {
      if (!contains(out, v)) {
        out.add(v);
      }
    }
    return cap(out);
  }

  private static boolean contains(List<Val> vals, Val v) {
    for (Val o : vals) {
      if (o == v
          || (o instanceof Val.Sch a
              && v instanceof Val.Sch b
              && a.schema() == b.schema()
              && a.path().equals(b.path()))
          || (o instanceof Val.Scalar x
              && v instanceof Val.Scalar y
              && java.util.Objects.equals(x.type(), y.type()))
          || (o instanceof Val.Unknown && v instanceof Val.Unknown)) {
        return true;
      }
    }
    return false;
  }

  /** {@code .name} on every input. */
  private List<Val> field(List<Val> in, String name, int at) {
    List<Val> out = new ArrayList<>();
    Val.Sch missingIn = null;
    Set<String> known = null;
    Val.Sch notObjectIn = null;
    String notObjectType = null;
    boolean anyOk = false;
    for (Val v : in) {
      if (v instanceof Val.Sch s) {
        Lookup l = lookup(s, name, at);
        if (l instanceof Lookup.Found f) {
          out = union(out, List.of(f.value()));
          anyOk = true;
        } else if (l instanceof Lookup.Missing m) {
          if (missingIn == null) {
            missingIn = s;
            known = new TreeSet<>(m.known());
          } else {
            known.addAll(m.known()); // suggest from every alternative
          }
        } else if (l instanceof Lookup.NotObject n) {
          if (notObjectIn == null) {
            notObjectIn = s;
            notObjectType = n.type();
          }
        }
      } else if (v instanceof Val.Obj o) {
        anyOk = true;
        out = union(out, o.fields().getOrDefault(name, List.of(new Val.Scalar("null", at))));
      } else if (v instanceof Val.Scalar sc && ("null".equals(sc.type()) || sc.type() == null)) {
        anyOk = true;
        out = union(out, List.of(sc.type() == null ? new Val.Unknown("computed value") : sc));
      } else if (v instanceof Val.Scalar sc) {
        if (notObjectIn == null && notObjectType == null) {
          notObjectType = sc.type();
        }
      } else if (v instanceof Val.Arr) {
        if (notObjectIn == null && notObjectType == null) {
          notObjectType = "array";
        }
      } else {
        anyOk = true;
        out = union(out, List.of(v));
      }
    }
    if (!anyOk) {
      if (missingIn != null) {
        String suggestion = NameSuggester.suggest(name, known);
        problem(
            CrdPathCheck.UNKNOWN_FIELD,
            "no field " + name
                + (missingIn.path().isEmpty()
                    ? " at the top level of " + subject
                    : " in " + subject + " " + missingIn.path())
                + (suggestion == null ? "" : "; did you mean " + suggestion + "?"),
            "fields of " + where(missingIn.path()) + ": " + abbreviate(known),
            at);
      } else if (notObjectType != null && optionalDepth == 0) {
        problem(
            CrdPathCheck.TYPE_MISMATCH,
            "cannot read field " + name + " of "
                + (notObjectIn == null
                    ? "a " + notObjectType
                    : where(notObjectIn.path()) + " in " + subject + ", which is "
                        + article(notObjectType)),
            notObjectType.equals("array") ? "iterate first: " + "[]." + name : "",
            at);
      }
    }
    return out;
  }

  private static String article(String type) {
    return (type.startsWith("a") || type.startsWith("i") || type.startsWith("o") ? "an " : "a ")
        + type;
  }

  private static String abbreviate(Set<String> names) {
    List<String> list = new ArrayList<>(names);
    if (list.size() <= 12) {
      return String.join(", ", list);
    }
    return String.join(", ", list.subList(0, 12)) + ", ... (" + list.size() + " in all)";
  }

  /** {@code .[]} on every input. */
  private List<Val> iterate(List<Val> in, int at) {
    List<Val> out = new ArrayList<>();
    String bad = null;
    String badPath = null;
    boolean anyOk = false;
    for (Val v : in) {
      if (v instanceof Val.Sch s) {
        JsonNode schema = s.schema();
        String type = type(schema);
        String path = s.path() + "[]";
        if (type.equals("array")) {
          anyOk = true;
          JsonNode items = schema.path("items");
          out = union(
              out,
              List.of(
                  items.isObject()
                      ? new Val.Sch(items, path, at)
                      : unknown("no items schema at " + where(s.path()), at)));
        } else if (type.equals("object") || type.isEmpty()) {
          anyOk = true;
          JsonNode additional = schema.path("additionalProperties");
          if (additional.isObject() && !schema.path("properties").isObject()) {
            out = union(out, List.of(new Val.Sch(additional, path, at)));
          } else {
            out = union(
                out,
                List.of(unknown(
                    "the values of " + where(s.path()) + " (not a map of one schema)", at)));
          }
        } else if (bad == null) {
          bad = type;
          badPath = s.path();
        }
      } else if (v instanceof Val.Arr a) {
        anyOk = true;
        out = union(out, a.items());
      } else if (v instanceof Val.Obj o) {
        anyOk = true;
        for (List<Val> f : o.fields().values()) {
          out = union(out, f);
        }
      } else if (v instanceof Val.Scalar sc && sc.type() != null) {
        if (bad == null) {
          bad = sc.type();
        }
      } else {
        anyOk = true;
        out = union(out, List.of(v instanceof Val.Unknown ? v : new Val.Unknown("computed value")));
      }
    }
    if (!anyOk && bad != null && optionalDepth == 0) {
      problem(
          CrdPathCheck.NOT_ITERABLE,
          "cannot iterate over "
              + (badPath == null
                  ? "a " + bad
                  : where(badPath) + " in " + subject + ", which is " + article(bad)),
          "[] applies to arrays and maps only",
          at);
    }
    return out;
  }

  /** {@code .[n]} on every input. */
  private List<Val> element(List<Val> in, int at) {
    List<Val> out = new ArrayList<>();
    for (Val v : in) {
      if (v instanceof Val.Sch s) {
        if (type(s.schema()).equals("array")) {
          JsonNode items = s.schema().path("items");
          out = union(
              out,
              List.of(
                  items.isObject()
                      ? new Val.Sch(items, s.path() + "[]", at)
                      : unknown("no items schema at " + where(s.path()), at)));
        } else {
          out = union(
              out,
              List.of(unknown("an element of " + where(s.path()) + ", which is not an array", at)));
        }
      } else if (v instanceof Val.Arr a) {
        out = union(out, a.items());
        out = union(out, List.of(new Val.Scalar("null", at)));
      } else {
        out = union(out, List.of(new Val.Unknown("element of a computed value")));
      }
    }
    return out;
  }

  // ---- the interpreter

  List<Val> eval(JqNode node, List<Val> in) {
    if (in.isEmpty()) {
      return in;
    }
    if (node instanceof JqNode.Identity) {
      return in;
    }
    if (node instanceof JqNode.Field f) {
      List<Val> target = f.target() == null ? in : eval(f.target(), in);
      String name = f.name();
      if (name == null) {
        eval(f.nameString(), in);
        return List.of(unknown("a field name with interpolation", f.nameString().start()));
      }
      int at;
      if (f.nameString() != null) {
        int[] offsets = f.nameString().literalOffsets();
        at = offsets != null && offsets.length > 0 ? offsets[0] : f.nameString().start();
      } else {
        at = f.end() - name.length();
      }
      return field(target, name, at);
    }
    if (node instanceof JqNode.Iterate it) {
      List<Val> target = it.target() == null ? in : eval(it.target(), in);
      return iterate(target, bracketBefore(it.end()));
    }
    if (node instanceof JqNode.Index ix) {
      List<Val> target = ix.target() == null ? in : eval(ix.target(), in);
      JqNode index = ix.index();
      if (index instanceof JqNode.StringLit s && s.literal() != null) {
        int[] offsets = s.literalOffsets();
        return field(target, s.literal(), offsets.length > 0 ? offsets[0] : s.start());
      }
      if (index instanceof JqNode.NumberLit
          || (index instanceof JqNode.Negate neg && neg.operand() instanceof JqNode.NumberLit)) {
        return element(target, index.start());
      }
      eval(index, in);
      return List.of(unknown("an index computed by an expression", index.start()));
    }
    if (node instanceof JqNode.Slice sl) {
      List<Val> target = sl.target() == null ? in : eval(sl.target(), in);
      if (sl.from() != null) {
        eval(sl.from(), in);
      }
      if (sl.to() != null) {
        eval(sl.to(), in);
      }
      return target;
    }
    if (node instanceof JqNode.Optional o) {
      optionalDepth++;
      try {
        return eval(o.body(), in);
      } finally {
        optionalDepth--;
      }
    }
    if (node instanceof JqNode.Paren p) {
      return eval(p.body(), in);
    }
    if (node instanceof JqNode.Binary b) {
      return binary(b, in);
    }
    if (node instanceof JqNode.NumberLit n) {
      return List.of(new Val.Scalar("number", n.start()));
    }
    if (node instanceof JqNode.Constant c) {
      return List.of(new Val.Scalar(c.text().equals("null") ? "null" : "boolean", c.start()));
    }
    if (node instanceof JqNode.StringLit s) {
      for (JqNode part : s.parts()) {
        if (!(part instanceof JqNode.Text)) {
          eval(part, in);
        }
      }
      return List.of(new Val.Scalar("string", s.start()));
    }
    if (node instanceof JqNode.Format f) {
      return List.of(new Val.Scalar("string", f.start()));
    }
    if (node instanceof JqNode.Negate n) {
      eval(n.operand(), in);
      return List.of(new Val.Scalar("number", n.start()));
    }
    if (node instanceof JqNode.VarRef v) {
      List<Val> bound = env.get(v.name());
      return bound != null ? bound : List.of(unknown("variable $" + v.name(), v.start()));
    }
    if (node instanceof JqNode.ArrayCons a) {
      return List.of(new Val.Arr(a.body() == null ? List.of() : eval(a.body(), in), a.start()));
    }
    if (node instanceof JqNode.ObjectCons o) {
      return object(o, in);
    }
    if (node instanceof JqNode.If i) {
      List<Val> out = new ArrayList<>();
      for (JqNode c : i.conditions()) {
        eval(c, in);
      }
      for (JqNode br : i.branches()) {
        out = union(out, eval(br, in));
      }
      return union(out, i.otherwise() == null ? in : eval(i.otherwise(), in));
    }
    if (node instanceof JqNode.Try t) {
      List<Val> out;
      optionalDepth++;
      try {
        out = eval(t.body(), in);
      } finally {
        optionalDepth--;
      }
      return t.handler() == null
          ? out
          : union(out, List.of(unknown("a catch handler", t.handler().start())));
    }
    if (node instanceof JqNode.AsBinding as) {
      List<Val> source = eval(as.source(), in);
      Map<String, List<Val>> saved = new HashMap<>(env);
      try {
        if (as.patterns().size() == 1 && as.patterns().get(0) instanceof JqPattern.Var var) {
          env.put(var.name(), source);
        } else {
          for (JqPattern p : as.patterns()) {
            bindUnknown(p);
          }
        }
        return eval(as.body(), in);
      } finally {
        env.clear();
        env.putAll(saved);
      }
    }
    if (node instanceof JqNode.Reduce r) {
      eval(r.source(), in);
      return List.of(unknown("reduce", r.start()));
    }
    if (node instanceof JqNode.Foreach f) {
      eval(f.source(), in);
      return List.of(unknown("foreach", f.start()));
    }
    if (node instanceof JqNode.FuncDef fd) {
      String key = fd.name() + "/" + fd.params().size();
      Object saved = functions.put(key, fd);
      try {
        return eval(fd.rest(), in);
      } finally {
        restore(key, saved);
      }
    }
    if (node instanceof JqNode.Call c) {
      Object local = functions.get(c.name() + "/" + c.args().size());
      if (local != null) {
        return callLocal(local, c, in);
      }
      return call(c, in);
    }
    if (node instanceof JqNode.Break) {
      return List.of();
    }
    return List.of(unknown(describe(node), node.start()));
  }

  private void restore(String key, Object saved) {
    if (saved == null) {
      functions.remove(key);
    } else {
      functions.put(key, saved);
    }
  }

  private List<Val> callLocal(Object local, JqNode.Call c, List<Val> in) {
    if (local instanceof Closure closure) {
      Map<String, Object> savedFunctions = new HashMap<>(functions);
      Map<String, List<Val>> savedEnv = new HashMap<>(env);
      functions.clear();
      functions.putAll(closure.functions());
      env.clear();
      env.putAll(closure.env());
      try {
        return eval(closure.body(), in);
      } finally {
        functions.clear();
        functions.putAll(savedFunctions);
        env.clear();
        env.putAll(savedEnv);
      }
    }
    JqNode.FuncDef fd = (JqNode.FuncDef) local;
    if (callDepth >= MAX_CALL_DEPTH) {
      return List.of(unknown("recursion of " + fd.name(), c.start()));
    }
    Map<String, Object> savedFunctions = new HashMap<>(functions);
    Map<String, List<Val>> savedEnv = new HashMap<>(env);
    Map<String, Object> callerFunctions = Map.copyOf(functions);
    Map<String, List<Val>> callerEnv = Map.copyOf(env);
    callDepth++;
    try {
      for (int i = 0; i < fd.params().size(); i++) {
        JqNode.Param p = fd.params().get(i);
        JqNode arg = c.args().get(i);
        if (p.variable()) {
          env.put(p.name(), eval(arg, in));
        }
        functions.put(p.name() + "/0", new Closure(arg, callerFunctions, callerEnv));
      }
      return eval(fd.body(), in);
    } finally {
      callDepth--;
      functions.clear();
      functions.putAll(savedFunctions);
      env.clear();
      env.putAll(savedEnv);
    }
  }

  private static String describe(JqNode node) {
    if (node instanceof JqNode.RecurseAll) {
      return "recursive descent (..)";
    }
    if (node instanceof JqNode.FuncDef) {
      return "a local def";
    }
    if (node instanceof JqNode.Label) {
      return "label/break";
    }
    return node.getClass().getSimpleName();
  }

  private void bindUnknown(JqPattern p) {
    if (p instanceof JqPattern.Var v) {
      env.put(v.name(), List.of(new Val.Unknown("destructured variable")));
    } else if (p instanceof JqPattern.ArrayPattern a) {
      a.elements().forEach(this::bindUnknown);
    } else if (p instanceof JqPattern.ObjectPattern o) {
      for (JqPattern.Entry e : o.entries()) {
        if (e.variable() != null) {
          bindUnknown(e.variable());
        }
        if (e.value() != null) {
          bindUnknown(e.value());
        }
      }
    }
  }

  /** The offset of the {@code [} of a {@code []} ending at {@code end}. */
  private int bracketBefore(int end) {
    int i = Math.min(end, text.length()) - 1;
    while (i > 0 && text.charAt(i) != '[') {
      i--;
    }
    return Math.max(i, 0);
  }

  private List<Val> binary(JqNode.Binary b, List<Val> in) {
    switch (b.op()) {
      case "|" -> {
        return eval(b.right(), eval(b.left(), in));
      }
      case ",", "//" -> {
        return union(eval(b.left(), in), eval(b.right(), in));
      }
      case "and", "or", "==", "!=", "<", "<=", ">", ">=" -> {
        eval(b.left(), in);
        eval(b.right(), in);
        return List.of(new Val.Scalar("boolean", b.opStart()));
      }
      case "+", "-", "*", "/", "%" -> {
        eval(b.left(), in);
        eval(b.right(), in);
        return List.of(new Val.Scalar(null, b.opStart()));
      }
      default -> {
        return List.of(unknown("the operator " + b.op(), b.opStart()));
      }
    }
  }

  private List<Val> object(JqNode.ObjectCons o, List<Val> in) {
    Map<String, List<Val>> fields = new LinkedHashMap<>();
    boolean dynamic = false;
    for (JqNode.ObjectEntry e : o.entries()) {
      JqNode key = e.key();
      String name = null;
      List<Val> value = null;
      if (key instanceof JqNode.Key k) {
        name = k.name();
        value = e.value() == null ? field(in, name, k.start()) : null;
      } else if (key instanceof JqNode.StringLit s && s.literal() != null) {
        name = s.literal();
        if (e.value() == null) {
          int[] offsets = s.literalOffsets();
          value = field(in, name, offsets.length > 0 ? offsets[0] : s.start());
        }
      } else if (key instanceof JqNode.VarRef v) {
        name = v.name();
        value = e.value() == null ? eval(v, in) : null;
      } else {
        eval(key, in);
        dynamic = true;
      }
      if (value == null && e.value() != null) {
        value = eval(e.value(), in);
      }
      if (name != null && value != null) {
        fields.put(name, value);
      }
    }
    if (dynamic) {
      return List.of(new Val.Unknown("an object with computed keys"));
    }
    return List.of(new Val.Obj(fields, o.start()));
  }

  private static final Set<String> PASS_THROUGH = Set.of(
      "values",
      "nulls",
      "objects",
      "arrays",
      "strings",
      "numbers",
      "booleans",
      "iterables",
      "scalars",
      "sort",
      "unique",
      "reverse",
      "not_null");
  private static final Set<String> BOOLEAN = Set.of(
      "not",
      "has",
      "in",
      "contains",
      "inside",
      "startswith",
      "endswith",
      "test",
      "isempty",
      "isnan",
      "isinfinite",
      "isnormal",
      "isvalid",
      "any",
      "all");
  private static final Set<String> STRING = Set.of(
      "tostring",
      "ascii_downcase",
      "ascii_upcase",
      "ltrimstr",
      "rtrimstr",
      "join",
      "type",
      "tojson",
      "trim",
      "ltrim",
      "rtrim",
      "sub",
      "gsub",
      "ascii",
      "implode",
      "todate",
      "strftime");
  private static final Set<String> NUMBER = Set.of(
      "length",
      "utf8bytelength",
      "tonumber",
      "floor",
      "ceil",
      "round",
      "sqrt",
      "fabs",
      "abs",
      "range",
      "now",
      "fromdate",
      "indices",
      "index",
      "rindex");

  private List<Val> call(JqNode.Call c, List<Val> in) {
    String name = c.name();
    List<JqNode> args = c.args();
    int arity = args.size();
    if (name.equals("select") && arity == 1) {
      eval(args.get(0), in);
      return in;
    }
    if (name.equals("empty") && arity == 0 || name.equals("error")) {
      if (arity == 1) {
        eval(args.get(0), in);
      }
      return List.of();
    }
    if ((name.equals("any") || name.equals("all")) && arity == 2) {
      eval(args.get(1), eval(args.get(0), in));
      return List.of(new Val.Scalar("boolean", c.start()));
    }
    if ((name.equals("any") || name.equals("all")) && arity == 1) {
      eval(args.get(0), elements(in, c.start()));
      return List.of(new Val.Scalar("boolean", c.start()));
    }
    if (PASS_THROUGH.contains(name) && arity == 0) {
      return in;
    }
    if (BOOLEAN.contains(name) || STRING.contains(name) || NUMBER.contains(name)) {
      if (!name.equals("range")) {
        for (JqNode a : args) {
          eval(a, in);
        }
      }
      String type =
          BOOLEAN.contains(name) ? "boolean" : STRING.contains(name) ? "string" : "number";
      if (name.equals("indices")) {
        return List.of(new Val.Arr(List.of(new Val.Scalar("number", c.start())), c.start()));
      }
      return List.of(new Val.Scalar(type, c.start()));
    }
    switch (name + "/" + arity) {
      case "first/0", "last/0", "min/0", "max/0" -> {
        return elements(in, c.start());
      }
      case "first/1", "last/1" -> {
        return eval(args.get(0), in);
      }
      case "limit/2" -> {
        eval(args.get(0), in);
        return eval(args.get(1), in);
      }
      case "map/1" -> {
        return List.of(new Val.Arr(eval(args.get(0), elements(in, c.start())), c.start()));
      }
      case "sort_by/1", "unique_by/1" -> {
        eval(args.get(0), elements(in, c.start()));
        return in;
      }
      case "group_by/1" -> {
        eval(args.get(0), elements(in, c.start()));
        return List.of(new Val.Arr(in, c.start()));
      }
      case "min_by/1", "max_by/1" -> {
        List<Val> items = elements(in, c.start());
        eval(args.get(0), items);
        return items;
      }
      case "to_entries/0" -> {
        return toEntries(in, c.start());
      }
      case "keys/0", "keys_unsorted/0" -> {
        return List.of(new Val.Arr(List.of(new Val.Scalar(null, c.start())), c.start()));
      }
      case "split/1", "split/2" -> {
        for (JqNode a : args) {
          eval(a, in);
        }
        return List.of(new Val.Arr(List.of(new Val.Scalar("string", c.start())), c.start()));
      }
      case "add/0" -> {
        return List.of(new Val.Scalar(null, c.start()));
      }
      case "capture/1",
          "capture/2",
          "match/1",
          "match/2",
          "scan/1",
          "scan/2",
          "splits/1",
          "splits/2" -> {
        for (JqNode a : args) {
          eval(a, in);
        }
        return List.of(
            new Val.Unknown("the result of " + name)); // computed from a string: no schema to lose
      }
      default -> {
        return List.of(unknown("the function " + name + "/" + arity, c.start()));
      }
    }
  }

  /** The elements of arrays (and values of maps), as {@code .[]} gives them, without reporting. */
  private List<Val> elements(List<Val> in, int at) {
    int saved = optionalDepth;
    optionalDepth = 1;
    try {
      List<Val> out = iterate(in, at);
      return out.isEmpty() ? List.of(new Val.Unknown("elements")) : out;
    } finally {
      optionalDepth = saved;
    }
  }

  private List<Val> toEntries(List<Val> in, int at) {
    List<Val> out = new ArrayList<>();
    for (Val v : in) {
      Val value;
      if (v instanceof Val.Sch s && !type(s.schema()).equals("array")) {
        JsonNode additional = s.schema().path("additionalProperties");
        value = additional.isObject() && !s.schema().path("properties").isObject()
            ? new Val.Sch(additional, s.path() + "[]", at)
            : unknown("the entries of " + where(s.path()) + " (not a map of one schema)", at);
      } else if (v instanceof Val.Obj o) {
        List<Val> values = new ArrayList<>();
        for (List<Val> f : o.fields().values()) {
          values = union(values, f);
        }
        out = union(
            out,
            List.of(new Val.Arr(
                List.of(new Val.Obj(
                    Map.of("key", List.of(new Val.Scalar("string", at)), "value", values), at)),
                at)));
        continue;
      } else {
        value = new Val.Unknown("entries of a computed value");
      }
      out = union(
          out,
          List.of(new Val.Arr(
              List.of(new Val.Obj(
                  Map.of("key", List.of(new Val.Scalar("string", at)), "value", List.of(value)),
                  at)),
              at)));
    }
    return out;
  }
}
