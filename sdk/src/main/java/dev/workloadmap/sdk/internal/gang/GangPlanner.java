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
import dev.workloadmap.sdk.internal.live.AttributedTrees;
import dev.workloadmap.sdk.internal.live.PodAttributor;
import dev.workloadmap.sdk.internal.live.PodClassifier;
import dev.workloadmap.sdk.jq.JqInput;
import dev.workloadmap.sdk.jq.JqProgram;
import dev.workloadmap.sdk.live.LiveComponent;
import dev.workloadmap.sdk.live.LivePod;
import dev.workloadmap.sdk.live.LiveTree;
import dev.workloadmap.sdk.spi.JqEngine;
import java.util.ArrayList;
import java.util.Arrays;
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

  /** {@code probe} equals {@code key} (the same size; its elements compared by identity first). */
  private static boolean sameKey(List<String> probe, List<String> key) {
    int n = probe.size();
    if (n != key.size()) {
      return false;
    }
    for (int i = 0; i < n; i++) {
      String a = probe.get(i);
      String b = key.get(i);
      if (a != b && !a.equals(b)) {
        return false;
      }
    }
    return true;
  }

  /** The pods of one gang, in pod order, with each pod's membership. */
  private static final class Bucket {
    final List<LivePod> pods = new ArrayList<>(4);
    final Membership first;
    /**
     * The row of the pods, while they all come from one; null once they come from several. Its pods are met in row
     * order, so they are in code-point order of their names when the row is ({@link AttributedTrees}).
     */
    private LiveComponent row;

    /** The pods are in code-point order of their names. */
    boolean inNameOrder;
    /** Each pod's membership, once one differs from the first pod's; null while all are {@link #first}. */
    private List<Membership> memberships;

    Bucket(Membership first, LiveComponent row, boolean rowInNameOrder) {
      this.first = first;
      this.row = row;
      this.inNameOrder = rowInNameOrder;
    }

    /** Adds {@code p} of {@code from}, the row being read, with its membership. */
    void add(LivePod p, LiveComponent from, Membership m) {
      if (from != row) {
        row = null;
        inNameOrder = false;
      }
      if (memberships == null && m != first) {
        memberships = new ArrayList<>(pods.size() + 1);
        for (int i = 0; i < pods.size(); i++) {
          memberships.add(first);
        }
      }
      pods.add(p);
      if (memberships != null) {
        memberships.add(m);
      }
    }

    Membership membership(int i) {
      return memberships == null ? first : memberships.get(i);
    }
  }

  /**
   * The candidates of each component with their {@link Membership} made once per plan (a membership is a value: the
   * same for every pod that takes that candidate).
   */
  private static final class Candidates {
    final List<Candidate> candidates;
    final Membership[] memberships;
    /** Each candidate's groupByKeyPaths compiled ({@link PodClassifier#compiled(List)}), once per plan. */
    final JqProgram[][] keyPrograms;

    Candidates(List<Candidate> candidates, PodClassifier classifier) {
      this.candidates = candidates;
      this.memberships = new Membership[candidates.size()];
      this.keyPrograms = new JqProgram[candidates.size()][];
      for (int i = 0; i < memberships.length; i++) {
        Candidate c = candidates.get(i);
        memberships[i] = new Membership(c.component(), c.podGroupName(), c.member());
        keyPrograms[i] = classifier.compiled(c.member().groupByKeyPaths());
      }
    }

    /** As {@link #effectiveMembership}: the index of the candidate, -1 for none. */
    int effective(PodClassifier classifier, JqInput pod) {
      for (int i = 0; i < memberships.length; i++) {
        if (classifier.passesFilters(candidates.get(i).member().filters(), pod)) {
          return i;
        }
      }
      return -1;
    }
  }

  private void podGroups(
      Definition d,
      GangScheduling g,
      GangStructure structure,
      SubtreeScale scales,
      LiveTree live,
      List<Group> groups,
      List<Unassigned> unassigned) {
    // group name -> key tuple -> pods
    Map<String, Map<List<String>, Bucket>> buckets = new LinkedHashMap<>();
    ReplicaComponents replicaComponents = new ReplicaComponents(d);
    Map<String, Candidates> byComponent = new HashMap<>();
    String lastComponent = null;
    Candidates candidates = null;
    String lastGroup = null;
    Map<List<String>, Bucket> lastByKey = null;
    List<String> probe = new ArrayList<>(); // the key tuple of the pod at hand, reused
    ObservedReplicas observed = new ObservedReplicas(live);
    boolean observes = false;
    // the key of the last pod that joined a bucket of lastByKey, and that bucket
    List<String> lastProbe = new ArrayList<>();
    Bucket lastBucket = null;
    // attribution's own tree: each row in code-point order of its pods' names
    boolean rowsInNameOrder = AttributedTrees.rowsInNameOrder(live);
    for (LiveComponent row : live.components()) {
      for (LivePod p : row.pods()) { // live.pods(): every placed pod, in row order
        JqInput in = p.input(); // prepared once per pod by the attribution
        String component = p.component();
        if (lastComponent == null || !lastComponent.equals(component)) {
          candidates = byComponent.computeIfAbsent(
              component, c -> new Candidates(structure.candidatesOf(c), classifier));
          lastComponent = component;
          observes = observed.observes(component, replicaComponents, scales);
        }
        if (observes) {
          observed.add(p); // while the pod is at hand, every pod as ObservedReplicas counts them
        }
        int at;
        try {
          at = candidates.effective(classifier, in);
        } catch (WorkloadMapException e) {
          unassigned.add(new Unassigned(p.name(), null, e.getMessage()));
          continue;
        }
        Membership m = at < 0 ? null : candidates.memberships[at];
        if (m == null) {
          unassigned.add(new Unassigned(
              p.name(),
              null,
              candidates.candidates.isEmpty()
                  ? "component " + component + " is in no pod group"
                  : "no pod group membership of component " + component + " passes its filters"));
          continue;
        }
        probe.clear();
        try {
          classifier.groupKeys(m.member().groupByKeyPaths(), candidates.keyPrograms[at], in, probe);
        } catch (WorkloadMapException e) {
          unassigned.add(
              new Unassigned(p.name(), m.podGroupName(), "group key: " + e.getMessage()));
          continue;
        }
        if (lastGroup == null || !lastGroup.equals(m.podGroupName())) {
          lastByKey = buckets.computeIfAbsent(m.podGroupName(), k -> new LinkedHashMap<>());
          lastGroup = m.podGroupName();
          lastBucket = null;
        }
        Bucket b;
        if (lastBucket != null && sameKey(probe, lastProbe)) {
          b = lastBucket; // the pod before was of the same gang (the pods of a Job are consecutive)
        } else {
          b = lastByKey.get(probe);
          if (b == null) {
            b = new Bucket(m, row, rowsInNameOrder);
            lastByKey.put(List.copyOf(probe), b);
          }
          lastBucket = b;
        }
        b.add(p, row, m);
        List<String> swap = lastProbe; // this pod's key is the next pod's previous one
        lastProbe = probe;
        probe = swap;
      }
    }
    observed.complete();
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
      Map<List<String>, Bucket> byKey = buckets.getOrDefault(e.name(), Map.of());
      List<Gang> gangs = new ArrayList<>();
      String noGang = null;
      if (total == 0) {
        noGang = "group total is 0: no gang";
        for (Bucket b : byKey.values()) {
          b.pods.forEach(
              p -> unassigned.add(new Unassigned(p.name(), e.name(), "group total is 0: no gang")));
        }
      } else {
        SortKey[] order = new SortKey[byKey.size()];
        int i = 0;
        for (Map.Entry<List<String>, Bucket> b : byKey.entrySet()) {
          Gang gang = gang(b.getKey(), b.getValue(), total, scales, observed, replicaComponents);
          // the natural order's parse of each key is computed once per gang, not once per
          // comparison
          order[i++] = new SortKey(gang);
        }
        sortByKey(order, gangs);
      }
      groups.add(new Group(e.name(), Form.POD_GROUPS, total, counted, leftOut, gangs, noGang));
    }
  }

  private Gang gang(
      List<String> key,
      Bucket bucket,
      int total,
      SubtreeScale scales,
      ObservedReplicas observed,
      ReplicaComponents replicaComponents) {
    List<LivePod> pods = bucket.pods;
    int n = pods.size();
    String[] sorted = new String[n];
    for (int i = 0; i < n; i++) {
      sorted[i] = pods.get(i).name();
    }
    if (!bucket.inNameOrder) {
      Arrays.sort(sorted, SortedKeys::compareCodePoints);
    }
    List<String> names = List.of(sorted);
    LivePod first = pods.get(0);
    Membership firstMembership = bucket.first;
    String effective = firstMembership.effectiveComponent();
    boolean sameMembership = true;
    for (int i = 1; i < n && sameMembership; i++) {
      Membership m = bucket.membership(i);
      sameMembership = m == firstMembership || m.effectiveComponent().equals(effective);
    }
    boolean sameComponent = sameMembership;
    for (int i = 1; i < n && sameComponent; i++) {
      sameComponent = pods.get(i).component().equals(first.component());
    }
    try {
      // instance: every pod of one instance whose id is a key value
      String instance = null;
      if (sameComponent && first.instance() != null && key.contains(first.instance())) {
        boolean one = true;
        for (int i = 1; i < n && one; i++) {
          one = first.instance().equals(pods.get(i).instance());
        }
        if (one) {
          instance = first.instance();
        }
      }
      Map<String, String> restrictions =
          instance == null ? Map.of() : Map.of(first.component(), instance);
      // replica: every pod of one replica whose key is a key value
      // (the pods may sit on different components under it: a LeaderWorkerSet group's leader and
      // workers)
      Optional<ComponentDefinition> rc = replicaComponents.of(first.component());
      boolean oneReplica = sameMembership
          && rc.isPresent()
          && first.replicaKey() != null
          && key.contains(first.replicaKey());
      for (int i = 0; i < n && oneReplica; i++) {
        LivePod p = pods.get(i);
        Optional<ComponentDefinition> prc = replicaComponents.of(p.component());
        oneReplica = first.replicaKey().equals(p.replicaKey())
            && prc.isPresent()
            && prc.get().name().equals(rc.get().name());
      }
      if (oneReplica) {
        String r = rc.get().name();
        if (scales.hasChildren(r)) {
          int own = scales.own(r, restrictions);
          int children = scales.childrenSum(r, restrictions);
          int size =
              children == 0 ? (own > 0 ? 1 : 0) : own > 0 ? ceilDiv(children, own) : children;
          return new Gang(key, size, Basis.REPLICA, replicaScope(first, r, instance, -1), names);
        }
        int instScale = scales.own(r, restrictions);
        long replicas = observed.count(first.component(), Objects.toString(instance, ""));
        int size = replicas == 0 ? instScale : ceilDiv(instScale, (int) replicas);
        return new Gang(
            key, size, Basis.REPLICA_OBSERVED, replicaScope(first, r, instance, replicas), names);
      }
      if (instance != null) {
        int size = effective.equals(first.component())
            ? scales.of(first.component(), instance)
            : scales.of(effective, restrictions);
        return new Gang(
            key, size, Basis.INSTANCE, "instance " + instance + " of " + first.component(), names);
      }
    } catch (WorkloadMapException e) {
      return new Gang(key, total, Basis.GROUP, "group (" + e.getMessage() + ")", names);
    }
    return new Gang(key, total, Basis.GROUP, "group", names);
  }

  /**
   * {@code replica <key> of <r>}, then {@code , instance <id> of <component>} when the gang follows an instance, then
   * {@code  (<n> replica[s] observed)} when {@code observed} is not negative: one string, no intermediate ones.
   */
  private static String replicaScope(LivePod first, String r, String instance, long observed) {
    String key = first.replicaKey();
    String replicas = observed == 1 ? " replica" : " replicas";
    if (instance == null) {
      return observed < 0
          ? "replica " + key + " of " + r
          : "replica " + key + " of " + r + " (" + observed + replicas + " observed)";
    }
    String c = first.component();
    return observed < 0
        ? "replica " + key + " of " + r + ", instance " + instance + " of " + c
        : "replica " + key + " of " + r + ", instance " + instance + " of " + c + " (" + observed
            + replicas + " observed)";
  }

  /**
   * Distinct replica keys per component and instance among the attributed pods. The pods of a component whose replica
   * component is a leaf (the only ones a gang of basis {@link Basis#REPLICA_OBSERVED} asks about) are counted as the
   * plan meets them ({@link #add}); any other component's, from all the pods on the first question.
   */
  private static final class ObservedReplicas {
    private final LiveTree live;
    // component -> instance ("" for none) -> replica keys; no per-pod key string
    private Map<String, Map<String, Set<String>>> byComponent;
    /** The components whose pods {@link #add} counts, all of them. */
    private final Set<String> counted = new HashSet<>();

    private final Map<String, Map<String, Set<String>>> added = new HashMap<>();
    private String lastComponent;
    private String lastInstance;
    private Set<String> keys;
    private String lastKey;
    private boolean complete;

    ObservedReplicas(LiveTree live) {
      this.live = live;
    }

    /**
     * Whether the pods of {@code component} are to be {@link #add}ed: its replica component is a leaf. Asked before
     * the first {@link #add} of the component's pods, which must then be given every one of them.
     */
    boolean observes(String component, ReplicaComponents replicaComponents, SubtreeScale scales) {
      if (counted.contains(component)) {
        return true;
      }
      Optional<ComponentDefinition> rc = replicaComponents.of(component);
      boolean leaf;
      try {
        leaf = rc.isPresent() && !scales.hasChildren(rc.get().name());
      } catch (WorkloadMapException e) {
        leaf = false; // the gang reports it before asking for a count
      }
      if (leaf && !complete) {
        counted.add(component);
      }
      return leaf && !complete;
    }

    /** Counts {@code p}'s replica key, as {@link #collect} would. */
    void add(LivePod p) {
      if (p.replicaKey() == null) {
        return;
      }
      String instance = Objects.toString(p.instance(), "");
      if (keys == null
          || !Objects.equals(lastComponent, p.component())
          || !lastInstance.equals(instance)) {
        keys = added
            .computeIfAbsent(p.component(), k -> new HashMap<>())
            .computeIfAbsent(instance, k -> new HashSet<>());
        lastComponent = p.component();
        lastInstance = instance;
        lastKey = null;
      }
      if (p.replicaKey() != lastKey) { // the same String: the pod before, of the same replica
        keys.add(p.replicaKey());
        lastKey = p.replicaKey();
      }
    }

    /** Every pod has been given to {@link #add} that is going to be. */
    void complete() {
      complete = true;
    }

    long count(String component, String instance) {
      Map<String, Map<String, Set<String>>> m;
      if (complete && counted.contains(component)) {
        m = added;
      } else {
        if (byComponent == null) {
          byComponent = collect(live);
        }
        m = byComponent;
      }
      return m.getOrDefault(component, Map.of())
          .getOrDefault(instance, Set.of())
          .size();
    }

    private static Map<String, Map<String, Set<String>>> collect(LiveTree live) {
      Map<String, Map<String, Set<String>>> m = new HashMap<>();
      String lastComponent = null;
      String lastInstance = null;
      Set<String> keys = null;
      for (LiveComponent row : live.components()) {
        for (LivePod p : row.pods()) {
          if (p.replicaKey() == null) {
            continue;
          }
          String instance = Objects.toString(p.instance(), "");
          if (keys == null
              || !Objects.equals(lastComponent, p.component())
              || !lastInstance.equals(instance)) {
            keys = m.computeIfAbsent(p.component(), k -> new HashMap<>())
                .computeIfAbsent(instance, k -> new HashSet<>());
            lastComponent = p.component();
            lastInstance = instance;
          }
          keys.add(p.replicaKey());
        }
      }
      return m;
    }
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
   * Appends the gangs of {@code order} to {@code out} in {@link SortKey} order, stable (equal keys keep their order), as
   * {@link Arrays#sort} orders them.
   */
  static void sortByKey(SortKey[] order, List<Gang> out) {
    if (!sortedByOneNumber(order, out)) {
      Arrays.sort(order); // stable, as List.sort
      for (SortKey k : order) {
        out.add(k.gang);
      }
    }
  }

  /**
   * The usual gang key (the set's name, the replicated job's name, the job index), sorted without comparing keys:
   * when every element but one is the same in every key and that one is a number in every key, {@link SortKey}'s order
   * is that number's (every other element compares equal, the keys are as long), with equal numbers ({@code 7} and
   * {@code 07}) in the order given. Then the numbers, each with its position, are sorted as primitives, and the gangs
   * appended to {@code out} in their order. False, having appended nothing, for any other keys (or a number too large
   * to pack with its position).
   */
  static boolean sortedByOneNumber(SortKey[] order, List<Gang> out) {
    int n = order.length;
    if (n < 2) {
      for (SortKey k : order) {
        out.add(k.gang);
      }
      return true;
    }
    List<String> first = order[0].key;
    int k = first.size();
    for (SortKey o : order) {
      if (o.key.size() != k) {
        return false;
      }
    }
    int varying = -1;
    for (int i = 0; i < k; i++) {
      String v = first.get(i);
      for (int j = 1; j < n; j++) {
        String w = order[j].key.get(i);
        if (w != v && !w.equals(v)) {
          if (varying >= 0) {
            return false; // a second element differs
          }
          varying = i;
          break;
        }
      }
    }
    if (varying < 0) {
      return false;
    }
    int bits = 64 - Long.numberOfLeadingZeros(n - 1); // for the position
    long limit = 1L << (63 - bits);
    long[] packed = new long[n];
    for (int j = 0; j < n; j++) {
      long v = order[j].numbers[varying];
      if (v < 0 || v >= limit) {
        return false;
      }
      packed[j] = (v << bits) | j;
    }
    Arrays.sort(packed);
    long mask = (1L << bits) - 1;
    for (int j = 0; j < n; j++) {
      out.add(order[(int) (packed[j] & mask)].gang);
    }
    return true;
  }

  /**
   * A gang key in its sort order: element by element, integers by value (so replica 10 follows 9) when both elements
   * are 1 to 18 ASCII digits, other values by code point; a shorter key first when one is a prefix of the other.
   */
  static final class SortKey implements Comparable<SortKey> {
    final Gang gang;
    private final List<String> key;
    /** Each element's value when it is 1 to 18 ASCII digits, else -1 (a value is never negative). */
    private final long[] numbers;

    SortKey(Gang gang) {
      this.gang = gang;
      List<String> key = gang.key();
      this.key = key;
      this.numbers = new long[key.size()];
      for (int i = 0; i < key.size(); i++) {
        String v = key.get(i);
        numbers[i] = isDigits(v) ? Long.parseLong(v) : -1;
      }
    }

    @Override
    public int compareTo(SortKey o) {
      for (int i = 0; i < Math.min(key.size(), o.key.size()); i++) {
        String a = key.get(i);
        String b = o.key.get(i);
        // most elements are equal from gang to gang (the set's and the replicated job's names):
        // equals answers those without the code-point loop
        int c = numbers[i] >= 0 && o.numbers[i] >= 0
            ? Long.compare(numbers[i], o.numbers[i])
            : a.equals(b) ? 0 : SortedKeys.compareCodePoints(a, b);
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

    private String last;
    private Optional<ComponentDefinition> lastAnswer;

    Optional<ComponentDefinition> of(String component) {
      if (last != null && last.equals(component)) {
        return lastAnswer;
      }
      Optional<ComponentDefinition> answer = byComponent.computeIfAbsent(
          component, k -> d.component(k).flatMap(c -> PodAttributor.replicaComponent(d, c)));
      last = component;
      lastAnswer = answer;
      return answer;
    }
  }
}
