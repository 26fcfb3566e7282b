package dev.workloadmap.junit.internal;

import io.fabric8.kubernetes.api.model.HasMetadata;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Everything a {@code WorkloadMapCluster} remembers while its test class runs: the objects it created (to delete them
 * and to show them in the diagnostics), its notes, the ServiceAccounts it made sure of, the last rendered tree and its
 * jq problems, and whether a test failed.
 *
 * <p>One lock: every field is guarded by this object's monitor, and every method is {@code synchronized} and only
 * touches memory (no request to the API server runs while the monitor is held). The tests of one class, its
 * {@code @Nested} classes and the extension's callbacks may call from different threads.
 */
public final class HandleState {
  private final List<HasMetadata> created = new ArrayList<>();
  private final List<String> notes = new ArrayList<>();
  private final Set<String> serviceAccounts = new HashSet<>();
  private String lastTree;
  private final List<String> lastProblems = new ArrayList<>();
  private boolean failed;

  /** Remembers {@code stored} as created by the handle (replacing an earlier version of the same object). */
  public synchronized void track(HasMetadata stored) {
    created.removeIf(h -> KubeObjects.same(h, stored));
    created.add(stored);
  }

  /** Forgets {@code object} (it was deleted). */
  public synchronized void untrack(HasMetadata object) {
    created.removeIf(h -> KubeObjects.same(h, object));
  }

  /** The objects created so far, oldest first. */
  public synchronized List<HasMetadata> created() {
    return List.copyOf(created);
  }

  /** The objects created so far, oldest first, and forgets them. */
  public synchronized List<HasMetadata> takeCreated() {
    List<HasMetadata> out = List.copyOf(created);
    created.clear();
    return out;
  }

  public synchronized void note(String note) {
    notes.add(note);
  }

  public synchronized List<String> notes() {
    return List.copyOf(notes);
  }

  /** True the first time {@code name} is claimed: the caller then makes sure the ServiceAccount exists. */
  public synchronized boolean claimServiceAccount(String name) {
    return serviceAccounts.add(name);
  }

  /** Gives up a claim whose ServiceAccount could not be created, so that the next pod tries again. */
  public synchronized void releaseServiceAccount(String name) {
    serviceAccounts.remove(name);
  }

  /** The last rendered tree; {@code problems} null keeps the problems of the last resolution. */
  public synchronized void lastTree(String tree, List<String> problems) {
    lastTree = tree;
    if (problems != null) {
      lastProblems.clear();
      lastProblems.addAll(problems);
    }
  }

  /** The last tree and its problems, read together. */
  public synchronized LastResolution lastResolution() {
    return new LastResolution(lastTree, List.copyOf(lastProblems));
  }

  public synchronized void markFailed() {
    failed = true;
  }

  public synchronized boolean failed() {
    return failed;
  }

  /** The last tree (null before the first resolution) and the jq problems of the last resolution. */
  public record LastResolution(String tree, List<String> problems) {}
}
