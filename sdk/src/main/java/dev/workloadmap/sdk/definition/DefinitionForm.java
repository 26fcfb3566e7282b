package dev.workloadmap.sdk.definition;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/** Which document form a definition was read from (docs/format.md#forms). */
@API(status = EXPERIMENTAL, since = "0.1")
public enum DefinitionForm {
  /** {@code run.ai/v1alpha1 Karta}. */
  CURRENT("run.ai/v1alpha1", "Karta", "karta is nil"),
  /**
   * {@code optimization.nvidia.com/v1alpha1 ResourceInterface}, mapped onto the current model
   * (docs/format.md#legacy-mapping).
   */
  LEGACY("optimization.nvidia.com/v1alpha1", "ResourceInterface", "resource interface is nil");

  private final String apiVersion;
  private final String kind;
  private final String nilMessage;

  DefinitionForm(String apiVersion, String kind, String nilMessage) {
    this.apiVersion = apiVersion;
    this.kind = kind;
    this.nilMessage = nilMessage;
  }

  public String apiVersion() {
    return apiVersion;
  }

  public String kind() {
    return kind;
  }

  /** The reference's message for a missing definition in this form. */
  public String nilMessage() {
    return nilMessage;
  }

  /** The form for an {@code apiVersion}/{@code kind} pair, or null when neither form matches. */
  public static DefinitionForm of(String apiVersion, String kind) {
    for (DefinitionForm f : values()) {
      if (f.apiVersion.equals(apiVersion) && f.kind.equals(kind)) {
        return f;
      }
    }
    return null;
  }
}
