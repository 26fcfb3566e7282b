package dev.workloadmap.sdk.internal.gang;

import dev.workloadmap.sdk.definition.ComponentDefinition;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.definition.GangScheduling;
import dev.workloadmap.sdk.definition.GangScheduling.Member;
import dev.workloadmap.sdk.definition.GangScheduling.PodGroupEntry;
import dev.workloadmap.sdk.gang.GangException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The structure summary of a definition (docs/format.md#gangs, conformance IS): leaf components, parent and children
 * maps from {@code ownerRef}, whether any component has a scale definition, and, for {@code podGroups}, each
 * component's candidate memberships. No validation is performed (IS-10).
 *
 * @param leaves the components with a pod definition, root first then children in declaration order
 * @param parents component name to its parent's name (components without {@code ownerRef} have no entry)
 * @param children component name to its direct children's names, in declaration order (only parents have an entry)
 * @param hasScaleDefinition true when any component has a {@code scaleDefinition}
 * @param candidates component name to its candidates: its own memberships in declaration order, then its ancestors',
 *     nearest ancestor first; only components with at least one candidate have an entry
 */
public record GangStructure(
    List<String> leaves,
    Map<String, String> parents,
    Map<String, List<String>> children,
    boolean hasScaleDefinition,
    Map<String, List<Candidate>> candidates) {

  /** One membership a pod of a component may take: the member's component, its group, and the member entry. */
  public record Candidate(String component, String podGroupName, Member member) {}

  /**
   * Summarises {@code d}.
   *
   * @throws GangException {@code resource interface cannot be nil} when {@code d} is null (IS-01)
   */
  public static GangStructure of(Definition d) {
    if (d == null) {
      throw new GangException("resource interface cannot be nil");
    }
    List<String> leaves = new ArrayList<>();
    Map<String, String> parents = new LinkedHashMap<>();
    Map<String, List<String>> children = new LinkedHashMap<>();
    boolean hasScale = false;
    for (ComponentDefinition c : d.components()) {
      if (c.hasPodDefinition()) {
        leaves.add(c.name());
      }
      if (c.ownerRef() != null && !c.ownerRef().isEmpty()) {
        parents.put(c.name(), c.ownerRef());
        children.computeIfAbsent(c.ownerRef(), k -> new ArrayList<>()).add(c.name());
      }
      hasScale |= c.scaleDefinition() != null;
    }
    Map<String, List<Candidate>> direct = new LinkedHashMap<>();
    GangScheduling g = d.gangScheduling();
    if (g != null) {
      for (PodGroupEntry e : g.podGroups()) {
        for (Member m : e.members()) {
          direct
              .computeIfAbsent(m.componentName(), k -> new ArrayList<>())
              .add(new Candidate(m.componentName(), e.name(), m));
        }
      }
    }
    Map<String, List<Candidate>> candidates = new LinkedHashMap<>();
    for (ComponentDefinition c : d.components()) {
      List<Candidate> list = new ArrayList<>(direct.getOrDefault(c.name(), List.of()));
      String cur = parents.get(c.name());
      int guard = 0;
      while (cur != null && guard++ <= parents.size()) {
        list.addAll(direct.getOrDefault(cur, List.of()));
        cur = parents.get(cur);
      }
      if (!list.isEmpty()) {
        candidates.put(c.name(), List.copyOf(list));
      }
    }
    children.replaceAll((k, v) -> List.copyOf(v));
    return new GangStructure(
        List.copyOf(leaves),
        Map.copyOf(parents),
        Map.copyOf(children),
        hasScale,
        Map.copyOf(candidates));
  }

  /** The candidates of {@code component} (empty when it has none). */
  public List<Candidate> candidatesOf(String component) {
    return candidates.getOrDefault(component, List.of());
  }

  /** The ancestors of {@code component}, nearest first. */
  public List<String> ancestors(String component) {
    List<String> out = new ArrayList<>();
    String cur = parents.get(component);
    while (cur != null && !out.contains(cur)) {
      out.add(cur);
      cur = parents.get(cur);
    }
    return out;
  }

  /** True when {@code ancestor} is a proper ancestor of {@code component}. */
  public boolean isAncestor(String ancestor, String component) {
    return ancestors(component).contains(ancestor);
  }

  /**
   * The candidate-sorting rule (IS-08): entries naming {@code target} first, then the others in their original order.
   */
  public static List<String> sortForTarget(List<String> components, String target) {
    List<String> out = new ArrayList<>();
    for (String c : components) {
      if (Objects.equals(c, target)) {
        out.add(c);
      }
    }
    for (String c : components) {
      if (!Objects.equals(c, target)) {
        out.add(c);
      }
    }
    return out;
  }

  /** The podGroup subgroup component that covers {@code component}: itself or its nearest listed ancestor. */
  public Optional<String> subGroupOf(Definition d, String component) {
    GangScheduling g = d.gangScheduling();
    if (g == null || g.podGroup() == null) {
      return Optional.empty();
    }
    List<String> chain = new ArrayList<>();
    chain.add(component);
    chain.addAll(ancestors(component));
    for (String c : chain) {
      for (GangScheduling.SubGroup s : g.podGroup().subGroups()) {
        if (c.equals(s.componentName())) {
          return Optional.of(c);
        }
      }
    }
    return Optional.empty();
  }
}
