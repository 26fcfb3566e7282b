package dev.workloadmap.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.PreparedDefinition;
import dev.workloadmap.sdk.WorkloadMap;
import java.lang.management.ManagementFactory;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * A cross-check of the benchmark pairs for busy machines: both sides in one thread, alternating in rounds, each round
 * measured with the thread's own CPU time and allocated bytes ({@code com.sun.management.ThreadMXBean}). CPU time
 * leaves out the time the thread waits for a core, so the ratio stays usable where JMH's wall-clock scores are
 * dominated by other processes; allocated bytes per call are exact. It is not a replacement for JMH (no forks, no
 * blackhole, a cruder loop): use it next to JMH, not instead.
 *
 * <p>Run: {@code java -cp benchmarks/target/workloadmap-benchmarks.jar dev.workloadmap.benchmarks.CpuAllocReport
 * [pair] [rounds] [calls per round]}. The pair is {@code TreeAndStatus} ({@link JobSetResolveBenchmark}, the default;
 * 12 rounds of 100,000 calls), {@code LiveGang} ({@link LiveGangBenchmark}, 10,000 pods; 12 rounds of 20 calls) or
 * {@code LiveGang100k} (100,000 pods; 8 rounds of 2 calls). The first half of the rounds is warm-up; the report gives
 * the median of the second half for each side, their ratio and the allocation ratio. A first argument that is a
 * number is the rounds of {@code TreeAndStatus} (the report's older form).
 */
public final class CpuAllocReport {
  private static volatile Object sink;

  private CpuAllocReport() {}

  /** One side's figures per call: CPU nanoseconds and allocated bytes. */
  private record Figures(double cpuNanos, double bytes) {}

  /**
   * Runs the report.
   *
   * @param args optional: the pair, the number of rounds (at least 2) and the calls per round (at least 1)
   * @throws IllegalStateException when the JVM cannot measure per-thread CPU time or allocation
   * @throws IllegalArgumentException for an unknown pair
   */
  public static void main(String[] args) {
    int at = 0;
    String pair = "TreeAndStatus";
    if (args.length > 0 && !args[0].matches("\\d+")) {
      pair = args[0];
      at = 1;
    }
    int defaultRounds = pair.equals("LiveGang100k") ? 8 : 12;
    int defaultCalls = switch (pair) {
      case "TreeAndStatus" -> 100_000;
      case "LiveGang" -> 20;
      case "LiveGang100k" -> 2;
      default ->
        throw new IllegalArgumentException(
            "unknown pair " + pair + ": give TreeAndStatus, LiveGang or LiveGang100k");
    };
    int rounds = args.length > at ? Math.max(2, Integer.parseInt(args[at])) : defaultRounds;
    int calls = args.length > at + 1 ? Math.max(1, Integer.parseInt(args[at + 1])) : defaultCalls;
    if (!(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean bean)
        || !bean.isCurrentThreadCpuTimeSupported()
        || !bean.isThreadAllocatedMemorySupported()) {
      throw new IllegalStateException("this JVM cannot measure per-thread CPU time and allocation");
    }
    bean.setThreadCpuTimeEnabled(true);
    bean.setThreadAllocatedMemoryEnabled(true);
    Supplier<Object> sdkCall;
    Supplier<Object> adapterCall;
    String title;
    if (pair.equals("TreeAndStatus")) {
      WorkloadMap workloadMap = WorkloadMap.create();
      PreparedDefinition jobSet = JobSetInputs.prepareDefinition(workloadMap);
      JsonNode object = JobSetInputs.benchmarkObject();
      sdkCall = () -> workloadMap.resolve(jobSet, object);
      adapterCall = () -> JobSetAdapter.resolve(object);
      title = "JobSetResolve TreeAndStatus";
    } else {
      LiveGangBenchmark b = new LiveGangBenchmark();
      b.pods = pair.equals("LiveGang") ? 10_000 : 100_000;
      b.setUp();
      sdkCall = b::sdkAttributeAndGangPlan;
      adapterCall = b::adapterAttributeAndGangPlan;
      title = "LiveGang AttributeAndGangPlan, " + b.podCount() + " pods";
    }
    int measured = rounds - rounds / 2;
    double[] sdkCpu = new double[measured];
    double[] adapterCpu = new double[measured];
    Figures sdk = null;
    Figures adapter = null;
    for (int r = 0; r < rounds; r++) {
      sdk = measure(bean, calls, sdkCall);
      adapter = measure(bean, calls, adapterCall);
      System.out.printf(
          Locale.ROOT,
          "round %2d  SDK %12.0f ns %11.0f B   adapter %12.0f ns %11.0f B   %s%n",
          r + 1,
          sdk.cpuNanos(),
          sdk.bytes(),
          adapter.cpuNanos(),
          adapter.bytes(),
          r < rounds / 2 ? "(warm-up)" : "");
      if (r >= rounds / 2) {
        sdkCpu[r - rounds / 2] = sdk.cpuNanos();
        adapterCpu[r - rounds / 2] = adapter.cpuNanos();
      }
    }
    double s = median(sdkCpu);
    double a = median(adapterCpu);
    double[] load = loadAverage();
    System.out.printf(
        Locale.ROOT,
        "%n%s, CPU time per call (median of %d rounds): SDK %.0f ns, adapter %.0f ns, "
            + "ratio %.2fx%nallocated per call: SDK %.0f B, adapter %.0f B, ratio %.2fx%n"
            + "load average at the end: %.2f %.2f %.2f%n",
        title,
        measured,
        s,
        a,
        s / a,
        sdk.bytes(),
        adapter.bytes(),
        sdk.bytes() / adapter.bytes(),
        load[0],
        load[1],
        load[2]);
  }

  /** The 1, 5 and 15 minute load averages from {@code /proc/loadavg}, or NaN where it cannot be read. */
  private static double[] loadAverage() {
    try {
      String[] f = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg"))
          .trim()
          .split("\\s+");
      return new double[] {
        Double.parseDouble(f[0]), Double.parseDouble(f[1]), Double.parseDouble(f[2])
      };
    } catch (java.io.IOException | RuntimeException e) {
      return new double[] {Double.NaN, Double.NaN, Double.NaN};
    }
  }

  private static Figures measure(
      com.sun.management.ThreadMXBean bean, int calls, Supplier<Object> call) {
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
