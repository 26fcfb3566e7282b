package dev.workloadmap.sdk.update;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.workloadmap.sdk.WorkloadMapException;
import org.apiguardian.api.API;

/**
 * An update could not be applied (docs/format.md#writes). The message names the operation and follows the reference's
 * texts, for example
 * {@code setSchedulerName: component worker: failed to unzip pod template specs: value not found for instance id: b},
 * {@code suspend: suspendActions[1]: JQ execution error for expression '...'},
 * {@code component leader does not have suspendDefinition} or
 * {@code invalid Kubernetes object: missing metadata.name or metadata.generateName}.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class UpdateException extends WorkloadMapException {
  private static final long serialVersionUID = 1L;

  public UpdateException(String message) {
    super(message);
  }

  public UpdateException(String message, Throwable cause) {
    super(message, cause);
  }
}
