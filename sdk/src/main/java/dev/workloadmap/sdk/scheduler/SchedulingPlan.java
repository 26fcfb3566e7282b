package dev.workloadmap.sdk.scheduler;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.workloadmap.sdk.definition.GangScheduling.Topology;
import dev.workloadmap.sdk.resources.ResourceList;
import java.util.List;
import org.apiguardian.api.API;

/**
 * The gangs a scheduler should admit for one workload, in the terms every gang scheduler shares: per gang a name
 * base, a minMember, subgroups with their own minimum, the resources of the minMember pods and the pods that belong to
 * it.
 *
 * @param workload the workload: apiVersion, kind, namespace, name
 * @param uid the workload's {@code metadata.uid}, or {@code ""} when the object has none (a file not read from a
 *     cluster); then names use {@code metadata.name} instead and PodGroups carry no ownerReference (the API server
 *     refuses one without a uid)
 * @param source {@code desired} (from the definition and the object: the pods the controllers will create) or {@code
 *     live} (from the pods present)
 * @param gangs the gangs, in group then key order
 * @param notes what was decided and why: a group computed without a model of the framework's controller, a subgroup
 *     left out, a difference from KAI's own pod grouper
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record SchedulingPlan(
    Workload workload, String uid, String source, List<Gang> gangs, List<String> notes) {
  public SchedulingPlan {
    gangs = List.copyOf(gangs);
    notes = List.copyOf(notes);
  }

  /** The workload a plan is for. */
  @API(status = EXPERIMENTAL, since = "0.1")
  public record Workload(String apiVersion, String kind, String namespace, String name) {}

  /**
   * One gang.
   *
   * @param group the definition's pod group ({@code podGroups[].name} or {@code podGroup.name})
   * @param form {@code podGroups} or {@code podGroup}
   * @param key the group key tuple (empty for {@code podGroup})
   * @param name the PodGroup name as KAI's Karta grouper forms it: {@code pg-<uid>-<key1>-<key2>...} ({@code
   *     pg-<uid>-<podGroup.name>} for {@code podGroup}); with no uid, {@code metadata.name} in its place. Not yet made
   *     safe: {@link PodGroups} applies {@link PodGroupName#safe} with each scheduler's limit
   * @param minMember pods the gang needs to start; for {@code podGroup} the sum of its subgroups' minima
   * @param subGroups the gang's subgroups (components, or instances of a multi-instance component) with their own
   *     minimum; empty when the gang is one component instance
   * @param minSubGroup for {@code podGroup} the number of subgroups that must be admitted (KAI's {@code minSubGroup}:
   *     all of them), else null
   * @param topology the {@code podGroup.topology} of the definition, or null
   * @param minResources requests of the minMember pods: GPUs as counts, CPU and memory in base units
   * @param pods the gang's pods: live pod names, or the names the controller will give them (desired)
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public record Gang(
      String group,
      String form,
      List<String> key,
      String name,
      int minMember,
      List<SubGroup> subGroups,
      Integer minSubGroup,
      Topology topology,
      ResourceList minResources,
      List<String> pods) {
    public Gang {
      key = List.copyOf(key);
      subGroups = List.copyOf(subGroups);
      pods = List.copyOf(pods);
    }
  }

  /**
   * A subgroup of a gang.
   *
   * @param name DNS-1123 label: the instance id of a multi-instance component, else the component name
   * @param component the component
   * @param minMember pods of the subgroup the gang needs
   * @param topology the subgroup's topology constraint from {@code podGroup.subGroups[].topology}, or null
   * @param pods the subgroup's pods
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public record SubGroup(
      String name, String component, int minMember, Topology topology, List<String> pods) {
    public SubGroup {
      pods = List.copyOf(pods);
    }
  }
}
