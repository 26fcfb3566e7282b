package dev.workloadmap.sdk.internal.jq;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.workloadmap.sdk.jq.JqInput;
import dev.workloadmap.sdk.jq.JqOptions;
import dev.workloadmap.sdk.jq.JqProgram;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An expression known to compile (a proven catalog entry's, {@code internal.proof.CatalogProof}) is parsed by
 * jackson-jq on its first evaluation that needs it instead of by {@code compile}, and answers exactly as one parsed at
 * once: results, errors and the reference's rewrites (reduce, indexes, try).
 */
class KnownToCompileTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** Expressions FastEval and PlainPath do not answer (or give up on), so that jackson-jq evaluates them. */
  private static final List<String> EXPRESSIONS = List.of(
      "[.items[] | select(.a > 1) | .b] | sort",
      ".name | ascii_downcase",
      "reduce .items[] as $i (0; . + $i.a)",
      ".items | map(.a) | add",
      "try error(\"x\") catch .",
      ".items[1:] | length",
      "[.items[] | .b // \"none\"] | join(\",\")");

  private static final List<String> INPUTS = List.of(
      "{\"name\": \"Seed\", \"items\": [{\"a\": 1, \"b\": \"x\"}, {\"a\": 2}, {\"a\": 3, \"b\": \"z\"}]}",
      "{\"name\": 5, \"items\": []}",
      "{\"items\": \"not an array\"}",
      "null");

  private static String answer(JqProgram p, JsonNode in) {
    try {
      return p.apply(JqInput.of(in)).toString();
    } catch (RuntimeException e) {
      return e.getClass().getName() + ": " + e.getMessage();
    }
  }

  @Test
  void aKnownExpressionIsParsedOnFirstUseAndAnswersAsOneParsedAtOnce() throws Exception {
    JacksonJqEngine eager = new JacksonJqEngine(JqOptions.defaults());
    List<JqProgram> atOnce = new ArrayList<>();
    for (String e : EXPRESSIONS) {
      atOnce.add(eager.compile(e));
    }
    EXPRESSIONS.forEach(JacksonJqEngine::knownToCompile);
    JacksonJqEngine lazy = new JacksonJqEngine(JqOptions.defaults());
    Field query = null;
    for (int i = 0; i < EXPRESSIONS.size(); i++) {
      JqProgram p = lazy.compile(EXPRESSIONS.get(i));
      if (query == null) {
        query = p.getClass().getDeclaredField("query");
        query.setAccessible(true);
      }
      assertThat(query.get(p)).as("not parsed by compile: %s", p).isNull();
      assertThat(query.get(atOnce.get(i))).as("parsed by compile").isNotNull();
      for (String in : INPUTS) {
        JsonNode node = JSON.readTree(in);
        assertThat(answer(p, node))
            .as("%s on %s", EXPRESSIONS.get(i), in)
            .isEqualTo(answer(atOnce.get(i), node));
      }
      assertThat(query.get(p)).as("parsed by the evaluation: %s", p).isNotNull();
    }
  }
}
