package dev.workloadmap.sdk.tree;

import static org.apiguardian.api.API.Status.STABLE;

import dev.workloadmap.sdk.definition.ComponentDefinition;
import dev.workloadmap.sdk.resources.ResourceList;
import java.util.List;
import org.apiguardian.api.API;

/**
 * A component in the workload tree (docs/format.md#tree, docs/format.md#totals).
 *
 * @param definition the component's definition
 * @param instances one node per instance id, sorted by id in code-point order (decision e)
 * @param children the child components (by {@code ownerRef}); not filtered by parent instance, as in the reference
 * @param podBearing true when the component has a pod spec definition (a leaf)
 * @param ownReplicas desired pods of this component itself (0 for a grouping component)
 * @param ownResources requests of this component's own pods, {@code Σ desired × perPod} over its instances
 * @param desiredReplicas pods of the subtree: own plus children's (a grouping component sums its children;
 *     docs/format.md#totals); a grouping component without children keeps its own scale
 * @param resources requests of the whole subtree
 * @param visible false for a component with no pods, no scale and no descendants (dropped from views,
 *     docs/format.md#totals)
 * @param uncounted what a problem left uncounted in this component's own pods (the union of its instances'
 *     {@link InstanceNode#uncounted()}); empty when everything is counted
 */
@API(status = STABLE, since = "0.1")
public record ComponentNode(
    ComponentDefinition definition,
    List<InstanceNode> instances,
    List<ComponentNode> children,
    boolean podBearing,
    int ownReplicas,
    ResourceList ownResources,
    int desiredReplicas,
    ResourceList resources,
    boolean visible,
    java.util.Set<String> uncounted) {

  public ComponentNode {
    instances = List.copyOf(instances);
    children = List.copyOf(children);
    uncounted = java.util.Set.copyOf(uncounted);
  }

  /** A component whose every number is counted. */
  public ComponentNode(
      ComponentDefinition definition,
      List<InstanceNode> instances,
      List<ComponentNode> children,
      boolean podBearing,
      int ownReplicas,
      ResourceList ownResources,
      int desiredReplicas,
      ResourceList resources,
      boolean visible) {
    this(
        definition,
        instances,
        children,
        podBearing,
        ownReplicas,
        ownResources,
        desiredReplicas,
        resources,
        visible,
        java.util.Set.of());
  }

  /** Whether this component's own replica count is a number. */
  @org.apiguardian.api.API(status = org.apiguardian.api.API.Status.EXPERIMENTAL, since = "0.1")
  public boolean replicasCounted() {
    return !uncounted.contains(InstanceNode.REPLICAS);
  }

  /** Whether this component's own total of {@code resource} is a number. */
  @org.apiguardian.api.API(status = org.apiguardian.api.API.Status.EXPERIMENTAL, since = "0.1")
  public boolean counted(String resource) {
    return dev.workloadmap.sdk.internal.tree.Uncounted.counted(uncounted, resource);
  }

  public String name() {
    return definition.name();
  }

  /** True when the component has an {@code instanceIdPath} (its rows are split by instance id). */
  public boolean multiInstance() {
    return definition.hasInstanceIdPath();
  }
}
