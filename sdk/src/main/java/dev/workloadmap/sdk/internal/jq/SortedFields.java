package dev.workloadmap.sdk.internal.jq;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.AbstractCollection;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Collection;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * The fields of one object of a canonical tree (docs/format.md#jq-engines-differ, decision c): an immutable map over
 * two arrays, keys in code-point order. It backs the {@link com.fasterxml.jackson.databind.node.ObjectNode}s that
 * {@link SortedKeys} builds, in place of the {@code LinkedHashMap} Jackson would use: the key-sorted copy of an input
 * is made once per evaluated object, and a few small arrays cost a fraction of a hash table with one entry object per
 * field.
 *
 * <p>Lookups scan the (usually short) key array, or search it by halves for larger objects. Iteration follows key
 * order and allocates one entry per field visited through {@link #entrySet()}. Any attempt to modify the map throws
 * {@link UnsupportedOperationException}: a canonical tree is shared between evaluations and must never change.
 */
final class SortedFields extends AbstractMap<String, JsonNode> {
  /** Objects up to this size are searched by a linear scan (cheaper than comparing code points by halves). */
  private static final int LINEAR_SCAN = 8;

  private final String[] keys;
  private final JsonNode[] values;

  /** Takes ownership of the arrays: {@code keys} sorted by {@link SortedKeys#compareCodePoints}, no duplicates. */
  SortedFields(String[] keys, JsonNode[] values) {
    this.keys = keys;
    this.values = values;
  }

  private int indexOf(Object key) {
    if (!(key instanceof String k)) {
      return -1;
    }
    int n = keys.length;
    if (n <= LINEAR_SCAN) {
      // String caches its hash: comparing hashes first skips the char-by-char comparison of most
      // keys
      int h = k.hashCode();
      for (int i = 0; i < n; i++) {
        String candidate = keys[i];
        if (candidate == k || (candidate.hashCode() == h && candidate.equals(k))) {
          return i;
        }
      }
      return -1;
    }
    int lo = 0;
    int hi = n - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int c = SortedKeys.compareCodePoints(keys[mid], k);
      if (c < 0) {
        lo = mid + 1;
      } else if (c > 0) {
        hi = mid - 1;
      } else {
        return mid;
      }
    }
    return -1;
  }

  @Override
  public JsonNode get(Object key) {
    int i = indexOf(key);
    return i < 0 ? null : values[i];
  }

  @Override
  public boolean containsKey(Object key) {
    return indexOf(key) >= 0;
  }

  @Override
  public int size() {
    return keys.length;
  }

  @Override
  public boolean isEmpty() {
    return keys.length == 0;
  }

  @Override
  public Set<String> keySet() {
    return new AbstractSet<>() {
      @Override
      public Iterator<String> iterator() {
        return new Cursor<>() {
          @Override
          String at(int i) {
            return keys[i];
          }
        };
      }

      @Override
      public boolean contains(Object o) {
        return indexOf(o) >= 0;
      }

      @Override
      public int size() {
        return keys.length;
      }
    };
  }

  @Override
  public Collection<JsonNode> values() {
    return new AbstractCollection<>() {
      @Override
      public Iterator<JsonNode> iterator() {
        return new Cursor<>() {
          @Override
          JsonNode at(int i) {
            return values[i];
          }
        };
      }

      @Override
      public int size() {
        return keys.length;
      }
    };
  }

  @Override
  public Set<Map.Entry<String, JsonNode>> entrySet() {
    return new AbstractSet<>() {
      @Override
      public Iterator<Map.Entry<String, JsonNode>> iterator() {
        return new Cursor<>() {
          @Override
          Map.Entry<String, JsonNode> at(int i) {
            return new AbstractMap.SimpleImmutableEntry<>(keys[i], values[i]);
          }
        };
      }

      @Override
      public int size() {
        return keys.length;
      }
    };
  }

  /** An iterator over the indexes in key order; {@code remove} is not supported. */
  private abstract class Cursor<T> implements Iterator<T> {
    private int next;

    abstract T at(int i);

    @Override
    public boolean hasNext() {
      return next < keys.length;
    }

    @Override
    public T next() {
      if (next >= keys.length) {
        throw new NoSuchElementException();
      }
      return at(next++);
    }
  }
}
