package dev.workloadmap.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.workloadmap.benchmarks.CpuAllocReport.Figures;
import dev.workloadmap.benchmarks.CpuAllocReport.Fork;
import dev.workloadmap.benchmarks.CpuAllocReport.Options;
import org.junit.jupiter.api.Test;

/** The report's arguments, what a fork hands back, and the medians (no benchmark runs here). */
class CpuAllocReportTest {

  @Test
  void readsThePairRoundsCallsAndOptions() {
    Options o = Options.parse("LiveGang", "8", "5", "--forks=5", "--warmup=2.5");
    assertThat(o).isEqualTo(new Options("LiveGang", 8, 5, 5, 2.5, false));
    assertThat(Options.parse("LiveGang100k"))
        .isEqualTo(new Options("LiveGang100k", 8, 2, 3, 3, false));
    // the older form: a number first is the rounds of TreeAndStatus
    assertThat(Options.parse("6", "1000"))
        .isEqualTo(new Options("TreeAndStatus", 6, 1000, 3, 3, false));
    assertThat(Options.parse("--forks=0").forks()).isZero();
    assertThatThrownBy(() -> Options.parse("Nothing")).hasMessageContaining("unknown pair");
    assertThatThrownBy(() -> Options.parse("LiveGang", "--fork=2"))
        .hasMessageContaining("unknown option");
  }

  @Test
  void aForkMeasuresThePairItWasGiven() {
    Options o = Options.parse("LiveGang", "8", "5", "--warmup=4");
    assertThat(Options.parse(o.childArgs().toArray(String[]::new)))
        .isEqualTo(new Options("LiveGang", 8, 5, 3, 4, true));
  }

  @Test
  void aForksFiguresSurviveItsLine() {
    Fork f = new Fork(new Figures(20_622_617.4, 3_109_184), new Figures(8_493_417, 1_172_944));
    Fork back = Fork.parse(f.line());
    assertThat(back.sdk().cpuNanos()).isCloseTo(20_622_617.4, within(0.1));
    assertThat(back.adapter().bytes()).isEqualTo(1_172_944);
    assertThat(back.ratio()).isCloseTo(f.ratio(), within(1e-6));
  }

  @Test
  void mediansOfOddAndEvenCounts() {
    assertThat(CpuAllocReport.median(new double[] {3, 1, 2})).isEqualTo(2);
    assertThat(CpuAllocReport.median(new double[] {4, 1, 3, 2})).isEqualTo(2.5);
  }
}
