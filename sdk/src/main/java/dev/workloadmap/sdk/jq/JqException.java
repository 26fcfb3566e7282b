package dev.workloadmap.sdk.jq;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.workloadmap.sdk.WorkloadMapException;
import org.apiguardian.api.API;

/** Base of every jq failure; {@link #expression()} is the expression as the definition wrote it. */
@API(status = EXPERIMENTAL, since = "0.1")
public class JqException extends WorkloadMapException {
  private static final long serialVersionUID = 1L;

  public JqException(String expression, String message, Throwable cause) {
    super(message, null, expression, cause);
  }
}
