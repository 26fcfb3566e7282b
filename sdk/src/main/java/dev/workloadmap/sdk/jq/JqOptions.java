package dev.workloadmap.sdk.jq;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Duration;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * Limits for every evaluation (docs/format.md#evaluation, docs/format.md#decision-c, FC-33).
 *
 * @param budget wall-clock budget per evaluation; default 10 s. An evaluation that runs past it fails with {@link
 *     JqBudgetExceededException}, also when its last step finishes late.
 * @param maxResults the longest output stream allowed; default 1000. More is a {@link JqResultLimitException} and
 *     nothing is returned (results are never truncated).
 * @param maxAllocatedBytes the most heap one evaluation may allocate, counted as the evaluating thread's allocations
 *     from start to end (garbage included); default 1 GiB. Checked together with the clock, so one large allocation
 *     is caught when it completes, not before. Ignored on a JVM that cannot measure per-thread allocation.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record JqOptions(Duration budget, int maxResults, long maxAllocatedBytes) {

  public static final Duration DEFAULT_BUDGET = Duration.ofSeconds(10);
  public static final int DEFAULT_MAX_RESULTS = 1000;
  public static final long DEFAULT_MAX_ALLOCATED_BYTES = 1L << 30;

  /**
   * @throws IllegalArgumentException when the budget is not positive, {@code maxResults} is below 1 or {@code
   *     maxAllocatedBytes} is below 1
   */
  public JqOptions {
    Objects.requireNonNull(budget, "budget");
    if (budget.isNegative() || budget.isZero()) {
      throw new IllegalArgumentException("budget must be positive, got " + budget);
    }
    if (maxResults < 1) {
      throw new IllegalArgumentException("maxResults must be at least 1, got " + maxResults);
    }
    if (maxAllocatedBytes < 1) {
      throw new IllegalArgumentException(
          "maxAllocatedBytes must be at least 1, got " + maxAllocatedBytes);
    }
  }

  /** Options with the given budget and result limit and the default allocation limit. */
  public JqOptions(Duration budget, int maxResults) {
    this(budget, maxResults, DEFAULT_MAX_ALLOCATED_BYTES);
  }

  /** 10 s, 1000 results, 1 GiB. */
  public static JqOptions defaults() {
    return new JqOptions(DEFAULT_BUDGET, DEFAULT_MAX_RESULTS, DEFAULT_MAX_ALLOCATED_BYTES);
  }

  public JqOptions withBudget(Duration newBudget) {
    return new JqOptions(newBudget, maxResults, maxAllocatedBytes);
  }

  public JqOptions withMaxResults(int newMax) {
    return new JqOptions(budget, newMax, maxAllocatedBytes);
  }

  public JqOptions withMaxAllocatedBytes(long newMax) {
    return new JqOptions(budget, maxResults, newMax);
  }
}
