package dev.workloadmap.sdk.jq;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * An expression that failed while running: {@code JQ execution error for expression '<expr>': <detail>}
 * (docs/format.md#evaluation).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class JqEvaluationException extends JqException {
  private static final long serialVersionUID = 1L;

  private final String detail;

  public JqEvaluationException(String expression, String detail, Throwable cause) {
    super(expression, "JQ execution error for expression '" + expression + "': " + detail, cause);
    this.detail = detail;
  }

  /** The engine's explanation without the wrapper text. */
  public String detail() {
    return detail;
  }
}
