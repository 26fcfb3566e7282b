package dev.workloadmap.sdk.definition;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * One component of the workload's structure (docs/format.md#component).
 *
 * @param name unique across the root and all children
 * @param kind the component's GVK (required in full on the root; informational on children); may be null
 * @param ownerRef the parent component's name; null on the root
 * @param specDefinition where the pod shape lives; null for a grouping component
 * @param scaleDefinition replica paths; may be null
 * @param statusDefinition how status is read (required on the root); may be null
 * @param suspendDefinition suspend/resume actions (current form only); may be null
 * @param instanceIdPath workload-side stream of instance ids; null for a single anonymous instance
 * @param podSelector pod-side selectors; may be null
 * @param pointer the JSON pointer of this component inside its definition document, for diagnostics
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ComponentDefinition(
    String name,
    Gvk kind,
    String ownerRef,
    SpecDefinition specDefinition,
    ScaleDefinition scaleDefinition,
    StatusDefinition statusDefinition,
    SuspendDefinition suspendDefinition,
    String instanceIdPath,
    PodSelector podSelector,
    String pointer) {

  /**
   * True when any of the three pod-spec variants is set (docs/format.md#spec-definition): a leaf, pod-bearing
   * component.
   */
  public boolean hasPodDefinition() {
    return specDefinition != null && specDefinition.hasPodDefinition();
  }

  /** True when {@code instanceIdPath} is set and non-empty. */
  public boolean hasInstanceIdPath() {
    return instanceIdPath != null && !instanceIdPath.isEmpty();
  }
}
