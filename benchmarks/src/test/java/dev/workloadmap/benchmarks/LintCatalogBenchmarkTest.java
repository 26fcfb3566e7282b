package dev.workloadmap.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The lint benchmark lints every catalog definition and nothing else (called once; nothing is timed). */
class LintCatalogBenchmarkTest {

  @Test
  void benchmarkLintsTheWholeCatalog() {
    LintCatalogBenchmark b = new LintCatalogBenchmark();
    b.setUp();
    Map<String, String> catalog =
        LintCatalogBenchmark.CatalogResources.read(LintCatalogBenchmark.CATALOG_ROOT);
    assertThat(b.definitions()).isEqualTo(catalog.size()).isGreaterThanOrEqualTo(20);
    assertThat(catalog).containsKey(JobSetInputs.DEFINITION_RESOURCE);
    // only the infos of the deprecated podGroups form, the same with a warm and a fresh engine
    int findings = b.lintCatalog();
    assertThat(findings).isPositive().isLessThan(b.definitions());
    assertThat(b.lintCatalogFreshEngine()).isEqualTo(findings);
  }

  @Test
  void missingCatalogRoot_isAClearError() {
    assertThatThrownBy(() ->
            LintCatalogBenchmark.CatalogResources.read("META-INF/workloadmap/no-such-catalog"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining(
            "class-path resource not found: META-INF/workloadmap/no-such-catalog");
  }
}
