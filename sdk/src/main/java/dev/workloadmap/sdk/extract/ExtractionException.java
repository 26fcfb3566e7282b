package dev.workloadmap.sdk.extract;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.workloadmap.sdk.WorkloadMapException;
import org.apiguardian.api.API;

/**
 * A component path that could not be evaluated or paired (docs/format.md#extraction, docs/format.md#scale). The message
 * follows the reference.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class ExtractionException extends WorkloadMapException {
  private static final long serialVersionUID = 1L;

  private final int resultIndex;

  public ExtractionException(String message, String expression, Throwable cause) {
    this(message, expression, cause, -1);
  }

  /** A failure of result {@code resultIndex} (0-based) of {@code expression}'s output stream. */
  @org.apiguardian.api.API(status = org.apiguardian.api.API.Status.EXPERIMENTAL, since = "0.1")
  public ExtractionException(String message, String expression, Throwable cause, int resultIndex) {
    super(message, null, expression, cause);
    this.resultIndex = resultIndex;
  }

  /** Which result of the expression's output stream failed, or -1 when the failure is not one result's. */
  @org.apiguardian.api.API(status = org.apiguardian.api.API.Status.EXPERIMENTAL, since = "0.1")
  public int resultIndex() {
    return resultIndex;
  }
}
