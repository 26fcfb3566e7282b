package dev.workloadmap.sdk.crd;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.workloadmap.sdk.WorkloadMapException;
import org.apiguardian.api.API;

/**
 * A CRD could not be read, or does not describe the requested kind or version. The message names the source (file,
 * resource or URL) and what was expected, for example {@code jobset.yaml: CRD jobsets.jobset.x-k8s.io has no version
 * v1; it has v1alpha2}.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class CrdException extends WorkloadMapException {
  private static final long serialVersionUID = 1L;

  /** An exception with a complete, user-facing message. */
  public CrdException(String message) {
    super(message);
  }

  /** An exception with a complete, user-facing message and its cause (an I/O or YAML error). */
  public CrdException(String message, Throwable cause) {
    super(message, cause);
  }
}
