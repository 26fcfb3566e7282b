package dev.workloadmap.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.UncheckedIOException;

/** The view formats of {@code -o} (see {@link OutputOptions}) and the JSON and YAML writers shared by the commands. */
public enum Output {
  TABLE,
  WIDE,
  JSON,
  YAML;

  static final ObjectMapper JSON_MAPPER =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  static final YAMLMapper YAML_MAPPER = YAMLMapper.builder()
      .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
      .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
      .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
      .build();

  boolean structured() {
    return this == JSON || this == YAML;
  }

  /** {@code node} as indented JSON or as YAML, ending with a newline. */
  String write(JsonNode node) {
    try {
      return this == YAML
          ? YAML_MAPPER.writeValueAsString(node)
          : JSON_MAPPER.writeValueAsString(node) + "\n";
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
