package dev.workloadmap.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.sdk.internal.text.DescribeText;
import dev.workloadmap.sdk.live.LiveJson;
import dev.workloadmap.sdk.live.LiveTree;
import dev.workloadmap.sdk.resources.ResourceList;
import dev.workloadmap.sdk.tree.ComponentNode;
import dev.workloadmap.sdk.tree.InstanceNode;
import dev.workloadmap.sdk.tree.TreeJson;
import dev.workloadmap.sdk.tree.WorkloadTree;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The {@code describe} view (docs/format.md#cli-describe) of a resolved workload, live (with its attributed pods) or in
 * file mode (desired structure and requested resources only).
 *
 * <p><b>Text.</b> Drawn by the SDK's one describe renderer ({@code dev.workloadmap.sdk.internal.text.DescribeText}, the
 * renderer of {@code LiveText} and {@code TreeText} too), which documents the rows and the {@code --pod-limit} and
 * {@code --component-limit} truncation; the CLI adds only its framing: {@code age: 2h} in the live header and the live
 * readiness block (gangs, live status) after the {@code Phase:} line. JSON ignores the limits.
 *
 * <p><b>JSON and YAML.</b> {@code {kind, apiVersion, name, namespace, definition, origin, fileMode, age, phases,
 * components: [{name, component, instance, replicas: {desired, current, ready}, resources: {gpus, cpuMillis,
 * memoryBytes, extended}, nodes, pods: [{name, phase, reason, ready, node, replicaKey, resources}]}], total: {replicas,
 * resources}, unmatched, problems}}}; counts and amounts are numbers (GPUs as counts, CPU in millicores, memory in
 * bytes); {@code current}, {@code ready} and {@code age} are null in file mode, a pod's {@code node} is null when it is
 * not scheduled.
 */
final class DescribeView {

  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  private final WorkloadTree tree;
  private final LiveTree live;
  private dev.workloadmap.sdk.scheduler.LiveReadiness readiness;
  private final String origin;
  private final String age;
  private final String gpu;

  /**
   * @param tree the resolved workload
   * @param live its attributed pods, or null in file mode
   * @param origin {@code catalog} or {@code cluster}
   * @param age the object's age ({@code 2h}), or null in file mode
   * @param gpu the resource counted as GPUs
   */
  WorkloadTree tree() {
    return tree;
  }

  DescribeView(WorkloadTree tree, LiveTree live, String origin, String age, String gpu) {
    this.tree = Objects.requireNonNull(tree, "tree");
    this.live = live;
    this.origin = origin;
    this.age = age;
    this.gpu = gpu;
  }

  boolean fileMode() {
    return live == null;
  }

  // ---------------------------------------------------------------- text

  /**
   * The text view with the limits applied (0 means all): the SDK's one describe renderer, with the CLI's framing (the
   * age in the header, the live readiness block after the {@code Phase:} line).
   */
  String text(int podLimit, int componentLimit) {
    StringBuilder framing = new StringBuilder();
    readinessText(framing);
    String headerSuffix = live == null ? null : "   age: " + age;
    return DescribeText.render(
        tree, live, origin, gpu, podLimit, componentLimit, headerSuffix, framing.toString());
  }

  // ---------------------------------------------------------------- JSON

  /** The JSON view (limits do not apply). */
  /** Adds the live readiness (gang and component pod counts, the live status beside the object's). */
  DescribeView withReadiness(dev.workloadmap.sdk.scheduler.LiveReadiness r) {
    this.readiness = r;
    return this;
  }

