package dev.workloadmap.sdk.extract;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * One instance's fragmented pod spec (docs/format.md#fragmented): each of the eleven fields by its name
 * ({@code schedulerName}, {@code labels}, {@code annotations}, {@code resources}, {@code resourceClaims},
 * {@code podAffinity}, {@code nodeAffinity}, {@code containers}, {@code container}, {@code priorityClassName},
 * {@code image}); a field whose path is unset or yielded null holds its zero value ({@code ""}, an empty object or an
 * empty list).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record FragmentedPodSpec(Map<String, JsonNode> fields) {
  public FragmentedPodSpec {
    fields = Map.copyOf(fields);
  }

  public JsonNode get(String field) {
    return fields.get(field);
  }
}
