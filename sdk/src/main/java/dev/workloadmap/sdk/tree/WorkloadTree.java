package dev.workloadmap.sdk.tree;

import static org.apiguardian.api.API.Status.STABLE;

import dev.workloadmap.sdk.EvaluationProblem;
import dev.workloadmap.sdk.resources.ResourceList;
import dev.workloadmap.sdk.status.StatusResult;
import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;

/**
 * A workload resolved through a definition (docs/format.md#tree, docs/format.md#totals): the root component with its
 * children, the root status, and resource totals.
 *
 * @param object the root object's identity
 * @param definitionName the definition's {@code metadata.name}
 * @param root the root component; it exposes the children of root instance 0 only
 * @param status the root's status, or null when the root has no status definition
 * @param totalReplicas desired pods of the whole workload
 * @param totalResources requests of the whole workload (GPUs as counts, CPU and memory exact)
 * @param problems contained evaluation errors (paths and matchers that failed)
 * @param warnings non-fatal observations (for example duplicate instance ids)
 */
@API(status = STABLE, since = "0.1")
public record WorkloadTree(
    ObjectRef object,
    String definitionName,
    ComponentNode root,
    StatusResult status,
    int totalReplicas,
    ResourceList totalResources,
    List<EvaluationProblem> problems,
    List<String> warnings) {

  public WorkloadTree {
    problems = List.copyOf(problems);
    warnings = List.copyOf(warnings);
  }

  /**
   * Whether {@link #totalReplicas()} and {@link #totalResources()} are the whole workload's: false when a problem
   * left a component's instances, replicas or resources uncounted or counted with a fallback (a negative,
   * fractional or out-of-range replica count, a path that hit the result limit, a GPU quantity Kubernetes rejects).
   * A front-end must then not present the totals as a number without saying so.
   */
  @org.apiguardian.api.API(status = org.apiguardian.api.API.Status.EXPERIMENTAL, since = "0.1")
  public boolean totalsComplete() {
    return problems.stream().noneMatch(EvaluationProblem::affectsTotals);
  }

  /**
   * Whether every gang size of the workload is known: {@link #totalsComplete()}, and no scale bound ({@code
   * minReplicasPath}, {@code maxReplicasPath}) failed ({@link EvaluationProblem#affectsGangSizes()}). A PodGroup plan
   * ({@link dev.workloadmap.sdk.scheduler.SchedulingPlanner}) refuses when this is false.
   */
  @org.apiguardian.api.API(status = org.apiguardian.api.API.Status.EXPERIMENTAL, since = "0.1")
  public boolean gangSizesComplete() {
    return problems.stream().noneMatch(EvaluationProblem::affectsGangSizes);
  }

  /**
   * What the totals leave uncounted (the union of every component's {@link ComponentNode#uncounted()}):
   * a view shows these totals as not a number. Empty when every number is counted.
   */
  @org.apiguardian.api.API(status = org.apiguardian.api.API.Status.EXPERIMENTAL, since = "0.1")
  public java.util.Set<String> uncountedTotals() {
    java.util.Set<String> out = new java.util.TreeSet<>();
    components()
        .forEach(c ->
            out.addAll(c.uncounted())); // a grouping component with children has none of its own
    return out;
  }

  /** Whether the workload's total of {@code resource} is a number. */
  @org.apiguardian.api.API(status = org.apiguardian.api.API.Status.EXPERIMENTAL, since = "0.1")
  public boolean totalCounted(String resource) {
    java.util.Set<String> u = uncountedTotals();
    return u.isEmpty()
        || !(u.contains(InstanceNode.REPLICAS)
            || u.contains(InstanceNode.RESOURCES)
            || u.contains(resource));
  }

  /** Every component, depth first (root, then each child subtree in declaration order). */
  public List<ComponentNode> components() {
    List<ComponentNode> out = new ArrayList<>();
    collect(root, out);
    return out;
  }

  private static void collect(ComponentNode n, List<ComponentNode> out) {
    out.add(n);
    n.children().forEach(c -> collect(c, out));
  }

  /** The component with this name, or null. */
  public ComponentNode component(String name) {
    return components().stream().filter(c -> c.name().equals(name)).findFirst().orElse(null);
  }

  /** Matched statuses as strings ({@code ["Undefined"]} when nothing matches), or null without a status definition. */
  public List<String> phases() {
    return status == null ? null : status.phases();
  }
}
