package dev.workloadmap.sdk.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.Optional;

/**
 * One document of a YAML (or JSON) file, read with Kubernetes' YAML 1.1 scalar rules (spec §11 d), with the
 * source position of every node.
 *
 * @param file the file name as the caller named it
 * @param index the 0-based index of this document in its stream
 * @param root the document's content as a Jackson tree (aliases and merge keys resolved); {@link
 *     com.fasterxml.jackson.databind.node.NullNode} for an empty document
 * @param positions JSON pointer to position of every node (for a mapping entry, the position of its key)
 * @param plainScalars JSON pointer to the original text of every plain (unquoted) scalar that resolved to a
 *     non-string (boolean, number or null), so that a string field can say "quote this value" and show what was
 *     written
 */
public record YamlDocument(
    String file,
    int index,
    JsonNode root,
    Map<String, SourceLocation> positions,
    Map<String, String> plainScalars) {

  public YamlDocument {
    positions = Map.copyOf(positions);
    plainScalars = Map.copyOf(plainScalars);
  }

  /**
   * The location of the node at {@code pointer}, or of its nearest ancestor that has one (a missing field is
   * reported at its parent), keeping the requested pointer in the result.
   */
  public SourceLocation locate(String pointer) {
    String p = pointer;
    while (true) {
      SourceLocation at = positions.get(p);
      if (at != null) {
        return at.withPointer(pointer);
      }
      if (p.isEmpty()) {
        return new SourceLocation(file, 0, 0, pointer);
      }
      int slash = p.lastIndexOf('/');
      p = slash <= 0 ? "" : p.substring(0, slash);
    }
  }

  /** The original text of a plain scalar that YAML 1.1 resolved to a non-string value. */
  public Optional<String> plainScalarText(String pointer) {
    return Optional.ofNullable(plainScalars.get(pointer));
  }

  /** The {@code kind} field of the document, or {@code ""}. */
  public String kind() {
    JsonNode k = root.path("kind");
    return k.isTextual() ? k.asText() : "";
  }
}
