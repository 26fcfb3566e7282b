package dev.workloadmap.sdk.jq;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.internal.jq.JsonNumbers;
import dev.workloadmap.sdk.internal.jq.JsonText;
import org.apiguardian.api.API;

/** How the reference renders jq values as text (docs/format.md#status, docs/format.md#pod-classification). */
@API(status = EXPERIMENTAL, since = "0.1")
public final class JqValues {
  private JqValues() {}

  /**
   * Renders a value the way {@code byExpression} compares it (docs/format.md#status) and instance ids and group keys
   * are formatted (docs/format.md#pod-classification):
   *
   * <ul>
   *   <li>a string as it is, without quotes;
   *   <li>{@code true}, {@code false} and {@code null} as their names (a Java {@code null} or a missing node is
   *       {@code "null"}, so {@code expectedResult: "null"} matches a missing field, EC-07);
   *   <li>a number as the reference prints it: an integral number without a fraction ({@code 3.0} gives {@code
   *       "3"}), others in the shortest form ({@code 2.5}, {@code 1e-7}, {@code 1.5e+300});
   *   <li>objects and arrays as compact JSON with keys in code-point order ({@link #toCompactJson(JsonNode)}).
   * </ul>
   */
  public static String render(JsonNode value) {
    if (value == null || value.isNull() || value.isMissingNode()) {
      return "null";
    }
    if (value.isTextual()) {
      return value.textValue();
    }
    if (value.isNumber()) {
      return JsonNumbers.format(value);
    }
    if (value.isBoolean()) {
      return value.booleanValue() ? "true" : "false";
    }
    return toCompactJson(value);
  }

  /**
   * Compact JSON exactly as the reference engine writes it ({@code gojq -c}, {@code tojson}): object keys in
   * code-point order, no spaces, numbers as in {@link #render(JsonNode)} (NaN as {@code null}), strings escaped like
   * gojq (control characters and DEL as &#92;u00xx escapes, no HTML escaping). A Java {@code null} is {@code "null"}.
   */
  public static String toCompactJson(JsonNode value) {
    return JsonText.toJson(value);
  }
}
