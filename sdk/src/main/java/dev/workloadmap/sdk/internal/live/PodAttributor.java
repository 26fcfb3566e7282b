package dev.workloadmap.sdk.internal.live;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.WorkloadMapException;
import dev.workloadmap.sdk.definition.ComponentDefinition;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.definition.GangScheduling;
import dev.workloadmap.sdk.definition.PodSelector;
import dev.workloadmap.sdk.definition.PodSelector.ComponentInstanceSelector;
import dev.workloadmap.sdk.internal.jq.PathGroup;
import dev.workloadmap.sdk.internal.jq.SortedKeys;
import dev.workloadmap.sdk.jq.JqException;
import dev.workloadmap.sdk.jq.JqInput;
import dev.workloadmap.sdk.jq.JqProgram;
import dev.workloadmap.sdk.live.LiveComponent;
import dev.workloadmap.sdk.live.LivePod;
import dev.workloadmap.sdk.live.LiveTree;
import dev.workloadmap.sdk.live.OwnerChain;
import dev.workloadmap.sdk.live.OwnerLookup;
import dev.workloadmap.sdk.live.PodQueryException;
import dev.workloadmap.sdk.live.UnmatchedPod;
import dev.workloadmap.sdk.resources.ResourceList;
import dev.workloadmap.sdk.spi.JqEngine;
import dev.workloadmap.sdk.tree.ComponentNode;
import dev.workloadmap.sdk.tree.InstanceNode;
import dev.workloadmap.sdk.tree.WorkloadTree;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Attributes candidate pods to a resolved workload (docs/format.md#owner-chain):
 *
 * <ol>
 *   <li>keep a pod when its owner chain reaches the workload's UID ({@link OwnerChain}: any reference carrying the UID
 *       owns; the walk goes up through controller references only, at most 6 levels, cached per owner);
 *   <li>place it on a component by {@code componentTypeSelector} ({@link PodClassifier#inferComponent}: a component
 *       without a selector claims pods only when it is the only pod-bearing component);
 *   <li>within a multi-instance component, split by {@code componentInstanceSelector}, even when one instance is left,
 *       so pods of removed instances are reported, not shown; read the replica key where a {@code replicaSelector} is
 *       defined on the component or an ancestor.
 * </ol>
 *
 * Pods that pass (1) but fail (2) or (3) are returned in {@link LiveTree#unmatched()} with the reason. One instance may
 * serve many calls; thread-safe.
 */
public final class PodAttributor {

  private final PodClassifier classifier;

  public PodAttributor(JqEngine engine) {
    this.classifier = new PodClassifier(engine);
  }

  /** The classifier used for the pod-side paths. */
  public PodClassifier classifier() {
    return classifier;
  }

  /**
   * Attributes {@code pods} to the workload {@code object} resolved as {@code tree}.
   *
   * @param definition the definition {@code tree} was resolved with
   * @param tree the workload's tree (from {@link dev.workloadmap.sdk.WorkloadMap#resolve})
   * @param object the workload object as JSON; its {@code metadata.uid} anchors ownership
   * @param pods candidate pods as JSON (for example every pod of the namespace, listed once)
   * @param owners reads intermediate owners; {@link OwnerLookup#none()} when pods are owned directly
   * @throws WorkloadMapException the object has no {@code metadata.uid}
   */
  public LiveTree attribute(
      Definition definition,
      WorkloadTree tree,
      JsonNode object,
      List<? extends JsonNode> pods,
      OwnerLookup owners) {
    Objects.requireNonNull(pods, "pods");
    String uid = object.path("metadata").path("uid").asText("");
    if (uid.isEmpty()) {
      throw new WorkloadMapException(
          "the workload " + tree.object() + " has no metadata.uid: live pods are attributed "
              + "through their ownerReferences to the workload's UID (docs/format.md#owner-chain); give the object its uid");
    }
    OwnerChain chain = new OwnerChain(uid, owners == null ? OwnerLookup.none() : owners);
    Map<String, Row> rows = new LinkedHashMap<>();
    collectRows(tree.root(), rows);
    List<UnmatchedPod> unmatched = new ArrayList<>();
    List<String> notOwned = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    // per call, not per pod: the leaves, and per component its node, instance ids, replica selector
    // and rows
    List<ComponentDefinition> leaves = PodClassifier.leaves(definition);
    Map<ComponentDefinition, Placement> placements = new IdentityHashMap<>();
    ComponentDefinition lastComponent = null;
    Placement last = null;
    for (JsonNode pod : pods) {
      // each of metadata, spec and status is looked up once, for every field read of it
      JsonNode metadata = pod.path("metadata");
      String name = metadata.path("name").asText("");
      if (!chain.ownsByMetadata(metadata)) {
        notOwned.add(name);
        continue;
      }
      JqInput in = JqInput.of(pod);
      ComponentDefinition c;
      try {
        c = place(definition, leaves, in, name);
      } catch (WorkloadMapException e) {
        unmatched.add(new UnmatchedPod(name, e.getMessage()));
        continue;
      }
      Placement at;
      if (c == lastComponent) {
        at = last;
      } else {
        at = placements.computeIfAbsent(
            c, k -> new Placement(definition, tree, k, rows, classifier));
        lastComponent = c;
        last = at;
      }
      // the instance id, replica key and group keys, read together while the pod is at hand;
      // nothing where the fast path is not sure (the questions below evaluate and fail as before)
      if (at.reads != null) {
        classifier.readAhead(at.reads, in, at.scratch, at.previous);
      }
      String instance = null;
      int instanceAt = -1;
      if (c.hasInstanceIdPath()) {
        if (at.ids.isEmpty()) {
          unmatched.add(
              new UnmatchedPod(name, "component " + c.name() + " has no instances in the object"));
          continue;
        }
        try {
          instanceAt = classifier.matchingInstance(at.instanceSelector, at.idProgram, at.ids, in);
          instance = at.ids.get(instanceAt);
        } catch (WorkloadMapException e) {
          unmatched.add(new UnmatchedPod(name, e.getMessage()));
          continue;
        }
      }
      String replicaKey = null;
      if (at.replicaComponent != null) {
        try {
          replicaKey = at.replicaProgram != null
              ? classifier.singleText(at.replicaProgram, in)
              : classifier.singleText(at.replicaKeyPath, in);
        } catch (WorkloadMapException e) {
          problems.add("pod " + name + ": replica key of component " + at.replicaComponent.name()
              + ": " + e.getMessage());
        }
      }
      if (at.reads == null) {
        // the group keys the gang plan will ask, read while the pod is at hand
        for (JqProgram p : at.readAhead) {
          classifier.readAhead(p, in);
        }
      }
      JsonNode spec = pod.path("spec");
      ResourceList res = ResourceList.empty();
      try {
        res = at.resources.perPod(spec);
      } catch (WorkloadMapException e) {
        problems.add("pod " + name + ": resources: " + e.getMessage());
      }
      // PodStatus's fields, with status read once
      JsonNode status = pod.path("status");
      String phase = PodFields.phase(status);
      LivePod lp = new LivePod(
          name,
          metadata.path("namespace").asText(""),
          phase,
          PodFields.reason(status, phase),
          PodFields.ready(status),
          PodFields.node(spec),
          res,
          c.name(),
          instance,
          replicaKey,
          pod,
          in);
      Row row = instanceAt >= 0 ? at.rowAt(instanceAt) : at.row(instance);
      if (row == null) {
        unmatched.add(new UnmatchedPod(name, "component " + c.name() + " has no row in the tree"));
        continue;
      }
      row.add(lp, pods.size());
    }
    List<LiveComponent> out = new ArrayList<>();
    for (Row r : rows.values()) {
      sortByName(r.pods, r.surrogates);
      List<String> nodes = r.nodes == null ? new ArrayList<>() : new ArrayList<>(r.nodes.keySet());
      nodes.sort(null); // natural order, as a TreeSet gives them
      out.add(new LiveComponent(
          r.name,
          r.component,
          r.instance,
          r.desired,
          r.pods.size(),
          r.ready,
          nodes,
          r.resources,
          r.pods));
    }
    unmatched.sort(Comparator.comparing(UnmatchedPod::name, SortedKeys::compareCodePoints));
    notOwned.sort(SortedKeys::compareCodePoints);
    LiveTree live = new LiveTree(tree, out, unmatched, notOwned, problems);
    AttributedTrees.add(live);
    return live;
  }

  /**
   * docs/format.md#pod-classification InferPodComponent, plus the live rule of docs/format.md#owner-chain item 3: the
   * root's own type selector applies to the root's pods, even when the root is the only pod-bearing component
   * (conformance CR-08); a sole child component is not filtered by its selector (SB-02).
   */
  private ComponentDefinition place(
      Definition d, List<ComponentDefinition> leaves, JqInput in, String name) {
    if (leaves.size() == 1 && leaves.get(0) == d.rootComponent()) {
      ComponentDefinition root = leaves.get(0);
      PodSelector s = root.podSelector();
      if (s != null
          && s.componentTypeSelector() != null
          && !classifier.matchesComponentType(s.componentTypeSelector(), in)) {
        throw new PodQueryException("no component found for pod " + name);
      }
      return root;
    }
    return classifier.inferComponent(leaves, in, name);
  }

  /** The component whose {@code replicaSelector} applies to pods of {@code c}: {@code c} or its nearest ancestor. */
  public static Optional<ComponentDefinition> replicaComponent(
      Definition d, ComponentDefinition c) {
    ComponentDefinition cur = c;
    int guard = 0;
    while (cur != null && guard++ <= d.childComponents().size()) {
      PodSelector s = cur.podSelector();
      if (s != null
          && s.replicaSelector() != null
          && s.replicaSelector().keyPath() != null
          && !s.replicaSelector().keyPath().isEmpty()) {
        return Optional.of(cur);
      }
      cur = cur.ownerRef() == null ? null : d.component(cur.ownerRef()).orElse(null);
    }
    return Optional.empty();
  }

  /**
   * What attribution needs of one component, computed on its first pod of a call: its tree node's instance ids, the
   * selector that picks among them, the component whose replica selector applies ({@link #replicaComponent}), its rows
   * by instance id (looked up once per id) and the memo of its pods' resources.
   */
  private static final class Placement {
    final List<String> ids;
    final ComponentInstanceSelector instanceSelector;
    final ComponentDefinition replicaComponent;
    final String replicaKeyPath;
    final String component;
    final Map<String, Row> rows;
    final Map<String, Row> rowsByInstance = new HashMap<>();
    /** {@link #row} of each of {@link #ids}, by index; null until looked up. */
    private final Row[] rowsAt;

    private final boolean[] rowLookedUp;
    final PodResourcesMemo resources = new PodResourcesMemo();

    /** The instance selector's idPath compiled, or null (no instances, no path, or a path that does not compile). */
    final JqProgram idProgram;
    /** The replica key path compiled, or null (none, or a path that does not compile). */
    final JqProgram replicaProgram;

    /** The group-key programs read ahead on each pod ({@link #readAhead}). */
    final List<JqProgram> readAhead;

    /**
     * The instance id, replica key and group-key programs read together on each pod, or null when they cannot be
     * ({@link PathGroup#of}): then the group keys are read ahead one by one.
     */
    final PathGroup reads;

    /** {@link #reads}' results of the pod at hand. */
    final JsonNode[] scratch;

    /** {@link #reads}' texts of the last pod that had them (one String for equal keys of consecutive pods). */
    final String[] previous;

    Placement(
        Definition d,
        WorkloadTree tree,
        ComponentDefinition c,
        Map<String, Row> rows,
        PodClassifier classifier) {
      ComponentNode node = tree.component(c.name());
      this.ids = !c.hasInstanceIdPath() || node == null
          ? List.of()
          : node.instances().stream().map(InstanceNode::id).toList();
      this.instanceSelector =
          c.podSelector() == null ? null : c.podSelector().componentInstanceSelector();
      ComponentDefinition rc = replicaComponent(d, c).orElse(null);
      this.replicaComponent = rc;
      this.replicaKeyPath =
          rc == null ? null : rc.podSelector().replicaSelector().keyPath();
      this.component = c.name();
      this.rows = rows;
      this.rowsAt = new Row[ids.size()];
      this.rowLookedUp = new boolean[ids.size()];
      this.idProgram = c.hasInstanceIdPath() && instanceSelector != null
          ? classifier.compiled(instanceSelector.idPath())
          : null;
      this.replicaProgram = classifier.compiled(replicaKeyPath);
      this.readAhead = readAhead(d, c, instanceSelector, replicaKeyPath, classifier.engine());
      List<JqProgram> together = new ArrayList<>();
      for (JqProgram p : new JqProgram[] {idProgram, replicaProgram}) {
        if (p != null && !together.contains(p)) {
          together.add(p);
        }
      }
      for (JqProgram p : readAhead) {
        if (!together.contains(p)) {
          together.add(p);
        }
      }
      this.reads = together.size() <= JqInput.REMEMBERED ? PathGroup.of(together) : null;
      this.scratch = new JsonNode[together.size()];
      this.previous = new String[together.size()];
    }

    /** {@link #row} of {@code ids.get(i)}, looked up once per index. */
    Row rowAt(int i) {
      if (!rowLookedUp[i]) {
        rowsAt[i] = row(ids.get(i));
        rowLookedUp[i] = true;
      }
      return rowsAt[i];
    }

    /**
     * The programs of the {@code groupByKeyPaths} of {@code c}'s candidate memberships (its own, then its ancestors',
     * nearest first, as docs/format.md#gangs takes them), each once and other than the instance and replica paths the
     * attribution asks anyway, as many as a pod's jq input has room to remember ({@link JqInput#REMEMBERED}).
     * Reading them ahead changes no answer: what is remembered is the text a later question would read, and a path
     * that fails or does not compile is left to the gang plan, which reports it.
     */
    private static List<JqProgram> readAhead(
        Definition d,
        ComponentDefinition c,
        ComponentInstanceSelector instanceSelector,
        String replicaKeyPath,
        JqEngine engine) {
      GangScheduling g = d.gangScheduling();
      if (g == null || g.podGroups().isEmpty()) {
        return List.of();
      }
      List<JqProgram> asked = new ArrayList<>();
      try {
        if (c.hasInstanceIdPath()
            && instanceSelector != null
            && instanceSelector.idPath() != null
            && !instanceSelector.idPath().isEmpty()) {
          asked.add(engine.compile(instanceSelector.idPath()));
        }
        if (replicaKeyPath != null && !replicaKeyPath.isEmpty()) {
          asked.add(engine.compile(replicaKeyPath));
        }
      } catch (JqException e) {
        return List.of(); // attribution reports it on every pod; nothing to read ahead
      }
      List<JqProgram> out = new ArrayList<>();
      int room = JqInput.REMEMBERED - asked.size();
      List<String> lineage = new ArrayList<>();
      for (ComponentDefinition cur = c;
          cur != null && !lineage.contains(cur.name()) && room > 0;
          cur = cur.ownerRef() == null ? null : d.component(cur.ownerRef()).orElse(null)) {
        lineage.add(cur.name());
        for (GangScheduling.PodGroupEntry e : g.podGroups()) {
          for (GangScheduling.Member m : e.members()) {
            if (!m.componentName().equals(cur.name())) {
              continue;
            }
            for (String path : m.groupByKeyPaths()) {
              JqProgram p;
              try {
                p = engine.compile(path);
              } catch (JqException ex) {
                continue; // the gang plan reports it
              }
              if (room > 0 && !asked.contains(p) && !out.contains(p)) {
                out.add(p);
                room--;
              }
            }
          }
        }
      }
      return out;
    }

    /** The row {@code rows.get(key(component, instance))}, looked up once per instance id. */
    Row row(String instance) {
      String id = instance == null ? "" : instance; // key() spells both as ""
      Row r = rowsByInstance.get(id);
      if (r == null && !rowsByInstance.containsKey(id)) {
        r = rows.get(key(component, id));
        rowsByInstance.put(id, r);
      }
      return r;
    }
  }

  /**
   * Sorts pods by name in code-point order ({@link SortedKeys#compareCodePoints}). When no name has a surrogate,
   * code-point order is {@link String#compareTo}'s UTF-16 order, which the JDK compares faster.
   */
  static void sortByName(List<LivePod> pods) {
    boolean surrogates = false;
    for (int i = 0, n = pods.size(); i < n && !surrogates; i++) {
      surrogates = hasSurrogate(pods.get(i).name());
    }
    sortByName(pods, surrogates);
  }

  /**
   * As {@link #sortByName(List)}, where {@code surrogates} tells whether any name has a surrogate (attribution looks
   * as it places each pod, while the pod's memory is at hand, instead of in a pass of its own).
   */
  static void sortByName(List<LivePod> pods, boolean surrogates) {
    if (pods.size() < 2) {
      return; // nothing to order (and an empty row's list is immutable)
    }
    pods.sort(
        surrogates
            ? Comparator.comparing(LivePod::name, SortedKeys::compareCodePoints)
            : Comparator.comparing(LivePod::name));
  }

  private static boolean hasSurrogate(String s) {
    for (int i = 0, n = s.length(); i < n; i++) {
      if (Character.isSurrogate(s.charAt(i))) {
        return true;
      }
    }
    return false;
  }

  private static final class Row {
    final String name;
    final String component;
    final String instance;
    final int desired;
    final ResourceList resources;
    /** The placed pods; made on the first, sized for the desired pods (at most the candidates). */
    List<LivePod> pods = List.of();

    /**
     * The distinct nodes of the placed pods, each the key and the value, null before the first; counted as each pod
     * is placed, while it is at hand. A key is a copy of the first pod's text: the copies lie together, so that
     * comparing a later pod's node with one of them does not read the first pod's memory again.
     */
    Map<String, String> nodes;

    /** The placed pods that are ready. */
    int ready;

    /** Some placed pod's name has a surrogate ({@link #sortByName(List, boolean)}). */
    boolean surrogates;

    /** The copy in {@link #nodes} of the last pod's node. */
    private String lastNode;

    Row(String name, String component, String instance, int desired, ResourceList resources) {
      this.name = name;
      this.component = component;
      this.instance = instance;
      this.desired = desired;
      this.resources = resources;
    }

    void add(LivePod p, int candidates) {
      if (pods.isEmpty()) {
        pods = new ArrayList<>(Math.max(1, Math.min(desired, candidates)));
      }
      pods.add(p);
      String node = p.node();
      if (node != null && !node.equals(lastNode)) { // the pods of a Job are often on one node
        if (nodes == null) {
          nodes = new HashMap<>();
        }
        String own = nodes.get(node);
        if (own == null) {
          own = new String(node.toCharArray());
          nodes.put(own, own);
        }
        lastNode = own;
      }
      if (p.ready()) {
        ready++;
      }
      if (!surrogates && hasSurrogate(p.name())) {
        surrogates = true;
      }
    }
  }

  private static String key(String component, String instance) {
    return component + "\u0000" + (instance == null ? "" : instance);
  }

  private static void collectRows(ComponentNode n, Map<String, Row> rows) {
    if (n.podBearing()) {
      if (n.multiInstance()) {
        for (InstanceNode in : n.instances()) {
          rows.put(
              key(n.name(), in.id()),
              new Row(in.id(), n.name(), in.id(), in.desiredReplicas(), in.total()));
        }
      } else {
        rows.put(
            key(n.name(), null),
            new Row(n.name(), n.name(), null, n.ownReplicas(), n.ownResources()));
      }
    }
    for (ComponentNode c : n.children()) {
      collectRows(c, rows);
    }
  }
}
