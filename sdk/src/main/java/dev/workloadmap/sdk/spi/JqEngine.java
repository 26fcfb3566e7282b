package dev.workloadmap.sdk.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.jq.JqParseException;
import dev.workloadmap.sdk.jq.JqProgram;
import java.util.List;
import org.apiguardian.api.API;

/**
 * The expression engine behind every jq path of a definition. The SDK ships one implementation on jackson-jq (see
 * {@link dev.workloadmap.sdk.jq.Jq#defaultEngine()}); the interface exists so that a second language can be added
 * without touching the engine's callers (docs/format.md#background).
 *
 * <p>Implementations are thread-safe and cache compiled programs by expression text.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface JqEngine {

  /**
   * Compiles (or returns the cached compilation of) {@code expression}. Only the syntax is checked: a call of an
   * unknown function or an undefined variable compiles and fails when evaluated (the SDK's linter rejects them
   * statically, docs/format.md#validation-jq-sdk).
   *
   * @throws JqParseException the expression does not parse; the exception carries a one-line detail and the 1-based
   *     line and column inside the expression
   */
  JqProgram compile(String expression);

  /**
   * Assign (docs/format.md#writes, conformance JA): the effect of {@code (pathExpression) = $value} on a copy of
   * {@code input}. Every path the expression selects receives {@code value} (a Java {@code null} is JSON null); missing
   * parents are created; {@code .a // .b} writes to the side it selects. The paths are found on the key-sorted view of
   * the input, as the reference finds them; the copy keeps the caller's key order and numbers, and shares no node with
   * {@code input} or {@code value}.
   *
   * @return the updated copy
   * @throws dev.workloadmap.sdk.jq.JqParseException the expression does not parse
   * @throws dev.workloadmap.sdk.jq.JqEvaluationException the expression fails or is not a path expression ({@code
   *     .a // 1}), or a budget ran out
   */
  JsonNode assign(String pathExpression, JsonNode input, JsonNode value);

  /**
   * AssignZip (docs/format.md#writes, conformance JZ): collects {@code [path(pathExpression)]} on the key-sorted view
   * of {@code input} (so map-keyed instances pair with their sorted instance ids) and sets path {@code i} to
   * {@code values[i]} in a copy of {@code input}; null values (JSON or Java) are written. {@code input} and the values
   * are not modified.
   *
   * @return the updated copy
   * @throws dev.workloadmap.sdk.jq.JqParseException the expression does not parse
   * @throws dev.workloadmap.sdk.jq.JqEvaluationException {@code array length mismatch: expected N values but got M},
   *     or the expression fails
   */
  JsonNode assignZip(String pathExpression, JsonNode input, List<JsonNode> values);
}
