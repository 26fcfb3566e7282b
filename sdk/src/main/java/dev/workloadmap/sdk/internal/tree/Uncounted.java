package dev.workloadmap.sdk.internal.tree;

import dev.workloadmap.sdk.tree.ComponentNode;
import dev.workloadmap.sdk.tree.InstanceNode;
import java.util.Set;
import java.util.TreeSet;

/**
 * The one rule for what a problem left uncounted (docs/format.md#totals-incomplete): an uncounted replica count or
 * per-pod resources leave every total of that node uncounted; otherwise only the named resources are. The model's
 * {@code counted} methods and every view (text, JSON, HTML) read it here.
 */
public final class Uncounted {
  private Uncounted() {}

  /** Whether the total of {@code resource} is a number, given what a problem left {@code uncounted}. */
  public static boolean counted(Set<String> uncounted, String resource) {
    return uncounted.isEmpty()
        || !(uncounted.contains(InstanceNode.REPLICAS)
            || uncounted.contains(InstanceNode.RESOURCES)
            || uncounted.contains(resource));
  }

  /** What a grouping component's sums leave uncounted: its own and every descendant's. */
  public static Set<String> subtree(ComponentNode c) {
    Set<String> out = new TreeSet<>(c.uncounted());
    c.children().forEach(ch -> out.addAll(subtree(ch)));
    return out;
  }
}
