package dev.workloadmap.sdk.internal.resources;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.resources.InvalidQuantityException;
import io.fabric8.kubernetes.api.model.Quantity;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.Map;
import java.util.Objects;

/**
 * Kubernetes resource quantities as exact decimals (docs/format.md#totals, field cases FC-41, FC-43, FC-44), and their
 * display form (docs/format.md#cli-describe).
 *
 * <h2>Grammar</h2>
 *
 * <p>A quantity is a signed decimal number followed by an optional suffix, as in Kubernetes:
 *
 * <pre>
 * quantity ::= [ "+" | "-" ] number [ suffix ]
 * number   ::= digits | digits "." digits | digits "." | "." digits      (ASCII digits only)
 * suffix   ::= "n" | "u" | "m" | "k" | "M" | "G" | "T" | "P" | "E"      (10^-9 ... 10^18)
 *            | "Ki" | "Mi" | "Gi" | "Ti" | "Pi" | "Ei"                   (2^10 ... 2^60)
 *            | ( "e" | "E" ) [ "+" | "-" ] digits                        (a decimal exponent)
 * </pre>
 *
 * <ul>
 *   <li>{@code 129e6} is the exponent form, 129 000 000, not 129 exa ({@code FC-41}); {@code E} alone is exa, so
 *       {@code 2000E} is exactly 2×10^21 ({@code FC-44}).
 *   <li>{@code m} is milli on every resource: {@code 400m} of memory is 0.4 bytes, kept exactly ({@code FC-43}).
 *   <li>The result is the amount in the resource's base unit: cores for {@code cpu}, bytes for {@code memory} and
 *       {@code ephemeral-storage}, a count for GPUs and other extended resources. Nothing is rounded (Kubernetes
 *       rounds values finer than 1n up to 1n; the SDK keeps them exact).
 * </ul>
 *
 * <h2>Range (FC-44)</h2>
 *
 * <p>Every accepted non-zero quantity has a magnitude of at least 10^{@value #MIN_EXPONENT} and below
 * 10^{@value #MAX_EXPONENT}, and is at most {@value #MAX_LENGTH} characters (or digits, for JSON numbers) long. The
 * range is checked on the exponent before anything is computed, so {@code 1e9223372036854775807} and {@code
 * 1e2147483648} are rejected in constant time and never wrap around. Zero is zero whatever its exponent. This keeps
 * every later sum, product and comparison bounded.
 *
 * <h2>Errors</h2>
 *
 * <p>Invalid input throws {@link InvalidQuantityException} naming the value and what is wrong, for example {@code
 * invalid quantity "12Gb": unknown suffix "Gb" (expected ...)}, {@code invalid quantity "1.2.3": more than one
 * decimal point} or {@code invalid quantity " 1": leading or trailing whitespace}.
 *
 * <h2>Implementation note</h2>
 *
 * <p>The decimal scaling is done by fabric8's {@link Quantity} (kubernetes-model-core), behind guards for what it
 * gets wrong: its error messages do not name the problem, it accepts {@code "."} as zero, it returns {@code
 * 1E+999999999} for {@code 1e999999999} (unbounded for any later arithmetic), and it rounds the binary suffixes to 16
 * significant digits ({@code 1Ei} becomes 1152921504606847000 instead of 1152921504606846976). The SDK therefore
 * checks the grammar and the range itself and computes binary suffixes exactly.
 */
public final class Quantities {

  /** Accepted magnitudes are below 10^{@value}. */
  public static final int MAX_EXPONENT = 40;

  /** Accepted non-zero magnitudes are at least 10^{@value}. */
  public static final int MIN_EXPONENT = -40;

  /** The longest quantity string (and the most digits of a JSON number) accepted. */
  public static final int MAX_LENGTH = 256;

  private static final Map<String, Integer> DECIMAL_SUFFIXES =
      Map.of("n", -9, "u", -6, "m", -3, "k", 3, "M", 6, "G", 9, "T", 12, "P", 15, "E", 18);

  private static final Map<String, Integer> BINARY_SUFFIXES =
      Map.of("Ki", 10, "Mi", 20, "Gi", 30, "Ti", 40, "Pi", 50, "Ei", 60);

  private static final String EXPECTED_SUFFIXES =
      "expected n, u, m, k, M, G, T, P, E, Ki, Mi, Gi, Ti, Pi, Ei or an exponent such as e6";

