package dev.workloadmap.schema;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;

/**
 * The two document forms of a Workload Map definition (docs/format.md#forms), and how a document declares which one it
 * is.
 *
 * <p>The schema's top level dispatches the same way as {@link #detect(JsonNode)}: a document is checked against the
 * legacy form when its {@code apiVersion} is the legacy one, or when its {@code kind} is {@code ResourceInterface} and
 * its {@code apiVersion} is not the current one; every other document is checked against the current form.
 */
public enum SchemaForm {
  /** {@code apiVersion: run.ai/v1alpha1}, {@code kind: Karta} (docs/format.md#form-current). */
  CURRENT("run.ai/v1alpha1", "Karta"),
  /**
   * {@code apiVersion: optimization.nvidia.com/v1alpha1}, {@code kind: ResourceInterface} (docs/format.md#form-legacy),
   * deprecated.
   */
  LEGACY("optimization.nvidia.com/v1alpha1", "ResourceInterface");

  private final String apiVersion;
  private final String kind;

  SchemaForm(String apiVersion, String kind) {
    this.apiVersion = apiVersion;
    this.kind = kind;
  }

  /** The {@code apiVersion} this form requires. */
  public String apiVersion() {
    return apiVersion;
  }

  /** The {@code kind} this form requires; also the name of the form's definition under the schema's {@code $defs}. */
  public String kind() {
    return kind;
  }

  /**
   * The form a document declares. Never null: a document that declares neither form (or is not an object) is taken
   * as {@link #CURRENT}, so that its errors are reported against the form new documents should use.
   *
   * @param document a parsed definition; may be any JSON value
   * @return {@link #LEGACY} when {@code apiVersion} is the legacy one, or when {@code kind} is
   *     {@code ResourceInterface} and {@code apiVersion} is not {@code run.ai/v1alpha1}; otherwise {@link #CURRENT}
   * @throws NullPointerException if {@code document} is null
   */
  public static SchemaForm detect(JsonNode document) {
    Objects.requireNonNull(document, "document");
    JsonNode apiVersion = document.path("apiVersion");
    if (apiVersion.isTextual() && LEGACY.apiVersion.equals(apiVersion.textValue())) {
      return LEGACY;
    }
    boolean currentApiVersion =
        apiVersion.isTextual() && CURRENT.apiVersion.equals(apiVersion.textValue());
    JsonNode kind = document.path("kind");
    if (!currentApiVersion && kind.isTextual() && LEGACY.kind.equals(kind.textValue())) {
      return LEGACY;
    }
    return CURRENT;
  }
}
