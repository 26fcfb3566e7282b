package dev.workloadmap.sdk.live;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.workloadmap.sdk.resources.ResourceList;
import java.util.List;
import org.apiguardian.api.API;

/**
 * One row of the live tree (docs/format.md#cli-describe component row): a pod-bearing component, or one instance of a
 * multi-instance component (the row is then named by the instance id).
 *
 * @param name the row's name: the instance id for an instance of a multi-instance component, else the component name
 * @param component the component name
 * @param instance the instance id, or null for a single-instance component
 * @param desired desired pods (docs/format.md#totals: replicas, else minReplicas, else 1)
 * @param current pods placed here
 * @param ready placed pods whose Ready condition is True
 * @param nodes the distinct nodes of the placed pods, sorted
 * @param resources the requested total for the desired pods (desired × per-pod request), as in file mode
 * @param pods the placed pods, sorted by name
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record LiveComponent(
    String name,
    String component,
    String instance,
    int desired,
    int current,
    int ready,
    List<String> nodes,
    ResourceList resources,
    List<LivePod> pods) {
  public LiveComponent {
    nodes = List.copyOf(nodes);
    pods = List.copyOf(pods);
  }
}
