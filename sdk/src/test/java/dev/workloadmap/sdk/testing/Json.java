package dev.workloadmap.sdk.testing;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.workloadmap.sdk.jq.JqValues;
import java.util.List;

/** JSON helpers for tests: parse a literal, render results the way the reference prints them. */
public final class Json {
  private Json() {}

  private static final ObjectMapper MAPPER = new ObjectMapper();

  /**
   * Parses {@code json} with a default Jackson mapper (floating-point numbers as doubles, key order as written).
   *
   * @throws IllegalArgumentException when {@code json} is not JSON
   */
  public static JsonNode parse(String json) {
    try {
      return MAPPER.readTree(json);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("not JSON: " + json, e);
    }
  }

  /** Each value as {@link JqValues#toCompactJson(JsonNode)} renders it. */
  public static List<String> compact(List<JsonNode> values) {
    return values.stream().map(JqValues::toCompactJson).toList();
  }

  /** The shared mapper, for tests that build nodes. */
  public static ObjectMapper mapper() {
    return MAPPER;
  }
}