  private void readinessText(StringBuilder out) {
    if (readiness == null) {
      return;
    }
    if (readiness.reason() != null) {
      out.append("Live status: ")
          .append(readiness.liveStatus().displayName())
          .append(" (")
          .append(readiness.reason())
          .append(")\n");
    }
    if (!readiness.gangs().isEmpty()) {
      out.append("\nGangs:\n");
      List<String[]> rows = new ArrayList<>();
      rows.add(new String[] {"GANG", "MIN MEMBER", "CREATED", "SCHEDULED", "READY"});
      for (var g : readiness.gangs()) {
        rows.add(new String[] {
          g.gang(),
          Integer.toString(g.desired()),
          Integer.toString(g.created()),
          Integer.toString(g.scheduled()),
          Integer.toString(g.ready())
        });
      }
      StringBuilder t = new StringBuilder();
      Tables.append(t, rows);
      t.toString().lines().forEach(l -> out.append("  ").append(l).append('\n'));
    }
  }

  private ObjectNode readinessJson() {
    ObjectNode r = F.objectNode();
    ArrayNode os = r.putArray("objectStatus");
    readiness.objectStatus().forEach(x -> os.add(x.displayName()));
    r.put("liveStatus", readiness.liveStatus().displayName());
    r.put("reason", readiness.reason());
    for (String k : List.of("gangs", "components")) {
      ArrayNode a = r.putArray(k);
      for (var c : k.equals("gangs") ? readiness.gangs() : readiness.components()) {
        ObjectNode row = a.addObject();
        if (c.gang() == null) {
          row.put("name", c.name());
        } else {
          row.put("gang", c.gang()); // its PodGroup name is in: workloadmap gangs TYPE/NAME -o kai
        }
        row.put("desired", c.desired())
            .put("created", c.created())
            .put("scheduled", c.scheduled())
            .put("ready", c.ready());
      }
    }
    return r;
  }

  ObjectNode json() {
    ObjectNode o = F.objectNode();
    o.put("kind", tree.object().kind());
    o.put("apiVersion", tree.object().apiVersion());
    o.put("name", tree.object().name());
    o.put("namespace", tree.object().namespace());
    o.put("definition", tree.definitionName());
    o.put("origin", origin);
    o.put("fileMode", fileMode());
    o.put("age", age);
    if (tree.phases() == null) {
      o.putNull("phases");
    } else {
      ArrayNode ph = o.putArray("phases");
      tree.phases().forEach(ph::add);
    }
    if (live != null) {
      ObjectNode l = LiveJson.toJson(live, gpu);
      o.set("components", l.get("components"));
      o.set("total", TreeJson.total(tree, gpu)); // an uncounted total is null, never a number
      o.set("unmatched", l.get("unmatched"));
      if (readiness != null) {
        o.set("readiness", readinessJson());
      }
    } else {
      ArrayNode comps = o.putArray("components");
      for (ComponentNode c : tree.components()) {
        if (!c.podBearing() || !c.visible()) {
          continue;
        }
        if (c.multiInstance() && !c.instances().isEmpty()) {
          for (InstanceNode in : c.instances()) {
            fileComponent(
                comps,
                in.id(),
                c.name(),
                in.id(),
                in.desiredReplicas(),
                in.total(),
                in.uncounted());
          }
        } else {
          fileComponent(
              comps, c.name(), c.name(), null, c.ownReplicas(), c.ownResources(), c.uncounted());
        }
      }
      o.set("total", TreeJson.total(tree, gpu)); // an uncounted total is null, never a number
      o.putArray("unmatched");
    }
    ArrayNode problems = o.putArray("problems");
    tree.problems().forEach(p -> problems.add(p.format()));
    if (live != null) {
      live.problems().forEach(problems::add);
    }
    return o;
  }

  private void fileComponent(
      ArrayNode comps,
      String name,
      String component,
      String instance,
      int desired,
      ResourceList res,
      java.util.Set<String> uncounted) {
    ObjectNode cn = comps.addObject();
    cn.put("name", name);
    cn.put("component", component);
    cn.put("instance", instance);
    ObjectNode r = cn.putObject("replicas");
    if (uncounted.contains(InstanceNode.REPLICAS)) {
      r.putNull("desired");
    } else {
      r.put("desired", desired);
    }
    r.putNull("current");
    r.putNull("ready");
    cn.set("resources", TreeJson.resources(res, gpu, uncounted));
    cn.putArray("nodes");
    cn.putArray("pods");
  }
}
