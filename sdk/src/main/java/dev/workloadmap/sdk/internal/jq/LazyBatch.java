package dev.workloadmap.sdk.internal.jq;

import dev.workloadmap.sdk.spi.JqEngine;
import java.util.List;

/**
 * A {@link JqBatch} made at the second evaluation of its expressions, not at the first: building one (parsing and
 * sharing its expressions) costs more than it saves on a single evaluation, which is all a one-shot command does
 * ({@code describe -f}). Until then, and where the engine makes no batches, {@link #get} is null and each expression
 * is evaluated on its own, with the same answers. Thread-safe (two threads may both make the batch; the engine caches
 * it).
 */
public final class LazyBatch {
  private final JqEngine engine;
  private final List<String> expressions;
  private volatile JqBatch batch;
  /** Whether the engine makes no batch of these expressions. */
  private volatile boolean none;

  private volatile boolean seen;

  public LazyBatch(JqEngine engine, List<String> expressions) {
    this.engine = engine;
    this.expressions = List.copyOf(expressions);
    this.none = expressions.isEmpty();
  }

  /** The batch, or null at the first call, when there are no expressions, or when the engine makes none. */
  public JqBatch get() {
    JqBatch b = batch;
    if (b != null || none) {
      return b;
    }
    if (!seen) {
      seen = true;
      return null;
    }
    b = JqBatch.of(engine, expressions);
    if (b == null) {
      none = true;
    } else {
      batch = b;
    }
    return b;
  }
}
