package dev.workloadmap.sdk.definition;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Map;
import org.apiguardian.api.API;

/**
 * How to recognise a component's live pods (docs/format.md#pod-selector). All paths are pod-side. Each part may be
 * null.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record PodSelector(
    ComponentTypeSelector componentTypeSelector,
    ComponentInstanceSelector componentInstanceSelector,
    ReplicaSelector replicaSelector) {

  /**
   * {@code keyPath} (existence test, or equality with {@code value}) and/or exact {@code matchLabels}
   * (docs/format.md#pod-classification).
   */
  public record ComponentTypeSelector(
      String keyPath, String value, Map<String, String> matchLabels) {
    public ComponentTypeSelector {
      matchLabels = matchLabels == null ? null : Map.copyOf(matchLabels);
    }
  }

  /** The pod's instance id path. */
  public record ComponentInstanceSelector(String idPath) {}

  /** The pod's replica key path. */
  public record ReplicaSelector(String keyPath) {}
}
