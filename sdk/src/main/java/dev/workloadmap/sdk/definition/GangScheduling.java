package dev.workloadmap.sdk.definition;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import org.apiguardian.api.API;

/**
 * {@code optimizationInstructions.gangScheduling} (docs/format.md#gang-scheduling): the deprecated {@code podGroups}
 * and/or the newer {@code podGroup}.
 *
 * @param podGroups the deprecated list form; empty when absent
 * @param podGroup the structured form, or null
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record GangScheduling(List<PodGroupEntry> podGroups, PodGroup podGroup) {
  public GangScheduling {
    podGroups = podGroups == null ? List.of() : List.copyOf(podGroups);
  }

  /** One entry of {@code podGroups}. */
  public record PodGroupEntry(String name, List<Member> members) {
    public PodGroupEntry {
      members = List.copyOf(members);
    }
  }

  /** A member: pod-side {@code groupByKeyPaths} and {@code filters}. */
  public record Member(String componentName, List<String> groupByKeyPaths, List<String> filters) {
    public Member {
      groupByKeyPaths = groupByKeyPaths == null ? List.of() : List.copyOf(groupByKeyPaths);
      filters = filters == null ? List.of() : List.copyOf(filters);
    }
  }

  /** The {@code podGroup} form. */
  public record PodGroup(String name, List<SubGroup> subGroups, Topology topology) {
    public PodGroup {
      subGroups = subGroups == null ? List.of() : List.copyOf(subGroups);
    }
  }

  /** A subgroup of {@code podGroup}. */
  public record SubGroup(String componentName, Topology topology) {}

  /** Topology constraint. */
  public record Topology(
      String topologyName, String preferredTopologyLevel, String requiredTopologyLevel) {}
}
