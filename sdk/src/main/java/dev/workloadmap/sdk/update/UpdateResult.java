package dev.workloadmap.sdk.update;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.flipkart.zjsonpatch.DiffFlags;
import com.flipkart.zjsonpatch.JsonDiff;
import java.util.EnumSet;
import org.apiguardian.api.API;

/**
 * The outcome of {@link WorkloadUpdate#apply()}: the updated object and its RFC 6902 JSON Patch against the original,
 * ready to send with fabric8 ({@code resource(...).patch(PatchContext.of(PatchType.JSON), r.patchJson())}) or {@code
 * kubectl patch --type=json -p "$(...)"}.
 *
 * <p>The patch holds only {@code add}, {@code remove} and {@code replace} operations (no {@code move} or {@code copy},
 * which are easy to misread in review), with JSON pointers into the original; applied to the original it gives exactly
 * {@link #object()}. It is computed by zjsonpatch's structural diff, so it names only what changed.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class UpdateResult {

  private static final EnumSet<DiffFlags> FLAGS = EnumSet.of(
      DiffFlags.OMIT_VALUE_ON_REMOVE, DiffFlags.OMIT_MOVE_OPERATION, DiffFlags.OMIT_COPY_OPERATION);

  private final JsonNode original;
  private final JsonNode object;
  private final ArrayNode patch;

  UpdateResult(JsonNode original, JsonNode object) {
    this.original = original;
    this.object = object;
    this.patch = (ArrayNode) JsonDiff.asJson(original, object, FLAGS);
  }

  /** The object before the update (do not modify). */
  public JsonNode original() {
    return original;
  }

  /** The updated object: the original's key order and number forms wherever nothing changed (do not modify). */
  public JsonNode object() {
    return object;
  }

  /** The RFC 6902 patch: a list of {@code {op, path, value}} (do not modify). Empty when nothing changed. */
  public ArrayNode patch() {
    return patch;
  }

  /** The patch as compact JSON text, values in the object's own form (key order, numbers). */
  public String patchJson() {
    return patch.toString();
  }

  /** True when the update changed the object. */
  public boolean changed() {
    return !patch.isEmpty();
  }
}
