package dev.workloadmap.sdk.internal.tree;

import dev.workloadmap.sdk.tree.ComponentNode;
import dev.workloadmap.sdk.tree.InstanceNode;
import dev.workloadmap.sdk.tree.ObjectRef;
import dev.workloadmap.sdk.tree.WorkloadTree;
import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.EvaluationProblem;
import dev.workloadmap.sdk.WorkloadMapException;
import dev.workloadmap.sdk.definition.ComponentDefinition;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.internal.extract.ComponentExtractor;
import dev.workloadmap.sdk.internal.extract.ExtractedComponent;
import dev.workloadmap.sdk.extract.FragmentedPodSpec;
import dev.workloadmap.sdk.extract.InstanceRecord;
import dev.workloadmap.sdk.internal.jq.SortedKeys;
import dev.workloadmap.sdk.jq.JqInput;
import dev.workloadmap.sdk.internal.resources.ExtendedResourceRules;
import dev.workloadmap.sdk.resources.PodResources;
import dev.workloadmap.sdk.resources.ResourceList;
import dev.workloadmap.sdk.spi.JqEngine;
import dev.workloadmap.sdk.internal.status.StatusEvaluator;
import dev.workloadmap.sdk.status.StatusResult;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Builds the workload tree of an object (docs/format.md#tree) with resource totals (docs/format.md#totals). The
 * definition must already be valid; {@link dev.workloadmap.sdk.WorkloadMap} validates before it builds.
 */
public final class TreeBuilder {

  private final ComponentExtractor extractor;
  private final StatusEvaluator status;
  private final boolean strict;

  public TreeBuilder(JqEngine engine, boolean strict) {
    this.extractor = new ComponentExtractor(engine);
    this.status = new StatusEvaluator(engine, strict);
    this.strict = strict;
  }

  /** Builds the tree of {@code object}; evaluation errors are contained in {@link WorkloadTree#problems()}. */
  public WorkloadTree build(Definition d, JqInput object) {
    List<EvaluationProblem> problems = new ArrayList<>();
    List<String> warnings = new ArrayList<>();
    ComponentDefinition rootDef = d.rootComponent();
    ComponentNode root = node(d, rootDef, object, problems, warnings, new HashSet<>());
    StatusResult st = status.evaluate(d, rootDef, object);
    if (st != null) {
      problems.addAll(st.problems());
    }
    long totalReplicas = 0;
    ResourceList total = ResourceList.empty();
    for (ComponentNode c : flatten(root)) {
      if (c.podBearing()) {
        totalReplicas += c.ownReplicas();
        total = total.plus(c.ownResources());
      }
    }
    if (totalReplicas > Integer.MAX_VALUE) {
      problems.add(new EvaluationProblem(rootDef.name(), "scaleDefinition", null, "the workload's replicas ("
          + totalReplicas + ") exceed " + Integer.MAX_VALUE + ": the total cannot be counted",
          d.locate(rootDef.pointer())));
      totalReplicas = Integer.MAX_VALUE;
    }
    for (var e : total.asMap().entrySet()) {
      if (!ExtendedResourceRules.isExtended(e.getKey())) {
        continue;
      }
      try {
        dev.workloadmap.sdk.internal.resources.Quantities.toWholeUnits(e.getValue());
      } catch (WorkloadMapException ex) {
        problems.add(new EvaluationProblem(rootDef.name(), "resources", null, "total " + e.getKey() + ": "
            + ex.getMessage() + "; left out of the totals", d.locate(rootDef.pointer())));
        total = total.with(e.getKey(), java.math.BigDecimal.ZERO);
      }
    }
    return new WorkloadTree(
        ObjectRef.of(object.original()), d.name(), root, st, (int) totalReplicas, total, problems, warnings);
  }

  private static List<ComponentNode> flatten(ComponentNode root) {
    List<ComponentNode> out = new ArrayList<>();
    List<ComponentNode> stack = new ArrayList<>(List.of(root));
    while (!stack.isEmpty()) {
      ComponentNode n = stack.remove(stack.size() - 1);
      out.add(n);
      stack.addAll(n.children());
    }
    return out;
  }

  private ComponentNode node(Definition d, ComponentDefinition c, JqInput object, List<EvaluationProblem> problems,
      List<String> warnings, Set<String> path) {
    if (!path.add(c.name())) {
      throw new WorkloadMapException("ownership cycle detected involving component " + c.name());
    }
    ExtractedComponent ex = extractor.extract(d, c, object);
    if (strict && !ex.problems().isEmpty()) {
      // strict mode fails fast like the reference, at the first path that failed
      EvaluationProblem first = ex.problems().get(0);
      throw new WorkloadMapException("component '" + first.component() + "': " + first.message(), first.location(),
          null);
    }
    problems.addAll(ex.problems());
    warnings.addAll(ex.warnings());
    boolean podBearing = c.hasPodDefinition();
    List<InstanceNode> instances = new ArrayList<>();
    int own = 0;
    ResourceList ownResources = ResourceList.empty();
    int index = 0;
    // a scale path that failed leaves the count unknown: the problem says so and the count is 0, never the
    // "no scale definition" default of 1 (a TrainJob's node count that only its runtime carries)
    boolean scaleFailed = c.scaleDefinition() != null
        && ex.problems().stream().anyMatch(p -> p.field() != null && p.field().endsWith("scaleDefinition"));
    for (InstanceRecord r : ex.instances()) {
      int desired = r.scale() == null ? (scaleFailed ? 0 : 1) : r.scale().desired();
      ResourceList perPod = ResourceList.empty();
      if (podBearing) {
        try {
          perPod = perPod(r);
        } catch (WorkloadMapException e) {
          problems.add(new EvaluationProblem(c.name(), "resources", null,
              "instance \"" + r.id() + "\": " + e.getMessage(), d.locate(c.pointer() + "/specDefinition")));
        }
        String podPointer = null;
        List<ExtendedResourceRules.Violation> violations = kubernetesViolations(r);
        if (!violations.isEmpty()) {
          podPointer = podSpecPointer(c, index, object);
        }
        for (ExtendedResourceRules.Violation v : violations) {
          EvaluationProblem p = new EvaluationProblem(c.name(), "resources", null,
              "instance \"" + r.id() + "\": " + v.message() + " (the API server rejects such a pod)",
              d.locate(c.pointer() + "/specDefinition"));
          problems.add(podPointer == null ? p : p.withObjectPointer(podPointer + v.pointer()));
        }
        perPod = countable(d, c, r, perPod, problems);
      }
      index++;
      ResourceList total = perPod.times(desired);
      instances.add(new InstanceNode(r.id().isEmpty() ? null : r.id(), r, desired, perPod, total));
      if ((long) own + desired > Integer.MAX_VALUE) {
        problems.add(new EvaluationProblem(c.name(), "scaleDefinition", null, "instance \"" + r.id() + "\": the"
            + " component's replicas exceed " + Integer.MAX_VALUE + "; left out of the totals",
            d.locate(c.pointer() + "/scaleDefinition")));
      } else {
        own += desired;
        ownResources = ownResources.plus(total);
      }
    }
    instances.sort((a, b) -> SortedKeys.compareCodePoints(a.id(), b.id()));
    List<ComponentNode> children = new ArrayList<>();
    for (ComponentDefinition child : d.childrenOf(c.name())) {
      children.add(node(d, child, object, problems, warnings, path));
    }
    path.remove(c.name());
    int childReplicas = 0;
    ResourceList childResources = ResourceList.empty();
    boolean anyVisibleChild = false;
    for (ComponentNode ch : children) {
      if (ch.visible()) {
        anyVisibleChild = true;
        childReplicas += ch.desiredReplicas();
        childResources = childResources.plus(ch.resources());
      }
    }
    int desired;
    ResourceList resources;
    if (podBearing) {
      desired = own + childReplicas;
      resources = ownResources.plus(childResources);
    } else if (anyVisibleChild) {
      desired = childReplicas;
      resources = childResources;
    } else {
      desired = c.scaleDefinition() != null ? own : 0;
      resources = ResourceList.empty();
    }
    boolean visible = podBearing || c.scaleDefinition() != null || anyVisibleChild;
    return new ComponentNode(c, instances, children, podBearing, podBearing ? own : 0,
        podBearing ? ownResources : ResourceList.empty(), desired, resources, visible);
  }

  /**
   * The pod spec of result {@code index} of the component's pod path, as a pointer in the object; null when the path
   * computes its value.
   */
  private String podSpecPointer(ComponentDefinition c, int index, JqInput object) {
    if (c.specDefinition() == null) {
      return null;
    }
    if (c.specDefinition().podTemplateSpecPath() != null) {
      String p = extractor.objectPointer(c.specDefinition().podTemplateSpecPath(), index, object);
      return p == null ? null : p + "/spec";
    }
    if (c.specDefinition().podSpecPath() != null) {
      return extractor.objectPointer(c.specDefinition().podSpecPath(), index, object);
    }
    return null;
  }

  /**
   * Every count-like resource (GPUs and other extended resources) must be a whole count that fits in a {@code long};
   * one that does not is a problem and is left out of the totals, instead of failing the whole view later.
   */
  private static ResourceList countable(Definition d, ComponentDefinition c, InstanceRecord r, ResourceList perPod,
      List<EvaluationProblem> problems) {
    ResourceList out = perPod;
    for (var e : perPod.asMap().entrySet()) {
      if (!ExtendedResourceRules.isExtended(e.getKey())) {
        continue;
      }
      try {
        dev.workloadmap.sdk.internal.resources.Quantities.toWholeUnits(e.getValue().multiply(java.math.BigDecimal.valueOf(
            Math.max(1, r.scale() == null ? 1 : r.scale().desired()))));
      } catch (WorkloadMapException ex) {
        problems.add(new EvaluationProblem(c.name(), "resources", null, "instance \"" + r.id() + "\": "
            + e.getKey() + ": " + ex.getMessage() + "; left out of the totals",
            d.locate(c.pointer() + "/specDefinition")));
        out = out.with(e.getKey(), java.math.BigDecimal.ZERO);
      }
    }
    return out;
  }

  /** Extended-resource rules Kubernetes enforces on the instance's pod (spec or template). */
  private static List<ExtendedResourceRules.Violation> kubernetesViolations(InstanceRecord r) {
    if (r.podTemplateSpec() != null) {
      return r.podTemplateSpec().isObject()
          ? ExtendedResourceRules.violations(r.podTemplateSpec().get("spec"), "template.spec") : List.of();
    }
    if (r.podSpec() != null) {
      return ExtendedResourceRules.violations(r.podSpec(), "spec");
    }
    return List.of();
  }

  private static ResourceList perPod(InstanceRecord r) {
    if (r.podTemplateSpec() != null) {
      return PodResources.perPodFromTemplate(r.podTemplateSpec());
    }
    if (r.podSpec() != null) {
      return PodResources.perPod(r.podSpec());
    }
    FragmentedPodSpec f = r.fragmentedPodSpec();
    if (f != null) {
      JsonNode containers = f.get("containers");
      JsonNode container = f.get("container");
      return PodResources.fragmented(containers, container, f.get("resources"));
    }
    return ResourceList.empty();
  }
}
