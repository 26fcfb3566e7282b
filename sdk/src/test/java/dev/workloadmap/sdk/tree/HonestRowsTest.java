package dev.workloadmap.sdk.tree;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.sdk.EvaluationProblem;
import dev.workloadmap.sdk.PreparedDefinition;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.yaml.YamlDocument;
import dev.workloadmap.sdk.yaml.YamlReader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Issue 15, "no wrong number, ever", per row: a value that is not a count leaves its own instance uncounted (shown
 * as {@code ?}, null in JSON), never a rounded, zero or defaulted number, and never changes another instance's
 * numbers; the problem is located at the object's own field, not inside the definition.
 */
class HonestRowsTest {
  static final WorkloadMap WM = WorkloadMap.create();
  static final Path JOBSET =
      Path.of("../catalog/src/main/workloadmap/jobset-x-k8s-io-jobset-v1alpha2");
  static final PreparedDefinition DEF =
      WM.prepare(WM.loadDefinition(JOBSET.resolve("definition.yaml")));

  /** The seed JobSet (leader 1 pod, worker 2 pods, 4 GPUs, 8 CPU, 64Gi each) with the worker's text changed. */
  static WorkloadTree seedWith(String from, String to) throws Exception {
    String seed = Files.readString(JOBSET.resolve("fixtures/seed-leader-and-workers/object.yaml"));
    int worker = seed.indexOf("- name: worker");
    // a GPU quantity is changed in requests and limits alike (they must be equal), anything else
    // once
    String rest = seed.substring(worker);
    String changed = seed.substring(0, worker)
        + (from.startsWith("nvidia.com/gpu") && !to.endsWith(" 2\n")
            ? rest.replace(from, to)
            : rest.replaceFirst(from, to));
    assertThat(changed).isNotEqualTo(seed);
    YamlDocument doc = new YamlReader().readAll(changed, "object.yaml").get(0);
    return WM.resolve(DEF, doc);
  }

  static InstanceNode instance(WorkloadTree t, String id) {
    return t.component("replicatedjob").instances().stream()
        .filter(i -> i.id().equals(id))
        .findFirst()
        .orElseThrow();
  }

  static String resources(WorkloadTree t) {
    String text = WM.renderText(t, null);
    return text.substring(text.indexOf("Resources:"));
  }

  @Test
  void aFractionalGpuIsNotANumberInTheComponentRowNorInTheTotal() throws Exception {
    for (String q : new String[] {"\"500m\"", "\"0.5\""}) {
      WorkloadTree t = seedWith("nvidia.com/gpu: 4\n", "nvidia.com/gpu: " + q + "\n");
      assertThat(t.totalsComplete()).isFalse();
      InstanceNode worker = instance(t, "worker");
      assertThat(worker.counted("nvidia.com/gpu")).as(q).isFalse();
      assertThat(worker.counted("cpu")).isTrue();
      assertThat(resources(t))
          .as(q)
          .contains("leader              1         4    8    64Gi")
          .contains("worker              2         ?    16   128Gi")
          .contains("TOTAL (incomplete)  3         ?    24   192Gi")
          .doesNotContain("worker              2         1");
      assertThat(WM.renderText(t, null)).contains("└── worker  replicas: 2  gpu: ?");
      ObjectNode json = WM.toJson(t);
      assertThat(json.at("/root/children/0/instances/1/resources/gpus").isNull())
          .as(json.toString())
          .isTrue();
      assertThat(json.at("/root/children/0/instances/1/uncounted/0").asText())
          .isEqualTo("nvidia.com/gpu");
      assertThat(json.at("/total/resources/gpus").isNull()).isTrue();
      assertThat(json.at("/total/resources/cpuMillis").asLong()).isEqualTo(24_000);
    }
  }

