package dev.workloadmap.sdk.jq;

import dev.workloadmap.sdk.WorkloadMapException;

/** Base of every jq failure; {@link #expression()} is the expression as the definition wrote it. */
public class JqException extends WorkloadMapException {
  private static final long serialVersionUID = 1L;

  private final String expression;

  public JqException(String expression, String message, Throwable cause) {
    super(message, cause);
    this.expression = expression;
  }

  public String expression() {
    return expression;
  }
}
