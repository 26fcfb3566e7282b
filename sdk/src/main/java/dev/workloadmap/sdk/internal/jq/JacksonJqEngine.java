package dev.workloadmap.sdk.internal.jq;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.workloadmap.sdk.jq.JqBudgetExceededException;
import dev.workloadmap.sdk.jq.JqEvaluationException;
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
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.thisptr.jackson.jq.BuiltinFunctionLoader;
import net.thisptr.jackson.jq.JsonQuery;
import net.thisptr.jackson.jq.Scope;
import net.thisptr.jackson.jq.Version;
import net.thisptr.jackson.jq.Versions;
import net.thisptr.jackson.jq.exception.JsonQueryException;

/**
 * The jackson-jq binding (libraries.md §3): one root scope built once and never modified, a child scope per
 * evaluation carrying the budget-aware overrides, compiled queries cached by expression text, key-sorted inputs
 * and normalised outputs.
 */
public final class JacksonJqEngine implements JqEngine {

  static final Version VERSION = Versions.JQ_1_6;
  private static final Pattern POSITION = Pattern.compile("line (\\d+), column (\\d+)");

  private static final class RootHolder {
    static final Scope ROOT = buildRoot();

    private static Scope buildRoot() {
      Scope root = Scope.newEmptyScope();
      BuiltinFunctionLoader.getInstance().loadFunctions(VERSION, root);
      // The jq-defined builtins (transpose, combinations/1, ...) resolve range in the scope they were defined in,
      // the root, so the budget-aware override must be there too, not only in the per-engine child scope.
      BudgetedRange range = new BudgetedRange();
      root.addFunction("range", 1, range);
      root.addFunction("range", 2, range);
      root.addFunction("range", 3, range);
      return root;
    }
  }

  private final JqOptions options;
  private final Scope budgetScope;
  private final Map<String, Compiled> cache = new ConcurrentHashMap<>();

  public JacksonJqEngine(JqOptions options) {
    this.options = options;
    Scope s = Scope.newChildScope(RootHolder.ROOT);
    BudgetedRange range = new BudgetedRange();
    s.addFunction("range", 1, range);
    s.addFunction("range", 2, range);
    s.addFunction("range", 3, range);
    this.budgetScope = s;
  }

  public JqOptions options() {
    return options;
  }

  @Override
  public JqProgram compile(String expression) {
    Compiled c = cache.get(expression);
    if (c != null) {
      return c;
    }
    c = new Compiled(expression, parse(expression));
    Compiled prev = cache.putIfAbsent(expression, c);
    return prev != null ? prev : c;
  }

