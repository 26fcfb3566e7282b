package dev.workloadmap.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.PreparedDefinition;
import dev.workloadmap.sdk.WorkloadMap;
import java.lang.management.ManagementFactory;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * A cross-check of {@link JobSetResolveBenchmark}'s {@code TreeAndStatus} pair for busy machines: both sides in one
 * thread, alternating in rounds, each round measured with the thread's own CPU time and allocated bytes
 * ({@code com.sun.management.ThreadMXBean}). CPU time leaves out the time the thread waits for a core, so the ratio
 * stays usable where JMH's wall-clock scores are dominated by other processes; allocated bytes per call are exact.
 * It is not a replacement for JMH (no forks, no blackhole, a cruder loop): use it next to JMH, not instead.
 *
 * <p>Run: {@code java -cp benchmarks/target/workloadmap-benchmarks.jar dev.workloadmap.benchmarks.CpuAllocReport
 * [rounds] [calls per round]} (defaults 12 and 100000). The first half of the rounds is warm-up; the report gives the
 * median of the second half for each side, their ratio and the allocation ratio.
 */
public final class CpuAllocReport {
  private static volatile Object sink;

  private CpuAllocReport() {}

  /** One side's figures per call: CPU nanoseconds and allocated bytes. */
  private record Figures(double cpuNanos, double bytes) {}

  /**
   * Runs the report.
   *
   * @param args optional: the number of rounds (at least 2) and the calls per round (at least 1)
   * @throws IllegalStateException when the JVM cannot measure per-thread CPU time or allocation
   */
  public static void main(String[] args) {
    int rounds = args.length > 0 ? Math.max(2, Integer.parseInt(args[0])) : 12;
    int calls = args.length > 1 ? Math.max(1, Integer.parseInt(args[1])) : 100_000;
    if (!(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean bean)
        || !bean.isCurrentThreadCpuTimeSupported()
        || !bean.isThreadAllocatedMemorySupported()) {
      throw new IllegalStateException("this JVM cannot measure per-thread CPU time and allocation");
    }
    bean.setThreadCpuTimeEnabled(true);
    bean.setThreadAllocatedMemoryEnabled(true);
    WorkloadMap workloadMap = WorkloadMap.create();
    PreparedDefinition jobSet = JobSetInputs.prepareDefinition(workloadMap);
    JsonNode object = JobSetInputs.benchmarkObject();
    int measured = rounds - rounds / 2;
    double[] sdkCpu = new double[measured];
    double[] adapterCpu = new double[measured];
    Figures sdk = null;
    Figures adapter = null;
    for (int r = 0; r < rounds; r++) {
      sdk = measure(bean, calls, () -> workloadMap.resolve(jobSet, object));
      adapter = measure(bean, calls, () -> JobSetAdapter.resolve(object));
      System.out.printf(Locale.ROOT, "round %2d  SDK %9.0f ns %8.0f B   adapter %9.0f ns %8.0f B   %s%n", r + 1,
          sdk.cpuNanos(), sdk.bytes(), adapter.cpuNanos(), adapter.bytes(), r < rounds / 2 ? "(warm-up)" : "");
      if (r >= rounds / 2) {
        sdkCpu[r - rounds / 2] = sdk.cpuNanos();
        adapterCpu[r - rounds / 2] = adapter.cpuNanos();
      }
    }
    double s = median(sdkCpu);
    double a = median(adapterCpu);
    System.out.printf(Locale.ROOT,
        "%nJobSetResolve TreeAndStatus, CPU time per call (median of %d rounds): SDK %.0f ns, adapter %.0f ns, "
            + "ratio %.2fx%nallocated per call: SDK %.0f B, adapter %.0f B, ratio %.2fx%n",
        measured, s, a, s / a, sdk.bytes(), adapter.bytes(), sdk.bytes() / adapter.bytes());
  }

  private static Figures measure(com.sun.management.ThreadMXBean bean, int calls, Supplier<Object> call) {
    long bytes0 = bean.getCurrentThreadAllocatedBytes();
    long cpu0 = bean.getCurrentThreadCpuTime();
    for (int i = 0; i < calls; i++) {
      sink = call.get();
    }
    long cpu1 = bean.getCurrentThreadCpuTime();
    long bytes1 = bean.getCurrentThreadAllocatedBytes();
    return new Figures((cpu1 - cpu0) / (double) calls, (bytes1 - bytes0) / (double) calls);
  }

  private static double median(double[] values) {
    double[] v = values.clone();
    java.util.Arrays.sort(v);
    int n = v.length;
    return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
  }
}
