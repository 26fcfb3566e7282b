package dev.workloadmap.sdk.jq;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * An evaluation stopped because its thread was interrupted (conformance JR-12; the reference reports {@code context
 * canceled}). The detail reads {@code evaluation was cancelled: its thread was interrupted (context canceled)}. The
 * thread's interrupt flag is left set, so the caller still sees the interruption.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class JqCancelledException extends JqEvaluationException {
  private static final long serialVersionUID = 1L;

  public JqCancelledException(String expression, String detail, Throwable cause) {
    super(expression, detail, cause);
  }
}
