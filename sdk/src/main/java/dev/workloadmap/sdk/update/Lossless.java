package dev.workloadmap.sdk.update;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;

/**
 * Carries the original's form into a written result: the engine's writes produce the right values, but a written
 * value comes from the key-sorted, number-normalised view the caller read (docs/format.md#evaluation). Where the result
 * equals the original by value, the original node is kept, so key order and number forms ({@code 1.0}, {@code 1e3})
 * survive and the patch shows only real changes.
 */
final class Lossless {
  private Lossless() {}

  /**
   * The result of writing, with every part that equals {@code original} by value taken from {@code original}: objects
   * keep the original's key order for the keys they still have and append new keys in {@code updated}'s order;
   * arrays are matched index by index; numbers equal by value keep the original's form.
   */
  static JsonNode reconcile(JsonNode original, JsonNode updated) {
    if (original == null || updated == null) {
      return updated;
    }
    if (original.isObject() && updated.isObject()) {
      ObjectNode out = JsonNodeFactory.instance.objectNode();
      for (Map.Entry<String, JsonNode> e : original.properties()) {
        JsonNode u = updated.get(e.getKey());
        if (u != null) {
          out.set(e.getKey(), reconcile(e.getValue(), u));
        }
      }
      for (Map.Entry<String, JsonNode> e : updated.properties()) {
        if (!original.has(e.getKey())) {
          out.set(e.getKey(), e.getValue());
        }
      }
      return out;
    }
    if (original.isArray() && updated.isArray()) {
      ArrayNode out = JsonNodeFactory.instance.arrayNode(updated.size());
      for (int i = 0; i < updated.size(); i++) {
        out.add(i < original.size() ? reconcile(original.get(i), updated.get(i)) : updated.get(i));
      }
      return out;
    }
    if (original.isNumber()
        && updated.isNumber()
        && original.decimalValue().compareTo(updated.decimalValue()) == 0) {
      return original;
    }
    return updated;
  }
}
