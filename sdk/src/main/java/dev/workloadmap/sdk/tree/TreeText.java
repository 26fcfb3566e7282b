package dev.workloadmap.sdk.tree;

import dev.workloadmap.sdk.EvaluationProblem;
import dev.workloadmap.sdk.resources.Quantities;
import dev.workloadmap.sdk.resources.ResourceList;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * The text view of a workload tree, shaped like the reference CLI's {@code describe} in file mode (spec §7.4): a
 * header, a box-drawing tree of components (a multi-instance component is split into one row per instance id) with
 * {@code replicas: D} and {@code gpu: N}, a {@code Phase:} line with every matched status, and a resources table with
 * one row per pod-bearing component (or instance) and a TOTAL row. Columns are aligned; no line has trailing
 * whitespace. CPU is printed in cores, memory in binary units when exact (otherwise decimal units).
 */
public final class TreeText {
  private TreeText() {}

  /** Renders {@code tree}; {@code origin} (for example {@code catalog} or a file name) is shown in the header. */
  public static String render(WorkloadTree tree, String origin, String gpuResourceName) {
    StringBuilder out = new StringBuilder();
    StringBuilder header = new StringBuilder(tree.object().toString());
    if (!tree.object().namespace().isEmpty()) {
      header.append("   namespace: ").append(tree.object().namespace());
    }
    header.append("   definition: ").append(tree.definitionName());
    if (origin != null && !origin.isEmpty()) {
      header.append(" (").append(origin).append(')');
    }
    header.append("   (file mode: no live status)");
    out.append(header).append("\n\n");

    List<String[]> rows = new ArrayList<>();
    ComponentNode root = tree.root();
    rows.add(row(root.name(), root.podBearing() ? root.ownReplicas() : -1,
        root.podBearing() ? root.ownResources() : null, gpuResourceName, root.uncounted()));
    List<ComponentNode> visibleChildren = root.children().stream().filter(ComponentNode::visible).toList();
    for (int i = 0; i < visibleChildren.size(); i++) {
      componentRows(visibleChildren.get(i), "", i == visibleChildren.size() - 1, rows, gpuResourceName);
    }
    appendAligned(out, rows);
    if (tree.status() != null) {
      out.append("Phase: ").append(String.join(",", tree.status().phases())).append('\n');
    }
    appendResources(out, tree, gpuResourceName);
    if (!tree.totalsComplete()) {
      out.append("Totals are incomplete: a problem below left replicas or resources uncounted"
          + (tree.uncountedTotals().isEmpty() ? "" : " (shown as " + UNCOUNTED + ")") + ".\n");
    }
    if (!tree.problems().isEmpty()) {
      out.append('\n').append("Problems:\n");
      for (EvaluationProblem p : tree.problems()) {
        out.append("  ").append(p.format()).append('\n');
      }
    }
    return out.toString();
  }

  /**
   * Appends the {@code Resources:} block (spec §7.4): a blank line, the header and one row per pod-bearing component
   * (or instance) with a TOTAL row, aligned. The live view ({@code dev.workloadmap.sdk.live.LiveText}) shares it.
   */
  public static void appendResources(StringBuilder out, WorkloadTree tree, String gpuResourceName) {
    out.append('\n').append("Resources:\n");
    appendAligned(out, resourceTable(tree, gpuResourceName));
  }

  private static void componentRows(ComponentNode c, String indent, boolean last, List<String[]> rows, String gpu) {
    List<ComponentNode> children = c.children().stream().filter(ComponentNode::visible).toList();
    if (c.multiInstance() && !c.instances().isEmpty()) {
      for (int i = 0; i < c.instances().size(); i++) {
        InstanceNode in = c.instances().get(i);
        boolean lastRow = last && i == c.instances().size() - 1;
        rows.add(row(indent + (lastRow ? "└── " : "├── ") + in.id(), in.desiredReplicas(),
            c.podBearing() ? in.total() : null, gpu, in.uncounted()));
        childRows(children, indent + (lastRow ? "    " : "│   "), rows, gpu);
      }
      return;
    }
    int replicas = c.podBearing() ? c.ownReplicas() : c.desiredReplicas();
    ResourceList res = c.podBearing() ? c.ownResources() : null;
    rows.add(row(indent + (last ? "└── " : "├── ") + c.name(), replicas, res, gpu,
        c.podBearing() ? c.uncounted() : subtreeUncounted(c)));
    childRows(children, indent + (last ? "    " : "│   "), rows, gpu);
  }

