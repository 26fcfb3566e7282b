package dev.workloadmap.sdk.scheduler;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.sdk.PreparedDefinition;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.WorkloadMapException;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.definition.GangScheduling;
import dev.workloadmap.sdk.definition.GangScheduling.Member;
import dev.workloadmap.sdk.definition.GangScheduling.PodGroupEntry;
import dev.workloadmap.sdk.definition.GangScheduling.SubGroup;
import dev.workloadmap.sdk.gang.GangPlan;
import dev.workloadmap.sdk.internal.gang.GangPlanner;
import dev.workloadmap.sdk.internal.gang.GangStructure;
import dev.workloadmap.sdk.internal.gang.SubtreeScale;
import dev.workloadmap.sdk.internal.live.PodAttributor;
import dev.workloadmap.sdk.internal.live.PodClassifier;
import dev.workloadmap.sdk.internal.scheduler.FrameworkPods;
import dev.workloadmap.sdk.internal.scheduler.FrameworkPods.Prospective;
import dev.workloadmap.sdk.live.LivePod;
import dev.workloadmap.sdk.live.LiveTree;
import dev.workloadmap.sdk.live.OwnerLookup;
import dev.workloadmap.sdk.resources.ResourceList;
import dev.workloadmap.sdk.tree.ComponentNode;
import dev.workloadmap.sdk.tree.InstanceNode;
import dev.workloadmap.sdk.tree.WorkloadTree;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * Computes a workload's {@link SchedulingPlan}, the gangs a gang scheduler admits, from the definition and the object
 * alone ({@link #desired}) or from its live pods ({@link #live}). One rule for both: the pods are grouped by the
 * definition's own {@code gangScheduling} (membership, filters, {@code groupByKeyPaths}) exactly as {@link
 * GangPlanner} groups live pods.
 *
 * <p><b>Desired gangs.</b> For the kinds whose controllers are modelled ({@code FrameworkPods}: JobSet,
 * LeaderWorkerSet, Grove PodCliqueSet, KubeRay RayCluster/RayJob/RayService) the pods the controller will create are
 * laid out with the labels it stamps, attributed with the definition's pod selectors and grouped; a gang's minMember is
 * the number of its pods the framework requires (a Grove clique's {@code minAvailable}, a Ray worker group's {@code
 * minReplicas × numOfHosts}, every pod of a Job or a LeaderWorkerSet group). For other kinds each pod group is one
 * gang whose minMember is the group's total of subtree scales (docs/format.md#gangs). {@code podGroup} is one gang
 * whose subgroups each need their component's subtree scale, as KAI's Karta grouper computes it.
 *
 * <p><b>Differences from KAI's Karta pod grouper</b> ({@code pkg/podgrouper/podgrouper/plugins/karta}), deliberate:
 *
 * <ul>
 *   <li>{@code podGroups}: KAI's minMember is the subtree scale of the pod's effective component (its instance when
 *       the component is the pod's own). Where a key splits an instance further (one gang per Job of a JobSet
 *       replicated job with several Jobs, one per LeaderWorkerSet group, one per Grove PodGang) that figure counts
 *       pods of other gangs and the gang could never start (FC-22); ours counts the gang's own required pods.
 *   <li>{@code podGroups}: KAI sets no subgroups; ours lists the gang's components (or clique instances) as subgroups
 *       with their own minimum when a gang spans several, so a scheduler can place each part.
 *   <li>{@code podGroup}: the same name ({@code pg-<uid>-<name>}), subgroups (name = component, minMember = subtree
 *       scale), {@code minSubGroup} = number of subgroups and {@code minMember} 0 as KAI gives; KAI fails the whole
 *       PodGroup when a subgroup scales to 0 ("must expose a replica scale definition"), ours leaves that subgroup out
 *       with a note.
 *   <li>Without {@code metadata.uid} (a file) the name uses {@code metadata.name} in the uid's place.
 * </ul>
 *
 * Thread-safe.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class SchedulingPlanner {
  private static final String PLACEHOLDER_UID = "00000000-0000-0000-0000-000000000000";

  private final WorkloadMap wm;
  private final GangPlanner gangPlanner;
  private final PodClassifier classifier;

  public SchedulingPlanner(WorkloadMap wm) {
    this.wm = Objects.requireNonNull(wm, "wm");
    this.gangPlanner = new GangPlanner(wm.engine());
    this.classifier = new PodAttributor(wm.engine()).classifier();
  }

  /**
   * The desired gangs of {@code object}, before any pod exists.
   *
   * @throws WorkloadMapException the object is not of the definition's kind, or a path of the definition fails; the
   *     object's replica counts, gang minimums or resources cannot be counted ({@link
   *     WorkloadTree#gangSizesComplete()} is false: a PodGroup with a wrong minMember or minResources is worse than
   *     none); or it desires more pods than {@link
   *     WorkloadMap#MAX_PODS_PER_CALL}, the most the planner lays out (the problems named where the object's document
   *     places them)
   */
  public SchedulingPlan desired(
      PreparedDefinition definition, dev.workloadmap.sdk.yaml.YamlDocument document) {
    // resolved with positions first, so that a refusal names the object's own file, line and column
    refuseUncountable(wm.resolve(definition, document));
    return desired(definition, document.root());
  }

  /**
   * The desired gangs of {@code object}, before any pod exists (problems of a refusal are located in the definition,
   * since a bare JSON object has no positions; {@link #desired(PreparedDefinition,
   * dev.workloadmap.sdk.yaml.YamlDocument)} locates them in the object).
   *
   * @throws WorkloadMapException as for the document overload
   */
  public SchedulingPlan desired(PreparedDefinition definition, JsonNode object) {
    WorkloadTree tree = wm.resolve(definition, object);
    refuseUncountable(tree);
    Definition d = definition.definition();
    String uid = object.path("metadata").path("uid").asText("");
    List<SchedulingPlan.Gang> gangs = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    GangScheduling g = d.gangScheduling();
    if (g == null) {
      notes.add("definition " + d.name() + " has no gangScheduling instructions: no gang");
      return plan(object, uid, "desired", gangs, notes);
    }
    String nameBase = nameBase(object, uid);
    SubtreeScale scales = SubtreeScale.of(tree);
    GangStructure structure = GangStructure.of(d);
    Optional<List<Prospective>> model =
        FrameworkPods.of(object, uid.isEmpty() ? PLACEHOLDER_UID : uid);
    LiveTree prospective = null;
    Map<String, Boolean> required = new HashMap<>();
    if (model.isPresent()) {
      ObjectNode withUid = object.deepCopy();
      if (uid.isEmpty()) {
        ((ObjectNode) withUid.with("metadata")).put("uid", PLACEHOLDER_UID);
      }
      List<JsonNode> pods = new ArrayList<>();
      for (Prospective p : model.get()) {
        pods.add(p.pod());
        required.put(p.pod().path("metadata").path("name").asText(), p.required());
      }
      prospective = wm.attributePods(definition, tree, withUid, pods, OwnerLookup.none());
      prospective
          .unmatched()
          .forEach(u -> notes.add("pod " + u.name() + " the controller will create is claimed by "
              + "no component of the definition: " + u.reason()));
    }
    if (g.podGroup() != null) {
      addIfPods(
          gangs,
          podGroupGang(d, g.podGroup(), tree, scales, structure, prospective, nameBase, notes),
          notes);
      if (!g.podGroups().isEmpty()) {
        notes.add(
            "the definition has both podGroup and podGroups: podGroup is used, as KAI's Karta grouper does");
      }
    } else if (prospective != null) {
      gangs.addAll(keyedGangs(d, g, structure, prospective, required, nameBase, notes, Map.of()));
    } else {
      String kind = object.path("kind").asText("");
      for (PodGroupEntry e : g.podGroups()) {
        int total = groupTotal(e, structure, scales, notes);
        if (total == 0) {
          notes.add("pod group " + e.name() + ": total is 0, no gang");
          continue;
        }
        ResourceList res = ResourceList.empty();
        for (Member m : e.members()) {
          res = res.plus(minResources(tree.component(m.componentName()), scales.scaleMode()));
        }
        gangs.add(new SchedulingPlan.Gang(
            e.name(),
            "podGroups",
            List.of(),
            nameBase + "-" + e.name(),
            total,
            List.of(),
            null,
            null,
            res,
            List.of()));
        notes.add("pod group " + e.name() + ": no model of " + kind
            + "'s controller, so its pods' keys are unknown "
            + "before they exist: one gang for the group with its total (" + total
            + "); KAI names its PodGroups from "
            + "the pods' keys once they exist");
      }
    }
    return plan(object, uid, "desired", gangs, notes);
  }

  /**
   * The gangs of {@code live}'s pods: grouped as {@link GangPlanner} groups them; a gang the desired plan also has
   * (same group and key) takes the desired minMember and subgroups (the framework's own rule), any other the gang
   * plan's minMember.
   *
   * @param live the pods attributed with the same definition ({@link WorkloadMap#attributePods})
   */
  public SchedulingPlan live(PreparedDefinition definition, JsonNode object, LiveTree live) {
    SchedulingPlan desired = desired(definition, object);
    Definition d = definition.definition();
    String uid = object.path("metadata").path("uid").asText("");
    List<String> notes = new ArrayList<>(desired.notes());
    GangScheduling g = d.gangScheduling();
    if (g == null) {
      return plan(object, uid, "live", List.of(), notes);
    }
    String nameBase = nameBase(object, uid);
    GangStructure structure = GangStructure.of(d);
    List<SchedulingPlan.Gang> gangs = new ArrayList<>();
    if (g.podGroup() != null) {
      SubtreeScale scales = SubtreeScale.of(live.tree());
      addIfPods(
          gangs,
          podGroupGang(
              d, g.podGroup(), live.tree(), scales, structure, live, nameBase, new ArrayList<>()),
          new ArrayList<>());
    } else {
      Map<List<String>, SchedulingPlan.Gang> byKey = new HashMap<>();
      desired.gangs().forEach(x -> byKey.put(groupKey(x.group(), x.key()), x));
      GangPlan plan = gangPlanner.plan(d, live);
      Map<String, Integer> fallbackMin = new HashMap<>();
      for (GangPlan.Group gr : plan.groups()) {
        for (GangPlan.Gang x : gr.gangs()) {
          fallbackMin.put(String.join("\u0000", groupKey(gr.name(), x.key())), x.minMember());
        }
      }
      Map<String, Boolean> required = new HashMap<>();
      live.pods().forEach(p -> required.put(p.name(), true));
      for (SchedulingPlan.Gang x :
          keyedGangs(d, g, structure, live, required, nameBase, notes, fallbackMin)) {
        SchedulingPlan.Gang want = byKey.get(groupKey(x.group(), x.key()));
        gangs.add(
            want == null
                ? x
                : new SchedulingPlan.Gang(
                    x.group(),
                    x.form(),
                    x.key(),
                    x.name(),
                    want.minMember(),
                    want.subGroups().stream()
                        .map(s -> new SchedulingPlan.SubGroup(
                            s.name(), s.component(), s.minMember(), s.topology(), podsOf(x, s)))
                        .toList(),
                    null,
                    null,
                    want.minResources(),
                    x.pods()));
      }
      plan.unassigned().forEach(u -> notes.add("pod " + u.pod() + " joins no gang: " + u.reason()));
    }
    return plan(object, uid, "live", gangs, notes);
  }

  private static List<String> podsOf(SchedulingPlan.Gang live, SchedulingPlan.SubGroup s) {
    return live.subGroups().stream()
        .filter(l -> l.name().equals(s.name()))
        .findFirst()
        .map(SchedulingPlan.SubGroup::pods)
        .orElse(List.of());
  }

  private static List<String> groupKey(String group, List<String> key) {
    List<String> k = new ArrayList<>();
    k.add(group);
    k.addAll(key);
    return k;
  }

  private List<SchedulingPlan.Gang> keyedGangs(
      Definition d,
      GangScheduling g,
      GangStructure structure,
      LiveTree pods,
      Map<String, Boolean> required,
      String nameBase,
      List<String> notes,
      Map<String, Integer> fallbackMin) {
    // group -> key -> pods, in pod order
    Map<String, Map<List<String>, List<LivePod>>> buckets = new LinkedHashMap<>();
    for (PodGroupEntry e : g.podGroups()) {
      buckets.put(e.name(), new LinkedHashMap<>());
    }
    for (LivePod p : pods.pods()) {
      try {
        Optional<GangPlanner.Membership> m =
            gangPlanner.effectiveMembership(structure, p.component(), p.input());
        if (m.isEmpty()) {
          continue; // reported by the gang plan (live) or a pod of a component in no group
          // (desired)
        }
        List<String> key = classifier.groupKeys(m.get().member().groupByKeyPaths(), p.input());
        buckets
            .get(m.get().podGroupName())
            .computeIfAbsent(key, k -> new ArrayList<>())
            .add(p);
      } catch (WorkloadMapException e) {
        notes.add("pod " + p.name() + ": " + e.getMessage());
      }
    }
    List<SchedulingPlan.Gang> out = new ArrayList<>();
    for (Map.Entry<String, Map<List<String>, List<LivePod>>> b : buckets.entrySet()) {
      for (Map.Entry<List<String>, List<LivePod>> k : b.getValue().entrySet()) {
        List<LivePod> ps = k.getValue();
        Map<String, List<LivePod>> bySub = new LinkedHashMap<>();
        for (LivePod p : ps) {
          bySub
              .computeIfAbsent(
                  p.instance() != null ? p.instance() : p.component(), x -> new ArrayList<>())
              .add(p);
        }
        int min = 0;
        ResourceList res = ResourceList.empty();
        List<SchedulingPlan.SubGroup> subs = new ArrayList<>();
        for (Map.Entry<String, List<LivePod>> s : bySub.entrySet()) {
          int sm = 0;
          for (LivePod p : s.getValue()) {
            if (required.getOrDefault(p.name(), false)) {
              sm++;
              res = res.plus(resources(pods.tree(), p));
            }
          }
          min += sm;
          subs.add(new SchedulingPlan.SubGroup(
              PodGroupName.safe(s.getKey(), PodGroupName.MAX_LABEL_VALUE),
              s.getValue().get(0).component(),
              sm,
              null,
              s.getValue().stream().map(LivePod::name).sorted().toList()));
        }
        Integer fb = fallbackMin.get(String.join("\u0000", groupKey(b.getKey(), k.getKey())));
        if (fb != null) {
          min = fb;
        }
        String name = nameBase + (k.getKey().isEmpty() ? "" : "-" + String.join("-", k.getKey()));
        out.add(new SchedulingPlan.Gang(
            b.getKey(),
            "podGroups",
            k.getKey(),
            name,
            min,
            subs.size() > 1 ? subs : List.of(),
            null,
            null,
            res,
            ps.stream().map(LivePod::name).sorted().toList()));
      }
    }
    return out;
  }

  private SchedulingPlan.Gang podGroupGang(
      Definition d,
      GangScheduling.PodGroup pg,
      WorkloadTree tree,
      SubtreeScale scales,
      GangStructure structure,
      LiveTree pods,
      String nameBase,
      List<String> notes) {
    List<SchedulingPlan.SubGroup> subs = new ArrayList<>();
    Map<String, List<String>> podsBySub = new HashMap<>();
    if (pods != null) {
      for (LivePod p : pods.pods()) {
        structure
            .subGroupOf(d, p.component())
            .ifPresent(s -> podsBySub.computeIfAbsent(s, k -> new ArrayList<>()).add(p.name()));
      }
    }
    int total = 0;
    ResourceList res = ResourceList.empty();
    List<String> all = new ArrayList<>();
    for (SubGroup s : pg.subGroups()) {
      int v;
      try {
        v = scales.of(s.componentName());
      } catch (WorkloadMapException e) {
        notes.add("podGroup " + pg.name() + ": subgroup " + s.componentName() + " left out: "
            + e.getMessage());
        continue;
      }
      if (v == 0) {
        notes.add(
            "podGroup " + pg.name() + ": subgroup " + s.componentName()
                + " left out: its subtree scale is 0"
                + " (KAI's grouper fails the PodGroup: component must expose a replica scale definition)");
        continue;
      }
      List<String> sp =
          podsBySub.getOrDefault(s.componentName(), List.of()).stream().sorted().toList();
      all.addAll(sp);
      subs.add(
          new SchedulingPlan.SubGroup(s.componentName(), s.componentName(), v, s.topology(), sp));
      total += v;
      res = res.plus(minResources(tree.component(s.componentName()), scales.scaleMode()));
    }
    return new SchedulingPlan.Gang(
        pg.name(),
        "podGroup",
        List.of(),
        nameBase + "-" + pg.name(),
        total,
        subs,
        subs.size(),
        pg.topology(),
        res,
        all.stream().sorted().toList());
  }

  /** A podGroup whose subgroups all scale to 0 needs no pod: no PodGroup (schedulers refuse minMember 0). */
  private static void addIfPods(
      List<SchedulingPlan.Gang> gangs, SchedulingPlan.Gang g, List<String> notes) {
    if (g.subGroups().isEmpty()) {
      notes.add(
          "podGroup " + g.group() + ": every subgroup is left out, so the workload has no gang");
      return;
    }
    gangs.add(g);
  }

  private static int groupTotal(
      PodGroupEntry e, GangStructure structure, SubtreeScale scales, List<String> notes) {
    Set<String> names = new HashSet<>();
    e.members().forEach(m -> names.add(m.componentName()));
    int total = 0;
    for (Member m : e.members()) {
      if (structure.ancestors(m.componentName()).stream().anyMatch(names::contains)) {
        continue;
      }
      try {
        total += scales.of(m.componentName());
      } catch (WorkloadMapException ex) {
        notes.add("pod group " + e.name() + ": member " + m.componentName() + " left out: "
            + ex.getMessage());
      }
    }
    return total;
  }

  /** Requests of a subtree's minimum pods: per leaf instance, per-pod × its effective minimum (1 when counting). */
  private static ResourceList minResources(ComponentNode n, boolean scaleMode) {
    if (n == null) {
      return ResourceList.empty();
    }
    ResourceList r = ResourceList.empty();
    if (n.podBearing()) {
      for (InstanceNode i : n.instances()) {
        int count = scaleMode ? SubtreeScale.effective(i.scale()) : 1;
        if (i.perPod() != null) {
          r = r.plus(i.perPod().times(count));
        }
      }
    }
    for (ComponentNode c : n.children()) {
      r = r.plus(minResources(c, scaleMode));
    }
    return r;
  }

  /** A pod's request; a pod laid out before it exists has no spec, so its instance's per-pod request. */
  private static ResourceList resources(WorkloadTree tree, LivePod p) {
    if (p.resources() != null && !p.resources().isEmpty()) {
      return p.resources();
    }
    ComponentNode n = tree.component(p.component());
    if (n == null) {
      return ResourceList.empty();
    }
    for (InstanceNode i : n.instances()) {
      if (Objects.equals(i.key(), p.instance()) && i.perPod() != null) {
        return i.perPod();
      }
    }
    return ResourceList.empty();
  }

  private static String nameBase(JsonNode object, String uid) {
    return "pg-" + (uid.isEmpty() ? object.path("metadata").path("name").asText("") : uid);
  }

  private static SchedulingPlan plan(
      JsonNode object,
      String uid,
      String source,
      List<SchedulingPlan.Gang> gangs,
      List<String> notes) {
    JsonNode m = object.path("metadata");
    return new SchedulingPlan(
        new SchedulingPlan.Workload(
            object.path("apiVersion").asText(""),
            object.path("kind").asText(""),
            m.path("namespace").asText(""),
            m.path("name").asText("")),
        uid,
        source,
        gangs,
        notes);
  }

  /**
   * Refuses to plan gangs from numbers that are not the workload's: every problem that left a replica count, a scale
   * bound (a gang's minimum) or a resource uncounted is listed, and a workload desiring more pods than the planner lays out is refused before any is
   * made.
   */
  private static void refuseUncountable(WorkloadTree tree) {
    List<dev.workloadmap.sdk.EvaluationProblem> uncounted = tree.problems().stream()
        .filter(dev.workloadmap.sdk.EvaluationProblem::affectsGangSizes)
        .toList();
    String what = tree.object().kind() + " " + tree.object().name();
    if (!uncounted.isEmpty()) {
      StringBuilder sb = new StringBuilder(
          "no gangs for " + what + ": " + uncounted.size() + " problem"
              + (uncounted.size() == 1 ? "" : "s")
              + " left its replica counts, gang minimums or resources uncounted, and a PodGroup"
              + " with a wrong minMember or minResources is worse than none; fix the object at the place each names:");
      uncounted.forEach(p -> sb.append("\n  ").append(p.format()));
      throw new WorkloadMapException(sb.toString());
    }
    if (tree.totalReplicas() > WorkloadMap.MAX_PODS_PER_CALL) {
      throw new WorkloadMapException(
          "no gangs for " + what + ": it desires " + tree.totalReplicas() + " pods, more"
              + " than the " + WorkloadMap.MAX_PODS_PER_CALL
              + " the planner lays out for one workload; check its replica"
              + " counts");
    }
  }
}
