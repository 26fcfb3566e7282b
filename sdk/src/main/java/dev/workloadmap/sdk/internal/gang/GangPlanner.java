package dev.workloadmap.sdk.internal.gang;

import dev.workloadmap.sdk.WorkloadMapException;
import dev.workloadmap.sdk.definition.ComponentDefinition;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.definition.GangScheduling;
import dev.workloadmap.sdk.definition.GangScheduling.Member;
import dev.workloadmap.sdk.definition.GangScheduling.PodGroupEntry;
import dev.workloadmap.sdk.definition.GangScheduling.SubGroup;
import dev.workloadmap.sdk.gang.GangPlan;
import dev.workloadmap.sdk.gang.GangPlan.Basis;
import dev.workloadmap.sdk.gang.GangPlan.Form;
import dev.workloadmap.sdk.gang.GangPlan.Gang;
import dev.workloadmap.sdk.gang.GangPlan.Group;
import dev.workloadmap.sdk.gang.GangPlan.LeftOut;
import dev.workloadmap.sdk.gang.GangPlan.Unassigned;
import dev.workloadmap.sdk.internal.gang.GangStructure.Candidate;
import dev.workloadmap.sdk.internal.jq.SortedKeys;
import dev.workloadmap.sdk.internal.live.PodAttributor;
import dev.workloadmap.sdk.internal.live.PodClassifier;
import dev.workloadmap.sdk.jq.JqInput;
import dev.workloadmap.sdk.live.LivePod;
import dev.workloadmap.sdk.live.LiveTree;
import dev.workloadmap.sdk.spi.JqEngine;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Builds a workload's {@link GangPlan} from its attributed pods (docs/format.md#gangs, decision g, conformance IG and
 * SS).
 *
 * <p><b>podGroups.</b> Each pod takes the first candidate membership of its component (own memberships in declaration
 * order, then its ancestors', nearest first) whose filters all pass; its group key tuple comes from that member's
 * {@code groupByKeyPaths}. Pods with equal tuples form one gang. A group's total is the sum of its members' subtree
 * scales (a member with an ancestor in the same group is not counted again); members scaled to 0 are left out with the
 * reason {@code scale of 'x' evaluated to 0}; a group whose total is 0 has no gang (FC-15, FC-16).
 *
 * <p><b>minMember per gang</b> (undefined upstream; our behaviour). A key "follows" an instance id or a replica key
 * when, for every pod of the gang, one of its values equals that pod's instance id (all pods of one instance) or its
 * replica key (all pods of one replica). Then:
 *
 * <ul>
 *   <li>replica key of a grouping component R (a LeaderWorkerSet group): R's children's minimum divided by R's own
 *       value, one replica's leader plus workers ({@link Basis#REPLICA});
 *   <li>replica key of a leaf component R (a JobSet replicated job, whose scale counts the pods of all its Jobs): the
 *       instance's minimum divided by the number of distinct replica keys among its attributed pods ({@link
 *       Basis#REPLICA_OBSERVED}, rounded up);
 *   <li>instance id only: the subtree scale of the pods' component restricted to that instance ({@link Basis#INSTANCE});
 *   <li>otherwise (the key is the same for the whole workload): the group's total ({@link Basis#GROUP}).
 * </ul>
 *
 * <p><b>podGroup.</b> Each subgroup's minMember is the subtree scale of its component; subgroups scaled to 0 are left
 * out; the group (one gang, empty key) needs the sum. A pod joins through its component or its nearest ancestor listed
 * as a subgroup.
 *
 * <p>Startup policies, per-replica subgroups, launcher subgroups and elastic segmentation are scheduler refinements
 * outside the format (FC-17, FC-18, FC-21, FC-22). Thread-safe.
 */
public final class GangPlanner {

  private final PodClassifier classifier;

  public GangPlanner(JqEngine engine) {
    this.classifier = new PodClassifier(engine);
  }

  /**
   * A pod's effective membership (docs/format.md#gangs, IG-01..05).
   *
   * @param effectiveComponent the component whose membership applies (the pod's own or an ancestor, IG-04)
   * @param podGroupName the group
   * @param member the member entry (its groupByKeyPaths and filters)
   */
  public record Membership(String effectiveComponent, String podGroupName, Member member) {}

  /**
   * The first candidate of {@code component} whose member has no filters or whose filters all pass on {@code pod};
   * empty when nothing fits or the definition has no {@code podGroups}.
   *
   * @throws dev.workloadmap.sdk.live.PodQueryException a filter fails (errors propagate)
   */
  public Optional<Membership> effectiveMembership(
      GangStructure structure, String component, JqInput pod) {
    for (Candidate c : structure.candidatesOf(component)) {
      if (classifier.passesFilters(c.member().filters(), pod)) {
        return Optional.of(new Membership(c.component(), c.podGroupName(), c.member()));
      }
    }
    return Optional.empty();
  }

  /** The gang plan of {@code live}'s pods under {@code definition} (the definition {@code live} was built with). */
  public GangPlan plan(Definition definition, LiveTree live) {
    GangScheduling g = definition.gangScheduling();
    if (g == null) {
      return new GangPlan(List.of(), List.of());
    }
    GangStructure structure = GangStructure.of(definition);
    SubtreeScale scales = SubtreeScale.of(live.tree());
    List<Group> groups = new ArrayList<>();
    List<Unassigned> unassigned = new ArrayList<>();
    if (!g.podGroups().isEmpty()) {
      podGroups(definition, g, structure, scales, live, groups, unassigned);
    }
    if (g.podGroup() != null) {
      podGroup(definition, g.podGroup(), structure, scales, live, groups, unassigned);
    }
    return new GangPlan(groups, unassigned);
  }

  private record Placed(LivePod pod, Membership membership) {}

  private void podGroups(
      Definition d,
      GangScheduling g,
      GangStructure structure,
      SubtreeScale scales,
      LiveTree live,
      List<Group> groups,
      List<Unassigned> unassigned) {
    // group name -> key tuple -> pods
    Map<String, Map<List<String>, List<Placed>>> buckets = new LinkedHashMap<>();
    ReplicaComponents replicaComponents = new ReplicaComponents(d);
    for (LivePod p : live.pods()) {
      JqInput in = p.input(); // prepared once per pod by the attribution
      Optional<Membership> m;
      try {
        m = effectiveMembership(structure, p.component(), in);
      } catch (WorkloadMapException e) {
        unassigned.add(new Unassigned(p.name(), null, e.getMessage()));
        continue;
      }
      if (m.isEmpty()) {
        unassigned.add(new Unassigned(
            p.name(),
            null,
            structure.candidatesOf(p.component()).isEmpty()
                ? "component " + p.component() + " is in no pod group"
                : "no pod group membership of component " + p.component() + " passes its filters"));
        continue;
      }
      List<String> key;
      try {
        key = classifier.groupKeys(m.get().member().groupByKeyPaths(), in);
      } catch (WorkloadMapException e) {
        unassigned.add(
            new Unassigned(p.name(), m.get().podGroupName(), "group key: " + e.getMessage()));
        continue;
      }
      buckets
          .computeIfAbsent(m.get().podGroupName(), k -> new LinkedHashMap<>())
          .computeIfAbsent(key, k -> new ArrayList<>())
          .add(new Placed(p, m.get()));
    }
    for (PodGroupEntry e : g.podGroups()) {
      Set<String> names = new HashSet<>();
      e.members().forEach(m -> names.add(m.componentName()));
      List<GangPlan.Member> counted = new ArrayList<>();
      List<LeftOut> leftOut = new ArrayList<>();
      int total = 0;
      for (Member m : e.members()) {
        String c = m.componentName();
        if (structure.ancestors(c).stream().anyMatch(names::contains)) {
          continue; // counted within its ancestor's subtree
        }
        int s;
        try {
          s = scales.of(c);
        } catch (WorkloadMapException ex) {
          leftOut.add(new LeftOut(c, ex.getMessage()));
          continue;
        }
        if (s == 0) {
          leftOut.add(new LeftOut(c, "scale of '" + c + "' evaluated to 0"));
          continue;
        }
        counted.add(new GangPlan.Member(c, s));
        total += s;
      }
      Map<List<String>, List<Placed>> byKey = buckets.getOrDefault(e.name(), Map.of());
      Map<String, Map<String, Set<String>>> observed =
          byKey.isEmpty() ? Map.of() : observedReplicas(live);
      Map<List<String>, SortKey> sortKeys = new HashMap<>();
      List<Gang> gangs = new ArrayList<>();
      String noGang = null;
      if (total == 0) {
        noGang = "group total is 0: no gang";
        for (List<Placed> ps : byKey.values()) {
          ps.forEach(p -> unassigned.add(
              new Unassigned(p.pod().name(), e.name(), "group total is 0: no gang")));
        }
      } else {
        for (Map.Entry<List<String>, List<Placed>> b : byKey.entrySet()) {
          gangs.add(gang(b.getKey(), b.getValue(), total, scales, observed, replicaComponents));
        }
        // the natural order's parse of each key is computed once per gang, not once per comparison
        gangs.sort(Comparator.comparing(x -> sortKeys.computeIfAbsent(x.key(), SortKey::new)));
      }
      groups.add(new Group(e.name(), Form.POD_GROUPS, total, counted, leftOut, gangs, noGang));
    }
  }

  private Gang gang(
      List<String> key,
      List<Placed> pods,
      int total,
      SubtreeScale scales,
      Map<String, Map<String, Set<String>>> observed,
      ReplicaComponents replicaComponents) {
    List<String> names = pods.stream()
        .map(p -> p.pod().name())
        .sorted(SortedKeys::compareCodePoints)
        .toList();
    LivePod first = pods.get(0).pod();
    String effective = pods.get(0).membership().effectiveComponent();
    boolean sameMembership =
        pods.stream().allMatch(p -> p.membership().effectiveComponent().equals(effective));
    boolean sameComponent = sameMembership
        && pods.stream().allMatch(p -> p.pod().component().equals(first.component()));
    try {
      // instance: every pod of one instance whose id is a key value
      String instance = null;
      if (sameComponent
          && first.instance() != null
          && key.contains(first.instance())
          && pods.stream().allMatch(p -> first.instance().equals(p.pod().instance()))) {
        instance = first.instance();
      }
      Map<String, String> restrictions =
          instance == null ? Map.of() : Map.of(first.component(), instance);
      String instanceScope =
          instance == null ? "" : "instance " + instance + " of " + first.component();
      // replica: every pod of one replica whose key is a key value
      // (the pods may sit on different components under it: a LeaderWorkerSet group's leader and
      // workers)
      Optional<ComponentDefinition> rc = replicaComponents.of(first.component());
      if (sameMembership
          && rc.isPresent()
          && first.replicaKey() != null
          && key.contains(first.replicaKey())
          && pods.stream()
              .allMatch(p -> first.replicaKey().equals(p.pod().replicaKey())
                  && replicaComponents
                      .of(p.pod().component())
                      .map(ComponentDefinition::name)
                      .equals(rc.map(ComponentDefinition::name)))) {
        String r = rc.get().name();
        String scope = "replica " + first.replicaKey() + " of " + r
            + (instance == null ? "" : ", " + instanceScope);
        if (scales.hasChildren(r)) {
          int own = scales.own(r, restrictions);
          int children = scales.childrenSum(r, restrictions);
          int size =
              children == 0 ? (own > 0 ? 1 : 0) : own > 0 ? ceilDiv(children, own) : children;
          return new Gang(key, size, Basis.REPLICA, scope, names);
        }
        int instScale = scales.own(r, restrictions);
        String inst = instance;
        long replicas = observed
            .getOrDefault(first.component(), Map.of())
            .getOrDefault(Objects.toString(inst, ""), Set.of())
            .size();
        int size = replicas == 0 ? instScale : ceilDiv(instScale, (int) replicas);
        String seen = " (" + replicas + (replicas == 1 ? " replica" : " replicas") + " observed)";
        return new Gang(key, size, Basis.REPLICA_OBSERVED, scope + seen, names);
      }
      if (instance != null) {
        int size = effective.equals(first.component())
            ? scales.of(first.component(), instance)
            : scales.of(effective, restrictions);
        return new Gang(key, size, Basis.INSTANCE, instanceScope, names);
      }
    } catch (WorkloadMapException e) {
      return new Gang(key, total, Basis.GROUP, "group (" + e.getMessage() + ")", names);
    }
    return new Gang(key, total, Basis.GROUP, "group", names);
  }

  /** Distinct replica keys per component and instance among the attributed pods. */
  private static Map<String, Map<String, Set<String>>> observedReplicas(LiveTree live) {
    // component -> instance ("" for none) -> replica keys; no per-pod key string
    Map<String, Map<String, Set<String>>> m = new HashMap<>();
    for (LivePod p : live.pods()) {
      if (p.replicaKey() != null) {
        m.computeIfAbsent(p.component(), k -> new HashMap<>())
            .computeIfAbsent(Objects.toString(p.instance(), ""), k -> new HashSet<>())
            .add(p.replicaKey());
      }
    }
    return m;
  }

  private void podGroup(
      Definition d,
      GangScheduling.PodGroup pg,
      GangStructure structure,
      SubtreeScale scales,
      LiveTree live,
      List<Group> groups,
      List<Unassigned> unassigned) {
    List<GangPlan.Member> counted = new ArrayList<>();
    List<LeftOut> leftOut = new ArrayList<>();
    Set<String> countedNames = new HashSet<>();
    int total = 0;
    for (SubGroup s : pg.subGroups()) {
      String c = s.componentName();
      int v;
      try {
        v = scales.of(c);
      } catch (WorkloadMapException e) {
        leftOut.add(new LeftOut(c, e.getMessage()));
        continue;
      }
      if (v == 0) {
        leftOut.add(new LeftOut(c, "scale of '" + c + "' evaluated to 0"));
        continue;
      }
      counted.add(new GangPlan.Member(c, v));
      countedNames.add(c);
      total += v;
    }
    List<String> members = new ArrayList<>();
    Map<String, Optional<String>> subGroups = new HashMap<>();
    for (LivePod p : live.pods()) {
      Optional<String> sub =
          subGroups.computeIfAbsent(p.component(), c -> structure.subGroupOf(d, c));
      if (sub.isEmpty()) {
        unassigned.add(new Unassigned(
            p.name(),
            pg.name(),
            "no subgroup of podGroup " + pg.name() + " covers component " + p.component()));
      } else if (!countedNames.contains(sub.get())) {
        unassigned.add(new Unassigned(
            p.name(),
            pg.name(),
            "subgroup '" + sub.get() + "' is left out: "
                + leftOut.stream()
                    .filter(l -> l.component().equals(sub.get()))
                    .map(LeftOut::reason)
                    .findFirst()
                    .orElse("")));
      } else if (total > 0) {
        members.add(p.name());
      }
    }
    members.sort(SortedKeys::compareCodePoints);
    List<Gang> gangs = new ArrayList<>();
    String noGang = null;
    if (total == 0) {
      noGang = "group total is 0: no gang";
    } else {
      gangs.add(new Gang(List.of(), total, Basis.GROUP, "group", members));
    }
    groups.add(new Group(pg.name(), Form.POD_GROUP, total, counted, leftOut, gangs, noGang));
  }

  private static int ceilDiv(int a, int b) {
    return (a + b - 1) / b;
  }

  /**
   * A gang key in its sort order: element by element, integers by value (so replica 10 follows 9) when both elements
   * are 1 to 18 ASCII digits, other values by code point; a shorter key first when one is a prefix of the other.
   */
  private static final class SortKey implements Comparable<SortKey> {
    private final List<String> key;
    private final long[] numbers;
    private final boolean[] numeric;

    SortKey(List<String> key) {
      this.key = key;
      this.numbers = new long[key.size()];
      this.numeric = new boolean[key.size()];
      for (int i = 0; i < key.size(); i++) {
        String v = key.get(i);
        numeric[i] = isDigits(v);
        numbers[i] = numeric[i] ? Long.parseLong(v) : 0;
      }
    }

    @Override
    public int compareTo(SortKey o) {
      for (int i = 0; i < Math.min(key.size(), o.key.size()); i++) {
        int c = numeric[i] && o.numeric[i]
            ? Long.compare(numbers[i], o.numbers[i])
            : SortedKeys.compareCodePoints(key.get(i), o.key.get(i));
        if (c != 0) {
          return c;
        }
      }
      return Integer.compare(key.size(), o.key.size());
    }

    /** {@code \d{1,18}} of java.util.regex: 1 to 18 ASCII digits (no sign), so the value fits a long. */
    private static boolean isDigits(String v) {
      if (v.isEmpty() || v.length() > 18) {
        return false;
      }
      for (int i = 0; i < v.length(); i++) {
        char ch = v.charAt(i);
        if (ch < '0' || ch > '9') {
          return false;
        }
      }
      return true;
    }
  }

  /** Each component's replica component ({@link PodAttributor#replicaComponent}), looked up once per plan. */
  private static final class ReplicaComponents {
    private final Definition d;
    private final Map<String, Optional<ComponentDefinition>> byComponent = new HashMap<>();

    ReplicaComponents(Definition d) {
      this.d = d;
    }

    Optional<ComponentDefinition> of(String component) {
      return byComponent.computeIfAbsent(
          component, k -> d.component(k).flatMap(c -> PodAttributor.replicaComponent(d, c)));
    }
  }
}
