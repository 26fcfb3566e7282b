package dev.workloadmap.sdk.internal.jq;

import com.fasterxml.jackson.core.io.NumberOutput;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.LongNode;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Numbers as the reference engine sees and prints them (docs/format.md#jq-engines-differ, FC-29, FC-30).
 *
 * <ul>
 *   <li>Integral values are integers: {@code 1.0} and {@code 2.5 | floor} are {@code 1} and {@code 2}.
 *   <li>Integers that fit a {@code long} stay exact (as in jackson-jq and the gojq command line), so {@code
 *       9007199254740993} is kept as written; the reference library, which feeds gojq float64 values, would round it
 *       to {@code 9007199254740992} (FC-30: counts never come near 2^53, identifiers stay strings).
 *   <li>Integers beyond {@code long} and arbitrary-precision decimals become doubles, as in the reference. This also
 *       avoids jackson-jq 1.6.2's silent wrap-around of {@code BigInteger} arithmetic.
 *   <li>Text is gojq's: integral values below 1e21 in positional notation ({@code 100000000000000000000}), other
 *       values in the shortest form that reads back to the same double, with an exponent below 1e-6 or from 1e21
 *       ({@code 1e-7}, {@code 1.5e+300}); NaN prints as {@code null} and infinities as ±{@code
 *       1.7976931348623157e+308}; negative zero prints as {@code -0}.
 * </ul>
 */
public final class JsonNumbers {
  private JsonNumbers() {}

  private static final double TWO_POW_63 = 9.223372036854775808e18;
  private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
  private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);
  private static final String MAX_DOUBLE_TEXT = "1.7976931348623157e+308";

  /**
   * The reference view of a number node: integral values as int or long nodes, everything else as a double node.
   * Any node that is not a number, or that is already in that form, is returned as it is.
   */
  public static JsonNode normalize(JsonNode n) {
    if (n == null || !n.isNumber()) {
      return n;
    }
    if (n.isInt() || n.isLong()) {
      return n;
    }
    if (n.isShort()) {
      return IntNode.valueOf(n.intValue());
    }
    if (n.isBigInteger()) {
      BigInteger bi = n.bigIntegerValue();
      if (bi.compareTo(LONG_MIN) >= 0 && bi.compareTo(LONG_MAX) <= 0) {
        return integral(bi.longValue());
      }
      return DoubleNode.valueOf(bi.doubleValue());
    }
    double d = n.doubleValue();
    if (isIntegralInLongRange(d)) {
      return integral((long) d);
    }
    return n.isDouble() ? n : DoubleNode.valueOf(d);
  }

  /** Whether {@link #normalize(JsonNode)} would return {@code n} itself. */
  public static boolean isNormal(JsonNode n) {
    if (n.isInt() || n.isLong()) {
      return true;
    }
    return n.isDouble() && !isIntegralInLongRange(n.doubleValue());
  }

  /** A number node for {@code d}: an int or long node when integral, otherwise a double node. */
  static JsonNode number(double d) {
    return isIntegralInLongRange(d) ? integral((long) d) : DoubleNode.valueOf(d);
  }

  private static boolean isIntegralInLongRange(double d) {
    // -0.0 stays a double so that it prints as -0, like the reference
    return d == Math.rint(d)
        && d >= -TWO_POW_63
        && d < TWO_POW_63
        && !(d == 0 && Double.doubleToRawLongBits(d) != 0);
  }

  private static JsonNode integral(long l) {
    return (l >= Integer.MIN_VALUE && l <= Integer.MAX_VALUE)
        ? IntNode.valueOf((int) l)
        : LongNode.valueOf(l);
  }

  /** The text of a number as the reference prints it (see the class comment). */
  public static String format(JsonNode n) {
    JsonNode norm = normalize(n);
    if (norm.isIntegralNumber()) {
      return norm.isBigInteger()
          ? norm.bigIntegerValue().toString()
          : Long.toString(norm.longValue());
    }
    return format(norm.doubleValue());
  }

  /** The text of a double as gojq prints it (Go's {@code strconv} shortest form, JSON-style exponents). */
  static String format(double d) {
    if (Double.isNaN(d)) {
      return "null";
    }
    if (Double.isInfinite(d)) {
      return d > 0 ? MAX_DOUBLE_TEXT : "-" + MAX_DOUBLE_TEXT;
    }
    if (d == 0) {
      return Double.doubleToRawLongBits(d) == 0 ? "0" : "-0";
    }
    // Schubfach gives the shortest digits that read back to d (Double.toString on Java 17 does not
    // always)
    BigDecimal shortest = new BigDecimal(NumberOutput.toString(d, true)).stripTrailingZeros();
    double abs = Math.abs(d);
    if (abs >= 1e-6 && abs < 1e21) {
      return shortest.toPlainString();
    }
    String digits = shortest.unscaledValue().abs().toString();
    int exponent = digits.length() - 1 - shortest.scale();
    StringBuilder sb = new StringBuilder(digits.length() + 8);
    if (d < 0) {
      sb.append('-');
    }
    sb.append(digits.charAt(0));
    if (digits.length() > 1) {
      sb.append('.').append(digits, 1, digits.length());
    }
    sb.append('e').append(exponent < 0 ? '-' : '+');
    int absExp = Math.abs(exponent);
    if (exponent > 0 && absExp < 10) {
      sb.append(
          '0'); // Go prints at least two exponent digits; gojq strips the padding of negative ones
      // only
    }
    sb.append(absExp);
    return sb.toString();
  }
}
