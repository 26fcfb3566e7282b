package dev.workloadmap.sdk.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.sdk.PreparedDefinition;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.definition.WorkloadStatus;
import dev.workloadmap.sdk.live.LiveTree;
import dev.workloadmap.sdk.live.OwnerLookup;
import dev.workloadmap.sdk.yaml.YamlReader;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The live status is never more optimistic than the pods; the object-only status stays as it is. */
class LiveReadinessTest {
  static final WorkloadMap WM = WorkloadMap.create();
  static final Path FIX = SchedulingPlannerTest.CATALOG.resolve(
      "jobset-x-k8s-io-jobset-v1alpha2/fixtures/live-seed-pods");

  static List<JsonNode> docs(Path f) {
    return new YamlReader()
        .readAll(f).stream().map(d -> d.root()).filter(r -> !r.isNull()).toList();
  }

  /** The seed JobSet as its controller reports it while Jobs are active: Running by the object alone. */
  static ObjectNode runningSeed() {
    ObjectNode o = (ObjectNode) docs(FIX.resolve("object.yaml")).stream()
        .filter(r -> r.path("kind").asText().equals("JobSet"))
        .findFirst()
        .orElseThrow()
        .deepCopy();
    ArrayNode rj = o.putObject("status").putArray("replicatedJobsStatus");
    rj.addObject().put("name", "leader").put("active", 1).put("ready", 1);
    rj.addObject().put("name", "worker").put("active", 2).put("ready", 1);
    return o;
  }

  static LiveReadiness readiness(ObjectNode object, List<JsonNode> all) {
    PreparedDefinition p = SchedulingPlannerTest.def("jobset-x-k8s-io-jobset-v1alpha2");
    List<JsonNode> pods =
        all.stream().filter(r -> r.path("kind").asText().equals("Pod")).toList();
    LiveTree live = WM.attributePods(p, object, pods, OwnerLookup.of(all));
    return LiveReadiness.of(WM, p, object, live);
  }

  @Test
  void aPendingGangPodTurnsRunningIntoInitializingWithTheReason() {
    LiveReadiness r = readiness(runningSeed(), docs(FIX.resolve("pods.yaml")));
    assertEquals(List.of(WorkloadStatus.RUNNING), r.objectStatus());
    assertEquals(WorkloadStatus.INITIALIZING, r.liveStatus());
    assertTrue(
        r.reason()
            .contains(
                "gang jobset seed,worker,1 has 0 of its minMember 1 pods ready (1 created, 0 scheduled)"
                    + ": pod seed-worker-1-0-r2t6v Pending (Unschedulable)"),
        r.reason());
    LiveReadiness.Count worker1 = r.gangs().stream()
        .filter(g -> g.name().endsWith("seed-worker-1"))
        .findFirst()
        .orElseThrow();
    assertEquals(
        new LiveReadiness.Count(worker1.name(), "jobset seed,worker,1", 1, 1, 0, 0), worker1);
    LiveReadiness.Count workers = r.components().stream()
        .filter(c -> c.name().equals("worker"))
        .findFirst()
        .orElseThrow();
    assertEquals(2, workers.desired());
    assertEquals(1, workers.ready());
  }

  @Test
  void allReadyStaysRunning() {
    List<JsonNode> all = docs(FIX.resolve("pods.yaml")).stream()
        .<JsonNode>map(JsonNode::deepCopy)
        .toList();
    for (JsonNode d : all) {
      if (d.path("kind").asText().equals("Pod")) {
        ObjectNode s = (ObjectNode) d;
        s.with("spec").put("nodeName", "gpu-node-03");
        ObjectNode st = s.putObject("status");
        st.put("phase", "Running");
        st.putArray("conditions").addObject().put("type", "Ready").put("status", "True");
      }
    }
    LiveReadiness r = readiness(runningSeed(), all);
    assertEquals(WorkloadStatus.RUNNING, r.liveStatus());
    assertNull(r.reason());
  }

  @Test
  void aGangThatRanAndLostAPodIsDegraded() {
    List<JsonNode> all = docs(FIX.resolve("pods.yaml")).stream()
        .<JsonNode>map(JsonNode::deepCopy)
        .toList();
    for (JsonNode d : all) {
      if (d.path("metadata").path("name").asText().equals("seed-worker-1-0-r2t6v")) {
        ObjectNode s = (ObjectNode) d;
        s.with("spec").put("nodeName", "gpu-node-03");
        ObjectNode st = s.putObject("status");
        st.put("phase", "Running");
        st.putArray("containerStatuses").addObject().put("name", "main").put("restartCount", 3);
      }
    }
    LiveReadiness r = readiness(runningSeed(), all);
    assertEquals(WorkloadStatus.DEGRADED, r.liveStatus());
    assertTrue(r.reason().contains("had been complete"), r.reason());
  }

  @Test
  void anObjectNotRunningIsLeftAsItIs() {
    ObjectNode o = runningSeed();
    o.remove("status");
    LiveReadiness r = readiness(o, docs(FIX.resolve("pods.yaml")));
    assertEquals(r.objectStatus().get(0), r.liveStatus());
    assertNull(r.reason());
  }
}
