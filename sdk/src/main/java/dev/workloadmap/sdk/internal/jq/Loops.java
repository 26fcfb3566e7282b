package dev.workloadmap.sdk.internal.jq;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayDeque;
import java.util.List;
import net.thisptr.jackson.jq.Expression;
import net.thisptr.jackson.jq.Function;
import net.thisptr.jackson.jq.PathOutput;
import net.thisptr.jackson.jq.Scope;
import net.thisptr.jackson.jq.Version;
import net.thisptr.jackson.jq.exception.JsonQueryException;
import net.thisptr.jackson.jq.path.Path;

/**
 * {@code recurse/1}, {@code recurse/2}, {@code while/2} and {@code until/2} with the reference engine's definitions
 * (gojq v0.12.18):
 *
 * <pre>
 * def recurse(f): def r: ., (f | r); r;
 * def recurse(f; cond): def r: ., (f | select(cond) | r); r;
 * def while(cond; update): def _while: if cond then ., (update | _while) else empty end; _while;
 * def until(cond; next): def _until: if cond then . else next | _until end; _until;
 * </pre>
 *
 * <p>jackson-jq defines them as recursive jq functions, which exhaust the Java stack after a few hundred steps
 * ({@code 0 | until(. >= 1000; . + 1)} already fails) and never look at the deadline; its {@code recurse(f)} also
 * drops {@code null} results, unlike the reference. Here they run on an explicit stack and tick the deadline on every
 * step. Each step evaluates its argument completely before descending (see {@link Streams.Collected}); outputs and
 * errors come out in the same order as the lazy definitions give, the only difference being that an argument which
 * is itself an endless stream runs into the budget instead of being cut short by a later {@code limit}. Paths are
 * carried along, so {@code path(...)} and assignments through these builtins work.
 */
final class Loops implements Function {

  enum Kind {
    RECURSE,
    RECURSE_COND,
    WHILE,
    UNTIL
  }

  private static final int EXPAND = 0;
  private static final int EMIT = 1;
  private static final int NEXT = 2;
  private static final int SELECT = 3;
  private static final int THROW = 4;

  private record Step(int action, JsonNode value, Path path, JsonQueryException error) {}

  private final Kind kind;

  Loops(Kind kind) {
    this.kind = kind;
  }

  @Override
  public void apply(
      Scope scope,
      List<Expression> args,
      JsonNode in,
      Path ipath,
      PathOutput output,
      Version version)
      throws JsonQueryException {
    Deadline.State deadline = Deadline.current();
    // recurse: args = [f] or [f, cond]; while/until: args = [cond, update]
    Expression step = kind == Kind.WHILE || kind == Kind.UNTIL ? args.get(1) : args.get(0);
    Expression cond =
        kind == Kind.RECURSE ? null : kind == Kind.RECURSE_COND ? args.get(1) : args.get(0);
    boolean paths = ipath != null;

    ArrayDeque<Step> stack = new ArrayDeque<>();
    stack.push(new Step(EXPAND, in, ipath, null));
    while (!stack.isEmpty()) {
      deadline.tick();
      Step s = stack.pop();
      switch (s.action) {
        case EMIT -> output.emit(s.value, s.path);
        case THROW -> throw s.error;
        case EXPAND -> expand(s, cond, scope, deadline, stack, output);
        case NEXT -> {
          Streams.Collected next = Streams.collect(step, scope, s.value, s.path, paths, deadline);
          int then = kind == Kind.RECURSE_COND ? SELECT : EXPAND;
          pushInOrder(stack, next, then);
        }
        case SELECT -> {
          Streams.Collected verdicts = Streams.collectValues(cond, scope, s.value, deadline);
          if (verdicts.error != null) {
            stack.push(new Step(THROW, null, null, verdicts.error));
          }
          for (int i = verdicts.size() - 1; i >= 0; i--) {
            if (Streams.truthy(verdicts.values.get(i))) {
              stack.push(new Step(EXPAND, s.value, s.path, null));
            }
          }
        }
        default -> throw new IllegalStateException("unknown step " + s.action);
      }
    }
  }

  private void expand(
      Step s,
      Expression cond,
      Scope scope,
      Deadline.State deadline,
      ArrayDeque<Step> stack,
      PathOutput output)
      throws JsonQueryException {
    switch (kind) {
      case RECURSE, RECURSE_COND -> {
        output.emit(s.value, s.path);
        stack.push(new Step(NEXT, s.value, s.path, null));
      }
      case WHILE, UNTIL -> {
        Streams.Collected verdicts = Streams.collectValues(cond, scope, s.value, deadline);
        if (verdicts.error != null) {
          stack.push(new Step(THROW, null, null, verdicts.error));
        }
        for (int i = verdicts.size() - 1; i >= 0; i--) {
          boolean holds = Streams.truthy(verdicts.values.get(i));
          if (kind == Kind.WHILE) {
            if (holds) {
              stack.push(new Step(NEXT, s.value, s.path, null));
              stack.push(new Step(EMIT, s.value, s.path, null));
            }
          } else {
            stack.push(new Step(holds ? EMIT : NEXT, s.value, s.path, null));
          }
        }
      }
      default -> throw new IllegalStateException("unknown loop " + kind);
    }
  }

  private static void pushInOrder(ArrayDeque<Step> stack, Streams.Collected c, int action) {
    if (c.error != null) {
      stack.push(new Step(THROW, null, null, c.error));
    }
    for (int i = c.size() - 1; i >= 0; i--) {
      stack.push(new Step(action, c.values.get(i), c.paths.get(i), null));
    }
  }
}
