package dev.workloadmap.sdk.live;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.workloadmap.sdk.tree.WorkloadTree;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A workload with its live pods attributed (docs/format.md#owner-chain): the file-mode tree plus, per pod-bearing
 * component or instance, the pods placed on it. Pods owned by the workload that no component claimed are in
 * {@link #unmatched()}; pods whose owner chain does not reach the workload are named in {@link #notOwned()}. Nothing is
 * dropped silently.
 *
 * @param tree the resolved workload tree (desired structure, status, requested resources)
 * @param components one row per pod-bearing component, or per instance of a multi-instance one, in tree order
 * @param unmatched owned pods that no component claimed, sorted by name
 * @param notOwned names of candidate pods whose owner chain does not reach the workload's UID, sorted
 * @param problems non-fatal problems, such as a replica key that could not be read from a pod
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record LiveTree(
    WorkloadTree tree,
    List<LiveComponent> components,
    List<UnmatchedPod> unmatched,
    List<String> notOwned,
    List<String> problems) {
  public LiveTree {
    components = List.copyOf(components);
    unmatched = List.copyOf(unmatched);
    notOwned = List.copyOf(notOwned);
    problems = List.copyOf(problems);
  }

  /** Every placed pod, in row order. */
  public List<LivePod> pods() {
    return components.stream().flatMap(c -> c.pods().stream()).toList();
  }

  /** The row of a single-instance component, or the first row of a multi-instance one. */
  public Optional<LiveComponent> component(String componentName) {
    return components.stream().filter(c -> c.component().equals(componentName)).findFirst();
  }

  /** The row of one instance of a component. */
  public Optional<LiveComponent> component(String componentName, String instanceId) {
    return components.stream()
        .filter(c -> c.component().equals(componentName)
            && java.util.Objects.equals(c.instance(), instanceId))
        .findFirst();
  }
}
