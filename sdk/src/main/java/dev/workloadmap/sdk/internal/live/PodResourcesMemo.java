package dev.workloadmap.sdk.internal.live;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.resources.PodResources;
import dev.workloadmap.sdk.resources.ResourceList;
import java.util.Objects;

/**
 * {@link PodResources#perPod(JsonNode)} of the pods of one component, computed once for a run of pods whose resource
 * fields are equal JSON (issue 17). The pods of a Job, a ReplicaSet or a replicated job share their template's
 * containers, so attribution reads each distinct request once instead of once per pod, with the same answer.
 *
 * <p>It rests on what {@code perPod} reads of a pod spec (an object): the number of {@code containers} and {@code
 * initContainers}, each one's {@code resources}, each init container's {@code restartPolicy}, and the spec's {@code
 * resources} and {@code overhead}; nothing else (PodResourcesMemoTest holds {@code perPod} to that). When all of these
 * are equal JSON ({@link JsonNode#equals}: same values, numbers of the same kind) to those of the last pod, the request
 * is the last pod's. Only a request computed without error is remembered, so a pod whose resources are invalid fails
 * as it did, with its own message; any other shape (a container that is not an object, a list that is not an array)
 * is computed. One instance per component and call; not thread-safe.
 */
final class PodResourcesMemo {
  private boolean remembered;
  private JsonNode containers;
  private JsonNode initContainers;
  private JsonNode resources;
  private JsonNode overhead;
  private ResourceList request;

  /**
   * {@link PodResources#perPod(JsonNode)} of {@code podSpec}.
   *
   * @throws dev.workloadmap.sdk.WorkloadMapException as {@code perPod} throws it
   */
  ResourceList perPod(JsonNode podSpec) {
    if (podSpec == null || !podSpec.isObject()) {
      return PodResources.perPod(podSpec);
    }
    JsonNode c = podSpec.get("containers");
    JsonNode i = podSpec.get("initContainers");
    JsonNode r = podSpec.get("resources");
    JsonNode o = podSpec.get("overhead");
    if (remembered
        && sameContainers(c, containers, false)
        && sameContainers(i, initContainers, true)
        && Objects.equals(r, resources)
        && Objects.equals(o, overhead)) {
      return request;
    }
    ResourceList computed = PodResources.perPod(podSpec);
    remembered = true;
    containers = c;
    initContainers = i;
    resources = r;
    overhead = o;
    request = computed;
    return computed;
  }

  /**
   * True when {@code perPod} reads the same from the container lists {@code a} and {@code b}: the same node (or both
   * absent), or arrays of the same length whose elements are objects with equal {@code resources} (and, for init
   * containers, equal {@code restartPolicy}), or are equal otherwise.
   */
  static boolean sameContainers(JsonNode a, JsonNode b, boolean init) {
    if (a == b) {
      return true;
    }
    if (a == null || b == null || !a.isArray() || !b.isArray() || a.size() != b.size()) {
      return false;
    }
    for (int k = 0, n = a.size(); k < n; k++) {
      JsonNode x = a.get(k);
      JsonNode y = b.get(k);
      if (x.isObject() && y.isObject()) {
        if (!Objects.equals(x.get("resources"), y.get("resources"))
            || (init && !Objects.equals(x.get("restartPolicy"), y.get("restartPolicy")))) {
          return false;
        }
      } else if (!x.equals(y)) {
        return false;
      }
    }
    return true;
  }
}
