package dev.workloadmap.sdk.internal.jq;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.workloadmap.sdk.jq.JqBudgetExceededException;
import dev.workloadmap.sdk.jq.JqCancelledException;
import dev.workloadmap.sdk.jq.JqEvaluationException;
import dev.workloadmap.sdk.jq.JqException;
import dev.workloadmap.sdk.jq.JqInput;
import dev.workloadmap.sdk.jq.JqOptions;
import dev.workloadmap.sdk.jq.JqParseException;
import dev.workloadmap.sdk.jq.JqProgram;
import dev.workloadmap.sdk.jq.JqResultLimitException;
import dev.workloadmap.sdk.spi.JqEngine;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.thisptr.jackson.jq.JsonQuery;
import net.thisptr.jackson.jq.Scope;
import net.thisptr.jackson.jq.exception.JsonQueryException;

/**
 * The jackson-jq binding (libraries.md §3, docs/format.md#evaluation, docs/format.md#jq, docs/format.md#decision-c):
 * the implementation behind {@link dev.workloadmap.sdk.jq.Jq}, and with this package the only code that knows
 * jackson-jq. It holds:
 *
 * <ul>
 *   <li>the shared {@link RootScope} with the budget-aware and reference-compatible builtins;
 *   <li>a cache of compiled programs keyed by expression text (at most {@value #MAX_CACHED} entries; beyond that,
 *       programs are compiled without being cached);
 *   <li>the evaluation loop: the deadline, the result limit, and the translation of every failure into the SDK's
 *       exceptions;
 *   <li>Assign and AssignZip (docs/format.md#writes).
 * </ul>
 *
 * <p>A plain path ({@code .a.b[0]["c"][]?}) is walked directly by {@link PlainPath} when the input's shape lets it
 * succeed; the boolean and integer subset status matchers and replica counts use ({@code any(.a[]?; .b == "x") and
 * (.c // 0) > 0}, {@code (.r // 1) * ([.p // 1, .c // 1] | min)}) is evaluated by {@link FastEval} when the outcome
 * is certain; everything else, and every case where jq would fail, runs in jackson-jq.
 *
 * <p>An evaluation allocates one child scope (made by jackson-jq) and copies nothing but the results that are not
 * already canonical. Thread-safe.
 *
 * <p><b>What the budget cannot stop in process.</b> The deadline, the interrupt flag and the allocation budget are
 * checked every 256 steps of {@code range}, {@code recurse}, {@code while}, {@code until}, {@code limit}, {@code
 * any}/{@code all}, {@code paths} and builtin calls, and once more when the evaluation ends; a recursion without end
 * is stopped by the stack, and an allocation larger than the heap is reported as a budget error. What is not
 * interrupted while it runs: a single operation that is slow or large by itself ({@code "x" * 1e9} takes some 20 s
 * and 1 GB inside jackson-jq; {@code sort} of a huge array; a regular expression that backtracks exponentially in
 * joni); nested iteration over a large input with no builtin call inside ({@code [.a[] as $x | .a[] as $y | 1]});
 * and a handful of steps that each double a value ({@code reduce range(40) as $i ("x"; . + .)} ends with the heap).
 * Callers that evaluate untrusted definitions should run them in a separate JVM with a heap limit (libraries.md
 * docs/format.md#spec-definition).
 */
public final class JacksonJqEngine implements JqEngine {

  /** The most compiled programs one engine keeps. */
  static final int MAX_CACHED = 10_000;

  private static final String PATHS_VAR = "__workloadmap_paths";
  private static final String VALUES_VAR = "__workloadmap_values";

  /** The program of {@link #write}, compiled on first use (the first jackson-jq parse loads its parser). */
  private static final class Zip {
    static final JsonQuery ZIP = compileTrusted("reduce range(0; $" + PATHS_VAR
        + " | length) as $i (.; setpath($" + PATHS_VAR + "[$i]; $" + VALUES_VAR + "[$i]))");
  }

  /**
   * Expressions that this build of the SDK and jackson-jq is known to compile without an error: those of a catalog
   * entry that the catalog's build validated with the same validator identity (the validator compiles every jq field
   * with the engine; {@code internal.proof.CatalogProof}). {@link #compile} defers their jackson-jq parse to the
   * first evaluation that needs it (most never do: plain paths, {@code FastEval}), since parsing cannot fail; any other
   * expression is parsed at once, so that a parse error is reported by {@link #compile}, as before.
   */
  private static final java.util.Set<String> KNOWN_TO_COMPILE = ConcurrentHashMap.newKeySet();

