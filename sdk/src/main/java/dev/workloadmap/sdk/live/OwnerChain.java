package dev.workloadmap.sdk.live;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;
import org.apiguardian.api.API;

/**
 * Decides whether a pod belongs to a workload by its owner chain (docs/format.md#owner-chain item 2). An object is
 * owned when any of its ownerReferences carries the root's UID; otherwise the walk continues upward only through its
 * controller reference (undefined upstream; our behaviour), at most {@link #MAX_DEPTH} levels above the pod. An owner
 * the {@link OwnerLookup} cannot read counts as not owned. Selectors never decide ownership.
 *
 * <p>Results are cached per owner UID, so the pods of one Job cost one lookup. One instance serves one root object (or
 * one target, {@link #toReference}); not thread-safe. The CLI's {@code get --all-types} walks with this class too: the
 * rule exists once.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class OwnerChain {

  /**
   * Owner levels walked above the pod (the reference CLI's limit): the pod's owner is level 1, so the root may be the
   * owner of the fifth intermediate owner at most.
   */
  public static final int MAX_DEPTH = 6;

  private final Predicate<OwnerReference> target;
  /** The root UID when the target is "carries this UID": the walk then reads the references in place. */
  private final String rootUid;

  private final OwnerLookup lookup;
  private final Map<String, Boolean> ownedByUid = new HashMap<>();
  private int lookups;

  /**
   * @param rootUid the workload's {@code metadata.uid}
   * @param lookup reads intermediate owners
   */
  public OwnerChain(String rootUid, OwnerLookup lookup) {
    this(uidOf(Objects.requireNonNull(rootUid, "rootUid")), rootUid, lookup);
  }

  private OwnerChain(Predicate<OwnerReference> target, String rootUid, OwnerLookup lookup) {
    this.target = Objects.requireNonNull(target, "target");
    this.rootUid = rootUid;
    this.lookup = Objects.requireNonNull(lookup, "lookup");
  }

  private static Predicate<OwnerReference> uidOf(String rootUid) {
    return r -> rootUid.equals(r.uid());
  }

  /**
   * A walk that stops at the first reference {@code target} accepts, with the same rules as the walk to a root UID
   * (any reference of an object is tested, the walk goes up only through controller references, at most {@link
   * #MAX_DEPTH} levels, an owner that cannot be read ends the walk, results cached per owner UID).
   * docs/format.md#owner-chain item 5 ("top-level" workloads, {@code get --all-types}) asks it with "a controller
   * reference of a covered kind". One instance may serve many objects as long as {@code target} does not change.
   */
  public static OwnerChain toReference(Predicate<OwnerReference> target, OwnerLookup lookup) {
    return new OwnerChain(target, null, lookup);
  }

  /** True when {@code pod}'s owner chain reaches the root UID within {@link #MAX_DEPTH} levels. */
  public boolean owns(JsonNode pod) {
    return reaches(pod);
  }

  /**
   * {@link #reaches} (and {@link #owns}) of the object whose {@code metadata} this is ({@code
   * object.path("metadata")}): attribution reads a pod's metadata once for its name, its owners and its namespace.
   */
  @API(status = INTERNAL, since = "0.1")
  public boolean ownsByMetadata(JsonNode metadata) {
    if (rootUid != null) {
      return reachesUid(metadata, null, 1);
    }
    return reaches(
        OwnerReference.ofMetadata(metadata), metadata.path("namespace").asText(""), 1);
  }

  /** True when {@code object}'s owner chain reaches a reference the target accepts within {@link #MAX_DEPTH} levels. */
  public boolean reaches(JsonNode object) {
    return ownsByMetadata(object.path("metadata"));
  }

  /** How many owners were read through the lookup (for tests of the cache). */
  public int lookups() {
    return lookups;
  }

  private boolean reaches(List<OwnerReference> refs, String ns, int depth) {
    for (OwnerReference r : refs) {
      if (target.test(r)) {
        return true;
      }
    }
    if (depth >= MAX_DEPTH) {
      return false;
    }
    for (OwnerReference r : refs) {
      if (r.controller()) {
        return ownerReaches(r, ns, depth);
      }
    }
    return false;
  }

  /**
   * {@link #reaches(List, String, int)} for the target "carries {@link #rootUid}", read from {@code metadata} in place:
   * the same references in the same order ({@link OwnerReference#of}: entries without a uid are skipped), the same
   * first controller reference, but no reference object unless an owner has to be looked up (each pod of a Job costs
   * no allocation once its Job is cached).
   *
   * @param ns the namespace the owners are looked up in, or null for {@code metadata.namespace} (read only when
   *     needed)
   */
  private boolean reachesUid(JsonNode metadata, String ns, int depth) {
    JsonNode controller = null;
    String controllerUid = null;
    JsonNode refs = metadata.path("ownerReferences");
    // by index for an array (no iterator); any other node iterates as OwnerReference.of iterates it
    int n = refs.isArray() ? refs.size() : -1;
    Iterator<JsonNode> it = n < 0 ? refs.iterator() : null;
    for (int i = 0; n < 0 ? it.hasNext() : i < n; i++) {
      JsonNode r = n < 0 ? it.next() : refs.get(i);
      String uid = r.path("uid").asText("");
      if (uid.isEmpty()) {
        continue;
      }
      if (rootUid.equals(uid)) {
        return true;
      }
      if (controller == null && r.path("controller").asBoolean(false)) {
        controller = r;
        controllerUid = uid;
      }
    }
    if (depth >= MAX_DEPTH || controller == null) {
      return false;
    }
    Boolean cached = ownedByUid.get(controllerUid);
    if (cached != null) {
      return cached;
    }
    String namespace = ns != null ? ns : metadata.path("namespace").asText("");
    OwnerReference ref = new OwnerReference(
        controller.path("apiVersion").asText(""),
        controller.path("kind").asText(""),
        controller.path("name").asText(""),
        controllerUid,
        true);
    return ownerReaches(ref, namespace, depth);
  }

  private boolean ownerReaches(OwnerReference r, String ns, int depth) {
    Boolean cached = ownedByUid.get(r.uid());
    if (cached != null) {
      return cached;
    }
    ownedByUid.put(r.uid(), false); // a cycle reads as not owned
    lookups++;
    Optional<JsonNode> owner = lookup.find(ns, r);
    boolean owned;
    if (owner.isEmpty()) {
      owned = false;
    } else if (rootUid != null) {
      JsonNode metadata = owner.get().path("metadata");
      owned = reachesUid(metadata, metadata.path("namespace").asText(ns), depth + 1);
    } else {
      owned = reaches(
          OwnerReference.of(owner.get()),
          owner.get().path("metadata").path("namespace").asText(ns),
          depth + 1);
    }
    ownedByUid.put(r.uid(), owned);
    return owned;
  }
}
