package dev.workloadmap.sdk.live;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import org.apiguardian.api.API;

/**
 * A pod's extracted instance id is not one of the component's instance ids (docs/format.md#pod-classification
 * GetMatchingInstanceId, conformance PQ-41, II-05):
 * {@code could not match instance id "x". existing instance ids [a b]}. Live discovery drops such a pod as a leftover
 * of a removed instance (docs/format.md#owner-chain item 4) and reports it.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class InstanceNotFoundException extends PodQueryException {
  private static final long serialVersionUID = 1L;

  private final String instanceId;

  public InstanceNotFoundException(String instanceId, List<String> existing) {
    super("could not match instance id \"" + instanceId + "\". existing instance ids ["
        + String.join(" ", existing) + "]");
    this.instanceId = instanceId;
  }

  /** The id the pod carries. */
  public String instanceId() {
    return instanceId;
  }
}
