package dev.workloadmap.sdk.internal.live;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The describe view's pod fields (docs/format.md#cli-describe pod row, conformance CR-03, CR-11), read from a pod's
 * {@code status} and {@code spec} nodes: the one copy of the rules {@link dev.workloadmap.sdk.live.PodStatus} gives
 * for a whole pod. Attribution reads {@code status} once per pod and passes it to each field here.
 */
public final class PodFields {
  private PodFields() {}

  /** The container status lists whose waiting reasons {@link #reason} reads, in order. */
  private static final String[] WAITING_LISTS = {"initContainerStatuses", "containerStatuses"};

  /** {@code status.phase}, or {@code Pending} when the pod has none yet. */
  public static String phase(JsonNode status) {
    String p = status.path("phase").asText("");
    return p.isEmpty() ? "Pending" : p;
  }

  /** True when the {@code Ready} condition of {@code status} is {@code True}. */
  public static boolean ready(JsonNode status) {
    JsonNode c = condition(status, "Ready");
    return c != null && "True".equals(c.path("status").asText());
  }

  /** {@code spec.nodeName} of a pod's {@code spec}, or null when the pod is not scheduled. */
  public static String node(JsonNode spec) {
    String n = spec.path("nodeName").asText("");
    return n.isEmpty() ? null : n;
  }

  /**
   * {@link dev.workloadmap.sdk.live.PodStatus#reason} of a pod with this {@code status}, whose {@link #phase} is
   * {@code phase}.
   */
  public static String reason(JsonNode status, String phase) {
    String r = status.path("reason").asText("");
    if (!r.isEmpty()) {
      return r;
    }
    for (String list : WAITING_LISTS) {
      for (JsonNode cs : status.path(list)) {
        String w = cs.path("state").path("waiting").path("reason").asText("");
        if (!w.isEmpty()) {
          return w;
        }
      }
    }
    if ("Failed".equals(phase)) {
      for (JsonNode cs : status.path("containerStatuses")) {
        String t = cs.path("state").path("terminated").path("reason").asText("");
        if (!t.isEmpty()) {
          return t;
        }
      }
    }
    if ("Running".equals(phase)) {
      return null;
    }
    JsonNode scheduled = condition(status, "PodScheduled");
    if (scheduled != null && "False".equals(scheduled.path("status").asText())) {
      String s = scheduled.path("reason").asText("");
      if (!s.isEmpty()) {
        return s;
      }
    }
    JsonNode ready = condition(status, "Ready");
    if (ready != null && !"True".equals(ready.path("status").asText())) {
      String s = ready.path("reason").asText("");
      if (!s.isEmpty()) {
        return s;
      }
    }
    return null;
  }

  /** The first condition of {@code status} of this type, or null. */
  private static JsonNode condition(JsonNode status, String type) {
    JsonNode conditions = status.path("conditions");
    if (conditions.isArray()) { // by index: the elements the loop below gives, without an iterator
      for (int i = 0, n = conditions.size(); i < n; i++) {
        JsonNode c = conditions.get(i);
        if (type.equals(c.path("type").asText())) {
          return c;
        }
      }
      return null;
    }
    for (JsonNode c : conditions) {
      if (type.equals(c.path("type").asText())) {
        return c;
      }
    }
    return null;
  }
}
