package dev.workloadmap.sdk.internal.live;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.definition.ComponentDefinition;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.definition.PodSelector;
import dev.workloadmap.sdk.definition.PodSelector.ComponentInstanceSelector;
import dev.workloadmap.sdk.definition.PodSelector.ComponentTypeSelector;
import dev.workloadmap.sdk.definition.PodSelector.ReplicaSelector;
import dev.workloadmap.sdk.internal.jq.JsonText;
import dev.workloadmap.sdk.internal.jq.OneResult;
import dev.workloadmap.sdk.internal.jq.PathGroup;
import dev.workloadmap.sdk.jq.JqException;
import dev.workloadmap.sdk.jq.JqInput;
import dev.workloadmap.sdk.jq.JqProgram;
import dev.workloadmap.sdk.jq.JqValues;
import dev.workloadmap.sdk.live.InstanceNotFoundException;
import dev.workloadmap.sdk.live.PodQueryException;
import dev.workloadmap.sdk.spi.JqEngine;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Classifies one live pod with a definition's pod-side paths (docs/format.md#pod-classification, conformance PQ, IC,
 * II). Every operation is a jq evaluation over the pod's JSON, prepared once as a {@link JqInput}. Thread-safe.
 *
 * <p>Errors follow the reference's wording: {@link PodQueryException} for a result of the wrong cardinality or an id
 * that is not known, {@link JqException} for an expression that does not parse or fails.
 */
public final class PodClassifier {

  private final JqEngine engine;

  public PodClassifier(JqEngine engine) {
    this.engine = Objects.requireNonNull(engine, "engine");
  }

  /** The engine the paths are compiled with. */
  JqEngine engine() {
    return engine;
  }

  /**
   * {@code path} compiled by this classifier's engine, to be asked of many pods; null when it is null or empty or does
   * not compile: each pod then gives the path itself, and the engine fails there as it did (a failure of compiling is
   * never kept).
   */
  JqProgram compiled(String path) {
    if (path == null || path.isEmpty()) {
      return null;
    }
    try {
      return engine.compile(path);
    } catch (RuntimeException e) {
      return null;
    }
  }

  /** {@link #compiled} of each path. */
  public JqProgram[] compiled(List<String> paths) {
    JqProgram[] out = new JqProgram[paths.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = compiled(paths.get(i));
    }
    return out;
  }

  /**
   * MatchesComponentType (docs/format.md#pod-classification, PQ-16..25). A null selector gives false. Without
   * {@code value}: true when any result of {@code keyPath} is non-null. With {@code value}:
   * {@code <keyPath> == <value as a JSON string>}, without parentheses around keyPath (EC-05), true when any result is
   * {@code true}. {@code matchLabels} (undefined upstream; our behaviour): every pair must equal the pod's
   * {@code metadata.labels} entry; ANDed with keyPath.
   *
   * @throws JqException the keyPath does not parse or fails on this pod
   */
  public boolean matchesComponentType(ComponentTypeSelector selector, JqInput pod) {
    if (selector == null) {
      return false;
    }
    boolean any = false;
    if (selector.matchLabels() != null && !selector.matchLabels().isEmpty()) {
      any = true;
      JsonNode labels =
          pod.original().path("metadata").path("labels"); // key order does not matter here
      for (Map.Entry<String, String> e : selector.matchLabels().entrySet()) {
        JsonNode v = labels.get(e.getKey());
        if (v == null || !v.isTextual() || !v.textValue().equals(e.getValue())) {
          return false;
        }
      }
    }
    String keyPath = selector.keyPath();
    if (keyPath == null || keyPath.isEmpty()) {
      return any;
    }
    if (selector.value() == null) {
      for (JsonNode r : engine.compile(keyPath).apply(pod)) {
        if (!r.isNull()) {
          return true;
        }
      }
      return false;
    }
    String expr = keyPath + " == "
        + JsonText.toJson(com.fasterxml.jackson.databind.node.TextNode.valueOf(selector.value()));
    for (JsonNode r : engine.compile(expr).apply(pod)) {
      if (r.isBoolean() && r.booleanValue()) {
        return true;
      }
    }
    return false;
  }

