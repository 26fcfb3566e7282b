package dev.workloadmap.sdk.live;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.resources.ResourceList;

/**
 * One live pod placed on a component (spec §5.8, §7.4 pod row).
 *
 * @param name {@code metadata.name}
 * @param namespace {@code metadata.namespace} ({@code ""} when absent)
 * @param phase {@code status.phase} ({@code Pending} when the pod has no status yet)
 * @param reason why the pod is not running ({@code Unschedulable}, {@code CrashLoopBackOff}, {@code PodCompleted},
 *     {@code Evicted}, ...), or null for a running, healthy pod (see {@link PodStatus#reason})
 * @param ready the pod's {@code Ready} condition is {@code True}
 * @param node {@code spec.nodeName}, or null when the pod is not scheduled
 * @param resources the pod's own request (spec §5.10 per-pod rule over its {@code spec}): GPUs as counts, CPU in
 *     millicores, memory in bytes
 * @param component the component it was placed on
 * @param instance its instance id, or null for a single-instance component
 * @param replicaKey its replica key ({@code replicaSelector} of its component or nearest ancestor), or null
 * @param manifest the pod's JSON as given
 */
public record LivePod(
    String name,
    String namespace,
    String phase,
    String reason,
    boolean ready,
    String node,
    ResourceList resources,
    String component,
    String instance,
    String replicaKey,
    JsonNode manifest) {

  /** Not healthy in the describe view's sense (spec §7.4): not ready and not completed. */
  public boolean unhealthy() {
    return !ready && !"Succeeded".equals(phase);
  }
}
