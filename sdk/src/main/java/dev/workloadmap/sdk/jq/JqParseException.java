package dev.workloadmap.sdk.jq;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * An expression that does not parse. The message follows the reference: {@code failed to parse JQ expression
 * '<expr>': <detail>} (docs/format.md#evaluation). {@link #line()} and {@link #column()} are 1-based positions
 * <em>inside the expression</em> (0 when the engine gave none), for mapping into the definition file.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class JqParseException extends JqException {
  private static final long serialVersionUID = 1L;

  private final int line;
  private final int column;
  private final String detail;

  public JqParseException(String expression, String detail, int line, int column, Throwable cause) {
    super(expression, "failed to parse JQ expression '" + expression + "': " + detail, cause);
    this.detail = detail;
    this.line = line;
    this.column = column;
  }

  /** The engine's explanation without the wrapper text. */
  public String detail() {
    return detail;
  }

  public int line() {
    return line;
  }

  public int column() {
    return column;
  }
}
