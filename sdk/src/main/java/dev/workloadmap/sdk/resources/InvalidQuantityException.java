package dev.workloadmap.sdk.resources;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.INTERNAL;

import dev.workloadmap.sdk.WorkloadMapException;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A resource quantity the SDK cannot accept: it does not follow the Kubernetes quantity grammar, lies outside the
 * SDK's representable range, has the wrong JSON type, or (in a pod spec) is negative.
 *
 * <p>The message names the value and what is wrong, for example {@code invalid quantity "12Gb": unknown suffix
 * "Gb" (...)}. When the quantity was read from a pod spec, the message starts with the JSON path of the field, for
 * example {@code spec.containers[1].resources.requests.cpu: invalid quantity "abc": ...}.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class InvalidQuantityException extends WorkloadMapException {
  private static final long serialVersionUID = 1L;

  /** Values longer than this are shortened in messages (the full value is kept in {@link #value()}). */
  private static final int MAX_QUOTED_LENGTH = 64;

  private final String value;
  private final String reason;
  private final String path;

  /**
   * @param value the offending value as written (a string, or the JSON text of a non-string node)
   * @param reason what is wrong, without the value, for example {@code unknown suffix "Gb"}
   */
  public InvalidQuantityException(String value, String reason) {
    this(value, reason, null, null);
  }

  /**
   * @param value the offending value as written
   * @param reason what is wrong, without the value
   * @param path the JSON path of the field that holds the value (for example {@code
   *     spec.containers[1].resources.requests.cpu}), or null when there is none
   * @param cause the underlying exception, or null
   */
  public InvalidQuantityException(String value, String reason, String path, Throwable cause) {
    super(message(value, reason, path), cause);
    this.value = value;
    this.reason = reason;
    this.path = path;
  }

  /**
   * The offending value as written (for a JSON node that is not a string, its JSON text); {@code null} when there
   * was no value at all (a Java null or a missing node), in which case the message reads {@code invalid quantity:
   * <reason>}.
   */
  public String value() {
    return value;
  }

  /** What is wrong with the value, without the value and the path. */
  public String reason() {
    return reason;
  }

  /** The JSON path of the field holding the value, when the value was read from a document. */
  public Optional<String> path() {
    return Optional.ofNullable(path);
  }

  /** The same problem located at {@code newPath} (used when a bare quantity error is attributed to a field). */
  public InvalidQuantityException at(String newPath) {
    return new InvalidQuantityException(value, reason, newPath, this);
  }

  private static String message(String value, String reason, String path) {
    StringBuilder b = new StringBuilder();
    if (path != null && !path.isEmpty()) {
      b.append(path).append(": ");
    }
    b.append("invalid quantity");
    if (value != null) {
      b.append(' ').append(quote(value));
    }
    b.append(": ").append(reason);
    return b.toString();
  }

  @API(status = INTERNAL, since = "0.1")
  public static String quote(String value) {
    boolean shortened = value.length() > MAX_QUOTED_LENGTH;
    String shown = shortened ? value.substring(0, MAX_QUOTED_LENGTH) + "..." : value;
    StringBuilder b = new StringBuilder(shown.length() + 2).append('"');
    for (int i = 0; i < shown.length(); i++) {
      char c = shown.charAt(i);
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\t' -> b.append("\\t");
        default -> {
          if (c < 0x20) {
            b.append(String.format("\\u%04x", (int) c));
          } else {
            b.append(c);
          }
        }
      }
    }
    b.append('"');
    if (shortened) {
      b.append(" (").append(value.length()).append(" characters)");
    }
    return b.toString();
  }
}
