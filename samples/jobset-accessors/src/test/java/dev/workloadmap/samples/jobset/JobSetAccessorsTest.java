package dev.workloadmap.samples.jobset;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.sdk.definition.WorkloadStatus;
import dev.workloadmap.sdk.update.UpdateResult;
import dev.workloadmap.sdk.yaml.YamlReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Uses the accessors that {@code workloadmap:generate} wrote for the catalog's JobSet definition
 * ({@code target/generated-sources/workloadmap/dev/workloadmap/samples/jobset/JobSetWorkload.java}): no component name
 * as a string, no jq in this code.
 */
class JobSetAccessorsTest {

  /** The seed JobSet: one leader Job and two worker Jobs, one pod each, 4 GPUs per pod. */
  static final Path SEED =
      Path.of("../../catalog/src/main/workloadmap/jobset-x-k8s-io-jobset-v1alpha2/fixtures/"
          + "seed-leader-and-workers/object.yaml");

  static JsonNode seed() {
    return new YamlReader().readAll(SEED).get(0).root();
  }

  @Test
  void theSeedJobSetAsksForTwelveGpus() {
    JobSetWorkload jobset = JobSetWorkload.of(seed());

    long gpus = 0;
    for (JobSetWorkload.ReplicatedjobInstance job : jobset.replicatedjob()) {
      gpus += job.gpus();
    }

    assertThat(gpus).isEqualTo(12);
    assertThat(jobset.totalGpus()).isEqualTo(12);
    assertThat(jobset.problems()).isEmpty();
  }

  @Test
  void eachReplicatedJobHasItsIdReplicasAndPodTemplate() {
    JobSetWorkload jobset = JobSetWorkload.of(seed());

    List<JobSetWorkload.ReplicatedjobInstance> jobs = jobset.replicatedjob();

    assertThat(jobs)
        .extracting(JobSetWorkload.ReplicatedjobInstance::id)
        .containsExactly("leader", "worker");
    assertThat(jobs)
        .extracting(JobSetWorkload.ReplicatedjobInstance::replicas)
        .containsExactly(1, 2);
    assertThat(jobs).extracting(j -> j.perPod().gpus()).containsExactly(4L, 4L);
    JobSetWorkload.ReplicatedjobInstance worker = jobset.replicatedjob("worker").orElseThrow();
    assertThat(worker.podTemplateSpec().at("/spec/containers/0/image").asText())
        .isEqualTo("example.com/trainer:1.0");
    assertThat(worker.cpuMillis()).isEqualTo(16_000);
    assertThat(jobset.replicatedjob("launcher")).isEmpty();
  }

  @Test
  void aJobSetTheControllerHasNotSeenIsUndefined() {
    JobSetWorkload jobset = JobSetWorkload.of(seed());

    assertThat(jobset.statuses()).containsExactly(WorkloadStatus.UNDEFINED);
    assertThat(jobset.is(WorkloadStatus.RUNNING)).isFalse();
    assertThat(jobset.conditions()).isEmpty();
  }

  /** The scheduler name of every replicated job's pod template in {@code object}, in document order. */
  private static List<String> schedulerNames(JsonNode object) {
    List<String> names = new ArrayList<>();
    for (JsonNode job : object.at("/spec/replicatedJobs")) {
      names.add(job.at("/template/spec/template/spec/schedulerName").asText(null));
    }
    return names;
  }

  /** The patch as "op path value" lines. */
  private static List<String> operations(UpdateResult r) {
    List<String> ops = new ArrayList<>();
    for (JsonNode op : r.patch()) {
      ops.add(op.get("op").asText() + " " + op.get("path").asText() + " " + op.get("value"));
    }
    return ops;
  }

  @Test
  void setsTheSchedulerNameOnEveryReplicatedJob() {
    JobSetWorkload jobset = JobSetWorkload.of(seed());
    assertThat(schedulerNames(jobset.object())).containsExactly(null, null);

    UpdateResult r = jobset.update().schedulerName("kai-scheduler").apply();

    assertThat(schedulerNames(r.object())).containsExactly("kai-scheduler", "kai-scheduler");
    // one add per replicated job (the seed sets no scheduler name), nothing else
    assertThat(operations(r))
        .containsExactly(
            "add /spec/replicatedJobs/0/template/spec/template/spec/schedulerName \"kai-scheduler\"",
            "add /spec/replicatedJobs/1/template/spec/template/spec/schedulerName \"kai-scheduler\"");
    // read back through the accessors: every instance's pod template has it
    assertThat(JobSetWorkload.of(r.object()).replicatedjob())
        .extracting(j -> j.podTemplateSpec().at("/spec/schedulerName").asText())
        .containsExactly("kai-scheduler", "kai-scheduler");
    assertThat(jobset.object()).isEqualTo(seed()); // the wrapped object is not modified
  }

  @Test
  void setsTheSchedulerNameInstanceByInstanceThroughTheTypedPodTemplateWrite() {
    JobSetWorkload jobset = JobSetWorkload.of(seed());

    JobSetWorkload.Update update = jobset.update();
    for (JobSetWorkload.ReplicatedjobInstance job : jobset.replicatedjob()) {
      ObjectNode template = job.podTemplateSpec().deepCopy();
      ((ObjectNode) template.get("spec")).put("schedulerName", "scheduler-" + job.id());
      update = update.replicatedjobPodTemplate(job.id(), template);
    }
    UpdateResult r = update.apply();

    assertThat(schedulerNames(r.object())).containsExactly("scheduler-leader", "scheduler-worker");
    assertThat(operations(r))
        .containsExactly(
            "add /spec/replicatedJobs/0/template/spec/template/spec/schedulerName \"scheduler-leader\"",
            "add /spec/replicatedJobs/1/template/spec/template/spec/schedulerName \"scheduler-worker\"");
    assertThat(JobSetWorkload.of(r.object()).totalGpus()).isEqualTo(12);
  }

  @Test
  void suspendsAndResumesThroughTheDefinitionsSuspendActions() {
    JobSetWorkload jobset = JobSetWorkload.of(seed());

    UpdateResult suspended = jobset.update().suspend().apply();

    assertThat(operations(suspended)).containsExactly("add /spec/suspend true");
    assertThat(JobSetWorkload.of(suspended.object()).statuses())
        .contains(WorkloadStatus.SUSPENDING);
    assertThat(JobSetWorkload.of(suspended.object())
            .update()
            .resume()
            .apply()
            .object()
            .at("/spec/suspend")
            .asBoolean())
        .isFalse();
  }
}
