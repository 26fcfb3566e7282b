package dev.workloadmap.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.benchmarks.JobSetFixtures.Fixture;
import dev.workloadmap.sdk.PreparedDefinition;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.resources.ResourceList;
import dev.workloadmap.sdk.tree.ComponentNode;
import dev.workloadmap.sdk.tree.InstanceNode;
import dev.workloadmap.sdk.tree.WorkloadTree;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The baseline answers what the SDK answers: on every fixture of the JobSet catalog entry, on variants of them, and
 * on the benchmark's object. Without this the benchmark's ratio would compare two programs that do different work.
 * Nothing here is timed.
 */
class JobSetAdapterAgreementTest {

  private static final JsonNodeFactory F = JsonNodeFactory.instance;
  private static final WorkloadMap WM = WorkloadMap.create();
  private static final PreparedDefinition JOBSET = JobSetInputs.prepareDefinition(WM);

  /** Pods, per-pod requests, totals and statuses: adapter against SDK. */
  static void assertAgrees(JsonNode object) {
    WorkloadTree tree = WM.resolve(JOBSET, object);
    JobSetAdapter.Summary adapter = JobSetAdapter.resolve(object);

    assertThat(tree.problems())
        .as("the SDK resolves the object without problems")
        .isEmpty();

    Map<String, Integer> sdkPods = new LinkedHashMap<>();
    Map<String, ResourceList> sdkPerPod = new LinkedHashMap<>();
    ComponentNode replicatedJobs = tree.component("replicatedjob");
    for (InstanceNode i : replicatedJobs.instances()) {
      sdkPods.put(i.id(), i.desiredReplicas());
      sdkPerPod.put(i.id(), i.perPod());
    }
    Map<String, Integer> adapterPods = new LinkedHashMap<>();
    Map<String, ResourceList> adapterPerPod = new LinkedHashMap<>();
    for (JobSetAdapter.ReplicatedJob j : adapter.replicatedJobs()) {
      adapterPods.put(j.name(), j.pods());
      adapterPerPod.put(j.name(), j.perPod());
    }

    assertThat(adapterPods)
        .as("pods per replicated job")
        .containsExactlyInAnyOrderEntriesOf(sdkPods);
    assertThat(adapterPerPod)
        .as("per-pod requests per replicated job")
        .containsExactlyInAnyOrderEntriesOf(sdkPerPod);
    assertThat(adapter.totalPods()).as("total pods").isEqualTo(tree.totalReplicas());
    assertThat(adapter.gpus())
        .as("total GPUs")
        .isEqualTo(tree.totalResources().gpus(ResourceList.DEFAULT_GPU_RESOURCE));
    assertThat(adapter.totalResources()).as("total requests").isEqualTo(tree.totalResources());
    assertThat(adapter.statuses()).as("statuses (tree)").isEqualTo(tree.phases());
    assertThat(JobSetAdapter.status(object))
        .as("statuses (status only)")
        .isEqualTo(WM.status(JOBSET, object).phases());
  }

  @TestFactory
  Stream<DynamicTest> adapterGivesTheSdkAnswersAndTheExpectedOnesOnEveryFixture() {
    return JobSetFixtures.all().stream()
        .map(f -> DynamicTest.dynamicTest(f.name(), () -> {
          JsonNode object = f.object();
          assertAgrees(object);

          JobSetAdapter.Summary adapter = JobSetAdapter.resolve(object);
          List<String> expectedStatuses = new ArrayList<>();
          f.expected().path("statuses").forEach(s -> expectedStatuses.add(s.asText()));
          assertThat(expectedStatuses).as("expected.yaml lists statuses").isNotEmpty();
          assertThat(adapter.statuses())
              .as("statuses against expected.yaml")
              .isEqualTo(expectedStatuses);
          JsonNode total = f.expected().path("total");
          if (total.has("replicas")) {
            assertThat(adapter.totalPods())
                .as("total pods against expected.yaml")
                .isEqualTo(total.get("replicas").asInt());
          }
          if (total.path("resources").has("gpus")) {
            assertThat(adapter.gpus())
                .as("GPUs against expected.yaml")
                .isEqualTo(total.path("resources").get("gpus").asLong());
          }
        }));
  }

