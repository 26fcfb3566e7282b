package dev.workloadmap.sdk.internal.jq;

/**
 * Unwinds an evaluation that must stop: its deadline passed, its thread was interrupted, or it allocated more than
 * allowed. An unchecked exception
 * that is not a {@code JsonQueryException}, so jq's {@code try}, {@code ?} and {@code //} cannot swallow it; the
 * engine turns it into the public budget or cancellation exception.
 */
final class EvaluationAborted extends RuntimeException {
  private static final long serialVersionUID = 1L;

  enum Reason {
    /** The time budget ran out (the reference's "context deadline exceeded"). */
    DEADLINE,
    /** The evaluating thread was interrupted (the reference's "context canceled"). */
    CANCELLED,
    /** The evaluation allocated more than its allocation limit. */
    MEMORY
  }

  private final Reason reason;

  private EvaluationAborted(Reason reason) {
    super(reason.name(), null, false, false);
    this.reason = reason;
  }

  static EvaluationAborted deadline() {
    return new EvaluationAborted(Reason.DEADLINE);
  }

  static EvaluationAborted cancelled() {
    return new EvaluationAborted(Reason.CANCELLED);
  }

  static EvaluationAborted memory() {
    return new EvaluationAborted(Reason.MEMORY);
  }

  Reason reason() {
    return reason;
  }
}
