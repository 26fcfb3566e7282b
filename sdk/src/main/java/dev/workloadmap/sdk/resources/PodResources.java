package dev.workloadmap.sdk.resources;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.internal.resources.PodRequests;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The per-pod resource request of docs/format.md#totals (decision f), read from a pod spec, a pod template or a
 * fragmented spec given as Jackson trees.
 *
 * <h2>The formula, per resource</h2>
 *
 * <ol>
 *   <li>A container's amount is its request; when it gives no request for that resource, its limit (Kubernetes
 *       defaults a missing request to the limit). CPU amounts are rounded up to whole millicores as they are read
 *       ("CPU is summed in millicores", as Kubernetes' {@code MilliValue}); every other amount is kept exact, so
 *       {@code 400m} of memory is 0.4 bytes (FC-43).
 *   <li>The pod's amount is the larger of (a) the largest single init container and (b) the sum of the regular
 *       containers plus the init containers with {@code restartPolicy: Always} (sidecars).
 *   <li>A pod-level {@code spec.resources} (its request, else its limit) replaces the {@code cpu} and {@code memory}
 *       amounts; other resources in it are ignored, as Kubernetes supports only cpu and memory there.
 *   <li>{@code spec.overhead} is added.
 * </ol>
 *
 * <p>Every resource is kept under its own name (GPUs as {@code nvidia.com/gpu}, {@code rdma/hca}, {@code
 * ephemeral-storage}, ...); resource claims ({@code resources.claims}) are not counted.
 *
 * <h2>Shapes</h2>
 *
 * <p>A Java null, a missing node or JSON null anywhere means "absent": an absent pod spec has the empty request, an
 * absent container contributes nothing. A value of the wrong JSON type (a container that is not an object, a {@code
 * requests} that is an array, ...) throws {@link InvalidResourcesException}; a quantity that is invalid or negative
 * throws {@link InvalidQuantityException}. Both messages start with the JSON path of the field, for example {@code
 * spec.containers[1].resources.requests.cpu: invalid quantity "abc": ...}, so callers can attach them to the
 * component.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class PodResources {

  private PodResources() {}

  /**
   * The per-pod request of a pod spec; messages name fields from {@code spec}.
   *
   * @param podSpec a {@code PodSpec} ({@code containers}, {@code initContainers}, {@code resources}, {@code
   *     overhead}); absent means the empty list
   * @return the per-pod request in base units (cores, bytes, counts)
   * @throws InvalidResourcesException when a field has the wrong JSON type
   * @throws InvalidQuantityException when a quantity is invalid or negative
   */
  public static ResourceList perPod(JsonNode podSpec) {
    return perPod(podSpec, "spec");
  }

  /**
   * The per-pod request of a pod spec, with messages naming fields from {@code path}.
   *
   * @param podSpec a {@code PodSpec}; absent means the empty list
   * @param path how messages name the pod spec, for example {@code spec.template.spec}
   * @return the per-pod request in base units
   * @throws InvalidResourcesException when a field has the wrong JSON type
   * @throws InvalidQuantityException when a quantity is invalid or negative
   */
  public static ResourceList perPod(JsonNode podSpec, String path) {
    Objects.requireNonNull(path, "path");
    return PodRequests.perPod(podSpec, path, false);
  }

  /**
   * The per-pod request of a pod template: {@link #perPod(JsonNode, String)} of its {@code spec}, with messages
   * naming fields from {@code template.spec}.
   *
   * @param podTemplateSpec a {@code PodTemplateSpec} ({@code metadata} and {@code spec}); absent means the empty
   *     list
   * @return the per-pod request in base units
   * @throws InvalidResourcesException when a field has the wrong JSON type
   * @throws InvalidQuantityException when a quantity is invalid or negative
   */
  public static ResourceList perPodFromTemplate(JsonNode podTemplateSpec) {
    return PodRequests.perPodFromTemplate(podTemplateSpec, false);
  }

  /**
   * The per-pod request of a fragmented spec (docs/format.md#totals): {@code containers} and {@code container} are
   * summed as separate containers, and the object-level {@code resources} is used <em>only</em> when no container
   * declares resources (has at least one entry under {@code requests} or {@code limits}); it is not read otherwise.
   * Messages name fields from {@code containers}, {@code container} and {@code resources}.
   *
   * @param containers a list of containers (the {@code containers} path's value); absent for none
   * @param container one container (the {@code container} path's value); absent for none
   * @param resources a {@code ResourceRequirements} (the {@code resources} path's value); absent for none
   * @return the per-pod request in base units
   * @throws InvalidResourcesException when a value has the wrong JSON type
   * @throws InvalidQuantityException when a quantity is invalid or negative
   */
  public static ResourceList fragmented(
      JsonNode containers, JsonNode container, JsonNode resources) {
    return PodRequests.fragmented(containers, container, resources);
  }

  /**
   * The effective amounts of one {@code ResourceRequirements} object: for each resource, the request, else the
   * limit. CPU is rounded up to whole millicores; other amounts are exact. Messages name fields from {@code
   * resources}.
   *
   * @param resourceRequirements an object with optional {@code requests} and {@code limits}; absent means the empty
   *     list
   * @return the amounts in base units
   * @throws InvalidResourcesException when a field has the wrong JSON type
   * @throws InvalidQuantityException when a quantity is invalid or negative
   */
  public static ResourceList requirements(JsonNode resourceRequirements) {
    return PodRequests.requirements(resourceRequirements);
  }
}
