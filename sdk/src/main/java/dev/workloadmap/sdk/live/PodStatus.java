package dev.workloadmap.sdk.live;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import org.apiguardian.api.API;

/**
 * Reads the describe view's pod fields from a pod's JSON (docs/format.md#cli-describe pod row, conformance CR-03,
 * CR-11).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class PodStatus {
  private PodStatus() {}

  /** The container status lists whose waiting reasons {@link #reason} reads, in order. */
  private static final String[] WAITING_LISTS = {"initContainerStatuses", "containerStatuses"};

  /** {@code status.phase}, or {@code Pending} when the pod has none yet. */
  public static String phase(JsonNode pod) {
    return phaseOf(pod.path("status"));
  }

  private static String phaseOf(JsonNode status) {
    String p = status.path("phase").asText("");
    return p.isEmpty() ? "Pending" : p;
  }

  /** True when the pod's {@code Ready} condition is {@code True}. */
  public static boolean ready(JsonNode pod) {
    JsonNode c = condition(pod.path("status"), "Ready");
    return c != null && "True".equals(c.path("status").asText());
  }

  /** {@code spec.nodeName}, or null when the pod is not scheduled. */
  public static String node(JsonNode pod) {
    String n = pod.path("spec").path("nodeName").asText("");
    return n.isEmpty() ? null : n;
  }

  /**
   * Why the pod is not running, or null when it is running and no container is waiting. In order: {@code
   * status.reason} ({@code Evicted}); the first waiting reason of an init container, then of a container ({@code
   * CrashLoopBackOff}, {@code ImagePullBackOff}, {@code ContainerCreating}); for a failed pod the first terminated
   * reason ({@code OOMKilled}, {@code Error}); a {@code PodScheduled=False} reason ({@code Unschedulable}); and, when
   * the phase is not Running, the {@code Ready} condition's reason ({@code PodCompleted}).
   */
  public static String reason(JsonNode pod) {
    JsonNode status = pod.path("status");
    String phase = phaseOf(status);
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

  private static JsonNode condition(JsonNode status, String type) {
    JsonNode conditions = status.path("conditions");
    if (conditions
        .isArray()) { // by index: the same elements as the loop below, without an iterator
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
