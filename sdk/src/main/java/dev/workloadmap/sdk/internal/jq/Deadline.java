package dev.workloadmap.sdk.internal.jq;

import com.fasterxml.jackson.databind.JsonNode;
import java.lang.management.ManagementFactory;

/**
 * The limits of the evaluation running on the current thread. jackson-jq has no step limit and never looks at
 * interrupts (libraries.md §3.4), so the binding's own builtins call {@link State#tick()} on every step of a loop and
 * on every builtin call; every {@value #CHECK_INTERVAL}th tick looks at the clock, the thread's interrupt flag and the
 * thread's allocated bytes. The engine also checks once when an evaluation starts and once when it ends.
 *
 * <p>Evaluations may nest on one thread; a nested one never extends the limits of the one around it. Outside an
 * evaluation, ticks never throw.
 */
final class Deadline {
  private Deadline() {}

  /** Ticks between two checks: a check costs some 50-100 ns, a tick about 3 ns. */
  static final int CHECK_INTERVAL = 256;

  private static final ThreadLocal<State> STATE = ThreadLocal.withInitial(State::new);

  /** Per-thread bookkeeping; only ever touched by its own thread. */
  static final class State {
    private int depth;
    private long deadlineNanos;
    private long allocationLimit = Long.MAX_VALUE;
    private long allocatedAtStart;
    private int countdown = CHECK_INTERVAL;

    /** One step of work: cheap, and checks every {@value #CHECK_INTERVAL} calls. */
    void tick() {
      if (--countdown <= 0) {
        check();
      }
    }

    /**
     * One step that produced {@code v}: a step whose value is large counts as many steps, so that a loop whose value
     * grows ({@code [1] | until(false; . + .)} doubles an array per step) is checked on every step once the value
     * is large, and stops at the memory budget instead of running the heap out between two checks. The weight is
     * the value's own size (elements, fields, or characters / 16), which every Jackson node knows without a walk.
     */
    void tick(JsonNode v) {
      int weight = 1;
      if (v != null) {
        if (v.isContainerNode()) {
          weight += v.size();
        } else if (v.isTextual()) {
          weight += v.textValue().length() >>> 4;
        }
      }
      countdown -= weight;
      if (countdown <= 0) {
        check();
      }
    }

    /**
     * Checks now.
     *
     * @throws EvaluationAborted when the thread was interrupted, the deadline has passed or the evaluation allocated
     *     more than allowed
     */
    void check() {
      countdown = CHECK_INTERVAL;
      if (depth == 0) {
        return;
      }
      if (Thread.currentThread().isInterrupted()) {
        throw EvaluationAborted.cancelled();
      }
      if (System.nanoTime() - deadlineNanos > 0) {
        throw EvaluationAborted.deadline();
      }
      if (allocationLimit != Long.MAX_VALUE
          && Allocation.current() - allocatedAtStart > allocationLimit) {
        throw EvaluationAborted.memory();
      }
    }
  }

  /** The calling thread's state; hold on to it inside a loop instead of looking it up on every tick. */
  static State current() {
    return STATE.get();
  }

  /**
   * Starts an evaluation that may run for {@code budgetNanos} from now and allocate {@code maxAllocatedBytes}; pair
   * with {@link #exit(State)} in a {@code finally}. An interrupted thread never starts.
   */
  static State enter(long budgetNanos, long maxAllocatedBytes) {
    State s = STATE.get();
    long deadline = System.nanoTime() + budgetNanos;
    if (s.depth == 0) {
      s.deadlineNanos = deadline;
      if (Allocation.SUPPORTED) {
        s.allocatedAtStart = Allocation.current();
        s.allocationLimit = maxAllocatedBytes;
      } else {
        s.allocationLimit = Long.MAX_VALUE;
      }
    } else {
      if (deadline - s.deadlineNanos < 0) {
        s.deadlineNanos = deadline;
      }
      if (Allocation.SUPPORTED) {
        long used = Allocation.current() - s.allocatedAtStart;
        s.allocationLimit = Math.min(s.allocationLimit, saturatedAdd(used, maxAllocatedBytes));
      }
    }
    s.depth++;
    if (Thread.currentThread().isInterrupted()) {
      exit(s);
      throw EvaluationAborted.cancelled();
    }
    return s;
  }

  /** Ends the evaluation started by the matching {@link #enter(long, long)}. */
  static void exit(State s) {
    if (s.depth > 0) {
      s.depth--;
    }
  }

  /** One step of work on the calling thread. */
  static void tick() {
    STATE.get().tick();
  }

  private static long saturatedAdd(long a, long b) {
    long r = a + b;
    return ((a ^ r) & (b ^ r)) < 0 ? Long.MAX_VALUE : r;
  }

  /** The current thread's allocation counter, where the JVM offers one (HotSpot does). */
  private static final class Allocation {
    static final boolean SUPPORTED;
    private static final com.sun.management.ThreadMXBean BEAN;

    static {
      com.sun.management.ThreadMXBean bean = null;
      boolean supported = false;
      try {
        if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean b
            && b.isThreadAllocatedMemorySupported()
            && b.isThreadAllocatedMemoryEnabled()) {
          b.getCurrentThreadAllocatedBytes();
          bean = b;
          supported = true;
        }
      } catch (RuntimeException | LinkageError e) {
        supported = false;
      }
      BEAN = bean;
      SUPPORTED = supported;
    }

    static long current() {
      return SUPPORTED ? BEAN.getCurrentThreadAllocatedBytes() : 0;
    }
  }
}