  /** Binary display units, largest first: 2^60 ... 2^10. */
  private static final String[] BINARY_UNITS = {"Ei", "Pi", "Ti", "Gi", "Mi", "Ki"};

  /** Decimal display units, largest first: 10^18 ... 10^3. */
  private static final String[] DECIMAL_UNITS = {"E", "P", "T", "G", "M", "k"};

  private static final BigInteger BINARY_UNIT_MIN = BigInteger.valueOf(1024);

  /** Display formatting falls back to scientific notation beyond this many integer digits. */
  private static final int MAX_FORMATTED_DIGITS = 4096;

  private Quantities() {}

  /**
   * Parses a quantity string into its exact amount in base units (cores, bytes or a count).
   *
   * <p>The string must match the grammar exactly: no surrounding whitespace (see {@link #parse(JsonNode)} for the
   * JSON reading, which trims like Kubernetes does).
   *
   * @param text the quantity as written, for example {@code 500m}, {@code 1.5Gi} or {@code 129e6}
   * @return the exact amount, with trailing zeros stripped ({@link BigDecimal#ZERO} for zero); compare with {@link
   *     BigDecimal#compareTo}
   * @throws InvalidQuantityException when the text is null, does not follow the grammar, or lies outside the range
   */
  public static BigDecimal parse(String text) {
    if (text == null) {
      throw new InvalidQuantityException(null, "expected a quantity, got null");
    }
    if (text.isEmpty()) {
      throw new InvalidQuantityException(text, "empty string");
    }
    if (text.length() > MAX_LENGTH) {
      throw new InvalidQuantityException(text, "longer than " + MAX_LENGTH + " characters");
    }
    int len = text.length();
    if (Character.isWhitespace(text.charAt(0))
        || Character.isWhitespace(text.charAt(len - 1))
        || Character.isSpaceChar(text.charAt(0))
        || Character.isSpaceChar(text.charAt(len - 1))) {
      throw new InvalidQuantityException(text, "leading or trailing whitespace");
    }

    int pos = 0;
    boolean negative = false;
    char first = text.charAt(0);
    if (first == '+' || first == '-') {
      negative = first == '-';
      pos++;
    }
    int intStart = pos;
    while (pos < len && isAsciiDigit(text.charAt(pos))) {
      pos++;
    }
    String intDigits = text.substring(intStart, pos);
    String fracDigits = "";
    if (pos < len && text.charAt(pos) == '.') {
      pos++;
      int fracStart = pos;
      while (pos < len && isAsciiDigit(text.charAt(pos))) {
        pos++;
      }
      fracDigits = text.substring(fracStart, pos);
    }
    String suffix = text.substring(pos);

    if (intDigits.isEmpty() && fracDigits.isEmpty()) {
      throw new InvalidQuantityException(
          text,
          "missing the number: a quantity is a decimal number with an optional suffix, such as 500m, 1.5 or 2Gi");
    }
    if (suffix.startsWith(".")) {
      throw new InvalidQuantityException(text, "more than one decimal point");
    }

    long decimalPower = 0;
    int binaryPower = 0;
    if (!suffix.isEmpty()) {
      Integer decimal = DECIMAL_SUFFIXES.get(suffix);
      Integer binary = BINARY_SUFFIXES.get(suffix);
      if (decimal != null) {
        decimalPower = decimal;
      } else if (binary != null) {
        binaryPower = binary;
      } else if (suffix.charAt(0) == 'e' || suffix.charAt(0) == 'E') {
        decimalPower = exponent(text, suffix);
        suffix = "e" + decimalPower; // only used once the range check has passed
      } else {
        throw new InvalidQuantityException(
            text,
            "unknown suffix " + InvalidQuantityException.quote(suffix) + " (" + EXPECTED_SUFFIXES
                + ")");
      }
    }

    BigInteger unscaled = new BigInteger(intDigits + fracDigits);
    if (unscaled.signum() == 0) {
      return BigDecimal.ZERO;
    }

    BigDecimal magnitude;
    if (binaryPower != 0) {
      magnitude = new BigDecimal(unscaled, fracDigits.length())
          .multiply(new BigDecimal(BigInteger.ONE.shiftLeft(binaryPower)));
      checkRange(text, adjustedExponent(magnitude));
    } else {
      // The power of ten of the leading digit, known before anything is computed.
      String significant = stripLeadingZeros(intDigits);
      long leading;
      if (!significant.isEmpty()) {
        leading = significant.length() - 1L;
      } else {
        int firstNonZero = 0;
        while (fracDigits.charAt(firstNonZero) == '0') {
          firstNonZero++;
        }
        leading = -(firstNonZero + 1L);
      }
      checkRange(text, leading + decimalPower);
      String number =
          (intDigits.isEmpty() ? "0" : intDigits) + (fracDigits.isEmpty() ? "" : "." + fracDigits);
      magnitude = scaleWithFabric8(text, number, suffix);
    }
    return normalize(negative ? magnitude.negate() : magnitude);
  }

