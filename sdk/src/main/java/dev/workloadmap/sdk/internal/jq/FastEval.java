package dev.workloadmap.sdk.internal.jq;

import com.fasterxml.jackson.core.io.CharTypes;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.workloadmap.sdk.internal.jqast.JqNode;
import dev.workloadmap.sdk.internal.jqast.JqParser;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;

/**
 * The fast path for the boolean and arithmetic expressions definitions use for status matchers and replica counts,
 * such as {@code any(.status.conditions[]?; .type == "Suspended" and .status == "True") and (.spec.suspend == true |
 * not)} or {@code .spec.replicatedJobs[] | (.replicas // 1) * ([.a // 1, .b // 1] | min)}: an evaluator over the
 * SDK's own jq syntax tree that runs directly on the key-sorted input (docs/format.md#jq: same results, in the same
 * order).
 *
 * <p>It handles paths (fields, string and non-negative integer indexes, iteration, {@code ?}), {@code true false
 * null}, integer and string literals, {@code | , //}, {@code and or not}, {@code == != < <= > >=}, {@code + - *} on
 * integers, {@code if-elif-else}, {@code [...]}, {@code select}, {@code empty}, {@code length}, {@code any/2},
 * {@code all/2}, {@code min}, {@code max}; anything else makes {@link #of} return null. It only takes the cases whose
 * outcome is certain: integers within ±2<sup>53</sup>, string ordering without surrogates, comparisons of scalars
 * only. A plain path under {@code ?} ({@code .status.conditions[]?}, {@code .a.b?}) answers the error of its last
 * suffix on the wrong JSON type (iterating {@code null}, a field of a string, ...) as {@code try} does: no output. On
 * any other error, any other shape (a double, a comparison of arrays, {@code length} of a boolean, ...), more than
 * {@code maxResults} results or more than {@value #STEP_LIMIT} steps it gives up ({@link #apply} returns null) and
 * the caller runs the expression in jackson-jq, which then reports the reference's error, applies {@code ?} and
 * {@code //}'s error suppression, and enforces the time budget. Since the expressions are pure, giving up half-way
 * changes nothing.
 *
 * <p>The expressions of one definition part (a status definition's matchers, a component's paths) can be built
 * together ({@link #ofAll}), sharing the sub-expressions they repeat through a {@link Memo}; and an evaluator that has
 * run {@link #compileAfter} times switches to its nodes as method handles ({@link Compiler}), which the JIT compiles
 * into one piece of code per expression. Both give exactly what the nodes give one by one ({@code
 * FastEvalCompiledTest}, {@code BatchAgreementTest}). Thread-safe; a memo is for one thread.
 */
final class FastEval {
  /** Steps (node evaluations) after which the evaluator leaves the expression to the engine and its budget. */
  static final int STEP_LIMIT = 100_000;

  private static final long SAFE = 1L << 53;

  private final Node root;
  /** The shared nodes of this evaluator's batch (0 outside {@link #ofAll}). */
  private final int slots;
  /** The batch ({@link #ofAll}) this evaluator belongs to, whose memos it reads; null outside a batch. */
  private final Object batch;

  private FastEval(Node root, int slots, Object batch) {
    this.root = root;
    this.slots = slots;
    this.batch = batch;
  }

  /**
   * The parts as one string, for the nodes' keys: by a builder, not string concatenation, whose call sites each cost a
   * bootstrap at the first build (a one-shot command builds every key once).
   */
  static String k(Object... parts) {
    StringBuilder b = new StringBuilder();
    for (Object p : parts) {
      b.append(p);
    }
    return b.toString();
  }

  /**
   * {@code value} as JSON text, as {@code value.toString()} gives it, for the nodes' keys: a string quoted and escaped
   * as Jackson's writer escapes it, a number, boolean or null as its text. Not {@code toString()} itself: the first
   * {@code toString()} of a node makes Jackson's internal {@code ObjectMapper}, which was a tenth of a CLI {@code
   * describe -f}'s CPU ({@code FastEvalTest} checks this against {@code toString()}).
   */
  static String jsonText(JsonNode value) {
    if (value.isTextual()) {
      return quoted(value.textValue());
    }
    if (value.isIntegralNumber() || value.isBoolean() || value.isNull()) {
      return value.asText();
    }
    return value.toString();
  }

  /** {@code s} as a JSON string, as {@code TextNode.valueOf(s).toString()} gives it. */
  static String quoted(String s) {
    StringBuilder b = new StringBuilder(s.length() + 2).append('"');
    CharTypes.appendQuoted(b, s);
    return b.append('"').toString();
  }

  /** The evaluator for {@code expression}, or null when it uses anything this class does not handle. */
  static FastEval of(String expression) {
    JqNode ast;
    try {
      ast = JqParser.parse(expression);
    } catch (RuntimeException | StackOverflowError e) {
      return null;
    }
    try {
      return new FastEval(new Builder(null, null).build(ast), 0, null);
    } catch (Unsupported u) {
      return null;
    }
  }

  /**
   * The evaluators of {@code expressions} (null where {@link #of} gives null), to be evaluated one after another on
   * one input with one {@link Memo} ({@link #memo}): a sub-expression that several of them (or one of them several
   * times) apply to that input, such as {@code .spec.suspend == true} or {@code .status.conditions} in a status
   * definition's matchers, is evaluated once for all. Sub-expressions that build an array are not shared (each
   * expression gets its own), nor are those that read an output of something else ({@code .type} in {@code
   * any(.status.conditions[]?; .type == "x")}). Without a memo they evaluate as {@link #of}'s do.
   */
  static FastEval[] ofAll(List<String> expressions) {
    JqNode[] asts = new JqNode[expressions.size()];
    for (int i = 0; i < asts.length; i++) {
      try {
        asts[i] = JqParser.parse(expressions.get(i));
      } catch (RuntimeException | StackOverflowError e) {
        asts[i] = null;
      }
    }
    java.util.Map<String, Integer> counts = new java.util.HashMap<>();
    Builder counting = new Builder(counts, null);
    boolean[] supported = new boolean[asts.length];
    for (int i = 0; i < asts.length; i++) {
      try {
        counting.expression = i;
        counting.build(asts[i]);
        supported[i] = true;
      } catch (Unsupported u) {
        supported[i] = false;
      }
    }
    // the shared nodes: every key seen more than once, each built once (its own sub-expressions
    // shared in turn)
    java.util.Map<String, Shared> shared = new java.util.HashMap<>();
    java.util.Map<String, Shared> placeholders = new java.util.LinkedHashMap<>();
    for (var e : counts.entrySet()) {
      if (e.getValue() > 1) {
        placeholders.put(
            e.getKey(), new Shared(placeholders.size(), counting.keys.get(e.getKey())));
      }
    }
    shared.putAll(placeholders);
    Builder sharing = new Builder(null, shared);
    Object batch = new Object();
    FastEval[] out = new FastEval[asts.length];
    for (int i = 0; i < asts.length; i++) {
      if (!supported[i]) {
        continue;
      }
      try {
        sharing.expression = i;
        out[i] = new FastEval(sharing.build(asts[i]), placeholders.size(), batch);
      } catch (Unsupported u) {
        out[i] = null; // not reached: the same tree was built above
      }
    }
    return out;
  }

  /** The results on {@code input} (a canonical tree, see {@link SortedKeys}), or null to leave it to the engine. */
  List<JsonNode> apply(JsonNode input, int maxResults) {
    return unmodifiable(apply(input, maxResults, new Ctx(false)));
  }

  /** The results of {@link #apply(JsonNode, int, Ctx)} as the caller sees them. */
  private static List<JsonNode> unmodifiable(List<JsonNode> out) {
    return out == null || !(out instanceof ArrayList) ? out : Collections.unmodifiableList(out);
  }

  /**
   * The values of the shared sub-expressions of one {@link #ofAll} batch on one input, for evaluations one after
   * another in one thread (not thread-safe). Each value is kept with the tree it was computed on: the caller's tree,
   * or the key-sorted form once that is made.
   */
  static final class Memo {
    private final Object batch;
    /** Per shared node: the input of its last evaluation (null: none yet) and the value there. */
    private final JsonNode[] inputs;

    private final JsonNode[] values;
    private JsonNode tree;
    /** The memo's own evaluation context (one thread: no thread-local lookup per evaluation). */
    private Ctx ctx;

    private Memo(Object batch, int slots) {
      this.batch = batch;
      inputs = new JsonNode[slots];
      values = new JsonNode[slots];
    }

    /** A context for an evaluation on {@code tree}: the values are emptied when they are another tree's. */
    Ctx ctx(boolean unsorted, JsonNode tree) {
      if (this.tree != tree) {
        if (this.tree != null) {
          // values of another tree: its nodes are not this tree's, but keep nothing of it
          java.util.Arrays.fill(inputs, null);
          java.util.Arrays.fill(values, null);
        }
        this.tree = tree;
      }
      Ctx c = ctx;
      if (c == null || c.unsorted != unsorted) {
        c = new Ctx(unsorted);
        c.memo = this;
        ctx = c;
      }
      c.steps = 0;
      return c;
    }
  }

  /** A memo for this evaluator's batch (see {@link #ofAll}); null when the batch shares nothing. */
  Memo memo() {
    return slots == 0 ? null : new Memo(batch, slots);
  }

