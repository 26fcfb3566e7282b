package dev.workloadmap.schema;

import static dev.workloadmap.schema.Definitions.read;
import static dev.workloadmap.schema.Definitions.remove;
import static dev.workloadmap.schema.Definitions.rename;
import static dev.workloadmap.schema.Definitions.set;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.dialect.Dialect;
import com.networknt.schema.dialect.Dialects;
import com.networknt.schema.keyword.NonValidationKeyword;
import com.networknt.schema.path.PathType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One corpus of good and bad current-form documents goes to both the JSON Schema ({@link SchemaValidator}) and the
 * Karta CRD's {@code openAPIV3Schema} (networknt, OpenAPI 3.0 dialect, {@code x-kubernetes-*} as non-validating
 * keywords); both must agree on valid/invalid and on the set of offending JSON pointers.
 *
 * <p>An API server does more than a JSON Schema validator can: it rejects unknown fields under strict field
 * validation (the kubectl default), runs the CEL rules, enforces list-map key uniqueness and validates ObjectMeta
 * itself. Strict field validation is emulated below by adding {@code additionalProperties: false} to every object
 * schema that lists properties. The other three are out of networknt's reach: those cases are listed in {@link
 * #onlyTheJsonSchemaSees()}, where the test asserts that the CRD (under networknt) accepts them and the JSON Schema
 * rejects them with the expected keyword, so the gap stays documented and checked.
 */
class CrdAgreementTest {

  private static final String ROOT = "/spec/structureDefinition/rootComponent";
  private static final String CHILD = "/spec/structureDefinition/childComponents/0";
  private static final String GANG = "/spec/optimizationInstructions/gangScheduling";

  private static final JsonNode CRD = loadCrd();
  private static final Schema CRD_SCHEMA = compile(
      strictFieldValidation(CRD.at("/spec/versions/0/schema/openAPIV3Schema").deepCopy()));

