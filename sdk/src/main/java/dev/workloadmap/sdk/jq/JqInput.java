package dev.workloadmap.sdk.jq;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.internal.jq.SortedKeys;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * An evaluation input prepared the way the reference engine sees it (docs/format.md#evaluation,
 * docs/format.md#jq-engines-differ, docs/format.md#decision-c): every object's keys in code-point order, and every
 * number in the reference's form (an integral {@code 1.0} is the integer {@code 1}, so that {@code "\(.x)"} and
 * {@code join} read {@code "1"}; integers beyond {@code long} are doubles, as the reference's JSON round trip makes
 * them).
 *
 * <p>Prepare an object once and evaluate many expressions against it. The key-sorted form is made the first time an
 * expression needs it ({@link #node()}): one pass over the tree that copies only the objects and arrays that are not
 * already in that form (an already sorted tree is shared, not copied). Expressions whose answer cannot depend on key
 * order (a plain path of fields and indexes, as pod selectors and gang keys are) read the given tree directly, so a
 * pod that is only asked such paths is never copied. Neither the given node nor the prepared one is ever modified by
 * evaluation; the caller must not modify the given node afterwards. Safe to share between threads.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class JqInput {
  private final JsonNode original;
  /** The key-sorted form, made on first use; computing it twice (two threads at once) gives equal trees. */
  private volatile JsonNode sorted;

  private JqInput(JsonNode original, JsonNode sorted) {
    this.original = original;
    this.sorted = sorted;
  }

  /**
   * Prepares {@code node} (a missing node reads as {@code null}).
   *
   * @throws NullPointerException when {@code node} is null
   */
  public static JqInput of(JsonNode node) {
    Objects.requireNonNull(node, "node");
    return new JqInput(node, null);
  }

  /** The node as the caller gave it. */
  public JsonNode original() {
    return original;
  }

  /** The key-sorted, number-normalised node that expressions see (the same instance when nothing had to change). */
  public JsonNode node() {
    JsonNode s = sorted;
    if (s == null) {
      s = SortedKeys.canonical(original);
      sorted = s;
    }
    return s;
  }

  /**
   * The key-sorted form when it has been made, else null: a fast path may then read {@link #original()} instead, where
   * key order cannot change its answer.
   */
  public JsonNode sortedIfMade() {
    return sorted;
  }
}
