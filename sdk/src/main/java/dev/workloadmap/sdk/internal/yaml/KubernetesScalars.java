package dev.workloadmap.sdk.internal.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The YAML 1.1 scalar rules of go-yaml v2, the reader behind {@code sigs.k8s.io/yaml} and therefore behind
 * Kubernetes (docs/format.md#decision-d). SnakeYAML's own resolver is deliberately not used: it knows base-60 numbers
 * and timestamps and does not know {@code y}/{@code n}.
 *
 * <p>Rules for a plain (unquoted, untagged) scalar, in go-yaml's order:
 *
 * <ol>
 *   <li>the fixed spellings: {@code y Y yes Yes YES true True TRUE on On ON} are true, {@code n N no No NO false
 *       False FALSE off Off OFF} are false, the empty value, {@code ~ null Null NULL} are null, and {@code .inf}
 *       {@code .nan} and their variants are non-finite floats;
 *   <li>a value that starts with {@code .}: a float such as {@code .5} or {@code .5e3};
 *   <li>a value that starts with a digit or a sign: underscores are removed, then it is an integer as Go's
 *       {@code strconv.ParseInt(s, 0, 64)} reads it (optional sign; {@code 0x}/{@code 0X} hex, {@code 0b}/{@code
 *       0B} binary, {@code 0o}/{@code 0O} or a leading {@code 0} octal, else decimal), else a float if it matches
 *       {@code [-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?};
 *   <li>anything else is a string, so {@code 1:30} (no base 60) and {@code 2001-12-14} (no timestamps) stay
 *       strings.
 * </ol>
 *
 * <p>Differences from go-yaml, all documented in the reader: an integer beyond the range of {@code long} is kept
 * exactly as a {@link BigInteger} (go-yaml gives an unsigned 64-bit integer, a float or a string depending on the
 * size and the base); a float that overflows to infinity stays a string, as in go-yaml; timestamps stay strings.
 * Integers become the smallest of {@code int}, {@code long} and {@link BigInteger} nodes, as Jackson's own parser
 * does; floats become {@link DoubleNode}s (the value a Go {@code float64} holds).
 */
public final class KubernetesScalars {
  private KubernetesScalars() {}

  /** What a scalar resolved to. */
  public enum Kind {
    STRING,
    BOOLEAN,
    INTEGER,
    FLOAT,
    NULL,
    /** {@code .inf}, {@code -.inf}, {@code .nan}: a float that JSON cannot hold. */
    NON_FINITE
  }

  /**
   * A resolved scalar.
   *
   * @param kind the YAML type it resolved to
   * @param value the JSON value; for {@link Kind#NON_FINITE} a {@link DoubleNode} holding the infinity or NaN
   */
  public record Resolved(Kind kind, JsonNode value) {}

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final Map<String, Resolved> FIXED = new HashMap<>();
  /** The first characters of the fixed spellings, to skip the lookup for most scalars. */
  private static final String FIXED_FIRST = "yYtToOnNfF~.+-";

  static {
    Resolved yes = new Resolved(Kind.BOOLEAN, BooleanNode.TRUE);
    Resolved no = new Resolved(Kind.BOOLEAN, BooleanNode.FALSE);
    Resolved nul = new Resolved(Kind.NULL, NullNode.getInstance());
    Resolved nan = new Resolved(Kind.NON_FINITE, DoubleNode.valueOf(Double.NaN));
    Resolved inf = new Resolved(Kind.NON_FINITE, DoubleNode.valueOf(Double.POSITIVE_INFINITY));
    Resolved negInf = new Resolved(Kind.NON_FINITE, DoubleNode.valueOf(Double.NEGATIVE_INFINITY));
    for (String s :
        new String[] {"y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"}) {
      FIXED.put(s, yes);
    }
    for (String s :
        new String[] {"n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"}) {
      FIXED.put(s, no);
    }
    for (String s : new String[] {"", "~", "null", "Null", "NULL"}) {
      FIXED.put(s, nul);
    }
    for (String s : new String[] {".nan", ".NaN", ".NAN"}) {
      FIXED.put(s, nan);
    }
    for (String s : new String[] {".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF"}) {
      FIXED.put(s, inf);
    }
    for (String s : new String[] {"-.inf", "-.Inf", "-.INF"}) {
      FIXED.put(s, negInf);
    }
  }

  /** go-yaml's {@code yamlStyleFloat}, applied after underscores are removed. */
  private static final Pattern YAML_STYLE_FLOAT =
      Pattern.compile("[-+]?(\\.[0-9]+|[0-9]+(\\.[0-9]*)?)([eE][-+]?[0-9]+)?");

  /**
   * What Go's {@code strconv.ParseFloat} accepts for a value that starts with a dot: digits, with underscores only
   * between two digits, and an optional exponent.
   */
  private static final Pattern DOT_FLOAT =
      Pattern.compile("\\.[0-9]+(_[0-9]+)*([eE][-+]?[0-9]+(_[0-9]+)*)?");

  private static final BigInteger INT_MIN = BigInteger.valueOf(Integer.MIN_VALUE);
  private static final BigInteger INT_MAX = BigInteger.valueOf(Integer.MAX_VALUE);
  private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
  private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);

  /** Resolves a plain (unquoted, untagged) scalar with go-yaml v2's rules. Never throws. */
  public static Resolved resolvePlain(String text) {
    if (text.isEmpty()) {
      return FIXED.get(text);
    }
    char first = text.charAt(0);
    if (FIXED_FIRST.indexOf(first) >= 0) {
      Resolved fixed = FIXED.get(text);
      if (fixed != null) {
        return fixed;
      }
    }
    if (first == '.') {
      if (DOT_FLOAT.matcher(text).matches()) {
        Resolved f = floatOf(text.replace("_", ""));
        if (f != null) {
          return f;
        }
      }
      return string(text);
    }
    if ((first >= '0' && first <= '9') || first == '+' || first == '-') {
      String plain = text.indexOf('_') >= 0 ? text.replace("_", "") : text;
      BigInteger i = parseGoInt(plain);
      if (i != null) {
        return new Resolved(Kind.INTEGER, integer(i));
      }
      if (YAML_STYLE_FLOAT.matcher(plain).matches()) {
        Resolved f = floatOf(plain);
        if (f != null) {
          return f;
        }
      }
    }
    return string(text);
  }

  /**
   * Resolves a scalar that carries one of the explicit tags {@code !!bool}, {@code !!int}, {@code !!float} or
   * {@code !!null}, whatever its style, or returns {@code null} when the text is not a value of that type. An
   * integer is accepted as a {@code !!float} and becomes a float, as in go-yaml.
   *
   * @param kind {@link Kind#BOOLEAN}, {@link Kind#INTEGER}, {@link Kind#FLOAT} or {@link Kind#NULL}
   */
  public static Resolved resolveAs(Kind kind, String text) {
    Resolved r = resolvePlain(text);
    if (r.kind() == kind) {
      return r;
    }
    if (kind == Kind.FLOAT && r.kind() == Kind.INTEGER) {
      return new Resolved(Kind.FLOAT, DoubleNode.valueOf(r.value().doubleValue()));
    }
    if (kind == Kind.FLOAT && r.kind() == Kind.NON_FINITE) {
      return r;
    }
    return null;
  }

  /**
   * The JSON object key that {@code sigs.k8s.io/yaml} makes of a resolved mapping key: strings as written, {@code
   * true}/{@code false}, integers in decimal ({@code 0x10:} is {@code "16"}), floats as Go's {@code
   * strconv.FormatFloat(f, 'g', -1, 64)} ({@code 1e3:} is {@code "1000"}, {@code 1e6:} is {@code "1e+06"}), and
   * null as {@code "null"} (Go itself rejects a null key; the SDK keeps it readable).
   */
  public static String keyText(Resolved r, String text) {
    return switch (r.kind()) {
      case STRING -> text;
      case BOOLEAN -> r.value().booleanValue() ? "true" : "false";
      case INTEGER -> r.value().bigIntegerValue().toString();
      case FLOAT, NON_FINITE -> formatGoFloat(r.value().doubleValue());
      case NULL -> "null";
    };
  }

  /** Go's {@code strconv.FormatFloat(d, 'g', -1, 64)}: the shortest form, with an exponent below 1e-4 or from 1e6. */
  static String formatGoFloat(double d) {
    if (Double.isNaN(d)) {
      return "NaN";
    }
    if (Double.isInfinite(d)) {
      return d > 0 ? "+Inf" : "-Inf";
    }
    if (d == 0) {
      return 1 / d < 0 ? "-0" : "0";
    }
    BigDecimal bd = new BigDecimal(Double.toString(Math.abs(d))).stripTrailingZeros();
    String digits = bd.unscaledValue().toString();
    int exponent = digits.length() - 1 - bd.scale();
    String sign = d < 0 ? "-" : "";
    if (exponent < -4 || exponent >= 6) {
      StringBuilder sb = new StringBuilder(sign).append(digits.charAt(0));
      if (digits.length() > 1) {
        sb.append('.').append(digits, 1, digits.length());
      }
      sb.append('e').append(exponent < 0 ? '-' : '+');
      int abs = Math.abs(exponent);
      if (abs < 10) {
        sb.append('0');
      }
      return sb.append(abs).toString();
    }
    return sign + bd.toPlainString();
  }

  /**
   * Go's {@code strconv.ParseInt(s, 0, 64)} syntax without its range limit: an optional sign, then {@code
   * 0x}/{@code 0b}/{@code 0o} (either case) with at least one digit, or a leading {@code 0} for octal, or decimal.
   * Only ASCII digits count. Returns {@code null} when the text is not an integer.
   */
  static BigInteger parseGoInt(String s) {
    if (s.isEmpty()) {
      return null;
    }
    int start = 0;
    boolean negative = false;
    if (s.charAt(0) == '+' || s.charAt(0) == '-') {
      negative = s.charAt(0) == '-';
      start = 1;
    }
    if (start == s.length()) {
      return null;
    }
    int radix = 10;
    if (s.charAt(start) == '0') {
      char p = s.length() - start >= 3 ? Character.toLowerCase(s.charAt(start + 1)) : 0;
      if (p == 'x' || p == 'b' || p == 'o') {
        radix = p == 'x' ? 16 : p == 'b' ? 2 : 8;
        start += 2;
      } else {
        radix = 8;
        start += 1;
        if (start == s.length()) {
          return BigInteger.ZERO;
        }
      }
    }
    for (int i = start; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c > 'z' || Character.digit(c, radix) < 0) {
        return null;
      }
    }
    BigInteger v = new BigInteger(s.substring(start), radix);
    return negative ? v.negate() : v;
  }

  private static JsonNode integer(BigInteger i) {
    if (i.compareTo(INT_MIN) >= 0 && i.compareTo(INT_MAX) <= 0) {
      return NODES.numberNode(i.intValue());
    }
    if (i.compareTo(LONG_MIN) >= 0 && i.compareTo(LONG_MAX) <= 0) {
      return NODES.numberNode(i.longValue());
    }
    return NODES.numberNode(i);
  }

  /** A float, or {@code null} when it overflows (Go's ParseFloat reports a range error; go-yaml keeps a string). */
  private static Resolved floatOf(String plain) {
    double d = Double.parseDouble(plain);
    return Double.isInfinite(d) ? null : new Resolved(Kind.FLOAT, DoubleNode.valueOf(d));
  }

  private static Resolved string(String text) {
    return new Resolved(Kind.STRING, TextNode.valueOf(text));
  }
}