  /**
   * Reads a quantity from a JSON (or YAML) node, as Kubernetes decodes a {@code Quantity} field.
   *
   * <ul>
   *   <li>A string is trimmed of surrounding whitespace (as Kubernetes' JSON decoding does) and parsed with {@link
   *       #parse(String)}.
   *   <li>A number is taken as the exact decimal it denotes: integers exactly, decimals exactly, and binary floating
   *       point values (what a YAML reader produces for {@code 0.5}) by their shortest decimal representation. The
   *       range of {@link #parse(String)} applies; NaN and infinities are rejected.
   *   <li>JSON {@code null} is zero (Kubernetes decodes a null quantity as 0).
   *   <li>Anything else (a missing node, a Java null, a boolean, an object or an array) is rejected.
   * </ul>
   *
   * @param node the value node
   * @return the exact amount in base units, as {@link #parse(String)}
   * @throws InvalidQuantityException when the node is not a valid quantity; the exception carries no path (callers
   *     that know one attach it with {@link InvalidQuantityException#at(String)})
   */
  public static BigDecimal parse(JsonNode node) {
    if (node == null || node.isMissingNode()) {
      throw new InvalidQuantityException(
          null, "expected a string such as \"500m\" or a number, got nothing");
    }
    if (node.isNull()) {
      return BigDecimal.ZERO;
    }
    if (node.isTextual()) {
      return parse(node.textValue().strip());
    }
    if (node.isNumber()) {
      String text = node.asText();
      BigDecimal value;
      if (node.isIntegralNumber()) {
        value = new BigDecimal(node.bigIntegerValue());
      } else if (node.isFloat() || node.isDouble()) {
        double d = node.doubleValue();
        if (!Double.isFinite(d)) {
          throw new InvalidQuantityException(text, "not a finite number");
        }
        value = node.isFloat()
            ? new BigDecimal(Float.toString(node.floatValue()))
            : BigDecimal.valueOf(d);
      } else {
        value = node.decimalValue();
      }
      if (value.signum() == 0) {
        return BigDecimal.ZERO;
      }
      if (value.precision() > MAX_LENGTH) {
        throw new InvalidQuantityException(text, "more than " + MAX_LENGTH + " digits");
      }
      checkRange(text, adjustedExponent(value));
      return normalize(value);
    }
    throw new InvalidQuantityException(
        node.toString(),
        "expected a string such as \"500m\" or a number, got " + JsonShapes.describe(node));
  }

  /**
   * Converts an amount of cores into whole millicores, rounding up (away from zero) like Kubernetes' {@code
   * MilliValue}: {@code 0.0001} becomes 1.
   *
   * @param cores an amount in cores
   * @return the millicores
   * @throws InvalidQuantityException when the result does not fit in a {@code long} (never wraps around)
   */
  public static long toMillis(BigDecimal cores) {
    Objects.requireNonNull(cores, "cores");
    return toLong(cores, cores.scaleByPowerOfTen(3), "millicores");
  }

  /**
   * Converts an amount into whole units, rounding up (away from zero) like Kubernetes' {@code Value}: a GPU count
   * of {@code 0.5} becomes 1.
   *
   * @param amount an amount in base units
   * @return the whole units
   * @throws InvalidQuantityException when the result does not fit in a {@code long} (never wraps around)
   */
  public static long toWholeUnits(BigDecimal amount) {
    Objects.requireNonNull(amount, "amount");
    return toLong(amount, amount, "whole units");
  }

