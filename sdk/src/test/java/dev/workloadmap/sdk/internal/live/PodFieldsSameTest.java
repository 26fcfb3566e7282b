package dev.workloadmap.sdk.internal.live;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.testing.Json;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link PodResourcesMemo.Fields#same}, the tree's one-off comparison of two pod specs' request fields, gives what the
 * memo's shapes give ({@code Fields.of(a).matches(b)}) on every pair of the memo test's specs and of variants that
 * differ only in an init container's restart policy or in a container that is not an object (issue 17).
 */
class PodFieldsSameTest {

  @Test
  void sameIsWhatTheShapesMatch() {
    List<String> texts = new ArrayList<>(PodResourcesMemoTest.SPECS);
    texts.add("{\"containers\":[{\"name\":\"a\",\"resources\":{\"limits\":{\"cpu\":1}}}],"
        + "\"initContainers\":[{\"name\":\"i\",\"restartPolicy\":\"Never\","
        + "\"resources\":{\"requests\":{\"cpu\":3}}}]}");
    texts.add("{\"containers\":[{\"name\":\"a\",\"resources\":{\"limits\":{\"cpu\":1}}}],"
        + "\"initContainers\":[\"x\"]}");
    texts.add("{\"containers\":[[1]]}");
    texts.add("{\"containers\":[[1],null]}");
    texts.add("{\"containers\":\"none\"}");
    List<JsonNode> specs = new ArrayList<>();
    for (String t : texts) {
      JsonNode n = Json.parse(t);
      if (n.isObject()) {
        specs.add(n);
      }
    }
    int same = 0;
    for (JsonNode a : specs) {
      for (JsonNode b : specs) {
        JsonNode copy = Json.parse(b.toString());
        boolean expected = PodResourcesMemo.Fields.of(a).matches(copy);
        assertThat(PodResourcesMemo.Fields.same(a, copy)).as("%s and %s", a, b).isEqualTo(expected);
        same += expected ? 1 : 0;
      }
    }
    assertThat(same).isGreaterThan(specs.size()); // not only each spec with itself
  }
}
