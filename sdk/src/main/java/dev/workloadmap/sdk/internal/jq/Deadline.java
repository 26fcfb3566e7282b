package dev.workloadmap.sdk.internal.jq;

/** The evaluation deadline of the current thread, checked by the budget-aware builtins. */
final class Deadline {
  private Deadline() {}

  private static final ThreadLocal<long[]> STACK = ThreadLocal.withInitial(() -> new long[] {0, Long.MAX_VALUE});

  static void push(long deadlineNanos) {
    long[] s = STACK.get();
    s[0]++;
    if (s[0] == 1) {
      s[1] = deadlineNanos;
    }
  }

  static void pop() {
    long[] s = STACK.get();
    s[0]--;
    if (s[0] <= 0) {
      s[0] = 0;
      s[1] = Long.MAX_VALUE;
    }
  }

  /** Throws {@link BudgetExceeded} when the deadline has passed or the thread was interrupted. */
  static void check() {
    if (System.nanoTime() > STACK.get()[1] || Thread.currentThread().isInterrupted()) {
      throw new BudgetExceeded();
    }
  }
}
