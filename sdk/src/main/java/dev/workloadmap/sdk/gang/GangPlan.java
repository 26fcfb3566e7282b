package dev.workloadmap.sdk.gang;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.workloadmap.sdk.internal.gang.GangJson;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A workload's gangs (docs/format.md#gangs, decision g): for each pod group of the definition's {@code gangScheduling},
 * the gangs its pods form (one per value of the group key tuple), each with its own minMember and member pods, plus the
 * pods that belong to no gang and why. A plain value a scheduler integration can consume; {@link GangJson} renders it.
 *
 * @param groups the {@code podGroups} entries in declaration order, then the {@code podGroup} (both are reported when
 *     both are present)
 * @param unassigned attributed pods that joined no gang of a form, with the reason (no membership, filters not passed,
 *     a group key that could not be read)
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record GangPlan(List<Group> groups, List<Unassigned> unassigned) {
  public GangPlan {
    groups = List.copyOf(groups);
    unassigned = List.copyOf(unassigned);
  }

  /** Which gang form a group comes from. */
  public enum Form {
    /** {@code podGroups} (deprecated form): members with groupByKeyPaths and filters. */
    POD_GROUPS,
    /** {@code podGroup}: subgroups by component, no keys (one gang for the workload). */
    POD_GROUP
  }

  /**
   * What a gang's key identifies, which decides its minMember (docs/format.md#gangs "minMember is per gang").
   */
  public enum Basis {
    /** The key is the same for the whole group: minMember is the group's minimum (its total). */
    GROUP,
    /** The key follows an instance id: the minimum of that instance's subtree. */
    INSTANCE,
    /** The key follows a replica key: the minimum of one replica's subtree (a grouping component's children / its own). */
    REPLICA,
    /**
     * The key follows the replica key of a leaf component, whose scale counts pods over all its replicas: one replica
     * is that minimum divided by the number of distinct replica keys among the attributed pods.
     */
    REPLICA_OBSERVED
  }

  /**
   * One pod group of the definition.
   *
   * @param name the group's name
   * @param form the form it was declared in
   * @param total the reference's whole-subtree figure: the sum of its members' (subgroups') subtree scales, members
   *     with an ancestor in the same group left out (no double counting)
   * @param members the counted members (subgroups) with their subtree scales, in declaration order
   * @param leftOut members (subgroups) whose subtree scale is 0, with the reason {@code scale of 'x' evaluated to 0}
   * @param gangs the gangs the pods form, ordered by key
   * @param noGangReason why the group has no gang (a total of 0), or null
   */
  public record Group(
      String name,
      Form form,
      int total,
      List<Member> members,
      List<LeftOut> leftOut,
      List<Gang> gangs,
      String noGangReason) {
    public Group {
      members = List.copyOf(members);
      leftOut = List.copyOf(leftOut);
      gangs = List.copyOf(gangs);
    }
  }

  /** A counted member or subgroup: its component and subtree scale (pods). */
  public record Member(String component, int scale) {}

  /** A member or subgroup left out of a group, and why. */
  public record LeftOut(String component, String reason) {}

  /**
   * One gang: the pods sharing one value of the group key tuple.
   *
   * @param key the group key tuple (strings, docs/format.md#pod-classification formatting); empty for {@code podGroup}
   * @param minMember the pods this gang needs to start: the minimum pod count of the sub-structure its key identifies
   * @param basis what the key identifies
   * @param scope a short description of that sub-structure, such as {@code instance worker of replicatedjob} or
   *     {@code replica 1 of group}
   * @param pods the member pods' names, sorted
   */
  public record Gang(
      List<String> key, int minMember, Basis basis, String scope, List<String> pods) {
    public Gang {
      key = List.copyOf(key);
      pods = List.copyOf(pods);
    }
  }

  /** A pod that joined no gang of {@code group} (null for every group), and why. */
  public record Unassigned(String pod, String group, String reason) {}

  /** The group with this name and form. */
  public Optional<Group> group(String name, Form form) {
    return groups.stream()
        .filter(g -> g.name().equals(name) && g.form() == form)
        .findFirst();
  }
}
