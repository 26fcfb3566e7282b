package dev.workloadmap.sdk.internal.gang;

import dev.workloadmap.sdk.extract.Scale;
import dev.workloadmap.sdk.gang.GangException;
import dev.workloadmap.sdk.tree.ComponentNode;
import dev.workloadmap.sdk.tree.InstanceNode;
import dev.workloadmap.sdk.tree.WorkloadTree;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The subtree scale of docs/format.md#gangs (conformance SS), the minimum pod count a gang of a component's subtree
 * needs.
 *
 * <ul>
 *   <li>When any component has a {@code scaleDefinition}, a component's own value is, summed over its instances (or
 *       for the one instance asked for), {@code minReplicas} when above 0, else {@code replicas} when above 0, else 0.
 *       A leaf returns its own value; a parent returns its own value when its children sum to 0, the children's sum
 *       when its own value is 0, and own × children otherwise.
 *   <li>Otherwise leaves are counted: a leaf counts 1 per instance (or 1 for the instance asked for); a parent sums its
 *       children.
 * </ul>
 *
 * Children are not filtered by a parent's instance (docs/format.md#tree). Counts are pods. Immutable; thread-safe.
 */
public final class SubtreeScale {

  private final Map<String, ComponentNode> nodes = new HashMap<>();
  private final boolean scaleMode;

  private SubtreeScale(WorkloadTree tree, boolean hasScaleDefinition) {
    for (ComponentNode n : tree.components()) {
      nodes.put(n.name(), n);
    }
    this.scaleMode = hasScaleDefinition;
  }

  /** The subtree scales of a resolved tree. */
  public static SubtreeScale of(WorkloadTree tree) {
    boolean any =
        tree.components().stream().anyMatch(c -> c.definition().scaleDefinition() != null);
    return new SubtreeScale(tree, any);
  }

  /** True when some component has a scale definition (otherwise leaves are counted). */
  public boolean scaleMode() {
    return scaleMode;
  }

  /**
   * The subtree scale of {@code component} over all its instances.
   *
   * @throws GangException {@code component x not found}
   */
  public int of(String component) {
    return of(component, Map.of());
  }

  /**
   * The subtree scale of {@code component} restricted to one of its instances.
   *
   * @throws GangException {@code instance id is empty} or {@code instance id x not found}
   */
  public int of(String component, String instanceId) {
    Objects.requireNonNull(instanceId, "instanceId");
    return of(component, Map.of(component, instanceId));
  }

  /**
   * The subtree scale of {@code component} with some components of the subtree restricted to one instance each (the
   * sub-structure a gang key identifies, docs/format.md#gangs minMember per gang).
   *
   * @param restrictions component name to the instance id it is restricted to
   * @throws GangException {@code instance id is empty} or {@code instance id x not found}
   */
  public int of(String component, Map<String, String> restrictions) {
    ComponentNode n = node(component);
    int own = own(n, restrictions);
    List<ComponentNode> children = n.children();
    if (children.isEmpty()) {
      return own;
    }
    int sum = childrenSum(component, restrictions);
    if (!scaleMode) {
      return sum;
    }
    if (sum == 0) {
      return own;
    }
    if (own == 0) {
      return sum;
    }
    return own * sum;
  }

  /** The sum of the subtree scales of {@code component}'s children. */
  public int childrenSum(String component, Map<String, String> restrictions) {
    int sum = 0;
    for (ComponentNode ch : node(component).children()) {
      sum += of(ch.name(), restrictions);
    }
    return sum;
  }

  /**
   * A component's own value (no children): in scale mode the effective scale summed over its instances or the
   * restricted one; in leaf-counting mode the instance count (at least 1; 1 for a restricted instance).
   */
  public int own(String component, Map<String, String> restrictions) {
    return own(node(component), restrictions);
  }

  /** Whether {@code component} has children. */
  public boolean hasChildren(String component) {
    return !node(component).children().isEmpty();
  }

  private int own(ComponentNode n, Map<String, String> restrictions) {
    String only = restrictions.get(n.name());
    if (only != null && only.isEmpty()) {
      throw new GangException("instance id is empty");
    }
    // the instances (only those with id `only` when restricted): how many, and their effective
    // scales
    int count = 0;
    int total = 0;
    List<InstanceNode> instances = n.instances();
    for (int k = 0, size = instances.size(); k < size; k++) {
      InstanceNode i = instances.get(k);
      if (only == null || i.id().equals(only)) {
        count++;
        if (scaleMode) {
          total += effective(i.scale());
        }
      }
    }
    if (only != null && count == 0) {
      throw new GangException("instance id " + only + " not found");
    }
    return scaleMode ? total : Math.max(1, count);
  }

  /** minReplicas when above 0, else replicas when above 0, else 0 (a missing scale is 0). */
  public static int effective(Scale s) {
    if (s == null) {
      return 0;
    }
    if (s.minReplicas() != null && s.minReplicas() > 0) {
      return s.minReplicas();
    }
    if (s.replicas() != null && s.replicas() > 0) {
      return s.replicas();
    }
    return 0;
  }

  private ComponentNode node(String component) {
    ComponentNode n = nodes.get(component);
    if (n == null) {
      throw new GangException("component " + component + " not found");
    }
    return n;
  }
}
