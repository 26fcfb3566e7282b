package dev.workloadmap.sdk.internal.resources;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.resources.InvalidQuantityException;
import dev.workloadmap.sdk.resources.PodResources;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * The rules the Kubernetes API server applies to extended resources in a container's {@code resources}
 * (k8s.io/kubernetes pkg/apis/core/validation: {@code validateContainerResourceRequirements}, {@code
 * ValidateResourceQuantityValue}): an extended resource (a name with a domain outside {@code kubernetes.io}, such as
 * {@code nvidia.com/gpu}) must be a whole count, and because it cannot be overcommitted, a request must equal its
 * limit. A pod that breaks them is never created, so counting its GPUs would report GPUs that no pod will
 * ever hold: these are findings, and the totals that include the pod are incomplete.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
public final class ExtendedResourceRules {
  private ExtendedResourceRules() {}

  /**
   * One violation.
   *
   * @param pointer the JSON pointer of the quantity, relative to the pod spec ({@code
   *     /containers/0/resources/requests/nvidia.com~1gpu})
   * @param message {@code <json path>: <what Kubernetes says>}
   */
  public record Violation(String pointer, String message) {}

  /**
   * The violations in a pod spec, each with {@code <json path>: <what Kubernetes says>} with paths from {@code path} (for
   * example {@code template.spec.containers[0].resources.requests[nvidia.com/gpu]: must be an integer, got "500m"}).
   * Shapes that are not objects are left to {@link PodResources}, which reports them.
   *
   * @param podSpec a {@code PodSpec}, or null
   * @param path how messages name the pod spec
   * @return the violations, in container order; empty when there are none
   */
  public static List<Violation> violations(JsonNode podSpec, String path) {
    List<Violation> out = new ArrayList<>();
    if (podSpec == null || !podSpec.isObject()) {
      return out;
    }
    for (String list : new String[] {"initContainers", "containers"}) {
      JsonNode cs = podSpec.get(list);
      if (cs == null || !cs.isArray()) {
        continue;
      }
      for (int i = 0; i < cs.size(); i++) {
        JsonNode r = cs.get(i).path("resources");
        if (r.isObject()) {
          container(
              r,
              path + "." + list + "[" + i + "].resources",
              "/" + list + "/" + i + "/resources",
              out);
        }
      }
    }
    return out;
  }

  /** Whether Kubernetes treats {@code name} as an extended resource ({@code IsExtendedResourceName}). */
  public static boolean isExtended(String name) {
    int slash = name.indexOf('/');
    if (slash < 0) {
      return false; // native: cpu, memory, ephemeral-storage, hugepages-*
    }
    String domain = name.substring(0, slash);
    if (domain.equals("kubernetes.io") || domain.endsWith(".kubernetes.io")) {
      return false;
    }
    return !name.startsWith("requests.");
  }

  private static String key(String name) {
    return name.replace("~", "~0").replace("/", "~1");
  }

  private static void container(
      JsonNode resources, String path, String pointer, List<Violation> out) {
    JsonNode requests = resources.path("requests");
    JsonNode limits = resources.path("limits");
    for (String side : new String[] {"requests", "limits"}) {
      JsonNode list = resources.path(side);
      if (!list.isObject()) {
        continue;
      }
      for (Map.Entry<String, JsonNode> e : list.properties()) {
        if (!isExtended(e.getKey())) {
          continue;
        }
        String at = path + "." + side + "[" + e.getKey() + "]";
        BigDecimal q = quantity(e.getValue());
        if (q == null) {
          continue; // an invalid quantity: PodResources reports it
        }
        if (q.signum() != 0 && q.stripTrailingZeros().scale() > 0) {
          out.add(new Violation(
              pointer + "/" + side + "/" + key(e.getKey()),
              at + ": must be an integer, got " + text(e.getValue())));
        }
      }
    }
    if (requests.isObject()) {
      for (Map.Entry<String, JsonNode> e : requests.properties()) {
        if (!isExtended(e.getKey())) {
          continue;
        }
        String at = path + ".requests[" + e.getKey() + "]";
        JsonNode limit = limits.isObject() ? limits.get(e.getKey()) : null;
        BigDecimal q = quantity(e.getValue());
        if (limit == null) {
          // Kubernetes defaults a missing limit of a non-overcommitable resource to nothing and
          // rejects the pod;
          // a definition that builds the pod spec often models requests only, so that is not a
          // finding here
          continue;
        }
        BigDecimal l = quantity(limit);
        if (q != null && l != null && q.compareTo(l) != 0) {
          out.add(new Violation(
              pointer + "/requests/" + key(e.getKey()),
              at + ": must be equal to " + e.getKey() + " limit of " + text(limit) + ", got "
                  + text(e.getValue())));
        }
      }
    }
  }

  private static BigDecimal quantity(JsonNode v) {
    try {
      return Quantities.parse(v);
    } catch (InvalidQuantityException e) {
      return null;
    }
  }

  private static String text(JsonNode v) {
    return v.isTextual() ? "\"" + v.textValue() + "\"" : v.asText();
  }
}
