package dev.workloadmap.sdk.internal.gang;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.sdk.gang.GangPlan;
import dev.workloadmap.sdk.gang.GangPlan.Gang;
import dev.workloadmap.sdk.gang.GangPlan.Group;
import dev.workloadmap.sdk.gang.GangPlan.LeftOut;
import dev.workloadmap.sdk.gang.GangPlan.Member;
import dev.workloadmap.sdk.gang.GangPlan.Unassigned;
import java.util.Locale;

/**
 * The stable JSON form of a {@link GangPlan}, for golden files, scheduler integrations and the {@code gangs:} section
 * of a fixture's {@code expected.yaml}. Shape (every key always present; counts are pods):
 *
 * <pre>{@code
 * {
 *   "groups": [{"name": "jobset", "form": "podGroups" | "podGroup", "total": 3,
 *               "members": [{"component": "replicatedjob", "scale": 3}],
 *               "leftOut": [{"component": "worker", "reason": "scale of 'worker' evaluated to 0"}],
 *               "gangs": [{"key": ["seed", "worker", "1"], "minMember": 1,
 *                          "basis": "group" | "instance" | "replica" | "replica-observed",
 *                          "scope": "replica 1 of replicatedjob, instance worker of replicatedjob",
 *                          "pods": ["seed-worker-1-0-abcde"]}],
 *               "noGangReason": null}],
 *   "unassigned": [{"pod": "...", "group": "jobset" | null, "reason": "..."}]
 * }
 * }</pre>
 */
public final class GangJson {
  private GangJson() {}

  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  /** The JSON form of {@code plan}. */
  public static ObjectNode toJson(GangPlan plan) {
    ObjectNode o = F.objectNode();
    ArrayNode groups = o.putArray("groups");
    for (Group g : plan.groups()) {
      ObjectNode gn = groups.addObject();
      gn.put("name", g.name());
      gn.put("form", g.form() == GangPlan.Form.POD_GROUPS ? "podGroups" : "podGroup");
      gn.put("total", g.total());
      ArrayNode members = gn.putArray("members");
      for (Member m : g.members()) {
        members.addObject().put("component", m.component()).put("scale", m.scale());
      }
      ArrayNode left = gn.putArray("leftOut");
      for (LeftOut l : g.leftOut()) {
        left.addObject().put("component", l.component()).put("reason", l.reason());
      }
      ArrayNode gangs = gn.putArray("gangs");
      for (Gang x : g.gangs()) {
        ObjectNode xn = gangs.addObject();
        ArrayNode key = xn.putArray("key");
        x.key().forEach(key::add);
        xn.put("minMember", x.minMember());
        xn.put("basis", x.basis().name().toLowerCase(Locale.ROOT).replace('_', '-'));
        xn.put("scope", x.scope());
        ArrayNode pods = xn.putArray("pods");
        x.pods().forEach(pods::add);
      }
      gn.put("noGangReason", g.noGangReason());
    }
    ArrayNode un = o.putArray("unassigned");
    for (Unassigned u : plan.unassigned()) {
      un.addObject().put("pod", u.pod()).put("group", u.group()).put("reason", u.reason());
    }
    return o;
  }
}
