package dev.workloadmap.sdk.spi;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.jq.JqParseException;
import dev.workloadmap.sdk.jq.JqProgram;
import java.util.List;

/**
 * The expression engine behind every jq path of a definition. The SDK ships one implementation on jackson-jq (see
 * {@link dev.workloadmap.sdk.jq.Jq#defaultEngine()}); the interface exists so that a second language can be added
 * without touching the engine's callers (spec §1).
 *
 * <p>Implementations are thread-safe and cache compiled programs by expression text.
 */
public interface JqEngine {

  /**
   * Compiles (or returns the cached compilation of) {@code expression}.
   *
   * @throws JqParseException the expression does not parse; the exception carries the position inside the
   *     expression
   */
  JqProgram compile(String expression);

  /**
   * Assign (spec §5.6, conformance JA): evaluates {@code (pathExpression) = $value} on a copy of {@code input}.
   * Every selected path receives {@code value}; missing parents are created. {@code input} is not modified.
   *
   * @return the updated copy
   */
  JsonNode assign(String pathExpression, JsonNode input, JsonNode value);

  /**
   * AssignZip (spec §5.6, conformance JZ): collects {@code [path(pathExpression)]} and sets path {@code i} to
   * {@code values[i]}; null values are written. {@code input} is not modified.
   *
   * @throws dev.workloadmap.sdk.jq.JqEvaluationException {@code array length mismatch: expected N values but got M}
   */
  JsonNode assignZip(String pathExpression, JsonNode input, List<JsonNode> values);
}
