package dev.workloadmap.sdk.internal.jq;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import java.util.List;
import net.thisptr.jackson.jq.Expression;
import net.thisptr.jackson.jq.Function;
import net.thisptr.jackson.jq.Output;
import net.thisptr.jackson.jq.PathOutput;
import net.thisptr.jackson.jq.Scope;
import net.thisptr.jackson.jq.Version;
import net.thisptr.jackson.jq.exception.JsonQueryException;
import net.thisptr.jackson.jq.path.Path;

/**
 * Builtins that consume a generator, with the reference engine's (gojq v0.12.18) semantics where jackson-jq's jq 1.5
 * era definitions differ. All of them stop the generator as soon as the answer is known, never pull one item too many
 * (so an error or an endless stream after that point is never reached), and pass paths through.
 */
final class Generators {
  /** Items of a stream drained (without evaluating them) after any/all decided, before the stream is cut. */
  static final int DRAIN_LIMIT = 64;

  private Generators() {}

  /**
   * {@code limit($n; g)}: the first {@code $n} outputs of {@code g} (a fractional count rounds up), nothing for 0,
   * and an error for a negative count ({@code limit doesn't support negative count}, as in gojq 0.12.17 and later).
   * jackson-jq pulls one extra item before stopping and cannot be used in path expressions.
   */
  static final class Limit implements Function {
    @Override
    public void apply(
        Scope scope,
        List<Expression> args,
        JsonNode in,
        Path ipath,
        PathOutput output,
        Version version)
        throws JsonQueryException {
      Expression g = args.get(1);
      args.get(0).apply(scope, in, (Output) countNode -> {
        if (!countNode.isNumber()) {
          throw new JsonQueryException(
              "limit doesn't support a non-numeric count: " + Streams.describe(countNode));
        }
        double count = countNode.doubleValue();
        if (count > 0) {
          double[] left = {count};
          Streams.Stop stop = new Streams.Stop();
          try {
            g.apply(
                scope,
                in,
                ipath,
                (v, p) -> {
                  output.emit(v, p);
                  left[0] -= 1;
                  if (left[0] <= 0) {
                    throw stop;
                  }
                },
                ipath != null);
          } catch (Streams.Stop s) {
            if (s != stop) {
              throw s;
            }
          }
        } else if (!(count == 0)) {
          throw new JsonQueryException("limit doesn't support negative count");
        }
      });
    }
  }

  /**
   * {@code last(g)}: the last output of {@code g}, or nothing when {@code g} is empty (gojq 0.12.17 and later;
   * jackson-jq and older gojq give {@code null}).
   */
  static final class Last implements Function {
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
      JsonNode[] value = {null};
      Path[] path = {null};
      boolean[] any = {false};
      args.get(0)
          .apply(
              scope,
              in,
              ipath,
              (v, p) -> {
                deadline.tick();
                value[0] = v;
                path[0] = p;
                any[0] = true;
              },
              ipath != null);
      if (any[0]) {
        output.emit(value[0], path[0]);
      }
    }
  }

  /**
   * {@code nth($n; g)}: the output of {@code g} at index {@code $n}, or nothing when {@code g} is shorter; a negative
   * index is an error ({@code nth doesn't support negative indices}). jackson-jq's {@code last(limit($n + 1; g))}
   * gives the last item of a shorter stream instead.
   */
  static final class Nth implements Function {
    @Override
    public void apply(
        Scope scope,
        List<Expression> args,
        JsonNode in,
        Path ipath,
        PathOutput output,
        Version version)
        throws JsonQueryException {
      Expression g = args.get(1);
      args.get(0).apply(scope, in, (Output) indexNode -> {
        if (!indexNode.isNumber()) {
          throw new JsonQueryException(
              "nth doesn't support a non-numeric index: " + Streams.describe(indexNode));
        }
        double index = indexNode.doubleValue();
        if (index < 0) {
          throw new JsonQueryException("nth doesn't support negative indices");
        }
        double[] left = {index};
        Streams.Stop stop = new Streams.Stop();
        try {
          g.apply(
              scope,
              in,
              ipath,
              (v, p) -> {
                left[0] -= 1;
                if (left[0] < 0) {
                  output.emit(v, p);
                  throw stop;
                }
              },
              ipath != null);
        } catch (Streams.Stop s) {
          if (s != stop) {
            throw s;
          }
        }
      });
    }
  }

  /**
   * The decision of one {@code any}/{@code all} call. Once decided, the rest of the stream is drained without
   * evaluating the condition: unwinding the generator with an exception costs microseconds per call, while draining
   * a few more items of a small list is cheap. A stream that goes on past {@link #DRAIN_LIMIT} items is cut with the
   * exception, and an error raised after the decision is ignored, so the outcome is gojq's {@code
   * isempty(first(g | select(cond))) | not}: items after the decisive one never become a result or an error.
   */
  private static final class Decision {
    private final boolean any;
    private final Streams.Stop stop = new Streams.Stop();
    private int drained = -1;

    Decision(boolean any) {
      this.any = any;
    }

    boolean decided() {
      return drained >= 0;
    }

    /** Counts one item skipped after the decision; cuts the stream past the limit. */
    void skip() {
      if (++drained > DRAIN_LIMIT) {
        throw stop;
      }
    }

    /** One output of the condition. */
    void verdict(JsonNode v) {
      if (decided()) {
        skip();
      } else if (Streams.truthy(v) == any) {
        drained = 0;
      }
    }

    interface Body {
      void run() throws JsonQueryException;
    }

    /** Runs a generator, absorbing this decision's cut and any error raised after the decision. */
    void run(Body body) throws JsonQueryException {
      try {
        body.run();
      } catch (Streams.Stop s) {
        if (s != stop) {
          throw s;
        }
      } catch (JsonQueryException | RuntimeException e) {
        if (!decided()) {
          throw e;
        }
      }
    }

    JsonNode result() {
      return BooleanNode.valueOf(any == decided());
    }
  }

  /** {@code any/2} and {@code all/2}, native: they stop at the first decisive item (see {@link Decision}). */
  static final class AnyAll implements Function {
    private final boolean any;

    AnyAll(boolean any) {
      this.any = any;
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
      Expression g = args.get(0);
      Expression cond = args.get(1);
      Decision d = new Decision(any);
      d.run(() -> g.apply(scope, in, (Output) item -> {
        if (d.decided()) {
          d.skip();
          return;
        }
        cond.apply(scope, item, (Output) verdict -> {
          deadline.tick();
          d.verdict(verdict);
        });
      }));
      output.emit(d.result(), null);
    }
  }

  /**
   * {@code any/0}, {@code any/1}, {@code all/0} and {@code all/1}: gojq defines them as {@code any(.[]; f)} (and {@code
   * f} = {@code .} for arity 0). Native, so they stop at the first decisive element like {@link AnyAll}, without
   * jackson-jq's jq-defined reduce.
   */
  static final class AnyAllOfElements implements Function {
    private final boolean any;

    AnyAllOfElements(boolean any) {
      this.any = any;
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
      if (!in.isArray() && !in.isObject()) {
        throw new JsonQueryException("Cannot iterate over " + Streams.describe(in));
      }
      Deadline.State deadline = Deadline.current();
      Expression cond = args.isEmpty() ? null : args.get(0);
      Decision d = new Decision(any);
      for (JsonNode item : in) {
        deadline.tick();
        if (cond == null) {
          d.verdict(item);
        } else {
          d.run(() -> cond.apply(scope, item, (Output) d::verdict));
        }
        if (d.decided()) {
          break;
        }
      }
      output.emit(d.result(), null);
    }
  }
}
