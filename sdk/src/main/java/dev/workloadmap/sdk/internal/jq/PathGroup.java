package dev.workloadmap.sdk.internal.jq;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.jq.JqInput;
import dev.workloadmap.sdk.jq.JqProgram;
import java.util.List;

/**
 * Single-result plain paths that begin with the same steps, read together (issue 17): a pod is asked {@code
 * .metadata.labels["a"]}, {@code .metadata.labels["b"]} and {@code .metadata.labels["c"]}, and the group walks {@code
 * .metadata.labels} once, then one step per path. Each result is the one {@link OneResult#of} gives for that program
 * on the same input at the same moment: walking all steps of a path is walking the shared ones, then the rest from
 * where they stopped ({@link PlainPath#one(JsonNode, int, int)}), and a read the fast path is not sure of is null in
 * the group as it is alone. {@code PathGroupTest} compares the two on inputs of every shape. Immutable; thread-safe.
 */
public final class PathGroup {
  private final JqProgram[] programs;
  private final PlainPath[] paths;
  /** The steps every path begins with; at least 1. */
  private final int shared;

  private PathGroup(JqProgram[] programs, PlainPath[] paths, int shared) {
    this.programs = programs;
    this.paths = paths;
    this.shared = shared;
  }

  /**
   * The group of {@code programs} (in that order), or null when there are fewer than two, when one is not the SDK's
   * own single-result plain path, or when they share no first step: then read each with {@link OneResult#of}.
   */
  public static PathGroup of(List<JqProgram> programs) {
    int n = programs.size();
    if (n < 2) {
      return null;
    }
    JqProgram[] ps = new JqProgram[n];
    PlainPath[] paths = new PlainPath[n];
    int shared = Integer.MAX_VALUE;
    for (int i = 0; i < n; i++) {
      JqProgram p = programs.get(i);
      PlainPath path = p instanceof PlainProgram pp ? pp.onePath() : null;
      if (path == null) {
        return null;
      }
      ps[i] = p;
      paths[i] = path;
      shared = Math.min(shared, path.length());
    }
    while (shared > 0 && !allShare(paths, shared)) {
      shared--;
    }
    return shared == 0 ? null : new PathGroup(ps, paths, shared);
  }

  private static boolean allShare(PlainPath[] paths, int n) {
    for (int i = 1; i < paths.length; i++) {
      if (!paths[i].sharesSteps(paths[0], n)) {
        return false;
      }
    }
    return true;
  }

  /** The number of programs. */
  public int size() {
    return programs.length;
  }

  /** The {@code i}-th program. */
  public JqProgram program(int i) {
    return programs[i];
  }

  /**
   * Sets {@code out[i]} to {@code OneResult.of(program(i), input)}: the program's only result, or null where the fast
   * path is not sure of it (then ask {@link JqProgram#apply}).
   *
   * @param out at least {@link #size()} long
   */
  public void read(JqInput input, JsonNode[] out) {
    int n = programs.length;
    if (Thread.currentThread().isInterrupted()) { // applyOne does not answer: apply reports it
      for (int i = 0; i < n; i++) {
        out[i] = null;
      }
      return;
    }
    if (input.sortedIfMade() != null) { // each from the sorted form, as applyOne reads it then
      for (int i = 0; i < n; i++) {
        out[i] = ((OneResult) programs[i]).applyOne(input);
      }
      return;
    }
    JsonNode base = paths[0].one(input.original(), 0, shared);
    for (int i = 0; i < n; i++) {
      JsonNode v = base == null ? null : paths[i].one(base, shared, paths[i].length());
      out[i] = v == null ? null : SortedKeys.lazyCanonical(v);
    }
  }
}
