package dev.workloadmap.schema.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** RFC 6901 JSON pointers: building, splitting, naming and ordering them. */
public final class Pointers {

  private Pointers() {}

  /** Escapes one reference token ({@code ~} as {@code ~0}, {@code /} as {@code ~1}). */
  public static String escape(String token) {
    if (token.indexOf('~') < 0 && token.indexOf('/') < 0) {
      return token;
    }
    return token.replace("~", "~0").replace("/", "~1");
  }

  /** The pointer of a child: {@code parent + "/" + escape(token)}. */
  public static String child(String parent, String token) {
    return parent + "/" + escape(token);
  }

  /** The pointer of an array item. */
  public static String child(String parent, int index) {
    return parent + "/" + index;
  }

  /** The unescaped reference tokens of a pointer; none for {@code ""}. */
  public static List<String> tokens(String pointer) {
    List<String> tokens = new ArrayList<>();
    if (pointer.isEmpty()) {
      return tokens;
    }
    for (String raw : pointer.substring(1).split("/", -1)) {
      tokens.add(raw.replace("~1", "/").replace("~0", "~"));
    }
    return tokens;
  }

  /** The pointer of the parent node; {@code ""} for the root and its children. */
  public static String parent(String pointer) {
    int slash = pointer.lastIndexOf('/');
    return slash <= 0 ? "" : pointer.substring(0, slash);
  }

  /**
   * How a message names the node at a pointer: the quoted field name ({@code "replicasPath"}), with the index for
   * an array item ({@code "members[2]"}), or {@code the document} for the root.
   */
  public static String label(String pointer) {
    List<String> tokens = tokens(pointer);
    if (tokens.isEmpty()) {
      return "the document";
    }
    StringBuilder indices = new StringBuilder();
    int i = tokens.size() - 1;
    while (i > 0 && isIndex(tokens.get(i))) {
      indices.insert(0, "[" + tokens.get(i) + "]");
      i--;
    }
    return "\"" + tokens.get(i) + indices + "\"";
  }

  private static boolean isIndex(String token) {
    if (token.isEmpty()) {
      return false;
    }
    for (int i = 0; i < token.length(); i++) {
      if (!Character.isDigit(token.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  /** Every node's pointer mapped to its position in a pre-order walk of the document (document order). */
  public static Map<String, Integer> documentOrder(JsonNode document) {
    Map<String, Integer> order = new HashMap<>();
    walk(document, "", order);
    return order;
  }

  private static void walk(JsonNode node, String pointer, Map<String, Integer> order) {
    order.put(pointer, order.size());
    if (node.isObject()) {
      for (Map.Entry<String, JsonNode> field : node.properties()) {
        walk(field.getValue(), child(pointer, field.getKey()), order);
      }
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        walk(node.get(i), child(pointer, i), order);
      }
    }
  }
}
