package dev.workloadmap.schema.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.dialect.Dialect;
import com.networknt.schema.dialect.Dialects;
import com.networknt.schema.keyword.NonValidationKeyword;
import com.networknt.schema.path.PathType;
import dev.workloadmap.schema.SchemaForm;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The networknt json-schema-validator (2.0.8) side: one registry and one compiled schema per form, each compiled on
 * first use and shared. Compiled networknt schemas are immutable after {@link Schema#initializeValidators()}, so
 * validation is safe from any number of threads.
 */
public final class NetworkntSchemas {

  /**
   * Keywords the schema uses that draft 2020-12 does not define. They are read by this module (or by editors), never
   * validated by networknt; registering them keeps networknt from logging an "unknown keyword" warning for each.
   */
  public static final List<String> ANNOTATION_KEYWORDS = List.of(
      "x-kubernetes-list-type",
      ListMapKeyCheck.KEYWORD,
      ViolationMapper.CURRENT_FORM_KEYWORD,
      ViolationMapper.MESSAGES_KEYWORD,
      ViolationMapper.PATTERN_MESSAGE_KEYWORD);

  private final SchemaRegistry registry;
  private final String id;
  private Schema dispatching;
  private final Map<SchemaForm, Schema> forms = new EnumMap<>(SchemaForm.class);

  /**
   * Sets up the registry of {@code document}; each schema (the top-level one, each form's) is compiled the first time
   * it validates, so that a process that checks documents of one form compiles that form only (compiling the
   * dispatching schema compiles every form through it: most of a CLI call's schema set-up).
   *
   * @param document the loaded schema; its {@code $id} is the base of every location
   */
  public NetworkntSchemas(SchemaDocument document) {
    Objects.requireNonNull(document, "document");
    Dialect.Builder dialect = Dialect.builder(Dialects.getDraft202012());
    ANNOTATION_KEYWORDS.forEach(k -> dialect.keyword(new NonValidationKeyword(k)));
    SchemaRegistryConfig config = SchemaRegistryConfig.builder()
        .pathType(PathType.JSON_POINTER)
        .locale(Locale.ROOT)
        .build();
    this.id = document.id();
    this.registry = SchemaRegistry.withDefaultDialect(
        dialect.build(),
        b -> b.schemas(Map.of(document.id(), document.text())).schemaRegistryConfig(config));
  }

  private static Schema load(SchemaRegistry registry, String location) {
    Schema schema = registry.getSchema(SchemaLocation.of(location));
    schema.initializeValidators();
    return schema;
  }

  /** One form's compiled schema, compiled on first use; compiled schemas are immutable and shared. */
  private synchronized Schema form(SchemaForm form) {
    return forms.computeIfAbsent(form, f -> load(registry, id + "#" + formFragment(f)));
  }

  private synchronized Schema dispatching() {
    if (dispatching == null) {
      dispatching = load(registry, id);
    }
    return dispatching;
  }

  /** The fragment pointer of a form's document schema, such as {@code /$defs/Karta}. */
  public static String formFragment(SchemaForm form) {
    return "/$defs/" + form.kind();
  }

  /** Validates against one form's schema directly: the errors of that form only, with no dispatch in between. */
  public List<Error> validate(SchemaForm form, JsonNode document) {
    return form(form).validate(document);
  }

  /** Validates against the top-level schema, which dispatches on apiVersion and kind (as editors do). */
  public List<Error> validateDispatching(JsonNode document) {
    return dispatching().validate(document);
  }
}
