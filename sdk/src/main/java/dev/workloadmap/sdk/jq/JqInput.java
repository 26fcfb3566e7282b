package dev.workloadmap.sdk.jq;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.internal.jq.SortedKeys;
import java.util.Objects;

/**
 * An evaluation input prepared the way the reference engine sees it: every object's keys in code-point order
 * (spec §11 c, §6.4). Prepare an object once and evaluate many expressions against it. The wrapped node is never
 * modified and must not be modified by the caller afterwards.
 */
public final class JqInput {
  private final JsonNode original;
  private final JsonNode sorted;

  private JqInput(JsonNode original, JsonNode sorted) {
    this.original = original;
    this.sorted = sorted;
  }

  /** Prepares {@code node} (copying only the objects whose keys are not already sorted). */
  public static JqInput of(JsonNode node) {
    Objects.requireNonNull(node, "node");
    return new JqInput(node, SortedKeys.sortedView(node));
  }

  /** The node as the caller gave it. */
  public JsonNode original() {
    return original;
  }

  /** The key-sorted node that expressions see. */
  public JsonNode node() {
    return sorted;
  }
}
