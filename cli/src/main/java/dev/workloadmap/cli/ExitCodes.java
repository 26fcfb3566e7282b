package dev.workloadmap.cli;

/**
 * The process exit codes (docs/format.md#cli-common). The reference names ExitNotFound, ExitWorkloadNotFound, ExitUsage
 * and ExitError without documenting their numbers; {@code validate}'s 0, 1 and 2 (docs/format.md#cli-commands) fix
 * {@link #OK}, {@link #ERROR} and {@link #USAGE}, and the two not-found codes take the next numbers.
 */
public final class ExitCodes {
  private ExitCodes() {}

  /** Success (and {@code validate}: the definition is valid). */
  public static final int OK = 0;

  /** ExitError: a failure (cluster unreachable, forbidden, invalid definition; {@code validate}: invalid). */
  public static final int ERROR = 1;

  /** ExitUsage: bad flags or arguments, an ambiguous type, an unreadable file. */
  public static final int USAGE = 2;

  /** ExitNotFound: no definition covers the type. */
  public static final int NO_DEFINITION = 3;

  /** ExitWorkloadNotFound: the named object, or its type, is missing from the cluster. */
  public static final int WORKLOAD_NOT_FOUND = 4;
}