  @Test
  void aBadCountOnTheWorkerLeavesTheLeadersNumbersAlone() throws Exception {
    for (String bad : new String[] {"-1", "2.5", "1e20", "9223372036854775807", "\"two\""}) {
      WorkloadTree t = seedWith("replicas: 2", "replicas: " + bad);
      assertThat(t.totalsComplete()).as(bad).isFalse();
      InstanceNode leader = instance(t, "leader");
      assertThat(leader.desiredReplicas()).as(bad).isEqualTo(1);
      assertThat(leader.uncounted()).isEmpty();
      assertThat(leader.total().gpus()).isEqualTo(4);
      assertThat(instance(t, "worker").replicasCounted()).isFalse();
      assertThat(resources(t))
          .as(bad)
          .contains("leader              1         4    8    64Gi")
          .contains("worker              ?         ?    ?    ?")
          .contains("TOTAL (incomplete)  ?         ?    ?    ?");
      assertThat(WM.renderText(t, null))
          .contains("├── leader  replicas: 1  gpu: 4")
          .contains("└── worker  replicas: ?  gpu: ?");
      EvaluationProblem p = t.problems().get(0);
      assertThat(p.objectPointer()).isEqualTo("/spec/replicatedJobs/1/replicas");
      assertThat(p.format()).startsWith("object.yaml:30:7 /spec/replicatedJobs/1/replicas: ");
    }
  }

  @Test
  void quantityProblemsAreLocatedAtTheObjectsField() throws Exception {
    String requests =
        "/spec/replicatedJobs/1/template/spec/template/spec/containers/0/resources/requests/";
    String[][] cases = {
      {"cpu: \"8\"", "cpu: \"-8\"", requests + "cpu", "object.yaml:43:23 ", "must not be negative"},
      {
        "nvidia.com/gpu: 4\n",
        "nvidia.com/gpu: -4\n",
        requests + "nvidia.com~1gpu",
        "object.yaml:45:23 ",
        "must not be negative"
      },
      {
        "memory: 64Gi",
        "memory: 64Gb",
        requests + "memory",
        "object.yaml:44:23 ",
        "unknown suffix \"Gb\""
      },
      {
        "nvidia.com/gpu: 4\n",
        "nvidia.com/gpu: 99999999999999999999\n",
        requests + "nvidia.com~1gpu",
        "object.yaml:45:23 ",
        "does not fit in a 64-bit count"
      },
    };
    for (String[] c : cases) {
      WorkloadTree t = seedWith(c[0], c[1]);
      assertThat(t.totalsComplete()).as(c[1]).isFalse();
      EvaluationProblem p = t.problems().get(0);
      assertThat(p.objectPointer()).as(c[1]).isEqualTo(c[2]);
      assertThat(p.format())
          .as(c[1])
          .startsWith(c[3] + c[2] + ": component 'replicatedjob': ")
          .contains(c[4])
          .contains("(definition: ");
      assertThat(instance(t, "leader").uncounted()).isEmpty();
    }
  }

  @Test
  void requestsDifferentFromLimitsAreAFindingAndNotCounted() throws Exception {
    WorkloadTree t =
        seedWith("nvidia.com/gpu: 4\n", "nvidia.com/gpu: 2\n"); // the request; the limit stays 4
    assertThat(t.totalsComplete()).isFalse();
    assertThat(t.problems())
        .singleElement()
        .satisfies(
            p -> assertThat(p.format())
                .startsWith(
                    "object.yaml:45:23 /spec/replicatedJobs/1/template/spec/template/spec/containers/0/resources/"
                        + "requests/nvidia.com~1gpu: ")
                .contains(
                    "must be equal to nvidia.com/gpu limit of 4, got 2 (the API server rejects such a pod)"));
    assertThat(instance(t, "worker").counted("nvidia.com/gpu")).isFalse();
    assertThat(resources(t)).contains("worker              2         ?    16   128Gi");
  }

  @Test
  void aCompleteTreeHasNoQuestionMarks() throws Exception {
    WorkloadTree t = seedWith("replicas: 2", "replicas: 3");
    assertThat(t.totalsComplete()).isTrue();
    assertThat(t.uncountedTotals()).isEmpty();
    assertThat(WM.renderText(t, null)).doesNotContain("?").doesNotContain("incomplete");
    assertThat(t.totalReplicas()).isEqualTo(4);
    assertThat(t.totalResources().gpus()).isEqualTo(16);
    assertThat(WM.toJson(t).has("uncounted")).isFalse();
  }

