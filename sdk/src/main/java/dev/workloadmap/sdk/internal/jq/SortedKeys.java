package dev.workloadmap.sdk.internal.jq;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;

/**
 * The canonical form of a JSON tree, the way the reference engine holds values (docs/format.md#jq-engines-differ,
 * docs/format.md#decision-c): every object's keys in code-point order and every number normalised by
 * {@link JsonNumbers#normalize(JsonNode)}.
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

  /**
   * As {@link #canonical(JsonNode)}, but an object of more than a few nodes (a pod template) is returned as a {@link
   * LazyCanonical}: the canonical form, made only when something reads it. {@link #source(JsonNode)} gives back {@code node}.
   */
  public static JsonNode lazyCanonical(JsonNode node) {
    if (node.isObject() && !(node instanceof LazyCanonical)) {
      LazyCanonical lazy = LazyCanonical.ifLarger((ObjectNode) node, EAGER_NODES);
      if (lazy != null) {
        return lazy;
      }
    }
    return canonical(node);
  }

  /**
   * Objects of at most this many nodes are brought into the canonical form at once, as before: a small copy costs
   * little, and one already canonical is returned itself.
   */
  private static final int EAGER_NODES = 8;

  /**
   * The object a {@link #lazyCanonical} result stands for, as the input holds it (its keys in the input's order, its
   * numbers as read); any other node itself. A reader may use it instead of the canonical form only where neither key
   * order nor the form of numbers ({@link JsonNumbers#isNormal}) can change its answer.
   */
  public static JsonNode source(JsonNode node) {
    return node instanceof LazyCanonical l ? l.source() : node;
  }

  private static JsonNode canonicalObject(JsonNode obj) {
    int n = obj.size();
    if (n == 0) {
      return obj;
    }
    String[] keys = null;
    JsonNode[] values = null;
    boolean sorted = true;
    String prev = null;
    int i = 0;
    for (Map.Entry<String, JsonNode> e : obj.properties()) {
      String key = e.getKey();
      JsonNode value = e.getValue();
      JsonNode child = canonical(value);
      if (prev != null && sorted && compareCodePoints(prev, key) > 0) {
        sorted = false;
      }
      prev = key;
      if (keys == null && (!sorted || child != value)) {
        // first difference: from here on, remember every entry (the ones before are unchanged)
        keys = new String[n];
        values = new JsonNode[n];
        int j = 0;
        for (Map.Entry<String, JsonNode> before : obj.properties()) {
          if (j == i) {
            break;
          }
          keys[j] = before.getKey();
          values[j] = before.getValue();
          j++;
        }
      }
      if (keys != null) {
        keys[i] = key;
        values[i] = child;
      }
      i++;
    }
    if (keys == null) {
      return obj;
    }
    if (!sorted) {
      // insertion sort on the (usually short) key array, moving values along
      for (int a = 1; a < n; a++) {
        String k = keys[a];
        JsonNode v = values[a];
        int b = a - 1;
        while (b >= 0 && compareCodePoints(keys[b], k) > 0) {
          keys[b + 1] = keys[b];
          values[b + 1] = values[b];
          b--;
        }
        keys[b + 1] = k;
        values[b + 1] = v;
      }
    }
    return new ObjectNode(JsonNodeFactory.instance, new SortedFields(keys, values));
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

  /** Code-point order, which equals Go's byte order on UTF-8 (docs/format.md#tree). */
  public static int compareCodePoints(String a, String b) {
    int n = Math.min(a.length(), b.length());
    for (int i = 0; i < n; i++) {
      char ca = a.charAt(i);
      char cb = b.charAt(i);
      if (ca != cb) {
        // UTF-16 order equals code-point order except that surrogates (supplementary characters)
        // sort above
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
