package dev.workloadmap.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.workloadmap.benchmarks.RatioReport.Arguments;
import dev.workloadmap.benchmarks.RatioReport.Pair;
import dev.workloadmap.benchmarks.RatioReport.Score;
import dev.workloadmap.benchmarks.RatioReport.Verdict;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Mode;

/** Pairing, ratios, the verdict and the arguments of the report, on made-up scores (no benchmark runs here). */
class RatioReportTest {

  private static Score avgt(String method, double score, double error) {
    return new Score("JobSetResolveBenchmark", method, "", Mode.AverageTime, score, error, "ns/op");
  }

  @Test
  void pairsSdkAndAdapterMethodsOfTheSameClassAndGatesTreeAndStatus() {
    List<Pair> pairs = RatioReport.pair(List.of(
        avgt("adapterStatusOnly", 500, 10),
        avgt("adapterTreeAndStatus", 4_000, 100),
        avgt("sdkStatusOnly", 2_000, 50),
        avgt("sdkTreeAndStatus", 10_000, 200),
        avgt("unrelated", 1, 0)));

    assertThat(pairs)
        .extracting(Pair::name, Pair::gated)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("JobSetResolve StatusOnly", false),
            org.assertj.core.groups.Tuple.tuple("JobSetResolve TreeAndStatus", true));
    assertThat(pairs.get(0).ratio()).isCloseTo(4.0, within(1e-9));
    assertThat(pairs.get(1).ratio()).isCloseTo(2.5, within(1e-9));
  }

  @Test
  void ratioRangeDividesTheEndsOfTheConfidenceIntervals() {
    Pair p = RatioReport.pair(List.of(
            avgt("sdkTreeAndStatus", 10_000, 1_000), avgt("adapterTreeAndStatus", 4_000, 1_000)))
        .get(0);
    assertThat(p.ratioRange()[0]).isCloseTo(9_000.0 / 5_000, within(1e-9));
    assertThat(p.ratioRange()[1]).isCloseTo(11_000.0 / 3_000, within(1e-9));
  }

  @Test
  void ratioRangeIsUnboundedWhenTheBaselineIntervalReachesZero() {
    Pair p = RatioReport.pair(
            List.of(avgt("sdkTreeAndStatus", 100, 200), avgt("adapterTreeAndStatus", 10, 20)))
        .get(0);
    assertThat(p.ratioRange()[0]).isZero();
    assertThat(p.ratioRange()[1]).isInfinite();
    assertThat(RatioReport.render(List.of(p), 3.0)).contains("0.00x .. unbounded");
  }

  @Test
  void throughputRatioIsTheBaselineRateOverTheSdkRate() {
    Score sdk = new Score(
        "JobSetResolveBenchmark", "sdkTreeAndStatus", "", Mode.Throughput, 100, 1, "ops/ms");
    Score adapter = new Score(
        "JobSetResolveBenchmark", "adapterTreeAndStatus", "", Mode.Throughput, 400, 1, "ops/ms");
    assertThat(RatioReport.pair(List.of(sdk, adapter)).get(0).ratio()).isCloseTo(4.0, within(1e-9));
  }

  @Test
  void pairsAreKeptApartByParametersAndMode() {
    Score a1 = new Score("B", "sdkX", "n=1", Mode.AverageTime, 2, 0, "ns/op");
    Score b1 = new Score("B", "adapterX", "n=1", Mode.AverageTime, 1, 0, "ns/op");
    Score a2 = new Score("B", "sdkX", "n=2", Mode.AverageTime, 9, 0, "ns/op");
    Score b2 = new Score("B", "adapterX", "n=2", Mode.AverageTime, 3, 0, "ns/op");
    List<Pair> pairs = RatioReport.pair(List.of(a1, a2, b1, b2));
    assertThat(pairs).extracting(Pair::name).containsExactly("B X [n=1]", "B X [n=2]");
    assertThat(pairs).extracting(Pair::ratio).containsExactly(2.0, 3.0);
  }

  @Test
  void allocationTableAppearsOnlyWithTheGcProfiler() {
    Score sdk = new Score(
        "JobSetResolveBenchmark", "sdkTreeAndStatus", "", Mode.AverageTime, 300, 1, "ns/op", 9_000);
    Score adapter = new Score(
        "JobSetResolveBenchmark",
        "adapterTreeAndStatus",
        "",
        Mode.AverageTime,
        100,
        1,
        "ns/op",
        1_000);
    List<Pair> withGc = RatioReport.pair(List.of(sdk, adapter));
    assertThat(withGc.get(0).allocationRatio()).isEqualTo(9.0);
    assertThat(RatioReport.render(withGc, 3.0))
        .contains("allocated per operation")
        .contains("9,000.0")
        .contains("9.00x");

    List<Pair> withoutGc = RatioReport.pair(
        List.of(avgt("sdkTreeAndStatus", 300, 1), avgt("adapterTreeAndStatus", 100, 1)));
    assertThat(withoutGc.get(0).allocationRatio()).isNaN();
    assertThat(RatioReport.render(withoutGc, 3.0)).doesNotContain("allocated per operation");
  }

  @Test
  void verdictPassesAtTheTargetAndFailsAboveIt() {
    List<Pair> atTarget = RatioReport.pair(
        List.of(avgt("sdkTreeAndStatus", 300, 1), avgt("adapterTreeAndStatus", 100, 1)));
    List<Pair> over = RatioReport.pair(
        List.of(avgt("sdkTreeAndStatus", 301, 1), avgt("adapterTreeAndStatus", 100, 1)));
    assertThat(RatioReport.verdict(atTarget, 3.0)).isEqualTo(Verdict.PASS);
    assertThat(RatioReport.verdict(over, 3.0)).isEqualTo(Verdict.FAIL);
    assertThat(RatioReport.render(atTarget, 3.0))
        .contains(
            "PASS: tree + status within the 3.00x target (JobSetResolve TreeAndStatus: 3.00x the baseline's time)");
    assertThat(RatioReport.render(over, 3.0))
        .contains(
            "FAIL: tree + status over the 3.00x target (JobSetResolve TreeAndStatus: 3.01x the baseline's time)");
  }

  @Test
  void informationalPairsDoNotDecideTheVerdict() {
    List<Pair> pairs = RatioReport.pair(List.of(
        avgt("sdkStatusOnly", 10_000, 1),
        avgt("adapterStatusOnly", 1, 1),
        avgt("sdkTreeAndStatus", 200, 1),
        avgt("adapterTreeAndStatus", 100, 1)));
    assertThat(RatioReport.verdict(pairs, 3.0)).isEqualTo(Verdict.PASS);
  }

  @Test
  void missingSideIsNotMeasuredAndNeverPasses() {
    List<Pair> onlySdk = RatioReport.pair(List.of(avgt("sdkTreeAndStatus", 100, 1)));
    assertThat(onlySdk.get(0).complete()).isFalse();
    assertThat(RatioReport.verdict(onlySdk, 3.0)).isEqualTo(Verdict.NOT_MEASURED);
    assertThat(RatioReport.verdict(List.of(), 3.0)).isEqualTo(Verdict.NOT_MEASURED);
    assertThat(RatioReport.render(onlySdk, 3.0)).contains("not measured").contains("NOT MEASURED");
  }

  @Test
  void argumentsTakeTheReportOptionsAndLeaveTheRestToJmh() {
    Arguments a =
        Arguments.parse("-f", "1", "--target=2.5", "--fail-over-target", "-prof", "gc", "Tree");
    assertThat(a.target()).isEqualTo(2.5);
    assertThat(a.failOverTarget()).isTrue();
    assertThat(a.jmhArgs()).containsExactly("-f", "1", "-prof", "gc", "Tree");

    Arguments defaults = Arguments.parse();
    assertThat(defaults.target()).isEqualTo(RatioReport.DEFAULT_TARGET);
    assertThat(defaults.failOverTarget()).isFalse();
  }

  @Test
  void badTargetIsRejectedWithTheValue() {
    assertThatThrownBy(() -> Arguments.parse("--target=fast"))
        .hasMessage("--target must be a number, got \"fast\"");
    assertThatThrownBy(() -> Arguments.parse("--target=0"))
        .hasMessage("--target must be a positive number, got \"0\"");
  }

  @Test
  void badArgumentsExitWithStatus2AndUsage() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = RatioReport.run(
        new String[] {"--target=-1"},
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    assertThat(status).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("--target must be a positive number")
        .contains("usage:");
  }
}