  /**
   * ExtractInstanceId (docs/format.md#pod-classification, PQ-31..34): the pod's instance id, or empty when the selector
   * is null or its idPath empty.
   *
   * @throws PodQueryException {@code expected single query result, got N} or {@code query result is empty <nil>}
   * @throws JqException the path does not parse or fails
   */
  public Optional<String> instanceId(ComponentInstanceSelector selector, JqInput pod) {
    return selector == null ? Optional.empty() : single(selector.idPath(), pod);
  }

  /** ExtractReplicaKey (docs/format.md#pod-classification, PQ-26..30); like {@link #instanceId}. */
  public Optional<String> replicaKey(ReplicaSelector selector, JqInput pod) {
    return selector == null ? Optional.empty() : single(selector.keyPath(), pod);
  }

  /**
   * ExtractGroupKeys (docs/format.md#pod-classification, docs/format.md#gangs, PQ-01..05): one text value per path, in
   * order (numbers formatted as the reference does: 3 and 3.0 give {@code "3"}). An empty list gives an empty list.
   *
   * @throws PodQueryException a path gives no, several, a null or an empty result; a null key never becomes {@code
   *     "null"} (FC-24)
   */
  public List<String> groupKeys(List<String> paths, JqInput pod) {
    List<String> out = new ArrayList<>(paths.size());
    groupKeys(paths, pod, out);
    return out;
  }

  /**
   * As {@link #groupKeys(List, JqInput)}, appending to {@code out} (which the caller may reuse from pod to pod); on an
   * error {@code out} holds the keys read before it.
   */
  public void groupKeys(List<String> paths, JqInput pod, List<String> out) {
    groupKeys(paths, null, pod, out);
  }

  /**
   * As {@link #groupKeys(List, JqInput, List)} with {@code programs[i]} the compiled {@code paths.get(i)} ({@link
   * #compiled}), or null to compile it here.
   */
  public void groupKeys(List<String> paths, JqProgram[] programs, JqInput pod, List<String> out) {
    for (int i = 0, n = paths.size(); i < n; i++) {
      JqProgram p = programs == null ? null : programs[i];
      String v = p != null ? singleText(p, pod) : singleText(paths.get(i), pod);
      if (v == null) {
        throw new PodQueryException("query result is empty <nil>");
      }
      out.add(v);
    }
  }

  /**
   * PassesFilters (docs/format.md#pod-classification, PQ-06..15): every filter must give exactly one result, the
   * boolean {@code true}; no filters is true.
   *
   * @throws PodQueryException {@code failed to evaluate filter '<f>': ...} when a filter gives zero or several results,
   *     does not parse, or fails
   */
  public boolean passesFilters(List<String> filters, JqInput pod) {
    for (String f : filters) {
      List<JsonNode> r;
      try {
        r = engine.compile(f).apply(pod);
      } catch (JqException e) {
        throw new PodQueryException("failed to evaluate filter '" + f + "': " + e.getMessage(), e);
      }
      if (r.size() != 1) {
        throw new PodQueryException(
            "failed to evaluate filter '" + f + "': expected single query result, got " + r.size());
      }
      if (!(r.get(0).isBoolean() && r.get(0).booleanValue())) {
        return false;
      }
    }
    return true;
  }

  /**
   * GetMatchingInstanceId (docs/format.md#pod-classification, PQ-35..44): the pod's instance id among {@code ids}.
   * Without a selector it succeeds only when {@code ids} is {@code [""]}.
   *
   * @throws PodQueryException {@code no instance selector provided but instance ids are not empty}, or an extraction
   *     error
   * @throws InstanceNotFoundException the extracted id is not in {@code ids}
   */
  public String matchingInstanceId(
      ComponentInstanceSelector selector, List<String> ids, JqInput pod) {
    return ids.get(matchingInstance(selector, null, ids, pod));
  }

