package dev.workloadmap.sdk.yaml;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A place in a source file: file name (as given by the caller, usually a path), 1-based line and column, and the
 * JSON pointer (RFC 6901) of the node inside its document. Line and column are 0 when unknown.
 *
 * @param file the file name or path as the caller named it; {@code "<unknown>"} when there is none
 * @param line 1-based line, or 0 when unknown
 * @param column 1-based column, or 0 when unknown
 * @param pointer the JSON pointer of the node, {@code ""} for the document root
 */
@API(status = STABLE, since = "0.1")
public record SourceLocation(String file, int line, int column, String pointer) {

  public SourceLocation {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(pointer, "pointer");
  }

  /** A location with no position, for findings about a whole file. */
  public static SourceLocation ofFile(String file) {
    return new SourceLocation(file, 0, 0, "");
  }

  /** The same position with another pointer (for example a child field that has no node of its own). */
  public SourceLocation withPointer(String newPointer) {
    return new SourceLocation(file, line, column, newPointer);
  }

  /** {@code file:line:column} (or just {@code file} when the position is unknown). */
  public String position() {
    return line > 0 ? file + ":" + line + ":" + column : file;
  }

  /** {@code file:line:column /pointer: } ready to prepend to a message. */
  public String prefix() {
    return position() + (pointer.isEmpty() ? "" : " " + pointer) + ": ";
  }

  @Override
  public String toString() {
    return position() + (pointer.isEmpty() ? "" : " " + pointer);
  }
}
