package dev.workloadmap.sdk.live;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

import dev.workloadmap.sdk.EvaluationProblem;
import dev.workloadmap.sdk.resources.ResourceList;
import dev.workloadmap.sdk.tree.ComponentNode;
import dev.workloadmap.sdk.tree.InstanceNode;
import dev.workloadmap.sdk.tree.TreeText;
import dev.workloadmap.sdk.tree.WorkloadTree;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The live {@code describe} view (docs/format.md#cli-describe): a header, the component tree with {@code R/D ready}
 * (ready pods against desired replicas), {@code gpu: N} (requested, blank when 0) and the nodes of each component, a
 * row per pod (phase, {@code (Reason)} when not running, GPUs, node or {@code <none>}), pods sorted by name, a
 * {@code Phase:} line, the resources table, then the owned pods that no component claimed. Columns are aligned; no line
 * has trailing whitespace.
 *
 * <pre>
 * JobSet/train   namespace: ml-team   definition: jobset-x-k8s-io-jobset-v1alpha2
 *
 * jobset
 * └── worker  1/2 ready  gpu: 8  node-01
 *     ├── train-worker-0-0  Running                  gpu: 4  node-01
 *     └── train-worker-1-0  Pending (Unschedulable)  gpu: 4  &lt;none&gt;
 * Phase: Running
 * </pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class LiveText {
  private LiveText() {}

  /** Renders {@code live}; {@code origin} (for example {@code catalog}) is shown after the definition, may be null. */
  public static String render(LiveTree live, String origin, String gpuResourceName) {
    WorkloadTree tree = live.tree();
    StringBuilder out = new StringBuilder();
    StringBuilder header = new StringBuilder(tree.object().toString());
    if (!tree.object().namespace().isEmpty()) {
      header.append("   namespace: ").append(tree.object().namespace());
    }
    header.append("   definition: ").append(tree.definitionName());
    if (origin != null && !origin.isEmpty()) {
      header.append(" (").append(origin).append(')');
    }
    out.append(header).append("\n\n");
    List<String[]> rows = new ArrayList<>();
    ComponentNode root = tree.root();
    List<Item> rootItems = items(root, live, gpuResourceName);
    rows.add(rootRow(root, live, gpuResourceName));
    emit(rootItems, "", rows);
    TreeText.appendAligned(out, rows);
    if (tree.status() != null) {
      out.append("Phase: ").append(String.join(",", tree.status().phases())).append('\n');
    }
    TreeText.appendResources(out, tree, gpuResourceName);
    if (!live.unmatched().isEmpty()) {
      out.append('\n').append("Pods owned by the workload that no component claimed:\n");
      for (UnmatchedPod u : live.unmatched()) {
        out.append("  ").append(u.name()).append(": ").append(u.reason()).append('\n');
      }
    }
    if (!tree.problems().isEmpty() || !live.problems().isEmpty()) {
      out.append('\n').append("Problems:\n");
      for (EvaluationProblem p : tree.problems()) {
        out.append("  ").append(p.format()).append('\n');
      }
      for (String p : live.problems()) {
        out.append("  ").append(p).append('\n');
      }
    }
    return out.toString();
  }

  /** A row with the sub-items drawn under it. */
  private record Item(String[] cells, List<Item> children) {}

  private static String[] rootRow(ComponentNode root, LiveTree live, String gpu) {
    if (root.podBearing()) {
      LiveComponent c = live.component(root.name()).orElse(null);
      if (c != null) {
        return componentCells(c.name(), c, gpu);
      }
    }
    return new String[] {root.name(), "", "", ""};
  }

  private static List<Item> items(ComponentNode n, LiveTree live, String gpu) {
    List<Item> out = new ArrayList<>();
    if (n.podBearing() && n == live.tree().root()) {
      live.component(n.name()).ifPresent(c -> c.pods().forEach(p -> out.add(podItem(p, gpu))));
    }
    for (ComponentNode ch : n.children()) {
      if (!ch.visible()) {
        continue;
      }
      if (ch.podBearing()) {
        if (ch.multiInstance()) {
          for (InstanceNode in : ch.instances()) {
            LiveComponent c = live.component(ch.name(), in.id()).orElse(null);
            if (c != null) {
              out.add(new Item(componentCells(c.name(), c, gpu), rowChildren(ch, c, live, gpu)));
            }
          }
        } else {
          LiveComponent c = live.component(ch.name(), null).orElse(null);
          if (c != null) {
            out.add(new Item(componentCells(c.name(), c, gpu), rowChildren(ch, c, live, gpu)));
          }
        }
      } else {
        List<Item> sub = items(ch, live, gpu);
        int[] sums = sums(ch, live);
        out.add(new Item(new String[] {ch.name(), sums[0] + "/" + sums[1] + " ready", "", ""}, sub));
      }
    }
    return out;
  }

  private static List<Item> rowChildren(ComponentNode node, LiveComponent c, LiveTree live, String gpu) {
    List<Item> sub = new ArrayList<>();
    c.pods().forEach(p -> sub.add(podItem(p, gpu)));
    sub.addAll(items(node, live, gpu));
    return sub;
  }

  /** Ready and desired pods over every row under a grouping component. */
  private static int[] sums(ComponentNode n, LiveTree live) {
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
    for (ComponentNode ch : n.children()) {
      if (under(ch, component)) {
        return true;
      }
    }
    return false;
  }

  private static String[] componentCells(String name, LiveComponent c, String gpu) {
    return new String[] {name, c.ready() + "/" + c.desired() + " ready", gpuCell(c.resources(), gpu),
        String.join(",", c.nodes())};
  }

  private static Item podItem(LivePod p, String gpu) {
    String phase = p.reason() == null ? p.phase() : p.phase() + " (" + p.reason() + ")";
    return new Item(new String[] {p.name(), phase, gpuCell(p.resources(), gpu), Objects.requireNonNullElse(p.node(),
        "<none>")}, List.of());
  }

  private static String gpuCell(ResourceList r, String gpu) {
    long g = r.gpus(gpu);
    return g == 0 ? "" : "gpu: " + g;
  }

  private static void emit(List<Item> items, String indent, List<String[]> rows) {
    for (int i = 0; i < items.size(); i++) {
      Item it = items.get(i);
      boolean last = i == items.size() - 1;
      String[] cells = it.cells().clone();
      cells[0] = indent + (last ? "└── " : "├── ") + cells[0];
      rows.add(cells);
      emit(it.children(), indent + (last ? "    " : "│   "), rows);
    }
  }
}
