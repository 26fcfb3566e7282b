package dev.workloadmap.sdk.definition;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * Separate jq streams for each pod field (docs/format.md#spec-definition, docs/format.md#fragmented). Every path is
 * optional; null means unset.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record FragmentedPodSpecDefinition(
    String schedulerNamePath,
    String labelsPath,
    String annotationsPath,
    String resourcesPath,
    String resourceClaimsPath,
    String podAffinityPath,
    String nodeAffinityPath,
    String containersPath,
    String containerPath,
    String priorityClassNamePath,
    String imagePath) {

  /** The eleven fields in document order, by their field names (for example {@code schedulerName}); unset as null. */
  public Map<String, String> paths() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("schedulerName", schedulerNamePath);
    m.put("labels", labelsPath);
    m.put("annotations", annotationsPath);
    m.put("resources", resourcesPath);
    m.put("resourceClaims", resourceClaimsPath);
    m.put("podAffinity", podAffinityPath);
    m.put("nodeAffinity", nodeAffinityPath);
    m.put("containers", containersPath);
    m.put("container", containerPath);
    m.put("priorityClassName", priorityClassNamePath);
    m.put("image", imagePath);
    return m;
  }
}
