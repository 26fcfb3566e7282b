package dev.workloadmap.sdk.internal.live;

import dev.workloadmap.sdk.live.LiveTree;
import java.lang.ref.WeakReference;

/**
 * The last live trees attribution returned, held weakly and recognised by identity (issue 17): every row of such a
 * tree has its pods in code-point order of their names ({@link PodAttributor#sortByName}), which the gang plan then
 * need not establish again for a gang whose pods come from one row. A {@link LiveTree}, its rows and its pods are
 * immutable, so a tree recognised here is one attribution made, as it made it; any other tree (one a caller built, or
 * one that has dropped out of the few kept) is simply not recognised, and the gang plan sorts. Thread-safe.
 */
public final class AttributedTrees {
  /** How many trees are kept: a few callers attributing at once. */
  private static final int KEPT = 8;

  private static final Object LOCK = new Object();
  private static final WeakReference<?>[] TREES = new WeakReference<?>[KEPT];
  private static int next;

  private AttributedTrees() {}

  /** Records {@code tree}, whose rows are each in code-point order of their pods' names. */
  static void add(LiveTree tree) {
    synchronized (LOCK) {
      TREES[next] = new WeakReference<>(tree);
      next = (next + 1) % KEPT;
    }
  }

  /** True when {@code tree} is one attribution made: each row's pods are in code-point order of their names. */
  public static boolean rowsInNameOrder(LiveTree tree) {
    synchronized (LOCK) {
      for (WeakReference<?> r : TREES) {
        if (r != null && r.get() == tree) {
          return true;
        }
      }
      return false;
    }
  }
}