  private static void childRows(List<ComponentNode> children, String indent, List<String[]> rows, String gpu) {
    for (int i = 0; i < children.size(); i++) {
      componentRows(children.get(i), indent, i == children.size() - 1, rows, gpu);
    }
  }

  /** What a grouping component's sums leave uncounted: its own and every descendant's. */
  private static java.util.Set<String> subtreeUncounted(ComponentNode c) {
    java.util.Set<String> out = new java.util.TreeSet<>(c.uncounted());
    c.children().forEach(ch -> out.addAll(subtreeUncounted(ch)));
    return out;
  }

  /** The text of a quantity that a problem left uncounted: never a number, so that no one reads it as one. */
  static final String UNCOUNTED = "?";

  private static boolean counted(java.util.Set<String> uncounted, String resource) {
    return uncounted.isEmpty() || !(uncounted.contains(InstanceNode.REPLICAS)
        || uncounted.contains(InstanceNode.RESOURCES) || uncounted.contains(resource));
  }

  private static String[] row(String name, int replicas, ResourceList res, String gpu, java.util.Set<String> u) {
    String r = replicas < 0 ? "" : "replicas: " + (u.contains(InstanceNode.REPLICAS) ? UNCOUNTED : replicas);
    String g = "";
    if (res != null) {
      if (!counted(u, gpu)) {
        g = "gpu: " + UNCOUNTED;
      } else {
        long gpus = res.gpus(gpu);
        if (gpus != 0) {
          g = "gpu: " + gpus;
        }
      }
    }
    return new String[] {name, r, g};
  }

  private static List<String[]> resourceTable(WorkloadTree tree, String gpu) {
    TreeSet<String> extended = new TreeSet<>(tree.totalResources().extended().names());
    extended.remove(gpu);
    List<String> head = new ArrayList<>(List.of("COMPONENT", "REPLICAS", "GPU", "CPU", "MEMORY"));
    head.addAll(extended);
    List<String[]> rows = new ArrayList<>();
    rows.add(head.toArray(String[]::new));
    for (ComponentNode c : tree.components()) {
      if (!c.podBearing()) {
        continue;
      }
      if (c.multiInstance()) {
        for (InstanceNode in : c.instances()) {
          rows.add(resourceRow(in.id(), in.desiredReplicas(), in.total(), gpu, extended, in.uncounted()));
        }
      } else {
        rows.add(resourceRow(c.name(), c.ownReplicas(), c.ownResources(), gpu, extended, c.uncounted()));
      }
    }
    rows.add(resourceRow(tree.totalsComplete() ? "TOTAL" : "TOTAL (incomplete)", tree.totalReplicas(),
        tree.totalResources(), gpu, extended, tree.uncountedTotals()));
    return rows;
  }

  private static String[] resourceRow(String name, int replicas, ResourceList r, String gpu, TreeSet<String> ext,
      java.util.Set<String> u) {
    List<String> cells = new ArrayList<>();
    cells.add(name);
    cells.add(u.contains(InstanceNode.REPLICAS) ? UNCOUNTED : Integer.toString(replicas));
    cells.add(counted(u, gpu) ? Long.toString(r.gpus(gpu)) : UNCOUNTED);
    cells.add(counted(u, ResourceList.CPU) ? Quantities.formatCpu(r.cpuMillis()) : UNCOUNTED);
    cells.add(counted(u, ResourceList.MEMORY) ? Quantities.formatMemory(r.memoryBytes()) : UNCOUNTED);
    for (String e : ext) {
      cells.add(counted(u, e) ? r.getOrZero(e).stripTrailingZeros().toPlainString() : UNCOUNTED);
    }
    return cells.toArray(String[]::new);
  }

  /** Appends rows as columns separated by at least two spaces, with trailing whitespace trimmed. */
  public static void appendAligned(StringBuilder out, List<String[]> rows) {
    int cols = rows.stream().mapToInt(r -> r.length).max().orElse(0);
    int[] width = new int[cols];
    for (String[] r : rows) {
      for (int i = 0; i < r.length; i++) {
        width[i] = Math.max(width[i], r[i].codePointCount(0, r[i].length()));
      }
    }
    for (String[] r : rows) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < r.length; i++) {
        line.append(r[i]);
        if (i < r.length - 1) {
          int pad = width[i] - r[i].codePointCount(0, r[i].length()) + 2;
          line.append(" ".repeat(pad));
        }
      }
      int end = line.length();
      while (end > 0 && line.charAt(end - 1) == ' ') {
        end--;
      }
      out.append(line, 0, end).append('\n');
    }
  }
}
