package dev.workloadmap.sdk.internal.jq;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.math.BigDecimal;
import java.math.BigInteger;

/** Number normalisation to the reference engine's view: integral values are integers (spec §6.4, FC-29). */
public final class JsonNumbers {
  private JsonNumbers() {}

  private static final BigDecimal LONG_MIN = BigDecimal.valueOf(Long.MIN_VALUE);
  private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);

  /** An integer node for an integral floating-point node; any other node unchanged. */
  public static JsonNode normalize(JsonNode n) {
    if (n == null || !n.isNumber() || n.isIntegralNumber()) {
      return n;
    }
    if (n.isDouble() || n.isFloat()) {
      double d = n.doubleValue();
      if (Double.isFinite(d) && d == Math.rint(d) && Math.abs(d) < 9.2e18) {
        long l = (long) d;
        return (l >= Integer.MIN_VALUE && l <= Integer.MAX_VALUE)
            ? JsonNodeFactory.instance.numberNode((int) l)
            : JsonNodeFactory.instance.numberNode(l);
      }
      return n;
    }
    BigDecimal bd = n.decimalValue();
    if (bd.signum() == 0 || bd.stripTrailingZeros().scale() <= 0) {
      BigDecimal stripped = bd.stripTrailingZeros();
      if (stripped.compareTo(LONG_MIN) >= 0 && stripped.compareTo(LONG_MAX) <= 0) {
        return JsonNodeFactory.instance.numberNode(stripped.longValueExact());
      }
      BigInteger bi = stripped.toBigIntegerExact();
      return JsonNodeFactory.instance.numberNode(bi);
    }
    return n;
  }

  /** Text of a number as the reference prints it: integral values without a fraction. */
  public static String format(JsonNode n) {
    JsonNode norm = normalize(n);
    if (norm.isIntegralNumber()) {
      return norm.bigIntegerValue().toString();
    }
    double d = norm.doubleValue();
    if (Double.isNaN(d)) {
      return "null";
    }
    if (Double.isInfinite(d)) {
      return d > 0 ? "1.7976931348623157e+308" : "-1.7976931348623157e+308";
    }
    return norm.asText();
  }
}
