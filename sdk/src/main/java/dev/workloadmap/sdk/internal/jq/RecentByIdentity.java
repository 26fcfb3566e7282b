package dev.workloadmap.sdk.internal.jq;

import java.util.function.Function;

/**
 * What was made for the last few keys, found by identity: per-definition plans (a {@link JqBatch} and what goes with
 * it) that every resolve of a definition needs, without hashing the definition's records. A miss makes the value
 * again (from the engine's caches) and replaces the oldest entry. Thread-safe as long as the values are immutable:
 * entries are written without locks, so a thread may miss an entry another thread just made, and make it again.
 *
 * @param <K> the key, compared by identity
 * @param <V> the value, immutable
 */
public final class RecentByIdentity<K, V> {
  private final Entry<K, V>[] entries;
  private int next;

  private record Entry<K, V>(K key, V value) {}

  /** A cache of the last {@code size} keys. */
  @SuppressWarnings("unchecked")
  public RecentByIdentity(int size) {
    entries = (Entry<K, V>[]) new Entry<?, ?>[size];
  }

  /** The value for {@code key}: the one made last for this very object, or {@code make.apply(key)}. */
  public V get(K key, Function<? super K, ? extends V> make) {
    Entry<K, V>[] es = entries;
    for (int i = 0; i < es.length; i++) {
      Entry<K, V> e = es[i];
      if (e != null && e.key == key) {
        return e.value;
      }
    }
    V v = make.apply(key);
    int slot = next;
    next = (slot + 1) % es.length;
    es[slot] = new Entry<>(key, v);
    return v;
  }
}
