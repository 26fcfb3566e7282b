package dev.workloadmap.sdk.resources;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.internal.resources.JsonShapes;
import dev.workloadmap.sdk.internal.resources.Quantities;
import java.math.BigDecimal;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
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

  private static final String SIDECAR_RESTART_POLICY = "Always";

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
    return perPod(podSpec, Where.of(path));
  }

  private static ResourceList perPod(JsonNode podSpec, Where path) {
    if (absent(podSpec)) {
      return ResourceList.empty();
    }
    requireObject(podSpec, path, "a pod spec (an object)");

    ResourceList running = ResourceList.empty();
    Where containersPath = path.field("containers");
    JsonNode containers = podSpec.get("containers");
    if (!absent(containers)) {
      requireArray(containers, containersPath, "a list of containers (an array)");
      for (int i = 0; i < containers.size(); i++) {
        running = running.plus(container(containers.get(i), containersPath.index(i)));
      }
    }

    ResourceList largestInit = ResourceList.empty();
    Where initPath = path.field("initContainers");
    JsonNode initContainers = podSpec.get("initContainers");
    if (!absent(initContainers)) {
      requireArray(initContainers, initPath, "a list of containers (an array)");
      for (int i = 0; i < initContainers.size(); i++) {
        JsonNode init = initContainers.get(i);
        ResourceList request = container(init, initPath.index(i));
        if (isSidecar(init)) {
          running = running.plus(request);
        } else {
          largestInit = largestInit.max(request);
        }
      }
    }

    ResourceList total = largestInit.max(running);

    JsonNode podLevel = podSpec.get("resources");
    if (!absent(podLevel)) {
      ResourceList override = requirements(podLevel, path.field("resources"));
      for (String name : new String[] {ResourceList.CPU, ResourceList.MEMORY}) {
        if (override.contains(name)) {
          total = total.with(name, override.getOrZero(name));
        }
      }
    }

    return total.plus(amounts(podSpec.get("overhead"), path.field("overhead")));
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
    if (absent(podTemplateSpec)) {
      return ResourceList.empty();
    }
    requireObject(podTemplateSpec, Where.of("template"), "a pod template (an object)");
    return perPod(podTemplateSpec.get("spec"), Where.of("template.spec"));
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
    ResourceList total = ResourceList.empty();
    boolean declared = false;
    if (!absent(containers)) {
      requireArray(containers, Where.of("containers"), "a list of containers (an array)");
      for (int i = 0; i < containers.size(); i++) {
        ResourceList request =
            container(containers.get(i), Where.of("containers").index(i));
        declared |= !request.isEmpty();
        total = total.plus(request);
      }
    }
    if (!absent(container)) {
      ResourceList request = container(container, Where.of("container"));
      declared |= !request.isEmpty();
      total = total.plus(request);
    }
    return declared ? total : requirements(resources, Where.of("resources"));
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
    return requirements(resourceRequirements, Where.of("resources"));
  }

  private static ResourceList requirements(JsonNode resources, Where path) {
    if (absent(resources)) {
      return ResourceList.empty();
    }
    requireObject(resources, path, "resource requirements (an object with requests and limits)");
    ResourceList requests = amounts(resources.get("requests"), path.field("requests"));
    ResourceList limits = amounts(resources.get("limits"), path.field("limits"));
    ResourceList effective = requests;
    for (Map.Entry<String, BigDecimal> limit : limits.asMap().entrySet()) {
      if (!requests.contains(limit.getKey())) {
        effective = effective.with(limit.getKey(), limit.getValue());
      }
    }
    return effective;
  }

  private static ResourceList container(JsonNode container, Where path) {
    if (absent(container)) {
      return ResourceList.empty();
    }
    requireObject(container, path, "a container (an object)");
    return requirements(container.get("resources"), path.field("resources"));
  }

  /** A Kubernetes {@code ResourceList} object: resource name → quantity. */
  private static ResourceList amounts(JsonNode list, Where path) {
    if (absent(list)) {
      return ResourceList.empty();
    }
    requireObject(list, path, "a resource list (an object of resource name to quantity)");
    TreeMap<String, BigDecimal> amounts = new TreeMap<>();
    for (Map.Entry<String, JsonNode> field : list.properties()) {
      String name = field.getKey();
      if (name.isEmpty()) {
        throw new InvalidResourcesException(
            path.field(name).toString(), "a resource name must not be empty");
      }
      BigDecimal amount;
      try {
        amount = Quantities.parse(field.getValue());
      } catch (InvalidQuantityException e) {
        throw e.at(path.field(name).toString());
      }
      if (amount.signum() < 0) {
        throw new InvalidQuantityException(
            field.getValue().isTextual()
                ? field.getValue().textValue()
                : field.getValue().toString(),
            "must not be negative",
            path.field(name).toString(),
            null);
      }
      amounts.put(
          name, ResourceList.CPU.equals(name) ? Quantities.roundUpToMillis(amount) : amount);
    }
    return ResourceList.of(amounts);
  }

  private static boolean isSidecar(JsonNode initContainer) {
    JsonNode policy = initContainer == null ? null : initContainer.get("restartPolicy");
    return policy != null
        && policy.isTextual()
        && SIDECAR_RESTART_POLICY.equals(policy.textValue());
  }

  private static boolean absent(JsonNode node) {
    return node == null || node.isMissingNode() || node.isNull();
  }

  private static void requireObject(JsonNode node, Where path, String what) {
    if (!node.isObject()) {
      throw new InvalidResourcesException(
          path.toString(), "expected " + what + ", got " + JsonShapes.describe(node));
    }
  }

  private static void requireArray(JsonNode node, Where path, String what) {
    if (!node.isArray()) {
      throw new InvalidResourcesException(
          path.toString(), "expected " + what + ", got " + JsonShapes.describe(node));
    }
  }

  /**
   * Where a field is, for messages: rendered ({@code spec.containers[0].resources.limits["nvidia.com/gpu"]}) only when
   * a message needs it, so a valid pod spec costs no string building.
   */
  private static final class Where {
    private final Where parent;
    private final String text;
    private final String field;
    private final int index;

    private Where(Where parent, String text, String field, int index) {
      this.parent = parent;
      this.text = text;
      this.field = field;
      this.index = index;
    }

    static Where of(String text) {
      return new Where(null, text, null, -1);
    }

    Where field(String name) {
      return new Where(this, null, name, -1);
    }

    Where index(int i) {
      return new Where(this, null, null, i);
    }

    @Override
    public String toString() {
      if (parent == null) {
        return text;
      }
      return field != null
          ? JsonShapes.field(parent.toString(), field)
          : JsonShapes.index(parent.toString(), index);
    }
  }
}
