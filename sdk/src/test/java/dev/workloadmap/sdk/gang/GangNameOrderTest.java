package dev.workloadmap.sdk.gang;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.sdk.PreparedDefinition;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.gang.GangPlan.Gang;
import dev.workloadmap.sdk.live.LiveComponent;
import dev.workloadmap.sdk.live.LivePod;
import dev.workloadmap.sdk.live.LiveTree;
import dev.workloadmap.sdk.live.OwnerLookup;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A gang's pods are in code-point order of their names (docs/format.md#gangs) whether the plan is made of the tree
 * attribution returned, whose rows it knows to be in that order (issue 17), or of a tree a caller built, in any order:
 * the two give the same plan.
 */
class GangNameOrderTest {

  static final WorkloadMap WM = WorkloadMap.create();

  /** Pods of {@code jobs} Jobs whose names sort differently in UTF-16 and by code point, listed in reverse. */
  static List<JsonNode> pods(int jobs) {
    List<JsonNode> pods = new ArrayList<>();
    for (int j = 0; j < jobs; j++) {
      for (int p = 0; p < LiveGangScalingTest.PARALLELISM; p++) {
        ObjectNode pod = (ObjectNode) LiveGangScalingTest.pod(j, p);
        String name = p % 2 == 0 ? "w-" + j + "-\uD83D\uDE00" + p : "w-" + j + "-\uFF5E" + p;
        ((ObjectNode) pod.get("metadata")).put("name", name);
        pods.add(pod);
      }
    }
    Collections.reverse(pods);
    return pods;
  }

  @Test
  void attributionsTreeAndACallersCopyGiveTheSamePlan() {
    PreparedDefinition d = WM.prepare(WM.loadDefinition(LiveGangScalingTest.JOBSET));
    int jobs = 6;
    List<JsonNode> jobObjects = new ArrayList<>();
    for (int j = 0; j < jobs; j++) {
      jobObjects.add(LiveGangScalingTest.meta(
          "Job", "big-workers-" + j, "job-uid-" + j, LiveGangScalingTest.ROOT_UID));
    }
    JsonNode object = LiveGangScalingTest.jobSet(jobs);
    LiveTree live = WM.attributePods(d, object, pods(jobs), OwnerLookup.of(jobObjects));
    GangPlan plan = WM.gangPlan(d, live);
    // the same tree, not the one attribution returned
    LiveTree copy = new LiveTree(
        live.tree(), live.components(), live.unmatched(), live.notOwned(), live.problems());
    assertThat(WM.gangPlan(d, copy)).isEqualTo(plan);
    // each row's pods in reverse: the gangs' pods are still in code-point order of their names
    List<LiveComponent> reversed = new ArrayList<>();
    for (LiveComponent c : live.components()) {
      List<LivePod> pods = new ArrayList<>(c.pods());
      Collections.reverse(pods);
      reversed.add(new LiveComponent(
          c.name(),
          c.component(),
          c.instance(),
          c.desired(),
          c.current(),
          c.ready(),
          c.nodes(),
          c.resources(),
          pods));
    }
    LiveTree callers =
        new LiveTree(live.tree(), reversed, live.unmatched(), live.notOwned(), live.problems());
    GangPlan fromCallers = WM.gangPlan(d, callers);
    assertThat(fromCallers).isEqualTo(plan);
    List<Gang> gangs = plan.groups().get(0).gangs();
    assertThat(gangs).hasSize(jobs);
    for (Gang g : gangs) {
      // U+FF5E sorts before U+1F600 by code point, after it in UTF-16
      assertThat(g.pods().get(0)).endsWith("\uFF5E1");
      assertThat(g.pods().get(g.pods().size() - 1)).endsWith("\uDE002");
      List<String> sorted = new ArrayList<>(g.pods());
      sorted.sort(dev.workloadmap.sdk.internal.jq.SortedKeys::compareCodePoints);
      assertThat(g.pods()).containsExactlyElementsOf(sorted);
    }
  }
}
