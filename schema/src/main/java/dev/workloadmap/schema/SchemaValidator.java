package dev.workloadmap.schema;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.schema.internal.ListMapKeyCheck;
import dev.workloadmap.schema.internal.NetworkntSchemas;
import dev.workloadmap.schema.internal.Pointers;
import dev.workloadmap.schema.internal.SchemaDocument;
import dev.workloadmap.schema.internal.ViolationMapper;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Checks a Workload Map definition against the JSON Schema of the form it declares (docs/format.md#shape-rules,
 * docs/format.md#validation-layers layer 2).
 *
 * <p>The schema is the classpath resource {@value #SCHEMA_RESOURCE}. It is loaded and compiled once, on the first
 * call of {@link #getInstance()}; the instance is immutable and safe to share between threads. Validating a small
 * definition takes microseconds.
 *
 * <p>What is checked, for the form that {@link SchemaForm#detect(JsonNode)} finds:
 *
 * <ul>
 *   <li>types, required fields, {@code minItems} of suspend and resume actions, and the enumerated status mapping
 *       keys (five in the legacy form, eight in the current form);
 *   <li>current form: {@code componentTypeSelector.keyPath} not empty, {@code matchLabels} with at least one entry,
 *       at least one of {@code keyPath} or {@code matchLabels}, and {@code value} only with {@code keyPath}
 *       (docs/format.md#pod-selector); legacy form: {@code componentTypeSelector.keyPath} required;
 *   <li>unique keys in the CRD's list-maps (component {@code name}, {@code additionalChildKinds} {@code kind}, pod
 *       group {@code name}, member and subgroup {@code componentName}) and no repeats in the sets
 *       {@code groupByKeyPaths} and {@code filters};
 *   <li>unknown fields everywhere outside {@code status} and the sub-objects of {@code metadata}, reported as
 *       {@link SchemaViolation.Kind#UNKNOWN_FIELD} with a suggested name, so that callers can treat them as
 *       warnings (docs/format.md#validation-other). Fields of the current form in a legacy document are unknown fields
 *       of the legacy form, and their message says so (docs/format.md#legacy-mapping).
 * </ul>
 *
 * <p>Not checked here: CRD defaults (they are applied on load, not validated), the rules of the reference validator
 * (docs/format.md#validation-structure, such as an ownerRef on the root or more than one pod-spec variant), jq syntax,
 * and label syntax inside {@code matchLabels}.
 */
public final class SchemaValidator {

  /** The classpath resource of the schema, which is also the file to give editors. */
  public static final String SCHEMA_RESOURCE =
      "META-INF/workloadmap/schema/workloadmap-definition.schema.json";

  /** The schema's {@code $id}. */
  public static final String SCHEMA_ID =
      "https://workloadmap.dev/schema/v1alpha1/workloadmap-definition.schema.json";

  private static final class Holder {
    static final SchemaValidator INSTANCE = new SchemaValidator(
        SchemaDocument.load(SchemaValidator.class.getClassLoader(), SCHEMA_RESOURCE));
  }

  private final SchemaDocument schema;
  private final NetworkntSchemas networknt;
  private final ViolationMapper mapper;
  private final ListMapKeyCheck listMapKeys;

  private SchemaValidator(SchemaDocument schema) {
    if (!SCHEMA_ID.equals(schema.id())) {
      throw new IllegalStateException("the schema resource " + SCHEMA_RESOURCE + " has $id "
          + schema.id() + ", expected " + SCHEMA_ID);
    }
    this.schema = schema;
    this.networknt = new NetworkntSchemas(schema);
    this.mapper = new ViolationMapper(schema);
    this.listMapKeys = new ListMapKeyCheck(schema);
  }

  /**
   * The shared validator. The first call loads and compiles the schema (tens of milliseconds).
   *
   * @throws IllegalStateException (wrapped in an {@link ExceptionInInitializerError} on the first call) if the
   *     schema resource is missing or unreadable, which means the jar is broken
   */
  public static SchemaValidator getInstance() {
    return Holder.INSTANCE;
  }

  /**
   * Validates a definition against the form it declares ({@link SchemaForm#detect(JsonNode)}).
   *
   * @param document a parsed definition (from JSON or YAML); any JSON value is accepted, and a value that is not an
   *     object gives one violation at pointer {@code ""}
   * @return the violations in document order (a missing field is reported at the object that lacks it), each
   *     distinct problem once; empty when the document is valid
   * @throws NullPointerException if {@code document} is null
   */
  public List<SchemaViolation> validate(JsonNode document) {
    return validate(document, SchemaForm.detect(document));
  }

  /**
   * Validates a definition against a given form, whatever it declares. A document of the other form then gets
   * violations for {@code apiVersion} and {@code kind}.
   *
   * @param document a parsed definition
   * @param form the form to check against
   * @return the violations in document order; empty when the document is valid
   * @throws NullPointerException if {@code document} or {@code form} is null
   */
  public List<SchemaViolation> validate(JsonNode document, SchemaForm form) {
    Objects.requireNonNull(document, "document");
    Objects.requireNonNull(form, "form");
    List<SchemaViolation> violations =
        new ArrayList<>(mapper.map(networknt.validate(form, document), form));
    listMapKeys.check(schema.at(NetworkntSchemas.formFragment(form)), document, violations);
    if (violations.size() > 1) {
      Map<String, Integer> order = Pointers.documentOrder(document);
      violations.sort(Comparator.comparingInt(v -> position(order, v.pointer())));
    }
    return List.copyOf(violations);
  }

  private static int position(Map<String, Integer> order, String pointer) {
    String p = pointer;
    while (true) {
      Integer position = order.get(p);
      if (position != null || p.isEmpty()) {
        return position == null ? 0 : position;
      }
      p = Pointers.parent(p);
    }
  }
}
