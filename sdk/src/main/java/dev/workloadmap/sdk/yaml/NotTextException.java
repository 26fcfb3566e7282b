package dev.workloadmap.sdk.yaml;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * A file that is not UTF-8 text (a binary file, or UTF-16/UTF-32 without a byte order mark), so it cannot be YAML:
 * the one rule for every reader of definitions, objects and CRDs. Front-ends report it as a read error of the input,
 * not as a YAML syntax finding at a line.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class NotTextException extends YamlException {
  private static final long serialVersionUID = 1L;

  /** The message of every reader: the file is named by the location. */
  public static final String MESSAGE =
      "not UTF-8 text, so not YAML (a binary file? UTF-16 and UTF-32 need a byte" + " order mark)";

  /** The hint of every reader. */
  public static final String HINT = "give a YAML (or JSON) file saved as UTF-8 text";

  public NotTextException(SourceLocation location, Throwable cause) {
    super(MESSAGE, location, cause);
  }
}
