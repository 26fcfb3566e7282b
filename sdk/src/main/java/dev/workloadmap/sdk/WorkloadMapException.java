package dev.workloadmap.sdk;

import static org.apiguardian.api.API.Status.STABLE;

import dev.workloadmap.sdk.yaml.SourceLocation;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Root of every exception the SDK throws about its input or its environment: definitions, objects, pods, files,
 * names a caller passed on from a user. Unchecked, and always carries a message that a person can act on; where the
 * problem has a place in a file, {@link #location()} names the file, line, column and JSON pointer, and where it
 * comes from a jq expression, {@link #expression()} is the expression as the definition wrote it.
 *
 * <p>Programming errors are not wrapped: a {@code null} argument throws {@link NullPointerException}, and an option
 * value outside its documented range ({@code JqOptions}, {@code YamlReader} limits) throws
 * {@link IllegalArgumentException}. An {@link IllegalStateException} signals a bug in the SDK.
 */
@API(status = STABLE, since = "0.1")
public class WorkloadMapException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final transient SourceLocation location;
  private final String expression;

  public WorkloadMapException(String message) {
    this(message, null, null, null);
  }

  public WorkloadMapException(String message, Throwable cause) {
    this(message, null, null, cause);
  }

  public WorkloadMapException(String message, SourceLocation location, Throwable cause) {
    this(message, location, null, cause);
  }

  /**
   * @param message what went wrong and what to do
   * @param location where in a file, or null
   * @param expression the jq expression involved, as written, or null
   * @param cause the underlying failure, or null
   */
  public WorkloadMapException(
      String message, SourceLocation location, String expression, Throwable cause) {
    super(message, cause);
    this.location = location;
    this.expression = expression;
  }

  /** The file, line, column and JSON pointer the problem refers to, when it has one. */
  public Optional<SourceLocation> location() {
    return Optional.ofNullable(location);
  }

  /** The file the problem refers to, when it has one. */
  public Optional<String> file() {
    return location().map(SourceLocation::file);
  }

  /** The 1-based line, when known (0 otherwise). */
  public int line() {
    return location == null ? 0 : location.line();
  }

  /** The 1-based column, when known (0 otherwise). */
  public int column() {
    return location == null ? 0 : location.column();
  }

  /** The JSON pointer of the field the problem refers to, when it has one. */
  public Optional<String> pointer() {
    return location().map(SourceLocation::pointer).filter(p -> p != null && !p.isEmpty());
  }

  /** The jq expression involved, as the definition wrote it, when there is one. */
  public Optional<String> expression() {
    return Optional.ofNullable(expression);
  }

  /** The message prefixed with the location ({@code file:line:column /pointer: message}) when there is one. */
  public String describe() {
    return location == null ? getMessage() : location.prefix() + getMessage();
  }
}
