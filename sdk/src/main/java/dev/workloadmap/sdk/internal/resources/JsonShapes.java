package dev.workloadmap.sdk.internal.resources;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.resources.InvalidQuantityException;

/** JSON paths for messages ({@code spec.containers[1].resources.limits["nvidia.com/gpu"]}) and node descriptions. */
public final class JsonShapes {
  private JsonShapes() {}

  /** {@code base.name}, or {@code base["name"]} when the name is not a plain identifier (jq's notation). */
  public static String field(String base, String name) {
    if (isIdentifier(name)) {
      return base.isEmpty() ? name : base + "." + name;
    }
    return base + "[" + InvalidQuantityException.quote(name) + "]";
  }

  /** {@code [A-Za-z_][A-Za-z0-9_]*}, checked without a regex: it runs for every field of every pod's resources. */
  private static boolean isIdentifier(String name) {
    if (name.isEmpty()) {
      return false;
    }
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      boolean letter = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
      if (!letter && (i == 0 || c < '0' || c > '9')) {
        return false;
      }
    }
    return true;
  }

  /** {@code base[index]}. */
  public static String index(String base, int index) {
    return base + "[" + index + "]";
  }

  /** {@code an object}, {@code an array}, {@code a string}, ... for messages. */
  public static String describe(JsonNode node) {
    if (node == null || node.isMissingNode()) {
      return "nothing";
    }
    return switch (node.getNodeType()) {
      case OBJECT -> "an object";
      case ARRAY -> "an array";
      case STRING -> "a string";
      case NUMBER -> "a number";
      case BOOLEAN -> "a boolean";
      case NULL -> "null";
      case BINARY -> "binary data";
      default -> "a " + node.getNodeType().toString().toLowerCase(java.util.Locale.ROOT) + " value";
    };
  }
}
