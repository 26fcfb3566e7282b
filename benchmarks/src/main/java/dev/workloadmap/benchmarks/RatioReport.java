package dev.workloadmap.benchmarks;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * The benchmark jar's main class: runs the benchmarks through JMH, then prints each SDK/baseline pair with its
 * ratio and a PASS or FAIL line against the target.
 *
 * <h2>Usage</h2>
 *
 * <pre>
 * java -jar benchmarks/target/workloadmap-benchmarks.jar [--target=3] [--fail-over-target] [JMH options] [regexp]
 * </pre>
 *
 * <ul>
 *   <li>{@code --target=X}: the largest acceptable ratio for the gated pairs (default {@value #DEFAULT_TARGET}).
 *   <li>{@code --fail-over-target}: exit with status 1 when a gated pair is over the target or was not measured;
 *       without it the exit status is 0 whatever the ratio.
 *   <li>Everything else goes to JMH ({@code -f 1 -wi 3 -i 5 -w 1s -r 1s -prof gc -rf json}, {@code -h} for the
 *       list). Without a benchmark regexp, every benchmark of this module runs.
 * </ul>
 *
 * <h2>Pairs and ratios</h2>
 *
 * <p>Benchmark methods named {@code sdkX} and {@code adapterX} in the same class, with the same parameters and mode,
 * form the pair {@code <class> X}. Its ratio is the SDK's time per operation divided by the baseline's (for
 * throughput mode, the baseline's operations per second divided by the SDK's), so 1.0 means "as fast" and 3.0 "three
 * times slower". The range in brackets divides the ends of the two error intervals (JMH's 99.9% confidence
 * intervals): the ratio is in it with that confidence in each score. Pairs whose name is {@value #GATED_PAIR} are
 * gated by the target (the tree + status requirement); the others are informational. Speed is never asserted
 * in tests: the targets live here, as ratios against a baseline measured in the same run.
 *
 * <p>Exit status: 0, or 1 for {@code --fail-over-target} as above, 2 for bad arguments or a failed run.
 */
public final class RatioReport {

  /** The default target: the SDK within this many times the baseline's time. */
  public static final double DEFAULT_TARGET = 3.0;

  /** The name (after the class) of the pairs gated by the target: tree + status. */
  public static final String GATED_PAIR = "TreeAndStatus";

  static final String SDK_PREFIX = "sdk";
  static final String BASELINE_PREFIX = "adapter";

  private RatioReport() {}

  /**
   * Runs the benchmarks and prints the report; see the class documentation for the arguments.
   *
   * @param args {@code --target=X}, {@code --fail-over-target}, and JMH's own options
   */
  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  static int run(String[] args, PrintStream out, PrintStream err) {
    Arguments a;
    CommandLineOptions jmh;
    try {
      a = Arguments.parse(args);
      jmh = new CommandLineOptions(a.jmhArgs().toArray(String[]::new));
    } catch (IllegalArgumentException | CommandLineOptionException e) {
      err.println("error: " + e.getMessage());
      err.println(
          "usage: java -jar workloadmap-benchmarks.jar [--target=X] [--fail-over-target] [JMH options]"
              + " [regexp]   (-h for JMH's options)");
      return 2;
    }
    try {
      if (jmh.shouldHelp()) {
        out.println(
            "RatioReport options: --target=X (default " + DEFAULT_TARGET + "), --fail-over-target");
        jmh.showHelp();
        return 0;
      }
      OptionsBuilder options = new OptionsBuilder();
      options.parent(jmh);
      if (jmh.getIncludes().isEmpty()) {
        options.include(Pattern.quote(RatioReport.class.getPackageName() + "."));
      }
      Options built = options.build();
      Runner runner = new Runner(built);
      if (jmh.shouldList() || jmh.shouldListWithParams()) {
        runner.list();
        return 0;
      }
      if (jmh.shouldListProfilers()) {
        jmh.listProfilers();
        return 0;
      }
      if (jmh.shouldListResultFormats()) {
        jmh.listResultFormats();
        return 0;
      }
      List<Score> scores = scores(runner.run());
      List<Pair> pairs = pair(scores);
      out.println();
      out.print(render(pairs, a.target()));
      boolean pass = verdict(pairs, a.target()) == Verdict.PASS;
      return !pass && a.failOverTarget() ? 1 : 0;
    } catch (RunnerException e) {
      err.println("error: the benchmark run failed: " + e.getMessage());
      return 2;
    } catch (IOException e) {
      err.println("error: " + e.getMessage());
      return 2;
    }
  }

  /**
   * RatioReport's own options, and the rest for JMH.
   *
   * @param target the largest acceptable ratio, positive
   * @param failOverTarget exit with 1 when a gated pair is over the target or missing
   * @param jmhArgs the arguments left for JMH, in order
   */
  record Arguments(double target, boolean failOverTarget, List<String> jmhArgs) {

    /**
     * Takes {@code --target=X} and {@code --fail-over-target} out of {@code args}.
     *
     * @throws IllegalArgumentException when the target is not a positive number
     */
    static Arguments parse(String... args) {
      double target = DEFAULT_TARGET;
      boolean fail = false;
      List<String> rest = new ArrayList<>();
      for (String arg : args) {
        if (arg.equals("--fail-over-target")) {
          fail = true;
        } else if (arg.startsWith("--target=")) {
          String v = arg.substring("--target=".length());
          try {
            target = Double.parseDouble(v);
          } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--target must be a number, got \"" + v + "\"");
          }
          if (!(target > 0) || Double.isInfinite(target)) {
            throw new IllegalArgumentException(
                "--target must be a positive number, got \"" + v + "\"");
          }
        } else {
          rest.add(arg);
        }
      }
      return new Arguments(target, fail, List.copyOf(rest));
    }
  }

  /**
   * One benchmark's primary result.
   *
   * @param benchmarkClass the class's simple name
   * @param method the benchmark method
   * @param params the JMH parameters as {@code name=value} joined by commas, or {@code ""}
   * @param mode the JMH mode
   * @param score the score in {@code unit}
   * @param error the half-width of the 99.9% confidence interval; NaN when JMH could not compute one
   * @param unit for example {@code ns/op} or {@code ops/s}
   * @param allocatedBytesPerOp bytes allocated per operation ({@code -prof gc}'s {@code gc.alloc.rate.norm}), NaN
   *     without that profiler
   */
  record Score(
      String benchmarkClass,
      String method,
      String params,
      Mode mode,
      double score,
      double error,
      String unit,
      double allocatedBytesPerOp) {

    /** The JMH secondary result that holds the allocation per operation. */
    static final String ALLOCATION = "gc.alloc.rate.norm";

    Score(
        String benchmarkClass,
        String method,
        String params,
        Mode mode,
        double score,
        double error,
        String unit) {
      this(benchmarkClass, method, params, mode, score, error, unit, Double.NaN);
    }

    static Score of(RunResult r) {
      BenchmarkParams p = r.getParams();
      String full = p.getBenchmark();
      int dot = full.lastIndexOf('.');
      String cls = full.substring(0, dot);
      Map<String, String> params = new TreeMap<>();
      for (String k : p.getParamsKeys()) {
        params.put(k, p.getParam(k));
      }
      StringBuilder sb = new StringBuilder();
      params.forEach(
          (k, v) -> sb.append(sb.length() == 0 ? "" : ",").append(k).append('=').append(v));
      Result<?> primary = r.getPrimaryResult();
      Result<?> allocation = r.getSecondaryResults().get(ALLOCATION);
      return new Score(
          cls.substring(cls.lastIndexOf('.') + 1),
          full.substring(dot + 1),
          sb.toString(),
          p.getMode(),
          primary.getScore(),
          primary.getScoreError(),
          primary.getScoreUnit(),
          allocation == null ? Double.NaN : allocation.getScore());
    }

    /** {@code value ± error}, or the value alone without an error. */
    String formatted() {
      return Double.isNaN(error) ? number(score) : number(score) + " ± " + number(error);
    }
  }

  static List<Score> scores(Collection<RunResult> results) {
    List<Score> out = new ArrayList<>();
    for (RunResult r : results) {
      out.add(Score.of(r));
    }
    return out;
  }

  /**
   * An SDK benchmark and its baseline.
   *
   * @param name {@code <class> <X>}, plus the parameters and mode when there are several
   * @param gated true for a {@value #GATED_PAIR} pair
   * @param sdk the SDK's score, or null when it was not measured
   * @param baseline the baseline's score, or null when it was not measured
   */
  record Pair(String name, boolean gated, Score sdk, Score baseline) {

    boolean complete() {
      return sdk != null && baseline != null && sdk.unit().equals(baseline.unit());
    }

    /** How many times more the SDK allocates per operation; NaN without {@code -prof gc} or an incomplete pair. */
    double allocationRatio() {
      return sdk == null || baseline == null
          ? Double.NaN
          : sdk.allocatedBytesPerOp() / baseline.allocatedBytesPerOp();
    }

    /** How many times slower the SDK is than the baseline; NaN when the pair is incomplete. */
    double ratio() {
      return complete() ? cost(sdk.score(), baseline.score()) : Double.NaN;
    }

    /**
     * The lowest and highest ratio the two confidence intervals allow: {@code [0, ...]} when the SDK's interval
     * reaches 0, {@code [..., +Infinity]} when the baseline's does; NaN ends when JMH gave no interval.
     */
    double[] ratioRange() {
      if (!complete() || Double.isNaN(sdk.error()) || Double.isNaN(baseline.error())) {
        return new double[] {Double.NaN, Double.NaN};
      }
      // time per operation: the SDK's cost is its score; throughput: its cost is the inverse
      boolean throughput = sdk.mode() == Mode.Throughput;
      Score slow = throughput ? baseline : sdk;
      Score fast = throughput ? sdk : baseline;
      double lo = Math.max(0, slow.score() - slow.error()) / (fast.score() + fast.error());
      double fastLo = fast.score() - fast.error();
      double hi = fastLo > 0 ? (slow.score() + slow.error()) / fastLo : Double.POSITIVE_INFINITY;
      return new double[] {lo, hi};
    }

    private double cost(double sdkScore, double baselineScore) {
      return sdk.mode() == Mode.Throughput ? baselineScore / sdkScore : sdkScore / baselineScore;
    }
  }

  /**
   * Pairs {@code sdkX} with {@code adapterX} of the same class, parameters and mode. Benchmarks of neither prefix
   * are left out; a benchmark without its partner gives an incomplete pair.
   */
  static List<Pair> pair(List<Score> scores) {
    Map<String, Score[]> byKey = new LinkedHashMap<>();
    Map<String, String> names = new LinkedHashMap<>();
    Map<String, Boolean> gated = new LinkedHashMap<>();
    boolean severalModes = scores.stream().map(Score::mode).distinct().count() > 1;
    for (Score s : scores) {
      String side;
      if (s.method().startsWith(SDK_PREFIX)) {
        side = SDK_PREFIX;
      } else if (s.method().startsWith(BASELINE_PREFIX)) {
        side = BASELINE_PREFIX;
      } else {
        continue;
      }
      String x = s.method().substring(side.length());
      String key = s.benchmarkClass() + " " + x + "|" + s.params() + "|" + s.mode();
      String name = shortClass(s.benchmarkClass()) + " " + x
          + (s.params().isEmpty() ? "" : " [" + s.params() + "]")
          + (severalModes ? " (" + s.mode().shortLabel() + ")" : "");
      names.put(key, name);
      gated.put(key, GATED_PAIR.equals(x));
      byKey.computeIfAbsent(key, k -> new Score[2])[side.equals(SDK_PREFIX) ? 0 : 1] = s;
    }
    List<Pair> out = new ArrayList<>();
    byKey.forEach((k, v) -> out.add(new Pair(names.get(k), gated.get(k), v[0], v[1])));
    return out;
  }

  private static String shortClass(String simpleName) {
    return simpleName.endsWith("Benchmark")
        ? simpleName.substring(0, simpleName.length() - "Benchmark".length())
        : simpleName;
  }

  /** The outcome against the target. */
  enum Verdict {
    /** Every gated pair was measured and is within the target. */
    PASS,
    /** A gated pair is over the target. */
    FAIL,
    /** No gated pair was measured completely (for example a regexp left one side out). */
    NOT_MEASURED
  }

  static Verdict verdict(List<Pair> pairs, double target) {
    boolean any = false;
    for (Pair p : pairs) {
      if (!p.gated()) {
        continue;
      }
      if (!p.complete()) {
        return Verdict.NOT_MEASURED;
      }
      any = true;
      if (!(p.ratio() <= target)) {
        return Verdict.FAIL;
      }
    }
    return any ? Verdict.PASS : Verdict.NOT_MEASURED;
  }

  /** The table and the verdict line, as printed after the run. */
  static String render(List<Pair> pairs, double target) {
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {
      "pair", "SDK", "baseline (adapter)", "unit", "ratio SDK/baseline", "99.9% range", "gate"
    });
    for (Pair p : pairs) {
      String unit = p.sdk() != null ? p.sdk().unit() : p.baseline().unit();
      String ratio;
      String range;
      if (p.complete()) {
        ratio = String.format(Locale.ROOT, "%.2fx", p.ratio());
        double[] r = p.ratioRange();
        range = Double.isNaN(r[0])
            ? "-"
            : String.format(Locale.ROOT, "%.2fx .. ", r[0])
                + (Double.isInfinite(r[1])
                    ? "unbounded"
                    : String.format(Locale.ROOT, "%.2fx", r[1]));
      } else if (p.sdk() != null && p.baseline() != null) {
        ratio = "units differ";
        range = "-";
      } else {
        ratio = "not measured";
        range = "-";
      }
      String gate =
          !p.gated() ? "info" : !p.complete() ? "-" : p.ratio() <= target ? "PASS" : "FAIL";
      rows.add(new String[] {
        p.name(),
        p.sdk() == null ? "-" : p.sdk().formatted(),
        p.baseline() == null ? "-" : p.baseline().formatted(),
        unit,
        ratio,
        range,
        gate
      });
    }
    StringBuilder sb = new StringBuilder();
    sb.append(
        "Workload Map benchmarks: the SDK against a hand-written baseline, measured in the same run\n\n");
    // scores and ratios right-aligned; names, units and the gate left-aligned
    table(sb, rows, new boolean[] {false, true, true, false, true, true, false});
    List<String[]> allocation = new ArrayList<>();
    allocation.add(
        new String[] {"allocated per operation (-prof gc)", "SDK B/op", "baseline B/op", "ratio"});
    for (Pair p : pairs) {
      if (!Double.isNaN(p.allocationRatio())) {
        allocation.add(new String[] {
          p.name(),
          number(p.sdk().allocatedBytesPerOp()),
          number(p.baseline().allocatedBytesPerOp()),
          String.format(Locale.ROOT, "%.2fx", p.allocationRatio())
        });
      }
    }
    if (allocation.size() > 1) {
      sb.append('\n');
      table(sb, allocation, new boolean[] {false, true, true, true});
    }
    String t = String.format(Locale.ROOT, "%.2fx", target);
    sb.append('\n');
    switch (verdict(pairs, target)) {
      case PASS ->
        sb.append("PASS: tree + status within the ")
            .append(t)
            .append(" target (")
            .append(gatedRatios(pairs))
            .append(").\n");
      case FAIL ->
        sb.append("FAIL: tree + status over the ")
            .append(t)
            .append(" target (")
            .append(gatedRatios(pairs))
            .append(").\n");
      case NOT_MEASURED ->
        sb.append("NOT MEASURED: no complete ")
            .append(GATED_PAIR)
            .append(" pair was run, so the ")
            .append(t)
            .append(" target was not checked.\n");
    }
    return sb.toString();
  }

  /** Appends {@code rows} (the first is the header) in columns two spaces apart. */
  private static void table(StringBuilder sb, List<String[]> rows, boolean[] rightAligned) {
    int[] widths = new int[rows.get(0).length];
    for (String[] row : rows) {
      for (int i = 0; i < row.length; i++) {
        widths[i] = Math.max(widths[i], row[i].length());
      }
    }
    for (int r = 0; r < rows.size(); r++) {
      String[] row = rows.get(r);
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < row.length; i++) {
        line.append(i == 0 ? "" : "  ").append(pad(row[i], widths[i], r > 0 && rightAligned[i]));
      }
      sb.append(line.toString().stripTrailing()).append('\n');
    }
  }

  private static String gatedRatios(List<Pair> pairs) {
    StringBuilder sb = new StringBuilder();
    for (Pair p : pairs) {
      if (p.gated()) {
        sb.append(sb.length() == 0 ? "" : ", ")
            .append(p.name())
            .append(": ")
            .append(String.format(Locale.ROOT, "%.2fx", p.ratio()))
            .append(" the baseline's time");
      }
    }
    return sb.toString();
  }

  private static String pad(String s, int width, boolean right) {
    Objects.requireNonNull(s);
    String spaces = " ".repeat(Math.max(0, width - s.length()));
    return right ? spaces + s : s + spaces;
  }

  /** A score with three significant decimals at most, grouped for reading ({@code 12,345.678}). */
  static String number(double v) {
    if (Double.isNaN(v)) {
      return "NaN";
    }
    double abs = Math.abs(v);
    String pattern = abs >= 100 ? "%,.1f" : abs >= 1 ? "%,.3f" : "%.4g";
    return String.format(Locale.ROOT, pattern, v);
  }
}
