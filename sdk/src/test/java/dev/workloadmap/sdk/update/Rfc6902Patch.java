package dev.workloadmap.sdk.update;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The tests' RFC 6902 applier for the operations {@link UpdateResult} emits ({@code add}, {@code remove}, {@code
 * replace}), with RFC 6901 pointers decoded by Jackson's {@link JsonPointer}. zjsonpatch's own {@code JsonPatch.apply}
 * (0.4.16) decodes {@code ~00} as {@code ~} instead of {@code ~0}, so a key such as {@code a~0b} in a patch path
 * lands on the wrong key there (UpdateFuzzTest found it); an API server decodes it as the RFC says.
 */
public final class Rfc6902Patch {

  private Rfc6902Patch() {}

  /** {@code patch} applied to a copy of {@code document}. */
  public static JsonNode apply(JsonNode patch, JsonNode document) {
    JsonNode root = document.deepCopy();
    for (JsonNode op : patch) {
      String name = op.path("op").asText();
      JsonPointer path = JsonPointer.compile(op.path("path").asText());
      if (path.matches()) {
        if (!name.equals("replace") && !name.equals("add")) {
          throw new IllegalArgumentException("cannot " + name + " the root: " + op);
        }
        root = op.get("value").deepCopy();
        continue;
      }
      JsonNode parent = root.at(path.head());
      String token = path.last().getMatchingProperty();
      if (parent instanceof ObjectNode o) {
        switch (name) {
          case "add" -> o.set(token, op.get("value").deepCopy());
          case "replace" -> {
            if (!o.has(token)) {
              throw new IllegalArgumentException("replace of a missing member: " + op);
            }
            o.set(token, op.get("value").deepCopy());
          }
          case "remove" -> {
            if (o.remove(token) == null) {
              throw new IllegalArgumentException("remove of a missing member: " + op);
            }
          }
          default -> throw new IllegalArgumentException("unexpected operation: " + op);
        }
      } else if (parent instanceof ArrayNode a) {
        int index = token.equals("-") ? a.size() : Integer.parseInt(token);
        switch (name) {
          case "add" -> a.insert(index, op.get("value").deepCopy());
          case "replace" -> a.set(index, op.get("value").deepCopy());
          case "remove" -> a.remove(index);
          default -> throw new IllegalArgumentException("unexpected operation: " + op);
        }
      } else {
        throw new IllegalArgumentException("no container at " + path.head() + ": " + op);
      }
    }
    return root;
  }
}
