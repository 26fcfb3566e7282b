package dev.workloadmap.sdk.jq;

import java.time.Duration;
import java.util.Objects;

/**
 * Limits for every evaluation (spec §11 c).
 *
 * @param budget wall-clock budget per evaluation; default 10 s
 * @param maxResults the largest output stream allowed; default 1000 (more is an error, never truncated)
 */
public record JqOptions(Duration budget, int maxResults) {

  public static final Duration DEFAULT_BUDGET = Duration.ofSeconds(10);
  public static final int DEFAULT_MAX_RESULTS = 1000;

  public JqOptions {
    Objects.requireNonNull(budget, "budget");
    if (budget.isNegative() || budget.isZero()) {
      throw new IllegalArgumentException("budget must be positive, got " + budget);
    }
    if (maxResults < 1) {
      throw new IllegalArgumentException("maxResults must be at least 1, got " + maxResults);
    }
  }

  public static JqOptions defaults() {
    return new JqOptions(DEFAULT_BUDGET, DEFAULT_MAX_RESULTS);
  }

  public JqOptions withBudget(Duration newBudget) {
    return new JqOptions(newBudget, maxResults);
  }

  public JqOptions withMaxResults(int newMax) {
    return new JqOptions(budget, newMax);
  }
}
