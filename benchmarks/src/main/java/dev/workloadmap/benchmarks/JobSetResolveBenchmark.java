package dev.workloadmap.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.PreparedDefinition;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.resources.ResourceList;
import dev.workloadmap.sdk.status.StatusResult;
import dev.workloadmap.sdk.tree.WorkloadTree;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Resolving a running JobSet: the SDK with the catalog definition against {@link JobSetAdapter}, the hand-written
 * baseline, in the same run. Methods come in pairs, {@code sdkX} and {@code adapterX}; {@link RatioReport} prints
 * each pair's ratio. The target is the SDK within 3x of the adapter for {@code TreeAndStatus}.
 *
 * <p>Both sides start from the same parsed {@link JsonNode} (parsing is not measured) and the definition is loaded,
 * validated and compiled once per trial, as an application would do at start-up. The SDK's cost per call therefore
 * includes preparing the input for jq (key-sorted view), every jq path and matcher, the tree and the totals.
 *
 * <p>The defaults (1 fork, 5 × 2 s warm-up, 5 × 1 s measurement) take about 65 s. The warm-up is long on purpose: the
 * SDK's path runs deep through the jq interpreter and took 5 to 10 s to reach its steady state on a busy 2-core
 * machine; with 3 × 1 s it was measured 2 to 5 times slower than its steady state. JMH's command-line options ({@code
 * -f}, {@code -wi}, {@code -i}, {@code -w}, {@code -r}, {@code -prof}, ...) override them.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 1)
public class JobSetResolveBenchmark {

  private WorkloadMap workloadMap;
  private PreparedDefinition jobSet;
  private JsonNode object;

  /**
   * Loads and prepares the definition and reads the object, then checks once that both sides give the same answers
   * on it, so the run never compares two programs that disagree.
   *
   * @throws IllegalStateException when the SDK and the adapter disagree, or the SDK reports problems
   */
  @Setup(Level.Trial)
  public void setUp() {
    workloadMap = WorkloadMap.create();
    jobSet = JobSetInputs.prepareDefinition(workloadMap);
    object = JobSetInputs.benchmarkObject();

    WorkloadTree tree = workloadMap.resolve(jobSet, object);
    JobSetAdapter.Summary summary = JobSetAdapter.resolve(object);
    if (!tree.problems().isEmpty()) {
      throw new IllegalStateException(
          "the SDK reports problems on the benchmark object: " + tree.problems());
    }
    long sdkGpus = tree.totalResources().gpus(ResourceList.DEFAULT_GPU_RESOURCE);
    if (sdkGpus != summary.gpus()
        || tree.totalReplicas() != summary.totalPods()
        || !tree.totalResources().equals(summary.totalResources())
        || !tree.phases().equals(summary.statuses())) {
      throw new IllegalStateException(
          "the SDK and the adapter disagree on the benchmark object: SDK "
              + tree.totalReplicas() + " pods, " + tree.totalResources() + ", " + tree.phases()
              + "; adapter "
              + summary.totalPods() + " pods, " + summary.totalResources() + ", "
              + summary.statuses());
    }
  }

  /** The SDK: the whole tree with per-instance replicas and resources, totals, and the root status. */
  @Benchmark
  public WorkloadTree sdkTreeAndStatus() {
    return workloadMap.resolve(jobSet, object);
  }

  /** The baseline: replicated jobs with pods and resources, totals, and statuses, read by hand. */
  @Benchmark
  public JobSetAdapter.Summary adapterTreeAndStatus() {
    return JobSetAdapter.resolve(object);
  }

  /** The SDK: the root status only (conditions and every status matcher). */
  @Benchmark
  public StatusResult sdkStatusOnly() {
    return workloadMap.status(jobSet, object);
  }

  /** The baseline: statuses only. */
  @Benchmark
  public List<String> adapterStatusOnly() {
    return JobSetAdapter.status(object);
  }
}
