package dev.workloadmap.sdk.live;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.jq.JqInput;
import dev.workloadmap.sdk.resources.ResourceList;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * One live pod placed on a component (docs/format.md#owner-chain, docs/format.md#cli-describe pod row).
 *
 * @param name {@code metadata.name}
 * @param namespace {@code metadata.namespace} ({@code ""} when absent)
 * @param phase {@code status.phase} ({@code Pending} when the pod has no status yet)
 * @param reason why the pod is not running ({@code Unschedulable}, {@code CrashLoopBackOff}, {@code PodCompleted},
 *     {@code Evicted}, ...), or null for a running, healthy pod (see {@link PodStatus#reason})
 * @param ready the pod's {@code Ready} condition is {@code True}
 * @param node {@code spec.nodeName}, or null when the pod is not scheduled
 * @param resources the pod's own request (docs/format.md#totals per-pod rule over its {@code spec}): GPUs as counts,
 *     CPU in millicores, memory in bytes
 * @param component the component it was placed on
 * @param instance its instance id, or null for a single-instance component
 * @param replicaKey its replica key ({@code replicaSelector} of its component or nearest ancestor), or null
 * @param manifest the pod's JSON as given
 * @param input {@code manifest} prepared for jq (docs/format.md#evaluation), once per pod: attribution and the gang
 *     plan evaluate every selector, filter and group-key path of this pod against it instead of preparing the pod again
 */
@API(status = EXPERIMENTAL, since = "0.1")
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
    JsonNode manifest,
    JqInput input) {

  /**
   * @throws IllegalArgumentException {@code input} was not prepared from {@code manifest}
   */
  public LivePod {
    Objects.requireNonNull(manifest, "manifest");
    Objects.requireNonNull(input, "input");
    if (input.original() != manifest) {
      throw new IllegalArgumentException(
          "the jq input of pod " + name + " was not prepared from its manifest");
    }
  }

  /** A pod row whose jq input is prepared here from {@code manifest}. */
  public LivePod(
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
    this(
        name,
        namespace,
        phase,
        reason,
        ready,
        node,
        resources,
        component,
        instance,
        replicaKey,
        manifest,
        JqInput.of(manifest));
  }

  /** Not healthy in the describe view's sense (docs/format.md#cli-describe): not ready and not completed. */
  public boolean unhealthy() {
    return !ready && !"Succeeded".equals(phase);
  }
}