  private static final Pattern UNKNOWN_FUNCTION =
      Pattern.compile("^Function (\\S+) does not exist$");
  private static final Pattern UNKNOWN_VARIABLE = Pattern.compile("^\\$(\\S+) is not defined$");

  private final JqOptions options;
  private final long budgetNanos;
  private final ConcurrentHashMap<String, Compiled> programs = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, JsonQuery> pathQueries = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<List<String>, JqBatch> batches = new ConcurrentHashMap<>();

  public JacksonJqEngine(JqOptions options) {
    this.options = Objects.requireNonNull(options, "options");
    // a budget of centuries is no budget; keep the deadline arithmetic far from overflow
    long nanos;
    try {
      nanos = options.budget().toNanos();
    } catch (ArithmeticException e) {
      nanos = Long.MAX_VALUE;
    }
    this.budgetNanos = Math.min(nanos, Long.MAX_VALUE / 4);
    // the shared scope (jackson-jq's builtins, ~0.5 s of class loading and jq parsing) is built by
    // the first
    // evaluation that reaches jackson-jq, not here: most programs' expressions never do (plain
    // paths, FastEval). It
    // stays out of that evaluation's budget: RootScope.get() is an argument of run(), evaluated
    // before the deadline.
  }

  public JqOptions options() {
    return options;
  }

  @Override
  public JqProgram compile(String expression) {
    Objects.requireNonNull(expression, "expression");
    Compiled c = programs.get(expression);
    if (c != null) {
      return c;
    }
    JsonQuery query = KNOWN_TO_COMPILE.contains(expression) ? null : jacksonQuery(expression);
    PlainPath plain = PlainPath.of(expression);
    c = new Compiled(expression, query, plain, plain == null ? FastEval.of(expression) : null);
    if (programs.size() >= MAX_CACHED) {
      return c;
    }
    Compiled prev = programs.putIfAbsent(expression, c);
    return prev != null ? prev : c;
  }

  /** Records that {@code expression} is known to compile (see {@link #KNOWN_TO_COMPILE}). */
  public static void knownToCompile(String expression) {
    KNOWN_TO_COMPILE.add(expression);
  }

  /**
   * jackson-jq's program for {@code expression}, with reduce, indexes and try as the reference has them.
   *
   * @throws JqParseException jackson-jq cannot parse it
   */
  private static JsonQuery jacksonQuery(String expression) {
    String reduced = ReduceRewrite.apply(expression);
    // what jackson-jq cannot parse as written is reported as before (JqParseErrorTest)
    JsonQuery query = parse(expression, reduced);
    String rewritten = ReferenceRewrite.apply(reduced);
    if (!rewritten.equals(reduced)) {
      try {
        query = parse(expression, rewritten);
      } catch (JqParseException e) {
        // a form jackson-jq's grammar does not take after the rewrite: the expression as before it
      }
    }
    return query;
  }

  /**
   * The batch of {@code expressions} ({@link JqBatch}), cached like programs (at most {@value #MAX_CACHED}; beyond
   * that, made without being cached).
   */
  JqBatch batch(List<String> expressions) {
    JqBatch b = batches.get(expressions);
    if (b != null) {
      return b;
    }
    b = new JqBatch(this, options.maxResults(), expressions);
    if (batches.size() >= MAX_CACHED) {
      return b;
    }
    JqBatch prev = batches.putIfAbsent(b.expressions(), b);
    return prev != null ? prev : b;
  }

  /** Compiles {@code text}; parse errors are reported against {@code expression} (the text the user wrote). */
  private static JsonQuery parse(String expression, String text) {
    try {
      return JsonQuery.compile(text, RootScope.VERSION);
    } catch (JsonQueryException | RuntimeException | StackOverflowError e) {
      throw ParseErrors.from(expression, e);
    }
  }

  private static JsonQuery compileTrusted(String text) {
    try {
      return JsonQuery.compile(text, RootScope.VERSION);
    } catch (JsonQueryException e) {
      throw new IllegalStateException("the SDK's own jq program does not compile: " + text, e);
    }
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Evaluation

  /**
   * Runs {@code query} on {@code input}: at most {@code options.maxResults()} results, within {@code
   * options.budget()}. With {@code canonical}, each result is brought into the reference form (sorted keys, integral
   * numbers as integers).
   */
  private List<JsonNode> run(
      String expression, JsonQuery query, Scope scope, JsonNode input, boolean canonical) {
    List<JsonNode> out = new ArrayList<>();
    int max = options.maxResults();
    Deadline.State deadline = null;
    try {
      deadline = Deadline.enter(budgetNanos, options.maxAllocatedBytes());
      query.apply(scope, input, v -> {
        if (out.size() >= max) {
          throw ResultLimit.INSTANCE;
        }
        out.add(canonical ? SortedKeys.canonical(v) : v);
      });
      // a last look: a single long or large operation completes without ticking
      deadline.check();
    } catch (JsonQueryException e) {
      throw translate(expression, e);
    } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
      throw translate(expression, e);
    } finally {
      if (deadline != null) {
        Deadline.exit(deadline);
      }
    }
    return Collections.unmodifiableList(out);
  }

