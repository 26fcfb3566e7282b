package dev.workloadmap.sdk.update;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.workloadmap.sdk.WorkloadMapException;
import dev.workloadmap.sdk.definition.ComponentDefinition;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.definition.FragmentedPodSpecDefinition;
import dev.workloadmap.sdk.definition.SpecDefinition;
import dev.workloadmap.sdk.extract.FragmentedPodSpec;
import dev.workloadmap.sdk.internal.extract.ComponentExtractor;
import dev.workloadmap.sdk.jq.JqInput;
import dev.workloadmap.sdk.spi.JqEngine;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import org.apiguardian.api.API;

/**
 * An immutable list of writes to one workload object (docs/format.md#writes), applied in order by {@link #apply()}.
 * Every method returns a new update with one more operation; nothing is evaluated until {@link #apply()}, and the
 * object given to {@link dev.workloadmap.sdk.WorkloadMap#update} is never modified. Later operations see the effect of
 * earlier ones, as every component of the reference shares one object (conformance CF-05).
 *
 * <pre>{@code
 * UpdateResult r = wm.update(jobset, object)
 *     .setSchedulerName("kai-scheduler")
 *     .addLabels(Map.of("team", "ml"))
 *     .apply();
 * r.object();      // the updated object
 * r.patchJson();   // [{"op":"add","path":"/spec/replicatedJobs/0/template/spec/template/spec/schedulerName",...}]
 * }</pre>
 *
 * <p><b>Per-instance operations</b> take a map from instance id to value ({@code ""} for the single instance of a
 * component without {@code instanceIdPath}); ids the component does not have are ignored, and a missing id is an error.
 * Values are the shapes extraction returns ({@link ComponentExtractor}): PodTemplateSpec {@code {metadata, spec}},
 * PodSpec, ObjectMeta, or a fragmented field's value. A written value replaces the old one, so fields absent from the
 * value disappear (conformance AU-02); the value is written exactly as given, unknown fields included
 * (docs/format.md#differences).
 *
 * <p><b>Convenience operations</b> act on every instance of every component with a pod definition
 * (docs/format.md#spec-definition): they read the current value, change only the requested field and write it back
 * through the per-instance operation of the component's variant.
 *
 * <p><b>Lossless.</b> Fields no operation targets keep their value, key order and number form; where a written value
 * equals what was there (numbers by value), the original node is kept. A per-instance value equal to what the
 * definition reads for that instance is not written at all, so writing back what was read changes nothing, also where
 * the read fell back ({@code A // B}, a default, a computed value) and a write would create A
 * (docs/format.md#write-fallback). Thread-safe (immutable).
 *
 * <p><b>Values</b> must be JSON: Java {@code null} is JSON null, and a value that is or contains a {@code MissingNode}
 * (for example {@code node.path("absent")}) is refused with an {@link IllegalArgumentException} when the operation is
 * added.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class WorkloadUpdate {

  private record Step(String description, UnaryOperator<JsonNode> write) {}

  private final Definition definition;
  private final JsonNode original;
  private final Writes writes;
  private final List<Step> steps;

  private WorkloadUpdate(
      Definition definition, JsonNode original, Writes writes, List<Step> steps) {
    this.definition = definition;
    this.original = original;
    this.writes = writes;
    this.steps = steps;
  }

  /**
   * An empty update of {@code object} (copied, so later changes to it do not leak in); prefer {@link
   * dev.workloadmap.sdk.WorkloadMap#update}, which also checks the object's kind.
   *
   * @throws NullPointerException when an argument is null
   */
  public static WorkloadUpdate of(JqEngine engine, Definition definition, JsonNode object) {
    Objects.requireNonNull(engine, "engine");
    Objects.requireNonNull(definition, "definition");
    Objects.requireNonNull(object, "object is null: pass the workload object as JSON");
    return new WorkloadUpdate(definition, object.deepCopy(), new Writes(engine), List.of());
  }

  private WorkloadUpdate then(String description, UnaryOperator<JsonNode> write) {
    List<Step> next = new ArrayList<>(steps);
    next.add(new Step(description, write));
    return new WorkloadUpdate(definition, original, writes, Collections.unmodifiableList(next));
  }

  /** The object as given (a copy; do not modify). */
  public JsonNode original() {
    return original;
  }

  /** The operations so far, described in order (for example {@code setSchedulerName(kai-scheduler)}). */
  public List<String> operations() {
    return steps.stream().map(Step::description).toList();
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Per-instance operations (docs/format.md#writes)

  /**
   * UpdatePodTemplateSpec: writes each instance's PodTemplateSpec ({@code {metadata, spec}}) through {@code
   * podTemplateSpecPath}.
   *
   * @param component the component name
   * @param byInstanceId PodTemplateSpec per instance id
   */
  public WorkloadUpdate podTemplateSpecs(
      String component, Map<String, ? extends JsonNode> byInstanceId) {
    Map<String, JsonNode> values = copy(byInstanceId);
    return then(
        "podTemplateSpecs(" + component + ")",
        o -> writes.podTemplateSpecs(component(component), o, values));
  }

  /** UpdatePodSpec: writes each instance's PodSpec through {@code podSpecPath}. */
  public WorkloadUpdate podSpecs(String component, Map<String, ? extends JsonNode> byInstanceId) {
    Map<String, JsonNode> values = copy(byInstanceId);
    return then(
        "podSpecs(" + component + ")", o -> writes.podSpecs(component(component), o, values));
  }

  /** UpdatePodMetadata: writes each instance's ObjectMeta ({@code {labels, annotations}}) through {@code metadataPath}. */
  public WorkloadUpdate podMetadata(
      String component, Map<String, ? extends JsonNode> byInstanceId) {
    Map<String, JsonNode> values = copy(byInstanceId);
    return then(
        "podMetadata(" + component + ")", o -> writes.podMetadata(component(component), o, values));
  }

  /**
   * UpdateFragmentedPodSpec with every field of each instance's {@link FragmentedPodSpec} (as extraction returns it).
   * Field by field in the reference's write order (schedulerName, priorityClassName, image, labels, annotations,
   * resources, podAffinity, nodeAffinity, container, resourceClaims, containers): a field whose value is empty ({@code
   * ""}, {@code {}}, {@code []} or null) for every instance is skipped, so nothing empty is written where nothing was
   * (AU-07); a field whose path is not defined must be empty everywhere ({@code path is not defined and values are not
   * empty}); otherwise every instance's value is written, an empty one as its zero value.
   */
  public WorkloadUpdate fragmentedPodSpecs(
      String component, Map<String, FragmentedPodSpec> byInstanceId) {
    Map<String, Map<String, JsonNode>> values = new LinkedHashMap<>();
    byInstanceId.forEach((id, spec) -> values.put(id, copy(spec.fields())));
    return then(
        "fragmentedPodSpecs(" + component + ")",
        o -> writes.fragmented(component(component), o, values));
  }

  /**
   * UpdateFragmentedPodSpec for one field, for example {@code schedulerName} or {@code labels}, with the rules of
   * {@link #fragmentedPodSpecs}.
   *
   * @throws UpdateException when {@code field} is not one of the eleven fragmented fields
   *     (docs/format.md#spec-definition)
   */
  public WorkloadUpdate fragmentedField(
      String component, String field, Map<String, ? extends JsonNode> byInstanceId) {
    if (!Writes.FRAGMENTED_WRITE_ORDER.contains(field)) {
      throw new UpdateException(
          "unknown fragmented field \"" + field + "\"; one of " + Writes.FRAGMENTED_WRITE_ORDER);
    }
    Map<String, Map<String, JsonNode>> values = new LinkedHashMap<>();
    byInstanceId.forEach((id, v) -> {
      Map<String, JsonNode> fields = new LinkedHashMap<>();
      fields.put(field, v == null ? null : checked(v).deepCopy());
      values.put(id, fields);
    });
    return then(
        "fragmentedField(" + component + ", " + field + ")",
        o -> writes.fragmented(component(component), o, values));
  }

  // ---------------------------------------------------------------------------------------------------------------
  // One instance (the others are written back as they are when the step runs, so earlier steps are
  // kept)

  /**
   * UpdatePodTemplateSpec of one instance: {@code instanceId}'s PodTemplateSpec becomes {@code value}; every other
   * instance receives its current value (read when this step runs, after the earlier steps), which changes nothing.
   *
   * @param component the component name
   * @param instanceId the instance id ({@code ""} for a component without {@code instanceIdPath})
   * @param value the PodTemplateSpec {@code {metadata, spec}}
   * @throws UpdateException from {@link #apply()} when the component has no instance {@code instanceId} (the message
   *     lists the ids it has)
   */
  public WorkloadUpdate podTemplateSpec(String component, String instanceId, JsonNode value) {
    JsonNode v = node(value);
    Objects.requireNonNull(instanceId, "instanceId");
    return then("podTemplateSpec(" + component + ", " + instanceId + ")", o -> {
      ComponentDefinition c = component(component);
      return writes.podTemplateSpecs(
          c,
          o,
          one(
              c,
              o,
              instanceId,
              v,
              "pod template specs",
              in -> writes.extractor().podTemplateSpecs(c, in)));
    });
  }

  /** UpdatePodSpec of one instance, like {@link #podTemplateSpec(String, String, JsonNode)}. */
  public WorkloadUpdate podSpec(String component, String instanceId, JsonNode value) {
    JsonNode v = node(value);
    Objects.requireNonNull(instanceId, "instanceId");
    return then("podSpec(" + component + ", " + instanceId + ")", o -> {
      ComponentDefinition c = component(component);
      return writes.podSpecs(
          c, o, one(c, o, instanceId, v, "pod specs", in -> writes.extractor().podSpecs(c, in)));
    });
  }

  /** UpdatePodMetadata of one instance (ObjectMeta {@code {labels, annotations}}), like {@link #podTemplateSpec}. */
  public WorkloadUpdate podMetadata(String component, String instanceId, JsonNode value) {
    JsonNode v = node(value);
    Objects.requireNonNull(instanceId, "instanceId");
    return then("podMetadata(" + component + ", " + instanceId + ")", o -> {
      ComponentDefinition c = component(component);
      return writes.podMetadata(
          c,
          o,
          one(c, o, instanceId, v, "pod metadata", in -> writes.extractor().podMetadata(c, in)));
    });
  }

  /**
   * UpdateFragmentedPodSpec of one field of one instance; every other instance receives its current (extracted) value
   * of that field. The rules of {@link #fragmentedPodSpecs} apply to the whole field, so when {@code value} is
   * non-empty and another instance's value is empty, that empty value is written too (docs/format.md#writes).
   *
   * @throws UpdateException when {@code field} is not one of the eleven fragmented fields
   *     (docs/format.md#spec-definition)
   */
  public WorkloadUpdate fragmentedField(
      String component, String instanceId, String field, JsonNode value) {
    if (!Writes.FRAGMENTED_WRITE_ORDER.contains(field)) {
      throw new UpdateException(
          "unknown fragmented field \"" + field + "\"; one of " + Writes.FRAGMENTED_WRITE_ORDER);
    }
    JsonNode v = node(value);
    Objects.requireNonNull(instanceId, "instanceId");
    return then("fragmentedField(" + component + ", " + instanceId + ", " + field + ")", o -> {
      ComponentDefinition c = component(component);
      Map<String, JsonNode> current = one(
          c,
          o,
          instanceId,
          v,
          "fragmented pod specs",
          in -> writes.extractor().fragmentedPodSpecs(c, in).stream()
              .map(f -> f.get(field))
              .toList());
      Map<String, Map<String, JsonNode>> values = new LinkedHashMap<>();
      current.forEach((id, fieldValue) -> {
        Map<String, JsonNode> fields = new LinkedHashMap<>();
        fields.put(field, fieldValue);
        values.put(id, fields);
      });
      return writes.fragmented(c, o, values);
    });
  }

  /** Every instance's current value (extracted from {@code object}), with {@code instanceId}'s replaced. */
  private Map<String, JsonNode> one(
      ComponentDefinition c,
      JsonNode object,
      String instanceId,
      JsonNode value,
      String what,
      java.util.function.Function<JqInput, List<JsonNode>> extract) {
    List<String> ids = writes.ids(c, object);
    if (!ids.contains(instanceId)) {
      throw new UpdateException("component " + c.name() + " has no instance \"" + instanceId
          + "\"; its instance ids: " + ids);
    }
    Map<String, JsonNode> byId =
        new LinkedHashMap<>(Writes.pair(c.name(), what, ids, extract.apply(JqInput.of(object))));
    byId.put(instanceId, value.deepCopy());
    return byId;
  }

  private static JsonNode node(JsonNode value) {
    return value == null ? JsonNodeFactory.instance.nullNode() : checked(value).deepCopy();
  }

  /**
   * {@code value} when it is JSON throughout. A {@link com.fasterxml.jackson.databind.node.MissingNode} (what {@code
   * JsonNode.path()} returns for an absent field, or {@code readTree("")}) is not a JSON value: written into the object
   * it broke the patch (found by UpdateFuzzTest), so it is refused here, with the operation not yet queued.
   *
   * @throws UpdateException when {@code value} is or contains a MissingNode
   */
  static JsonNode checked(JsonNode value) {
    if (value.isMissingNode()) {
      throw new UpdateException(
          "the value is a MissingNode (JsonNode.path() of an absent field), not a JSON"
              + " value: pass NullNode for JSON null, or the value itself");
    }
    if (value.isContainerNode()) {
      value.forEach(WorkloadUpdate::checked);
    }
    return value;
  }

  /**
   * Assign: {@code (path) = value} on the whole object (docs/format.md#writes): every path the expression selects
   * receives the value, missing parents are created. The expression is not validated beyond parsing.
   */
  public WorkloadUpdate assign(String path, JsonNode value) {
    Objects.requireNonNull(path, "path");
    JsonNode v = node(value);
    return then("assign(" + path + ")", o -> writes.assign(path, o, v));
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Suspend and resume (docs/format.md#suspend-definition)

  /** Runs the root component's suspendActions in order (each value JSON-decoded, then assigned). */
  public WorkloadUpdate suspend() {
    return suspend(rootName());
  }

  /** Runs {@code component}'s suspendActions; errors are prefixed {@code suspendActions[i]: }. */
  public WorkloadUpdate suspend(String component) {
    return then("suspend(" + component + ")", o -> writes.actions(component(component), o, true));
  }

  /** Runs the root component's resumeActions in order. */
  public WorkloadUpdate resume() {
    return resume(rootName());
  }

  /** Runs {@code component}'s resumeActions; errors are prefixed {@code resumeActions[i]: }. */
  public WorkloadUpdate resume(String component) {
    return then("resume(" + component + ")", o -> writes.actions(component(component), o, false));
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Convenience operations over every instance

  /**
   * Sets {@code spec.schedulerName} of every instance's pod (PodTemplateSpec, PodSpec, or the fragmented {@code
   * schedulerName} field). A fragmented component without {@code schedulerNamePath} fails the update.
   */
  public WorkloadUpdate setSchedulerName(String schedulerName) {
    Objects.requireNonNull(schedulerName, "schedulerName");
    TextNode name = TextNode.valueOf(schedulerName);
    return forEveryPodComponent("setSchedulerName(" + schedulerName + ")", new PodEdit() {
      @Override
      public void template(ObjectNode template) {
        child(template, "spec").set("schedulerName", name);
      }

      @Override
      public void podSpec(ObjectNode podSpec) {
        podSpec.set("schedulerName", name);
      }

      @Override
      public boolean needsMetadata() {
        return false;
      }

      @Override
      public void metadata(ObjectNode metadata) {}

      @Override
      public Map<String, JsonNode> fragmented(ComponentDefinition c, FragmentedPodSpec current) {
        return Map.of("schedulerName", name);
      }
    });
  }

  /** Adds (or overwrites) pod labels on every instance: PodTemplateSpec metadata, metadataPath, or {@code labels}. */
  public WorkloadUpdate addLabels(Map<String, String> labels) {
    return addMetadata("labels", labels);
  }

  /** Adds (or overwrites) pod annotations on every instance, like {@link #addLabels}. */
  public WorkloadUpdate addAnnotations(Map<String, String> annotations) {
    return addMetadata("annotations", annotations);
  }

  private WorkloadUpdate addMetadata(String field, Map<String, String> entries) {
    Objects.requireNonNull(entries, field);
    ObjectNode add = JsonNodeFactory.instance.objectNode();
    new TreeMap<>(entries).forEach(add::put);
    String op = "labels".equals(field) ? "addLabels" : "addAnnotations";
    return forEveryPodComponent(op + add, new PodEdit() {
      @Override
      public void template(ObjectNode template) {
        metadata(child(template, "metadata"));
      }

      @Override
      public void podSpec(ObjectNode podSpec) {}

      @Override
      public boolean needsMetadata() {
        return true;
      }

      @Override
      public void metadata(ObjectNode metadata) {
        child(metadata, field).setAll(add.deepCopy());
      }

      @Override
      public Map<String, JsonNode> fragmented(ComponentDefinition c, FragmentedPodSpec current) {
        JsonNode now = current.get(field);
        ObjectNode merged = now != null && now.isObject()
            ? ((ObjectNode) now).deepCopy()
            : JsonNodeFactory.instance.objectNode();
        merged.setAll(add.deepCopy());
        return Map.of(field, merged);
      }
    });
  }

  /**
   * Sets the resources (a ResourceRequirements: {@code {requests, limits, claims}}; quantities as Kubernetes strings
   * such as {@code "500m"} CPU, {@code "2Gi"} memory, {@code "1"} GPU) of every container in every instance's pod
   * spec ({@code spec.containers}, init containers left alone). The value replaces each container's {@code
   * resources}. A fragmented component gets it through {@code resourcesPath}, else on {@code containerPath}'s
   * container, else on every container of {@code containersPath}; with none of these the update fails.
   *
   * @throws UpdateException when {@code resources} is not a JSON object (checked here, before {@link
   *     #apply()})
   */
  public WorkloadUpdate setResources(JsonNode resources) {
    Objects.requireNonNull(resources, "resources");
    if (!resources.isObject()) {
      throw new UpdateException(
          "resources must be a ResourceRequirements object {requests, limits}, got "
              + resources.getNodeType());
    }
    JsonNode value = checked(resources).deepCopy();
    return forEveryPodComponent("setResources", new PodEdit() {
      @Override
      public void template(ObjectNode template) {
        podSpec(child(template, "spec"));
      }

      @Override
      public void podSpec(ObjectNode podSpec) {
        setOnContainers(podSpec.get("containers"), value);
      }

      @Override
      public boolean needsMetadata() {
        return false;
      }

      @Override
      public void metadata(ObjectNode metadata) {}

      @Override
      public Map<String, JsonNode> fragmented(ComponentDefinition c, FragmentedPodSpec current) {
        FragmentedPodSpecDefinition f = c.specDefinition().fragmentedPodSpecDefinition();
        if (f.resourcesPath() != null) {
          return Map.of("resources", value.deepCopy());
        }
        if (f.containerPath() != null) {
          JsonNode container = current.get("container");
          ObjectNode copy = container != null && container.isObject()
              ? ((ObjectNode) container).deepCopy()
              : JsonNodeFactory.instance.objectNode();
          copy.set("resources", value.deepCopy());
          return Map.of("container", copy);
        }
        if (f.containersPath() != null) {
          JsonNode containers = current.get("containers");
          JsonNode copy =
              containers == null ? JsonNodeFactory.instance.arrayNode() : containers.deepCopy();
          setOnContainers(copy, value);
          return Map.of("containers", copy);
        }
        throw new UpdateException(
            "component " + c.name() + " has no resourcesPath, containerPath or containersPath"
                + " in its fragmentedPodSpecDefinition: resources cannot be written");
      }
    });
  }

  private static void setOnContainers(JsonNode containers, JsonNode value) {
    if (containers instanceof ArrayNode a) {
      for (JsonNode container : a) {
        if (container instanceof ObjectNode o) {
          o.set("resources", value.deepCopy());
        }
      }
    }
  }

  /** How a convenience operation changes one instance, per spec variant. Values passed in are private copies. */
  private interface PodEdit {
    void template(ObjectNode template);

    void podSpec(ObjectNode podSpec);

    /** Whether a podSpec component needs its metadataPath for this edit. */
    boolean needsMetadata();

    void metadata(ObjectNode metadata);

    /** The fragmented fields to write for one instance. */
    Map<String, JsonNode> fragmented(ComponentDefinition c, FragmentedPodSpec current);
  }

  private WorkloadUpdate forEveryPodComponent(String description, PodEdit edit) {
    return then(description, o -> {
      List<ComponentDefinition> pods = definition.components().stream()
          .filter(ComponentDefinition::hasPodDefinition)
          .toList();
      if (pods.isEmpty()) {
        throw new UpdateException("definition " + definition.name()
            + " has no component with a pod definition" + " (specDefinition): nothing to write");
      }
      JsonNode current = o;
      for (ComponentDefinition c : pods) {
        try {
          current = editComponent(c, current, edit);
        } catch (WorkloadMapException e) {
          throw new UpdateException("component " + c.name() + ": " + e.getMessage(), e);
        }
      }
      return current;
    });
  }

  private JsonNode editComponent(ComponentDefinition c, JsonNode object, PodEdit edit) {
    ComponentExtractor x = writes.extractor();
    SpecDefinition s = c.specDefinition();
    JqInput in = JqInput.of(object);
    List<String> ids = writes.ids(c, object);
    if (s.podTemplateSpecPath() != null) {
      Map<String, JsonNode> byId = edited(
          Writes.pair(c.name(), "pod template specs", ids, x.podTemplateSpecs(c, in)),
          edit::template);
      return writes.podTemplateSpecs(c, object, byId);
    }
    if (s.podSpecPath() != null) {
      JsonNode current = object;
      if (edit.needsMetadata()) {
        if (s.metadataPath() == null) {
          throw new UpdateException(
              "it has podSpecPath but no metadataPath: pod labels and annotations cannot be"
                  + " written; add metadataPath to the definition");
        }
        Map<String, JsonNode> meta = edited(
            Writes.pair(c.name(), "pod metadata", ids, x.podMetadata(c, in)), edit::metadata);
        current = writes.podMetadata(c, current, meta);
        in = JqInput.of(current);
      }
      Map<String, JsonNode> specs =
          edited(Writes.pair(c.name(), "pod specs", ids, x.podSpecs(c, in)), edit::podSpec);
      return writes.podSpecs(c, current, specs);
    }
    Map<String, FragmentedPodSpec> current =
        Writes.pair(c.name(), "fragmented pod specs", ids, x.fragmentedPodSpecs(c, in));
    Map<String, Map<String, JsonNode>> byId = new LinkedHashMap<>();
    current.forEach((id, spec) -> byId.put(id, edit.fragmented(c, spec)));
    return writes.fragmented(c, object, byId);
  }

  private static Map<String, JsonNode> edited(
      Map<String, JsonNode> values, java.util.function.Consumer<ObjectNode> e) {
    Map<String, JsonNode> out = new LinkedHashMap<>();
    values.forEach((id, v) -> {
      // extraction gives every instance an object (a null becomes the empty value,
      // docs/format.md#extraction item 1)
      ObjectNode copy =
          v.isObject() ? ((ObjectNode) v).deepCopy() : JsonNodeFactory.instance.objectNode();
      e.accept(copy);
      out.put(id, copy);
    });
    return out;
  }

  /** The object member {@code name} of {@code parent}, replacing a missing or null (or non-object) value by {}. */
  private static ObjectNode child(ObjectNode parent, String name) {
    JsonNode n = parent.get(name);
    if (n instanceof ObjectNode o) {
      return o;
    }
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    parent.set(name, o);
    return o;
  }

  // ---------------------------------------------------------------------------------------------------------------

  /**
   * Applies every operation in order to a copy of the original object, checks that the result is still a Kubernetes
   * object (docs/format.md#writes: {@code apiVersion}, {@code kind}, and {@code metadata.name} or
   * {@code metadata.generateName}) and computes the patch.
   *
   * @throws UpdateException an operation failed (the message starts with the operation, for example {@code
   *     suspend(jobset): component jobset does not have suspendDefinition}; the cause is the original error), or the
   *     result is not a Kubernetes object ({@code invalid Kubernetes object: missing …})
   */
  public UpdateResult apply() {
    JsonNode current = original.deepCopy();
    for (Step step : steps) {
      try {
        current = step.write().apply(current);
      } catch (WorkloadMapException e) {
        throw new UpdateException(step.description() + ": " + e.getMessage(), e);
      }
    }
    checkObject(current);
    return new UpdateResult(original, current);
  }

  /**
   * Checks that {@code object} can be sent back to the API server (docs/format.md#writes, conformance CF-09).
   *
   * @throws UpdateException {@code invalid Kubernetes object: missing apiVersion, kind} and so on
   */
  public static void checkObject(JsonNode object) {
    List<String> missing = new ArrayList<>();
    if (!nonEmptyText(object.get("apiVersion"))) {
      missing.add("apiVersion");
    }
    if (!nonEmptyText(object.get("kind"))) {
      missing.add("kind");
    }
    JsonNode metadata = object.get("metadata");
    if (metadata == null
        || !(nonEmptyText(metadata.get("name")) || nonEmptyText(metadata.get("generateName")))) {
      missing.add("metadata.name or metadata.generateName");
    }
    if (!missing.isEmpty()) {
      throw new UpdateException("invalid Kubernetes object: missing " + String.join(", ", missing));
    }
  }

  private static boolean nonEmptyText(JsonNode n) {
    return n != null && n.isTextual() && !n.asText().isEmpty();
  }

  private ComponentDefinition component(String name) {
    Objects.requireNonNull(name, "component");
    return definition
        .component(name)
        .orElseThrow(() -> new UpdateException("component " + name + " not found in"
            + " definition " + definition.name() + "; components: "
            + definition.components().stream().map(ComponentDefinition::name).toList()));
  }

  private String rootName() {
    return definition.rootComponent().name();
  }

  private static Map<String, JsonNode> copy(Map<String, ? extends JsonNode> byInstanceId) {
    Objects.requireNonNull(byInstanceId, "byInstanceId");
    Map<String, JsonNode> out = new LinkedHashMap<>();
    byInstanceId.forEach((id, v) -> out.put(id, node(v)));
    return out;
  }
}
