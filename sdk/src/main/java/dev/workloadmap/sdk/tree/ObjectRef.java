package dev.workloadmap.sdk.tree;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Identity of a Kubernetes object: {@code apiVersion}, {@code kind}, {@code metadata.namespace} ({@code ""} when
 * absent) and {@code metadata.name} (or {@code generateName}).
 */
public record ObjectRef(String apiVersion, String kind, String namespace, String name) {

  /** Reads the identity fields of an object; absent fields read as {@code ""}. */
  public static ObjectRef of(JsonNode object) {
    JsonNode meta = object.path("metadata");
    String name = meta.path("name").asText("");
    if (name.isEmpty()) {
      name = meta.path("generateName").asText("");
    }
    return new ObjectRef(
        object.path("apiVersion").asText(""), object.path("kind").asText(""), meta.path("namespace").asText(""), name);
  }

  /** {@code Kind/name}, as kubectl prints it. */
  @Override
  public String toString() {
    return kind + "/" + name;
  }
}
