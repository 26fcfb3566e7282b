package dev.workloadmap.sdk.extract;

import dev.workloadmap.sdk.WorkloadMapException;

/** A component path that could not be evaluated or paired (spec §5.2, §5.3). The message follows the reference. */
public class ExtractionException extends WorkloadMapException {
  private static final long serialVersionUID = 1L;

  private final String expression;

  public ExtractionException(String message, String expression, Throwable cause) {
    super(message, cause);
    this.expression = expression;
  }

  /** The expression that failed, or null. */
  public String expression() {
    return expression;
  }
}
