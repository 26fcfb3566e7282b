package dev.workloadmap.sdk.live;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.internal.live.PodFields;
import org.apiguardian.api.API;

/**
 * Reads the describe view's pod fields from a pod's JSON (docs/format.md#cli-describe pod row, conformance CR-03,
 * CR-11). Attribution reads the same fields with the same rules from a pod's {@code status} and {@code spec}, once
 * per pod.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class PodStatus {
  private PodStatus() {}

  /** {@code status.phase}, or {@code Pending} when the pod has none yet. */
  public static String phase(JsonNode pod) {
    return PodFields.phase(pod.path("status"));
  }

  /** True when the pod's {@code Ready} condition is {@code True}. */
  public static boolean ready(JsonNode pod) {
    return PodFields.ready(pod.path("status"));
  }

  /** {@code spec.nodeName}, or null when the pod is not scheduled. */
  public static String node(JsonNode pod) {
    return PodFields.node(pod.path("spec"));
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
    return PodFields.reason(status, PodFields.phase(status));
  }
}
