package dev.workloadmap.sdk.yaml;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * Where and how a string scalar is written in its source, so that a position inside its value (for example a char
 * of a jq expression) can be mapped to a line and column of the file ({@link YamlDocument#locateInValue(String,
 * int)}).
 *
 * @param line 1-based line of the scalar's first char (its quote or block indicator; an anchor or tag before it
 *     included)
 * @param column 1-based column (in code points) of that char
 * @param style how the scalar is written
 * @param raw the scalar's source text, from {@code line}/{@code column} to its end (quotes, block header and
 *     indentation included)
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ScalarSource(int line, int column, Style style, String raw) {

  /** The five YAML scalar styles. */
  public enum Style {
    PLAIN,
    SINGLE_QUOTED,
    DOUBLE_QUOTED,
    /** A {@code |} block. */
    LITERAL,
    /** A {@code >} block. */
    FOLDED
  }

  public ScalarSource {
    Objects.requireNonNull(style, "style");
    Objects.requireNonNull(raw, "raw");
  }
}
