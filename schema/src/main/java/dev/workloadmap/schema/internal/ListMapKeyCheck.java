package dev.workloadmap.schema.internal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.schema.SchemaViolation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The CRD's list-map rule (docs/format.md#shape-rules), which JSON Schema cannot express: in an array whose schema
 * carries {@code x-kubernetes-list-map-keys}, no two items may have the same values for those keys. The check follows
 * the schema through {@code properties}, {@code items} and local {@code $ref}s, so the keyed lists are whatever the
 * schema marks (component {@code name}, {@code additionalChildKinds} {@code kind}, {@code podGroups} {@code name},
 * member and subgroup {@code componentName}).
 */
public final class ListMapKeyCheck {

  /** The keyword reported for a repeated key. */
  public static final String KEYWORD = "x-kubernetes-list-map-keys";

  private final SchemaDocument schema;

  /**
   * For every schema node reachable from the schema root: whether a list-map annotation lies at or below it. Filled
   * completely by the constructor and only read afterwards, so the walk skips every branch that cannot hold a
   * list-map (most of a definition) and the instance is safe to share between threads.
   */
  private final Map<JsonNode, Boolean> reachesListMap = new IdentityHashMap<>();

  /** Indexes, once, which parts of {@code schema} can hold a list-map. */
  public ListMapKeyCheck(SchemaDocument schema) {
    this.schema = Objects.requireNonNull(schema, "schema");
    for (JsonNode def : schema.root().path("$defs")) {
      reaches(def);
    }
  }

  private boolean reaches(JsonNode rawSchema) {
    Boolean known = reachesListMap.get(rawSchema);
    if (known != null) {
      return known;
    }
    reachesListMap.put(rawSchema, Boolean.FALSE); // guards against $ref cycles
    JsonNode s = schema.deref(rawSchema);
    boolean result = s.has(KEYWORD);
    for (JsonNode property : s.path("properties")) {
      result |= reaches(property);
    }
    JsonNode items = s.get("items");
    if (items != null && items.isObject()) {
      result |= reaches(items);
    }
    reachesListMap.put(rawSchema, result);
    return result;
  }

  /**
   * Reports every item whose keys repeat an earlier item's keys.
   *
   * @param formSchema the schema of the form the document is checked against
   * @param document the document
   * @param out where violations are added, pointing at the repeating item
   */
  public void check(JsonNode formSchema, JsonNode document, List<SchemaViolation> out) {
    walk(formSchema, document, "", out);
  }

  private void walk(JsonNode rawSchema, JsonNode node, String pointer, List<SchemaViolation> out) {
    if (!Boolean.TRUE.equals(reachesListMap.get(rawSchema))) {
      return;
    }
    JsonNode s = schema.deref(rawSchema);
    if (node.isObject()) {
      JsonNode properties = s.path("properties");
      if (properties.isObject()) {
        for (Map.Entry<String, JsonNode> field : node.properties()) {
          JsonNode propertySchema = properties.get(field.getKey());
          if (propertySchema != null) {
            walk(propertySchema, field.getValue(), Pointers.child(pointer, field.getKey()), out);
          }
        }
      }
    } else if (node.isArray()) {
      JsonNode keys = s.path(KEYWORD);
      if (keys.isArray() && !keys.isEmpty()) {
        checkKeys(keys, node, pointer, out);
      }
      JsonNode items = s.get("items");
      if (items != null && items.isObject()) {
        for (int i = 0; i < node.size(); i++) {
          walk(items, node.get(i), Pointers.child(pointer, i), out);
        }
      }
    }
  }

  private static void checkKeys(
      JsonNode keys, JsonNode array, String pointer, List<SchemaViolation> out) {
    Map<List<JsonNode>, Integer> seen = new HashMap<>();
    for (int i = 0; i < array.size(); i++) {
      JsonNode item = array.get(i);
      if (!item.isObject()) {
        continue;
      }
      List<JsonNode> key = new ArrayList<>();
      for (JsonNode k : keys) {
        JsonNode value = item.get(k.asText());
        if (value == null) {
          key = null;
          break;
        }
        key.add(value);
      }
      if (key == null) {
        continue; // a missing key is reported as a missing required field
      }
      Integer first = seen.putIfAbsent(key, i);
      if (first != null) {
        out.add(new SchemaViolation(
            Pointers.child(pointer, i),
            KEYWORD,
            Pointers.label(pointer) + " already has an entry with " + describe(keys, key)
                + " (item " + first + "); each entry needs a unique " + joinNames(keys),
            SchemaViolation.Kind.ERROR,
            null));
      }
    }
  }

  private static String describe(JsonNode keys, List<JsonNode> values) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < values.size(); i++) {
      if (i > 0) {
        sb.append(" and ");
      }
      sb.append(keys.get(i).asText()).append(' ').append(values.get(i));
    }
    return sb.toString();
  }

  private static String joinNames(JsonNode keys) {
    List<String> names = new ArrayList<>();
    keys.forEach(k -> names.add(k.asText()));
    return String.join(" and ", names);
  }
}
