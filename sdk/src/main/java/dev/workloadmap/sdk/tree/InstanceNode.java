package dev.workloadmap.sdk.tree;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

import dev.workloadmap.sdk.extract.InstanceRecord;
import dev.workloadmap.sdk.extract.Scale;
import dev.workloadmap.sdk.resources.ResourceList;

/**
 * One instance of a component (docs/format.md#tree).
 *
 * @param key the instance id, or null for the anonymous instance (id {@code ""})
 * @param record everything extracted for the instance
 * @param desiredReplicas replicas, else minReplicas, else 1 (docs/format.md#totals); for a grouping instance, its share
 *     of the children's desired pods
 * @param perPod the requests of one pod (docs/format.md#totals per-pod formula); empty for a grouping component
 * @param total {@code desiredReplicas × perPod}
 */
@API(status = STABLE, since = "0.1")
public record InstanceNode(
    String key, InstanceRecord record, int desiredReplicas, ResourceList perPod, ResourceList total) {

  /** The scale, or null when the component has no scaleDefinition. */
  public Scale scale() {
    return record.scale();
  }

  /** The instance id as extracted ({@code ""} for the anonymous instance). */
  public String id() {
    return key == null ? "" : key;
  }
}
