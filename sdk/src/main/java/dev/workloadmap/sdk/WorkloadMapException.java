package dev.workloadmap.sdk;

import dev.workloadmap.sdk.yaml.SourceLocation;
import java.util.Optional;

/**
 * Root of every exception the SDK throws. Unchecked, and always carries a message that a person can act on;
 * where the problem has a place in a file, {@link #location()} names it.
 */
public class WorkloadMapException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final transient SourceLocation location;

  public WorkloadMapException(String message) {
    this(message, null, null);
  }

  public WorkloadMapException(String message, Throwable cause) {
    this(message, null, cause);
  }

  public WorkloadMapException(String message, SourceLocation location, Throwable cause) {
    super(message, cause);
    this.location = location;
  }

  /** The file, line, column and JSON pointer the problem refers to, when it has one. */
  public Optional<SourceLocation> location() {
    return Optional.ofNullable(location);
  }

  /** The message prefixed with the location ({@code file:line:column /pointer: message}) when there is one. */
  public String describe() {
    return location == null ? getMessage() : location.prefix() + getMessage();
  }
}
