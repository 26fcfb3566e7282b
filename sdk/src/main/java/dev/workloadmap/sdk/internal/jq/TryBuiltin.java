package dev.workloadmap.sdk.internal.jq;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import net.thisptr.jackson.jq.Expression;
import net.thisptr.jackson.jq.Function;
import net.thisptr.jackson.jq.PathOutput;
import net.thisptr.jackson.jq.Scope;
import net.thisptr.jackson.jq.Version;
import net.thisptr.jackson.jq.exception.JsonQueryBreakException;
import net.thisptr.jackson.jq.exception.JsonQueryException;
import net.thisptr.jackson.jq.path.Path;

/**
 * {@code try B catch H} as the reference engine (gojq v0.12.19) has it: only the errors raised while {@code B}
 * computes an output are caught. jackson-jq's {@code TryCatch} wraps the whole call, so it also caught what the
 * consumers of {@code B}'s outputs raised ({@code (.)? as $x | error("y")}, {@code E == select((X)?)} where {@code E}
 * fails), and the definition read "no result" where the reference read an error (found by the differential fuzzing of
 * issue 15). Here an error raised downstream passes through the try wrapped in {@link Downstream} and is raised again,
 * as it was, by the try that wrapped it. {@link ReferenceRewrite} routes every try and {@code ?} here.
 */
final class TryBuiltin implements Function {

  static final String NAME = "__workloadmap_try";

  /** An error raised by a consumer of the try's outputs, on its way past the try that owns {@link #token}. */
  static final class Downstream extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final transient Object token;
    final JsonQueryException error;

    Downstream(Object token, JsonQueryException error) {
      super(null, null, false, false);
      this.token = token;
      this.error = error;
    }
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
    Object token = new Object();
    boolean paths = ipath != null;
    try {
      args.get(0)
          .apply(
              scope,
              in,
              ipath,
              (v, p) -> {
                try {
                  output.emit(v, p);
                } catch (JsonQueryException e) {
                  throw new Downstream(token, e);
                }
              },
              paths);
    } catch (JsonQueryBreakException e) {
      throw e; // break $label is not an error: it passes every try, as in gojq
    } catch (JsonQueryException e) {
      args.get(1).apply(scope, e.getMessageAsJsonNode(), null, output, paths);
    } catch (Downstream d) {
      if (d.token == token) {
        throw d.error;
      }
      throw d;
    }
  }
}
