package dev.workloadmap.junit.internal;

import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Retries of the handle's writes to the cluster (CRD installs, creates, status writes, deletes) when the server is
 * busy rather than wrong: a timeout, HTTP 429 (honouring Retry-After), 502/503/504, and a 500 from etcd (leader
 * changed, request timed out). Backoff doubles from 250 ms to 8 s, within a total budget; a failure that is not one
 * of these (a 4xx the object earned) is thrown at once. When the budget runs out, the error says what was sent, how
 * long it waited, and what the server's processes logged last.
 */
public final class Retries {
  /** The total time one write may take, retries included. */
  public static final long BUDGET_MILLIS = TimeUnit.MINUTES.toMillis(5);
  /** The total time one read may take, retries included (a read is cheap to repeat; a fault that lasts is said). */
  public static final long READ_BUDGET_MILLIS = TimeUnit.SECONDS.toMillis(60);

  private Retries() {}

  /** Something a retried call needs from its cluster: the last log lines for a diagnostic. */
  public interface Diagnostics {
    String recentLogs();
  }

  /**
   * Runs {@code call} until it succeeds, fails with a non-retryable error, or the budget runs out.
   *
   * @param what what is sent, for the diagnostic (for example {@code create CustomResourceDefinition x (2.3 MB)})
   * @param call the request; it receives true from its second attempt on (a create that may already have landed)
   */
  public static <T> T call(
      String what, Diagnostics cluster, java.util.function.Function<Boolean, T> call) {
    return call(what, cluster, BUDGET_MILLIS, call);
  }

  /** As {@link #call(String, Diagnostics, java.util.function.Function)} within {@code budgetMillis}. */
  public static <T> T call(
      String what,
      Diagnostics cluster,
      long budgetMillis,
      java.util.function.Function<Boolean, T> call) {
    long start = System.nanoTime();
    long deadline = start + TimeUnit.MILLISECONDS.toNanos(budgetMillis);
    long backoff = 250;
    int attempt = 0;
    while (true) {
      attempt++;
      try {
        return call.apply(attempt > 1);
      } catch (KubernetesClientException e) {
        long retryAfter = retryAfterMillis(e);
        if (retryAfter < 0) {
          throw e;
        }
        long wait = Math.max(backoff, retryAfter);
        if (System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(wait) > deadline) {
          double waited = (System.nanoTime() - start) / 1e9;
          throw new IllegalStateException(
              String.format(
                  Locale.ROOT,
                  "%s: the API server did not answer in time"
                      + " after %d attempts over %.1f s (last error: HTTP %d %s)%nwhat the cluster logged last:%n%s",
                  what,
                  attempt,
                  waited,
                  e.getCode(),
                  oneLine(e),
                  indent(cluster.recentLogs())),
              e);
        }
        sleep(wait);
        backoff = Math.min(backoff * 2, 8_000);
      }
    }
  }

  /** As {@link #call(String, Diagnostics, java.util.function.Function)} for a call that is safe to repeat. */
  public static <T> T call(String what, Diagnostics cluster, Supplier<T> call) {
    return call(what, cluster, retry -> call.get());
  }

  /**
   * How long to wait before the next attempt, or -1 when {@code e} is not worth a retry: HTTP 429 (with the server's
   * Retry-After, else the backoff), 502, 503, 504, a 500 from etcd or a server-side timeout, and client-side timeouts
   * and broken connections (no HTTP code, an I/O cause: see {@link Faults#ioCause}).
   */
  public static long retryAfterMillis(KubernetesClientException e) {
    int code = e.getCode();
    String message = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
    if (code == 429) {
      Integer seconds = e.getStatus() != null && e.getStatus().getDetails() != null
          ? e.getStatus().getDetails().getRetryAfterSeconds()
          : null;
      return seconds == null ? 0 : TimeUnit.SECONDS.toMillis(seconds);
    }
    if (code == 502 || code == 503 || code == 504) {
      return 0;
    }
    if (code == 500
        && (message.contains("etcdserver")
            || message.contains("leader changed")
            || message.contains("timeout")
            || message.contains("timed out")
            || message.contains("try again"))) {
      return 0;
    }
    if (code <= 0 && Faults.ioCause(e) != null) {
      return 0; // no answer: a timeout, a reset, a connection closed in the middle of the body
    }
    return -1;
  }

  private static String oneLine(KubernetesClientException e) {
    String m = e.getStatus() != null && e.getStatus().getMessage() != null
        ? e.getStatus().getMessage()
        : String.valueOf(e.getMessage());
    return m.lines().findFirst().orElse("");
  }

  private static String indent(String text) {
    return text.isBlank()
        ? "  (nothing)"
        : text.lines().map(l -> "  " + l).reduce((a, b) -> a + "\n" + b).orElse("");
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException ie) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting to retry", ie);
    }
  }
}
