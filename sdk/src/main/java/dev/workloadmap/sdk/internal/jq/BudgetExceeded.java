package dev.workloadmap.sdk.internal.jq;

/** Unwinds an evaluation whose deadline passed; turned into a budget error by the engine. */
final class BudgetExceeded extends RuntimeException {
  private static final long serialVersionUID = 1L;

  BudgetExceeded() {
    super("context deadline exceeded", null, false, false);
  }
}
