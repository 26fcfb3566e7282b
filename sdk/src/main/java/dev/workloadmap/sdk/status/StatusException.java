package dev.workloadmap.sdk.status;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.workloadmap.sdk.WorkloadMapException;
import org.apiguardian.api.API;

/** A status read that failed in strict mode, with the reference's wrapper ({@code failed to match status: ...}). */
@API(status = EXPERIMENTAL, since = "0.1")
public class StatusException extends WorkloadMapException {
  private static final long serialVersionUID = 1L;

  public StatusException(String message, Throwable cause) {
    super(message, cause);
  }

  /** With the definition field that failed (file, line, column, JSON pointer). */
  public StatusException(
      String message, dev.workloadmap.sdk.yaml.SourceLocation location, Throwable cause) {
    super(message, location, cause);
  }
}
