package dev.workloadmap.sdk.jq;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * A compiled jq expression. Immutable and safe to share across threads. Obtain one from {@link
 * dev.workloadmap.sdk.spi.JqEngine#compile(String)}.
 */
public interface JqProgram {

  /** The expression text as compiled. */
  String expression();

  /**
   * Evaluates against {@code input} and returns the whole output stream (spec §5.1): a missing field gives one
   * {@code null}; an empty stream gives an empty list. Integral numbers come back as integer nodes and objects with
   * sorted keys (spec §11 c).
   *
   * @throws JqResultLimitException more results than the engine's limit (default 1000); nothing is returned
   * @throws JqBudgetExceededException the time budget (default 10 s) ran out, or the expression recursed without end
   * @throws JqEvaluationException any other run-time error
   */
  List<JsonNode> apply(JqInput input);

  /** The first result, or {@code null} (Java null) when the stream is empty. */
  default JsonNode first(JqInput input) {
    List<JsonNode> all = apply(input);
    return all.isEmpty() ? null : all.get(0);
  }
}
