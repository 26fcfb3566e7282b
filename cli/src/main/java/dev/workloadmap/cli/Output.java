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

  // Built on first use (holder classes): a table view, the most common, needs neither, and building
  // them (the YAML
  // mapper above all) was 5% of a describe -f's start-up.
  private static final class Json {
    static final ObjectMapper MAPPER =
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  }

  private static final class Yaml {
    static final YAMLMapper MAPPER = YAMLMapper.builder()
        .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
        .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
        .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
        .build();
  }

  /** The indented JSON writer shared by the commands. */
  static ObjectMapper jsonMapper() {
    return Json.MAPPER;
  }

  /** The YAML mapper shared by the commands. */
  static YAMLMapper yamlMapper() {
    return Yaml.MAPPER;
  }

  boolean structured() {
    return this == JSON || this == YAML;
  }

  /** {@code node} as indented JSON or as YAML, ending with a newline. */
  String write(JsonNode node) {
    try {
      return this == YAML
          ? yamlMapper().writeValueAsString(node)
          : jsonMapper().writeValueAsString(node) + "\n";
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
