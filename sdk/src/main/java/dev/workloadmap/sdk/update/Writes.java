package dev.workloadmap.sdk.update;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.workloadmap.sdk.definition.ComponentDefinition;
import dev.workloadmap.sdk.definition.FragmentedPodSpecDefinition;
import dev.workloadmap.sdk.definition.SpecDefinition;
import dev.workloadmap.sdk.definition.SuspendDefinition;
import dev.workloadmap.sdk.extract.DefinitionNotFoundException;
import dev.workloadmap.sdk.internal.extract.ComponentExtractor;
import dev.workloadmap.sdk.jq.JqException;
import dev.workloadmap.sdk.jq.JqInput;
import dev.workloadmap.sdk.spi.JqEngine;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The reference's write operations on one component (docs/format.md#writes), each taking the current object and
 * returning the updated copy. Values are written exactly as given; {@link Lossless} keeps the original's form wherever
 * a value equals what was there.
 */
final class Writes {

  /** The write order of fragmented fields (docs/format.md#writes). */
  static final List<String> FRAGMENTED_WRITE_ORDER = List.of(
      "schedulerName",
      "priorityClassName",
      "image",
      "labels",
      "annotations",
      "resources",
      "podAffinity",
      "nodeAffinity",
      "container",
      "resourceClaims",
      "containers");

  private static final ObjectMapper JSON = new ObjectMapper();

  private final JqEngine engine;
  private final ComponentExtractor extractor;

  Writes(JqEngine engine) {
    this.engine = engine;
    this.extractor = new ComponentExtractor(engine);
  }

  ComponentExtractor extractor() {
    return extractor;
  }

  /**
   * The instance ids in stream order: {@code [""]} without {@code instanceIdPath} (docs/format.md#extraction item 2).
   */
  List<String> ids(ComponentDefinition c, JsonNode object) {
    return c.hasInstanceIdPath() ? extractor.instanceIds(c, JqInput.of(object)) : List.of("");
  }

  JsonNode podTemplateSpecs(ComponentDefinition c, JsonNode object, Map<String, JsonNode> byId) {
    SpecDefinition s = spec(c);
    if (s.podTemplateSpecPath() == null) {
      throw new DefinitionNotFoundException(c.name(), "does not have pod template spec definition");
    }
    return zip(
        c,
        object,
        "podTemplateSpecPath",
        s.podTemplateSpecPath(),
        unzip(c, object, byId, "pod template specs"));
  }

  JsonNode podSpecs(ComponentDefinition c, JsonNode object, Map<String, JsonNode> byId) {
    SpecDefinition s = spec(c);
    if (s.podSpecPath() == null) {
      throw new DefinitionNotFoundException(c.name(), "does not have pod spec definition");
    }
    return zip(c, object, "podSpecPath", s.podSpecPath(), unzip(c, object, byId, "pod specs"));
  }

  JsonNode podMetadata(ComponentDefinition c, JsonNode object, Map<String, JsonNode> byId) {
    SpecDefinition s = spec(c);
    if (s.metadataPath() == null) {
      throw new DefinitionNotFoundException(c.name(), "does not have pod metadata definition");
    }
    return zip(c, object, "metadataPath", s.metadataPath(), unzip(c, object, byId, "pod metadata"));
  }

