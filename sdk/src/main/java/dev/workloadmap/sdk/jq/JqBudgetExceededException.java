package dev.workloadmap.sdk.jq;

import java.time.Duration;

/**
 * An evaluation that ran past its time budget (spec §11 c: default 10 s), or recursed without end. The detail
 * reads {@code evaluation exceeded its time budget of <budget> (context deadline exceeded)}.
 */
public class JqBudgetExceededException extends JqEvaluationException {
  private static final long serialVersionUID = 1L;

  private final transient Duration budget;

  public JqBudgetExceededException(String expression, Duration budget, String detail, Throwable cause) {
    super(expression, detail, cause);
    this.budget = budget;
  }

  public Duration budget() {
    return budget;
  }
}
