package dev.workloadmap.sdk.jq;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.internal.jq.SortedKeys;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * An evaluation input prepared the way the reference engine sees it (docs/format.md#evaluation,
 * docs/format.md#jq-engines-differ, docs/format.md#decision-c): every object's keys in code-point order, and every
 * number in the reference's form (an integral {@code 1.0} is the integer {@code 1}, so that {@code "\(.x)"} and
 * {@code join} read {@code "1"}; integers beyond {@code long} are doubles, as the reference's JSON round trip makes
 * them).
 *
 * <p>Prepare an object once and evaluate many expressions against it. The key-sorted form is made the first time an
 * expression needs it ({@link #node()}): one pass over the tree that copies only the objects and arrays that are not
 * already in that form (an already sorted tree is shared, not copied). Expressions whose answer cannot depend on key
 * order (a plain path of fields and indexes, as pod selectors and gang keys are) read the given tree directly, so a
 * pod that is only asked such paths is never copied. Neither the given node nor the prepared one is ever modified by
 * evaluation.
 *
 * <p>The single results of a few such paths are also remembered on the input (the paths a pod is asked in attribution
 * and again in the gang plan: its instance id, replica key and group keys), so that asking the same path again gives
 * the text read the first time instead of walking the tree again. Like the key-sorted form, this is only right while
 * the given node stays as it was: <b>the caller must not modify the given node after preparing it</b> (prepare it again
 * instead). Safe to share between threads.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class JqInput {
  private final JsonNode original;
  /** The key-sorted form, made on first use; computing it twice (two threads at once) gives equal trees. */
  private volatile JsonNode sorted;
  /*
   * Remembered values (recall), at most REMEMBERED: keyN is null (free), CLAIMED (being written) or the key of
   * valueN. A writer claims a free key by compare-and-set, writes the value, then publishes the key with release
   * semantics, so a reader that sees a key by an acquire read sees its value. In the object itself, not an array of
   * its own: one allocation and one cache line per pod fewer.
   */
  private volatile Object key0;
  private volatile Object key1;
  private volatile Object key2;
  private volatile Object key3;
  private Object value0;
  private Object value1;
  private Object value2;
  private Object value3;

  /** The most values one input remembers (a pod's distinct selector and group-key paths fit). */
  @API(status = INTERNAL, since = "0.1")
  public static final int REMEMBERED = 4;

  private static final Object CLAIMED = new Object();
  // one constant handle per slot (a handle read from an array would not be inlined)
  private static final VarHandle KEY0 = keyHandle(0);
  private static final VarHandle KEY1 = keyHandle(1);
  private static final VarHandle KEY2 = keyHandle(2);
  private static final VarHandle KEY3 = keyHandle(3);

  private static VarHandle keyHandle(int i) {
    try {
      return MethodHandles.lookup().findVarHandle(JqInput.class, "key" + i, Object.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private JqInput(JsonNode original, JsonNode sorted) {
    this.original = original;
    this.sorted = sorted;
  }

  /**
   * Prepares {@code node} (a missing node reads as {@code null}).
   *
   * @throws NullPointerException when {@code node} is null
   */
  public static JqInput of(JsonNode node) {
    Objects.requireNonNull(node, "node");
    return new JqInput(node, null);
  }

  /** The node as the caller gave it. */
  public JsonNode original() {
    return original;
  }

  /** The key-sorted, number-normalised node that expressions see (the same instance when nothing had to change). */
  public JsonNode node() {
    JsonNode s = sorted;
    if (s == null) {
      s = SortedKeys.canonical(original);
      sorted = s;
    }
    return s;
  }

  /**
   * The key-sorted form when it has been made, else null: a fast path may then read {@link #original()} instead, where
   * key order cannot change its answer.
   */
  public JsonNode sortedIfMade() {
    return sorted;
  }

  /**
   * The value {@link #remember remembered} for {@code key} on this input, or null. Internal: the SDK's pod classifier
   * keys it by a compiled program, and the value is the text of that program's single result on this input.
   */
  @API(status = INTERNAL, since = "0.1")
  public Object recall(Object key) {
    // keys are claimed in order: none after a free one
    Object k = KEY0.getAcquire(this);
    if (k == key) {
      return value0;
    }
    if (k == null) {
      return null;
    }
    k = KEY1.getAcquire(this);
    if (k == key) {
      return value1;
    }
    if (k == null) {
      return null;
    }
    k = KEY2.getAcquire(this);
    if (k == key) {
      return value2;
    }
    if (k == null) {
      return null;
    }
    return KEY3.getAcquire(this) == key ? value3 : null;
  }

  /**
   * Remembers {@code value} for {@code key} (compared by identity) when a slot is free; beyond {@value #REMEMBERED}
   * keys, nothing more is remembered. The caller must give what computing it again on this input would give (so two
   * threads remembering one key at once give equal values). Internal: see {@link #recall}.
   */
  @API(status = INTERNAL, since = "0.1")
  public void remember(Object key, Object value) {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(value, "value");
    Object k = KEY0.getAcquire(this);
    if (k == key) {
      return;
    }
    if (k == null && KEY0.compareAndSet(this, null, CLAIMED)) {
      value0 = value;
      KEY0.setRelease(this, key);
      return;
    }
    k = KEY1.getAcquire(this);
    if (k == key) {
      return;
    }
    if (k == null && KEY1.compareAndSet(this, null, CLAIMED)) {
      value1 = value;
      KEY1.setRelease(this, key);
      return;
    }
    k = KEY2.getAcquire(this);
    if (k == key) {
      return;
    }
    if (k == null && KEY2.compareAndSet(this, null, CLAIMED)) {
      value2 = value;
      KEY2.setRelease(this, key);
      return;
    }
    k = KEY3.getAcquire(this);
    if (k == null && KEY3.compareAndSet(this, null, CLAIMED)) {
      value3 = value;
      KEY3.setRelease(this, key);
    }
  }
}
