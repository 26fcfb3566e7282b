package dev.workloadmap.sdk.internal.resources;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.testing.Json;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The tree skips looking for extended-resource violations when the request formula found every container's requests
 * and limits {@link ExtendedResourceRules#clean} (issue 17): on every pod spec the formula reads without error, that
 * must be exactly when {@link ExtendedResourceRules#violations} finds none.
 */
class ExtendedResourceCleanTest {

  /** Quantities of every form: whole and fractional, text and numbers, zero, suffixes. */
  static final List<String> AMOUNTS = List.of(
      "4", "\"4\"", "\"500m\"", "0.5", "0", "\"0\"", "\"1k\"", "\"4000m\"", "2", "\"2.5\"", "8");

  @Test
  void cleanIsExactlyNoViolation() {
    List<String> specs = new ArrayList<>();
    for (String a : AMOUNTS) {
      for (String b : AMOUNTS) {
        // an extended request and its limit, another extended resource with only a request or a
        // limit, native resources with any amount, a second container and an init container
        specs.add("{\"containers\":[{\"resources\":{\"requests\":{\"nvidia.com/gpu\":" + a
            + ",\"cpu\":" + b + "},\"limits\":{\"nvidia.com/gpu\":" + b + "}}}]}");
        specs.add("{\"containers\":[{\"resources\":{\"requests\":{\"example.com/fpga\":" + a
            + "}}},{\"resources\":{\"limits\":{\"example.com/fpga\":" + b + ",\"memory\":" + a
            + "}}}]}");
        specs.add("{\"initContainers\":[{\"resources\":{\"requests\":{\"nvidia.com/gpu\":" + a
            + "},\"limits\":{\"nvidia.com/gpu\":" + b + "}}}],\"containers\":[{\"resources\":"
            + "{\"requests\":{\"cpu\":" + a + "}}}]}");
        specs.add("{\"containers\":[{\"resources\":{\"requests\":{\"kubernetes.io/x\":" + a
            + ",\"requests.nvidia.com/gpu\":" + b + ",\"hugepages-2Mi\":" + a + "}}}]}");
      }
    }
    int clean = 0;
    int dirty = 0;
    for (String text : specs) {
      JsonNode spec = Json.parse(text);
      PodRequests.Checked checked = new PodRequests.Checked();
      try {
        PodRequests.perPod(spec, "spec", checked);
      } catch (RuntimeException e) {
        continue; // an invalid quantity or a number the canonical form changes: read otherwise
      }
      boolean none = ExtendedResourceRules.violations(spec, "spec").isEmpty();
      assertThat(checked.extendedClean()).as(text).isEqualTo(none);
      if (none) {
        clean++;
      } else {
        dirty++;
      }
    }
    assertThat(clean).isGreaterThan(50);
    assertThat(dirty).isGreaterThan(50);
  }
}
