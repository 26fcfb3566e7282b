package dev.workloadmap.sdk.gang;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.workloadmap.sdk.WorkloadMapException;
import org.apiguardian.api.API;

/**
 * A gang computation that cannot give a result: {@code instance id is empty}, {@code instance id x not found}
 * (docs/format.md#gangs subtree scale), or a group key that cannot form a PodGroup name (FC-24).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class GangException extends WorkloadMapException {
  private static final long serialVersionUID = 1L;

  public GangException(String message) {
    super(message);
  }
}
