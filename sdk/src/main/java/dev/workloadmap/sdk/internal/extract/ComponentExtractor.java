package dev.workloadmap.sdk.internal.extract;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.workloadmap.sdk.EvaluationProblem;
import dev.workloadmap.sdk.definition.ComponentDefinition;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.definition.FragmentedPodSpecDefinition;
import dev.workloadmap.sdk.definition.ScaleDefinition;
import dev.workloadmap.sdk.definition.SpecDefinition;
import dev.workloadmap.sdk.extract.DefinitionNotFoundException;
import dev.workloadmap.sdk.extract.ExtractionException;
import dev.workloadmap.sdk.extract.FragmentedPodSpec;
import dev.workloadmap.sdk.extract.InstanceRecord;
import dev.workloadmap.sdk.extract.Scale;
import dev.workloadmap.sdk.internal.jq.JqBatch;
import dev.workloadmap.sdk.internal.jq.LazyBatch;
import dev.workloadmap.sdk.internal.jq.RecentByIdentity;
import dev.workloadmap.sdk.internal.model.JqFields;
import dev.workloadmap.sdk.jq.JqException;
import dev.workloadmap.sdk.jq.JqInput;
import dev.workloadmap.sdk.jq.JqValues;
import dev.workloadmap.sdk.spi.JqEngine;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Extracts a component's instances from the whole root object (docs/format.md#extraction to docs/format.md#fragmented):
 * instance ids, pod templates, pod specs with metadata, fragmented pod specs and scale, each path evaluated separately
 * and paired with the ids by index.
 *
 * <p>The single-field methods throw like the reference ({@link DefinitionNotFoundException} when the component lacks
 * the definition, {@link ExtractionException} otherwise); {@link #extract} contains each error to its field.
 */
public final class ComponentExtractor {

  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  private final JqEngine engine;
  /**
   * Per component, its paths as one {@link JqBatch} (what they share, such as {@code .spec.replicatedJobs} and each
   * entry's {@code .template.spec}, is read once per object), for the components extracted last.
   */
  private final RecentByIdentity<ComponentDefinition, LazyBatch> batches =
      new RecentByIdentity<>(16);

  /** Makes a component's batch on this extractor's engine (one function, not one per extraction). */
  private final java.util.function.Function<ComponentDefinition, LazyBatch> newBatch;

  public ComponentExtractor(JqEngine engine) {
    this.engine = engine;
    this.newBatch = c -> new LazyBatch(engine, paths(c));
  }

  /** The component's paths as {@link #extract} evaluates them, or null when the engine has no batches. */
  private JqBatch batch(ComponentDefinition c) {
    return batches.get(c, newBatch).get();
  }

  /** Every path {@link #extract} may evaluate, in the order it does. */
  private static List<String> paths(ComponentDefinition c) {
    List<String> out = new ArrayList<>();
    if (c.hasInstanceIdPath()) {
      out.add(c.instanceIdPath());
    }
    SpecDefinition s = c.specDefinition();
    if (s != null) {
      for (String p : new String[] {s.podTemplateSpecPath(), s.podSpecPath(), s.metadataPath()}) {
        if (p != null) {
          out.add(p);
        }
      }
      if (s.fragmentedPodSpecDefinition() != null) {
        for (String p : s.fragmentedPodSpecDefinition().paths().values()) {
          if (p != null) {
            out.add(p);
          }
        }
      }
    }
    ScaleDefinition sc = c.scaleDefinition();
    if (sc != null) {
      for (String p :
          new String[] {sc.replicasPath(), sc.minReplicasPath(), sc.maxReplicasPath()}) {
        if (p != null) {
          out.add(p);
        }
      }
    }
    return out;
  }

  /** The instance ids (docs/format.md#extraction item 2). */
  public List<String> instanceIds(ComponentDefinition c, JqInput in) {
    return instanceIds(c, in, null);
  }

  private List<String> instanceIds(ComponentDefinition c, JqInput in, JqBatch.Session session) {
    if (!c.hasInstanceIdPath()) {
      throw new DefinitionNotFoundException(c.name(), "no instance id path defined");
    }
    List<JsonNode> results = eval("instance ids", c.instanceIdPath(), in, session);
    List<String> ids = new ArrayList<>(results.size());
    boolean empty = false;
    for (int i = 0; i < results.size(); i++) {
      JsonNode r = results.get(i);
      if (r.isNull()) {
        ids.add("");
        empty = true;
      } else if (r.isTextual()) {
        ids.add(r.asText());
        empty |= r.asText().isEmpty();
      } else {
        throw convert(i, "string", r, c.instanceIdPath());
      }
    }
    if (empty) {
      throw new ExtractionException(
          "instance id path contained empty string values [" + String.join(",", ids) + "]",
          c.instanceIdPath(),
          null);
    }
    return ids;
  }

  /** PodTemplateSpec objects; a null result is an empty template that still counts. */
  public List<JsonNode> podTemplateSpecs(ComponentDefinition c, JqInput in) {
    return podTemplateSpecs(c, in, null);
  }

  private List<JsonNode> podTemplateSpecs(
      ComponentDefinition c, JqInput in, JqBatch.Session session) {
    SpecDefinition s = spec(c);
    if (s.podTemplateSpecPath() == null) {
      throw new DefinitionNotFoundException(c.name(), "does not have pod template spec definition");
    }
    return objects(
        "pod template specs",
        s.podTemplateSpecPath(),
        in,
        session,
        "PodTemplateSpec",
        "metadata",
        "spec");
  }

  /** PodSpec objects. */
  public List<JsonNode> podSpecs(ComponentDefinition c, JqInput in) {
    return podSpecs(c, in, null);
  }

  private List<JsonNode> podSpecs(ComponentDefinition c, JqInput in, JqBatch.Session session) {
    SpecDefinition s = spec(c);
    if (s.podSpecPath() == null) {
      throw new DefinitionNotFoundException(c.name(), "does not have pod spec definition");
    }
    return objects("pod specs", s.podSpecPath(), in, session, "PodSpec");
  }

  /** ObjectMeta objects from {@code metadataPath}. */
  public List<JsonNode> podMetadata(ComponentDefinition c, JqInput in) {
    return podMetadata(c, in, null);
  }

  private List<JsonNode> podMetadata(ComponentDefinition c, JqInput in, JqBatch.Session session) {
    SpecDefinition s = spec(c);
    if (s.metadataPath() == null) {
      throw new DefinitionNotFoundException(c.name(), "does not have pod metadata definition");
    }
    return objects(
        "pod metadata", s.metadataPath(), in, session, "ObjectMeta", "labels", "annotations");
  }

  /** Fragmented pod specs: the longest stream decides the count; shorter streams are padded with zero values. */
  public List<FragmentedPodSpec> fragmentedPodSpecs(ComponentDefinition c, JqInput in) {
    return fragmentedPodSpecs(c, in, null);
  }

  private List<FragmentedPodSpec> fragmentedPodSpecs(
      ComponentDefinition c, JqInput in, JqBatch.Session session) {
    SpecDefinition s = spec(c);
    FragmentedPodSpecDefinition f = s.fragmentedPodSpecDefinition();
    if (f == null) {
      throw new DefinitionNotFoundException(
          c.name(), "does not have fragmented pod spec definition");
    }
    Map<String, List<JsonNode>> streams = new LinkedHashMap<>();
    int count = 0;
    for (Map.Entry<String, String> e : f.paths().entrySet()) {
      List<JsonNode> values = e.getValue() == null
          ? List.of()
          : eval("fragmented pod specs", e.getValue(), in, session);
      for (int i = 0; i < values.size(); i++) {
        checkFragmentShape(e.getKey(), i, values.get(i), e.getValue());
      }
      streams.put(e.getKey(), values);
      count = Math.max(count, values.size());
    }
    List<FragmentedPodSpec> out = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      Map<String, JsonNode> fields = new LinkedHashMap<>();
      for (Map.Entry<String, List<JsonNode>> e : streams.entrySet()) {
        JsonNode v = i < e.getValue().size() ? e.getValue().get(i) : null;
        fields.put(e.getKey(), v == null || v.isNull() ? zero(e.getKey()) : v);
      }
      out.add(new FragmentedPodSpec(fields));
    }
    return out;
  }

  /** Scales: three independent streams, the longest decides the count (docs/format.md#scale). */
  public List<Scale> scales(ComponentDefinition c, JqInput in) {
    ScaleDefinition s = c.scaleDefinition();
    if (s == null) {
      throw new DefinitionNotFoundException(c.name(), "does not have scale definition");
    }
    List<Integer> replicas = ints("replicas", s.replicasPath(), in);
    List<Integer> min = ints("minReplicas", s.minReplicasPath(), in);
    List<Integer> max = ints("maxReplicas", s.maxReplicasPath(), in);
    int count = Math.max(replicas.size(), Math.max(min.size(), max.size()));
    List<Scale> out = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      out.add(new Scale(at(replicas, i), at(min, i), at(max, i)));
    }
    return out;
  }

  /**
   * Extracts every definition the component has and pairs it with the instance ids (docs/format.md#extraction,
   * conformance CZ). Errors are contained: a failing id path gives no instances; a failing field leaves that field
   * null; each failure becomes a problem naming the field and expression.
   */
  public ExtractedComponent extract(Definition d, ComponentDefinition c, JqInput in) {
    List<EvaluationProblem> problems = new ArrayList<>();
    List<String> warnings = new ArrayList<>();
    JqBatch batch = batch(c);
    JqBatch.Session session = batch == null ? null : batch.session(in);
    List<String> ids;
    if (c.hasInstanceIdPath()) {
      try {
        ids = instanceIds(c, in, session);
      } catch (ExtractionException e) {
        EvaluationProblem p = problem(
            d,
            c,
            "/instanceIdPath",
            c.instanceIdPath(),
            "failed to get instance ids: " + e.getMessage());
        if (e.getCause() instanceof dev.workloadmap.sdk.jq.JqResultLimitException) {
          // the object holds more instances than a path may give: located at the list the path
          // iterates
          String at = iteratedList(c.instanceIdPath(), in);
          p = at == null ? p : p.withObjectPointer(at);
        }
        problems.add(p);
        return new ExtractedComponent(c.name(), List.of(), problems, warnings);
      }
    } else {
      ids = List.of("");
    }
    List<JsonNode> templates = null;
    List<JsonNode> podSpecs = null;
    List<JsonNode> metadata = null;
    List<FragmentedPodSpec> fragmented = null;
    List<Scale> scales = null;
    SpecDefinition s = c.specDefinition();
    if (s != null && s.podTemplateSpecPath() != null) {
      templates = paired(
          d,
          c,
          ids,
          problems,
          "/specDefinition/podTemplateSpecPath",
          s.podTemplateSpecPath(),
          "pod template specs",
          () -> podTemplateSpecs(c, in, session),
          in);
    }
    if (s != null && s.podSpecPath() != null) {
      podSpecs = paired(
          d,
          c,
          ids,
          problems,
          "/specDefinition/podSpecPath",
          s.podSpecPath(),
          "pod specs",
          () -> podSpecs(c, in, session),
          in);
    }
    if (s != null && s.metadataPath() != null) {
      metadata = paired(
          d,
          c,
          ids,
          problems,
          "/specDefinition/metadataPath",
          s.metadataPath(),
          "pod metadata",
          () -> podMetadata(c, in, session),
          in);
    }
    if (s != null && s.fragmentedPodSpecDefinition() != null) {
      fragmented = paired(
          d,
          c,
          ids,
          problems,
          "/specDefinition/fragmentedPodSpecDefinition",
          null,
          "fragmented pod specs",
          () -> fragmentedPodSpecs(c, in, session),
          in);
    }
    java.util.Set<Integer> badScales =
        c.scaleDefinition() != null ? new java.util.HashSet<>() : java.util.Set.of();
    if (c.scaleDefinition() != null) {
      // one bad count is that instance's problem: the other instances keep their own counts
      scales = paired(
          d,
          c,
          ids,
          problems,
          "/scaleDefinition",
          null,
          "scales",
          () -> containedScales(d, c, in, session, problems, badScales, ids.size()),
          in);
    }
    // the usual case, distinct ids: the records in id order without a map; duplicates take the map
    // below
    boolean distinct = distinct(ids);
    Map<String, InstanceRecord> byId = distinct ? null : new LinkedHashMap<>();
    List<InstanceRecord> records = distinct ? new ArrayList<>(ids.size()) : null;
    java.util.Set<String> uncountedScales = null; // made at the first bad scale
    for (int i = 0; i < ids.size(); i++) {
      String id = ids.get(i);
      // isEmpty first: no boxed index looked up per instance in the usual case, every count good
      if (scales != null && !badScales.isEmpty() && badScales.contains(i)) {
        if (uncountedScales == null) {
          uncountedScales = new java.util.LinkedHashSet<>();
        }
        uncountedScales.add(id);
      } else if (uncountedScales != null) {
        uncountedScales.remove(id); // the last value wins, as for the record
      }
      InstanceRecord r = new InstanceRecord(
          id, at(templates, i), at(podSpecs, i), at(metadata, i), at(fragmented, i), at(scales, i));
      if (distinct) {
        records.add(r);
        continue;
      }
      if (byId.containsKey(id)) {
        warnings.add("duplicate instance id \"" + id + "\" in component " + c.name()
            + ": the last value wins");
      }
      byId.put(id, r);
    }
    return new ExtractedComponent(
        c.name(),
        distinct ? records : new ArrayList<>(byId.values()),
        problems.isEmpty() ? List.of() : problems,
        warnings.isEmpty() ? List.of() : warnings,
        uncountedScales == null ? java.util.Set.of() : uncountedScales);
  }

  /** Whether no id occurs twice (pairwise for a few ids, which is every workload's case; a set for more). */
  private static boolean distinct(List<String> ids) {
    int n = ids.size();
    if (n > 16) {
      return new java.util.HashSet<>(ids).size() == n;
    }
    for (int i = 1; i < n; i++) {
      String id = ids.get(i);
      for (int j = 0; j < i; j++) {
        if (id.equals(ids.get(j))) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * The scales like {@link #scales}, but a value that is not a count (negative, fractional, out of the int32 range,
   * not a number) fails only its own result: it becomes a problem located at the value in the object, its index goes
   * into {@code bad}, and the value reads as null. An expression that fails as a whole still throws.
   */
  private List<Scale> containedScales(
      Definition d,
      ComponentDefinition c,
      JqInput in,
      JqBatch.Session session,
      List<EvaluationProblem> problems,
      java.util.Set<Integer> bad,
      int instances) {
    ScaleDefinition s = c.scaleDefinition();
    List<Integer> replicas =
        containedInts(d, c, "replicas", s.replicasPath(), in, session, problems, bad);
    // the bounds are not counted in any total: a bound that fails, as a whole or one value, is its
    // own problem (the gang plans that need it refuse, EvaluationProblem#affectsGangSizes) and
    // leaves the replica counts as they are
    List<Integer> min =
        containedBound(d, c, "minReplicas", s.minReplicasPath(), in, session, problems);
    List<Integer> max =
        containedBound(d, c, "maxReplicas", s.maxReplicasPath(), in, session, problems);
    int count = Math.max(replicas.size(), Math.max(size(min), size(max)));
    if (min == null || max == null) {
      // a bound that failed as a whole has no values: one scale per instance without it
      count = Math.max(count, instances);
    }
    List<Scale> out = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      out.add(new Scale(at(replicas, i), at(min, i), at(max, i)));
    }
    return out;
  }

  private static int size(List<Integer> values) {
    return values == null ? 0 : values.size();
  }

  /**
   * A bound's values as {@link #containedInts}, but an expression that fails as a whole is contained too: its problem
   * is added and the result is null.
   */
  private List<Integer> containedBound(
      Definition d,
      ComponentDefinition c,
      String name,
      String expression,
      JqInput in,
      JqBatch.Session session,
      List<EvaluationProblem> problems) {
    try {
      return containedInts(
          d, c, name, expression, in, session, problems, new java.util.HashSet<>());
    } catch (ExtractionException e) {
      EvaluationProblem p = problem(
          d,
          c,
          "/scaleDefinition/" + name + "Path",
          expression,
          "failed to get scales: " + e.getMessage() + "; no " + name
              + " (gang sizes are not given)");
      if (e.resultIndex() >= 0 && e.expression().isPresent()) {
        p = p.withObjectPointer(objectPointer(e.expression().get(), e.resultIndex(), in));
      }
      problems.add(p);
      return null;
    }
  }

  private List<Integer> containedInts(
      Definition d,
      ComponentDefinition c,
      String name,
      String expression,
      JqInput in,
      JqBatch.Session session,
      List<EvaluationProblem> problems,
      java.util.Set<Integer> bad) {
    if (expression == null) {
      return List.of();
    }
    List<JsonNode> results = eval("scales", expression, in, session);
    List<Integer> out = new ArrayList<>(results.size());
    for (int i = 0; i < results.size(); i++) {
      try {
        out.add(toInt32(name, i, results.get(i), expression));
      } catch (ExtractionException e) {
        EvaluationProblem p = problem(
            d,
            c,
            "/scaleDefinition/" + name + "Path",
            expression,
            "failed to get scales: " + e.getMessage() + "; "
                + (name.equals("replicas")
                    ? "left out of the totals"
                    : "no " + name + " (gang sizes are not given)"));
        String at = objectPointer(expression, i, in);
        problems.add(at == null ? p : p.withObjectPointer(at));
        bad.add(i);
        out.add(null);
      }
    }
    return out;
  }

  private interface Extraction<T> {
    List<T> get();
  }

  private <T> List<T> paired(
      Definition d,
      ComponentDefinition c,
      List<String> ids,
      List<EvaluationProblem> problems,
      String field,
      String expression,
      String what,
      Extraction<T> extraction,
      JqInput in) {
    List<T> values;
    try {
      values = extraction.get();
    } catch (ExtractionException e) {
      EvaluationProblem p = problem(
          d,
          c,
          field,
          expression != null ? expression : e.expression().orElse(null),
          "failed to get " + what + ": " + e.getMessage());
      if (e.resultIndex() >= 0 && e.expression().isPresent()) {
        p = p.withObjectPointer(objectPointer(e.expression().get(), e.resultIndex(), in));
      }
      problems.add(p);
      return null;
    }
    if (values.size() != ids.size()) {
      problems.add(problem(
          d,
          c,
          field,
          expression,
          "failed to get " + what + ": instance ids count (" + ids.size()
              + ") does not match results count (" + values.size() + ")"));
      return null;
    }
    return values;
  }

  /**
   * Where result {@code index} of {@code expression} comes from in the object, as a JSON pointer: the result's own
   * place when the expression is a path ({@code path(f)}); for a computed value ({@code .spec.jobs[] | (.replicas //
   * 1) * .parallelism}), the place of the input it was computed from (the stream before the first top-level pipe),
   * narrowed to the field inside it that holds the same value when there is one. Null when neither is known.
   */
  public String objectPointer(String expression, int index, JqInput in) {
    String exact = pathAt(expression, index, in);
    if (exact != null) {
      return exact;
    }
    int pipe = topLevelPipe(expression);
    if (pipe < 0) {
      return null;
    }
    String head = expression.substring(0, pipe);
    try {
      List<JsonNode> results = engine.compile(expression).apply(in);
      List<JsonNode> inputs = engine.compile(head).apply(in);
      if (results.size() != inputs.size() || index >= results.size()) {
        return null; // not one result per input: the index does not name an input
      }
      String base = pathAt(head, index, in);
      if (base == null) {
        return null;
      }
      String leaf = find(inputs.get(index), results.get(index), "");
      return leaf == null ? base : base + leaf;
    } catch (RuntimeException e) {
      return null;
    }
  }

  /**
   * The pointer of the list that {@code expression} iterates first ({@code .spec.replicatedJobs} for {@code
   * .spec.replicatedJobs[].name}): the part before its first top-level {@code []}, when that part is a path; or null.
   */
  private String iteratedList(String expression, JqInput in) {
    int depth = 0;
    boolean str = false;
    for (int i = 0; i + 1 < expression.length(); i++) {
      char ch = expression.charAt(i);
      if (str) {
        if (ch == '\\') {
          i++;
        } else if (ch == '"') {
          str = false;
        }
        continue;
      }
      if (ch == '"') {
        str = true;
      } else if (ch == '(' || ch == '{') {
        depth++;
      } else if (ch == ')' || ch == '}') {
        depth--;
      } else if (ch == '[' && depth == 0 && expression.charAt(i + 1) == ']') {
        String head = expression.substring(0, i).strip();
        return head.isEmpty() ? null : pathAt(head, 0, in);
      } else if (ch == '|' || ch == ',') {
        return null; // not one stream from one list
      }
    }
    return null;
  }

  private String pathAt(String expression, int index, JqInput in) {
    try {
      JsonNode p =
          engine.compile("[path(" + expression + ")] | .[" + index + "]").first(in);
      if (p == null || !p.isArray()) {
        return null;
      }
      StringBuilder sb = new StringBuilder();
      for (JsonNode k : p) {
        sb.append('/').append(k.asText().replace("~", "~0").replace("/", "~1"));
      }
      return sb.toString();
    } catch (RuntimeException e) {
      return null; // a computed value ({@code // 1}, arithmetic) has no single place
    }
  }

  /** The pointer (relative to {@code node}) of the first scalar equal to {@code value}, breadth first; or null. */
  private static String find(JsonNode node, JsonNode value, String at) {
    java.util.ArrayDeque<Map.Entry<String, JsonNode>> queue = new java.util.ArrayDeque<>();
    queue.add(Map.entry(at, node));
    int budget = 10_000;
    while (!queue.isEmpty() && budget-- > 0) {
      Map.Entry<String, JsonNode> e = queue.poll();
      JsonNode n = e.getValue();
      if (n.isContainerNode()) {
        if (n.isObject()) {
          n.properties()
              .forEach(f -> queue.add(Map.entry(
                  e.getKey() + "/" + f.getKey().replace("~", "~0").replace("/", "~1"),
                  f.getValue())));
        } else {
          for (int i = 0; i < n.size(); i++) {
            queue.add(Map.entry(e.getKey() + "/" + i, n.get(i)));
          }
        }
      } else if (sameScalar(n, value)) {
        return e.getKey();
      }
    }
    return null;
  }

  private static boolean sameScalar(JsonNode a, JsonNode b) {
    if (a.isNumber() && b.isNumber()) {
      return a.decimalValue().compareTo(b.decimalValue()) == 0;
    }
    return a.isTextual() && a.equals(b);
  }

  /** The index of the first {@code |} outside brackets and strings, or -1. */
  static int topLevelPipe(String e) {
    int depth = 0;
    boolean str = false;
    for (int i = 0; i < e.length(); i++) {
      char c = e.charAt(i);
      if (str) {
        if (c == '\\') {
          i++;
        } else if (c == '"') {
          str = false;
        }
        continue;
      }
      switch (c) {
        case '"' -> str = true;
        case '(', '[', '{' -> depth++;
        case ')', ']', '}' -> depth--;
        case '|' -> {
          if (depth == 0
              && (i + 1 >= e.length() || e.charAt(i + 1) != '=')
              && (i == 0 || e.charAt(i - 1) != '|')) {
            return i;
          }
        }
        default -> {}
      }
    }
    return -1;
  }

  static EvaluationProblem problem(
      Definition d, ComponentDefinition c, String field, String expression, String message) {
    String pointer = c.pointer() + field;
    return new EvaluationProblem(
        c.name(), documentPath(pointer), expression, message, d.locate(pointer));
  }

  /** The field as a document path relative to structureDefinition, for example {@code childComponents[0].scaleDefinition}. */
  private static String documentPath(String pointer) {
    String s = JqFields.documentPath(pointer);
    return s.startsWith("spec.structureDefinition.")
        ? s.substring("spec.structureDefinition.".length())
        : s;
  }

  private static <T> T at(List<T> list, int i) {
    return list == null || i >= list.size() ? null : list.get(i);
  }

  private static SpecDefinition spec(ComponentDefinition c) {
    if (c.specDefinition() == null) {
      throw new DefinitionNotFoundException(c.name(), "does not have spec definition");
    }
    return c.specDefinition();
  }

  private List<JsonNode> eval(String what, String expression, JqInput in) {
    return eval(what, expression, in, null);
  }

  /** {@code expression} on {@code in}, by {@code session} (of {@code in}) when there is one. */
  private List<JsonNode> eval(String what, String expression, JqInput in, JqBatch.Session session) {
    try {
      return session != null
          ? session.apply(expression)
          : engine.compile(expression).apply(in);
    } catch (JqException e) {
      throw new ExtractionException(
          "failed to extract " + what + ": " + e.getMessage(), expression, e);
    }
  }

  private List<JsonNode> objects(
      String what,
      String expression,
      JqInput in,
      JqBatch.Session session,
      String type,
      String... objectFields) {
    List<JsonNode> results = eval(what, expression, in, session);
    List<JsonNode> out = null; // a copy only when a null result becomes an empty object
    for (int i = 0; i < results.size(); i++) {
      JsonNode r = results.get(i);
      if (r.isNull()) {
        if (out == null) {
          out = new ArrayList<>(results.subList(0, i));
        }
        out.add(F.objectNode());
        continue;
      }
      if (!r.isObject()) {
        throw convert(i, type, r, expression);
      }
      // the object as the input holds it: the types of its fields are those of its canonical form,
      // which is
      // made only when something reads it
      JsonNode source = dev.workloadmap.sdk.internal.jq.SortedKeys.source(r);
      for (String f : objectFields) {
        JsonNode v = source.get(f);
        if (v != null && !v.isNull() && !v.isObject()) {
          throw new ExtractionException(
              "failed to convert object at index " + i + " to type " + type + ": field \"" + f
                  + "\" must be an object, got " + kind(v),
              expression,
              null);
        }
      }
      if (out != null) {
        out.add(r);
      }
    }
    return out != null ? out : results;
  }

  private static void checkFragmentShape(String field, int i, JsonNode v, String expression) {
    if (v.isNull()) {
      return;
    }
    boolean ok = switch (field) {
      case "schedulerName", "priorityClassName", "image" -> v.isTextual();
      case "containers", "resourceClaims" -> v.isArray();
      default -> v.isObject();
    };
    if (!ok) {
      throw new ExtractionException(
          "failed to convert object at index " + i + " to type " + field + ": expected "
              + kind(zero(field)) + ", got " + kind(v),
          expression,
          null);
    }
  }

  private static JsonNode zero(String field) {
    return switch (field) {
      case "schedulerName", "priorityClassName", "image" -> F.textNode("");
      case "containers", "resourceClaims" -> F.arrayNode();
      default -> F.objectNode();
    };
  }

  private List<Integer> ints(String name, String expression, JqInput in) {
    if (expression == null) {
      return List.of();
    }
    List<JsonNode> results = eval("scales", expression, in);
    List<Integer> out = new ArrayList<>(results.size());
    for (int i = 0; i < results.size(); i++) {
      out.add(toInt32(name, i, results.get(i), expression));
    }
    return out;
  }

  private static Integer toInt32(String name, int index, JsonNode v, String expression) {
    if (v.isNull()) {
      return null;
    }
    if (v.isIntegralNumber() && v.canConvertToInt()) {
      int n = v.intValue(); // the common case, without the decimal arithmetic below
      if (n < 0) {
        throw negative(name, index, Integer.toString(n), expression);
      }
      return n;
    }
    BigDecimal d;
    if (v.isNumber()) {
      d = v.decimalValue();
    } else if (v.isTextual()) {
      try {
        d = new BigDecimal(v.asText());
      } catch (NumberFormatException e) {
        throw new ExtractionException(
            "failed to extract scales: " + name + " value \"" + v.asText() + "\" at index " + index
                + " is not a number",
            expression,
            null,
            index);
      }
    } else {
      throw new ExtractionException(
          "failed to extract scales: " + name + " value " + JqValues.toCompactJson(v) + " at index "
              + index + " is not a number",
          expression,
          null,
          index);
    }
    if (d.signum() != 0 && d.stripTrailingZeros().scale() > 0) {
      throw new ExtractionException(
          "failed to extract scales: " + name + " value " + shown(d) + " at index " + index
              + " is not an integer",
          expression,
          null,
          index);
    }
    int n;
    try {
      n = d.intValueExact();
    } catch (ArithmeticException e) {
      throw new ExtractionException(
          "failed to extract scales: " + name + " value " + shown(d) + " at index " + index
              + " is out of the int32 range",
          expression,
          null,
          index);
    }
    if (n < 0) {
      throw negative(name, index, d.toPlainString(), expression);
    }
    return n;
  }

  /**
   * A count as a message shows it: as written in plain digits while that is short ({@code 2.5}, {@code 3000000000}),
   * in scientific notation when the plain form would run to dozens of digits ({@code 1E+400}, not a 1 and 400 zeros).
   */
  static String shown(BigDecimal d) {
    String plain = d.toPlainString();
    return plain.length() <= 24 ? plain : d.toString();
  }

  /**
   * A negative count: the reference reads it as is and subtracts it from the totals; a count of pods cannot be
   * negative, so it is a problem and the totals are incomplete.
   */
  private static ExtractionException negative(
      String name, int index, String text, String expression) {
    return new ExtractionException(
        "failed to extract scales: " + name + " value " + text + " at index " + index
            + " is negative (a count of pods cannot be)",
        expression,
        null,
        index);
  }

  private static ExtractionException convert(
      int index, String type, JsonNode v, String expression) {
    return new ExtractionException(
        "failed to convert object at index " + index + " to type " + type + ": expected "
            + ("string".equals(type) ? "a string" : "an object") + ", got " + kind(v),
        expression,
        null);
  }

  private static String kind(JsonNode n) {
    if (n.isTextual()) {
      return "a string";
    }
    if (n.isNumber()) {
      return "a number";
    }
    if (n.isBoolean()) {
      return "a boolean";
    }
    if (n.isArray()) {
      return "a list";
    }
    if (n.isObject()) {
      return "an object";
    }
    return "null";
  }
}
