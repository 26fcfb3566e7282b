package dev.workloadmap.sdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.internal.yaml.YamlReaderEngine;
import dev.workloadmap.sdk.jq.Jq;
import dev.workloadmap.sdk.jq.JqBudgetExceededException;
import dev.workloadmap.sdk.jq.JqInput;
import dev.workloadmap.sdk.jq.JqOptions;
import dev.workloadmap.sdk.jq.JqResultLimitException;
import dev.workloadmap.sdk.live.OwnerLookup;
import dev.workloadmap.sdk.testing.Json;
import dev.workloadmap.sdk.yaml.YamlException;
import dev.workloadmap.sdk.yaml.YamlReader;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * One test per limit of the README's "Limits" table: each input goes just past the limit and the message says which
 * limit it hit and what to do.
 */
class LimitsTest {

  private static final Duration BOUND = Duration.ofSeconds(60);
  private final YamlReader yaml = new YamlReader();

  @Test
  void documentSize() {
    String big = "a: \"" + "x".repeat(YamlReader.DEFAULT_CODE_POINT_LIMIT) + "\"\n";
    assertThatThrownBy(() -> yaml.readAll(big, "big.yaml"))
        .isInstanceOf(YamlException.class)
        .satisfies(e -> assertThat(((YamlException) e).describe()).startsWith("big.yaml:1:1"))
        .hasMessageContaining(
            "this document is larger than the limit of 3145728 code points; split it");
  }

  @Test
  void nestingDepth() {
    String deep = "[".repeat(YamlReader.DEFAULT_NESTING_DEPTH_LIMIT + 1)
        + "]".repeat(YamlReader.DEFAULT_NESTING_DEPTH_LIMIT + 1);
    assertThatThrownBy(() -> yaml.readAll(deep, "deep.yaml"))
        .isInstanceOf(YamlException.class)
        .satisfies(e -> assertThat(((YamlException) e).describe()).startsWith("deep.yaml:1:1001"))
        .hasMessageContaining("nested deeper than the limit of 1000 levels");
  }

  @Test
  void aliasesToCollections() {
    StringBuilder sb = new StringBuilder("base: &b {k: v}\nlist:\n");
    for (int i = 0; i <= YamlReader.DEFAULT_MAX_ALIASES_FOR_COLLECTIONS; i++) {
      sb.append("  - *b\n");
    }
    assertThatThrownBy(() -> yaml.readAll(sb.toString(), "alias.yaml"))
        .isInstanceOf(YamlException.class)
        .satisfies(e -> assertThat(((YamlException) e).describe()).startsWith("alias.yaml:53:5"))
        .hasMessageContaining(
            "more than 50 aliases to mappings or sequences in one document (alias *b)");
  }

  @Test
  void aliasExpansion() {
    StringBuilder sb = new StringBuilder("a: &a [" + "x, ".repeat(40) + "x]\n");
    char prev = 'a';
    for (char c = 'b'; c <= 'f'; c++) {
      sb.append(c)
          .append(": &")
          .append(c)
          .append(" [")
          .append(("*" + prev + ", ").repeat(9))
          .append('*')
          .append(prev)
          .append("]\n");
      prev = c;
    }
    assertThatThrownBy(() -> yaml.readAll(sb.toString(), "bomb.yaml"))
        .isInstanceOf(YamlException.class)
        .satisfies(e -> assertThat(((YamlException) e).describe()).startsWith("bomb.yaml:"))
        .hasMessageContaining("expanding aliases adds more than 100000 nodes to this document");
  }

  @Test
  void documentsPerFile() {
    String many = "---\na: 1\n".repeat(YamlReaderEngine.MAX_DOCUMENTS + 1);
    assertThatThrownBy(() -> yaml.readAll(many, "many.yaml"))
        .isInstanceOf(YamlException.class)
        .satisfies(e -> assertThat(((YamlException) e).describe())
            .startsWith("many.yaml:" + (2 * YamlReaderEngine.MAX_DOCUMENTS + 2) + ":1"))
        .hasMessageContaining(
            "this stream holds more than 10000 documents; split it into several files");
  }

  @Test
  void resultsPerExpression() {
    assertThatThrownBy(
            () -> Jq.defaultEngine().compile("range(1001)").apply(JqInput.of(Json.parse("null"))))
        .isInstanceOf(JqResultLimitException.class)
        .hasMessage(
            "JQ execution error for expression 'range(1001)': query results exceed the allowed number 1000");
  }

  @Test
  void evaluationTime() {
    var engine = Jq.newEngine(JqOptions.defaults().withBudget(Duration.ofMillis(200)));
    // a catastrophic pattern for a backtracking engine is linear on RE2/J, so time is hit by a loop
    assertTimeoutPreemptively(
        BOUND,
        () -> assertThatThrownBy(
                () -> engine.compile("until(false; .)").apply(JqInput.of(Json.parse("0"))))
            .isInstanceOf(JqBudgetExceededException.class)
            .hasMessageEndingWith(
                "evaluation exceeded its time budget of 200ms (context deadline exceeded)"));
  }

  @Test
  void evaluationMemory() {
    var engine = Jq.newEngine(JqOptions.defaults().withMaxAllocatedBytes(256L << 20));
    assertTimeoutPreemptively(
        BOUND,
        () -> assertThatThrownBy(() ->
                engine.compile("[1] | until(false; . + .)").apply(JqInput.of(Json.parse("null"))))
            .isInstanceOf(JqBudgetExceededException.class)
            .hasMessageEndingWith("evaluation allocated more than its memory budget of 256MiB"));
  }

  @Test
  void podsPerCall() {
    WorkloadMap wm = WorkloadMap.create();
    PreparedDefinition d = wm.prepare(TestDefinitions.load(TestDefinitions.PYFLOW_DEFINITION));
    JsonNode object = TestDefinitions.object(TestDefinitions.PYFLOW_OBJECT);
    JsonNode pod =
        Json.parse("{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"p\"}}");
    List<JsonNode> pods = Collections.nCopies(WorkloadMap.MAX_PODS_PER_CALL + 1, pod);
    OwnerLookup none = (ns, ref) -> Optional.empty();
    assertThatThrownBy(() -> wm.attributePods(d, object, pods, none))
        .isInstanceOf(dev.workloadmap.sdk.live.PodQueryException.class)
        .hasMessage(
            "100001 pods given to one attributePods call, more than 100000: list the workload's namespace"
                + " only, or filter the pods by label first");
    assertThat(pods).hasSize(100_001);
  }
}
