package dev.workloadmap.sdk.jq;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Duration;
import org.apiguardian.api.API;

/**
 * An evaluation that could not finish within its budget (docs/format.md#evaluation, docs/format.md#decision-c, FC-33).
 * The detail says which limit was hit:
 *
 * <ul>
 *   <li>time: {@code evaluation exceeded its time budget of 10s (context deadline exceeded)} ({@link
 *       JqOptions#budget()}), also when the last step finished late;
 *   <li>allocation: {@code evaluation allocated more than its memory budget of 1GiB} ({@link
 *       JqOptions#maxAllocatedBytes()});
 *   <li>stack: {@code evaluation recursed too deeply (stack overflow)}, for a recursion without end such as {@code def
 *       f: f; f};
 *   <li>heap: {@code evaluation ran out of memory (<JVM message>)}, for one allocation larger than the heap, such as
 *       {@code "x" * 1e10}.
 * </ul>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class JqBudgetExceededException extends JqEvaluationException {
  private static final long serialVersionUID = 1L;

  private final transient Duration budget;

  public JqBudgetExceededException(
      String expression, Duration budget, String detail, Throwable cause) {
    super(expression, detail, cause);
    this.budget = budget;
  }

  /** The time budget the evaluation ran with. */
  public Duration budget() {
    return budget;
  }
}
