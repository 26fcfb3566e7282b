package dev.workloadmap.sdk.internal.jq;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import net.thisptr.jackson.jq.Expression;
import net.thisptr.jackson.jq.Function;
import net.thisptr.jackson.jq.PathOutput;
import net.thisptr.jackson.jq.Scope;
import net.thisptr.jackson.jq.Version;
import net.thisptr.jackson.jq.exception.JsonQueryException;
import net.thisptr.jackson.jq.path.Path;

/**
 * A jackson-jq builtin wrapped so that every call ticks the evaluation deadline; loops that call any builtin per
 * step are therefore bounded by the time budget. Native builtins also get their number results normalised ({@code
 * 2.5 | floor} is the integer 2, not 2.0, so that {@code "\(2.5 | floor)"} reads {@code "2"} as in the reference).
 */
final class CheckedFunction implements Function {
  private final Function delegate;
  private final boolean normalizeNumbers;

  CheckedFunction(Function delegate, boolean normalizeNumbers) {
    this.delegate = delegate;
    this.normalizeNumbers = normalizeNumbers;
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
    Deadline.tick();
    if (!normalizeNumbers) {
      delegate.apply(scope, args, in, ipath, output, version);
      return;
    }
    delegate.apply(
        scope,
        args,
        in,
        ipath,
        (v, p) -> output.emit(
            v != null && v.isNumber() && !JsonNumbers.isNormal(v) ? JsonNumbers.normalize(v) : v,
            p),
        version);
  }
}
