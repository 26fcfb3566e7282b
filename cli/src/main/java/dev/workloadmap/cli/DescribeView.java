package dev.workloadmap.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.sdk.EvaluationProblem;
import dev.workloadmap.sdk.live.LiveComponent;
import dev.workloadmap.sdk.live.LiveJson;
import dev.workloadmap.sdk.live.LivePod;
import dev.workloadmap.sdk.live.LiveTree;
import dev.workloadmap.sdk.live.UnmatchedPod;
import dev.workloadmap.sdk.resources.ResourceList;
import dev.workloadmap.sdk.tree.ComponentNode;
import dev.workloadmap.sdk.tree.InstanceNode;
import dev.workloadmap.sdk.tree.TreeJson;
import dev.workloadmap.sdk.tree.TreeText;
import dev.workloadmap.sdk.tree.WorkloadTree;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * The {@code describe} view (spec §7.4) of a resolved workload, live (with its attributed pods) or in file mode (desired
 * structure and requested resources only).
 *
 * <p><b>Text.</b> A header ({@code Kind/name   namespace: ns   definition: name (origin)}, then {@code age: 2h} live or
 * {@code (file mode: no live status)}), the component tree, a {@code Phase: A,B} line with every matched status of the
 * root, the resources table with a TOTAL row (never truncated), then, live, the owned pods that no component claimed.
 * A component row is its name (the instance id for an instance of a multi-instance component), {@code R/D ready}
 * (ready pods against desired replicas; file mode {@code replicas: D}), {@code gpu: N} (requested; blank when 0) and the
 * nodes of its pods. A pod row is its name, its phase with {@code (Reason)} when it is not running, its GPUs and its node
 * or {@code <none>}. The tree is drawn with the SDK's glyphs (as {@link TreeText} and the live view of the SDK), columns
 * are aligned over the rows (truncation rows do not widen them), and no line has trailing whitespace.
 *
 * <p><b>Limits.</b> {@code podLimit} (per row; 0 means all) shows pods sorted by name, unhealthy first when truncating,
 * then {@code ... and N more (k unhealthy shown)} or {@code (k of m unhealthy shown)}. {@code componentLimit} (the rows
 * below the root; 0 means all) keeps unhealthy components first, then components with missing pods, then the others,
 * shown in declaration order, then {@code ... and N more components (k unhealthy, j with missing pods)}; file mode gives
 * no counts. JSON ignores the limits.
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

  /** A row of the tree, with the rows drawn under it. */
  private static final class Row {
    final String[] cells;
    final List<Row> children = new ArrayList<>();
    final boolean truncation;
    boolean unhealthy;
    boolean missing;

    Row(String[] cells, boolean truncation) {
      this.cells = cells;
      this.truncation = truncation;
    }
  }

  // ---------------------------------------------------------------- text

  /** The text view with the limits applied (0 means all). */
  String text(int podLimit, int componentLimit) {
    StringBuilder out = new StringBuilder();
    StringBuilder header = new StringBuilder(tree.object().toString());
    if (!tree.object().namespace().isEmpty()) {
      header.append("   namespace: ").append(tree.object().namespace());
    }
    header.append("   definition: ").append(tree.definitionName());
    if (origin != null && !origin.isEmpty()) {
      header.append(" (").append(origin).append(')');
    }
    header.append(fileMode() ? "   (file mode: no live status)" : "   age: " + age);
    out.append(header).append("\n\n");

    ComponentNode root = tree.root();
    Row rootRow = rootRow(root, podLimit);
    List<Row> top = items(root, podLimit);
    rootRow.children.addAll(limitComponents(top, componentLimit));
    List<String[]> lines = new ArrayList<>();
    List<Boolean> spans = new ArrayList<>();
    lines.add(rootRow.cells);
    spans.add(false);
    emit(rootRow.children, "", lines, spans);
    appendAligned(out, lines, spans);
    if (tree.status() != null) {
      out.append("Phase: ").append(String.join(",", tree.status().phases())).append('\n');
    }
    readinessText(out);
    TreeText.appendResources(out, tree, gpu);
    if (live != null && !live.unmatched().isEmpty()) {
      out.append('\n').append("Pods owned by the workload that no component claimed:\n");
      for (UnmatchedPod u : live.unmatched()) {
        out.append("  ").append(u.name()).append(": ").append(u.reason()).append('\n');
      }
    }
    if (!tree.problems().isEmpty() || (live != null && !live.problems().isEmpty())) {
      out.append('\n').append("Problems:\n");
      for (EvaluationProblem p : tree.problems()) {
        out.append("  ").append(p.format()).append('\n');
      }
      if (live != null) {
        live.problems().forEach(p -> out.append("  ").append(p).append('\n'));
      }
    }
    return out.toString();
  }

  private Row rootRow(ComponentNode root, int podLimit) {
    if (!root.podBearing()) {
      return new Row(new String[] {root.name(), "", "", ""}, false);
    }
    if (live == null) {
      return new Row(new String[] {root.name(), replicasCell(root.ownReplicas(), root.uncounted()),
          gpuCell(root.ownResources(), root.uncounted()), ""}, false);
    }
    LiveComponent c = live.component(root.name()).orElse(null);
    Row r = c == null ? new Row(new String[] {root.name(), "", "", ""}, false) : componentRow(c);
    if (c != null) {
      r.children.addAll(podRows(c.pods(), podLimit));
    }
    return r;
  }

  /** The rows under {@code n}: pod-bearing children (split per instance), grouping children with their subtrees. */
  private List<Row> items(ComponentNode n, int podLimit) {
    List<Row> out = new ArrayList<>();
    for (ComponentNode ch : n.children()) {
      if (!ch.visible()) {
        continue;
      }
      if (ch.podBearing() && ch.multiInstance() && !ch.instances().isEmpty()) {
        for (InstanceNode in : ch.instances()) {
          out.add(podBearingRow(ch, in, podLimit));
        }
      } else if (ch.podBearing()) {
        out.add(podBearingRow(ch, null, podLimit));
      } else {
        Row r;
        List<Row> sub = items(ch, podLimit);
        if (live == null) {
          r = new Row(new String[] {ch.name(), replicasCell(ch.desiredReplicas(), subtreeUncounted(ch)), "", ""},
              false);
        } else {
          int[] s = sums(ch);
          r = new Row(new String[] {ch.name(), s[0] + "/" + s[1] + " ready", "", ""}, false);
        }
        r.children.addAll(sub);
        sub.forEach(x -> {
          r.unhealthy |= x.unhealthy;
          r.missing |= x.missing;
        });
        out.add(r);
      }
    }
    return out;
  }

  private Row podBearingRow(ComponentNode ch, InstanceNode in, int podLimit) {
    Row r;
    if (live == null) {
      int replicas = in == null ? ch.ownReplicas() : in.desiredReplicas();
      ResourceList res = in == null ? ch.ownResources() : in.total();
      java.util.Set<String> u = in == null ? ch.uncounted() : in.uncounted();
      r = new Row(new String[] {in == null ? ch.name() : in.id(), replicasCell(replicas, u), gpuCell(res, u), ""},
          false);
    } else {
      LiveComponent c = (in == null ? live.component(ch.name(), null) : live.component(ch.name(), in.id()))
          .orElse(null);
      if (c == null) {
        int desired = in == null ? ch.ownReplicas() : in.desiredReplicas();
        r = new Row(new String[] {in == null ? ch.name() : in.id(), "0/" + desired + " ready",
            gpuCell(in == null ? ch.ownResources() : in.total()), ""}, false);
        r.missing = desired > 0;
      } else {
        r = componentRow(c);
        r.children.addAll(podRows(c.pods(), podLimit));
      }
    }
    List<Row> sub = items(ch, podLimit);
    r.children.addAll(sub);
    for (Row x : sub) {
      r.unhealthy |= x.unhealthy;
      r.missing |= x.missing;
    }
    return r;
  }

  private Row componentRow(LiveComponent c) {
    Row r = new Row(new String[] {c.name(), c.ready() + "/" + c.desired() + " ready", gpuCell(c.resources()),
        String.join(",", c.nodes())}, false);
    r.unhealthy = c.pods().stream().anyMatch(LivePod::unhealthy);
    r.missing = c.current() < c.desired();
    return r;
  }

  private List<Row> podRows(List<LivePod> pods, int limit) {
    List<LivePod> sorted = pods.stream().sorted(Comparator.comparing(LivePod::name)).toList();
    List<LivePod> shown = sorted;
    String more = null;
    if (limit > 0 && sorted.size() > limit) {
      List<LivePod> ordered = new ArrayList<>(sorted.stream().filter(LivePod::unhealthy).toList());
      sorted.stream().filter(p -> !p.unhealthy()).forEach(ordered::add);
      shown = ordered.subList(0, limit);
      long unhealthy = sorted.stream().filter(LivePod::unhealthy).count();
      long unhealthyShown = shown.stream().filter(LivePod::unhealthy).count();
      more = "... and " + (sorted.size() - limit) + " more ("
          + (unhealthyShown == unhealthy ? unhealthyShown : unhealthyShown + " of " + unhealthy) + " unhealthy shown)";
    }
    List<Row> out = new ArrayList<>();
    for (LivePod p : shown) {
      String phase = p.reason() == null ? p.phase() : p.phase() + " (" + p.reason() + ")";
      Row r = new Row(new String[] {p.name(), phase, gpuCell(p.resources()),
          Objects.requireNonNullElse(p.node(), "<none>")}, false);
      r.unhealthy = p.unhealthy();
      out.add(r);
    }
    if (more != null) {
      out.add(new Row(new String[] {more}, true));
    }
    return out;
  }

  private List<Row> limitComponents(List<Row> rows, int limit) {
    if (limit <= 0 || rows.size() <= limit) {
      return rows;
    }
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < rows.size(); i++) {
      order.add(i);
    }
    order.sort(Comparator.comparingInt((Integer i) -> rank(rows.get(i))).thenComparingInt(i -> i));
    List<Integer> keep = new ArrayList<>(order.subList(0, limit));
    keep.sort(null);
    List<Row> out = new ArrayList<>();
    keep.forEach(i -> out.add(rows.get(i)));
    int hidden = rows.size() - limit;
    StringBuilder more = new StringBuilder("... and ").append(hidden).append(" more component")
        .append(hidden == 1 ? "" : "s");
    if (!fileMode()) {
      long unhealthy = 0;
      long missing = 0;
      for (int i = 0; i < rows.size(); i++) {
        if (!keep.contains(i)) {
          unhealthy += rows.get(i).unhealthy ? 1 : 0;
          missing += rows.get(i).missing ? 1 : 0;
        }
      }
      more.append(" (").append(unhealthy).append(" unhealthy, ").append(missing).append(" with missing pods)");
    }
    out.add(new Row(new String[] {more.toString()}, true));
    return out;
  }

  private static int rank(Row r) {
    return r.unhealthy ? 0 : r.missing ? 1 : 2;
  }

  /** Ready and desired pods over every live row under a grouping component. */
  private int[] sums(ComponentNode n) {
    int[] s = new int[2];
    for (LiveComponent c : live.components()) {
      if (under(n, c.component())) {
        s[0] += c.ready();
        s[1] += c.desired();
      }
    }
    return s;
  }

  private static boolean under(ComponentNode n, String component) {
    if (n.name().equals(component)) {
      return true;
    }
    return n.children().stream().anyMatch(ch -> under(ch, component));
  }

  /** {@code replicas: N}, or {@code replicas: ?} when a problem left the count uncounted: never a wrong number. */
  private static String replicasCell(int replicas, java.util.Set<String> uncounted) {
    return "replicas: " + (uncounted.contains(InstanceNode.REPLICAS) ? "?" : Integer.toString(replicas));
  }

  private String gpuCell(ResourceList r, java.util.Set<String> uncounted) {
    if (uncounted.contains(InstanceNode.REPLICAS) || uncounted.contains(InstanceNode.RESOURCES)
        || uncounted.contains(gpu)) {
      return "gpu: ?";
    }
    return gpuCell(r);
  }

  private static java.util.Set<String> subtreeUncounted(ComponentNode c) {
    java.util.Set<String> out = new java.util.TreeSet<>(c.uncounted());
    c.children().forEach(ch -> out.addAll(subtreeUncounted(ch)));
    return out;
  }

  private String gpuCell(ResourceList r) {
    long g = r == null ? 0 : r.gpus(gpu);
    return g == 0 ? "" : "gpu: " + g;
  }

  private static void emit(List<Row> rows, String indent, List<String[]> lines, List<Boolean> spans) {
    for (int i = 0; i < rows.size(); i++) {
      Row r = rows.get(i);
      boolean last = i == rows.size() - 1;
      String[] cells = r.cells.clone();
      cells[0] = indent + (last ? "└── " : "├── ") + cells[0];
      lines.add(cells);
      spans.add(r.truncation);
      emit(r.children, indent + (last ? "    " : "│   "), lines, spans);
    }
  }

  /**
   * Rows as columns separated by at least two spaces (as the SDK's views), trailing whitespace trimmed; a truncation
   * row is one cell that neither takes part in nor breaks the column widths.
   */
  private static void appendAligned(StringBuilder out, List<String[]> rows, List<Boolean> spans) {
    int cols = rows.stream().mapToInt(r -> r.length).max().orElse(0);
    int[] width = new int[cols];
    for (int k = 0; k < rows.size(); k++) {
      if (spans.get(k)) {
        continue;
      }
      String[] r = rows.get(k);
      for (int i = 0; i < r.length; i++) {
        width[i] = Math.max(width[i], r[i].codePointCount(0, r[i].length()));
      }
    }
    for (String[] r : rows) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < r.length; i++) {
        line.append(r[i]);
        if (i < r.length - 1) {
          line.append(" ".repeat(Math.max(0, width[i] - r[i].codePointCount(0, r[i].length())) + 2));
        }
      }
      int end = line.length();
      while (end > 0 && line.charAt(end - 1) == ' ') {
        end--;
      }
      out.append(line, 0, end).append('\n');
    }
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
      out.append("Live status: ").append(readiness.liveStatus().displayName()).append(" (")
          .append(readiness.reason()).append(")\n");
    }
    if (!readiness.gangs().isEmpty()) {
      out.append("\nGangs:\n");
      List<String[]> rows = new ArrayList<>();
      rows.add(new String[] {"GANG", "MIN MEMBER", "CREATED", "SCHEDULED", "READY"});
      for (var g : readiness.gangs()) {
        rows.add(new String[] {g.gang(), Integer.toString(g.desired()), Integer.toString(g.created()),
            Integer.toString(g.scheduled()), Integer.toString(g.ready())});
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
        row.put("desired", c.desired()).put("created", c.created())
            .put("scheduled", c.scheduled()).put("ready", c.ready());
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
            fileComponent(comps, in.id(), c.name(), in.id(), in.desiredReplicas(), in.total(), in.uncounted());
          }
        } else {
          fileComponent(comps, c.name(), c.name(), null, c.ownReplicas(), c.ownResources(), c.uncounted());
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

  private void fileComponent(ArrayNode comps, String name, String component, String instance, int desired,
      ResourceList res, java.util.Set<String> uncounted) {
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
