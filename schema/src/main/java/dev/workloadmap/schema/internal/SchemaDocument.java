package dev.workloadmap.schema.internal;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The schema file as read from the classpath: its text (handed to networknt) and its parsed tree (read by the
 * translation of errors, which needs the {@code properties} of the object an unknown field sits in, the
 * {@code errorMessage} texts and the list-map keys).
 */
public final class SchemaDocument {

  private static final String LOCAL_REF_PREFIX = "#";

  private final String text;
  private final JsonNode root;
  private final String id;
  private final Map<String, JsonNode> nodesByPointer = new ConcurrentHashMap<>();

  private SchemaDocument(String text, JsonNode root) {
    this.text = text;
    this.root = root;
    JsonNode idNode = root.path("$id");
    if (!idNode.isTextual()) {
      throw new IllegalStateException("the Workload Map schema has no \"$id\"");
    }
    this.id = idNode.textValue();
  }

  /**
   * Reads and parses a schema resource.
   *
   * @param loader the class loader to read it from
   * @param resource the resource name, such as {@code META-INF/workloadmap/schema/workloadmap-definition.schema.json}
   * @return the loaded schema
   * @throws IllegalStateException if the resource is missing, is not JSON, or has no {@code $id}
   */
  public static SchemaDocument load(ClassLoader loader, String resource) {
    Objects.requireNonNull(loader, "loader");
    try (InputStream in = loader.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException(
            "the Workload Map schema is missing from the classpath: " + resource);
      }
      String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      JsonNode root = new ObjectMapper().readTree(text);
      return new SchemaDocument(text, root);
    } catch (IOException e) {
      throw new IllegalStateException(
          "the Workload Map schema " + resource + " cannot be read: " + e.getMessage(), e);
    }
  }

  /** The schema text exactly as stored in the resource. */
  public String text() {
    return text;
  }

  /** The schema's {@code $id}. */
  public String id() {
    return id;
  }

  /** The parsed schema; callers must not modify it. */
  public JsonNode root() {
    return root;
  }

  /**
   * The schema node at a fragment pointer such as {@code /$defs/Karta/properties/spec}.
   *
   * @return the node, or a missing node when the pointer leads nowhere
   */
  public JsonNode at(String fragmentPointer) {
    if (fragmentPointer.isEmpty()) {
      return root;
    }
    return nodesByPointer.computeIfAbsent(fragmentPointer, p -> {
      try {
        return root.at(JsonPointer.compile(p));
      } catch (IllegalArgumentException e) {
        return MissingNode.getInstance();
      }
    });
  }

  /**
   * Follows local {@code $ref}s ({@code #/...}) until a schema without one is reached.
   *
   * @return the referenced schema, or {@code schema} itself when it has no local {@code $ref}
   */
  public JsonNode deref(JsonNode schema) {
    JsonNode current = schema;
    for (int hops = 0; hops < 32; hops++) {
      JsonNode ref = current.path("$ref");
      if (!ref.isTextual() || !ref.textValue().startsWith(LOCAL_REF_PREFIX)) {
        return current;
      }
      current = at(ref.textValue().substring(LOCAL_REF_PREFIX.length()));
    }
    throw new IllegalStateException("the Workload Map schema has a $ref cycle at " + schema);
  }

  /**
   * The schema a local reference such as {@code #/$defs/KartaSpec} leads to, following further {@code $ref}s.
   *
   * @return the schema, or a missing node when the reference is not local or leads nowhere
   */
  public JsonNode resolve(String localRef) {
    if (!localRef.startsWith(LOCAL_REF_PREFIX)) {
      return MissingNode.getInstance();
    }
    return deref(at(localRef.substring(LOCAL_REF_PREFIX.length())));
  }
}
