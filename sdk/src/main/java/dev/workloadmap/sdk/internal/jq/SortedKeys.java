package dev.workloadmap.sdk.internal.jq;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Key-sorted views of JSON trees: objects with their keys in code-point order, as the reference engine iterates
 * them (spec §6.4). Nodes that are already sorted are shared, not copied.
 */
public final class SortedKeys {
  private SortedKeys() {}

  /** A tree equal to {@code node} whose objects iterate in sorted key order; {@code node} is never modified. */
  public static JsonNode sortedView(JsonNode node) {
    if (node.isObject()) {
      ObjectNode obj = (ObjectNode) node;
      boolean sorted = true;
      boolean childChanged = false;
      String prev = null;
      List<Map.Entry<String, JsonNode>> entries = new ArrayList<>(obj.size());
      Iterator<Map.Entry<String, JsonNode>> it = obj.fields();
      while (it.hasNext()) {
        Map.Entry<String, JsonNode> e = it.next();
        if (prev != null && compareCodePoints(prev, e.getKey()) > 0) {
          sorted = false;
        }
        prev = e.getKey();
        JsonNode child = sortedView(e.getValue());
        if (child != e.getValue()) {
          childChanged = true;
        }
        entries.add(Map.entry(e.getKey(), child));
      }
      if (sorted && !childChanged) {
        return node;
      }
      if (!sorted) {
        entries.sort((a, b) -> compareCodePoints(a.getKey(), b.getKey()));
      }
      ObjectNode copy = JsonNodeFactory.instance.objectNode();
      for (Map.Entry<String, JsonNode> e : entries) {
        copy.set(e.getKey(), e.getValue());
      }
      return copy;
    }
    if (node.isArray()) {
      ArrayNode arr = (ArrayNode) node;
      ArrayNode copy = null;
      for (int i = 0; i < arr.size(); i++) {
        JsonNode child = sortedView(arr.get(i));
        if (child != arr.get(i) && copy == null) {
          copy = JsonNodeFactory.instance.arrayNode(arr.size());
          for (int j = 0; j < i; j++) {
            copy.add(arr.get(j));
          }
        }
        if (copy != null) {
          copy.add(child);
        }
      }
      return copy == null ? node : copy;
    }
    return node;
  }

  /** Sorted keys and normalised numbers, recursively: the value as the reference engine would output it. */
  public static JsonNode canonical(JsonNode node) {
    if (node.isNumber()) {
      return JsonNumbers.normalize(node);
    }
    if (node.isObject()) {
      List<String> keys = new ArrayList<>();
      node.fieldNames().forEachRemaining(keys::add);
      keys.sort(SortedKeys::compareCodePoints);
      ObjectNode copy = JsonNodeFactory.instance.objectNode();
      for (String k : keys) {
        copy.set(k, canonical(node.get(k)));
      }
      return copy;
    }
    if (node.isArray()) {
      ArrayNode copy = JsonNodeFactory.instance.arrayNode(node.size());
      for (JsonNode c : node) {
        copy.add(canonical(c));
      }
      return copy;
    }
    return node;
  }

  /** Compact JSON of the canonical form. */
  public static String toCompactJson(JsonNode node) {
    return canonical(node).toString();
  }

  /** Code-point order, which equals Go's byte order on UTF-8 (spec §5.9). */
  public static int compareCodePoints(String a, String b) {
    int i = 0;
    int j = 0;
    while (i < a.length() && j < b.length()) {
      int ca = a.codePointAt(i);
      int cb = b.codePointAt(j);
      if (ca != cb) {
        return Integer.compare(ca, cb);
      }
      i += Character.charCount(ca);
      j += Character.charCount(cb);
    }
    return Integer.compare(a.length() - i, b.length() - j);
  }
}
