package dev.workloadmap.sdk.internal.tree;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.EvaluationProblem;
import dev.workloadmap.sdk.WorkloadMapException;
import dev.workloadmap.sdk.definition.ComponentDefinition;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.extract.FragmentedPodSpec;
import dev.workloadmap.sdk.extract.InstanceRecord;
import dev.workloadmap.sdk.internal.extract.ComponentExtractor;
import dev.workloadmap.sdk.internal.extract.ExtractedComponent;
import dev.workloadmap.sdk.internal.jq.SortedKeys;
import dev.workloadmap.sdk.internal.live.PodResourcesMemo;
import dev.workloadmap.sdk.internal.resources.ExtendedResourceRules;
import dev.workloadmap.sdk.internal.resources.PodRequests;
import dev.workloadmap.sdk.internal.status.StatusEvaluator;
import dev.workloadmap.sdk.jq.JqInput;
import dev.workloadmap.sdk.resources.PodResources;
import dev.workloadmap.sdk.resources.ResourceList;
import dev.workloadmap.sdk.spi.JqEngine;
import dev.workloadmap.sdk.status.StatusResult;
import dev.workloadmap.sdk.tree.ComponentNode;
import dev.workloadmap.sdk.tree.InstanceNode;
import dev.workloadmap.sdk.tree.ObjectRef;
import dev.workloadmap.sdk.tree.WorkloadTree;
import java.util.ArrayList;
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
    ComponentNode root = node(d, rootDef, object, problems, warnings, new ArrayList<>(4));
    StatusResult st = status.evaluate(d, rootDef, object);
    if (st != null && !st.problems().isEmpty()) {
      problems.addAll(st.problems());
    }
    long[] replicas = {0};
    ResourceList total = podBearingTotals(root, replicas, ResourceList.empty());
    long totalReplicas = replicas[0];
    if (totalReplicas > Integer.MAX_VALUE) {
      problems.add(new EvaluationProblem(
          rootDef.name(),
          "scaleDefinition",
          null,
          "the workload's replicas (" + totalReplicas + ") exceed " + Integer.MAX_VALUE
              + ": the total cannot be counted",
          d.locate(rootDef.pointer())));
      totalReplicas = Integer.MAX_VALUE;
    }
    if (!allSmallOrNative(total)) {
      for (var e : total.asMap().entrySet()) {
        if (smallAmount(e.getValue()) || !ExtendedResourceRules.isExtended(e.getKey())) {
          continue;
        }
        try {
          dev.workloadmap.sdk.internal.resources.Quantities.toWholeUnits(e.getValue());
        } catch (WorkloadMapException ex) {
          problems.add(new EvaluationProblem(
              rootDef.name(),
              "resources",
              null,
              "total " + e.getKey() + ": " + ex.getMessage() + "; left out of the totals",
              d.locate(rootDef.pointer())));
          total = total.with(e.getKey(), java.math.BigDecimal.ZERO);
        }
      }
    }
    return new WorkloadTree(
        ObjectRef.of(object.original()),
        d.name(),
        root,
        st,
        (int) totalReplicas,
        total,
        problems.isEmpty() ? List.of() : problems,
        warnings.isEmpty() ? List.of() : warnings);
  }

  /**
   * Adds the own replicas (to {@code replicas[0]}) and own resources of every pod-bearing node of the subtree to
   * {@code total} (sums are exact, so the order of the walk does not matter).
   */
  private static ResourceList podBearingTotals(
      ComponentNode n, long[] replicas, ResourceList total) {
    ResourceList sum = total;
    if (n.podBearing()) {
      replicas[0] += n.ownReplicas();
      sum = sum.plus(n.ownResources());
    }
    List<ComponentNode> children = n.children();
    for (int i = 0; i < children.size(); i++) {
      sum = podBearingTotals(children.get(i), replicas, sum);
    }
    return sum;
  }

  private ComponentNode node(
      Definition d,
      ComponentDefinition c,
      JqInput object,
      List<EvaluationProblem> problems,
      List<String> warnings,
      List<String> path) {
    // the components from the root to here: a few, so a list (a cycle repeats a name)
    if (path.contains(c.name())) {
      throw new WorkloadMapException("ownership cycle detected involving component " + c.name());
    }
    path.add(c.name());
    ExtractedComponent ex = extractor.extract(d, c, object);
    if (strict && !ex.problems().isEmpty()) {
      // strict mode fails fast like the reference, at the first path that failed
      EvaluationProblem first = ex.problems().get(0);
      throw new WorkloadMapException(
          "component '" + first.component() + "': " + first.message(), first.location(), null);
    }
    if (!ex.problems().isEmpty()) {
      problems.addAll(ex.problems());
    }
    if (!ex.warnings().isEmpty()) {
      warnings.addAll(ex.warnings());
    }
    boolean podBearing = c.hasPodDefinition();
    List<InstanceNode> instances = new ArrayList<>(ex.instances().size());
    int own = 0;
    ResourceList ownResources = ResourceList.empty();
    Set<String> ownUncounted = new Marks();
    int index = 0;
    // a scale path that failed as a whole leaves every count unknown: the problem says so and the
    // count is 0, never
    // the "no scale definition" default of 1 (a TrainJob's node count that only its runtime
    // carries); one value that
    // is not a count leaves only its own instance unknown
    boolean scaleFailed =
        c.scaleDefinition() != null && anyField(ex.problems(), "scaleDefinition", true);
    if (c.hasInstanceIdPath()
        && (podBearing || c.scaleDefinition() != null)
        && anyField(ex.problems(), "instanceIdPath", true)) {
      ownUncounted.add(
          InstanceNode
              .REPLICAS); // no instance could be read: the component's pods are unknown, not 0
    }
    boolean specFailed = podBearing && anyField(ex.problems(), "specDefinition", false);
    List<InstanceRecord> records = ex.instances();
    QuickReads quickReads = podBearing ? new QuickReads() : null;
    // the last per-pod list found all small or native: an instance that reuses it needs no check
    ResourceList lastSmall = null;
    for (int ri = 0; ri < records.size(); ri++) {
      InstanceRecord r = records.get(ri);
      Set<String> uncounted = new Marks();
      boolean badScale =
          c.scaleDefinition() != null && (scaleFailed || ex.uncountedScales().contains(r.id()));
      if (badScale) {
        uncounted.add(InstanceNode.REPLICAS);
      }
      int desired = badScale ? 0 : r.scale() == null ? 1 : r.scale().desired();
      ResourceList perPod = ResourceList.empty();
      if (podBearing) {
        if (specFailed) {
          uncounted.add(
              InstanceNode.RESOURCES); // the pod spec could not be read: its requests are unknown
        }
        JsonNode raw = rawPodNode(r);
        ResourceList quick = raw == null ? null : quickReads.read(r, raw, ri + 1 < records.size());
        try {
          perPod = quick != null ? quick : perPod(r);
        } catch (WorkloadMapException e) {
          uncounted.add(InstanceNode.RESOURCES);
          EvaluationProblem p = new EvaluationProblem(
              c.name(),
              "resources",
              null,
              "instance \"" + r.id() + "\": " + e.getMessage() + "; left out of the totals",
              d.locate(c.pointer() + "/specDefinition"));
          String at = quantityPointer(c, index, object, e);
          problems.add(at == null ? p : p.withObjectPointer(at));
        }
        String podPointer = null;
        List<ExtendedResourceRules.Violation> violations =
            quick != null ? quickViolations(r, quickReads.clean) : kubernetesViolations(r);
        if (!violations.isEmpty()) {
          podPointer = podSpecPointer(c, index, object);
        }
        for (ExtendedResourceRules.Violation v : violations) {
          EvaluationProblem p = new EvaluationProblem(
              c.name(),
              "resources",
              null,
              "instance \"" + r.id() + "\": " + v.message()
                  + " (the API server rejects such a pod); left out of" + " the totals",
              d.locate(c.pointer() + "/specDefinition"));
          problems.add(podPointer == null ? p : p.withObjectPointer(podPointer + v.pointer()));
          String name = resourceName(v.pointer());
          uncounted.add(name);
          perPod = perPod.with(name, java.math.BigDecimal.ZERO);
        }
        if (perPod != lastSmall) {
          if (allSmallOrNative(perPod)) {
            lastSmall = perPod; // countable would return it as it is
          } else {
            perPod = countable(d, c, r, perPod, desired, problems, uncounted, index, object);
          }
        }
        if (uncounted.contains(InstanceNode.RESOURCES)) {
          perPod = ResourceList.empty();
        }
      }
      index++;
      // one pod: the per-pod list itself (its amounts are normalized, as every ResourceList's are,
      // so
      // times(1) would only copy it into an equal list)
      ResourceList total = desired == 1 ? perPod : perPod.times(desired);
      if ((long) own + desired > Integer.MAX_VALUE) {
        problems.add(new EvaluationProblem(
            c.name(),
            "scaleDefinition",
            null,
            "instance \"" + r.id() + "\": the" + " component's replicas exceed " + Integer.MAX_VALUE
                + "; left out of the totals",
            d.locate(c.pointer() + "/scaleDefinition")));
        uncounted.add(InstanceNode.REPLICAS);
        desired = 0;
        total = ResourceList.empty();
      } else {
        own += desired;
        ownResources = ownResources.plus(total);
      }
      ownUncounted.addAll(uncounted);
      instances.add(new InstanceNode(
          r.id().isEmpty() ? null : r.id(),
          r,
          desired,
          perPod,
          total,
          uncounted.isEmpty() ? Set.of() : uncounted));
    }
    instances.sort((a, b) -> SortedKeys.compareCodePoints(a.id(), b.id()));
    List<ComponentDefinition> childDefinitions = d.childrenOf(c.name());
    List<ComponentNode> children = new ArrayList<>(childDefinitions.size());
    for (int i = 0; i < childDefinitions.size(); i++) {
      children.add(node(d, childDefinitions.get(i), object, problems, warnings, path));
    }
    path.remove(path.size() - 1);
    int childReplicas = 0;
    ResourceList childResources = ResourceList.empty();
    boolean anyVisibleChild = false;
    for (int i = 0; i < children.size(); i++) {
      ComponentNode ch = children.get(i);
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
    if (!podBearing && anyVisibleChild) {
      ownUncounted
          .clear(); // a grouping component shows its children's sums: its own scale is not counted
    }
    return new ComponentNode(
        c,
        instances,
        children.isEmpty() ? List.of() : children,
        podBearing,
        podBearing ? own : 0,
        podBearing ? ownResources : ResourceList.empty(),
        desired,
        resources,
        visible,
        ownUncounted.isEmpty() ? Set.of() : ownUncounted);
  }

  /**
   * A set of uncounted names that makes its tree only at the first name: most instances and components have none.
   * {@link InstanceNode} and {@link ComponentNode} copy it.
   */
  private static final class Marks extends java.util.AbstractSet<String> {
    private java.util.TreeSet<String> names;

    @Override
    public boolean add(String name) {
      if (names == null) {
        names = new java.util.TreeSet<>();
      }
      return names.add(name);
    }

    @Override
    public boolean contains(Object o) {
      return names != null && names.contains(o);
    }

    @Override
    public void clear() {
      names = null;
    }

    @Override
    public int size() {
      return names == null ? 0 : names.size();
    }

    @Override
    public java.util.Iterator<String> iterator() {
      return names == null ? java.util.Collections.emptyIterator() : names.iterator();
    }
  }

  /**
   * Whether every amount is {@link #smallAmount} or not an extended resource: then neither check below can fail. Read
   * with {@code forEach} (no entry iterator).
   */
  private static boolean allSmallOrNative(ResourceList list) {
    SmallCheck check = new SmallCheck();
    list.asMap().forEach(check);
    return check.ok;
  }

  private static final class SmallCheck
      implements java.util.function.BiConsumer<String, java.math.BigDecimal> {
    boolean ok = true;

    @Override
    public void accept(String name, java.math.BigDecimal amount) {
      ok &= smallAmount(amount) || !ExtendedResourceRules.isExtended(name);
    }
  }

  /** Whether some problem's field ends with (or, with {@code suffix} false, contains) {@code part}. */
  private static boolean anyField(List<EvaluationProblem> problems, String part, boolean suffix) {
    for (int i = 0; i < problems.size(); i++) {
      String f = problems.get(i).field();
      if (f != null && (suffix ? f.endsWith(part) : f.contains(part))) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether {@link dev.workloadmap.sdk.internal.resources.Quantities#toWholeUnits} certainly succeeds on {@code
   * amount} and on {@code amount} times any int: at most 9 digits before the point, so both stay far below the
   * {@code long} range. The checks below skip the conversion (and its allocations) then; any other amount is
   * converted as before.
   */
  static boolean smallAmount(java.math.BigDecimal amount) {
    return amount.signum() == 0 || amount.precision() - amount.scale() <= 9;
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
   * Every count-like resource (GPUs and other extended resources) must be a whole count per pod, and its total must fit
   * in a {@code long}; one that does not is a problem, is left out of the totals and is marked uncounted, instead of
   * failing the whole view later or showing a rounded number.
   */
  private ResourceList countable(
      Definition d,
      ComponentDefinition c,
      InstanceRecord r,
      ResourceList perPod,
      int desired,
      List<EvaluationProblem> problems,
      Set<String> uncounted,
      int index,
      JqInput object) {
    if (allSmallOrNative(perPod)) {
      return perPod; // nothing to convert (the usual case): no walk of the entries
    }
    ResourceList out = perPod;
    for (var e : perPod.asMap().entrySet()) {
      if (smallAmount(e.getValue())
          || !ExtendedResourceRules.isExtended(e.getKey())
          || uncounted.contains(e.getKey())) {
        continue;
      }
      try {
        dev.workloadmap.sdk.internal.resources.Quantities.toWholeUnits(e.getValue());
        dev.workloadmap.sdk.internal.resources.Quantities.toWholeUnits(
            e.getValue().multiply(java.math.BigDecimal.valueOf(Math.max(1, desired))));
      } catch (WorkloadMapException ex) {
        EvaluationProblem p = new EvaluationProblem(
            c.name(),
            "resources",
            null,
            "instance \"" + r.id() + "\": " + e.getKey() + ": " + ex.getMessage()
                + "; left out of the totals",
            d.locate(c.pointer() + "/specDefinition"));
        String at = quantityOf(r, e.getKey());
        String base = at == null ? null : podSpecPointer(c, index, object);
        problems.add(base == null ? p : p.withObjectPointer(base + at));
        uncounted.add(e.getKey());
        out = out.with(e.getKey(), java.math.BigDecimal.ZERO);
      }
    }
    return out;
  }

  /**
   * Where the quantity or field a resources error names is in the object: the pod spec's place plus the error's JSON
   * path ({@code template.spec.containers[0].resources.requests.cpu}) as a pointer; null when either is unknown.
   */
  private String quantityPointer(
      ComponentDefinition c, int index, JqInput object, WorkloadMapException e) {
    String path = null;
    if (e instanceof dev.workloadmap.sdk.resources.InvalidQuantityException q) {
      path = q.path().orElse(null);
    } else if (e instanceof dev.workloadmap.sdk.resources.InvalidResourcesException r) {
      path = r.path();
    }
    if (path == null) {
      return null;
    }
    String rest;
    if (path.equals("template.spec")
        || path.startsWith("template.spec.")
        || path.startsWith("template.spec[")) {
      rest = path.substring("template.spec".length());
    } else if (path.equals("spec") || path.startsWith("spec.") || path.startsWith("spec[")) {
      rest = path.substring("spec".length());
    } else {
      return null; // a fragmented pod spec: its fields come from several paths
    }
    String relative = pointerOf(rest);
    String base = relative == null ? null : podSpecPointer(c, index, object);
    return base == null ? null : base + relative;
  }

  /** {@code .containers[0].resources.limits["nvidia.com/gpu"]} as {@code /containers/0/resources/limits/nvidia.com~1gpu}. */
  static String pointerOf(String path) {
    StringBuilder out = new StringBuilder();
    int i = 0;
    while (i < path.length()) {
      char ch = path.charAt(i);
      if (ch == '.') {
        int j = i + 1;
        while (j < path.length() && path.charAt(j) != '.' && path.charAt(j) != '[') {
          j++;
        }
        out.append('/').append(escape(path.substring(i + 1, j)));
        i = j;
      } else if (ch == '[' && i + 1 < path.length() && path.charAt(i + 1) == '"') {
        StringBuilder key = new StringBuilder();
        int j = i + 2;
        while (j < path.length() && path.charAt(j) != '"') {
          if (path.charAt(j) == '\\' && j + 1 < path.length()) {
            j++;
          }
          key.append(path.charAt(j));
          j++;
        }
        if (j + 1 >= path.length() || path.charAt(j + 1) != ']') {
          return null;
        }
        out.append('/').append(escape(key.toString()));
        i = j + 2;
      } else if (ch == '[') {
        int j = path.indexOf(']', i);
        if (j < 0) {
          return null;
        }
        out.append('/').append(path, i + 1, j);
        i = j + 1;
      } else {
        return null;
      }
    }
    return out.toString();
  }

  private static String escape(String key) {
    return key.replace("~", "~0").replace("/", "~1");
  }

  /**
   * The pointer, relative to the instance's pod spec, of the first container quantity of {@code resource} (requests
   * before limits, containers before init containers), or null.
   */
  private static String quantityOf(InstanceRecord r, String resource) {
    JsonNode spec = r.podTemplateSpec() != null ? r.podTemplateSpec().path("spec") : r.podSpec();
    if (spec == null || !spec.isObject()) {
      return null;
    }
    for (String list : new String[] {"containers", "initContainers"}) {
      JsonNode cs = spec.path(list);
      for (int i = 0; i < cs.size(); i++) {
        for (String side : new String[] {"requests", "limits"}) {
          if (cs.get(i).path("resources").path(side).has(resource)) {
            return "/" + list + "/" + i + "/resources/" + side + "/" + escape(resource);
          }
        }
      }
    }
    return null;
  }

  /** The resource name at the end of a quantity's pointer ({@code .../requests/nvidia.com~1gpu}). */
  private static String resourceName(String pointer) {
    String last = pointer.substring(pointer.lastIndexOf('/') + 1);
    return last.replace("~1", "/").replace("~0", "~");
  }

  /**
   * The instance's pod template or pod spec as the object holds it, when the record holds its canonical form made only
   * on demand ({@link SortedKeys#lazyCanonical}); null when the record's node is read as before (it is already the
   * canonical node, so nothing is saved, or a fragmented spec). The two differ in key order and in the form of
   * numbers: {@link #quickPerPod} reads only what neither can change.
   */
  private static JsonNode rawPodNode(InstanceRecord r) {
    JsonNode n = r.podTemplateSpec() != null ? r.podTemplateSpec() : r.podSpec();
    if (n == null) {
      return null;
    }
    JsonNode raw = SortedKeys.source(n);
    return raw != n ? raw : null;
  }

  /**
   * {@link #perPod} read from {@code raw} ({@link #rawPodNode}), or null to read the record's node instead. On
   * success the request does not depend on key order (amounts are summed per resource name), and {@link
   * PodRequests}' {@code canonicalOnly} gives up at any quantity whose number the canonical form would change. Any
   * failure gives null too, so that the error is the one the canonical key order gives (which quantity is reported
   * first).
   */
  private static ResourceList quickPerPod(
      InstanceRecord r, JsonNode raw, PodRequests.Checked checked) {
    try {
      return r.podTemplateSpec() != null
          ? PodRequests.perPodFromTemplate(raw, checked)
          : PodRequests.perPod(raw, "spec", checked);
    } catch (RuntimeException e) {
      return null;
    }
  }

  /**
   * {@link #kubernetesViolations} after {@link #quickPerPod} succeeded: none when it found every container's extended
   * resources {@link ExtendedResourceRules#clean} (whether a pod breaks a rule depends neither on key order nor on
   * the form of numbers, and every quantity was read there and is valid); otherwise they are read from the record's
   * node, whose key order gives their order.
   */
  private static List<ExtendedResourceRules.Violation> quickViolations(
      InstanceRecord r, boolean clean) {
    return clean ? List.of() : kubernetesViolations(r);
  }

  /**
   * The quick reads ({@link #quickPerPod}) of one component's instances, in order: an instance whose pod spec has the
   * same request fields ({@link PodResourcesMemo.Fields#same}: all that the request formula reads) as the instance read
   * before it gets that instance's request and extended-resource check, which are functions of those fields (a
   * JobSet's leader and workers often differ only in labels and command). Only a read that succeeded is kept.
   */
  private static final class QuickReads {
    private JsonNode lastSpec;
    private ResourceList lastRequest;
    private boolean lastClean;
    /** The extended-resource check ({@link PodRequests.Checked#extendedClean}) of the last successful read. */
    boolean clean;

    /** {@link #quickPerPod} of {@code r}; {@code more} when another instance follows (worth remembering this one). */
    ResourceList read(InstanceRecord r, JsonNode raw, boolean more) {
      // the pod spec the formula reads: a template's spec (the template an object), or the spec
      // itself
      JsonNode spec = r.podTemplateSpec() == null ? raw : raw.isObject() ? raw.get("spec") : null;
      boolean comparable = spec != null && spec.isObject();
      if (comparable && lastSpec != null && PodResourcesMemo.Fields.same(lastSpec, spec)) {
        clean = lastClean;
        return lastRequest;
      }
      PodRequests.Checked checked = new PodRequests.Checked();
      ResourceList quick = quickPerPod(r, raw, checked);
      if (quick == null) {
        return null;
      }
      clean = checked.extendedClean();
      if (comparable && more) {
        lastSpec = spec;
        lastRequest = quick;
        lastClean = clean;
      }
      return quick;
    }
  }

  /** Extended-resource rules Kubernetes enforces on the instance's pod (spec or template). */
  private static List<ExtendedResourceRules.Violation> kubernetesViolations(InstanceRecord r) {
    if (r.podTemplateSpec() != null) {
      return r.podTemplateSpec().isObject()
          ? ExtendedResourceRules.violations(r.podTemplateSpec().get("spec"), "template.spec")
          : List.of();
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
