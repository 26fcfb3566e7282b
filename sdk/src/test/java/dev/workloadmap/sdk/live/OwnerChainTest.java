package dev.workloadmap.sdk.live;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * The owner-chain walk (docs/format.md#owner-chain items 2 and 5): to a root UID and to a reference a predicate
 * accepts.
 */
class OwnerChainTest {

  private static final ObjectMapper M = new ObjectMapper();

  private static ObjectNode object(String kind, String name, String uid, Object... refs) {
    ObjectNode o = M.createObjectNode();
    o.put("apiVersion", kind.equals("Job") ? "batch/v1" : "x.io/v1").put("kind", kind);
    ObjectNode md =
        o.putObject("metadata").put("name", name).put("namespace", "ns").put("uid", uid);
    ArrayNode rs = md.putArray("ownerReferences");
    for (int i = 0; i < refs.length; i += 2) {
      JsonNode owner = (JsonNode) refs[i];
      rs.addObject()
          .put("apiVersion", owner.path("apiVersion").asText())
          .put("kind", owner.path("kind").asText())
          .put("name", owner.path("metadata").path("name").asText())
          .put("uid", owner.path("metadata").path("uid").asText())
          .put("controller", (Boolean) refs[i + 1]);
    }
    return o;
  }

  private static final Predicate<OwnerReference> COVERED_CONTROLLER =
      r -> r.controller() && r.apiVersion().equals("x.io/v1") && r.kind().equals("Set");

  @Test
  void aCoveredControllerAnywhereUpTheChainIsFound() {
    ObjectNode set = object("Set", "s", "u-set");
    ObjectNode job = object("Job", "j", "u-job", set, true);
    ObjectNode leaf = object("Job", "leaf", "u-leaf", job, true);
    OwnerChain chain =
        OwnerChain.toReference(COVERED_CONTROLLER, OwnerLookup.of(List.of(set, job)));
    assertThat(chain.reaches(job)).isTrue(); // directly
    assertThat(chain.reaches(leaf)).isTrue(); // through the Job, read by the lookup
    assertThat(chain.reaches(set)).isFalse(); // no owner: top-level
  }

  @Test
  void aNonControllerReferenceToACoveredKindDoesNotCountButTheWalkGoesUpOnlyThroughControllers() {
    ObjectNode set = object("Set", "s", "u-set");
    ObjectNode other = object("Job", "other", "u-other");
    ObjectNode byNonController = object("Job", "j", "u-j", set, false);
    ObjectNode underOther = object("Job", "k", "u-k", set, false, other, true);
    OwnerChain chain =
        OwnerChain.toReference(COVERED_CONTROLLER, OwnerLookup.of(List.of(set, other)));
    assertThat(chain.reaches(byNonController)).isFalse();
    assertThat(chain.reaches(underOther)).isFalse();
  }

  @Test
  void theRootUidMatchesOnAnyReferenceAsBefore() {
    ObjectNode root = object("Set", "s", "u-root");
    ObjectNode pod = object("Pod", "p", "u-pod", root, false);
    assertThat(new OwnerChain("u-root", OwnerLookup.none()).owns(pod)).isTrue();
  }

  @Test
  void bothWalksStopAtTheSameDepthAndReadEachOwnerOnce() {
    // a chain of Jobs above the object: the covered Set sits MAX_DEPTH levels up at most
    for (int levels = 1; levels <= OwnerChain.MAX_DEPTH + 1; levels++) {
      ObjectNode top = object("Set", "s", "u-set");
      List<JsonNode> owners = new ArrayList<>(List.of(top));
      JsonNode above = top;
      for (int i = 1; i < levels; i++) {
        ObjectNode job = object("Job", "j" + i, "u-j" + i, above, true);
        owners.add(job);
        above = job;
      }
      ObjectNode obj = object("Job", "obj", "u-obj", above, true);
      OwnerChain covered = OwnerChain.toReference(COVERED_CONTROLLER, OwnerLookup.of(owners));
      OwnerChain root = new OwnerChain("u-set", OwnerLookup.of(owners));
      boolean expected = levels <= OwnerChain.MAX_DEPTH;
      assertThat(covered.reaches(obj)).as("%d levels", levels).isEqualTo(expected);
      assertThat(root.owns(obj)).as("%d levels", levels).isEqualTo(expected);
      assertThat(covered.reaches(obj)).isEqualTo(expected);
      assertThat(covered.lookups())
          .isEqualTo(Math.min(levels - 1, OwnerChain.MAX_DEPTH - 1)); // cached
    }
  }
}
