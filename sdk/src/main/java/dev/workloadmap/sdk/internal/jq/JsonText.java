package dev.workloadmap.sdk.internal.jq;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Compact JSON text exactly as the reference engine writes it ({@code gojq -c}, {@code tojson}, {@code tostring}):
 * object keys in code-point order, numbers as in {@link JsonNumbers#format(JsonNode)}, strings escaped like gojq
 * ({@code \"}, {@code \\}, {@code \b}, {@code \f}, {@code \n}, {@code \r}, {@code \t}, other control characters and
 * DEL as &#92;u00xx escapes; no HTML escaping; a lone surrogate becomes U+FFFD).
 */
public final class JsonText {
  private JsonText() {}

  private static final char[] HEX = "0123456789abcdef".toCharArray();

  /** The compact JSON text of {@code node}; a Java {@code null} or a missing node reads as JSON {@code null}. */
  public static String toJson(JsonNode node) {
    StringBuilder sb = new StringBuilder();
    write(node, sb);
    return sb.toString();
  }

  /** Appends the compact JSON text of {@code node} to {@code sb}. */
  public static void write(JsonNode node, StringBuilder sb) {
    if (node == null || node.isNull() || node.isMissingNode()) {
      sb.append("null");
    } else if (node.isTextual()) {
      quote(node.textValue(), sb);
    } else if (node.isNumber()) {
      sb.append(JsonNumbers.format(node));
    } else if (node.isBoolean()) {
      sb.append(node.booleanValue() ? "true" : "false");
    } else if (node.isArray()) {
      sb.append('[');
      for (int i = 0; i < node.size(); i++) {
        if (i > 0) {
          sb.append(',');
        }
        write(node.get(i), sb);
      }
      sb.append(']');
    } else if (node.isObject()) {
      List<String> keys = new ArrayList<>(node.size());
      Iterator<String> it = node.fieldNames();
      while (it.hasNext()) {
        keys.add(it.next());
      }
      keys.sort(SortedKeys::compareCodePoints);
      sb.append('{');
      boolean first = true;
      for (String k : keys) {
        if (!first) {
          sb.append(',');
        }
        first = false;
        quote(k, sb);
        sb.append(':');
        write(node.get(k), sb);
      }
      sb.append('}');
    } else {
      // binary and POJO nodes never come out of JSON text; render their text form as a string
      quote(node.asText(), sb);
    }
  }

  /** Appends {@code s} as a JSON string literal. */
  public static void quote(String s, StringBuilder sb) {
    sb.append('"');
    int n = s.length();
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> sb.append("\\\"");
        case '\\' -> sb.append("\\\\");
        case '\b' -> sb.append("\\b");
        case '\f' -> sb.append("\\f");
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        case '\t' -> sb.append("\\t");
        default -> {
          if (c < 0x20 || c == 0x7f) {
            sb.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 0xf]);
          } else if (Character.isHighSurrogate(c)
              && i + 1 < n
              && Character.isLowSurrogate(s.charAt(i + 1))) {
            sb.append(c).append(s.charAt(++i));
          } else if (Character.isSurrogate(c)) {
            sb.append('\uFFFD');
          } else {
            sb.append(c);
          }
        }
      }
    }
    sb.append('"');
  }
}