  /**
   * As {@link #apply(JsonNode, int)} on {@code input}'s key-sorted form, without making that form when it is not made
   * yet: the program runs on the given tree, where every construct of the subset gives the answer it gives on the
   * sorted tree except iterating an object (values in key order), which gives up there, and numbers that are not yet
   * in the canonical form (a {@code 2.0}), which give up as they are not plain integers; each result is then brought
   * into the canonical form. On giving up it runs on the sorted form. So the status matchers of a resolve do not copy
   * the object.
   */
  List<JsonNode> apply(dev.workloadmap.sdk.jq.JqInput input, int maxResults) {
    return apply(input, maxResults, null, false);
  }

  /**
   * As {@link #apply(dev.workloadmap.sdk.jq.JqInput, int)}, reading and filling {@code memo} (from {@link #memo}, for
   * {@code input} only; may be null) for the shared sub-expressions. With {@code asGiven}, results taken from the
   * caller's tree are returned as it holds them (its key order, its numbers), not in the canonical form: only for a
   * caller that reads nothing either can change.
   */
  List<JsonNode> apply(
      dev.workloadmap.sdk.jq.JqInput input, int maxResults, Memo memo, boolean asGiven) {
    Memo m = memo != null && memo.batch == batch ? memo : null;
    JsonNode sorted = input.sortedIfMade();
    if (sorted != null) {
      Ctx ctx = m != null ? m.ctx(false, sorted) : new Ctx(false);
      return unmodifiable(apply(sorted, maxResults, ctx));
    }
    Ctx unsorted;
    if (m != null) {
      unsorted = m.ctx(true, input.original());
    } else {
      unsorted = UNSORTED.get();
      unsorted.steps = 0;
    }
    List<JsonNode> out = apply(input.original(), maxResults, unsorted);
    if (out == null) {
      return apply(input.node(), maxResults);
    }
    if (asGiven) {
      return unmodifiable(out);
    }
    // the results are usually scalars already in canonical form; the list of several is this
    // evaluation's own, so a result that changes is replaced in it
    if (!(out instanceof ArrayList)) {
      JsonNode v = out.get(0);
      JsonNode c = canonical(v);
      return c == v ? out : List.of(c);
    }
    for (int i = 0; i < out.size(); i++) {
      JsonNode v = out.get(i);
      JsonNode c = canonical(v);
      if (c != v) {
        out.set(i, c);
      }
    }
    return Collections.unmodifiableList(out);
  }

  /** A result taken from the caller's tree in the canonical form (an object lazily, {@link SortedKeys#lazyCanonical}). */
  private static JsonNode canonical(JsonNode v) {
    // a boolean, a string or null is its own canonical form (what canonical returns after four
    // type tests)
    return v instanceof BooleanNode || v instanceof TextNode || v instanceof NullNode
        ? v
        : SortedKeys.lazyCanonical(v);
  }

  /**
   * The only result, as {@link #apply(dev.workloadmap.sdk.jq.JqInput, int, Memo, boolean)} would give it in a list of
   * one, for an expression that always gives exactly one value ({@code and}, a comparison, a path without
   * iteration); null when it is not such an expression or the evaluator gives up (then ask {@code apply}).
   */
  JsonNode applyOne(dev.workloadmap.sdk.jq.JqInput input, int maxResults, Memo memo) {
    if (!root.single || maxResults < 1) {
      return null;
    }
    Memo m = memo != null && memo.batch == batch ? memo : null;
    JsonNode sorted = input.sortedIfMade();
    if (sorted != null) {
      return one(sorted, m != null ? m.ctx(false, sorted) : new Ctx(false));
    }
    Ctx unsorted;
    if (m != null) {
      unsorted = m.ctx(true, input.original());
    } else {
      unsorted = UNSORTED.get();
      unsorted.steps = 0;
    }
    JsonNode v = one(input.original(), unsorted);
    if (v == null) {
      return one(input.node(), new Ctx(false));
    }
    return canonical(v);
  }

  private JsonNode one(JsonNode input, Ctx ctx) {
    MethodHandle compiled = compiledOne();
    try {
      return compiled != null ? Compiler.invoke(compiled, input, ctx) : root.one(input, ctx);
    } catch (Bail b) {
      return null;
    }
  }

