package dev.workloadmap.sdk.live;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Reads an intermediate owner (a Job, ReplicaSet, StatefulSet, LeaderWorkerSet, ...) while a pod's owner chain is
 * walked (docs/format.md#owner-chain). Only {@code metadata} is read ({@code uid} and {@code ownerReferences}), so an
 * implementation may use the metadata API ({@code PartialObjectMetadata}).
 *
 * <p>The SDK has no cluster client: front-ends that list pods from a cluster implement this interface over their
 * client (for fabric8: {@code client.genericKubernetesResources(apiVersion, kind).inNamespace(ns).withName(name).get()},
 * converted to JSON), and fixtures use {@link #of(Collection)} over the documents of {@code pods.yaml}. Implementations
 * need not cache: {@link OwnerChain} asks once per owner UID.
 */
@FunctionalInterface
@API(status = EXPERIMENTAL, since = "0.1")
public interface OwnerLookup {

  /**
   * The owner's object (at least its {@code metadata}) as JSON, or empty when it does not exist or cannot be read (an
   * owner that cannot be read counts as not owned, docs/format.md#owner-chain item 2). Must not throw for a missing or
   * forbidden object.
   *
   * @param namespace the owned object's namespace ({@code ""} for cluster-scoped)
   * @param reference the owner reference to follow
   */
  Optional<JsonNode> find(String namespace, OwnerReference reference);

  /** A lookup that finds nothing: only the pods' own owner references are read. */
  static OwnerLookup none() {
    return (ns, ref) -> Optional.empty();
  }

  /** A lookup over objects in memory (for example the non-pod documents of a fixture's {@code pods.yaml}), by UID. */
  static OwnerLookup of(Collection<? extends JsonNode> objects) {
    Map<String, JsonNode> byUid = new HashMap<>();
    for (JsonNode o : objects) {
      String uid = o.path("metadata").path("uid").asText("");
      if (!uid.isEmpty()) {
        byUid.put(uid, o);
      }
    }
    return (ns, ref) -> Optional.ofNullable(byUid.get(ref.uid()));
  }
}
