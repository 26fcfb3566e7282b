package dev.workloadmap.sdk.internal.jq;

import com.fasterxml.jackson.databind.JsonNode;
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
 * {@code range/1}, {@code range/2} and {@code range/3} as jq 1.6 and gojq define them, with the deadline ticked on
 * every step (libraries.md §3.4: without this, {@code range(0; 1e12)} runs for hours).
 *
 * <ul>
 *   <li>The arguments are streams, bound like {@code $params}: for each {@code $from}, for each {@code $upto}, for
 *       each {@code $by} (so {@code [range(1,2; 3,4)]} is {@code [1,2,1,2,3,2,2,3]}).
 *   <li>Values are {@code $from}, {@code $from + $by}, ... by repeated double addition ({@code range(0; 1; 0.3)} ends
 *       with {@code 0.8999999999999999}), while below {@code $upto} for a positive step, above it for a negative
 *       step; a zero or NaN step, or a NaN bound, gives nothing.
 *   <li>Every bound must be a number; otherwise the error is {@code Range bounds must be numeric}, raised when that
 *       combination is reached.
 * </ul>
 */
final class BudgetedRange implements Function {

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
    switch (args.size()) {
      case 1 ->
        args.get(0).apply(scope, in, (Output) upto -> loop(zero(), upto, one(), output, deadline));
      case 2 ->
        args.get(0).apply(scope, in, (Output) from -> args.get(1)
            .apply(scope, in, (Output) upto -> loop(from, upto, one(), output, deadline)));
      case 3 ->
        args.get(0).apply(scope, in, (Output) from -> args.get(1).apply(scope, in, (Output) upto ->
            args.get(2).apply(scope, in, (Output) by -> loop(from, upto, by, output, deadline))));
      default ->
        throw new JsonQueryException("range takes 1, 2 or 3 arguments, got " + args.size());
    }
  }

  private static JsonNode zero() {
    return JsonNumbers.number(0);
  }

  private static JsonNode one() {
    return JsonNumbers.number(1);
  }

  private static void loop(
      JsonNode fromNode,
      JsonNode uptoNode,
      JsonNode byNode,
      PathOutput output,
      Deadline.State deadline)
      throws JsonQueryException {
    if (!fromNode.isNumber() || !uptoNode.isNumber() || !byNode.isNumber()) {
      throw new JsonQueryException("Range bounds must be numeric");
    }
    double from = fromNode.doubleValue();
    double upto = uptoNode.doubleValue();
    double by = byNode.doubleValue();
    if (by > 0) {
      for (double v = from; v < upto; v += by) {
        deadline.tick();
        output.emit(JsonNumbers.number(v), null);
      }
    } else if (by < 0) {
      for (double v = from; v > upto; v += by) {
        deadline.tick();
        output.emit(JsonNumbers.number(v), null);
      }
    }
  }
}