  private List<JsonNode> apply(JsonNode input, int maxResults, Ctx ctx) {
    if (root.single) {
      if (maxResults < 1) {
        return null;
      }
      JsonNode v = one(input, ctx);
      return v == null ? null : List.of(v);
    }
    MethodHandle[] loop = compiledLoop();
    try {
      List<JsonNode> out = new ArrayList<>(2);
      if (loop != null) {
        // p[] | f as handles: the values of p one by one into f, as Pipe.run gives them
        JsonNode v = Compiler.invoke(loop[0], input, ctx);
        if (v.isArray()) {
          for (int i = 0, n = v.size(); i < n; i++) {
            ctx.tick();
            if (out.size() >= maxResults) {
              throw Bail.INSTANCE;
            }
            out.add(Compiler.invoke(loop[1], v.get(i), ctx));
          }
          return out;
        }
      }
      root.run(input, ctx, v -> {
        if (out.size() >= maxResults) {
          throw Bail.INSTANCE;
        }
        out.add(v);
      });
      return out;
    } catch (Bail b) {
      return null;
    }
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Compiling (issue 17)

  /**
   * Evaluations after which an expression runs as method handles ({@link Compiler}) instead of node by node: a
   * definition's expressions run on every resolve, a one-shot command's a few times (and never pays for compiling).
   * Tests set it to 0 to compare both on every expression.
   */
  static volatile int compileAfter = 1000;

  private int uses;
  /**
   * Null before compiling; then the root as a handle (a single-valued root), the handles of {@code p} and {@code f}
   * of a root {@code p[] | f}, or {@link #INTERPRETED} (no compiled form): one read per evaluation.
   */
  private volatile Object compiled;

  private static final Object INTERPRETED = new Object();

  private MethodHandle compiledOne() {
    return compiled() instanceof MethodHandle h ? h : null;
  }

  private MethodHandle[] compiledLoop() {
    return compiled() instanceof MethodHandle[] h ? h : null;
  }

  /** The compiled form; counts an evaluation (racy: a lost count only delays) and compiles at {@link #compileAfter}. */
  private Object compiled() {
    Object c = compiled;
    if (c == null && ++uses > compileAfter) {
      compile();
      c = compiled;
    }
    return c;
  }

  /** Compiles the root where it has a compiled form; anything that fails leaves it interpreted. */
  void compile() {
    Object c = INTERPRETED;
    try {
      if (root.single) {
        c = root.value();
      } else if (root instanceof Pipe p
          && p.left instanceof Iterate it
          && it.target.single
          && p.right.single) {
        c = new MethodHandle[] {it.target.value(), p.right.value()};
      }
    } catch (RuntimeException | LinkageError e) {
      c = INTERPRETED; // the nodes give the same answers
    }
    compiled = c;
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Building

  private static final class Unsupported extends Exception {
    private static final long serialVersionUID = 1L;
    static final Unsupported INSTANCE = new Unsupported();

    private Unsupported() {
      super(null, null, false, false);
    }
  }

  /**
   * Builds the nodes of one expression. Each node is built in a context that names its input: {@code ""} for the
   * expression's input, and for the right side of a pipe or the condition of {@code any}/{@code all} the context of
   * the pipe, the expression, and the key of what gives the values. With {@code shared} (see {@link #ofAll}), a single-valued
   * sub-expression whose context and key are in it becomes that shared node; with {@code counts}, each is counted.
   * Nodes of different contexts are not shared, as they read different values (the memo keeps one per node). A field
   * or index of a stream is built as a pipe into it ({@code .a[].b.c} as {@code .a[] | .b.c}, which jq defines it to
   * be), so that the part after the iteration is one single-valued sub-expression of each value.
   */
  private static final class Builder {
    private final java.util.Map<String, Integer> counts;
    /** With {@code counts}: the key of the nodes counted under each context and key. */
    final java.util.Map<String, String> keys = new java.util.HashMap<>();

    private final java.util.Map<String, Shared> shared;

    Builder(java.util.Map<String, Integer> counts, java.util.Map<String, Shared> shared) {
      this.counts = counts;
      this.shared = shared;
    }

    /**
     * The expression being built, as a tag of its inner contexts: the memo keeps one value per node, so a node over the
     * values of a loop is worth sharing only with the same node in the same loop (another loop, even over the same
     * values, has moved on to other values by then); the expression's own input is the same for all.
     */
    int expression;

    /** The context of what {@code source} gives, read in context {@code ctx}. */
    private String inner(String ctx, Node source) {
      return k(ctx, "|", expression, ":", source.key);
    }

    /** {@code n} (built in context {@code ctx}), or the shared node that stands for every such node. */
    private Node share(Node n, String ctx) {
      if (!n.single
          || n.fresh
          || n instanceof Identity
          || n instanceof Literal
          || n instanceof Not
          || n instanceof Length
          || n instanceof MinMax) {
        return n; // nothing to save: no lookup of its own
      }
      String where = k(ctx, "#", n.key);
      if (counts != null) {
        counts.merge(where, 1, Integer::sum);
        keys.put(where, n.key);
      }
      if (shared != null) {
        Shared s = shared.get(where);
        if (s != null) {
          if (s.body == null) {
            s.body = n; // the first occurrence is the one evaluated
          }
          return s;
        }
      }
      return n;
    }

    /** Builds the top of an expression. */
    Node build(JqNode n) throws Unsupported {
      return build(n, "");
    }

    Node build(JqNode n, String ctx) throws Unsupported {
      return share(node(n, ctx), ctx);
    }

    /** A path step's target: the input itself when there is none. */
    private Node target(JqNode t, String ctx) throws Unsupported {
      return t == null ? new Identity() : build(t, ctx);
    }

    /** {@code target.name}; of a stream ({@code p[]}, {@code p[] | f}) as a pipe into the field. */
    private Node field(Node target, String name, String ctx) {
      if (target instanceof Iterate) {
        return new Pipe(target, share(new Field(new Identity(), name), inner(ctx, target)));
      }
      if (target instanceof Pipe p && !p.single && p.right.single) {
        String in = inner(ctx, p.left);
        return new Pipe(p.left, share(field(p.right, name, in), in));
      }
      return new Field(target, name);
    }

    /** {@code target[index]}, as {@link #field}. */
    private Node index(Node target, int index, String ctx) {
      if (target instanceof Iterate) {
        return new Pipe(target, share(new Index(new Identity(), index), inner(ctx, target)));
      }
      if (target instanceof Pipe p && !p.single && p.right.single) {
        String in = inner(ctx, p.left);
        return new Pipe(p.left, share(index(p.right, index, in), in));
      }
      return new Index(target, index);
    }

    private Node node(JqNode n, String ctx) throws Unsupported {
      if (n == null) {
        throw Unsupported.INSTANCE;
      }
      if (n instanceof JqNode.Identity) {
        return new Identity();
      }
      if (n instanceof JqNode.Paren p) {
        return node(p.body(), ctx);
      }
      if (n instanceof JqNode.Optional o) {
        Node tried = OptionalPath.of(o.body(), this, ctx);
        if (tried != null) {
          return tried;
        }
        // body? is body when nothing fails, and every failure gives up
        return node(o.body(), ctx);
      }
      if (n instanceof JqNode.Field f) {
        String name = f.name() != null ? f.name() : PlainPath.literal(f.nameString());
        if (name == null) {
          throw Unsupported.INSTANCE;
        }
        return field(target(f.target(), ctx), name, ctx);
      }
      if (n instanceof JqNode.Index ix) {
        Node target = target(ix.target(), ctx);
        if (ix.index() instanceof JqNode.StringLit s && PlainPath.literal(s) != null) {
          return field(target, PlainPath.literal(s), ctx);
        }
        if (ix.index() instanceof JqNode.NumberLit num && PlainPath.isSmallNatural(num.text())) {
          return index(target, Integer.parseInt(num.text()), ctx);
        }
        throw Unsupported.INSTANCE;
      }
      if (n instanceof JqNode.Iterate it) {
        return new Iterate(target(it.target(), ctx));
      }
      if (n instanceof JqNode.NumberLit num) {
        if (!PlainPath.isSmallNatural(num.text())) {
          throw Unsupported.INSTANCE;
        }
        return new Literal(IntNode.valueOf(Integer.parseInt(num.text())));
      }
      if (n instanceof JqNode.Constant c) {
        switch (c.text()) {
          case "true":
            return new Literal(BooleanNode.TRUE);
          case "false":
            return new Literal(BooleanNode.FALSE);
          case "null":
            return new Literal(NullNode.getInstance());
          default:
            throw Unsupported.INSTANCE;
        }
      }
      if (n instanceof JqNode.StringLit s) {
        String text = PlainPath.literal(s);
        if (text == null) {
          throw Unsupported.INSTANCE;
        }
        return new Literal(TextNode.valueOf(text));
      }
      if (n instanceof JqNode.ArrayCons a) {
        return new Collect(a.body() == null ? null : build(a.body(), ctx));
      }
      if (n instanceof JqNode.If i) {
        if (i.otherwise() == null) {
          throw Unsupported.INSTANCE;
        }
        Node otherwise = build(i.otherwise(), ctx);
        for (int k = i.conditions().size() - 1; k >= 0; k--) {
          otherwise =
              new If(build(i.conditions().get(k), ctx), build(i.branches().get(k), ctx), otherwise);
          if (k > 0) {
            otherwise = share(otherwise, ctx); // an elif chain's tail is a sub-expression too
          }
        }
        return otherwise;
      }
      if (n instanceof JqNode.Binary b) {
        Node l = build(b.left(), ctx);
        // the right side of a pipe reads the left side's values
        Node r = build(b.right(), b.op().equals("|") ? inner(ctx, l) : ctx);
        switch (b.op()) {
          case "|":
            if (r instanceof Not && l.single) {
              return new NotOf(l);
            }
            if (l instanceof Collect c && r instanceof MinMax m) {
              Node[] items = c.singleItems();
              if (items != null) {
                return new MinMaxOf(items, m.min);
              }
            }
            return new Pipe(l, r);
          case ",":
            return new Comma(l, r);
          case "//":
            return new Alternative(l, r);
          case "and":
            return l.single && r.single ? Chain.of(l, r, true) : new AndOr(l, r, true);
          case "or":
            return l.single && r.single ? Chain.of(l, r, false) : new AndOr(l, r, false);
          case "==", "!=", "<", "<=", ">", ">=":
            return new Compare(l, r, b.op());
          case "+", "-", "*":
            return new Arith(l, r, b.op().charAt(0));
          default:
            throw Unsupported.INSTANCE;
        }
      }
      if (n instanceof JqNode.Call c) {
        int arity = c.args().size();
        switch (c.name() + "/" + arity) {
          case "not/0":
            return new Not();
          case "length/0":
            return new Length();
          case "empty/0":
            return new Empty();
          case "min/0":
            return new MinMax(true);
          case "max/0":
            return new MinMax(false);
          case "select/1":
            return new Select(build(c.args().get(0), ctx));
          case "any/2", "all/2": {
            // the condition reads the generator's values
            Node generator = build(c.args().get(0), ctx);
            Node condition = build(c.args().get(1), inner(ctx, generator));
            return new AnyAll(generator, condition, c.name().equals("any"));
          }
          default:
            throw Unsupported.INSTANCE;
        }
      }
      throw Unsupported.INSTANCE;
    }
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Evaluation

  /** Giving up: the engine takes over. Preallocated, without a stack trace. */
  private static final class Bail extends RuntimeException {
    private static final long serialVersionUID = 1L;
    static final Bail INSTANCE = new Bail();

    private Bail() {
      super(null, null, false, false);
    }
  }

  private interface Sink {
    void accept(JsonNode v);
  }

  /**
   * The context of an evaluation on the caller's tree, one per thread: an evaluation never starts another (nothing it
   * calls leaves this class), so each starts by resetting the step count. Every status matcher of every resolve runs
   * here, and a context per call was most of what a matcher allocated.
   */
  private static final ThreadLocal<Ctx> UNSORTED = ThreadLocal.withInitial(() -> new Ctx(true));

  private static final class Ctx {
    private int steps;
    /** True on a tree in the caller's key order: iterating an object gives up. */
    final boolean unsorted;
    /** The values of the shared nodes on the tree being evaluated, or null. */
    Memo memo;

    Ctx(boolean unsorted) {
      this.unsorted = unsorted;
    }

    void tick() {
      if (++steps > STEP_LIMIT) {
        throw Bail.INSTANCE;
      }
    }
  }

  /** A compiled node; {@code single} ones yield exactly one value (or give up) and implement {@link #one}. */
  private abstract static class Node {
    final boolean single;
    /**
     * Whether a value may be one the node builds ({@code [...]}'s array, or a part of it): a mutable node that a
     * shared sub-expression must not hand to two readers.
     */
    final boolean fresh;
    /** The node as text, for sharing: two nodes with equal keys compute the same function of their input. */
    final String key;

    Node(boolean single, boolean fresh, String key) {
      this.single = single;
      this.fresh = fresh;
      this.key = key;
    }

    JsonNode one(JsonNode in, Ctx ctx) {
      throw new IllegalStateException("not single-valued");
    }

    void run(JsonNode in, Ctx ctx, Sink out) {
      out.accept(one(in, ctx));
    }

    /** {@link #value}, made once (a race makes it twice: method handles are immutable). */
    private MethodHandle valueHandle;

    private MethodHandle testHandle;

    /**
     * A single-valued node as a method handle {@code (JsonNode, Ctx) -> JsonNode} that gives what {@link #one} gives
     * (the same value, the same give-ups) by the same code: each node's handle calls its step with its children's
     * handles bound in, so that the JIT compiles an expression into one piece of code ({@link Compiler}).
     */
    final MethodHandle value() {
      MethodHandle h = valueHandle;
      if (h == null) {
        h = makeValue();
        valueHandle = h;
      }
      return h;
    }

    /** {@code (JsonNode, Ctx) -> boolean}: whether {@link #value} is truthy, without the boolean node where it can. */
    final MethodHandle test() {
      MethodHandle h = testHandle;
      if (h == null) {
        h = makeTest();
        testHandle = h;
      }
      return h;
    }

    /** By default this node's {@link #one} itself (its children as they are). */
    MethodHandle makeValue() {
      return Compiler.interpreted(this);
    }

    MethodHandle makeTest() {
      return Compiler.truthyOf(value());
    }

    /** All outputs, in order. */
    final List<JsonNode> all(JsonNode in, Ctx ctx) {
      if (single) {
        return List.of(one(in, ctx));
      }
      List<JsonNode> out = new ArrayList<>(2);
      run(in, ctx, out::add);
      return out;
    }
  }

  /**
   * A sub-expression that occurs several times in the expressions of an {@link #ofAll} batch: with a {@link Memo}, its
   * value on the input it was last evaluated on is kept, and asked again for that same node (by identity) it is read
   * from the memo. Nodes of the tree and the values the evaluator makes are never modified, and the memo holds the
   * last input, so an input seen again is the same value (a give-up is not remembered: it gives up again). The body
   * is set by the builder at the first occurrence.
   */
  private static final class Shared extends Node {
    private final int slot;
    private Node body;

    /** {@code key}: the key of the nodes it stands for, so that the nodes around it have their own keys. */
    Shared(int slot, String key) {
      super(true, false, key);
      this.slot = slot;
    }

    @Override
    JsonNode one(JsonNode in, Ctx ctx) {
      Memo m = ctx.memo;
      if (m == null) {
        return body.one(in, ctx);
      }
      if (m.inputs[slot] == in) {
        ctx.tick();
        return m.values[slot];
      }
      JsonNode v = body.one(in, ctx);
      m.inputs[slot] = in;
      m.values[slot] = v;
      return v;
    }

    @Override
    MethodHandle makeValue() {
      return Compiler.shared(slot, body.value());
    }
  }

  private static final class Identity extends Node {
    Identity() {
      super(true, false, ".");
    }

    @Override
    JsonNode one(JsonNode in, Ctx ctx) {
      return in;
    }

    @Override
    MethodHandle makeValue() {
      return Compiler.IDENTITY;
    }
  }

  private static final class Literal extends Node {
    private final JsonNode value;

    Literal(JsonNode value) {
      super(true, false, jsonText(value));
      this.value = value;
    }

    @Override
    JsonNode one(JsonNode in, Ctx ctx) {
      return value;
    }

    @Override
    MethodHandle makeValue() {
      return Compiler.literal(value);
    }
  }

  /** A field or string index: of an object or null only. */
  private static final class Field extends Node {
    private final Node target;
    private final String name;
    /** The target is the input itself ({@code .name}): no call for it. */
    private final boolean ofInput;

    Field(Node target, String name) {
      super(target.single, target.fresh, k("(", target.key, ").", quoted(name)));
      this.target = target;
      this.name = name;
      this.ofInput = target instanceof Identity;
    }

    static JsonNode step(JsonNode v, String name) {
      if (v instanceof ObjectNode o) {
        // the usual case first: one type test, then the lookup (LazyCanonical is an ObjectNode too)
        JsonNode child = o.get(name);
        return child == null ? NullNode.getInstance() : child;
      }
      if (v.isNull()) {
        return NullNode.getInstance();
      }
      if (!v.isObject()) {
        throw Bail.INSTANCE;
      }
      JsonNode child = v.get(name);
      return child == null ? NullNode.getInstance() : child;
    }

    @Override
    JsonNode one(JsonNode in, Ctx ctx) {
      ctx.tick();
      return step(ofInput ? in : target.one(in, ctx), name);
    }

    @Override
    MethodHandle makeValue() {
      return ofInput ? Compiler.fieldOfInput(name) : Compiler.field(target.value(), name);
    }

    @Override
    void run(JsonNode in, Ctx ctx, Sink out) {
      if (single) {
        out.accept(one(in, ctx));
        return;
      }
      target.run(in, ctx, v -> {
        ctx.tick();
        out.accept(step(v, name));
      });
    }
  }

  /** A non-negative integer index: of an array or null only. */
  private static final class Index extends Node {
    private final Node target;
    private final int index;

    Index(Node target, int index) {
      super(target.single, target.fresh, k("(", target.key, ")[", index, "]"));
      this.target = target;
      this.index = index;
    }

    JsonNode step(JsonNode v) {
      if (v.isNull()) {
        return NullNode.getInstance();
      }
      if (!v.isArray()) {
        throw Bail.INSTANCE;
      }
      JsonNode child = v.get(index);
      return child == null ? NullNode.getInstance() : child;
    }

    @Override
    JsonNode one(JsonNode in, Ctx ctx) {
      ctx.tick();
      return step(target.one(in, ctx));
    }

    @Override
    MethodHandle makeValue() {
      return Compiler.index(this, target.value());
    }

    @Override
    void run(JsonNode in, Ctx ctx, Sink out) {
      if (single) {
        out.accept(one(in, ctx));
        return;
      }
      target.run(in, ctx, v -> {
        ctx.tick();
        out.accept(step(v));
      });
    }
  }

  /** {@code .[]}: of an array or an object (key order, as the canonical input iterates) only. */
  private static final class Iterate extends Node {
    private final Node target;

    Iterate(Node target) {
      super(false, target.fresh, k("(", target.key, ")[]"));
      this.target = target;
    }

    @Override
    void run(JsonNode in, Ctx ctx, Sink out) {
      if (target.single) {
        each(target.one(in, ctx), ctx, out);
      } else {
        target.run(in, ctx, v -> each(v, ctx, out));
      }
    }

    /** The values of an array (by index, no iterator) or, on the sorted tree, an object. */
    static void each(JsonNode v, Ctx ctx, Sink out) {
      if (v.isArray()) {
        for (int i = 0, n = v.size(); i < n; i++) {
          ctx.tick();
          out.accept(v.get(i));
        }
        return;
      }
      if (!(v.isObject() && !ctx.unsorted)) {
        throw Bail.INSTANCE;
      }
      for (Iterator<JsonNode> it = v.elements(); it.hasNext(); ) {
        ctx.tick();
        out.accept(it.next());
      }
    }
  }

  /**
   * {@code P?} and {@code P[]?} for a plain path {@code P} without iteration (fields, string and non-negative integer
   * indexes from the input). As in the reference, the {@code ?} of a suffix chain covers its last suffix only: the
   * error of that step (a field of a number, string, boolean or array; an index of a number, boolean or object;
   * iterating null, a number, a string or a boolean) ends the output with nothing, as {@code try} without {@code
   * catch} does, while the same error at an earlier step (and an index of a string, which the reference answers) is
   * left to the engine. {@code null} has every field and index as {@code null}. A node outside JSON (binary, POJO,
   * missing) and iterating an object on the caller's tree give up too. The values go to the consumer one by one; an
   * error or a give-up there is the consumer's (the whole expression gives up), never swallowed here.
   */
  private static final class OptionalPath extends Node {
    /** The steps before the last suffix, from the input: errors there are not the {@code ?}'s. */
    private final Node target;

    /** The last suffix: a {@code String} field name or an {@code Integer} index; null for the iteration. */
    private final Object last;

    private final boolean iterate;

    private OptionalPath(Node target, Object last, boolean iterate) {
      super(
          false,
          false,
          k(
              "(",
              target.key,
              ")",
              iterate
                  ? "[]"
                  : last instanceof String name ? k(".", quoted(name)) : k("[", last, "]"),
              "?"));
      this.target = target;
      this.last = last;
      this.iterate = iterate;
    }

    /**
     * The node for the body of a {@code ?}, or null when it is not a plain path with at most a final iteration. The
     * steps before the last suffix are the builder's field and index nodes (shared where it shares them).
     */
    static OptionalPath of(JqNode body, Builder builder, String ctx) {
      JqNode b = body;
      while (b instanceof JqNode.Paren p) {
        b = p.body();
      }
      boolean iterate = false;
      if (b instanceof JqNode.Iterate it) {
        iterate = true;
        b = it.target();
      }
      // an inner ? is flattened: an error before the last suffix gives up anyway
      Object[] steps = PlainPath.fieldsAndIndexes(b);
      if (steps == null || (!iterate && steps.length == 0)) {
        return null; // not a plain path, or .? (which cannot fail): the general node
      }
      int before = iterate ? steps.length : steps.length - 1;
      Node target = new Identity();
      for (int i = 0; i < before; i++) {
        target = builder.share(
            steps[i] instanceof String name
                ? new Field(target, name)
                : new Index(target, (Integer) steps[i]),
            ctx);
      }
      return new OptionalPath(target, iterate ? null : steps[before], iterate);
    }

    @Override
    void run(JsonNode in, Ctx ctx, Sink out) {
      JsonNode v = walk(in, ctx);
      if (v == null) {
        return;
      }
      if (!iterate) {
        out.accept(v);
        return;
      }
      Iterate.each(v, ctx, out);
    }

    /**
     * The value of the path, or with {@code iterate} the array or object whose values it gives; null when the path
     * gives no output (an error its {@code ?} covers). Gives up where {@link #run} does.
     */
    JsonNode walk(JsonNode in, Ctx ctx) {
      return finish(target.one(in, ctx), ctx);
    }

    /** {@link #walk} as a handle ({@link Node#value}'s form; null for no output). */
    MethodHandle walkHandle() {
      return Compiler.walk(this, target.value());
    }

    /** {@link #walk} after the target gave {@code v}. */
    JsonNode finish(JsonNode v, Ctx ctx) {
      ctx.tick();
      if (iterate) {
        if (v.isNull() || v.isNumber() || v.isTextual() || v.isBoolean()) {
          return null; // jq: cannot iterate over that type
        }
        if (!v.isArray() && !(v instanceof ObjectNode)) {
          throw Bail.INSTANCE;
        }
        return v;
      }
      if (v.isNull()) {
        return NullNode.getInstance();
      }
      // only the last suffix's error is the ?'s to suppress: an earlier one gave up in the target
      if (last instanceof String name) {
        if (v instanceof ObjectNode o) {
          JsonNode child = o.get(name);
          return child == null ? NullNode.getInstance() : child;
        }
        if (v.isNumber() || v.isTextual() || v.isBoolean() || v.isArray()) {
          return null; // jq: cannot index that type with a string; try ends with no output
        }
        throw Bail.INSTANCE;
      }
      if (v.isArray()) {
        JsonNode child = v.get((Integer) last);
        return child == null ? NullNode.getInstance() : child;
      }
      if (v.isNumber() || v.isBoolean() || v instanceof ObjectNode) {
        return null; // jq: cannot index that type with a number (a string has a character there:
        // the engine's)
      }
      throw Bail.INSTANCE;
    }
  }

  private static final class Pipe extends Node {
    private final Node left;
    private final Node right;

    Pipe(Node left, Node right) {
      super(
          left.single && right.single,
          left.fresh || right.fresh,
          k("(", left.key, ")|(", right.key, ")"));
      this.left = left;
      this.right = right;
    }

    @Override
    JsonNode one(JsonNode in, Ctx ctx) {
      return right.one(left.one(in, ctx), ctx);
    }

    @Override
    MethodHandle makeValue() {
      return Compiler.pipe(left.value(), right.value());
    }

    @Override
    void run(JsonNode in, Ctx ctx, Sink out) {
      if (single) {
        out.accept(one(in, ctx));
      } else if (left.single) {
        right.run(left.one(in, ctx), ctx, out);
      } else if (right.single && left instanceof Iterate it && it.target.single) {
        // p[] | f: the values one by one into f, without a consumer per value
        JsonNode v = it.target.one(in, ctx);
        if (v.isArray()) {
          for (int i = 0, n = v.size(); i < n; i++) {
            ctx.tick();
            out.accept(right.one(v.get(i), ctx));
          }
        } else {
          Iterate.each(v, ctx, e -> out.accept(right.one(e, ctx)));
        }
      } else {
        left.run(in, ctx, v -> right.run(v, ctx, out));
      }
    }
  }

  private static final class Comma extends Node {
    private final Node left;
    private final Node right;

    Comma(Node left, Node right) {
      super(false, left.fresh || right.fresh, k("(", left.key, "),(", right.key, ")"));
      this.left = left;
      this.right = right;
    }

    @Override
    void run(JsonNode in, Ctx ctx, Sink out) {
      left.run(in, ctx, out);
      right.run(in, ctx, out);
    }
  }

  /** {@code l // r}: the truthy outputs of l, or else the outputs of r (an error in l gives up). */
  private static final class Alternative extends Node {
    private final Node left;
    private final Node right;

    Alternative(Node left, Node right) {
      super(
          left.single && right.single,
          left.fresh || right.fresh,
          k("(", left.key, ")//(", right.key, ")"));
      this.left = left;
      this.right = right;
    }

    @Override
    JsonNode one(JsonNode in, Ctx ctx) {
      ctx.tick();
      JsonNode l = left.one(in, ctx);
      return truthy(l) ? l : right.one(in, ctx);
    }

    @Override
    MethodHandle makeValue() {
      return Compiler.alternative(left.value(), right.value());
    }

    @Override
    void run(JsonNode in, Ctx ctx, Sink out) {
      if (single) {
        out.accept(one(in, ctx));
        return;
      }
      List<JsonNode> found = new ArrayList<>(2);
      left.run(in, ctx, v -> {
        if (truthy(v)) {
          found.add(v);
        }
      });
      if (found.isEmpty()) {
        right.run(in, ctx, out);
      } else {
        found.forEach(out::accept);
      }
    }
  }

  /** {@code and}/{@code or}: for each output of l, decided by it or else by each output of r. */
  private static final class AndOr extends Node {
    private final Node left;
    private final Node right;
    private final boolean and;

    AndOr(Node left, Node right, boolean and) {
      super(
          left.single && right.single,
          false,
          k("(", left.key, ")", and ? "and" : "or", "(", right.key, ")"));
      this.left = left;
      this.right = right;
      this.and = and;
    }

    @Override
    JsonNode one(JsonNode in, Ctx ctx) {
      ctx.tick();
      boolean l = truthy(left.one(in, ctx));
      if (l != and) {
        return BooleanNode.valueOf(l);
      }
      return BooleanNode.valueOf(truthy(right.one(in, ctx)));
    }

    @Override
    void run(JsonNode in, Ctx ctx, Sink out) {
      if (single) {
        out.accept(one(in, ctx));
        return;
      }
      left.run(in, ctx, lv -> {
        boolean l = truthy(lv);
        if (l != and) {
          out.accept(BooleanNode.valueOf(l));
        } else {
          right.run(in, ctx, rv -> out.accept(BooleanNode.valueOf(truthy(rv))));
        }
      });
    }
  }

  /**
   * {@code a and b and ...} (or {@code or}) of single-valued operands in one node: {@code (a and b) and c} is false at
   * the first false operand and otherwise the truth of the last, which is what the nested nodes give, with one call
   * less per operand. The key is the nested form's.
   */
  private static final class Chain extends Node {
    private final Node[] operands;
    private final boolean and;

    private Chain(Node[] operands, boolean and, String key) {
      super(true, false, key);
      this.operands = operands;
      this.and = and;
    }

    static Chain of(Node l, Node r, boolean and) {
      String key = k("(", l.key, ")", and ? "and" : "or", "(", r.key, ")");
      Node[] ls = l instanceof Chain c && c.and == and ? c.operands : new Node[] {l};
      Node[] operands = java.util.Arrays.copyOf(ls, ls.length + 1);
      operands[ls.length] = r;
      return new Chain(operands, and, key);
    }

    @Override
    JsonNode one(JsonNode in, Ctx ctx) {
      ctx.tick();
      int last = operands.length - 1;
      for (int i = 0; i < last; i++) {
        boolean t = truthy(operands[i].one(in, ctx));
        if (t != and) {
          return BooleanNode.valueOf(t);
        }
      }
      return BooleanNode.valueOf(truthy(operands[last].one(in, ctx)));
    }

    @Override
    MethodHandle makeValue() {
      return Compiler.booleanOf(test());
    }

    @Override
    MethodHandle makeTest() {
      MethodHandle[] tests = new MethodHandle[operands.length];
      for (int i = 0; i < tests.length; i++) {
        tests[i] = operands[i].test();
      }
      return Compiler.chain(and, tests);
    }
  }

  /** {@code x | not} for a single-valued {@code x}: the {@link Pipe} and {@link Not} in one node. */
  private static final class NotOf extends Node {
    private final Node operand;

    NotOf(Node operand) {
      super(true, false, k("(", operand.key, ")|(not)"));
      this.operand = operand;
    }

    @Override
    JsonNode one(JsonNode in, Ctx ctx) {
      ctx.tick();
      return BooleanNode.valueOf(!truthy(operand.one(in, ctx)));
    }

    @Override
    MethodHandle makeValue() {
      return Compiler.booleanOf(test());
    }

    @Override
    MethodHandle makeTest() {
      return Compiler.not(operand.test());
    }
  }

  /** A binary operator on values: both sides evaluated, at most one of them with several outputs. */
  private abstract static class ValueOp extends Node {
    final Node left;
    final Node right;

    /** The right side's value when it is a literal (no call for it), else null. */
    private final JsonNode rightValue;

    JsonNode rightValue() {
      return rightValue;
    }

    ValueOp(Node left, Node right, String op) {
      super(left.single && right.single, false, k("(", left.key, ")", op, "(", right.key, ")"));
      this.left = left;
      this.right = right;
      this.rightValue = right instanceof Literal lit ? lit.value : null;
    }

    abstract JsonNode apply(JsonNode l, JsonNode r);

    @Override
    MethodHandle makeValue() {
      return rightValue != null
          ? Compiler.valueOpLiteral(this, left.value(), rightValue)
          : Compiler.valueOp(this, left.value(), right.value());
    }

    @Override
    JsonNode one(JsonNode in, Ctx ctx) {
      ctx.tick();
      // jq evaluates the right side first; with no failures the order cannot be seen
      JsonNode r = rightValue != null ? rightValue : right.one(in, ctx);
      return apply(left.one(in, ctx), r);
    }

    @Override
    void run(JsonNode in, Ctx ctx, Sink out) {
      if (single) {
        out.accept(one(in, ctx));
        return;
      }
      List<JsonNode> rs = right.all(in, ctx);
      List<JsonNode> ls = left.all(in, ctx);
      if (rs.size() > 1 && ls.size() > 1) {
        throw Bail.INSTANCE; // the cartesian order is the engine's business
      }
      for (JsonNode r : rs) {
        for (JsonNode l : ls) {
          ctx.tick();
          out.accept(apply(l, r));
        }
      }
    }
  }

  private static final class Compare extends ValueOp {
    private static final int EQ = 0, NE = 1, LT = 2, LE = 3, GT = 4, GE = 5;
    /** The operator as a small int: decided once here, not by comparing strings on every evaluation. */
    private final int op;

    Compare(Node left, Node right, String op) {
      super(left, right, op);
      this.op = switch (op) {
        case "==" -> EQ;
        case "!=" -> NE;
        case "<" -> LT;
        case "<=" -> LE;
        case ">" -> GT;
        default -> GE;
      };
    }

    @Override
    JsonNode apply(JsonNode l, JsonNode r) {
      return holds(l, r) ? BooleanNode.TRUE : BooleanNode.FALSE;
    }

    /** Whether {@code l op r} is true (what {@link #apply} gives, as a boolean). */
    boolean holds(JsonNode l, JsonNode r) {
      int c = compare(l, r, op == EQ || op == NE);
      return switch (op) {
        case EQ -> c == 0;
        case NE -> c != 0;
        case LT -> c < 0;
        case LE -> c <= 0;
        case GT -> c > 0;
        default -> c >= 0;
      };
    }

    @Override
    MethodHandle makeValue() {
      return single ? Compiler.booleanOf(test()) : super.makeValue();
    }

    @Override
    MethodHandle makeTest() {
      return rightValue() != null
          ? Compiler.compareLiteral(this, left.value(), rightValue())
          : Compiler.compare(this, left.value(), right.value());
    }
  }

  private static final class Arith extends ValueOp {
    private final char op;

    Arith(Node left, Node right, char op) {
      super(left, right, String.valueOf(op));
      this.op = op;
    }

    @Override
    JsonNode apply(JsonNode l, JsonNode r) {
      long a = safeInteger(l);
      long b = safeInteger(r);
      long v = switch (op) {
        case '+' -> a + b;
        case '-' -> a - b;
        default -> multiply(a, b);
      };
      return integer(v);
    }
  }

  private static final class If extends Node {
    private final Node condition;
    private final Node then;
    private final Node otherwise;

    If(Node condition, Node then, Node otherwise) {
      super(
          condition.single && then.single && otherwise.single,
          then.fresh || otherwise.fresh,
          k("if(", condition.key, ")then(", then.key, ")else(", otherwise.key, ")"));
      this.condition = condition;
      this.then = then;
      this.otherwise = otherwise;
    }

    @Override
    JsonNode one(JsonNode in, Ctx ctx) {
      ctx.tick();
      return truthy(condition.one(in, ctx)) ? then.one(in, ctx) : otherwise.one(in, ctx);
    }

    @Override
    MethodHandle makeValue() {
      return Compiler.choose(condition.test(), then.value(), otherwise.value());
    }

    @Override
    void run(JsonNode in, Ctx ctx, Sink out) {
      if (single) {
        out.accept(one(in, ctx));
        return;
      }
      condition.run(in, ctx, c -> (truthy(c) ? then : otherwise).run(in, ctx, out));
    }
  }

  private static final class Collect extends Node {
    private final Node body;

    Collect(Node body) {
      super(true, true, k("[", body == null ? "" : body.key, "]"));
      this.body = body;
    }

    /** The items of {@code [a, b, ...]} when the body is a comma list of single-valued nodes, else null. */
    Node[] singleItems() {
      if (body == null) {
        return null;
      }
      List<Node> items = new ArrayList<>();
      return flatten(body, items) ? items.toArray(new Node[0]) : null;
    }

    private static boolean flatten(Node n, List<Node> out) {
      if (n instanceof Comma c) {
        return flatten(c.left, out) && flatten(c.right, out);
      }
      if (!n.single) {
        return false;
      }
      out.add(n);
      return true;
    }

    @Override
    JsonNode one(JsonNode in, Ctx ctx) {
      ctx.tick();
      ArrayNode a = JsonNodeFactory.instance.arrayNode();
      if (body != null) {
        body.run(in, ctx, a::add);
      }
      return a;
    }
  }

  /**
   * {@code [a, b, ...] | min} (or {@code max}) where every item yields exactly one value: {@link MinMax} of the
   * collected array, without the array. The same winner (the first least, the last greatest), the same give-ups (a
   * value that is not a safe integer).
   */
  private static final class MinMaxOf extends Node {
    private final Node[] items;
    private final boolean min;

    MinMaxOf(Node[] items, boolean min) {
      super(true, false, keyOf(items, min));
      this.items = items;
      this.min = min;
    }

    private static String keyOf(Node[] items, boolean min) {
      StringBuilder k = new StringBuilder("[");
      for (int i = 0; i < items.length; i++) {
        k.append(i == 0 ? "(" : ",(").append(items[i].key).append(')');
      }
      return k.append("]|").append(min ? "min" : "max").toString();
    }

    @Override
    JsonNode one(JsonNode in, Ctx ctx) {
      ctx.tick();
      JsonNode best = NullNode.getInstance();
      long bestValue = 0;
      for (Node item : items) {
        JsonNode v = item.one(in, ctx);
        ctx.tick();
        long x = safeInteger(v);
        if (MinMax.wins(best, bestValue, x, min)) {
          best = v;
          bestValue = x;
        }
      }
      return best;
    }

    @Override
    MethodHandle makeValue() {
      // two items (min(a, b), the replica counts' form) by handles; more as they are
      return items.length == 2
          ? Compiler.minMaxOfTwo(this, items[0].value(), items[1].value())
          : super.makeValue();
    }

    /** {@link #one} of two items whose values are {@code a} then {@code b}. */
    JsonNode ofTwo(JsonNode a, JsonNode b, Ctx ctx) {
      ctx.tick();
      long x = safeInteger(a);
      JsonNode best = a; // the first value always wins over the empty start
      ctx.tick();
      long y = safeInteger(b);
      return MinMax.wins(best, x, y, min) ? b : best;
    }
  }

  private static final class Not extends Node {
    Not() {
      super(true, false, "not");
    }

    @Override
    JsonNode one(JsonNode in, Ctx ctx) {
      return BooleanNode.valueOf(!truthy(in));
    }

    @Override
    MethodHandle makeValue() {
      return Compiler.booleanOf(test());
    }

    @Override
    MethodHandle makeTest() {
      return Compiler.NOT_INPUT;
    }
  }

  private static final class Empty extends Node {
    Empty() {
      super(false, false, "empty");
    }

    @Override
    void run(JsonNode in, Ctx ctx, Sink out) {
      // no output
    }
  }

  /** {@code length}: null 0, an integer its absolute value, a string its code points, an array or object its size. */
  private static final class Length extends Node {
    Length() {
      super(true, false, "length");
    }

    @Override
    JsonNode one(JsonNode in, Ctx ctx) {
      if (in.isNull()) {
        return IntNode.valueOf(0);
      }
      if (in.isArray() || in.isObject()) {
        return IntNode.valueOf(in.size());
      }
      if (in.isTextual()) {
        String s = in.textValue();
        return IntNode.valueOf(s.codePointCount(0, s.length()));
      }
      if (in.isNumber()) {
        return integer(Math.abs(safeInteger(in)));
      }
      throw Bail.INSTANCE; // a boolean: the engine's error
    }
  }

  /** {@code min}/{@code max} of an array of integers ({@code null} when empty). */
  private static final class MinMax extends Node {
    final boolean min;

    MinMax(boolean min) {
      super(true, false, min ? "min" : "max");
      this.min = min;
    }

    /**
     * Whether {@code x} replaces the current winner {@code best} (null before the first): jq's {@code min} keeps the
     * first least value, {@code max} the last greatest. The one copy of that rule for the array and the fused form.
     */
    static boolean wins(JsonNode best, long bestValue, long x, boolean min) {
      return best.isNull() || (min ? x < bestValue : x >= bestValue);
    }

    @Override
    JsonNode one(JsonNode in, Ctx ctx) {
      if (!in.isArray()) {
        throw Bail.INSTANCE;
      }
      JsonNode best = NullNode.getInstance();
      long bestValue = 0;
      for (int i = 0, n = in.size(); i < n; i++) {
        JsonNode v = in.get(i);
        ctx.tick();
        long x = safeInteger(v);
        if (MinMax.wins(best, bestValue, x, min)) {
          best = v;
          bestValue = x;
        }
      }
      return best;
    }
  }

  private static final class Select extends Node {
    private final Node condition;

    Select(Node condition) {
      super(false, false, k("select(", condition.key, ")"));
      this.condition = condition;
    }

    @Override
    void run(JsonNode in, Ctx ctx, Sink out) {
      condition.run(in, ctx, c -> {
        if (truthy(c)) {
          out.accept(in);
        }
      });
    }
  }

  /** {@code any(g; c)}/{@code all(g; c)}: decided at the first decisive output of c, nothing after it runs. */
  private static final class AnyAll extends Node {
    private final Node generator;
    private final Node condition;
    private final boolean any;

    AnyAll(Node generator, Node condition, boolean any) {
      super(true, false, k(any ? "any(" : "all(", generator.key, ";", condition.key, ")"));
      this.generator = generator;
      this.condition = condition;
      this.any = any;
    }

    @Override
    JsonNode one(JsonNode in, Ctx ctx) {
      ctx.tick();
      if (condition.single
          && (generator instanceof Iterate it && it.target.single
              || generator instanceof OptionalPath o && o.iterate)) {
        // the values one by one, without a consumer, and decided without unwinding
        JsonNode v;
        if (generator instanceof OptionalPath o) {
          v = o.walk(in, ctx);
          if (v == null) {
            return BooleanNode.valueOf(!any); // no values: any is false, all is true
          }
        } else {
          v = ((Iterate) generator).target.one(in, ctx);
        }
        if (v.isArray()) {
          for (int i = 0, n = v.size(); i < n; i++) {
            ctx.tick();
            if (truthy(condition.one(v.get(i), ctx)) == any) {
              return BooleanNode.valueOf(any);
            }
          }
          return BooleanNode.valueOf(!any);
        }
        if (!(v.isObject() && !ctx.unsorted)) {
          throw Bail.INSTANCE;
        }
        for (Iterator<JsonNode> e = v.elements(); e.hasNext(); ) {
          ctx.tick();
          if (truthy(condition.one(e.next(), ctx)) == any) {
            return BooleanNode.valueOf(any);
          }
        }
        return BooleanNode.valueOf(!any);
      }
      return generalCase(in, ctx);
    }

    /** Whether {@link #decide} applies: the values of a path (of the input, or under {@code ?}) into a single test. */
    private boolean direct() {
      return condition.single
          && (generator instanceof Iterate it && it.target.single
              || generator instanceof OptionalPath o && o.iterate);
    }

    @Override
    MethodHandle makeValue() {
      return direct() ? Compiler.booleanOf(test()) : super.makeValue();
    }

    @Override
    MethodHandle makeTest() {
      if (!direct()) {
        return super.makeTest();
      }
      MethodHandle values = generator instanceof OptionalPath o
          ? o.walkHandle()
          : ((Iterate) generator).target.value();
      return Compiler.anyAll(this, values, condition.test());
    }

    /**
     * {@link #one}'s direct case after {@code values} gave the array or object to read (null: no values, from a path
     * under {@code ?}), with the condition as a handle.
     */
    boolean decide(JsonNode v, Ctx ctx, MethodHandle condition) throws Throwable {
      if (v == null) {
        return !any; // no values: any is false, all is true
      }
      if (v.isArray()) {
        for (int i = 0, n = v.size(); i < n; i++) {
          ctx.tick();
          if ((boolean) condition.invokeExact(v.get(i), ctx) == any) {
            return any;
          }
        }
        return !any;
      }
      if (!(v.isObject() && !ctx.unsorted)) {
        throw Bail.INSTANCE;
      }
      for (Iterator<JsonNode> e = v.elements(); e.hasNext(); ) {
        ctx.tick();
        if ((boolean) condition.invokeExact(e.next(), ctx) == any) {
          return any;
        }
      }
      return !any;
    }

    private JsonNode generalCase(JsonNode in, Ctx ctx) {
      // general case: stop the generator at the decision
      try {
        generator.run(
            in,
            ctx,
            g -> condition.run(g, ctx, c -> {
              if (truthy(c) == any) {
                throw Decided.INSTANCE;
              }
            }));
      } catch (Decided d) {
        return BooleanNode.valueOf(any);
      }
      return BooleanNode.valueOf(!any);
    }
  }

  private static final class Decided extends RuntimeException {
    private static final long serialVersionUID = 1L;
    static final Decided INSTANCE = new Decided();

    private Decided() {
      super(null, null, false, false);
    }
  }

  /**
   * The method handles of {@link Node#value} and {@link Node#test}: each node is a combination ({@link MethodHandles}:
   * fold, guard, filter) of its children's handles and a small step below that calls no handle, so that once an
   * expression is hot the JIT inlines the whole tree into the code of one handle, as it does lambda forms, without a
   * virtual call per node (a step that called its children's handles itself would stop that inlining where a step
   * repeats down the tree). Each node does what its {@code one} does, on the same values, in the same order, with the
   * same give-ups; a node without a form of its own is its {@code one} bound to it ({@link #interpreted}). The steps
   * tick (every field, index, comparison, operation and value of a loop), the combinations ({@code and}, {@code //},
   * {@code if}, {@code not}) do not: each of those runs once per evaluation of its parent, so the count still bounds
   * the work, which is all it is for (a give-up only hands the expression to the engine). Loaded at the first
   * compilation only.
   */
  private static final class Compiler {
    private static final MethodHandles.Lookup LOOKUP = MethodHandles.lookup();
    private static final MethodType VALUE =
        MethodType.methodType(JsonNode.class, JsonNode.class, Ctx.class);

    static final MethodHandle IDENTITY;
    static final MethodHandle NOT_INPUT;
    private static final MethodHandle FIELD_OF_INPUT;
    private static final MethodHandle FIELD;
    private static final MethodHandle INDEX;
    private static final MethodHandle FINISH;
    private static final MethodHandle FIRST;
    private static final MethodHandle FIRST_TRUTHY;
    private static final MethodHandle HOLDS;
    private static final MethodHandle HOLDS_LITERAL;
    private static final MethodHandle APPLY;
    private static final MethodHandle APPLY_LITERAL;
    private static final MethodHandle OF_TWO;
    private static final MethodHandle DECIDE;
    private static final MethodHandle HIT;
    private static final MethodHandle REMEMBERED;
    private static final MethodHandle REMEMBER;
    private static final MethodHandle ONE;
    private static final MethodHandle TRUTHY;
    private static final MethodHandle BOOLEAN;
    private static final MethodHandle NOT;
    private static final MethodHandle TRUE;
    private static final MethodHandle FALSE;

    static {
      try {
        Class<?> n = JsonNode.class;
        Class<?> c = Ctx.class;
        IDENTITY = MethodHandles.dropArguments(MethodHandles.identity(n), 1, c);
        NOT_INPUT = find("notInput", boolean.class, n, c);
        FIELD_OF_INPUT = find("fieldOfInput", n, n, c, String.class);
        FIELD = find("field", n, n, n, c, String.class);
        INDEX = find("index", n, n, n, c, Index.class);
        FINISH = find("finish", n, n, n, c, OptionalPath.class);
        FIRST = MethodHandles.dropArguments(MethodHandles.identity(n), 1, n, c);
        TRUTHY = LOOKUP.findStatic(
            FastEval.class, "truthy", MethodType.methodType(boolean.class, JsonNode.class));
        FIRST_TRUTHY = MethodHandles.dropArguments(TRUTHY, 1, n, c);
        HOLDS = find("holds", boolean.class, n, n, n, c, Compare.class);
        HOLDS_LITERAL = find("holdsLiteral", boolean.class, n, n, c, Compare.class, n);
        APPLY = find("apply", n, n, n, n, c, ValueOp.class);
        APPLY_LITERAL = find("applyLiteral", n, n, n, c, ValueOp.class, n);
        OF_TWO = find("ofTwo", n, n, n, n, c, MinMaxOf.class);
        DECIDE = find("decide", boolean.class, n, n, c, AnyAll.class, MethodHandle.class);
        HIT = find("hit", boolean.class, n, c, int.class);
        REMEMBERED = find("remembered", n, n, c, int.class);
        REMEMBER = find("remember", n, n, n, c, int.class);
        ONE = LOOKUP.findVirtual(Node.class, "one", VALUE);
        BOOLEAN = find("bool", n, boolean.class);
        NOT = find("not", boolean.class, boolean.class);
        TRUE = MethodHandles.dropArguments(MethodHandles.constant(boolean.class, true), 0, n, c);
        FALSE = MethodHandles.dropArguments(MethodHandles.constant(boolean.class, false), 0, n, c);
      } catch (ReflectiveOperationException e) {
        throw new ExceptionInInitializerError(e);
      }
    }

    private Compiler() {}

    private static MethodHandle find(String name, Class<?> returns, Class<?>... params)
        throws ReflectiveOperationException {
      return LOOKUP.findStatic(Compiler.class, name, MethodType.methodType(returns, params));
    }

    /** {@code target(v, in, ctx, constants...)} with the constants bound: {@code (v, in, ctx) -> ...}. */
    private static MethodHandle after(MethodHandle target, Object... constants) {
      return MethodHandles.insertArguments(target, 3, constants);
    }

    /** {@code (in, ctx) -> step(value(in, ctx), in, ctx)}. */
    private static MethodHandle onValue(MethodHandle step, MethodHandle value) {
      return MethodHandles.foldArguments(step, value);
    }

    // the forms of the nodes

    /** {@code node.one} as a handle. */
    static MethodHandle interpreted(Node node) {
      return ONE.bindTo(node);
    }

    static MethodHandle truthyOf(MethodHandle value) {
      return MethodHandles.filterReturnValue(value, TRUTHY);
    }

    static MethodHandle booleanOf(MethodHandle test) {
      return MethodHandles.filterReturnValue(test, BOOLEAN);
    }

    static MethodHandle literal(JsonNode value) {
      return MethodHandles.dropArguments(
          MethodHandles.constant(JsonNode.class, value), 0, JsonNode.class, Ctx.class);
    }

    static MethodHandle fieldOfInput(String name) {
      return MethodHandles.insertArguments(FIELD_OF_INPUT, 2, name);
    }

    static MethodHandle field(MethodHandle target, String name) {
      return onValue(after(FIELD, name), target);
    }

    static MethodHandle index(Index node, MethodHandle target) {
      return onValue(after(INDEX, node), target);
    }

    static MethodHandle walk(OptionalPath node, MethodHandle target) {
      return onValue(after(FINISH, node), target);
    }

    static MethodHandle pipe(MethodHandle left, MethodHandle right) {
      // right(left(in, ctx), ctx)
      return MethodHandles.permuteArguments(
          MethodHandles.collectArguments(right, 0, left), VALUE, 0, 1, 1);
    }

    static MethodHandle alternative(MethodHandle left, MethodHandle right) {
      MethodHandle choose = MethodHandles.guardWithTest(
          FIRST_TRUTHY, FIRST, MethodHandles.dropArguments(right, 0, JsonNode.class));
      return onValue(choose, left);
    }

    /** {@code a and b and ...} ({@code or}): decided at the first false (true) operand, as {@link Chain#one}. */
    static MethodHandle chain(boolean and, MethodHandle[] tests) {
      MethodHandle h = tests[tests.length - 1];
      for (int i = tests.length - 2; i >= 0; i--) {
        h = and
            ? MethodHandles.guardWithTest(tests[i], h, FALSE)
            : MethodHandles.guardWithTest(tests[i], TRUE, h);
      }
      return h;
    }

    static MethodHandle not(MethodHandle test) {
      return MethodHandles.filterReturnValue(test, NOT);
    }

    static MethodHandle compare(Compare node, MethodHandle left, MethodHandle right) {
      // the right side first, then the left, as in one
      MethodHandle withLeft = MethodHandles.foldArguments(
          MethodHandles.insertArguments(HOLDS, 4, node),
          MethodHandles.dropArguments(left, 0, JsonNode.class));
      return onValue(withLeft, right);
    }

    static MethodHandle compareLiteral(Compare node, MethodHandle left, JsonNode right) {
      return onValue(after(HOLDS_LITERAL, node, right), left);
    }

    static MethodHandle valueOp(ValueOp node, MethodHandle left, MethodHandle right) {
      MethodHandle withLeft = MethodHandles.foldArguments(
          MethodHandles.insertArguments(APPLY, 4, node),
          MethodHandles.dropArguments(left, 0, JsonNode.class));
      return onValue(withLeft, right);
    }

    static MethodHandle valueOpLiteral(ValueOp node, MethodHandle left, JsonNode right) {
      return onValue(after(APPLY_LITERAL, node, right), left);
    }

    static MethodHandle choose(MethodHandle condition, MethodHandle then, MethodHandle otherwise) {
      return MethodHandles.guardWithTest(condition, then, otherwise);
    }

    static MethodHandle minMaxOfTwo(MinMaxOf node, MethodHandle a, MethodHandle b) {
      // a first, then b
      MethodHandle withB = MethodHandles.foldArguments(
          MethodHandles.insertArguments(OF_TWO, 4, node),
          MethodHandles.dropArguments(b, 0, JsonNode.class));
      return onValue(withB, a);
    }

    static MethodHandle anyAll(AnyAll node, MethodHandle values, MethodHandle condition) {
      return onValue(after(DECIDE, node, condition), values);
    }

    static MethodHandle shared(int slot, MethodHandle body) {
      return MethodHandles.guardWithTest(
          MethodHandles.insertArguments(HIT, 2, slot),
          MethodHandles.insertArguments(REMEMBERED, 2, slot),
          onValue(after(REMEMBER, slot), body));
    }

    /** Runs a compiled node: its give-ups and errors as {@code one} throws them. */
    static JsonNode invoke(MethodHandle value, JsonNode in, Ctx ctx) {
      try {
        return (JsonNode) value.invokeExact(in, ctx);
      } catch (RuntimeException | Error e) {
        throw e;
      } catch (Throwable t) {
        throw new IllegalStateException(t); // no step throws a checked exception
      }
    }

    // the steps: each calls no handle (but decide, a loop over values)

    private static JsonNode bool(boolean b) {
      return b ? BooleanNode.TRUE : BooleanNode.FALSE;
    }

    private static boolean not(boolean b) {
      return !b;
    }

    private static boolean notInput(JsonNode in, Ctx ctx) {
      return !truthy(in);
    }

    private static JsonNode fieldOfInput(JsonNode in, Ctx ctx, String name) {
      ctx.tick();
      return Field.step(in, name);
    }

    private static JsonNode field(JsonNode v, JsonNode in, Ctx ctx, String name) {
      ctx.tick();
      return Field.step(v, name);
    }

    private static JsonNode index(JsonNode v, JsonNode in, Ctx ctx, Index node) {
      ctx.tick();
      return node.step(v);
    }

    private static JsonNode finish(JsonNode v, JsonNode in, Ctx ctx, OptionalPath node) {
      return node.finish(v, ctx);
    }

    private static boolean holds(JsonNode l, JsonNode r, JsonNode in, Ctx ctx, Compare node) {
      ctx.tick();
      return node.holds(l, r);
    }

    private static boolean holdsLiteral(
        JsonNode l, JsonNode in, Ctx ctx, Compare node, JsonNode r) {
      ctx.tick();
      return node.holds(l, r);
    }

    private static JsonNode apply(JsonNode l, JsonNode r, JsonNode in, Ctx ctx, ValueOp node) {
      ctx.tick();
      return node.apply(l, r);
    }

    private static JsonNode applyLiteral(
        JsonNode l, JsonNode in, Ctx ctx, ValueOp node, JsonNode r) {
      ctx.tick();
      return node.apply(l, r);
    }

    private static JsonNode ofTwo(JsonNode a, JsonNode b, JsonNode in, Ctx ctx, MinMaxOf node) {
      return node.ofTwo(a, b, ctx);
    }

    private static boolean decide(
        JsonNode values, JsonNode in, Ctx ctx, AnyAll node, MethodHandle condition)
        throws Throwable {
      ctx.tick();
      return node.decide(values, ctx, condition);
    }

    /** Whether the memo holds the shared node's value for {@code in}. */
    private static boolean hit(JsonNode in, Ctx ctx, int slot) {
      Memo m = ctx.memo;
      return m != null && m.inputs[slot] == in;
    }

    private static JsonNode remembered(JsonNode in, Ctx ctx, int slot) {
      ctx.tick();
      return ctx.memo.values[slot];
    }

    private static JsonNode remember(JsonNode v, JsonNode in, Ctx ctx, int slot) {
      Memo m = ctx.memo;
      if (m != null) {
        m.inputs[slot] = in;
        m.values[slot] = v;
      }
      return v;
    }
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Values

  static boolean truthy(JsonNode v) {
    // the shared true, false and null nodes (what comparisons, not and missing fields give) by
    // identity
    if (v == BooleanNode.TRUE) {
      return true;
    }
    if (v == BooleanNode.FALSE || v == NullNode.getInstance()) {
      return false;
    }
    // the usual classes by an exact class test (no call); any other node as before
    Class<?> k = v.getClass();
    if (k == TextNode.class
        || k == IntNode.class
        || k == LongNode.class
        || k == ObjectNode.class
        || k == ArrayNode.class) {
      return true;
    }
    return !(v.isNull() || (v.isBoolean() && !v.booleanValue()));
  }

  /** An int or long node within ±2^53, as a long; anything else gives up. */
  private static long safeInteger(JsonNode v) {
    if (v.getClass() == IntNode.class) {
      return ((IntNode) v).intValue(); // the usual class, without a call to ask
    }
    if (v.isInt()) {
      return v.intValue();
    }
    if (v.isLong()) {
      long l = v.longValue();
      if (l >= -SAFE && l <= SAFE) {
        return l;
      }
    }
    throw Bail.INSTANCE;
  }

  private static long multiply(long a, long b) {
    try {
      return Math.multiplyExact(a, b);
    } catch (ArithmeticException overflow) {
      throw Bail.INSTANCE;
    }
  }

  private static JsonNode integer(long v) {
    if (v < -SAFE || v > SAFE) {
      throw Bail.INSTANCE;
    }
    return (v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE)
        ? IntNode.valueOf((int) v)
        : LongNode.valueOf(v);
  }

  /** jq's order for scalars: null < false < true < numbers < strings; arrays and objects give up. */
  private static int rank(JsonNode v) {
    // the usual classes by an exact class test (no call); any other node by its type
    Class<?> k = v.getClass();
    if (k == TextNode.class) {
      return 4;
    }
    if (k == IntNode.class || k == LongNode.class) {
      return 3;
    }
    if (v == BooleanNode.TRUE) {
      return 2;
    }
    if (v == BooleanNode.FALSE) {
      return 1;
    }
    if (v == NullNode.getInstance()) {
      return 0;
    }
    // one read of the node type (what isNull, isBoolean, ... each read again)
    switch (v.getNodeType()) {
      case NULL:
        return 0;
      case BOOLEAN:
        return v.booleanValue() ? 2 : 1;
      case NUMBER:
        return 3;
      case STRING:
        return 4;
      case ARRAY:
        return 5;
      case OBJECT:
        return 6;
      default:
        throw Bail.INSTANCE; // missing, binary, POJO
    }
  }

  private static int compare(JsonNode l, JsonNode r, boolean equality) {
    int rl = rank(l);
    int rr = rank(r);
    if (rl != rr) {
      return Integer.compare(rl, rr);
    }
    switch (rl) {
      case 3:
        return Long.compare(safeInteger(l), safeInteger(r));
      case 4:
        String a = l.textValue();
        String b = r.textValue();
        if (equality) {
          return a.equals(b) ? 0 : 1;
        }
        if (hasSurrogate(a) || hasSurrogate(b)) {
          throw Bail.INSTANCE; // UTF-16 order differs from code point order there
        }
        return a.compareTo(b);
      case 5:
      case 6:
        throw Bail.INSTANCE;
      default:
        return 0; // null, false, true: one value per rank
    }
  }

  private static boolean hasSurrogate(String s) {
    for (int i = 0; i < s.length(); i++) {
      if (Character.isSurrogate(s.charAt(i))) {
        return true;
      }
    }
    return false;
  }
}
