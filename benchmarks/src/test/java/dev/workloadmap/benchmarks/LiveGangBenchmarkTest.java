package dev.workloadmap.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workloadmap.sdk.gang.GangPlan;
import org.junit.jupiter.api.Test;

/** The live benchmark computes the answer it is meant to measure (called once; nothing is timed). */
class LiveGangBenchmarkTest {

  @Test
  void tenThousandPodsFormOneGangPerJobOfFour() {
    LiveGangBenchmark b = new LiveGangBenchmark();
    b.setUp();
    assertThat(b.podCount()).isEqualTo(10_000);
    GangPlan plan = b.sdkAttributeAndGangPlan();
    assertThat(plan.groups()).hasSize(1);
    assertThat(plan.groups().get(0).total()).isEqualTo(10_000);
    assertThat(plan.groups().get(0).gangs())
        .hasSize(LiveGangBenchmark.JOBS)
        .allSatisfy(g -> assertThat(g.minMember()).isEqualTo(LiveGangBenchmark.PARALLELISM))
        .allSatisfy(g -> assertThat(g.pods()).hasSize(LiveGangBenchmark.PARALLELISM));
    assertThat(plan.unassigned()).isEmpty();
    assertThat(b.adapterAttributeAndGangPlan()).hasSize(LiveGangBenchmark.JOBS);
  }

  @Test
  void aHundredThousandPodsFormOneGangPerJobOfFour() {
    LiveGangBenchmark b = new LiveGangBenchmark();
    b.pods = 100_000;
    b.setUp(); // checks the gangs against the baseline's
    assertThat(b.podCount()).isEqualTo(100_000);
    GangPlan plan = b.sdkAttributeAndGangPlan();
    assertThat(plan.groups().get(0).gangs())
        .hasSize(100_000 / LiveGangBenchmark.PARALLELISM)
        .allSatisfy(g -> assertThat(g.minMember()).isEqualTo(LiveGangBenchmark.PARALLELISM));
    assertThat(plan.unassigned()).isEmpty();
  }
}