  private static JsonQuery parse(String expression) {
    try {
      return JsonQuery.compile(expression, VERSION);
    } catch (JsonQueryException e) {
      Throwable root = e;
      while (root.getCause() != null && root.getCause() != root) {
        root = root.getCause();
      }
      String detail = firstLine(root.getMessage() != null ? root.getMessage() : e.getMessage());
      int line = 0;
      int column = 0;
      Matcher m = POSITION.matcher(String.valueOf(root.getMessage()));
      if (m.find()) {
        line = Integer.parseInt(m.group(1));
        column = Integer.parseInt(m.group(2));
      }
      throw new JqParseException(expression, detail, line, column, e);
    } catch (RuntimeException | Error e) {
      throw new JqParseException(expression, String.valueOf(e.getMessage()), 0, 0, e);
    }
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "syntax error";
    }
    int nl = s.indexOf('\n');
    return (nl < 0 ? s : s.substring(0, nl)).trim();
  }

  List<JsonNode> run(String expression, JsonQuery query, JsonNode input) {
    Scope scope = Scope.newChildScope(budgetScope);
    List<JsonNode> out = new ArrayList<>();
    int max = options.maxResults();
    long deadline = System.nanoTime() + options.budget().toNanos();
    Deadline.push(deadline);
    try {
      query.apply(
          scope,
          input,
          v -> {
            if (out.size() >= max) {
              throw new ResultLimit();
            }
            out.add(SortedKeys.canonical(v));
          });
    } catch (ResultLimit e) {
      throw new JqResultLimitException(expression, max);
    } catch (BudgetExceeded e) {
      throw budgetError(expression, options.budget(), e);
    } catch (StackOverflowError e) {
      throw new JqBudgetExceededException(
          expression,
          options.budget(),
          "evaluation recursed without end (stack exhausted); the expression never finishes",
          null);
    } catch (JsonQueryException e) {
      if (e.getCause() instanceof BudgetExceeded be) {
        throw budgetError(expression, options.budget(), be);
      }
      throw new JqEvaluationException(expression, String.valueOf(e.getMessage()), e);
    } catch (RuntimeException e) {
      throw new JqEvaluationException(expression, String.valueOf(e.getMessage()), e);
    } finally {
      Deadline.pop();
    }
    return Collections.unmodifiableList(out);
  }

  private static JqBudgetExceededException budgetError(String expression, Duration budget, Throwable cause) {
    return new JqBudgetExceededException(
        expression,
        budget,
        "evaluation exceeded its time budget of " + budget.toMillis() + " ms (context deadline exceeded)",
        cause);
  }

  @Override
  public JsonNode assign(String pathExpression, JsonNode input, JsonNode value) {
    String expr = "(" + pathExpression + ") = $__workloadmap_value";
    JsonQuery q = parse(expr);
    Scope scope = Scope.newChildScope(budgetScope);
    scope.setValue("__workloadmap_value", value);
    List<JsonNode> out = new ArrayList<>();
    Deadline.push(System.nanoTime() + options.budget().toNanos());
    try {
      q.apply(scope, input.deepCopy(), out::add);
    } catch (JsonQueryException | RuntimeException e) {
      throw new JqEvaluationException(pathExpression, String.valueOf(e.getMessage()), e);
    } finally {
      Deadline.pop();
    }
    if (out.size() != 1) {
      throw new JqEvaluationException(
          pathExpression, "assignment produced " + out.size() + " results, expected 1", null);
    }
    return out.get(0);
  }

  @Override
  public JsonNode assignZip(String pathExpression, JsonNode input, List<JsonNode> values) {
    JsonQuery q = parse("[path(" + pathExpression + ")]");
    List<JsonNode> paths = run(pathExpression, q, input);
    ArrayNode pathList = paths.isEmpty() ? JsonNodeFactory.instance.arrayNode() : (ArrayNode) paths.get(0);
    if (pathList.size() != values.size()) {
      throw new JqEvaluationException(
          pathExpression,
          "array length mismatch: expected " + pathList.size() + " values but got " + values.size(),
          null);
    }
    JsonNode current = input.deepCopy();
    JsonQuery setpath = parse("setpath($__workloadmap_path; $__workloadmap_value)");
    for (int i = 0; i < pathList.size(); i++) {
      Scope scope = Scope.newChildScope(budgetScope);
      scope.setValue("__workloadmap_path", pathList.get(i));
      scope.setValue("__workloadmap_value", values.get(i) == null ? JsonNodeFactory.instance.nullNode() : values.get(i));
      List<JsonNode> out = new ArrayList<>(1);
      try {
        setpath.apply(scope, current, out::add);
      } catch (JsonQueryException e) {
        throw new JqEvaluationException(pathExpression, String.valueOf(e.getMessage()), e);
      }
      current = out.get(0);
    }
    return current;
  }

  /** Thrown by the output callback at the result limit; unwinds the evaluation. */
  private static final class ResultLimit extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ResultLimit() {
      super(null, null, false, false);
    }
  }

  private final class Compiled implements JqProgram {
    private final String expression;
    private final JsonQuery query;

    Compiled(String expression, JsonQuery query) {
      this.expression = expression;
      this.query = query;
    }

    @Override
    public String expression() {
      return expression;
    }

    @Override
    public List<JsonNode> apply(JqInput input) {
      return run(expression, query, input.node());
    }

    @Override
    public String toString() {
      return expression;
    }
  }
}
