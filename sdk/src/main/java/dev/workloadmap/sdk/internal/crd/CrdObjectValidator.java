package dev.workloadmap.sdk.internal.crd;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.dialect.Dialect;
import com.networknt.schema.dialect.Dialects;
import com.networknt.schema.keyword.NonValidationKeyword;
import com.networknt.schema.path.PathType;
import dev.workloadmap.sdk.crd.Crd;
import dev.workloadmap.sdk.crd.CrdException;
import dev.workloadmap.sdk.crd.CrdViolation;
import dev.workloadmap.sdk.definition.Gvk;
import dev.workloadmap.sdk.validation.Finding;
import dev.workloadmap.sdk.validation.Severity;
import dev.workloadmap.sdk.yaml.YamlDocument;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Validates objects (such as a definition's fixture objects) against a CRD: the version named by the object's {@code
 * apiVersion} is picked, and the object is validated against its {@code openAPIV3Schema} with networknt's OpenAPI 3.0
 * dialect ({@code nullable} honoured; the {@code x-kubernetes-*} keywords accepted as non-validating, libraries.md
 * docs/format.md#validation).
 *
 * <pre>{@code
 * List<CrdViolation> v = new CrdObjectValidator(Crd.load(crdFile, definition.rootGvk())).validate(object);
 * }</pre>
 *
 * <p>{@value #LIMITATIONS}
 *
 * <p>Thread-safe; each version's schema is compiled once (tens of milliseconds for a large CRD) and validation of a
 * typical object then takes well under a millisecond.
 */
public final class CrdObjectValidator {

  /** What a JSON Schema validator does not do that a Kubernetes API server does. */
  public static final String LIMITATIONS =
      "As an API server does before validating, null values of fields that "
          + "are not nullable are dropped and schema defaults are applied to absent fields (of a copy). Not applied: "
          + "pruning of unknown fields where the schema does not preserve them (unknown fields are accepted), CEL rules "
          + "(x-kubernetes-validations), list-type map/set uniqueness, and the validation of metadata (ObjectMeta) and "
          + "embedded resources beyond their schema.";

  /** The {@code x-kubernetes-*} extension keywords of structural schemas, accepted without validation. */
  static final List<String> KUBERNETES_KEYWORDS = List.of(
      "x-kubernetes-preserve-unknown-fields",
      "x-kubernetes-int-or-string",
      "x-kubernetes-embedded-resource",
      "x-kubernetes-list-type",
      "x-kubernetes-list-map-keys",
      "x-kubernetes-map-type",
      "x-kubernetes-validations");

  private static final SchemaRegistry REGISTRY;

  static {
    Dialect.Builder dialect = Dialect.builder(Dialects.getOpenApi30());
    KUBERNETES_KEYWORDS.forEach(k -> dialect.keyword(new NonValidationKeyword(k)));
    SchemaRegistryConfig config = SchemaRegistryConfig.builder()
        .pathType(PathType.JSON_POINTER)
        .locale(Locale.ROOT)
        .build();
    REGISTRY =
        SchemaRegistry.withDefaultDialect(dialect.build(), b -> b.schemaRegistryConfig(config));
  }

  private final Crd crd;

  /** A validator for objects of any version of {@code crd}. */
  public CrdObjectValidator(Crd crd) {
    this.crd = Objects.requireNonNull(crd, "crd");
  }

  /**
   * Validates {@code object} against the schema of the CRD version its {@code apiVersion} names.
   *
   * @return the violations (empty when valid); an object of another group or kind, or of a version the CRD lacks,
   *     gives one violation with keyword {@code apiVersion} or {@code kind} at pointer {@code ""}
   */
  public List<CrdViolation> validate(JsonNode object) {
    Objects.requireNonNull(object, "object");
    String apiVersion = object.path("apiVersion").asText("");
    String kind = object.path("kind").asText("");
    if (apiVersion.isEmpty()) {
      return List.of(new CrdViolation("", "apiVersion", "the object has no apiVersion"));
    }
    Gvk gvk = Gvk.of(apiVersion, kind);
    if (!gvk.group().equals(crd.group())) {
      return List.of(new CrdViolation(
          "",
          "apiVersion",
          "apiVersion " + apiVersion + " is not of group " + crd.group() + " (CRD " + crd.name()
              + ")"));
    }
    if (!kind.equals(crd.kind())) {
      return List.of(new CrdViolation(
          "",
          "kind",
          "kind " + (kind.isEmpty() ? "<none>" : kind) + " is not " + crd.kind() + " (CRD "
              + crd.name() + ")"));
    }
    if (!crd.versions().contains(gvk.version())) {
      return List.of(new CrdViolation(
          "",
          "apiVersion",
          "CRD " + crd.name() + " has no version " + gvk.version() + "; it has "
              + String.join(", ", crd.versions())));
    }
    return crd.schema(gvk.version()).validate(object);
  }

  /**
   * Validates an object read from YAML (a fixture) and reports each violation as a finding at the line and column
   * of the offending value (its key; the nearest existing parent for a missing required field), with the object's
   * JSON pointer.
   *
   * @return {@value #FIXTURE_SCHEMA} errors; empty when the object matches its CRD version
   */
  public List<Finding> check(YamlDocument object) {
    return check(object, null);
  }

  /**
   * As {@link #check(YamlDocument)}, and an object without {@code apiVersion} (a status-only fragment) is validated
   * against the schema of {@code fragmentVersion} instead of being reported for its missing apiVersion.
   *
   * @param fragmentVersion the CRD version for fragments, or null to report them
   * @throws CrdException when a fragment is checked and the CRD has no {@code fragmentVersion}
   */
  public List<Finding> check(YamlDocument object, String fragmentVersion) {
    Objects.requireNonNull(object, "object");
    List<Finding> out = new ArrayList<>();
    boolean fragment =
        fragmentVersion != null && object.root().path("apiVersion").asText("").isEmpty();
    List<CrdViolation> violations =
        fragment ? crd.schema(fragmentVersion).validate(object.root()) : validate(object.root());
    for (CrdViolation v : violations) {
      String where = v.pointer().isEmpty() ? "the object" : v.pointer();
      out.add(new Finding(
          FIXTURE_SCHEMA,
          Severity.ERROR,
          where + " does not match CRD " + crd.name() + ": " + v.message() + " [" + v.keyword()
              + "]",
          object.locate(v.pointer()),
          "fix the object to match the API it claims to be (" + LIMITATIONS + ")",
          null));
    }
    return out;
  }

  /** Rule id of an object (fixture) that does not match its CRD's schema. */
  public static final String FIXTURE_SCHEMA = "crd.fixture-schema";

  public static Compiled compile(JsonNode openApiV3Schema) {
    Schema schema = REGISTRY.getSchema(openApiV3Schema);
    schema.initializeValidators();
    return new Compiled(schema, openApiV3Schema);
  }

  /** A compiled schema. */
  public static final class Compiled {
    private final Schema schema;
    private final JsonNode node;

    Compiled(Schema schema, JsonNode node) {
      this.schema = schema;
      this.node = node;
    }

    public List<CrdViolation> validate(JsonNode object) {
      List<CrdViolation> out = new ArrayList<>();
      JsonNode prepared = object.deepCopy();
      Defaulting.apply(prepared, node);
      for (Error e : schema.validate(prepared)) {
        String pointer =
            e.getInstanceLocation() == null ? "" : e.getInstanceLocation().toString();
        out.add(new CrdViolation(
            pointer, e.getKeyword() == null ? "" : e.getKeyword(), e.getMessage()));
      }
      return out;
    }
  }
}