  /**
   * UpdateFragmentedPodSpec for the given fields (each id maps to its fields by name; a field left out of an
   * instance's map is empty for that instance). Field by field in the write order, exactly as docs/format.md#writes
   * says: a set path whose values are empty for every instance is skipped; an unset path with a non-empty value is an
   * error; otherwise (only some values empty) every instance's value is written, an empty one included (a value left
   * out as its zero value, docs/format.md#fragmented), also where the instance had nothing.
   */
  JsonNode fragmented(
      ComponentDefinition c, JsonNode object, Map<String, Map<String, JsonNode>> byId) {
    SpecDefinition s = spec(c);
    FragmentedPodSpecDefinition f = s.fragmentedPodSpecDefinition();
    if (f == null) {
      throw new DefinitionNotFoundException(
          c.name(), "does not have fragmented pod spec definition");
    }
    List<String> ids = ids(c, object);
    for (String id : ids) {
      if (!byId.containsKey(id)) {
        throw new UpdateException(
            "failed to unzip fragmented pod specs: value not found for instance id: " + id);
      }
    }
    Map<String, String> paths = f.paths();
    JsonNode current = object;
    for (String field : FRAGMENTED_WRITE_ORDER) {
      List<JsonNode> values = new ArrayList<>(ids.size());
      boolean allEmpty = true;
      for (String id : ids) {
        JsonNode v = byId.get(id).get(field);
        values.add(v);
        allEmpty &= isEmpty(v);
      }
      String path = paths.get(field);
      if (path == null) {
        if (!allEmpty) {
          throw new UpdateException("failed to update fragmented field " + field
              + ": path is not defined and values are not empty (component " + c.name() + " has no "
              + field
              + "Path)");
        }
        continue;
      }
      if (allEmpty) {
        continue; // docs/format.md#writes: no nulls or empty values written where every instance is
        // empty
      }
      List<JsonNode> written = new ArrayList<>(values.size());
      for (JsonNode v : values) {
        written.add(v == null ? zero(field) : v);
      }
      // docs/format.md#writes: some empty, so all are written (a value equal to the read changes
      // nothing and is left out, docs/format.md#write-fallback)
      current = zip(c, current, field + "Path", path, written, field);
    }
    return current;
  }

  /** Runs the suspend or resume actions in order (docs/format.md#suspend-definition, docs/format.md#writes). */
  JsonNode actions(ComponentDefinition c, JsonNode object, boolean suspend) {
    SuspendDefinition d = c.suspendDefinition();
    if (d == null) {
      throw new UpdateException("component " + c.name() + " does not have suspendDefinition");
    }
    List<SuspendDefinition.Action> actions = suspend ? d.suspendActions() : d.resumeActions();
    String list = suspend ? "suspendActions" : "resumeActions";
    JsonNode current = object;
    for (int i = 0; i < actions.size(); i++) {
      SuspendDefinition.Action a = actions.get(i);
      JsonNode value;
      try {
        value = JSON.readTree(a.value());
      } catch (JsonProcessingException e) {
        throw new UpdateException(
            list + "[" + i + "]: value " + a.value() + " is not JSON (a JSON-encoded string is"
                + " expected, such as true or '\"Suspended\"'): " + e.getOriginalMessage(),
            e);
      }
      if (value == null || value.isMissingNode()) {
        throw new UpdateException(
            list + "[" + i + "]: value is empty (a JSON-encoded string is expected)");
      }
      try {
        current = Lossless.reconcile(
            current,
            engine.assign(
                writeTarget(c, list + "[" + i + "].path", a.path(), current), current, value));
      } catch (JqException e) {
        throw new UpdateException(list + "[" + i + "]: " + e.getMessage(), e);
      }
    }
    return current;
  }

  /** Assign(path, value) with the original's form kept. */
  JsonNode assign(String path, JsonNode object, JsonNode value) {
    return Lossless.reconcile(object, engine.assign(path, object, value));
  }

  private List<JsonNode> unzip(
      ComponentDefinition c, JsonNode object, Map<String, JsonNode> byId, String what) {
    List<String> ids = ids(c, object);
    List<JsonNode> values = new ArrayList<>(ids.size());
    for (String id : ids) {
      if (!byId.containsKey(id)) {
        throw new UpdateException(
            "failed to unzip " + what + ": value not found for instance id: " + id);
      }
      values.add(byId.get(id));
    }
    return values;
  }

  /** With instanceIdPath: AssignZip; without: values[0] assigned to every selected path (docs/format.md#writes). */
  private JsonNode zip(
      ComponentDefinition c, JsonNode object, String field, String path, List<JsonNode> values) {
    return zip(c, object, field, path, values, null);
  }

