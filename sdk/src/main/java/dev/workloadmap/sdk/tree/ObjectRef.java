package dev.workloadmap.sdk.tree;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import org.apiguardian.api.API;

/**
 * Identity of a Kubernetes object: {@code apiVersion}, {@code kind}, {@code metadata.namespace} ({@code ""} when
 * absent) and {@code metadata.name} (or {@code generateName}).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ObjectRef(String apiVersion, String kind, String namespace, String name) {

  /** Reads the identity fields of an object; absent fields read as {@code ""}. */
  public static ObjectRef of(JsonNode object) {
    JsonNode meta = object.path("metadata");
    String name = meta.path("name").asText("");
    if (name.isEmpty()) {
      name = meta.path("generateName").asText("");
    }
    return new ObjectRef(
        object.path("apiVersion").asText(""),
        object.path("kind").asText(""),
        meta.path("namespace").asText(""),
        name);
  }

  /** {@code Kind/name}, as kubectl prints it. */
  @Override
  public String toString() {
    return kind + "/" + name;
  }
}