  /**
   * A status that is not an object (or any failing status path) is a problem of the status only: every total is
   * counted, so the totals are complete and no view marks them incomplete (found by the new-user trial of issue 17:
   * the conditions path's problem counted as one that left totals uncounted).
   */
  /**
   * A scale bound (minReplicas, maxReplicas) that fails is counted in no total: the replicas and resources stay
   * complete, and the PodGroup plan, which needs the bound, refuses. The case is Volcano's own sample shape
   * (pytorch-plugin-job: spec.minAvailable 1 below the tasks' minAvailable, whose sum the catalog definition refuses
   * to take as the gang's size), and a negative task minAvailable.
   */
  @Test
  void aFailingScaleBoundLeavesTheTotalsCompleteAndRefusesPodGroups() throws Exception {
    Path volcano =
        Path.of("../catalog/src/main/workloadmap/batch-volcano-sh-job-v1alpha1/definition.yaml");
    PreparedDefinition def = WM.prepare(WM.loadDefinition(volcano));
    String task = """
          - name: %s
            replicas: %d
            %s
            template:
              spec:
                containers:
                  - name: c
                    image: x
                    resources: {limits: {nvidia.com/gpu: 1}, requests: {nvidia.com/gpu: 1}}
        """;
    for (String[] c : new String[][] {
      {"minAvailable: 1", "", "minReplicasPath"}, {"", "minAvailable: -1", "minReplicasPath"}
    }) {
      String job =
          "apiVersion: batch.volcano.sh/v1alpha1\nkind: Job\nmetadata: {name: j, namespace: ns}\nspec:\n"
              + (c[0].isEmpty() ? "" : "  " + c[0] + "\n")
              + "  tasks:\n"
              + task.formatted("master", 1, "")
              + task.formatted("worker", 2, c[1]);
      YamlDocument doc = new YamlReader().readAll(job, "job.yaml").get(0);
      WorkloadTree t = WM.resolve(def, doc);
      assertThat(t.problems()).as(job).isNotEmpty();
      assertThat(t.problems()).as(job).allMatch(p -> p.field().endsWith(c[2]));
      assertThat(t.problems()).noneMatch(EvaluationProblem::affectsTotals);
      assertThat(t.problems()).allMatch(EvaluationProblem::affectsGangSizes);
      assertThat(t.totalsComplete()).as(job).isTrue();
      assertThat(t.totalReplicas()).isEqualTo(3);
      assertThat(t.totalResources()
              .gpus(dev.workloadmap.sdk.resources.ResourceList.DEFAULT_GPU_RESOURCE))
          .isEqualTo(3);
      assertThat(WM.renderText(t, null))
          .doesNotContain("incomplete")
          .contains("gang sizes are not given");
      org.assertj.core.api.Assertions.assertThatThrownBy(
              () -> new dev.workloadmap.sdk.scheduler.SchedulingPlanner(WM).desired(def, doc))
          .isInstanceOf(dev.workloadmap.sdk.WorkloadMapException.class)
          .hasMessageContaining("no gangs for Job j")
          .hasMessageContaining("gang sizes are not given");
    }
  }

  @Test
  void aBrokenStatusLeavesTheTotalsComplete() throws Exception {
    String seed = Files.readString(JOBSET.resolve("fixtures/seed-leader-and-workers/object.yaml"));
    for (String status : new String[] {"status: []\n", "status: 5\n", "status: \"x\"\n"}) {
      YamlDocument doc = new YamlReader().readAll(seed + status, "object.yaml").get(0);
      WorkloadTree t = WM.resolve(DEF, doc);
      assertThat(t.problems()).as(status).isNotEmpty();
      assertThat(t.problems()).as(status).noneMatch(EvaluationProblem::affectsTotals);
      assertThat(t.problems())
          .as(status)
          .anyMatch(p -> p.field().startsWith("conditionsDefinition"));
      assertThat(t.totalsComplete()).as(status).isTrue();
      assertThat(t.totalReplicas()).as(status).isEqualTo(3);
      assertThat(WM.renderText(t, null)).as(status).doesNotContain("incomplete");
    }
  }
}
