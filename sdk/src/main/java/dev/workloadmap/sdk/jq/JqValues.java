package dev.workloadmap.sdk.jq;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.internal.jq.JsonNumbers;
import dev.workloadmap.sdk.internal.jq.SortedKeys;

/** How the reference renders jq values as text (spec §5.5, §5.7). */
public final class JqValues {
  private JqValues() {}

  /**
   * Renders a value the way {@code byExpression} compares it: a string as it is (no quotes); {@code true},
   * {@code false}, {@code null} as their names; an integral number without a fraction ({@code 3.0} gives {@code
   * "3"}); objects and arrays as compact JSON with sorted keys.
   */
  public static String render(JsonNode value) {
    if (value == null || value.isNull() || value.isMissingNode()) {
      return "null";
    }
    if (value.isTextual()) {
      return value.asText();
    }
    if (value.isNumber()) {
      return JsonNumbers.format(value);
    }
    if (value.isBoolean()) {
      return value.asBoolean() ? "true" : "false";
    }
    return toCompactJson(value);
  }

  /** Compact JSON with sorted object keys and integral numbers without a fraction, like the reference's output. */
  public static String toCompactJson(JsonNode value) {
    return SortedKeys.toCompactJson(value);
  }
}
