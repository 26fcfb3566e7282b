package dev.workloadmap.sdk.internal.resources;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.internal.jq.JsonNumbers;
import dev.workloadmap.sdk.resources.InvalidQuantityException;
import dev.workloadmap.sdk.resources.InvalidResourcesException;
import dev.workloadmap.sdk.resources.PodResources;
import dev.workloadmap.sdk.resources.ResourceList;
import java.math.BigDecimal;
import java.util.Map;
import java.util.TreeMap;

/**
 * The implementation of {@link PodResources} (docs/format.md#totals, decision f): the one copy of the per-pod request
 * formula, which {@code PodResources} documents and delegates to.
 *
 * <p>It also reads a pod spec for the SDK's own tree with {@code canonicalOnly}: the tree reads the pod template as
 * the object holds it (its keys in the object's order) instead of the key-sorted, number-normalised copy the jq
 * paths stand for, which is the same answer as long as every quantity that is a JSON number is already in the
 * canonical form ({@link JsonNumbers#normalize} keeps it: an {@code int}, a {@code long}, a non-integral double).
 * With {@code canonicalOnly}, any other number ({@code 4.0}, an integer beyond {@code long}, a float or big decimal
 * node) throws {@link NotCanonical} before it is read, so that the caller reads the canonical form instead.
 */
public final class PodRequests {

  private static final String SIDECAR_RESTART_POLICY = "Always";

  private PodRequests() {}

  /** Thrown with {@code canonicalOnly} at a quantity whose number the canonical form would change. */
  public static final class NotCanonical extends RuntimeException {
    private static final long serialVersionUID = 1L;
    static final NotCanonical INSTANCE = new NotCanonical();

    private NotCanonical() {
      super("a quantity is a number the canonical form changes", null, false, false);
    }
  }

  /**
   * What the SDK's tree learns of a pod spec besides its request, when it reads it with {@code canonicalOnly}: whether
   * some container's requests and limits could break {@link ExtendedResourceRules} ({@link
   * ExtendedResourceRules#clean}). When none can, the tree does not look for violations. One per pod spec read.
   */
  public static final class Checked {
    private boolean extendedClean = true;

    /** True when every container's requests and limits are {@link ExtendedResourceRules#clean}. */
    public boolean extendedClean() {
      return extendedClean;
    }
  }

  /** {@link PodResources#perPod(JsonNode, String)}; with {@code canonicalOnly}, see the class comment. */
  public static ResourceList perPod(JsonNode podSpec, String path, boolean canonicalOnly) {
    return perPod(podSpec, Where.of(path), canonicalOnly, null);
  }

  /**
   * {@link #perPod(JsonNode, String, boolean)} with {@code canonicalOnly}, noting in {@code checked} what it learns of
   * the containers' extended resources.
   */
  public static ResourceList perPod(JsonNode podSpec, String path, Checked checked) {
    return perPod(podSpec, Where.of(path), true, checked);
  }

  /** {@link PodResources#perPodFromTemplate(JsonNode)}; with {@code canonicalOnly}, see the class comment. */
  public static ResourceList perPodFromTemplate(JsonNode podTemplateSpec, boolean canonicalOnly) {
    return perPodFromTemplate(podTemplateSpec, canonicalOnly, null);
  }

  /** {@link #perPodFromTemplate(JsonNode, boolean)} with {@code canonicalOnly}, noting as {@link #perPod(JsonNode, String, Checked)}. */
  public static ResourceList perPodFromTemplate(JsonNode podTemplateSpec, Checked checked) {
    return perPodFromTemplate(podTemplateSpec, true, checked);
  }

  private static ResourceList perPodFromTemplate(
      JsonNode podTemplateSpec, boolean canonicalOnly, Checked checked) {
    if (absent(podTemplateSpec)) {
      return ResourceList.empty();
    }
    requireObject(podTemplateSpec, Where.of("template"), "a pod template (an object)");
    return perPod(podTemplateSpec.get("spec"), Where.of("template.spec"), canonicalOnly, checked);
  }