  /** {@code expression} on {@code input} in jackson-jq, without the fast paths (for tests that compare them). */
  List<JsonNode> applyInEngine(String expression, JqInput input) {
    return run(expression, parse(expression, expression), RootScope.get(), input.node(), true);
  }

  private JqException translate(String expression, Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof ResultLimit) {
        return new JqResultLimitException(expression, options.maxResults());
      }
      if (t instanceof EvaluationAborted aborted) {
        if (aborted.reason() == EvaluationAborted.Reason.CANCELLED) {
          return new JqCancelledException(
              expression,
              "evaluation was cancelled: its thread was interrupted (context canceled)",
              null);
        }
        if (aborted.reason() == EvaluationAborted.Reason.MEMORY) {
          return new JqBudgetExceededException(
              expression,
              options.budget(),
              "evaluation allocated more than its memory budget of "
                  + bytes(options.maxAllocatedBytes()),
              null);
        }
        return new JqBudgetExceededException(
            expression,
            options.budget(),
            "evaluation exceeded its time budget of " + format(options.budget())
                + " (context deadline exceeded)",
            null);
      }
      if (t instanceof StackOverflowError) {
        return new JqBudgetExceededException(
            expression, options.budget(), "evaluation recursed too deeply (stack overflow)", null);
      }
      if (t instanceof OutOfMemoryError) {
        return new JqBudgetExceededException(
            expression,
            options.budget(),
            "evaluation ran out of memory (" + t.getMessage() + ")",
            null);
      }
    }
    if (failure instanceof JsonQueryException) {
      return new JqEvaluationException(expression, detail(failure.getMessage()), failure);
    }
    return new JqEvaluationException(
        expression,
        "internal error in the jq engine: " + failure.getClass().getSimpleName()
            + (failure.getMessage() == null
                ? ""
                : ": " + ParseErrors.oneLine(failure.getMessage())),
        failure);
  }

  /** jackson-jq's run-time message on one line, with the two name errors worded like the reference's. */
  static String detail(String message) {
    String m = ParseErrors.oneLine(message);
    Matcher fn = UNKNOWN_FUNCTION.matcher(m);
    if (fn.matches()) {
      return "function '" + fn.group(1) + "' is not defined in the SDK's jq engine";
    }
    Matcher var = UNKNOWN_VARIABLE.matcher(m);
    if (var.matches()) {
      return "variable '$" + var.group(1) + "' is not defined";
    }
    return m.isEmpty() ? "evaluation failed" : m;
  }

  /** A byte count in binary units when exact: {@code 1GiB}, {@code 64MiB}, otherwise in bytes. */
  static String bytes(long n) {
    String[] units = {"GiB", "MiB", "KiB"};
    long[] sizes = {1L << 30, 1L << 20, 1L << 10};
    for (int i = 0; i < units.length; i++) {
      if (n >= sizes[i] && n % sizes[i] == 0) {
        return (n / sizes[i]) + units[i];
      }
    }
    return n + " bytes";
  }

  /** A budget the way Go prints a duration: {@code 10s}, {@code 200ms}, {@code 1.5s}. */
  static String format(Duration d) {
    long nanos = d.toNanos();
    if (nanos % 1_000_000_000L == 0) {
      return d.getSeconds() + "s";
    }
    if (nanos % 1_000_000L == 0 && nanos < 1_000_000_000L) {
      return (nanos / 1_000_000L) + "ms";
    }
    if (nanos % 1_000_000L == 0) {
      return (nanos / 1_000_000_000.0) + "s";
    }
    return d.toString();
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Writes (docs/format.md#writes)

  @Override
  public JsonNode assign(String pathExpression, JsonNode input, JsonNode value) {
    Objects.requireNonNull(pathExpression, "pathExpression");
    Objects.requireNonNull(input, "input");
    JsonNode v = value == null ? NullNode.getInstance() : value;
    ArrayNode paths = paths(pathExpression, input);
    ArrayNode values = JsonNodeFactory.instance.arrayNode(paths.size());
    for (int i = 0; i < paths.size(); i++) {
      values.add(v.deepCopy());
    }
    return write(pathExpression, input, paths, values);
  }

  @Override
  public JsonNode assignZip(String pathExpression, JsonNode input, List<JsonNode> values) {
    Objects.requireNonNull(pathExpression, "pathExpression");
    Objects.requireNonNull(input, "input");
    Objects.requireNonNull(values, "values");
    ArrayNode paths = paths(pathExpression, input);
    if (paths.size() != values.size()) {
      throw new JqEvaluationException(
          pathExpression,
          "array length mismatch: expected " + paths.size() + " values but got " + values.size(),
          null);
    }
    ArrayNode copies = JsonNodeFactory.instance.arrayNode(values.size());
    for (JsonNode v : values) {
      copies.add(v == null ? NullNode.getInstance() : v.deepCopy());
    }
    return write(pathExpression, input, paths, copies);
  }

  /**
   * {@code [path(expr)]} over the key-sorted view of {@code input}, so that paths come in the reference's order
   * (AssignZip pairs them with values by index).
   */
  private ArrayNode paths(String pathExpression, JsonNode input) {
    compile(pathExpression); // a syntax error is reported against the expression as written
    JsonQuery query = pathQueries.get(pathExpression);
    if (query == null) {
      // the line break ends a trailing comment in the expression before the closing parenthesis
      query = parse(pathExpression, "[path(" + pathExpression + "\n)]");
      if (pathQueries.size() < MAX_CACHED) {
        pathQueries.putIfAbsent(pathExpression, query);
      }
    }
    List<JsonNode> result =
        run(pathExpression, query, RootScope.get(), JqInput.of(input).node(), false);
    return (ArrayNode) result.get(0);
  }

  /**
   * Sets {@code paths[i]} to {@code values[i]} in a deep copy of {@code input}, in order (jq's {@code setpath}:
   * missing parents are created, arrays are padded with nulls). The caller's key order and numbers are kept; nothing
   * in the result is shared with {@code input} or the values.
   */
  private JsonNode write(String pathExpression, JsonNode input, ArrayNode paths, ArrayNode values) {
    Scope scope = Scope.newChildScope(RootScope.get());
    scope.setValue(PATHS_VAR, paths);
    scope.setValue(VALUES_VAR, values);
    return run(pathExpression, Zip.ZIP, scope, input.deepCopy(), false).get(0);
  }

  /** Thrown by the output callback at the result limit; unwinds the evaluation. */
  private static final class ResultLimit extends RuntimeException {
    private static final long serialVersionUID = 1L;
    static final ResultLimit INSTANCE = new ResultLimit();

    private ResultLimit() {
      super("result limit", null, false, false);
    }
  }

  private final class Compiled implements JqProgram, PlainProgram {
    private final String expression;
    /** jackson-jq's program, or null until the first evaluation that needs it (see {@link #KNOWN_TO_COMPILE}). */
    private volatile JsonQuery query;
    /** The fast path when the expression is a plain path, else null. */
    private final PlainPath plain;
    /** The fast path for the boolean and arithmetic subset when it is not a plain path, else null. */
    private final FastEval fast;

    Compiled(String expression, JsonQuery query, PlainPath plain, FastEval fast) {
      this.expression = expression;
      this.query = query;
      this.plain = plain;
      this.fast = fast;
    }

    @Override
    public String expression() {
      return expression;
    }

    @Override
    public List<JsonNode> apply(JqInput input) {
      Objects.requireNonNull(input, "input");
      if (plain != null && !Thread.currentThread().isInterrupted()) {
        List<JsonNode> walked = plain.apply(input, options.maxResults());
        if (walked != null) {
          return walked;
        }
      } else if (fast != null && !Thread.currentThread().isInterrupted()) {
        List<JsonNode> results = fast.apply(input, options.maxResults());
        if (results != null) {
          return results;
        }
      }
      JsonQuery q = query;
      if (q == null) {
        q = jacksonQuery(expression); // known to compile: a race parses it twice, to equal programs
        query = q;
      }
      return run(expression, q, RootScope.get(), input.node(), true);
    }

    @Override
    public JsonNode applyOne(JqInput input) {
      Objects.requireNonNull(input, "input");
      if (plain == null || Thread.currentThread().isInterrupted()) {
        return null;
      }
      return plain.one(input, options.maxResults());
    }

    @Override
    public PlainPath onePath() {
      return plain != null && plain.single() && options.maxResults() >= 1 ? plain : null;
    }

    @Override
    public String toString() {
      return expression;
    }
  }
}
