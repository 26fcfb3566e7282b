package dev.workloadmap.sdk.internal.crd;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * What an API server does to a custom resource before validating it (Kubernetes "Defaulting and Nullable"): a null
 * value of a field whose schema is not {@code nullable: true} is dropped, then each absent field whose schema has a
 * {@code default} gets that default; recursively through {@code properties}, {@code items} and {@code
 * additionalProperties} of the structural schema. Works in place on a copy the caller owns.
 */
final class Defaulting {
  private Defaulting() {}

  static void apply(JsonNode value, JsonNode schema) {
    if (schema == null || !schema.isObject()) {
      return;
    }
    if (value instanceof ObjectNode object) {
      JsonNode props = schema.path("properties");
      JsonNode additional = schema.path("additionalProperties");
      List<String> nulls = new ArrayList<>();
      for (Iterator<Map.Entry<String, JsonNode>> it = object.properties().iterator();
          it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        JsonNode fieldSchema = props.has(e.getKey())
            ? props.get(e.getKey())
            : additional.isObject() ? additional : null;
        if (fieldSchema == null) {
          continue;
        }
        if (e.getValue().isNull() && !fieldSchema.path("nullable").asBoolean(false)) {
          nulls.add(e.getKey());
        } else {
          apply(e.getValue(), fieldSchema);
        }
      }
      nulls.forEach(object::remove);
      for (Iterator<Map.Entry<String, JsonNode>> it = props.properties().iterator();
          it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        if (!object.has(e.getKey()) && e.getValue().has("default")) {
          JsonNode d = e.getValue().get("default").deepCopy();
          object.set(e.getKey(), d);
          apply(d, e.getValue());
        }
      }
    } else if (value instanceof ArrayNode array) {
      JsonNode items = schema.path("items");
      for (JsonNode element : array) {
        apply(element, items);
      }
    }
  }
}
