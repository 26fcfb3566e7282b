package dev.workloadmap.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.PreparedDefinition;
import dev.workloadmap.sdk.WorkloadMap;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * A cross-check of the benchmark pairs for busy machines: both sides in one thread, alternating in rounds, each round
 * measured with the thread's own CPU time and allocated bytes ({@code com.sun.management.ThreadMXBean}). CPU time
 * leaves out the time the thread waits for a core, so the ratio stays usable where JMH's wall-clock scores are
 * dominated by other processes; allocated bytes per call are exact. It is not a replacement for JMH (no blackhole, a
 * cruder loop): use it next to JMH, not instead.
 *
 * <p>Run: {@code java -cp benchmarks/target/workloadmap-benchmarks.jar dev.workloadmap.benchmarks.CpuAllocReport
 * [pair] [rounds] [calls per round] [--forks=N] [--warmup=SECONDS]}. The pair is {@code TreeAndStatus} ({@link
 * JobSetResolveBenchmark}, the default; 12 rounds of 100,000 calls), {@code LiveGang} ({@link LiveGangBenchmark},
 * 10,000 pods; 12 rounds of 20 calls) or {@code LiveGang100k} (100,000 pods; 8 rounds of 2 calls). A first argument
 * that is a number is the rounds of {@code TreeAndStatus} (the report's older form).
 *
 * <p>Method, the same for both sides:
 *
 * <ol>
 *   <li>each fork is a JVM of its own ({@code --forks}, default 3; {@code --forks=0} measures in this JVM, for a
 *       profiler's agent), since what the JIT compiler makes of a side, and where the garbage collector puts the
 *       benchmark's data, differ from JVM to JVM;
 *   <li>warm-up: the two sides called in turn until each has had {@link #minWarmupCalls} calls and both together
 *       {@code --warmup} seconds of CPU time (default 3). The baseline of a pod-list pair is one method called once
 *       per call: the JIT compiler's final code for it arrives only after some 50 calls of 10,000 pods (in round 5
 *       or 6 of the older 8 rounds of 5 calls, that is among the measured rounds, earlier or later from JVM to JVM
 *       with the compiler threads' share of the cores), and both sides still get faster for a few hundred calls;
 *       the rounds' own first half, as this report had it, was not enough for that;
 *   <li>a full collection, so that the measured rounds start from the same compacted heap;
 *   <li>{@code rounds} measured rounds of {@code calls} calls per side, the side that goes first alternating from
 *       round to round; each side's figure is the median of its rounds;
 *   <li>the report: each fork's figures and ratio, then the median of the forks' ratios (and their range), the
 *       median of each side's figures, and the exact allocation per call.
 * </ol>
 */
public final class CpuAllocReport {
  private static volatile Object sink;

  /** The line a fork prints its figures on, for the parent to read. */
  static final String FORK_LINE = "CpuAllocReport fork result:";

  private CpuAllocReport() {}

  /** One side's figures per call: CPU nanoseconds (median of the rounds) and allocated bytes. */
  record Figures(double cpuNanos, double bytes) {}

  /** One fork's result: both sides' figures. */
  record Fork(Figures sdk, Figures adapter) {
    double ratio() {
      return sdk.cpuNanos() / adapter.cpuNanos();
    }

    String line() {
      return String.format(
          Locale.ROOT,
          "%s %.1f %.1f %.1f %.1f",
          FORK_LINE,
          sdk.cpuNanos(),
          sdk.bytes(),
          adapter.cpuNanos(),
          adapter.bytes());
    }

    static Fork parse(String line) {
      String[] f = line.substring(FORK_LINE.length()).trim().split("\\s+");
      return new Fork(
          new Figures(Double.parseDouble(f[0]), Double.parseDouble(f[1])),
          new Figures(Double.parseDouble(f[2]), Double.parseDouble(f[3])));
    }
  }

  /** The parsed command line. */
  record Options(
      String pair, int rounds, int calls, int forks, double warmupSeconds, boolean child) {

    static Options parse(String... args) {
      List<String> positional = new ArrayList<>();
      int forks = 3;
      double warmup = 3;
      boolean child = false;
      for (String a : args) {
        if (a.startsWith("--forks=")) {
          forks = Math.max(0, Integer.parseInt(a.substring("--forks=".length())));
        } else if (a.startsWith("--warmup=")) {
          warmup = Math.max(0, Double.parseDouble(a.substring("--warmup=".length())));
        } else if (a.equals("--child")) {
          child = true;
        } else if (a.startsWith("--")) {
          throw new IllegalArgumentException(
              "unknown option " + a + ": give --forks=N or --warmup=SECONDS");
        } else {
          positional.add(a);
        }
      }
      int at = 0;
      String pair = "TreeAndStatus";
      if (!positional.isEmpty() && !positional.get(0).matches("\\d+")) {
        pair = positional.get(0);
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
      int rounds = positional.size() > at
          ? Math.max(1, Integer.parseInt(positional.get(at)))
          : defaultRounds;
      int calls = positional.size() > at + 1
          ? Math.max(1, Integer.parseInt(positional.get(at + 1)))
          : defaultCalls;
      return new Options(pair, rounds, calls, forks, warmup, child);
    }

    /** The arguments of a fork: the same pair, rounds, calls and warm-up, measured in the fork itself. */
    List<String> childArgs() {
      return List.of(
          pair,
          Integer.toString(rounds),
          Integer.toString(calls),
          "--warmup=" + warmupSeconds,
          "--child");
    }
  }

  /**
   * The fewest warm-up calls per side, whatever the warm-up time: enough for each side's steady state (a pod-list side
   * runs its per-pod code 10,000 or 100,000 times per call, a resolve once).
   */
  static int minWarmupCalls(String pair) {
    return switch (pair) {
      case "LiveGang" -> 300;
      case "LiveGang100k" -> 30;
      default -> 200_000;
    };
  }

  /**
   * Runs the report.
   *
   * @param args optional: the pair, the number of measured rounds and the calls per round, {@code --forks=N}, {@code
   *     --warmup=SECONDS}
   * @throws IllegalStateException when the JVM cannot measure per-thread CPU time or allocation, or a fork fails
   * @throws IllegalArgumentException for an unknown pair or option
   */
  public static void main(String[] args) {
    Options o = Options.parse(args);
    if (o.child() || o.forks() == 0) {
      Fork f = measure(o);
      if (o.child()) {
        System.out.println(f.line());
        return;
      }
      report(o, List.of(f));
      return;
    }
    List<Fork> forks = new ArrayList<>();
    for (int i = 0; i < o.forks(); i++) {
      Fork f = fork(o);
      forks.add(f);
      System.out.printf(
          Locale.ROOT,
          "fork %d: SDK %.0f ns %.0f B, adapter %.0f ns %.0f B, ratio %.2fx%n",
          i + 1,
          f.sdk().cpuNanos(),
          f.sdk().bytes(),
          f.adapter().cpuNanos(),
          f.adapter().bytes(),
          f.ratio());
    }
    report(o, forks);
  }

  /** Runs one fork: this class in a new JVM with this JVM's class path and options (agents left out). */
  private static Fork fork(Options o) {
    List<String> cmd = new ArrayList<>();
    cmd.add(ProcessHandle.current().info().command().orElse("java"));
    for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (!a.startsWith("-agentpath")
          && !a.startsWith("-agentlib")
          && !a.startsWith("-javaagent")) {
        cmd.add(a);
      }
    }
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(CpuAllocReport.class.getName());
    cmd.addAll(o.childArgs());
    try {
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
      Fork result = null;
      List<String> output = new ArrayList<>();
      try (BufferedReader r =
          new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
        for (String line; (line = r.readLine()) != null; ) {
          if (line.startsWith(FORK_LINE)) {
            result = Fork.parse(line);
          } else {
            output.add(line);
          }
        }
      }
      int exit = p.waitFor();
      if (exit != 0 || result == null) {
        throw new IllegalStateException(
            "the fork " + cmd + " failed (exit " + exit + "):\n" + String.join("\n", output));
      }
      return result;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start a fork: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while a fork ran", e);
    }
  }

  /** Warm-up, a full collection and the measured rounds, in this JVM. */
  private static Fork measure(Options o) {
    if (!(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean bean)
        || !bean.isCurrentThreadCpuTimeSupported()
        || !bean.isThreadAllocatedMemorySupported()) {
      throw new IllegalStateException("this JVM cannot measure per-thread CPU time and allocation");
    }
    bean.setThreadCpuTimeEnabled(true);
    bean.setThreadAllocatedMemoryEnabled(true);
    Supplier<Object> sdkCall;
    Supplier<Object> adapterCall;
    if (o.pair().equals("TreeAndStatus")) {
      WorkloadMap workloadMap = WorkloadMap.create();
      PreparedDefinition jobSet = JobSetInputs.prepareDefinition(workloadMap);
      JsonNode object = JobSetInputs.benchmarkObject();
      sdkCall = () -> workloadMap.resolve(jobSet, object);
      adapterCall = () -> JobSetAdapter.resolve(object);
    } else {
      LiveGangBenchmark b = new LiveGangBenchmark();
      b.pods = o.pair().equals("LiveGang") ? 10_000 : 100_000;
      b.setUp();
      sdkCall = b::sdkAttributeAndGangPlan;
      adapterCall = b::adapterAttributeAndGangPlan;
    }
    // warm-up: both sides in turn, until each has had its minimum of calls and of CPU time
    long warmupNanos = (long) (o.warmupSeconds() * 1e9);
    int min = minWarmupCalls(o.pair());
    int chunk = Math.max(1, Math.min(o.calls(), min));
    long sdkNanos = 0;
    long adapterNanos = 0;
    int sdkCalls = 0;
    int adapterCalls = 0;
    int warmupRounds = 0;
    while (sdkCalls < min || adapterCalls < min || sdkNanos + adapterNanos < warmupNanos) {
      Figures s = run(bean, chunk, sdkCall);
      Figures a = run(bean, chunk, adapterCall);
      sdkNanos += (long) (s.cpuNanos() * chunk);
      adapterNanos += (long) (a.cpuNanos() * chunk);
      sdkCalls += chunk;
      adapterCalls += chunk;
      warmupRounds++;
      if (o.forks() == 0 && warmupRounds % 10 == 1) {
        System.out.printf(
            Locale.ROOT,
            "warm-up %4d calls  SDK %12.0f ns   adapter %12.0f ns%n",
            sdkCalls,
            s.cpuNanos(),
            a.cpuNanos());
      }
    }
    System.gc();
    double[] sdkCpu = new double[o.rounds()];
    double[] adapterCpu = new double[o.rounds()];
    Figures sdk = null;
    Figures adapter = null;
    for (int r = 0; r < o.rounds(); r++) {
      // the side that goes first alternates: neither always follows the other's garbage
      if (r % 2 == 0) {
        sdk = run(bean, o.calls(), sdkCall);
        adapter = run(bean, o.calls(), adapterCall);
      } else {
        adapter = run(bean, o.calls(), adapterCall);
        sdk = run(bean, o.calls(), sdkCall);
      }
      sdkCpu[r] = sdk.cpuNanos();
      adapterCpu[r] = adapter.cpuNanos();
      if (o.forks() == 0) {
        System.out.printf(
            Locale.ROOT,
            "round %2d  SDK %12.0f ns %11.0f B   adapter %12.0f ns %11.0f B%n",
            r + 1,
            sdk.cpuNanos(),
            sdk.bytes(),
            adapter.cpuNanos(),
            adapter.bytes());
      }
    }
    return new Fork(
        new Figures(median(sdkCpu), sdk.bytes()), new Figures(median(adapterCpu), adapter.bytes()));
  }

  /** The summary over the forks: the median of their ratios and of each side's figures. */
  private static void report(Options o, List<Fork> forks) {
    double[] ratios = forks.stream().mapToDouble(Fork::ratio).toArray();
    double[] sdk = forks.stream().mapToDouble(f -> f.sdk().cpuNanos()).toArray();
    double[] adapter = forks.stream().mapToDouble(f -> f.adapter().cpuNanos()).toArray();
    Fork last = forks.get(forks.size() - 1);
    double[] sorted = ratios.clone();
    Arrays.sort(sorted);
    String title = switch (o.pair()) {
      case "TreeAndStatus" -> "JobSetResolve TreeAndStatus";
      case "LiveGang" -> "LiveGang AttributeAndGangPlan, 10000 pods";
      default -> "LiveGang AttributeAndGangPlan, 100000 pods";
    };
    double[] load = loadAverage();
    System.out.printf(
        Locale.ROOT,
        "%n%s, CPU time per call (median of %d rounds of %d calls, %s): SDK %.0f ns, adapter %.0f ns,"
            + " ratio %.2fx (median of the forks' ratios; range %.2fx to %.2fx)%n"
            + "allocated per call: SDK %.0f B, adapter %.0f B, ratio %.2fx%n"
            + "load average at the end: %.2f %.2f %.2f%n",
        title,
        o.rounds(),
        o.calls(),
        forks.size() == 1 && o.forks() == 0 ? "this JVM" : "median of " + forks.size() + " forks",
        median(sdk),
        median(adapter),
        median(ratios),
        sorted[0],
        sorted[sorted.length - 1],
        last.sdk().bytes(),
        last.adapter().bytes(),
        last.sdk().bytes() / last.adapter().bytes(),
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

  private static Figures run(
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

  static double median(double[] values) {
    double[] v = values.clone();
    Arrays.sort(v);
    int n = v.length;
    return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
  }
}
