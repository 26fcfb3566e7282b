package dev.workloadmap.sdk.tree;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.workloadmap.sdk.internal.resources.Quantities;
import dev.workloadmap.sdk.internal.text.DescribeText;
import dev.workloadmap.sdk.internal.text.TextTable;
import dev.workloadmap.sdk.resources.ResourceList;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.apiguardian.api.API;

/**
 * The text view of a workload tree, shaped like the reference CLI's {@code describe} in file mode
 * (docs/format.md#cli-describe): a header, a box-drawing tree of components (a multi-instance component is split into
 * one row per instance id) with {@code replicas: D} and {@code gpu: N}, a {@code Phase:} line with every matched
 * status, and a resources table with one row per pod-bearing component (or instance) and a TOTAL row, then
 * {@code Totals are incomplete: ...} when a problem left replicas or resources uncounted. Columns are aligned; no line
 * has trailing whitespace. Drawn by the one describe renderer ({@code internal.text.DescribeText}) that also draws the
 * live view and the CLI's describe. CPU is printed in cores, memory in binary units when exact (otherwise decimal
 * units).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class TreeText {
  private TreeText() {}

  /** Renders {@code tree}; {@code origin} (for example {@code catalog} or a file name) is shown in the header. */
  public static String render(WorkloadTree tree, String origin, String gpuResourceName) {
    return DescribeText.render(tree, null, origin, gpuResourceName, 0, 0, null, null);
  }

  /**
   * Appends the {@code Resources:} block (docs/format.md#cli-describe): a blank line, the header and one row per
   * pod-bearing component (or instance) with a TOTAL row, aligned. The live view
   * ({@code dev.workloadmap.sdk.live.LiveText}) shares it.
   */
  public static void appendResources(StringBuilder out, WorkloadTree tree, String gpuResourceName) {
    out.append('\n').append("Resources:\n");
    TextTable.append(out, resourceTable(tree, gpuResourceName), 2);
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
          rows.add(resourceRow(
              in.id(), in.desiredReplicas(), in.total(), gpu, extended, in.uncounted()));
        }
      } else {
        rows.add(
            resourceRow(c.name(), c.ownReplicas(), c.ownResources(), gpu, extended, c.uncounted()));
      }
    }
    rows.add(resourceRow(
        tree.totalsComplete() ? "TOTAL" : "TOTAL (incomplete)",
        tree.totalReplicas(),
        tree.totalResources(),
        gpu,
        extended,
        tree.uncountedTotals()));
    return rows;
  }

  private static final String UNCOUNTED = DescribeText.UNCOUNTED;

  private static boolean counted(java.util.Set<String> uncounted, String resource) {
    return dev.workloadmap.sdk.internal.tree.Uncounted.counted(uncounted, resource);
  }

  private static String[] resourceRow(
      String name,
      int replicas,
      ResourceList r,
      String gpu,
      TreeSet<String> ext,
      java.util.Set<String> u) {
    List<String> cells = new ArrayList<>();
    cells.add(name);
    cells.add(u.contains(InstanceNode.REPLICAS) ? UNCOUNTED : Integer.toString(replicas));
    cells.add(counted(u, gpu) ? Long.toString(r.gpus(gpu)) : UNCOUNTED);
    cells.add(counted(u, ResourceList.CPU) ? Quantities.formatCpu(r.cpuMillis()) : UNCOUNTED);
    cells.add(
        counted(u, ResourceList.MEMORY) ? Quantities.formatMemory(r.memoryBytes()) : UNCOUNTED);
    for (String e : ext) {
      cells.add(counted(u, e) ? r.getOrZero(e).stripTrailingZeros().toPlainString() : UNCOUNTED);
    }
    return cells.toArray(String[]::new);
  }
}