  /**
   * Formats an amount of memory for display (docs/format.md#cli-describe), as the reference CLI does.
   *
   * <ul>
   *   <li>a whole number of at least 1024 that is an exact multiple of a binary unit is printed with the largest
   *       such unit: {@code 1Gi}, {@code 1536Mi}, {@code 2000Ki}. As in Kubernetes, this includes decimal amounts
   *       that happen to be multiples of 1024: {@code 8G} prints as {@code 7812500Ki} and {@code 2000E} as {@code
   *       1907348632812500Mi} (exact, never {@code 2});
   *   <li>otherwise a whole number that is an exact multiple of a decimal unit is printed with the largest such unit:
   *       {@code 70M}, {@code 1k}, {@code 3G} (so, as in Kubernetes, {@code T}, {@code P} and {@code E} never show:
   *       their values are all multiples of 1024);
   *   <li>otherwise the plain number of bytes: {@code 512}, {@code 1073742324}, and for fractional bytes (FC-43)
   *       the plain decimal, {@code 0.4} (the reference, which works in whole bytes, would show 1).
   * </ul>
   *
   * @param bytes an amount in bytes
   * @return the display text
   */
  public static String formatMemory(BigDecimal bytes) {
    Objects.requireNonNull(bytes, "bytes");
    BigDecimal value = normalize(bytes);
    if (value.signum() == 0) {
      return "0";
    }
    if (value.scale() > 0) {
      return value.toPlainString();
    }
    if (value.precision() - value.scale() > MAX_FORMATTED_DIGITS) {
      return value.toString();
    }
    BigInteger whole = value.toBigIntegerExact();
    String sign = whole.signum() < 0 ? "-" : "";
    BigInteger abs = whole.abs();
    if (abs.compareTo(BINARY_UNIT_MIN) >= 0) {
      for (int i = 0; i < BINARY_UNITS.length; i++) {
        BigInteger unit = BigInteger.ONE.shiftLeft(10 * (BINARY_UNITS.length - i));
        BigInteger[] qr = abs.divideAndRemainder(unit);
        if (qr[1].signum() == 0) {
          return sign + qr[0] + BINARY_UNITS[i];
        }
      }
    }
    for (int i = 0; i < DECIMAL_UNITS.length; i++) {
      BigInteger unit = BigInteger.TEN.pow(3 * (DECIMAL_UNITS.length - i));
      BigInteger[] qr = abs.divideAndRemainder(unit);
      if (qr[1].signum() == 0) {
        return sign + qr[0] + DECIMAL_UNITS[i];
      }
    }
    return whole.toString();
  }

  /**
   * Formats millicores for display the way the reference CLI does (docs/format.md#cli-describe, "CPU is printed in
   * cores"): as the canonical Kubernetes quantity, so whole cores print as a plain number and anything else in
   * millicores.
   *
   * <p>{@code 2000 → "2"}, {@code 20000 → "20"}, {@code 500 → "500m"}, {@code 1500 → "1500m"}, {@code 0 →
   * "0"}; a whole multiple of 1000 cores uses the decimal suffixes ({@code 1000000 → "1k"}), as Kubernetes does.
   * See {@link #formatCores(long)} for a plain decimal number of cores.
   *
   * @param millis millicores
   * @return the display text
   */
  public static String formatCpu(long millis) {
    if (millis == 0) {
      return "0";
    }
    BigDecimal cores = BigDecimal.valueOf(millis, 3).stripTrailingZeros();
    BigInteger mantissa = cores.unscaledValue();
    int exponent = -cores.scale();
    int down = Math.floorMod(exponent, 3);
    mantissa = mantissa.multiply(BigInteger.TEN.pow(down));
    exponent -= down;
    if (exponent > 18) {
      mantissa = mantissa.multiply(BigInteger.TEN.pow(exponent - 18));
      exponent = 18;
    }
    return mantissa + decimalSuffix(exponent);
  }

  /**
   * Formats millicores as a plain decimal number of cores: {@code 500 → "0.5"}, {@code 2000 → "2"}, {@code 1 →
   * "0.001"}. An alternative to {@link #formatCpu(long)}, which follows the reference CLI.
   *
   * @param millis millicores
   * @return the display text
   */
  public static String formatCores(long millis) {
    return normalize(BigDecimal.valueOf(millis, 3)).toPlainString();
  }

