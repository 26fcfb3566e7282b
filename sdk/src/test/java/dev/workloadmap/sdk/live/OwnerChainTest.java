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

  // ---------------------------------------------------------------------------------------------
  // The walk to a root UID reads the references in place (issue 17); it must answer as the
  // general walk over OwnerReference.of does, with the same lookups in the same order.

  /** The lookups a walk made, as "namespace/kind/name/uid/controller". */
  private static OwnerLookup recording(List<JsonNode> owners, List<String> calls) {
    OwnerLookup byUid = OwnerLookup.of(owners);
    return (ns, ref) -> {
      calls.add(ns + "/" + ref.apiVersion() + "/" + ref.kind() + "/" + ref.name() + "/" + ref.uid()
          + "/" + ref.controller());
      return byUid.find(ns, ref);
    };
  }

  private static ObjectNode withRefs(String name, String namespace, String refsJson)
      throws Exception {
    ObjectNode o = M.createObjectNode().put("kind", "Pod");
    ObjectNode md = o.putObject("metadata").put("name", name);
    if (namespace != null) {
      md.put("namespace", namespace);
    }
    if (refsJson != null) {
      md.set("ownerReferences", M.readTree(refsJson));
    }
    return o;
  }

  @Test
  void theRootUidWalkAnswersAsTheGeneralWalkOnEveryShape() throws Exception {
    String root = "u-root";
    List<JsonNode> owners = new ArrayList<>();
    owners.add(withRefs("owned-job", "ns", "[{\"uid\":\"u-root\",\"controller\":true}]")
        .put("apiVersion", "batch/v1"));
    ((ObjectNode) owners.get(0).get("metadata")).put("uid", "u-owned");
    owners.add(withRefs("other-job", "other-ns", "[{\"uid\":\"u-else\",\"controller\":true}]"));
    ((ObjectNode) owners.get(1).get("metadata")).put("uid", "u-other");
    owners.add(withRefs("cycle-a", "ns", "[{\"uid\":\"u-cb\",\"controller\":true}]"));
    ((ObjectNode) owners.get(2).get("metadata")).put("uid", "u-ca");
    owners.add(withRefs("cycle-b", null, "[{\"uid\":\"u-ca\",\"controller\":true}]"));
    ((ObjectNode) owners.get(3).get("metadata")).put("uid", "u-cb");
    owners.add(withRefs("no-meta-ns", null, "{\"x\":{\"uid\":\"u-owned\",\"controller\":true}}"));
    ((ObjectNode) owners.get(4).get("metadata")).put("uid", "u-objrefs");
    List<String> shapes = List.of(
        "[{\"uid\":\"u-root\"}]", // any reference carrying the UID owns
        "[{\"uid\":\"u-root\",\"controller\":false}]",
        "[{\"uid\":\"u-owned\",\"controller\":true,\"kind\":\"Job\",\"name\":\"owned-job\","
            + "\"apiVersion\":\"batch/v1\"}]",
        "[{\"uid\":\"u-owned\",\"controller\":false}]", // up through controllers only
        "[{\"uid\":\"u-owned\",\"controller\":\"true\"}]", // asBoolean of a text
        "[{\"uid\":\"u-owned\",\"controller\":1}]",
        "[{\"controller\":true},{\"uid\":\"u-owned\",\"controller\":true}]", // no uid: skipped
        "[{\"uid\":\"\",\"controller\":true},{\"uid\":\"u-owned\",\"controller\":true}]",
        "[{\"uid\":\"u-other\",\"controller\":true},{\"uid\":\"u-owned\",\"controller\":true}]",
        "[{\"uid\":\"u-other\",\"controller\":true},{\"uid\":\"u-root\"}]", // the UID anywhere
        "[{\"uid\":\"u-other\"},{\"uid\":\"u-owned\",\"controller\":true}]",
        "[{\"uid\":\"u-ca\",\"controller\":true}]", // a cycle: not owned
        "[{\"uid\":\"u-cb\",\"controller\":true}]",
        "[{\"uid\":\"u-objrefs\",\"controller\":true}]", // its owner's references are an object
        "[{\"uid\":\"u-missing\",\"controller\":true}]", // an owner that cannot be read
        "{\"a\":{\"uid\":\"u-root\"}}", // an object iterates its values
        "{\"a\":{\"uid\":\"u-owned\",\"controller\":true}}",
        "\"u-root\"",
        "[\"u-root\"]",
        "[null]",
        "[]",
        "null",
        "[{\"uid\":7,\"controller\":true}]",
        "[{\"uid\":{\"a\":1},\"controller\":true}]");
    for (String namespace : new String[] {"ns", null}) {
      for (String refs : shapes) {
        // one chain per walk kind for all shapes in turn, so the caches are exercised too
        List<String> fastCalls = new ArrayList<>();
        List<String> generalCalls = new ArrayList<>();
        OwnerChain fast = new OwnerChain(root, recording(owners, fastCalls));
        OwnerChain general =
            OwnerChain.toReference(r -> root.equals(r.uid()), recording(owners, generalCalls));
        ObjectNode pod = withRefs("p", namespace, refs);
        assertThat(fast.owns(pod)).as("%s in %s", refs, namespace).isEqualTo(general.reaches(pod));
        assertThat(fast.owns(pod.deepCopy())).isEqualTo(general.reaches(pod.deepCopy()));
        assertThat(fastCalls).as("%s in %s", refs, namespace).isEqualTo(generalCalls);
        assertThat(fast.lookups()).isEqualTo(general.lookups());
      }
    }
    // the expected answers themselves, so that both walks cannot be wrong together
    OwnerChain chain = new OwnerChain(root, OwnerLookup.of(owners));
    assertThat(chain.owns(withRefs("p", "ns", shapes.get(2)))).isTrue();
    assertThat(chain.owns(withRefs("p", "ns", shapes.get(3)))).isFalse();
    assertThat(chain.owns(withRefs("p", "ns", shapes.get(8)))).isFalse(); // the first controller
    assertThat(chain.owns(withRefs("p", "ns", shapes.get(9)))).isTrue();
    assertThat(chain.owns(withRefs("p", "ns", shapes.get(13)))).isTrue();
    assertThat(chain.owns(withRefs("p", "ns", shapes.get(11)))).isFalse();
  }
}
