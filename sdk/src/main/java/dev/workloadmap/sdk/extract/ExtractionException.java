package dev.workloadmap.sdk.extract;

import dev.workloadmap.sdk.WorkloadMapException;

/** A component path that could not be evaluated or paired (spec §5.2, §5.3). The message follows the reference. */
public class ExtractionException extends WorkloadMapException {
  private static final long serialVersionUID = 1L;

  private final String expression;
  private final int resultIndex;

  public ExtractionException(String message, String expression, Throwable cause) {
    this(message, expression, cause, -1);
  }

  /** A failure of result {@code resultIndex} (0-based) of {@code expression}'s output stream. */
  @org.apiguardian.api.API(status = org.apiguardian.api.API.Status.EXPERIMENTAL, since = "0.2")
  public ExtractionException(String message, String expression, Throwable cause, int resultIndex) {
    super(message, cause);
    this.expression = expression;
    this.resultIndex = resultIndex;
  }

  /** Which result of the expression's output stream failed, or -1 when the failure is not one result's. */
  @org.apiguardian.api.API(status = org.apiguardian.api.API.Status.EXPERIMENTAL, since = "0.2")
  public int resultIndex() {
    return resultIndex;
  }

  /** The expression that failed, or null. */
  public String expression() {
    return expression;
  }
}
