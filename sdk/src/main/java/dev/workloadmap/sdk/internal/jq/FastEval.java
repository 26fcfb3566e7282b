package dev.workloadmap.sdk.internal.jq;

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
 * changes nothing. Immutable and thread-safe.
 */
final class FastEval {
  /** Steps (node evaluations) after which the evaluator leaves the expression to the engine and its budget. */
  static final int STEP_LIMIT = 100_000;

  private static final long SAFE = 1L << 53;

  private final Node root;

  private FastEval(Node root) {
    this.root = root;
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
      return new FastEval(build(ast));
    } catch (Unsupported u) {
      return null;
    }
  }

  /** The results on {@code input} (a canonical tree, see {@link SortedKeys}), or null to leave it to the engine. */
  List<JsonNode> apply(JsonNode input, int maxResults) {
    return apply(input, maxResults, new Ctx(false));
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
    JsonNode sorted = input.sortedIfMade();
    if (sorted != null) {
      return apply(sorted, maxResults);
    }
    Ctx unsorted = UNSORTED.get();
    unsorted.steps = 0;
    List<JsonNode> out = apply(input.original(), maxResults, unsorted);
    if (out == null) {
      return apply(input.node(), maxResults);
    }
    // the results are usually scalars already in canonical form: copy the list only when one
    // changes
    List<JsonNode> canonical = null;
    for (int i = 0; i < out.size(); i++) {
      JsonNode v = out.get(i);
      // a boolean, a string or null is its own canonical form (what canonical returns after four
      // type tests)
      JsonNode c = v instanceof BooleanNode || v instanceof TextNode || v instanceof NullNode
          ? v
          : SortedKeys.canonical(v);
      if (c != v && canonical == null) {
        canonical = new ArrayList<>(out);
      }
      if (canonical != null) {
        canonical.set(i, c);
      }
    }
    return canonical == null ? out : Collections.unmodifiableList(canonical);
  }

  private List<JsonNode> apply(JsonNode input, int maxResults, Ctx ctx) {
    try {
      if (root.single) {
        if (maxResults < 1) {
          return null;
        }
        return List.of(root.one(input, ctx));
      }
      List<JsonNode> out = new ArrayList<>(2);
      root.run(input, ctx, v -> {
        if (out.size() >= maxResults) {
          throw Bail.INSTANCE;
        }
        out.add(v);
      });
      return Collections.unmodifiableList(out);
    } catch (Bail b) {
      return null;
    }
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

  private static Node build(JqNode n) throws Unsupported {
    if (n == null) {
      throw Unsupported.INSTANCE;
    }
    if (n instanceof JqNode.Identity) {
      return new Identity();
    }
    if (n instanceof JqNode.Paren p) {
      return build(p.body());
    }
    if (n instanceof JqNode.Optional o) {
      Node tried = OptionalPath.of(o.body());
      if (tried != null) {
        return tried;
      }
      // body? is body when nothing fails, and every failure gives up
      return build(o.body());
    }
    if (n instanceof JqNode.Field f) {
      String name = f.name() != null ? f.name() : PlainPath.literal(f.nameString());
      if (name == null) {
        throw Unsupported.INSTANCE;
      }
      return new Field(f.target() == null ? new Identity() : build(f.target()), name);
    }
    if (n instanceof JqNode.Index ix) {
      Node target = ix.target() == null ? new Identity() : build(ix.target());
      if (ix.index() instanceof JqNode.StringLit s && PlainPath.literal(s) != null) {
        return new Field(target, PlainPath.literal(s));
      }
      if (ix.index() instanceof JqNode.NumberLit num && PlainPath.isSmallNatural(num.text())) {
        return new Index(target, Integer.parseInt(num.text()));
      }
      throw Unsupported.INSTANCE;
    }
    if (n instanceof JqNode.Iterate it) {
      return new Iterate(it.target() == null ? new Identity() : build(it.target()));
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
      return new Collect(a.body() == null ? null : build(a.body()));
    }
    if (n instanceof JqNode.If i) {
      if (i.otherwise() == null) {
        throw Unsupported.INSTANCE;
      }
      Node otherwise = build(i.otherwise());
      for (int k = i.conditions().size() - 1; k >= 0; k--) {
        otherwise = new If(build(i.conditions().get(k)), build(i.branches().get(k)), otherwise);
      }
      return otherwise;
    }
    if (n instanceof JqNode.Binary b) {
      Node l = build(b.left());
      Node r = build(b.right());
      switch (b.op()) {
        case "|":
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
          return new AndOr(l, r, true);
        case "or":
          return new AndOr(l, r, false);
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
          return new Select(build(c.args().get(0)));
        case "any/2":
          return new AnyAll(build(c.args().get(0)), build(c.args().get(1)), true);
        case "all/2":
          return new AnyAll(build(c.args().get(0)), build(c.args().get(1)), false);
        default:
          throw Unsupported.INSTANCE;
      }
    }
    throw Unsupported.INSTANCE;
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

    Node(boolean single) {
      this.single = single;
    }

    JsonNode one(JsonNode in, Ctx ctx) {
      throw new IllegalStateException("not single-valued");
    }

    void run(JsonNode in, Ctx ctx, Sink out) {
      out.accept(one(in, ctx));
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

  private static final class Identity extends Node {
    Identity() {
      super(true);
    }

    @Override
    JsonNode one(JsonNode in, Ctx ctx) {
      return in;
    }
  }

  private static final class Literal extends Node {
    private final JsonNode value;

    Literal(JsonNode value) {
      super(true);
      this.value = value;
    }

    @Override
    JsonNode one(JsonNode in, Ctx ctx) {
      return value;
    }
  }

  /** A field or string index: of an object or null only. */
  private static final class Field extends Node {
    private final Node target;
    private final String name;

    Field(Node target, String name) {
      super(target.single);
      this.target = target;
      this.name = name;
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
      return step(target.one(in, ctx), name);
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
      super(target.single);
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
      super(false);
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
    /** A {@code String} field name or an {@code Integer} index per step. */
    private final Object[] steps;

    private final boolean iterate;

    private OptionalPath(Object[] steps, boolean iterate) {
      super(false);
      this.steps = steps;
      this.iterate = iterate;
    }

    /** The node for the body of a {@code ?}, or null when it is not a plain path with at most a final iteration. */
    static OptionalPath of(JqNode body) {
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
      return new OptionalPath(steps, iterate);
    }

    @Override
    void run(JsonNode in, Ctx ctx, Sink out) {
      JsonNode v = in;
      for (int i = 0; i < steps.length; i++) {
        ctx.tick();
        if (v.isNull()) {
          v = NullNode.getInstance();
          continue;
        }
        // only the last suffix's error is the ?'s to suppress; an earlier one is the engine's to
        // report
        boolean last = !iterate && i == steps.length - 1;
        if (steps[i] instanceof String name) {
          if (v instanceof ObjectNode o) {
            JsonNode child = o.get(name);
            v = child == null ? NullNode.getInstance() : child;
            continue;
          }
          if (last && (v.isNumber() || v.isTextual() || v.isBoolean() || v.isArray())) {
            return; // jq: cannot index that type with a string; try ends with no output
          }
          throw Bail.INSTANCE;
        }
        if (v.isArray()) {
          JsonNode child = v.get((Integer) steps[i]);
          v = child == null ? NullNode.getInstance() : child;
          continue;
        }
        if (last && (v.isNumber() || v.isBoolean() || v instanceof ObjectNode)) {
          return; // jq: cannot index that type with a number (a string has a character there: the
          // engine's)
        }
        throw Bail.INSTANCE;
      }
      if (!iterate) {
        out.accept(v);
        return;
      }
      if (v.isNull() || v.isNumber() || v.isTextual() || v.isBoolean()) {
        return; // jq: cannot iterate over that type
      }
      if (!v.isArray() && !(v instanceof ObjectNode)) {
        throw Bail.INSTANCE;
      }
      Iterate.each(v, ctx, out);
    }
  }

  private static final class Pipe extends Node {
    private final Node left;
    private final Node right;

    Pipe(Node left, Node right) {
      super(left.single && right.single);
      this.left = left;
      this.right = right;
    }

    @Override
    JsonNode one(JsonNode in, Ctx ctx) {
      return right.one(left.one(in, ctx), ctx);
    }

    @Override
    void run(JsonNode in, Ctx ctx, Sink out) {
      if (single) {
        out.accept(one(in, ctx));
      } else if (left.single) {
        right.run(left.one(in, ctx), ctx, out);
      } else {
        left.run(in, ctx, v -> right.run(v, ctx, out));
      }
    }
  }

  private static final class Comma extends Node {
    private final Node left;
    private final Node right;

    Comma(Node left, Node right) {
      super(false);
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
      super(left.single && right.single);
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
      super(left.single && right.single);
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

  /** A binary operator on values: both sides evaluated, at most one of them with several outputs. */
  private abstract static class ValueOp extends Node {
    final Node left;
    final Node right;

    ValueOp(Node left, Node right) {
      super(left.single && right.single);
      this.left = left;
      this.right = right;
    }

    abstract JsonNode apply(JsonNode l, JsonNode r);

    @Override
    JsonNode one(JsonNode in, Ctx ctx) {
      ctx.tick();
      // jq evaluates the right side first; with no failures the order cannot be seen
      JsonNode r = right.one(in, ctx);
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
      super(left, right);
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
      int c = compare(l, r, op == EQ || op == NE);
      boolean result = switch (op) {
        case EQ -> c == 0;
        case NE -> c != 0;
        case LT -> c < 0;
        case LE -> c <= 0;
        case GT -> c > 0;
        default -> c >= 0;
      };
      return result ? BooleanNode.TRUE : BooleanNode.FALSE;
    }
  }

  private static final class Arith extends ValueOp {
    private final char op;

    Arith(Node left, Node right, char op) {
      super(left, right);
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
      super(condition.single && then.single && otherwise.single);
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
      super(true);
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
      super(true);
      this.items = items;
      this.min = min;
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
  }

  private static final class Not extends Node {
    Not() {
      super(true);
    }

    @Override
    JsonNode one(JsonNode in, Ctx ctx) {
      return BooleanNode.valueOf(!truthy(in));
    }
  }

  private static final class Empty extends Node {
    Empty() {
      super(false);
    }

    @Override
    void run(JsonNode in, Ctx ctx, Sink out) {
      // no output
    }
  }

  /** {@code length}: null 0, an integer its absolute value, a string its code points, an array or object its size. */
  private static final class Length extends Node {
    Length() {
      super(true);
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
      super(true);
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
      super(false);
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
      super(true);
      this.generator = generator;
      this.condition = condition;
      this.any = any;
    }

    @Override
    JsonNode one(JsonNode in, Ctx ctx) {
      ctx.tick();
      if (generator instanceof Iterate it && it.target.single && condition.single) {
        JsonNode v = it.target.one(in, ctx);
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
    return !(v.isNull() || (v.isBoolean() && !v.booleanValue()));
  }

  /** An int or long node within ±2^53, as a long; anything else gives up. */
  private static long safeInteger(JsonNode v) {
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