  /**
   * As {@link #zip(ComponentDefinition, JsonNode, String, String, List)}, with the place-by-place rule of
   * docs/format.md#write-fallback: a value equal (by value) to what the definition reads for that place is not
   * written, so writing back what was read changes nothing, also where the read fell back ({@code A // B}, a default,
   * a computed value) and writing it would materialise A from B. A null read stands for extraction's empty value
   * ({@code {}}, or the zero value of {@code fragmentedField}). For a fragmented field (non-null {@code
   * fragmentedField}) an empty value is still written as given (the reference's rule, docs/format.md#writes), so only
   * non-empty values equal to the read are left out.
   */
  private JsonNode zip(
      ComponentDefinition c,
      JsonNode object,
      String field,
      String path,
      List<JsonNode> values,
      String fragmentedField) {
    JsonNode written;
    String target = writeTarget(c, field, path, object); // A // B is written at A, never into B
    JsonNode unchanged = unchangedPlaces(c, object, path, target, values, fragmentedField);
    if (unchanged != null) {
      return unchanged == object ? object : Lossless.reconcile(object, unchanged);
    }
    try {
      written = c.hasInstanceIdPath()
          ? engine.assignZip(target, object, values)
          : engine.assign(target, object, values.get(0));
    } catch (JqException e) {
      throw notAPath(c, field, e);
    }
    return Lossless.reconcile(object, written);
  }

  /**
   * The object with only the places whose value differs from the current read written, or null when every place is
   * to be written (the ordinary write then runs, with its errors). Null too when the places and the reads cannot be
   * paired one to one (the ordinary write reports the mismatch, or refuses a computed path).
   */
  private JsonNode unchangedPlaces(
      ComponentDefinition c,
      JsonNode object,
      String path,
      String target,
      List<JsonNode> values,
      String fragmentedField) {
    JqInput in = JqInput.of(object);
    List<JsonNode> reads;
    JsonNode places;
    try {
      reads = engine.compile(path).apply(in);
      places = engine.compile("[path(" + target + "\n)]").first(in);
    } catch (JqException e) {
      return null;
    }
    if (places == null || !places.isArray() || places.size() != reads.size()) {
      return null;
    }
    if (c.hasInstanceIdPath() && values.size() != places.size()) {
      return null;
    }
    List<String> keep = new ArrayList<>();
    List<JsonNode> keepValues = new ArrayList<>();
    for (int i = 0; i < places.size(); i++) {
      JsonNode v = c.hasInstanceIdPath() ? values.get(i) : values.get(0);
      JsonNode read = reads.get(i);
      boolean keepEmpty = fragmentedField != null && isEmpty(v);
      if (keepEmpty || !sameValue(v, readValue(read, fragmentedField))) {
        keep.add(placeExpression(places.get(i)));
        keepValues.add(v);
      }
    }
    if (keep.size() == places.size()) {
      return null;
    }
    if (keep.isEmpty()) {
      return object;
    }
    return engine.assignZip(String.join(", ", keep), object, keepValues);
  }

  /** What extraction gives for a read result: null stands for the empty value of its type. */
  private static JsonNode readValue(JsonNode read, String fragmentedField) {
    if (read != null && !read.isNull()) {
      return read;
    }
    return fragmentedField == null ? JSON.createObjectNode() : zero(fragmentedField);
  }

  /** A jq path expression for one {@code path(...)} result ({@code .["spec"]["jobs"][0]}). */
  private static String placeExpression(JsonNode place) {
    StringBuilder sb = new StringBuilder(".");
    for (JsonNode k : place) {
      sb.append('[')
          .append(
              k.isNumber()
                  ? k.asText()
                  : JSON.getNodeFactory().textNode(k.asText()).toString())
          .append(']');
    }
    return sb.toString();
  }

  /** JSON equality with numbers compared by value ({@code 1.0} equals {@code 1}). */
  static boolean sameValue(JsonNode a, JsonNode b) {
    if (a == null || b == null) {
      return a == b;
    }
    if (a.isNumber() && b.isNumber()) {
      return a.decimalValue().compareTo(b.decimalValue()) == 0;
    }
    if (a.isObject() && b.isObject()) {
      if (a.size() != b.size()) {
        return false;
      }
      for (Map.Entry<String, JsonNode> e : a.properties()) {
        if (!sameValue(e.getValue(), b.get(e.getKey()))) {
          return false;
        }
      }
      return true;
    }
    if (a.isArray() && b.isArray()) {
      if (a.size() != b.size()) {
        return false;
      }
      for (int i = 0; i < a.size(); i++) {
        if (!sameValue(a.get(i), b.get(i))) {
          return false;
        }
      }
      return true;
    }
    return a.equals(b);
  }

