package dev.workloadmap.sdk.tree;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.sdk.EvaluationProblem;
import dev.workloadmap.sdk.definition.Gvk;
import dev.workloadmap.sdk.extract.Scale;
import dev.workloadmap.sdk.resources.ResourceList;
import dev.workloadmap.sdk.status.Condition;
import java.math.BigDecimal;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * The stable JSON form of a workload tree, for golden files and fixtures. Shape:
 *
 * <pre>{@code
 * {
 *   "object":   {"apiVersion", "kind", "namespace", "name"},
 *   "definition": "<metadata.name>",
 *   "statuses": ["Running"],            // null when the root has no status definition
 *   "phase": "Running" | null,          // raw phase, null when absent
 *   "conditions": [{"type","status","reason","message"}],
 *   "root": <component>,
 *   "total": {"replicas": 3, "resources": <resources>, "complete": true},   // false: a problem left it short
 *   "problems": ["<file:line:col /pointer: component 'x': message>"]   // only when there are problems
 * }
 * <component> = {"name", "kind": "group/version/Kind" | null, "podBearing", "replicas": <subtree desired pods>,
 *                "resources": <subtree resources>,
 *                "instances": [{"id": "leader" | null, "replicas", "minReplicas", "maxReplicas", "desiredReplicas",
 *                               "perPod": <resources>, "resources": <resources>}],
 *                "children": [<component>...]}
 * <resources> = {"gpus": 12, "cpuMillis": 3000, "memoryBytes": 8589934592, "extended": {"name": amount}}
 * }</pre>
 *
 * Keys are always present (null where a value is absent), except {@code problems}, which appears only when non-empty.
 * Amounts are exact decimal numbers; integral amounts are integers.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class TreeJson {
  private TreeJson() {}

  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  /** The JSON form of {@code tree}; {@code gpuResourceName} selects the resource counted as GPUs. */
  public static ObjectNode toJson(WorkloadTree tree, String gpuResourceName) {
    ObjectNode o = F.objectNode();
    ObjectNode ref = o.putObject("object");
    ref.put("apiVersion", tree.object().apiVersion());
    ref.put("kind", tree.object().kind());
    ref.put("namespace", tree.object().namespace());
    ref.put("name", tree.object().name());
    o.put("definition", tree.definitionName());
    if (tree.status() == null) {
      o.putNull("statuses");
      o.putNull("phase");
      o.putArray("conditions");
    } else {
      ArrayNode st = o.putArray("statuses");
      tree.status().phases().forEach(st::add);
      if (tree.status().phase() == null) {
        o.putNull("phase");
      } else {
        o.put("phase", tree.status().phase());
      }
      ArrayNode cs = o.putArray("conditions");
      for (Condition c : tree.status().conditions()) {
        ObjectNode cn = cs.addObject();
        cn.put("type", c.type());
        cn.put("status", c.status());
        cn.put("reason", c.reason());
        cn.put("message", c.message());
      }
    }
    o.set("root", component(tree.root(), gpuResourceName));
    o.set("total", total(tree, gpuResourceName));
    if (!tree.problems().isEmpty()) {
      ArrayNode p = o.putArray("problems");
      for (EvaluationProblem e : tree.problems()) {
        p.add(e.format());
      }
    }
    return o;
  }

  /**
   * {@code {"replicas", "resources", "complete", "uncounted"?}}: the workload's totals, with null for each total that
   * includes an uncounted number ({@link WorkloadTree#uncountedTotals()}).
   */
  @org.apiguardian.api.API(status = org.apiguardian.api.API.Status.EXPERIMENTAL, since = "0.1")
  public static ObjectNode total(WorkloadTree tree, String gpuResourceName) {
    ObjectNode total = F.objectNode();
    java.util.Set<String> uncounted = tree.uncountedTotals();
    if (uncounted.contains(InstanceNode.REPLICAS)) {
      total.putNull("replicas");
    } else {
      total.put("replicas", tree.totalReplicas());
    }
    total.set("resources", resources(tree.totalResources(), gpuResourceName, uncounted));
    total.put("complete", tree.totalsComplete());
    putUncounted(total, uncounted);
    return total;
  }

  private static ObjectNode component(ComponentNode n, String gpu) {
    ObjectNode o = F.objectNode();
    o.put("name", n.name());
    Gvk k = n.definition().kind();
    if (k == null) {
      o.putNull("kind");
    } else {
      o.put("kind", (k.group().isEmpty() ? "" : k.group() + "/") + k.version() + "/" + k.kind());
    }
    o.put("podBearing", n.podBearing());
    java.util.Set<String> subtree = subtree(n);
    if (subtree.contains(InstanceNode.REPLICAS)) {
      o.putNull("replicas");
    } else {
      o.put("replicas", n.desiredReplicas());
    }
    o.set("resources", resources(n.resources(), gpu, subtree));
    putUncounted(o, subtree);
    ArrayNode is = o.putArray("instances");
    for (InstanceNode i : n.instances()) {
      ObjectNode in = is.addObject();
      if (i.key() == null) {
        in.putNull("id");
      } else {
        in.put("id", i.key());
      }
      Scale s = i.scale();
      putInt(in, "replicas", s == null ? null : s.replicas());
      putInt(in, "minReplicas", s == null ? null : s.minReplicas());
      putInt(in, "maxReplicas", s == null ? null : s.maxReplicas());
      if (i.replicasCounted()) {
        in.put("desiredReplicas", i.desiredReplicas());
      } else {
        in.putNull("desiredReplicas");
      }
      java.util.Set<String> perPodUncounted = new java.util.TreeSet<>(i.uncounted());
      perPodUncounted.remove(InstanceNode.REPLICAS);
      in.set("perPod", resources(i.perPod(), gpu, perPodUncounted));
      in.set("resources", resources(i.total(), gpu, i.uncounted()));
      putUncounted(in, i.uncounted());
    }
    ArrayNode cs = o.putArray("children");
    n.children().forEach(c -> cs.add(component(c, gpu)));
    return o;
  }

  private static java.util.Set<String> subtree(ComponentNode n) {
    java.util.Set<String> out = new java.util.TreeSet<>(n.uncounted());
    n.children().forEach(c -> out.addAll(subtree(c)));
    return out;
  }

  /** {@code "uncounted": [...]}, only when a problem left something uncounted. */
  private static void putUncounted(ObjectNode o, java.util.Set<String> uncounted) {
    if (!uncounted.isEmpty()) {
      ArrayNode a = o.putArray("uncounted");
      new java.util.TreeSet<>(uncounted).forEach(a::add);
    }
  }

  private static void putInt(ObjectNode o, String k, Integer v) {
    if (v == null) {
      o.putNull(k);
    } else {
      o.put(k, v.intValue());
    }
  }

  /**
   * As {@link #resources(ResourceList, String)}, with null for each amount that {@code uncounted} (see {@link
   * InstanceNode#uncounted()}) leaves unknown.
   */
  @org.apiguardian.api.API(status = org.apiguardian.api.API.Status.EXPERIMENTAL, since = "0.1")
  public static ObjectNode resources(ResourceList r, String gpu, java.util.Set<String> uncounted) {
    ObjectNode o = resources(r, gpu);
    if (uncounted.isEmpty()) {
      return o;
    }
    boolean all =
        uncounted.contains(InstanceNode.REPLICAS) || uncounted.contains(InstanceNode.RESOURCES);
    if (all || uncounted.contains(gpu)) {
      o.putNull("gpus");
    }
    if (all || uncounted.contains(ResourceList.CPU)) {
      o.putNull("cpuMillis");
    }
    if (all || uncounted.contains(ResourceList.MEMORY)) {
      o.putNull("memoryBytes");
    }
    ObjectNode ext = (ObjectNode) o.get("extended");
    for (String name : uncounted) {
      if (!name.equals(gpu) && isExtendedName(name)) {
        ext.putNull(name);
      }
    }
    if (all) {
      ext.properties().forEach(e -> e.setValue(F.nullNode()));
    }
    return o;
  }

  /** Whether a name in an uncounted set is an extended resource (not a marker, CPU or memory). */
  private static boolean isExtendedName(String name) {
    return !name.equals(InstanceNode.REPLICAS)
        && !name.equals(InstanceNode.RESOURCES)
        && !name.equals(ResourceList.CPU)
        && !name.equals(ResourceList.MEMORY);
  }

  /** {@code {"gpus", "cpuMillis", "memoryBytes", "extended": {...}}} with exact amounts. */
  public static ObjectNode resources(ResourceList r, String gpu) {
    ObjectNode o = F.objectNode();
    o.put("gpus", r.gpus(gpu));
    o.put("cpuMillis", r.cpuMillis());
    o.set("memoryBytes", number(r.memoryBytes()));
    ObjectNode ext = o.putObject("extended");
    for (Map.Entry<String, BigDecimal> e : r.extended().asMap().entrySet()) {
      if (!e.getKey().equals(gpu)) {
        ext.set(e.getKey(), number(e.getValue()));
      }
    }
    return o;
  }

  static JsonNode number(BigDecimal d) {
    BigDecimal s = d.stripTrailingZeros();
    if (s.scale() <= 0) {
      return F.numberNode(s.toBigIntegerExact());
    }
    return F.numberNode(s);
  }
}
