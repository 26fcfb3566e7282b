package dev.workloadmap.schema;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.schema.internal.NetworkntSchemas;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The shipped schema file itself: where it is, what it declares, and that editors get help for every part. */
class SchemaResourceTest {

  private static JsonNode schema() throws IOException {
    try (InputStream in = SchemaResourceTest.class
        .getClassLoader()
        .getResourceAsStream(SchemaValidator.SCHEMA_RESOURCE)) {
      assertThat(in)
          .as("classpath resource %s", SchemaValidator.SCHEMA_RESOURCE)
          .isNotNull();
      return Definitions.JSON.readTree(in);
    }
  }

  @Test
  void resourceParsesAndDeclaresDraft202012AndItsId() throws IOException {
    JsonNode schema = schema();
    assertThat(schema.path("$schema").asText())
        .isEqualTo("https://json-schema.org/draft/2020-12/schema");
    assertThat(schema.path("$id").asText()).isEqualTo(SchemaValidator.SCHEMA_ID);
  }

  @Test
  void classpathResourceIsTheEditorFileUnderSrcMainResources() throws IOException {
    Path source = Path.of("src/main/resources", SchemaValidator.SCHEMA_RESOURCE);
    assertThat(source)
        .as("the editor-facing schema file, relative to the module directory")
        .isRegularFile();
    try (InputStream in =
        getClass().getClassLoader().getResourceAsStream(SchemaValidator.SCHEMA_RESOURCE)) {
      assertThat(in.readAllBytes()).isEqualTo(Files.readAllBytes(source));
    }
  }

  @Test
  void topLevelDispatchesToBothFormsThroughDefs() throws IOException {
    JsonNode schema = schema();
    assertThat(schema.path("then").path("$ref").asText()).isEqualTo("#/$defs/ResourceInterface");
    assertThat(schema.path("else").path("$ref").asText()).isEqualTo("#/$defs/Karta");
    assertThat(schema
            .path("$defs")
            .path("Karta")
            .path("properties")
            .path("apiVersion")
            .path("const")
            .asText())
        .isEqualTo(SchemaForm.CURRENT.apiVersion());
    assertThat(schema
            .path("$defs")
            .path("ResourceInterface")
            .path("properties")
            .path("kind")
            .path("const")
            .asText())
        .isEqualTo(SchemaForm.LEGACY.kind());
  }

  @Test
  void everyDefinitionHasTitleAndDescription() throws IOException {
    JsonNode defs = schema().path("$defs");
    assertThat(defs.size()).isGreaterThan(30);
    for (Map.Entry<String, JsonNode> def : defs.properties()) {
      assertThat(def.getValue().path("title").asText())
          .as("title of $defs/%s", def.getKey())
          .isNotBlank();
      assertThat(def.getValue().path("description").asText())
          .as("description of $defs/%s", def.getKey())
          .isNotBlank();
    }
  }

  @Test
  void everyPropertyHasADescription() throws IOException {
    List<String> missing = new ArrayList<>();
    for (Map.Entry<String, JsonNode> def : schema().path("$defs").properties()) {
      for (Map.Entry<String, JsonNode> property :
          def.getValue().path("properties").properties()) {
        if (property.getValue().path("description").asText().isBlank()) {
          missing.add(def.getKey() + "." + property.getKey());
        }
      }
    }
    assertThat(missing).as("properties without a description").isEmpty();
  }

  @Test
  void everyObjectWithPropertiesRejectsUnknownFieldsExceptTheOperatorStatus() throws IOException {
    List<String> open = new ArrayList<>();
    for (Map.Entry<String, JsonNode> def : schema().path("$defs").properties()) {
      JsonNode d = def.getValue();
      if (d.has("properties") && !d.path("additionalProperties").isBoolean()) {
        open.add(def.getKey());
      }
    }
    assertThat(open).containsExactly("DefinitionStatus");
  }

  @Test
  void statusMappingKeysAreEightInTheCurrentFormAndFiveInTheLegacyForm() throws IOException {
    JsonNode defs = schema().path("$defs");
    assertThat(names(defs.path("KartaStatusMappings").path("properties")))
        .containsExactly(
            "initializing",
            "running",
            "completed",
            "failed",
            "degraded",
            "suspended",
            "suspending",
            "resuming");
    assertThat(names(defs.path("ResourceInterfaceStatusMappings").path("properties")))
        .containsExactly("initializing", "running", "completed", "failed", "degraded");
  }

  @Test
  void crdDefaultsAreAnnotationsOnlyAndNeverRequired() throws IOException {
    JsonNode conditions = schema().path("$defs").path("ConditionsDefinition");
    assertThat(
            conditions.path("properties").path("typeFieldName").path("default").asText())
        .isEqualTo("type");
    assertThat(conditions
            .path("properties")
            .path("reasonFieldName")
            .path("default")
            .asText())
        .isEqualTo("reason");
    assertThat(names(conditions.path("required"))).containsExactly("path");
  }

  @Test
  void everyNonStandardKeywordIsRegisteredWithTheValidator() throws IOException {
    Set<String> used = new TreeSet<>();
    collectCustomKeywords(schema(), used, false);
    assertThat(NetworkntSchemas.ANNOTATION_KEYWORDS).containsExactlyInAnyOrderElementsOf(used);
    assertThat(used)
        .as("editors show a schema's errorMessage for any failure, even a wrong type")
        .doesNotContain("errorMessage");
  }

  /** Collects {@code x-*} and {@code *ErrorMessage} keys, skipping the names inside {@code properties}. */
  private static void collectCustomKeywords(JsonNode node, Set<String> out, boolean namesAreData) {
    if (node.isObject()) {
      for (Map.Entry<String, JsonNode> field : node.properties()) {
        String key = field.getKey();
        if (!namesAreData && (key.startsWith("x-") || key.endsWith("rrorMessage"))) {
          out.add(key);
        }
        boolean childNamesAreData =
            !namesAreData && (key.equals("properties") || key.equals("$defs"));
        if (!key.equals("x-workloadmap-messages")
            && !key.equals("examples")
            && !key.equals("default")) {
          collectCustomKeywords(field.getValue(), out, childNamesAreData);
        }
      }
    } else if (node.isArray()) {
      node.forEach(item -> collectCustomKeywords(item, out, false));
    }
  }

  private static List<String> names(JsonNode node) {
    List<String> names = new ArrayList<>();
    if (node.isArray()) {
      node.forEach(n -> names.add(n.asText()));
    } else {
      node.fieldNames().forEachRemaining(names::add);
    }
    return names;
  }
}
