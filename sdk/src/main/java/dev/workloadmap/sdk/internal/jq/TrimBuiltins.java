package dev.workloadmap.sdk.internal.jq;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.List;
import net.thisptr.jackson.jq.Expression;
import net.thisptr.jackson.jq.Function;
import net.thisptr.jackson.jq.PathOutput;
import net.thisptr.jackson.jq.Scope;
import net.thisptr.jackson.jq.Version;
import net.thisptr.jackson.jq.exception.JsonQueryException;
import net.thisptr.jackson.jq.path.Path;

/**
 * {@code ltrimstr/1} and {@code rtrimstr/1} as the reference engine (gojq v0.12.19 {@code funcLtrimstr}) has them: the
 * input and the argument must both be strings, anything else is an error ({@code null | ltrimstr("a")} fails).
 * jackson-jq, like jq 1.6, passes a non-string through unchanged, so the same definition read {@code null} where
 * the reference failed (found by the differential fuzzing of issue 15).
 */
final class TrimBuiltins implements Function {
  private final boolean left;

  TrimBuiltins(boolean left) {
    this.left = left;
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
    Streams.Collected xs = Streams.collectValues(args.get(0), scope, in, Deadline.current());
    for (JsonNode x : xs.values) {
      if (!in.isTextual() || !x.isTextual()) {
        throw new JsonQueryException((left ? "ltrimstr" : "rtrimstr") + "(" + JsonText.toJson(x)
            + ") cannot be applied to: " + Streams.describe(in));
      }
      String s = in.textValue();
      String t = x.textValue();
      String r = left
          ? (s.startsWith(t) ? s.substring(t.length()) : s)
          : (s.endsWith(t) ? s.substring(0, s.length() - t.length()) : s);
      output.emit(r.equals(s) ? in : TextNode.valueOf(r), null);
    }
    if (xs.error != null) {
      throw xs.error;
    }
  }
}
