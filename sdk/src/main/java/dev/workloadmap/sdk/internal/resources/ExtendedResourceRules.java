package dev.workloadmap.sdk.internal.resources;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.resources.InvalidQuantityException;
import dev.workloadmap.sdk.resources.PodResources;
import dev.workloadmap.sdk.resources.ResourceList;
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
  private static final String[] LISTS = {"initContainers", "containers"};
  private static final String[] SIDES = {"requests", "limits"};

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
    List<Violation> out = null; // made at the first violation
    if (podSpec == null || !podSpec.isObject()) {
      return List.of();
    }
    for (String list : LISTS) {
      JsonNode cs = podSpec.get(list);
      if (cs == null || !cs.isArray()) {
        continue;
      }
      for (int i = 0; i < cs.size(); i++) {
        JsonNode r = cs.get(i).path("resources");
        if (r.isObject()) {
          out = container(r, path, list, i, out);
        }
      }
    }
    return out == null ? List.of() : out;
  }

  /** Whether Kubernetes treats {@code name} as an extended resource ({@code IsExtendedResourceName}). */
  public static boolean isExtended(String name) {
    int slash = name.indexOf('/');
    if (slash < 0) {
      return false; // native: cpu, memory, ephemeral-storage, hugepages-*
    }
    // the domain is name[0, slash): "kubernetes.io" or a subdomain of it is native (compared in
    // place, no
    // substring: this runs for every resource of every pod)
    String k8s = "kubernetes.io";
    if (slash >= k8s.length()
        && name.regionMatches(slash - k8s.length(), k8s, 0, k8s.length())
        && (slash == k8s.length() || name.charAt(slash - k8s.length() - 1) == '.')) {
      return false;
    }
    return !name.startsWith("requests.");
  }

  /**
   * Whether one container whose {@code requests} and {@code limits} were read into these lists (every quantity valid)
   * breaks neither rule: every extended amount is whole, and every extended request that has a limit equals it. These
   * are the conditions {@link #violations} reports, on the same parsed amounts, so for a container whose quantities
   * are valid it finds a violation exactly when this is false.
   */
  public static boolean clean(ResourceList requests, ResourceList limits) {
    Clean check = new Clean(limits.asMap());
    // forEach, not the entry set: the unmodifiable map's entries would be wrapped one by one
    requests.asMap().forEach(check);
    if (!check.clean) {
      return false;
    }
    check.limits = null;
    limits.asMap().forEach(check);
    return check.clean;
  }

  /** {@link #clean}'s walk: requests against their limits, then the limits alone ({@code limits} null). */
  private static final class Clean implements java.util.function.BiConsumer<String, BigDecimal> {
    Map<String, BigDecimal> limits;
    boolean clean = true;

    Clean(Map<String, BigDecimal> limits) {
      this.limits = limits;
    }

    @Override
    public void accept(String name, BigDecimal q) {
      if (!clean || !isExtended(name)) {
        return;
      }
      if (fractional(q)) {
        clean = false;
        return;
      }
      BigDecimal l = limits == null ? null : limits.get(name);
      if (l != null && q.compareTo(l) != 0) {
        clean = false;
      }
    }
  }

  /** Not a whole count (the first rule). */
  private static boolean fractional(BigDecimal q) {
    return q.signum() != 0 && q.stripTrailingZeros().scale() > 0;
  }

  private static String key(String name) {
    return name.replace("~", "~0").replace("/", "~1");
  }

  /**
   * The violations of one container's {@code resources}; the JSON path ({@code <path>.<list>[<i>].resources}) and
   * pointer are built only for a violation.
   */
  private static List<Violation> container(
      JsonNode resources, String path, String list, int i, List<Violation> found) {
    List<Violation> out = found;
    JsonNode requests = resources.path("requests");
    JsonNode limits = resources.path("limits");
    for (String side : SIDES) {
      JsonNode list1 = resources.path(side);
      if (!list1.isObject()) {
        continue;
      }
      for (Map.Entry<String, JsonNode> e : list1.properties()) {
        if (!isExtended(e.getKey()) || isWholeNumber(e.getValue())) {
          continue;
        }
        BigDecimal q = quantity(e.getValue());
        if (q == null) {
          continue; // an invalid quantity: PodResources reports it
        }
        if (fractional(q)) {
          out = out != null ? out : new ArrayList<>();
          out.add(new Violation(
              pointer(list, i) + "/" + side + "/" + key(e.getKey()),
              at(path, list, i) + "." + side + "[" + e.getKey() + "]: must be an integer, got "
                  + text(e.getValue())));
        }
      }
    }
    if (requests.isObject()) {
      for (Map.Entry<String, JsonNode> e : requests.properties()) {
        if (!isExtended(e.getKey())) {
          continue;
        }
        JsonNode limit = limits.isObject() ? limits.get(e.getKey()) : null;
        if (limit == null) {
          // Kubernetes defaults a missing limit of a non-overcommitable resource to nothing and
          // rejects the pod;
          // a definition that builds the pod spec often models requests only, so that is not a
          // finding here
          continue;
        }
        if (sameWholeNumber(e.getValue(), limit)) {
          continue;
        }
        BigDecimal q = quantity(e.getValue());
        BigDecimal l = quantity(limit);
        if (q != null && l != null && q.compareTo(l) != 0) {
          out = out != null ? out : new ArrayList<>();
          out.add(new Violation(
              pointer(list, i) + "/requests/" + key(e.getKey()),
              at(path, list, i) + ".requests[" + e.getKey() + "]: must be equal to " + e.getKey()
                  + " limit of " + text(limit) + ", got " + text(e.getValue())));
        }
      }
    }
    return out;
  }

  private static String at(String path, String list, int i) {
    return path + "." + list + "[" + i + "].resources";
  }

  private static String pointer(String list, int i) {
    return "/" + list + "/" + i + "/resources";
  }

  /**
   * A JSON integer node ({@code int} or {@code long}): a valid quantity that is a whole count, so it breaks no rule
   * on its own, without parsing it. Anything else (text, a decimal, a big integer) is parsed as before.
   */
  private static boolean isWholeNumber(JsonNode v) {
    return v.isInt() || v.isLong();
  }

  /** Two JSON integer nodes of the same value: a request equal to its limit, without parsing either. */
  private static boolean sameWholeNumber(JsonNode a, JsonNode b) {
    return isWholeNumber(a) && isWholeNumber(b) && a.longValue() == b.longValue();
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
