package dev.workloadmap.sdk.jq;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.apiguardian.api.API;

/**
 * A compiled jq expression. Immutable and safe to share across threads. Obtain one from {@link
 * dev.workloadmap.sdk.spi.JqEngine#compile(String)}.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface JqProgram {

  /** The expression text as compiled. */
  String expression();

  /**
   * Evaluates against {@code input} and returns the whole output stream (docs/format.md#evaluation): a missing field
   * gives one {@code null}; an empty stream gives an empty list. Results are in the reference's form
   * (docs/format.md#decision-c): objects with keys in code-point order, integral numbers as integer nodes. The list is
   * unmodifiable; its nodes may be shared with {@code input} and must not be modified.
   *
   * @throws JqResultLimitException more results than the engine's limit (default 1000); nothing is returned
   * @throws JqBudgetExceededException the time budget (default 10 s) or the allocation budget ran out, or the
   *     expression recursed without end
   * @throws JqCancelledException the calling thread was interrupted (its interrupt flag stays set)
   * @throws JqEvaluationException any other run-time error, including a call of an unknown function
   * @throws NullPointerException when {@code input} is null
   */
  List<JsonNode> apply(JqInput input);

  /**
   * The first result, or {@code null} (Java null) when the stream is empty: what {@code byExpression} compares
   * (docs/format.md#status, EC-06). The whole stream is evaluated, so the result limit applies as in
   * {@link #apply(JqInput)}.
   */
  default JsonNode first(JqInput input) {
    List<JsonNode> all = apply(input);
    return all.isEmpty() ? null : all.get(0);
  }
}