  /**
   * Where a write of {@code path} goes on {@code object}: its primary places ({@link FallbackPaths}) when they are as
   * many as the places the read selects (or the read selects none because it fell back to a computed default);
   * {@code path} itself when it has no fallback. A fallback whose primary side selects a different number of places
   * on this object cannot be written at A, and must not be written into B: the update is refused with the reason.
   */
  private String writeTarget(ComponentDefinition c, String field, String path, JsonNode object) {
    String primary = FallbackPaths.primary(path);
    if (primary.equals(path)) {
      return path;
    }
    JqInput in = JqInput.of(object);
    int cut = pathCount(primary, in);
    int original = pathCount(path, in);
    if (cut >= 0 && (original < 0 || original == cut)) {
      return primary;
    }
    if (cut < 0) {
      return path; // the primary side is no place either: the engine's error names the path
    }
    throw new UpdateException(
        "the " + field + " of component " + c.name() + " falls back on this object ("
            + path + " selects " + original + " place(s), its primary side " + primary + " selects "
            + cut + "); writing"
            + " the fallback would change a field the read only fell back to, so the update is refused: give the"
            + " object the primary field, or write it with assign");
  }

  private int pathCount(String expression, JqInput in) {
    try {
      JsonNode n = engine.compile("[path(" + expression + "\n)] | length").first(in);
      return n == null ? -1 : n.intValue();
    } catch (JqException e) {
      return -1;
    }
  }

  /**
   * The engine's error, with a hint when the expression computes a value instead of selecting a place ({@code //
   * {}}, object construction, {@code if ... then {...}}): such a definition can be read but not written.
   */
  private static RuntimeException notAPath(ComponentDefinition c, String field, JqException e) {
    if (e.getMessage() != null && e.getMessage().contains("Invalid path expression")) {
      return new UpdateException(
          "the " + field + " of component " + c.name() + " is not a path expression (it"
              + " computes a value, for example with \"// {}\" or object construction), so it cannot be written: "
              + e.getMessage(),
          e);
    }
    return e;
  }

  private static SpecDefinition spec(ComponentDefinition c) {
    if (c.specDefinition() == null) {
      throw new DefinitionNotFoundException(c.name(), "does not have spec definition");
    }
    return c.specDefinition();
  }

  /** {@code ""}, an empty map, null or an empty list (docs/format.md#writes); a field left out counts as empty. */
  static boolean isEmpty(JsonNode v) {
    return v == null
        || v.isNull()
        || v.isMissingNode()
        || (v.isTextual() && v.asText().isEmpty())
        || ((v.isObject() || v.isArray()) && v.isEmpty());
  }

  /**
   * The zero value of a fragmented field (docs/format.md#fragmented), written for an empty instance when others are not
   * empty.
   */
  private static JsonNode zero(String field) {
    return switch (field) {
      case "schedulerName", "priorityClassName", "image" ->
        JSON.getNodeFactory().textNode("");
      case "containers", "resourceClaims" -> JSON.createArrayNode();
      default -> JSON.createObjectNode();
    };
  }

  /** Pairs ids with extracted values by index (docs/format.md#extraction item 3); duplicate ids keep the last value. */
  static <T> Map<String, T> pair(String component, String what, List<String> ids, List<T> values) {
    if (ids.size() != values.size()) {
      throw new UpdateException(
          "component " + component + ": failed to get " + what + ": instance ids count ("
              + ids.size() + ") does not match results count (" + values.size() + ")");
    }
    Map<String, T> out = new LinkedHashMap<>();
    for (int i = 0; i < ids.size(); i++) {
      out.put(ids.get(i), values.get(i));
    }
    return out;
  }
}