  /**
   * As {@link #matchingInstanceId}, giving the id's index in {@code ids} (its first occurrence).
   *
   * @param idProgram the selector's idPath compiled by this classifier's engine, or null to compile it here
   */
  int matchingInstance(
      ComponentInstanceSelector selector, JqProgram idProgram, List<String> ids, JqInput pod) {
    if (selector == null || selector.idPath() == null || selector.idPath().isEmpty()) {
      if (ids.size() == 1 && ids.get(0).isEmpty()) {
        return 0;
      }
      throw new PodQueryException("no instance selector provided but instance ids are not empty");
    }
    // not null: the idPath is not empty
    String id = idProgram != null ? singleText(idProgram, pod) : singleText(selector.idPath(), pod);
    int at = ids.indexOf(id);
    if (at < 0) {
      throw new InstanceNotFoundException(id, ids);
    }
    return at;
  }

  /**
   * InferPodComponent (docs/format.md#pod-classification, IC-01..04): with exactly one leaf (pod-bearing) component,
   * that leaf without evaluating its selector; otherwise the first leaf, root first then children in declaration order,
   * whose type selector matches. A leaf without a type selector never matches when there are several
   * (docs/format.md#owner-chain item 3).
   *
   * @param podName used in the error message
   * @throws PodQueryException {@code no component found for pod <name>}
   * @throws JqException a type selector fails on this pod
   */
  public ComponentDefinition inferComponent(Definition d, JqInput pod, String podName) {
    return inferComponent(leaves(d), pod, podName);
  }

  /** As {@link #inferComponent(Definition, JqInput, String)} with the definition's {@link #leaves} computed once. */
  ComponentDefinition inferComponent(
      List<ComponentDefinition> leaves, JqInput pod, String podName) {
    if (leaves.size() == 1) {
      return leaves.get(0);
    }
    for (ComponentDefinition c : leaves) {
      PodSelector s = c.podSelector();
      if (s != null && matchesComponentType(s.componentTypeSelector(), pod)) {
        return c;
      }
    }
    throw new PodQueryException("no component found for pod " + podName);
  }

  /**
   * InferPodComponentInstance (docs/format.md#pod-classification, II-01..08): empty when the component has no
   * podSelector, no instance ids or ids {@code [""]}; otherwise as {@link #matchingInstanceId}.
   *
   * @throws PodQueryException {@code component <name> not found}, or as {@link #matchingInstanceId}
   */
  public Optional<String> inferComponentInstance(
      Definition d, String component, List<String> ids, JqInput pod) {
    ComponentDefinition c = d.component(component)
        .orElseThrow(() -> new PodQueryException("component " + component + " not found"));
    if (c.podSelector() == null
        || ids == null
        || ids.isEmpty()
        || (ids.size() == 1 && ids.get(0).isEmpty())) {
      return Optional.empty();
    }
    return Optional.of(matchingInstanceId(c.podSelector().componentInstanceSelector(), ids, pod));
  }

  /** The leaf (pod-bearing) components, root first then children in declaration order (docs/format.md#gangs). */
  public static List<ComponentDefinition> leaves(Definition d) {
    return d.components().stream().filter(ComponentDefinition::hasPodDefinition).toList();
  }

  private Optional<String> single(String path, JqInput pod) {
    return Optional.ofNullable(singleText(path, pod));
  }

