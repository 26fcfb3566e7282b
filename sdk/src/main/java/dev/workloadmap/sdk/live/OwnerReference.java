package dev.workloadmap.sdk.live;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;

/**
 * One entry of {@code metadata.ownerReferences}.
 *
 * @param apiVersion the owner's apiVersion, such as {@code batch/v1}
 * @param kind the owner's kind
 * @param name the owner's name (in the owned object's namespace)
 * @param uid the owner's UID
 * @param controller true when the reference is the managing controller ({@code controller: true})
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record OwnerReference(
    String apiVersion, String kind, String name, String uid, boolean controller) {

  /** The references of an object's JSON ({@code metadata.ownerReferences}); entries without a uid are skipped. */
  public static List<OwnerReference> of(JsonNode object) {
    return ofMetadata(object.path("metadata"));
  }

  /** {@link #of} of the object whose {@code metadata} this is. */
  static List<OwnerReference> ofMetadata(JsonNode metadata) {
    List<OwnerReference> out = new ArrayList<>();
    for (JsonNode r : metadata.path("ownerReferences")) {
      String uid = r.path("uid").asText("");
      if (uid.isEmpty()) {
        continue;
      }
      out.add(new OwnerReference(
          r.path("apiVersion").asText(""),
          r.path("kind").asText(""),
          r.path("name").asText(""),
          uid,
          r.path("controller").asBoolean(false)));
    }
    return out;
  }
}
