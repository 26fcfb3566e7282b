package dev.workloadmap.sdk.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.workloadmap.sdk.internal.jqast.JqParser;
import dev.workloadmap.sdk.internal.jqast.JqSyntaxException;
import dev.workloadmap.sdk.jq.Jq;
import dev.workloadmap.sdk.jq.JqEvaluationException;
import dev.workloadmap.sdk.jq.JqInput;
import dev.workloadmap.sdk.jq.JqOptions;
import dev.workloadmap.sdk.jq.JqParseException;
import dev.workloadmap.sdk.jq.JqProgram;
import dev.workloadmap.sdk.spi.JqEngine;
import java.time.Duration;
import java.util.List;

/**
 * Coverage-guided fuzzing of the jq layer: our own parser ({@link JqParser}, used by the lint and the CRD check) and
 * the engine (compile and evaluate) under a budget of {@value #BUDGET_MS} ms, 1000 results and 64 MiB. The input is
 * the expression, optionally followed by a NUL byte and the JSON input (else the catalog's seed JobSet). Allowed
 * outcomes: results; {@link JqSyntaxException} with an offset inside the text; {@link JqParseException} with a 1-based
 * line and column; a {@link JqEvaluationException} (budget, result limit and memory included) with a message. A hang
 * past the budget trips libFuzzer's per-input {@code -timeout=30} (set by the fuzz runs), a finding.
 */
class JqFuzzTest {

  static final long BUDGET_MS = 1000;
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final JqEngine ENGINE =
      Jq.newEngine(new JqOptions(Duration.ofMillis(BUDGET_MS), 1000, 64L << 20));
  private static final JsonNode SEED = seed();

  private static JsonNode seed() {
    return new dev.workloadmap.sdk.yaml.YamlReader()
        .readAll(FuzzSupport.CATALOG.resolve(
            "jobset-x-k8s-io-jobset-v1alpha2/fixtures/seed-leader-and-workers/object.yaml"))
        .get(0)
        .root();
  }

  @FuzzTest(maxDuration = "5s")
  void parsesAndEvaluatesWithinBudget(byte[] data) {
    String text = FuzzSupport.utf8(data);
    if (text == null) {
      return;
    }
    JsonNode input = SEED;
    int nul = text.indexOf('\0');
    if (nul >= 0) {
      try {
        input = JSON.readTree(text.substring(nul + 1));
      } catch (Exception e) {
        input = SEED;
      }
      text = text.substring(0, nul);
    }
    check(text, input == null ? SEED : input);
  }

  static void check(String expression, JsonNode input) {
    try {
      JqParser.parse(expression);
    } catch (JqSyntaxException e) {
      assertThat(e.getMessage()).isNotBlank();
      assertThat(e.offset()).as("offset of %s", e.getMessage()).isBetween(0, expression.length());
    } catch (StackOverflowError e) {
      // the lint and the CRD check catch this and report the expression as nested too deeply
    }
    JqProgram program;
    try {
      program = ENGINE.compile(expression);
    } catch (JqParseException e) {
      assertThat(e.getMessage()).isNotBlank();
      assertThat(e.line()).as("line of %s", e.getMessage()).isPositive();
      assertThat(e.column()).as("column of %s", e.getMessage()).isPositive();
      return;
    }
    try {
      List<JsonNode> out = program.apply(JqInput.of(input));
      assertThat(out.size()).isLessThanOrEqualTo(1000);
    } catch (JqEvaluationException e) {
      assertThat(e.getMessage()).isNotBlank();
    }
  }
}
