package dev.workloadmap.sdk.yaml;

import static org.apiguardian.api.API.Status.STABLE;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.internal.yaml.ScalarPositions;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * One document of a YAML (or JSON) file, read with Kubernetes' YAML 1.1 scalar rules (docs/format.md#decision-d), with
 * the source position of every node.
 *
 * @param file the file name as the caller named it
 * @param index the 0-based index of this document in its stream
 * @param root the document's content as a Jackson tree (aliases and merge keys resolved); {@link
 *     com.fasterxml.jackson.databind.node.NullNode} for an empty document
 * @param positions JSON pointer to position of every node (for a mapping entry, the position of its key)
 * @param plainScalars JSON pointer to the original text of every plain (unquoted) scalar that resolved to a
 *     non-string (boolean, number or null), so that a string field can say "quote this value" and show what was
 *     written
 * @param scalars JSON pointer to the source of every string scalar, for {@link #locateInValue(String, int)}
 */
@API(status = STABLE, since = "0.1")
public record YamlDocument(
    String file,
    int index,
    JsonNode root,
    Map<String, SourceLocation> positions,
    Map<String, String> plainScalars,
    Map<String, ScalarSource> scalars) {

  public YamlDocument {
    positions = Map.copyOf(positions);
    plainScalars = Map.copyOf(plainScalars);
    scalars = Map.copyOf(scalars);
  }

  /** A document without scalar sources ({@link #locateInValue(String, int)} then falls back to {@link #locate}). */
  public YamlDocument(
      String file,
      int index,
      JsonNode root,
      Map<String, SourceLocation> positions,
      Map<String, String> plainScalars) {
    this(file, index, root, positions, plainScalars, Map.of());
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

  /**
   * The location of char {@code offset} (0-based, in UTF-16 chars as Java strings count) of the string value at
   * {@code pointer}, for example the exact char of a jq expression that a finding is about; {@code offset ==
   * value.length()} is the position just after the value.
   *
   * <p>Exact for plain, single-quoted and double-quoted scalars (on one line or folded over several) and for
   * {@code |} and {@code >} blocks with automatic indentation (any chomping). Falls back to the scalar's own start
   * (its quote or block indicator) when the mapping is not exact, for example for a block with an explicit
   * indentation indicator, and to {@link #locate(String)} (the key) when the node is not a string scalar read from
   * source.
   */
  public SourceLocation locateInValue(String pointer, int offset) {
    ScalarSource source = scalars.get(pointer);
    JsonNode value = root.at(pointer);
    if (source == null || !value.isTextual()) {
      return locate(pointer);
    }
    int[] at = ScalarPositions.locate(source, value.asText(), offset);
    return at == null
        ? new SourceLocation(file, source.line(), source.column(), pointer)
        : new SourceLocation(file, at[0], at[1], pointer);
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
