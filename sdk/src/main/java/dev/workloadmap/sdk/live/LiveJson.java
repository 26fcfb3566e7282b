package dev.workloadmap.sdk.live;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.sdk.tree.TreeJson;
import org.apiguardian.api.API;

/**
 * The stable JSON form of a {@link LiveTree}, for golden files and the {@code live:} section of a fixture's
 * {@code expected.yaml} (docs/format.md#cli-describe JSON view fields). Shape:
 *
 * <pre>{@code
 * {
 *   "components": [{"name": "worker" | "<instance id>", "component": "worker", "instance": "<id>" | null,
 *                   "replicas": {"desired": 4, "current": 4, "ready": 3},
 *                   "resources": <requested total, as in TreeJson>,
 *                   "nodes": ["node-02", "node-03"],
 *                   "pods": [{"name", "phase", "reason" | null, "ready", "node" | null, "replicaKey" | null,
 *                             "resources": <the pod's request>}]}],
 *   "unmatched": [{"name", "reason"}],     // owned pods no component claimed
 *   "notOwned": ["<pod name>"],            // candidates whose owner chain does not reach the workload
 *   "problems": ["..."]                    // only when non-empty
 * }
 * }</pre>
 *
 * Units: GPUs as counts, CPU in millicores, memory in bytes.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class LiveJson {
  private LiveJson() {}

  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  /** The JSON form of {@code live}; {@code gpuResourceName} selects the resource counted as GPUs. */
  public static ObjectNode toJson(LiveTree live, String gpuResourceName) {
    ObjectNode o = F.objectNode();
    ArrayNode comps = o.putArray("components");
    for (LiveComponent c : live.components()) {
      ObjectNode cn = comps.addObject();
      cn.put("name", c.name());
      cn.put("component", c.component());
      cn.put("instance", c.instance());
      ObjectNode r = cn.putObject("replicas");
      r.put("desired", c.desired());
      r.put("current", c.current());
      r.put("ready", c.ready());
      cn.set("resources", TreeJson.resources(c.resources(), gpuResourceName));
      ArrayNode nodes = cn.putArray("nodes");
      c.nodes().forEach(nodes::add);
      ArrayNode pods = cn.putArray("pods");
      for (LivePod p : c.pods()) {
        ObjectNode pn = pods.addObject();
        pn.put("name", p.name());
        pn.put("phase", p.phase());
        pn.put("reason", p.reason());
        pn.put("ready", p.ready());
        pn.put("node", p.node());
        pn.put("replicaKey", p.replicaKey());
        pn.set("resources", TreeJson.resources(p.resources(), gpuResourceName));
      }
    }
    ArrayNode un = o.putArray("unmatched");
    for (UnmatchedPod u : live.unmatched()) {
      un.addObject().put("name", u.name()).put("reason", u.reason());
    }
    ArrayNode no = o.putArray("notOwned");
    live.notOwned().forEach(no::add);
    if (!live.problems().isEmpty()) {
      ArrayNode p = o.putArray("problems");
      live.problems().forEach(p::add);
    }
    return o;
  }
}