  static JsonNode loadCrd() {
    try {
      return Definitions.YAML.readTree(KartaCrd.text());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** What kubectl's default {@code --validate=strict} does: a field the schema does not list is an error. */
  private static JsonNode strictFieldValidation(JsonNode node) {
    if (node instanceof ObjectNode object) {
      if (object.has("properties")
          && !object.has("additionalProperties")
          && !object.path("x-kubernetes-preserve-unknown-fields").asBoolean(false)) {
        object.put("additionalProperties", false);
      }
      object.elements().forEachRemaining(CrdAgreementTest::strictFieldValidation);
    } else if (node.isArray()) {
      node.elements().forEachRemaining(CrdAgreementTest::strictFieldValidation);
    }
    return node;
  }

  private static Schema compile(JsonNode openApiSchema) {
    Dialect.Builder dialect = Dialect.builder(Dialects.getOpenApi30());
    for (String k : List.of(
        "x-kubernetes-list-type",
        "x-kubernetes-list-map-keys",
        "x-kubernetes-validations",
        "x-kubernetes-preserve-unknown-fields",
        "x-kubernetes-int-or-string")) {
      dialect.keyword(new NonValidationKeyword(k));
    }
    SchemaRegistryConfig config = SchemaRegistryConfig.builder()
        .pathType(PathType.JSON_POINTER)
        .locale(Locale.ROOT)
        .build();
    SchemaRegistry registry =
        SchemaRegistry.withDefaultDialect(dialect.build(), b -> b.schemaRegistryConfig(config));
    Schema schema = registry.getSchema(openApiSchema);
    schema.initializeValidators();
    return schema;
  }

  /** The offending pointers under the CRD: an unknown field points at the field, as {@link SchemaViolation} does. */
  static Set<String> crdPointers(JsonNode doc) {
    Set<String> out = new TreeSet<>();
    for (Error e : CRD_SCHEMA.validate(doc)) {
      String pointer = e.getInstanceLocation().toString();
      if (e.getKeyword().equals("additionalProperties")) {
        pointer = pointer + "/" + e.getProperty().replace("~", "~0").replace("/", "~1");
      }
      out.add(pointer);
    }
    return out;
  }

  static Set<String> schemaPointers(JsonNode doc) {
    Set<String> out = new TreeSet<>();
    SchemaValidator.getInstance()
        .validate(doc, SchemaForm.CURRENT)
        .forEach(v -> out.add(v.pointer()));
    return out;
  }

  static ObjectNode jobset() {
    return read("good/current-jobset.yaml");
  }

  private static Arguments bad(String name, UnaryOperator<ObjectNode> breakIt, String... pointers) {
    return Arguments.of(name, breakIt.apply(jobset()), Set.of(pointers));
  }

  static Stream<Arguments> agreed() {
    return Stream.of(
        bad(
            "typo in a field name",
            d -> rename(d, CHILD + "/specDefinition/podTemplateSpecPath", "podTemplateSpecPth"),
            CHILD + "/specDefinition/podTemplateSpecPth"),
        bad(
            "name from an older design",
            d -> set(d, CHILD + "/ownerName", "jobset"),
            CHILD + "/ownerName"),
        bad(
            "unknown status mapping key",
            d -> set(
                d, ROOT + "/statusDefinition/statusMappings/progressing", "[{byPhase: Running}]"),
            ROOT + "/statusDefinition/statusMappings/progressing"),
        bad("top-level unknown field", d -> set(d, "/extra", "1"), "/extra"),
        bad(
            "number where a jq path belongs",
            d -> set(d, CHILD + "/instanceIdPath", "3"),
            CHILD + "/instanceIdPath"),
        bad("string where a component belongs", d -> set(d, ROOT, "jobset"), ROOT),
        bad(
            "boolean in matchLabels",
            d -> set(d, CHILD + "/podSelector/componentTypeSelector/matchLabels", "{app: true}"),
            CHILD + "/podSelector/componentTypeSelector/matchLabels/app"),
        bad("component without a name", d -> remove(d, CHILD + "/name"), CHILD),
        bad(
            "spec without structureDefinition",
            d -> remove(d, "/spec/structureDefinition"),
            "/spec"),
        bad(
            "statusDefinition without statusMappings",
            d -> remove(d, ROOT + "/statusDefinition/statusMappings"),
            ROOT + "/statusDefinition"),
        bad(
            "conditionsDefinition without path",
            d -> remove(d, ROOT + "/statusDefinition/conditionsDefinition/path"),
            ROOT + "/statusDefinition/conditionsDefinition"),
        bad(
            "condition without type",
            d -> remove(
                d, ROOT + "/statusDefinition/statusMappings/completed/0/byConditions/0/type"),
            ROOT + "/statusDefinition/statusMappings/completed/0/byConditions/0"),
        bad(
            "suspend action without value",
            d -> remove(d, ROOT + "/suspendDefinition/suspendActions/0/value"),
            ROOT + "/suspendDefinition/suspendActions/0"),
        bad(
            "empty suspendActions",
            d -> set(d, ROOT + "/suspendDefinition/suspendActions", "[]"),
            ROOT + "/suspendDefinition/suspendActions"),
        bad(
            "empty keyPath",
            d -> set(d, CHILD + "/podSelector/componentTypeSelector/keyPath", "''"),
            CHILD + "/podSelector/componentTypeSelector/keyPath"),
        bad(
            "empty matchLabels",
            d -> set(d, CHILD + "/podSelector/componentTypeSelector/matchLabels", "{}"),
            CHILD + "/podSelector/componentTypeSelector/matchLabels"),
        bad("GVK without version", d -> remove(d, ROOT + "/kind/version"), ROOT + "/kind"),
        bad(
            "pod group without members",
            d -> remove(d, GANG + "/podGroups/0/members"),
            GANG + "/podGroups/0"),
        bad(
            "topology without requiredTopologyLevel",
            d -> set(
                d,
                GANG + "/podGroup",
                "{name: g, topology: {topologyName: t, preferredTopologyLevel: rack}}"),
            GANG + "/podGroup/topology"),
        bad(
            "two problems at once",
            d -> set(remove(d, CHILD + "/name"), CHILD + "/scaleDefinition/replicasPath", "[a]"),
            CHILD,
            CHILD + "/scaleDefinition/replicasPath"));
  }

  static Stream<String> goodFiles() {
    return Definitions.list("good").stream().filter(f -> f.contains("/current-"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("goodFiles")
  void goodDocumentsAreValidUnderBoth(String file) {
    ObjectNode doc = read(file);
    assertThat(schemaPointers(doc)).as("JSON Schema").isEmpty();
    assertThat(crdPointers(doc)).as("CRD openAPIV3Schema").isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("agreed")
  void badDocumentsAreRejectedByBothAtTheSamePointers(
      String name, ObjectNode doc, Set<String> pointers) {
    assertThat(schemaPointers(doc)).as("JSON Schema").containsExactlyInAnyOrderElementsOf(pointers);
    assertThat(crdPointers(doc))
        .as("CRD openAPIV3Schema")
        .containsExactlyInAnyOrderElementsOf(pointers);
  }

  static Stream<Arguments> onlyTheJsonSchemaSees() {
    return Stream.of(
        Arguments.of(
            "CEL: neither keyPath nor matchLabels",
            remove(jobset(), CHILD + "/podSelector/componentTypeSelector/keyPath"),
            "anyOf"),
        Arguments.of(
            "CEL: value without keyPath",
            set(
                jobset(),
                CHILD + "/podSelector/componentTypeSelector",
                "{matchLabels: {app: x}, value: y}"),
            "dependentRequired"),
        Arguments.of(
            "list-map: duplicate component name",
            set(
                jobset(),
                "/spec/structureDefinition/childComponents/1",
                "{name: replicatedjob, ownerRef: jobset}"),
            "x-kubernetes-list-map-keys"),
        Arguments.of(
            "list-map: duplicate additionalChildKinds kind",
            set(
                jobset(),
                "/spec/structureDefinition/additionalChildKinds",
                "[{group: a, version: v1, kind: K}, " + "{group: b, version: v1, kind: K}]"),
            "x-kubernetes-list-map-keys"),
        Arguments.of(
            "set: repeated filter",
            set(
                jobset(),
                GANG + "/podGroups/0/members/0/filters/1",
                "'(.spec.containers[0].resources.limits[\"nvidia.com/gpu\"] // 0) != 0'"),
            "uniqueItems"),
        Arguments.of(
            "ObjectMeta: name not a DNS subdomain",
            set(jobset(), "/metadata/name", "Not_DNS"),
            "pattern"),
        Arguments.of("ObjectMeta: missing metadata", remove(jobset(), "/metadata"), "required"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("onlyTheJsonSchemaSees")
  void rulesBeyondNetworkntAreCheckedByTheJsonSchemaOnly(
      String name, ObjectNode doc, String keyword) {
    assertThat(crdPointers(doc)).as("networknt cannot see this CRD rule").isEmpty();
    assertThat(SchemaValidator.getInstance().validate(doc, SchemaForm.CURRENT))
        .extracting(SchemaViolation::keyword)
        .containsExactly(keyword);
  }

  @Test
  void celRulesCarryTheReferenceMessages() {
    JsonNode selector = CRD.at(
        "/spec/versions/0/schema/openAPIV3Schema/properties/spec/properties/"
            + "structureDefinition/properties/rootComponent/properties/podSelector/properties/componentTypeSelector");
    assertThat(selector.path("x-kubernetes-validations").findValuesAsText("message"))
        .containsExactly(
            "at least one of keyPath or matchLabels must be set", "value requires keyPath");
  }

  @Test
  void crdHeaderIsKartaClusterScopedWithStatusSubresource() {
    assertThat(CRD.path("apiVersion").asText()).isEqualTo("apiextensions.k8s.io/v1");
    assertThat(CRD.at("/metadata/name").asText()).isEqualTo("kartas.run.ai");
    assertThat(CRD.at("/spec/group").asText()).isEqualTo("run.ai");
    assertThat(CRD.at("/spec/scope").asText()).isEqualTo("Cluster");
    assertThat(CRD.at("/spec/names/kind").asText()).isEqualTo("Karta");
    assertThat(CRD.at("/spec/names/plural").asText()).isEqualTo("kartas");
    assertThat(CRD.at("/spec/names/shortNames/0").asText()).isEqualTo("krt");
    assertThat(CRD.at("/spec/versions/0/name").asText()).isEqualTo("v1alpha1");
    assertThat(CRD.at("/spec/versions/0/subresources/status").isObject()).isTrue();
  }

  @Test
  void conditionsDefinitionFieldNamesDefaultAsTheReferenceCrd() {
    JsonNode conditions =
        CRD.at("/spec/versions/0/schema/openAPIV3Schema/properties/spec/properties/"
            + "structureDefinition/properties/rootComponent/properties/statusDefinition/properties/"
            + "conditionsDefinition/properties");
    assertThat(Map.of(
            "typeFieldName", conditions.at("/typeFieldName/default").asText(),
            "statusFieldName", conditions.at("/statusFieldName/default").asText(),
            "messageFieldName", conditions.at("/messageFieldName/default").asText(),
            "reasonFieldName", conditions.at("/reasonFieldName/default").asText()))
        .isEqualTo(Map.of(
            "typeFieldName",
            "type",
            "statusFieldName",
            "status",
            "messageFieldName",
            "message",
            "reasonFieldName",
            "reason"));
  }

  /**
   * The structural-schema rules an API server enforces when the CRD is created: every node has a type, no
   * references, no {@code additionalProperties: false} or {@code uniqueItems}, properties and additionalProperties
   * never together, and every list-map key is required in the items.
   */
  @Test
  void openApiSchemaIsStructural() {
    List<String> problems = new java.util.ArrayList<>();
    structural(CRD.at("/spec/versions/0/schema/openAPIV3Schema"), "", problems);
    assertThat(problems).isEmpty();
  }

  private static void structural(JsonNode s, String at, List<String> problems) {
    if (!s.has("type") && !s.path("x-kubernetes-int-or-string").asBoolean(false)) {
      problems.add(at + ": no type");
    }
    for (String forbidden :
        List.of("$ref", "uniqueItems", "const", "dependentRequired", "anyOf", "oneOf", "not")) {
      if (s.has(forbidden)) {
        problems.add(at + ": " + forbidden);
      }
    }
    if (s.has("additionalProperties")
        && (!s.get("additionalProperties").isObject() || s.has("properties"))) {
      problems.add(at + ": additionalProperties must be a schema and not sit beside properties");
    }
    if (s.path("x-kubernetes-list-type").asText().equals("map")) {
      for (JsonNode key : s.path("x-kubernetes-list-map-keys")) {
        boolean required = false;
        for (JsonNode r : s.at("/items/required")) {
          required |= r.asText().equals(key.asText());
        }
        if (!required) {
          problems.add(at + ": list-map key " + key.asText() + " is not required");
        }
      }
    }
    for (Map.Entry<String, JsonNode> p : s.path("properties").properties()) {
      structural(p.getValue(), at + "/" + p.getKey(), problems);
    }
    if (s.has("items")) {
      structural(s.get("items"), at + "/items", problems);
    }
    if (s.path("additionalProperties").isObject()) {
      structural(s.get("additionalProperties"), at + "/*", problems);
    }
  }

  /**
   * Field by field, the CRD has exactly the properties and required fields of the JSON Schema's current form, so
   * that a field added to one and forgotten in the other fails here (metadata, status and the top-level required
   * list are the API server's own, see the class comment).
   */
  @Test
  void crdHasTheJsonSchemasFieldsAndRequiredListsEverywhere() throws IOException {
    JsonNode schema;
    try (java.io.InputStream in =
        getClass().getClassLoader().getResourceAsStream(SchemaValidator.SCHEMA_RESOURCE)) {
      schema = Definitions.JSON.readTree(in);
    }
    List<String> differences = new java.util.ArrayList<>();
    compare(
        schema,
        schema.at("/$defs/Karta"),
        CRD.at("/spec/versions/0/schema/openAPIV3Schema"),
        "",
        differences);
    assertThat(differences).isEmpty();
  }

  private static JsonNode resolve(JsonNode schema, JsonNode node) {
    return node.has("$ref") ? schema.at(node.get("$ref").asText().substring(1)) : node;
  }

  private static void compare(
      JsonNode schema, JsonNode json, JsonNode crd, String at, List<String> out) {
    json = resolve(schema, json);
    if (at.isEmpty() || at.equals("/metadata") || at.startsWith("/status")) {
      if (at.isEmpty()) {
        for (Map.Entry<String, JsonNode> p : json.path("properties").properties()) {
          if (!Set.of("metadata", "status", "apiVersion", "kind").contains(p.getKey())) {
            compare(
                schema,
                p.getValue(),
                crd.path("properties").path(p.getKey()),
                "/" + p.getKey(),
                out);
          }
        }
      }
      return;
    }
    Set<String> jsonProps = new TreeSet<>();
    json.path("properties").fieldNames().forEachRemaining(jsonProps::add);
    Set<String> crdProps = new TreeSet<>();
    crd.path("properties").fieldNames().forEachRemaining(crdProps::add);
    if (!jsonProps.equals(crdProps)) {
      out.add(at + ": properties " + jsonProps + " vs CRD " + crdProps);
    }
    Set<String> jsonRequired = new TreeSet<>();
    json.path("required").forEach(r -> jsonRequired.add(r.asText()));
    Set<String> crdRequired = new TreeSet<>();
    crd.path("required").forEach(r -> crdRequired.add(r.asText()));
    if (!jsonRequired.equals(crdRequired)) {
      out.add(at + ": required " + jsonRequired + " vs CRD " + crdRequired);
    }
    if (!json.path("type").equals(crd.path("type"))) {
      out.add(at + ": type " + json.path("type") + " vs CRD " + crd.path("type"));
    }
    for (String p : jsonProps) {
      if (crdProps.contains(p)) {
        compare(schema, json.at("/properties/" + p), crd.at("/properties/" + p), at + "/" + p, out);
      }
    }
    if (json.has("items")) {
      compare(schema, json.get("items"), crd.path("items"), at + "/items", out);
    }
  }
}
