package dev.workloadmap.sdk.internal.text;

import dev.workloadmap.sdk.EvaluationProblem;
import dev.workloadmap.sdk.internal.tree.Uncounted;
import dev.workloadmap.sdk.live.LiveComponent;
import dev.workloadmap.sdk.live.LivePod;
import dev.workloadmap.sdk.live.LiveTree;
import dev.workloadmap.sdk.live.UnmatchedPod;
import dev.workloadmap.sdk.resources.ResourceList;
import dev.workloadmap.sdk.tree.ComponentNode;
import dev.workloadmap.sdk.tree.InstanceNode;
import dev.workloadmap.sdk.tree.TreeText;
import dev.workloadmap.sdk.tree.WorkloadTree;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The one renderer of the {@code describe} view (docs/format.md#cli-describe), live (with attributed pods) or in file
 * mode (desired structure and requested resources). {@code LiveText} (the SDK's live view) and the CLI's
 * {@code describe} both call it; the CLI adds only its framing (the {@code age:} in the header, the live readiness
 * block).
 *
 * <p><b>Text.</b> A header ({@code Kind/name   namespace: ns   definition: name (origin)}, then the caller's suffix
 * live or {@code (file mode: no live status)}), the component tree, a {@code Phase: A,B} line with every matched status
 * of the root, the caller's block, the resources table with a TOTAL row (never truncated) and {@code Totals are
 * incomplete: ...} when a problem left them uncounted, then, live, the owned pods
 * that no component claimed, and the problems. A component row is its name (the instance id for an instance of a
 * multi-instance component), {@code R/D ready} (ready pods against desired replicas; a component with no pod at
 * all reads {@code 0/D ready}; file mode {@code replicas: D}), {@code gpu: N} (requested; blank when 0) and the nodes
 * of its pods. A pod row is its name, its phase with {@code (Reason)} when it is not running, its GPUs and its node
 * or {@code <none>}. Columns are aligned over the rows (truncation rows do not widen them); no line has trailing
 * whitespace.
 *
 * <p><b>Limits.</b> {@code podLimit} (per row; 0 means all) shows pods sorted by name, unhealthy first when truncating,
 * then {@code ... and N more (k unhealthy shown)} or {@code (k of m unhealthy shown)}. {@code componentLimit} (the rows
 * below the root; 0 means all) keeps unhealthy components first, then components with missing pods, then the
 * others, shown in declaration order, then {@code ... and N more components (k unhealthy, j with missing pods)}; file
 * mode gives no counts.
 */
public final class DescribeText {

  private final WorkloadTree tree;
  private final LiveTree live;
  private final String gpu;

  private DescribeText(WorkloadTree tree, LiveTree live, String gpu) {
    this.tree = Objects.requireNonNull(tree, "tree");
    this.live = live;
    this.gpu = gpu;
  }

  /**
   * Renders the view.
   *
   * @param tree the resolved workload
   * @param live its attributed pods, or null in file mode
   * @param origin shown after the definition's name ({@code catalog}), may be null
   * @param gpu the resource counted as GPUs
   * @param podLimit pods per row, 0 for all
   * @param componentLimit rows below the root, 0 for all
   * @param headerSuffix appended to the header live (such as {@code "   age: 2h"}), may be null
   * @param afterPhase a block printed after the {@code Phase:} line, may be null or empty
   */
  public static String render(
      WorkloadTree tree,
      LiveTree live,
      String origin,
      String gpu,
      int podLimit,
      int componentLimit,
      String headerSuffix,
      String afterPhase) {
    return new DescribeText(tree, live, gpu)
        .text(origin, podLimit, componentLimit, headerSuffix, afterPhase);
  }

  private boolean fileMode() {
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

  private String text(
      String origin, int podLimit, int componentLimit, String headerSuffix, String afterPhase) {
    StringBuilder out = new StringBuilder();
    StringBuilder header = new StringBuilder(tree.object().toString());
    if (!tree.object().namespace().isEmpty()) {
      header.append("   namespace: ").append(tree.object().namespace());
    }
    header.append("   definition: ").append(tree.definitionName());
    if (origin != null && !origin.isEmpty()) {
      header.append(" (").append(origin).append(')');
    }
    if (fileMode()) {
      header.append("   (file mode: no live status)");
    } else if (headerSuffix != null) {
      header.append(headerSuffix);
    }
    out.append(header).append("\n\n");

    ComponentNode root = tree.root();
    Row rootRow = rootRow(root, podLimit);
    rootRow.children.addAll(limitComponents(items(root, podLimit), componentLimit));
    TextTable table = new TextTable(2);
    table.row(rootRow.cells);
    emit(rootRow.children, "", table);
    table.appendTo(out);
    if (tree.status() != null) {
      out.append("Phase: ").append(String.join(",", tree.status().phases())).append('\n');
    }
    if (afterPhase != null) {
      out.append(afterPhase);
    }
    TreeText.appendResources(out, tree, gpu);
    if (!tree.totalsComplete()) {
      out.append("Totals are incomplete: a problem below left replicas or resources uncounted"
          + (tree.uncountedTotals().isEmpty() ? "" : " (shown as " + UNCOUNTED + ")") + ".\n");
    }
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
      return new Row(
          new String[] {
            root.name(),
            replicasCell(root.ownReplicas(), root.uncounted()),
            gpuCell(root.ownResources(), root.uncounted()),
            ""
          },
          false);
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
          r = new Row(
              new String[] {
                ch.name(), replicasCell(ch.desiredReplicas(), Uncounted.subtree(ch)), "", ""
              },
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
      Set<String> u = in == null ? ch.uncounted() : in.uncounted();
      r = new Row(
          new String[] {
            in == null ? ch.name() : in.id(), replicasCell(replicas, u), gpuCell(res, u), ""
          },
          false);
    } else {
      LiveComponent c = (in == null
              ? live.component(ch.name(), null)
              : live.component(ch.name(), in.id()))
          .orElse(null);
      if (c == null) {
        int desired = in == null ? ch.ownReplicas() : in.desiredReplicas();
        r = new Row(
            new String[] {
              in == null ? ch.name() : in.id(),
              "0/" + desired + " ready",
              gpuCell(in == null ? ch.ownResources() : in.total()),
              ""
            },
            false);
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
    Row r = new Row(
        new String[] {
          c.name(),
          c.ready() + "/" + c.desired() + " ready",
          gpuCell(c.resources()),
          String.join(",", c.nodes())
        },
        false);
    r.unhealthy = c.pods().stream().anyMatch(LivePod::unhealthy);
    r.missing = c.current() < c.desired();
    return r;
  }

  private List<Row> podRows(List<LivePod> pods, int limit) {
    List<LivePod> sorted =
        pods.stream().sorted(Comparator.comparing(LivePod::name)).toList();
    List<LivePod> shown = sorted;
    String more = null;
    if (limit > 0 && sorted.size() > limit) {
      List<LivePod> ordered =
          new ArrayList<>(sorted.stream().filter(LivePod::unhealthy).toList());
      sorted.stream().filter(p -> !p.unhealthy()).forEach(ordered::add);
      shown = ordered.subList(0, limit);
      long unhealthy = sorted.stream().filter(LivePod::unhealthy).count();
      long unhealthyShown = shown.stream().filter(LivePod::unhealthy).count();
      more = "... and " + (sorted.size() - limit) + " more ("
          + (unhealthyShown == unhealthy ? unhealthyShown : unhealthyShown + " of " + unhealthy)
          + " unhealthy shown)";
    }
    List<Row> out = new ArrayList<>();
    for (LivePod p : shown) {
      String phase = p.reason() == null ? p.phase() : p.phase() + " (" + p.reason() + ")";
      Row r = new Row(
          new String[] {
            p.name(), phase, gpuCell(p.resources()), Objects.requireNonNullElse(p.node(), "<none>")
          },
          false);
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
    StringBuilder more = new StringBuilder("... and ")
        .append(hidden)
        .append(" more component")
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
      more.append(" (")
          .append(unhealthy)
          .append(" unhealthy, ")
          .append(missing)
          .append(" with missing pods)");
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

  /** The text of a quantity that a problem left uncounted: never a number, so that no one reads it as one. */
  public static final String UNCOUNTED = "?";

  /** {@code replicas: N}, or {@code replicas: ?} when a problem left the count uncounted: never a wrong number. */
  private static String replicasCell(int replicas, Set<String> uncounted) {
    return "replicas: "
        + (uncounted.contains(InstanceNode.REPLICAS) ? UNCOUNTED : Integer.toString(replicas));
  }

  private String gpuCell(ResourceList r, Set<String> uncounted) {
    if (!Uncounted.counted(uncounted, gpu)) {
      return "gpu: " + UNCOUNTED;
    }
    return gpuCell(r);
  }

  private String gpuCell(ResourceList r) {
    long g = r == null ? 0 : r.gpus(gpu);
    return g == 0 ? "" : "gpu: " + g;
  }

  private static void emit(List<Row> rows, String indent, TextTable table) {
    for (int i = 0; i < rows.size(); i++) {
      Row r = rows.get(i);
      boolean last = i == rows.size() - 1;
      String[] cells = r.cells.clone();
      cells[0] = indent + (last ? "└── " : "├── ") + cells[0];
      if (r.truncation) {
        table.spanningRow(cells[0]);
      } else {
        table.row(cells);
      }
      emit(r.children, indent + (last ? "    " : "│   "), table);
    }
  }
}
