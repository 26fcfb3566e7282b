package dev.workloadmap.sdk.internal.jq;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The canonical form of a JSON tree, the way the reference engine holds values (spec §6.4, §11 c): every object's
 * keys in code-point order and every number normalised by {@link JsonNumbers#normalize(JsonNode)}.
 *
 * <p>{@link #canonical(JsonNode)} never modifies its argument and shares every subtree that is already canonical, so
 * preparing an input or an output that is already canonical allocates nothing.
 */
public final class SortedKeys {
  private SortedKeys() {}

  /**
   * The canonical form of {@code node}: {@code node} itself when it is already canonical, otherwise a tree that
   * copies only the objects and arrays on the way to a change. A missing node becomes {@code null}.
   */
  public static JsonNode canonical(JsonNode node) {
    if (node.isObject()) {
      return canonicalObject(node);
    }
    if (node.isArray()) {
      return canonicalArray(node);
    }
    if (node.isNumber()) {
      return JsonNumbers.isNormal(node) ? node : JsonNumbers.normalize(node);
    }
    if (node.isMissingNode()) {
      return NullNode.getInstance();
    }
    return node;
  }

  private static JsonNode canonicalObject(JsonNode obj) {
    boolean sorted = true;
    boolean childChanged = false;
    String prev = null;
    List<Map.Entry<String, JsonNode>> entries = null;
    int index = 0;
    Iterator<Map.Entry<String, JsonNode>> it = obj.properties().iterator();
    while (it.hasNext()) {
      Map.Entry<String, JsonNode> e = it.next();
      String key = e.getKey();
      if (prev != null && compareCodePoints(prev, key) > 0) {
        sorted = false;
      }
      prev = key;
      JsonNode child = canonical(e.getValue());
      if (child != e.getValue() && !childChanged) {
        childChanged = true;
      }
      if (entries == null && (!sorted || childChanged)) {
        // first difference: from here on, remember every entry (the ones before are unchanged)
        entries = new ArrayList<>(obj.size());
        Iterator<Map.Entry<String, JsonNode>> again = obj.properties().iterator();
        for (int i = 0; i < index; i++) {
          Map.Entry<String, JsonNode> before = again.next();
          entries.add(Map.entry(before.getKey(), before.getValue()));
        }
      }
      if (entries != null) {
        entries.add(Map.entry(key, child));
      }
      index++;
    }
    if (entries == null) {
      return obj;
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

  private static JsonNode canonicalArray(JsonNode arr) {
    ArrayNode copy = null;
    int n = arr.size();
    for (int i = 0; i < n; i++) {
      JsonNode element = arr.get(i);
      JsonNode child = canonical(element);
      if (child != element && copy == null) {
        copy = JsonNodeFactory.instance.arrayNode(n);
        for (int j = 0; j < i; j++) {
          copy.add(arr.get(j));
        }
      }
      if (copy != null) {
        copy.add(child);
      }
    }
    return copy == null ? arr : copy;
  }

  /** Code-point order, which equals Go's byte order on UTF-8 (spec §5.9). */
  public static int compareCodePoints(String a, String b) {
    int n = Math.min(a.length(), b.length());
    for (int i = 0; i < n; i++) {
      char ca = a.charAt(i);
      char cb = b.charAt(i);
      if (ca != cb) {
        // UTF-16 order equals code-point order except that surrogates (supplementary characters) sort above
        // U+E000..U+FFFF in code-point order
        boolean sa = Character.isSurrogate(ca);
        boolean sb = Character.isSurrogate(cb);
        if (sa != sb) {
          return sa ? 1 : -1;
        }
        return Character.compare(ca, cb);
      }
    }
    return Integer.compare(a.length(), b.length());
  }
}
