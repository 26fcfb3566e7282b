package dev.workloadmap.sdk.internal.jq;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.ArrayList;
import java.util.List;
import net.thisptr.jackson.jq.Expression;
import net.thisptr.jackson.jq.Function;
import net.thisptr.jackson.jq.PathOutput;
import net.thisptr.jackson.jq.Scope;
import net.thisptr.jackson.jq.Version;
import net.thisptr.jackson.jq.exception.JsonQueryException;
import net.thisptr.jackson.jq.exception.JsonQueryTypeException;
import net.thisptr.jackson.jq.path.Path;

/**
 * {@code range/1}, {@code range/2} and {@code range/3} with the evaluation deadline checked every 4096 steps
 * (libraries.md §3.4): jackson-jq has no step limit and ignores interrupts, so this override is what stops {@code
 * range(0; 1e12)}.
 */
final class BudgetedRange implements Function {

  @Override
  public void apply(Scope scope, List<Expression> args, JsonNode in, Path ipath, PathOutput output, Version version)
      throws JsonQueryException {
    Deadline.check();
    if (args.size() == 1) {
      for (JsonNode upto : values(scope, args.get(0), in)) {
        loop(0, number(upto), 1, output);
      }
    } else if (args.size() == 2) {
      for (JsonNode from : values(scope, args.get(0), in)) {
        for (JsonNode upto : values(scope, args.get(1), in)) {
          loop(number(from), number(upto), 1, output);
        }
      }
    } else {
      for (JsonNode from : values(scope, args.get(0), in)) {
        for (JsonNode upto : values(scope, args.get(1), in)) {
          for (JsonNode by : values(scope, args.get(2), in)) {
            loop(number(from), number(upto), number(by), output);
          }
        }
      }
    }
  }

  private static List<JsonNode> values(Scope scope, Expression e, JsonNode in) throws JsonQueryException {
    List<JsonNode> out = new ArrayList<>();
    e.apply(scope, in, out::add);
    return out;
  }

  private static double number(JsonNode n) throws JsonQueryException {
    if (!n.isNumber()) {
      throw new JsonQueryTypeException("Range bounds must be numeric");
    }
    return n.doubleValue();
  }

  private static void loop(double from, double upto, double by, PathOutput output) throws JsonQueryException {
    long steps = 0;
    if (by > 0) {
      for (double v = from; v < upto; v += by) {
        if ((++steps & 4095) == 0) {
          Deadline.check();
        }
        output.emit(num(v), null);
      }
    } else if (by < 0) {
      for (double v = from; v > upto; v += by) {
        if ((++steps & 4095) == 0) {
          Deadline.check();
        }
        output.emit(num(v), null);
      }
    } else if (from < upto) {
      // jq: a zero step never advances; bounded by the deadline like any endless stream
      while (true) {
        if ((++steps & 4095) == 0) {
          Deadline.check();
        }
        output.emit(num(from), null);
      }
    }
  }

  private static JsonNode num(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 9.0e15) {
      long l = (long) v;
      return (l >= Integer.MIN_VALUE && l <= Integer.MAX_VALUE)
          ? JsonNodeFactory.instance.numberNode((int) l)
          : JsonNodeFactory.instance.numberNode(l);
    }
    return JsonNodeFactory.instance.numberNode(v);
  }
}