  /** {@link PodResources#requirements(JsonNode)}. */
  public static ResourceList requirements(JsonNode resourceRequirements) {
    return requirements(resourceRequirements, Where.of("resources"), false, null);
  }

  static ResourceList perPod(JsonNode podSpec, Where path, boolean canonicalOnly, Checked checked) {
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
        running = running.plus(
            container(containers.get(i), containersPath.index(i), canonicalOnly, checked));
      }
    }

    ResourceList largestInit = ResourceList.empty();
    Where initPath = path.field("initContainers");
    JsonNode initContainers = podSpec.get("initContainers");
    if (!absent(initContainers)) {
      requireArray(initContainers, initPath, "a list of containers (an array)");
      for (int i = 0; i < initContainers.size(); i++) {
        JsonNode init = initContainers.get(i);
        ResourceList request = container(init, initPath.index(i), canonicalOnly, checked);
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
      ResourceList override = requirements(podLevel, path.field("resources"), canonicalOnly, null);
      for (String name : new String[] {ResourceList.CPU, ResourceList.MEMORY}) {
        if (override.contains(name)) {
          total = total.with(name, override.getOrZero(name));
        }
      }
    }

    return total.plus(amounts(podSpec.get("overhead"), path.field("overhead"), canonicalOnly));
  }

  public static ResourceList fragmented(
      JsonNode containers, JsonNode container, JsonNode resources) {
    boolean canonicalOnly = false;
    ResourceList total = ResourceList.empty();
    boolean declared = false;
    if (!absent(containers)) {
      requireArray(containers, Where.of("containers"), "a list of containers (an array)");
      for (int i = 0; i < containers.size(); i++) {
        ResourceList request =
            container(containers.get(i), Where.of("containers").index(i), canonicalOnly, null);
        declared |= !request.isEmpty();
        total = total.plus(request);
      }
    }
    if (!absent(container)) {
      ResourceList request = container(container, Where.of("container"), canonicalOnly, null);
      declared |= !request.isEmpty();
      total = total.plus(request);
    }
    return declared ? total : requirements(resources, Where.of("resources"), canonicalOnly, null);
  }

  /** A container's (or the pod's) requirements; {@code checked} (a container's only) notes {@link ExtendedResourceRules#clean}. */
  static ResourceList requirements(
      JsonNode resources, Where path, boolean canonicalOnly, Checked checked) {
    if (absent(resources)) {
      return ResourceList.empty();
    }
    requireObject(resources, path, "resource requirements (an object with requests and limits)");
    ResourceList requests =
        amounts(resources.get("requests"), path.field("requests"), canonicalOnly);
    ResourceList limits = amounts(resources.get("limits"), path.field("limits"), canonicalOnly);
    if (checked != null && checked.extendedClean) {
      checked.extendedClean = ExtendedResourceRules.clean(requests, limits);
    }
    ResourceList effective = requests;
    for (Map.Entry<String, BigDecimal> limit : limits.asMap().entrySet()) {
      if (!requests.contains(limit.getKey())) {
        effective = effective.with(limit.getKey(), limit.getValue());
      }
    }
    return effective;
  }

  private static ResourceList container(
      JsonNode container, Where path, boolean canonicalOnly, Checked checked) {
    if (absent(container)) {
      return ResourceList.empty();
    }
    requireObject(container, path, "a container (an object)");
    return requirements(
        container.get("resources"), path.field("resources"), canonicalOnly, checked);
  }

  /** A Kubernetes {@code ResourceList} object: resource name → quantity. */
  private static ResourceList amounts(JsonNode list, Where path, boolean canonicalOnly) {
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
      if (canonicalOnly && field.getValue().isNumber() && !JsonNumbers.isNormal(field.getValue())) {
        throw NotCanonical.INSTANCE;
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
  static final class Where {
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
