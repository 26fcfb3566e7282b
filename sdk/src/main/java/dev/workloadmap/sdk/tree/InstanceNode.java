package dev.workloadmap.sdk.tree;

import static org.apiguardian.api.API.Status.STABLE;

import dev.workloadmap.sdk.extract.InstanceRecord;
import dev.workloadmap.sdk.extract.Scale;
import dev.workloadmap.sdk.resources.ResourceList;
import org.apiguardian.api.API;

/**
 * One instance of a component (docs/format.md#tree).
 *
 * @param key the instance id, or null for the anonymous instance (id {@code ""})
 * @param record everything extracted for the instance
 * @param desiredReplicas replicas, else minReplicas, else 1 (docs/format.md#totals); for a grouping instance, its share
 *     of the children's desired pods
 * @param perPod the requests of one pod (docs/format.md#totals per-pod formula); empty for a grouping component
 * @param total {@code desiredReplicas × perPod}
 * @param uncounted what a problem left uncounted for this instance, so that no view shows it as a number: {@link
 *     #REPLICAS} (the count is not a count: negative, fractional, out of range), {@link #RESOURCES} (every resource:
 *     the pod spec could not be read), or a resource name (a GPU quantity that is not a whole count); empty when
 *     everything is counted
 */
@API(status = STABLE, since = "0.1")
public record InstanceNode(
    String key,
    InstanceRecord record,
    int desiredReplicas,
    ResourceList perPod,
    ResourceList total,
    java.util.Set<String> uncounted) {

  /** In {@link #uncounted()}: the replica count is unknown (and with it every resource of the instance). */
  @org.apiguardian.api.API(status = org.apiguardian.api.API.Status.EXPERIMENTAL, since = "0.1")
  public static final String REPLICAS = "replicas";

  /** In {@link #uncounted()}: every resource of the instance is unknown. */
  @org.apiguardian.api.API(status = org.apiguardian.api.API.Status.EXPERIMENTAL, since = "0.1")
  public static final String RESOURCES = "resources";

  public InstanceNode {
    uncounted = java.util.Set.copyOf(uncounted);
  }

  /** An instance whose every number is counted. */
  public InstanceNode(
      String key,
      InstanceRecord record,
      int desiredReplicas,
      ResourceList perPod,
      ResourceList total) {
    this(key, record, desiredReplicas, perPod, total, java.util.Set.of());
  }

  /** Whether the replica count of this instance is a number. */
  @org.apiguardian.api.API(status = org.apiguardian.api.API.Status.EXPERIMENTAL, since = "0.1")
  public boolean replicasCounted() {
    return !uncounted.contains(REPLICAS);
  }

  /** Whether this instance's total of {@code resource} is a number (its count and the per-pod amount are known). */
  @org.apiguardian.api.API(status = org.apiguardian.api.API.Status.EXPERIMENTAL, since = "0.1")
  public boolean counted(String resource) {
    return dev.workloadmap.sdk.internal.tree.Uncounted.counted(uncounted, resource);
  }

  /** The scale, or null when the component has no scaleDefinition. */
  public Scale scale() {
    return record.scale();
  }

  /** The instance id as extracted ({@code ""} for the anonymous instance). */
  public String id() {
    return key == null ? "" : key;
  }
}