  /**
   * The text of {@code path}'s single result on {@code pod} ({@link JqValues#render}), or null when {@code path} is
   * null or empty. A plain path without iteration is read by {@link OneResult} without a result list; everything else,
   * and every case where that fast path is not sure, goes through {@link dev.workloadmap.sdk.jq.JqProgram#apply}, so
   * the answers and errors are the same.
   *
   * <p>The text is remembered on {@code pod} ({@link JqInput#remember}, keyed by the compiled program, which the SDK's
   * engine keeps one of per expression): a pod is asked the same paths in attribution and in the gang plan, and a
   * definition may use one path for several selectors (JobSet: the replicated job's name is its type, its instance id
   * and a group key). Only a text is remembered, never an error, so a failing path fails again with its own message;
   * and only for the SDK's own programs ({@link OneResult}), whose answer is a function of the input. An interrupted
   * thread is not answered from memory: it evaluates, and the engine reports the cancellation as before.
   *
   * @throws PodQueryException the path gives no, several, a null or an empty result
   * @throws JqException the path does not parse or fails
   */
  String singleText(String path, JqInput pod) {
    if (path == null || path.isEmpty()) {
      return null;
    }
    return singleText(engine.compile(path), pod);
  }

  /**
   * As {@link #singleText(String, JqInput)} with the path compiled by this classifier's engine (attribution and the
   * gang plan compile each path once per call, not once per pod).
   */
  String singleText(JqProgram program, JqInput pod) {
    boolean remembers = program instanceof OneResult && !Thread.currentThread().isInterrupted();
    if (remembers && pod.recall(program) instanceof String known) {
      return known;
    }
    JsonNode v = OneResult.of(program, pod);
    if (v == null) {
      List<JsonNode> r = program.apply(pod);
      if (r.size() != 1) {
        throw new PodQueryException("expected single query result, got " + r.size());
      }
      v = r.get(0);
    }
    String text = textOf(v);
    if (text == null) {
      throw new PodQueryException("query result is empty " + (v.isNull() ? "<nil>" : "\"\""));
    }
    if (remembers) {
      pod.remember(program, text);
    }
    return text;
  }

  /**
   * Reads {@code program}'s single result on {@code pod} ahead of {@link #singleText}, when the fast path is sure of it
   * and it is a key ({@link #textOf}), and remembers its text; otherwise does nothing (no evaluation, no error: the
   * later question evaluates and fails as it would have). Attribution reads the pod's group keys this way while the pod
   * is at hand, so that the gang plan finds them remembered instead of reading the pod again.
   */
  void readAhead(JqProgram program, JqInput pod) {
    if (!(program instanceof OneResult)
        || Thread.currentThread().isInterrupted()
        || pod.recall(program) != null) {
      return;
    }
    JsonNode v = OneResult.of(program, pod);
    String text = v == null ? null : textOf(v);
    if (text != null) {
      pod.remember(program, text);
    }
  }

  /**
   * {@link #readAhead(JqProgram, JqInput)} of each program of {@code group}, with the steps they share walked once
   * ({@link PathGroup#read}): the same texts are remembered, and nothing where the fast path is not sure.
   *
   * <p>A text equal to the one {@code previous} holds for that program (the pod read before) is remembered as that
   * String, so that the equal keys of consecutive pods (the pods of one Job, the set's name on every pod) are one
   * object, which the gang plan then compares and hashes without reading each pod's copy again.
   *
   * @param scratch at least {@code group.size()} long; overwritten
   * @param previous at least {@code group.size()} long: the texts of the pod read before (null where none), updated
   *     to this pod's
   */
  void readAhead(PathGroup group, JqInput pod, JsonNode[] scratch, String[] previous) {
    group.read(pod, scratch);
    for (int i = 0, n = group.size(); i < n; i++) {
      JsonNode v = scratch[i];
      String text = v == null ? null : textOf(v);
      if (text != null) {
        String before = previous[i];
        if (before != null && before.equals(text)) {
          text = before;
        } else {
          previous[i] = text;
        }
        pod.remember(group.program(i), text);
      }
    }
  }

  /** The text of a key value ({@link JqValues#render}), or null for a null or an empty string (not a key). */
  private static String textOf(JsonNode v) {
    if (v.isNull() || (v.isTextual() && v.textValue().isEmpty())) {
      return null;
    }
    return JqValues.render(v);
  }
}
