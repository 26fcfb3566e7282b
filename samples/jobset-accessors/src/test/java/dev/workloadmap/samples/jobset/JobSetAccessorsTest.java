package dev.workloadmap.samples.jobset;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.definition.WorkloadStatus;
import dev.workloadmap.sdk.yaml.YamlReader;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Uses the accessors that {@code workloadmap:generate} wrote for the catalog's JobSet definition
 * ({@code target/generated-sources/workloadmap/dev/workloadmap/samples/jobset/JobSetWorkload.java}): no component name
 * as a string, no jq in this code.
 */
class JobSetAccessorsTest {

  /** The seed JobSet: one leader Job and two worker Jobs, one pod each, 4 GPUs per pod. */
  static final Path SEED = Path.of("../../catalog/src/main/workloadmap/jobset-x-k8s-io-jobset-v1alpha2/fixtures/"
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

    assertThat(jobs).extracting(JobSetWorkload.ReplicatedjobInstance::id).containsExactly("leader", "worker");
    assertThat(jobs).extracting(JobSetWorkload.ReplicatedjobInstance::replicas).containsExactly(1, 2);
    assertThat(jobs).extracting(j -> j.perPod().gpus()).containsExactly(4L, 4L);
    JobSetWorkload.ReplicatedjobInstance worker = jobset.replicatedjob("worker").orElseThrow();
    assertThat(worker.podTemplateSpec().at("/spec/containers/0/image").asText()).isEqualTo("example.com/trainer:1.0");
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
}