  /** The amount rounded up (away from zero) to a whole millicore, normalised. */
  public static BigDecimal roundUpToMillis(BigDecimal cores) {
    if (cores.scale() <= 3) {
      return normalize(cores);
    }
    return normalize(cores.setScale(3, RoundingMode.UP));
  }

  /** Strips trailing zeros, with every zero as {@link BigDecimal#ZERO} (so equal amounts are equal objects). */
  public static BigDecimal normalize(BigDecimal value) {
    return value.signum() == 0 ? BigDecimal.ZERO : value.stripTrailingZeros();
  }

  private static long toLong(BigDecimal original, BigDecimal amount, String unit) {
    if (amount.signum() == 0) {
      return 0;
    }
    // 19 digits before the point is already more than a long holds; checked before rounding so that
    // an
    // enormous exponent is never expanded.
    if (adjustedExponent(amount) >= 19) {
      throw tooLarge(original, unit);
    }
    BigDecimal rounded = amount.setScale(0, RoundingMode.UP);
    try {
      return rounded.longValueExact();
    } catch (ArithmeticException e) {
      throw tooLarge(original, unit);
    }
  }

  private static InvalidQuantityException tooLarge(BigDecimal amount, String unit) {
    return new InvalidQuantityException(
        amount.toString(),
        "does not fit in a 64-bit count of " + unit + " (at most " + Long.MAX_VALUE + ")");
  }

  private static String decimalSuffix(int exponent) {
    for (Map.Entry<String, Integer> e : DECIMAL_SUFFIXES.entrySet()) {
      if (e.getValue() == exponent) {
        return e.getKey();
      }
    }
    if (exponent == 0) {
      return "";
    }
    throw new IllegalStateException("no decimal suffix for 10^" + exponent);
  }

  /** The exponent of a suffix such as {@code e6}, {@code E-3} or {@code e+09}; clamped far outside the range. */
  private static long exponent(String text, String suffix) {
    int pos = 1;
    boolean negative = false;
    if (pos < suffix.length() && (suffix.charAt(pos) == '+' || suffix.charAt(pos) == '-')) {
      negative = suffix.charAt(pos) == '-';
      pos++;
    }
    if (pos == suffix.length()) {
      throw new InvalidQuantityException(
          text, "the exponent " + InvalidQuantityException.quote(suffix) + " has no digits");
    }
    for (int i = pos; i < suffix.length(); i++) {
      if (!isAsciiDigit(suffix.charAt(i))) {
        throw new InvalidQuantityException(
            text,
            "unknown suffix " + InvalidQuantityException.quote(suffix) + " (" + EXPECTED_SUFFIXES
                + ")");
      }
    }
    String digits = stripLeadingZeros(suffix.substring(pos));
    // Far beyond MAX_EXPONENT either way: only the sign matters, and nothing is parsed or computed.
    long magnitude;
    if (digits.length() > 18) {
      magnitude = 1_000_000_000_000_000_000L;
    } else {
      magnitude = digits.isEmpty() ? 0 : Long.parseLong(digits);
    }
    return negative ? -magnitude : magnitude;
  }

  private static BigDecimal scaleWithFabric8(String text, String number, String suffix) {
    try {
      return new Quantity(number, suffix).getNumericalAmount();
    } catch (RuntimeException e) {
      // Not expected after the checks above; reported rather than let through unexplained.
      throw new InvalidQuantityException(text, "cannot be evaluated: " + e, null, e);
    }
  }

  private static void checkRange(String text, long adjustedExponent) {
    if (adjustedExponent >= MAX_EXPONENT) {
      throw new InvalidQuantityException(
          text, "out of range: the SDK accepts magnitudes below 1e" + MAX_EXPONENT);
    }
    if (adjustedExponent < MIN_EXPONENT) {
      throw new InvalidQuantityException(
          text, "out of range: the SDK accepts non-zero magnitudes of at least 1e" + MIN_EXPONENT);
    }
  }

  /** The power of ten of the leading digit of a non-zero value (1234 → 3, 0.05 → -2). */
  private static long adjustedExponent(BigDecimal value) {
    return (long) value.precision() - value.scale() - 1;
  }

  private static String stripLeadingZeros(String digits) {
    int i = 0;
    while (i < digits.length() && digits.charAt(i) == '0') {
      i++;
    }
    return digits.substring(i);
  }

  private static boolean isAsciiDigit(char c) {
    return c >= '0' && c <= '9';
  }
}