  @Test
  void fixturesCoverEveryStatusTheDefinitionMaps() {
    List<String> seen = new ArrayList<>();
    for (Fixture f : JobSetFixtures.all()) {
      f.expected().path("statuses").forEach(s -> seen.add(s.asText()));
    }
    // Otherwise the fixture check above would leave branches of the adapter unchecked by real
    // cases.
    assertThat(seen)
        .contains(
            JobSetAdapter.RESUMING,
            JobSetAdapter.SUSPENDING,
            JobSetAdapter.SUSPENDED,
            JobSetAdapter.RUNNING,
            JobSetAdapter.FAILED,
            JobSetAdapter.COMPLETED,
            JobSetAdapter.INITIALIZING,
            JobSetAdapter.DEGRADED,
            JobSetAdapter.UNDEFINED);
  }

  @Test
  void benchmarkObjectIsTheRunningSeedJobSet() {
    JsonNode object = JobSetInputs.benchmarkObject();
    assertAgrees(object);
    JobSetAdapter.Summary s = JobSetAdapter.resolve(object);
    assertThat(s.statuses()).containsExactly(JobSetAdapter.RUNNING);
    assertThat(s.replicatedJobs())
        .extracting(JobSetAdapter.ReplicatedJob::name, JobSetAdapter.ReplicatedJob::pods)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("leader", 1),
            org.assertj.core.groups.Tuple.tuple("worker", 2));
    assertThat(s.totalPods()).isEqualTo(3);
    assertThat(s.gpus()).isEqualTo(12);
    assertThat(s.totalResources().cpuMillis()).isEqualTo(24_000);
    assertThat(s.totalResources().memoryBytes())
        .isEqualByComparingTo(BigDecimal.valueOf(192L << 30));
  }

  /** A named change to a JobSet object. */
  private record Mutation(String name, Consumer<ObjectNode> change) {
    ObjectNode applyTo(JsonNode object) {
      ObjectNode copy = (ObjectNode) object.deepCopy();
      change.accept(copy);
      return copy;
    }
  }

  private static ObjectNode child(ObjectNode parent, String field) {
    JsonNode n = parent.get(field);
    if (n instanceof ObjectNode o) {
      return o;
    }
    return parent.putObject(field);
  }

  private static ArrayNode array(ObjectNode parent, String field) {
    JsonNode n = parent.get(field);
    if (n instanceof ArrayNode a) {
      return a;
    }
    return parent.putArray(field);
  }

  private static ObjectNode condition(String type, String status) {
    return F.objectNode()
        .put("type", type)
        .put("status", status)
        .put("reason", "Test")
        .put("message", "test");
  }

  private static void eachReplicatedJob(ObjectNode o, Consumer<ObjectNode> change) {
    for (JsonNode rj : array(child(o, "spec"), "replicatedJobs")) {
      change.accept((ObjectNode) rj);
    }
  }

  private static ObjectNode jobSpec(ObjectNode replicatedJob) {
    return child(child(replicatedJob, "template"), "spec");
  }

  private static void replicatedJobsStatus(ObjectNode o, int active, int ready) {
    ArrayNode list = child(o, "status").putArray("replicatedJobsStatus");
    for (JsonNode rj : array(child(o, "spec"), "replicatedJobs")) {
      list.addObject()
          .put("name", rj.path("name").asText())
          .put("active", active)
          .put("ready", ready)
          .put("succeeded", 0)
          .put("failed", 0)
          .put("suspended", 0);
    }
  }

  /** Changes of the fields the definition reads: suspension, conditions, terminal state, counters, scale. */
  private static final List<Mutation> MUTATIONS = List.of(
      new Mutation("suspend true", o -> child(o, "spec").put("suspend", true)),
      new Mutation("suspend false", o -> child(o, "spec").put("suspend", false)),
      new Mutation("suspend removed", o -> child(o, "spec").remove("suspend")),
      new Mutation("terminalState Failed", o -> child(o, "status").put("terminalState", "Failed")),
      new Mutation(
          "terminalState Completed", o -> child(o, "status").put("terminalState", "Completed")),
      new Mutation("terminalState empty", o -> child(o, "status").put("terminalState", "")),
      new Mutation("terminalState removed", o -> child(o, "status").remove("terminalState")),
      new Mutation("restarts 2", o -> child(o, "status").put("restarts", 2)),
      new Mutation("restarts removed", o -> child(o, "status").remove("restarts")),
      new Mutation(
          "Suspended True added",
          o -> array(child(o, "status"), "conditions").add(condition("Suspended", "True"))),
      new Mutation(
          "Suspended False added",
          o -> array(child(o, "status"), "conditions").add(condition("Suspended", "False"))),
      new Mutation(
          "Completed True added",
          o -> array(child(o, "status"), "conditions").add(condition("Completed", "True"))),
      new Mutation(
          "Failed True then False",
          o -> array(child(o, "status"), "conditions")
              .add(condition("Failed", "True"))
              .add(condition("Failed", "False"))),
      new Mutation(
          "Failed False then True",
          o -> array(child(o, "status"), "conditions")
              .add(condition("Failed", "False"))
              .add(condition("Failed", "True"))),
      new Mutation("conditions removed", o -> child(o, "status").remove("conditions")),
      new Mutation("replicated jobs idle", o -> replicatedJobsStatus(o, 0, 0)),
      new Mutation("replicated jobs ready", o -> replicatedJobsStatus(o, 0, 1)),
      new Mutation("replicated jobs active", o -> replicatedJobsStatus(o, 1, 0)),
      new Mutation("replicated jobs with a negative counter", o -> replicatedJobsStatus(o, -1, 0)),
      new Mutation(
          "replicatedJobsStatus empty", o -> child(o, "status").putArray("replicatedJobsStatus")),
      new Mutation(
          "replicatedJobsStatus removed", o -> child(o, "status").remove("replicatedJobsStatus")),
      new Mutation("status removed", o -> o.remove("status")),
      new Mutation("replicas removed", o -> eachReplicatedJob(o, rj -> rj.remove("replicas"))),
      new Mutation("replicas 0", o -> eachReplicatedJob(o, rj -> rj.put("replicas", 0))),
      new Mutation(
          "parallelism 3, completions 2",
          o -> eachReplicatedJob(o, rj -> jobSpec(rj).put("parallelism", 3).put("completions", 2))),
      new Mutation(
          "parallelism 4, completions removed",
          o -> eachReplicatedJob(o, rj -> jobSpec(rj).put("parallelism", 4).remove("completions"))),
      new Mutation(
          "parallelism removed, completions 5",
          o -> eachReplicatedJob(o, rj -> jobSpec(rj).put("completions", 5).remove("parallelism"))),
      new Mutation(
          "GPU as a limit only",
          o -> eachReplicatedJob(o, rj -> {
            for (JsonNode c : child(child(jobSpec(rj), "template"), "spec").path("containers")) {
              ObjectNode resources = child((ObjectNode) c, "resources");
              child(resources, "requests").remove("nvidia.com/gpu");
              child(resources, "limits").put("nvidia.com/gpu", "2");
            }
          })));

  /** Each fixture object whose object is available here, and the benchmark's object. */
  private static List<Map.Entry<String, JsonNode>> baseObjects() {
    List<Map.Entry<String, JsonNode>> out = new ArrayList<>();
    out.add(Map.entry("benchmark object", JobSetInputs.benchmarkObject()));
    for (Fixture f : JobSetFixtures.all()) {
      if (java.nio.file.Files.isRegularFile(f.dir().resolve("object.yaml"))) {
        out.add(Map.entry(f.name(), f.object()));
      }
    }
    return out;
  }

  @TestFactory
  Stream<DynamicTest> adapterGivesTheSdkAnswersOnEachFixtureWithOneFieldChanged() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Map.Entry<String, JsonNode> base : baseObjects()) {
      for (Mutation m : MUTATIONS) {
        tests.add(DynamicTest.dynamicTest(
            base.getKey() + " / " + m.name(), () -> assertAgrees(m.applyTo(base.getValue()))));
      }
    }
    return tests.stream();
  }

  @TestFactory
  Stream<DynamicTest> adapterGivesTheSdkAnswersOnTheBenchmarkObjectWithTwoFieldsChanged() {
    JsonNode base = JobSetInputs.benchmarkObject();
    List<DynamicTest> tests = new ArrayList<>();
    for (int i = 0; i < MUTATIONS.size(); i++) {
      for (int j = i + 1; j < MUTATIONS.size(); j++) {
        Mutation a = MUTATIONS.get(i);
        Mutation b = MUTATIONS.get(j);
        tests.add(DynamicTest.dynamicTest(
            a.name() + " + " + b.name(), () -> assertAgrees(b.applyTo(a.applyTo(base)))));
      }
    }
    return tests.stream();
  }
}
