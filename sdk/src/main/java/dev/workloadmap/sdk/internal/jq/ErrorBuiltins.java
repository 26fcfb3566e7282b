package dev.workloadmap.sdk.internal.jq;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import java.util.List;
import net.thisptr.jackson.jq.Expression;
import net.thisptr.jackson.jq.Function;
import net.thisptr.jackson.jq.Output;
import net.thisptr.jackson.jq.PathOutput;
import net.thisptr.jackson.jq.Scope;
import net.thisptr.jackson.jq.Version;
import net.thisptr.jackson.jq.exception.JsonQueryException;
import net.thisptr.jackson.jq.exception.JsonQueryUserException;
import net.thisptr.jackson.jq.path.Path;

/**
 * {@code error/0} and {@code error/1} as the reference engine (gojq v0.12.19) has them: the message may be any value,
 * {@code null} included, and it is always raised, so {@code try error(null) catch .} gives {@code null}. jackson-jq's
 * {@code error(null)} ended the stream silently instead: a definition read "no result" where the reference read an
 * error (found by the differential fuzzing of issue 15).
 */
final class ErrorBuiltins implements Function {

  @Override
  public void apply(
      Scope scope,
      List<Expression> args,
      JsonNode in,
      Path ipath,
      PathOutput output,
      Version version)
      throws JsonQueryException {
    if (args.isEmpty()) {
      throw raise(in);
    }
    args.get(0).apply(scope, in, (Output) message -> {
      throw raise(message);
    });
  }

  private static JsonQueryUserException raise(JsonNode message) {
    return new JsonQueryUserException(
        message == null || message.isMissingNode() ? NullNode.getInstance() : message);
  }
}
