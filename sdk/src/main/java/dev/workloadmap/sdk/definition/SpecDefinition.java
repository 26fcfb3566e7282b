package dev.workloadmap.sdk.definition;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Where a component's pod shape lives (docs/format.md#spec-definition): at most one of three variants. All paths are
 * workload-side jq.
 *
 * @param podTemplateSpecPath yields PodTemplateSpec objects ({@code .} for a bare Pod); may be null
 * @param podSpecPath yields PodSpec objects; may be null
 * @param metadataPath yields ObjectMeta, paired with {@code podSpecPath}; may be null
 * @param fragmentedPodSpecDefinition separate streams per pod field; may be null (an empty one still counts)
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record SpecDefinition(
    String podTemplateSpecPath,
    String podSpecPath,
    String metadataPath,
    FragmentedPodSpecDefinition fragmentedPodSpecDefinition) {

  /** How many of the three variants are set (the validator rejects more than one). */
  public int variantCount() {
    int n = 0;
    if (notEmpty(podTemplateSpecPath)) {
      n++;
    }
    if (notEmpty(podSpecPath)) {
      n++;
    }
    if (fragmentedPodSpecDefinition != null) {
      n++;
    }
    return n;
  }

  /** True when any variant is set: the component bears pods (a leaf). */
  public boolean hasPodDefinition() {
    return variantCount() > 0;
  }

  static boolean notEmpty(String s) {
    return s != null && !s.isEmpty();
  }
}
