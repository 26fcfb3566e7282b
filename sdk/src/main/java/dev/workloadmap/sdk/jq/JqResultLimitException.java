package dev.workloadmap.sdk.jq;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * An evaluation that produced more results than allowed (docs/format.md#evaluation:
 * {@code query results exceed the allowed number <n>}). Nothing is truncated: no results are returned.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class JqResultLimitException extends JqEvaluationException {
  private static final long serialVersionUID = 1L;

  private final int limit;

  public JqResultLimitException(String expression, int limit) {
    super(expression, "query results exceed the allowed number " + limit, null);
    this.limit = limit;
  }

  public int limit() {
    return limit;
  }
}
