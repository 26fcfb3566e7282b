package dev.workloadmap.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workloadmap.sdk.definition.WorkloadStatus;
import dev.workloadmap.sdk.resources.ResourceList;
import dev.workloadmap.sdk.tree.WorkloadTree;
import org.junit.jupiter.api.Test;

/** Each benchmark method computes the answer it is meant to measure (called once; nothing is timed). */
class JobSetResolveBenchmarkTest {

  @Test
  void benchmarkMethodsComputeTheRunningSeedAnswers() {
    JobSetResolveBenchmark b = new JobSetResolveBenchmark();
    b.setUp();

    WorkloadTree tree = b.sdkTreeAndStatus();
    assertThat(tree.totalReplicas()).isEqualTo(3);
    assertThat(tree.totalResources().gpus(ResourceList.DEFAULT_GPU_RESOURCE)).isEqualTo(12);
    assertThat(tree.phases()).containsExactly("Running");

    JobSetAdapter.Summary summary = b.adapterTreeAndStatus();
    assertThat(summary.totalPods()).isEqualTo(3);
    assertThat(summary.gpus()).isEqualTo(12);
    assertThat(summary.statuses()).containsExactly("Running");

    assertThat(b.sdkStatusOnly().matched()).containsExactly(WorkloadStatus.RUNNING);
    assertThat(b.adapterStatusOnly()).containsExactly("Running");
  }
}
