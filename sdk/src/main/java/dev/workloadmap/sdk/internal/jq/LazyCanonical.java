package dev.workloadmap.sdk.internal.jq;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.AbstractMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * The canonical form ({@link SortedKeys#canonical}) of an object, made the first time it is read: an {@link
 * ObjectNode} whose fields are those of {@code SortedKeys.canonical(source)}, computed on the first call that needs
 * them and then kept. Until then it costs two small objects instead of a key-sorted copy of the whole subtree.
 *
 * <p>Plain paths return these for object results taken from an input that has no key-sorted form yet (a pod template
 * read by {@code .spec.replicatedJobs[].template.spec.template}): most of those results are read by the SDK's own Java
 * code (resources, the tree), which reads {@link #source()} where key order and number form cannot change its answer,
 * and only a caller that looks at the result itself pays for the copy. To every reader it is the canonical object:
 * the same fields in the same order with the same values, equal and with the same hash code, serialized the same;
 * writing to it writes to the canonical form (to the given object when that was already canonical, and fails where
 * the canonical form is a copy, as before). Safe to share between threads: two threads that read it first at once
 * compute equal forms.
 */
final class LazyCanonical extends ObjectNode {
  private static final long serialVersionUID = 1L;

  private LazyCanonical(Fields fields) {
    super(JsonNodeFactory.instance, fields);
  }

  /**
   * {@code source} as a lazy canonical object when its tree has more than {@code eagerNodes} nodes, else null (the
   * caller makes a small object canonical at once). The nodes are counted up to the limit, without iterators.
   */
  static LazyCanonical ifLarger(ObjectNode source, int eagerNodes) {
    Fields fields = new Fields(source);
    if (source.size() < eagerNodes && !holdsNestedContainer(source)) {
      fields.left = eagerNodes;
      fields.visit(source);
      if (fields.left >= 0) {
        return null;
      }
    }
    return new LazyCanonical(fields);
  }

  /**
   * Whether one of the object's values is an object or array that holds a non-empty object or array (a pod
   * template's {@code metadata.labels} or {@code spec.containers}): such an object is made lazy at once, without
   * counting its nodes. Which objects are lazy changes no answer, only what is copied when.
   */
  private static boolean holdsNestedContainer(ObjectNode source) {
    for (Iterator<JsonNode> values = source.elements(); values.hasNext(); ) {
      JsonNode v = values.next();
      if (v.size() == 0) {
        continue; // a scalar or an empty container
      }
      if (v.isArray()) {
        for (int i = 0, n = v.size(); i < n; i++) {
          if (v.get(i).size() > 0) {
            return true;
          }
        }
      } else if (v.isObject()) {
        for (Iterator<JsonNode> inner = v.elements(); inner.hasNext(); ) {
          if (inner.next().size() > 0) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /** The object as the input holds it (keys in the input's order, numbers as read). */
  ObjectNode source() {
    return ((Fields) _children).source;
  }

  /** Whether the canonical form has been made (for tests). */
  boolean made() {
    return ((Fields) _children).target != null;
  }

  /** The fields of the canonical form, made on first use; the size is the source's (the same keys). */
  private static final class Fields extends AbstractMap<String, JsonNode>
      implements java.util.function.BiConsumer<String, JsonNode> {
    final ObjectNode source;
    private volatile ObjectNode target;
    /** Nodes left to count in {@link #ifLarger} (used only there, before the object is shared). */
    private int left;

    Fields(ObjectNode source) {
      this.source = source;
    }

    void visit(JsonNode n) {
      if (--left < 0 || !n.isContainerNode()) {
        return;
      }
      if (n.isArray()) {
        for (int i = 0, k = n.size(); i < k && left >= 0; i++) {
          visit(n.get(i));
        }
      } else {
        ((ObjectNode) n).forEachEntry(this);
      }
    }

    /** Counting: one field of an object. */
    @Override
    public void accept(String key, JsonNode value) {
      if (left >= 0) {
        visit(value);
      }
    }

    private ObjectNode target() {
      ObjectNode t = target;
      if (t == null) {
        t = (ObjectNode) SortedKeys.canonical(source);
        target = t;
      }
      return t;
    }

    @Override
    public int size() {
      return target == null ? source.size() : target.size();
    }

    @Override
    public boolean isEmpty() {
      return size() == 0;
    }

    @Override
    public JsonNode get(Object key) {
      return key instanceof String k ? target().get(k) : null;
    }

    @Override
    public boolean containsKey(Object key) {
      return key instanceof String k && target().has(k);
    }

    @Override
    public Set<Map.Entry<String, JsonNode>> entrySet() {
      return target().properties();
    }

    @Override
    public JsonNode put(String key, JsonNode value) {
      return target().replace(key, value);
    }

    @Override
    public JsonNode remove(Object key) {
      return key instanceof String k ? target().remove(k) : null;
    }

    @Override
    public void clear() {
      target().removeAll();
    }
  }
}
