package dev.workloadmap.sdk.crd;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.definition.Gvk;
import dev.workloadmap.sdk.internal.crd.CrdObjectValidator;
import dev.workloadmap.sdk.internal.crd.CrdPathCheck;
import java.net.URL;
import java.nio.file.Path;
import java.util.List;
import org.apiguardian.api.API;

/**
 * The {@code spec.versions[name == version].schema.openAPIV3Schema} of one CRD version: what {@link CrdPathCheck}
 * checks a definition's workload-side paths against and what {@link #validate(JsonNode)} checks objects against.
 *
 * <pre>{@code
 * CrdSchema schema = CrdSchema.load(Path.of("crds/jobset.jobset.x-k8s.io.yaml"), definition.rootGvk());
 * }</pre>
 *
 * <p>Immutable and thread-safe; the compiled JSON Schema for {@link #validate(JsonNode)} is built on first use.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class CrdSchema {
  private final Crd crd;
  private final String version;
  private final JsonNode schema;
  private volatile CrdObjectValidator.Compiled compiled;
  private volatile JsonNode pathSchema;

  /**
   * The fields of ObjectMeta (metav1), which an API server validates for every custom resource's top-level {@code
   * metadata} whatever the CRD says (CRDs give it as a bare {@code type: object}).
   */
  private static final String OBJECT_META = """
      {"type": "object", "properties": {
        "name": {"type": "string"}, "generateName": {"type": "string"}, "namespace": {"type": "string"},
        "uid": {"type": "string"}, "resourceVersion": {"type": "string"}, "generation": {"type": "integer"},
        "creationTimestamp": {"type": "string"}, "deletionTimestamp": {"type": "string"},
        "deletionGracePeriodSeconds": {"type": "integer"},
        "labels": {"type": "object", "additionalProperties": {"type": "string"}},
        "annotations": {"type": "object", "additionalProperties": {"type": "string"}},
        "ownerReferences": {"type": "array", "items": {"type": "object", "properties": {
          "apiVersion": {"type": "string"}, "kind": {"type": "string"}, "name": {"type": "string"},
          "uid": {"type": "string"}, "controller": {"type": "boolean"}, "blockOwnerDeletion": {"type": "boolean"}}}},
        "finalizers": {"type": "array", "items": {"type": "string"}},
        "managedFields": {"type": "array", "items": {"type": "object", "x-kubernetes-preserve-unknown-fields": true}},
        "selfLink": {"type": "string"}}}
      """;

  CrdSchema(Crd crd, String version, JsonNode schema) {
    this.crd = crd;
    this.version = version;
    this.schema = schema;
  }

  /**
   * The schema of {@code gvk}'s version in the CRD file for {@code gvk}'s group and kind (cached while the file is
   * unchanged).
   *
   * @throws CrdException when the file cannot be read, the CRD is for another group or kind, or lacks the version
   *     (the message names the versions it has)
   */
  public static CrdSchema load(Path crdFile, Gvk gvk) {
    return Crd.load(crdFile, gvk).schema(gvk);
  }

  /** As {@link #load(Path, Gvk)}, from a classpath resource such as {@code crds/jobset.yaml}. */
  public static CrdSchema fromResource(String resource, Gvk gvk) {
    return Crd.fromResource(resource, gvk).schema(gvk);
  }

  /** As {@link #load(Path, Gvk)}, from a URL (read on every call). */
  public static CrdSchema fromUrl(URL url, Gvk gvk) {
    return Crd.fromUrl(url, gvk).schema(gvk);
  }

  /** The CRD this version belongs to. */
  public Crd crd() {
    return crd;
  }

  /** The version name, such as {@code v1alpha2}. */
  public String version() {
    return version;
  }

  /** The group, version and kind this schema describes. */
  public Gvk gvk() {
    return new Gvk(crd.group(), version, crd.kind());
  }

  /** The {@code openAPIV3Schema} node (shared; do not modify). */
  public JsonNode openApiV3Schema() {
    return schema;
  }

  /**
   * The schema paths are checked against: {@link #openApiV3Schema()} with the top-level {@code metadata} described
   * as ObjectMeta when the CRD leaves it a bare object.
   */
  @API(status = INTERNAL, since = "0.1")
  public JsonNode pathSchema() {
    JsonNode p = pathSchema;
    if (p == null) {
      p = schema;
      JsonNode meta = schema.path("properties").path("metadata");
      if (schema.path("properties").isObject() && !meta.path("properties").isObject()) {
        try {
          com.fasterxml.jackson.databind.node.ObjectNode copy = schema.deepCopy();
          ((com.fasterxml.jackson.databind.node.ObjectNode) copy.get("properties"))
              .set(
                  "metadata",
                  new com.fasterxml.jackson.databind.ObjectMapper().readTree(OBJECT_META));
          p = copy;
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
          throw new IllegalStateException("bad built-in ObjectMeta schema", e);
        }
      }
      pathSchema = p;
    }
    return p;
  }

  /** {@code JobSet v1alpha2}, as messages name it. */
  public String describe() {
    return crd.kind() + " " + version;
  }

  /**
   * Validates an object against this version's schema (OpenAPI 3.0 dialect, {@code x-kubernetes-*} accepted); see
   * {@link CrdObjectValidator} for what is and is not checked.
   *
   * @return the violations, each with the JSON pointer of the offending value; empty when valid
   */
  public List<CrdViolation> validate(JsonNode object) {
    CrdObjectValidator.Compiled c = compiled;
    if (c == null) {
      synchronized (this) {
        c = compiled;
        if (c == null) {
          c = CrdObjectValidator.compile(schema);
          compiled = c;
        }
      }
    }
    return c.validate(object);
  }

  @Override
  public String toString() {
    return describe() + " (" + crd.name() + " from " + crd.source() + ")";
  }
}
