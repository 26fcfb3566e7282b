package dev.workloadmap.sdk.live;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.workloadmap.sdk.WorkloadMapException;
import org.apiguardian.api.API;

/**
 * A pod-side evaluation that did not give what the operation needs (docs/format.md#pod-classification):
 * {@code expected single query result, got N}, {@code query result is empty <nil>},
 * {@code could not match instance id "x". existing instance ids [..]},
 * {@code no instance selector provided but instance ids are not empty}, {@code failed to evaluate filter ...},
 * {@code no component found for pod x}, {@code component x not found}. jq parse and execution errors keep their own
 * type ({@link dev.workloadmap.sdk.jq.JqException}) unless an operation wraps them, as filters do.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class PodQueryException extends WorkloadMapException {
  private static final long serialVersionUID = 1L;

  public PodQueryException(String message) {
    super(message);
  }

  public PodQueryException(String message, Throwable cause) {
    super(message, cause);
  }
}
