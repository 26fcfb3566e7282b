package dev.workloadmap.cli;

/**
 * A failure the CLI reports as one clear message (never a stack trace), with its exit code (see {@link ExitCodes}), a
 * hint saying what to do, and a stable error id for {@code -o json} (for example {@code no_definition_for_type}).
 */
public final class CliException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final int exitCode;
  private final String errorId;
  private final String hint;
  private final String type;
  private dev.workloadmap.sdk.yaml.SourceLocation location;

  /**
   * @param exitCode one of {@link ExitCodes}
   * @param errorId a stable identifier for JSON output ({@code no_definition_for_type}, {@code not_installed}, ...)
   * @param message what went wrong
   * @param hint what to do about it, or null
   * @param type the TYPE token or GVK concerned, or null
   */
  public CliException(int exitCode, String errorId, String message, String hint, String type) {
    super(message);
    this.exitCode = exitCode;
    this.errorId = errorId;
    this.hint = hint;
    this.type = type;
  }

  /** A usage error (exit {@link ExitCodes#USAGE}). */
  public static CliException usage(String message, String hint) {
    return new CliException(ExitCodes.USAGE, "usage", message, hint, null);
  }

  /** The place in the user's input the error is about ({@code -o json} gives its file, line, column and pointer). */
  public CliException at(dev.workloadmap.sdk.yaml.SourceLocation location) {
    this.location = location;
    return this;
  }

  /** The place the error is about, or null. */
  public dev.workloadmap.sdk.yaml.SourceLocation location() {
    return location;
  }

  public int exitCode() {
    return exitCode;
  }

  public String errorId() {
    return errorId;
  }

  public String hint() {
    return hint;
  }

  public String type() {
    return type;
  }
}
