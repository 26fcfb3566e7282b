package dev.workloadmap.schema;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The shared validator is loaded once, is safe across threads, and is fast on small documents. */
class SchemaValidatorConcurrencyAndSpeedTest {

  @Test
  void getInstanceReturnsTheSameValidator() {
    assertThat(SchemaValidator.getInstance()).isSameAs(SchemaValidator.getInstance());
  }

  @Test
  void concurrentValidationsGiveTheSingleThreadedResults() throws Exception {
    List<JsonNode> docs = new ArrayList<>();
    Definitions.list("good").forEach(n -> docs.add(Definitions.read(n)));
    Definitions.list("bad").forEach(n -> docs.add(Definitions.read(n)));
    List<List<SchemaViolation>> expected = new ArrayList<>();
    docs.forEach(d -> expected.add(SchemaValidator.getInstance().validate(d)));
    assertThat(expected).anySatisfy(v -> assertThat(v).isNotEmpty());

    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Callable<Integer>> tasks = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        int offset = t;
        tasks.add(() -> {
          int mismatches = 0;
          for (int i = 0; i < 300; i++) {
            int k = (i + offset) % docs.size();
            if (!SchemaValidator.getInstance().validate(docs.get(k)).equals(expected.get(k))) {
              mismatches++;
            }
          }
          return mismatches;
        });
      }
      for (Future<Integer> f : pool.invokeAll(tasks)) {
        assertThat(f.get()).isZero();
      }
    } finally {
      pool.shutdown();
      assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
    }
  }

  @Test
  void aSmallDefinitionValidatesWellUnderAMillisecond() {
    JsonNode good = Definitions.read("good/current-jobset.yaml");
    JsonNode bad = Definitions.read("bad/legacy-with-current-fields.yaml");
    SchemaValidator validator = SchemaValidator.getInstance();
    for (int i = 0; i < 2_000; i++) {
      validator.validate(good);
      validator.validate(bad);
    }
    // repeated validation keeps giving the same answers (no timing here: speed figures live in
    // benchmarks)
    int errorsOfGood = 0;
    int errorsOfBad = 0;
    for (int i = 0; i < 2_000; i++) {
      errorsOfGood += validator.validate(good).size();
      errorsOfBad += validator.validate(bad).size();
    }
    assertThat(errorsOfGood).isZero();
    assertThat(errorsOfBad).isEqualTo(2_000 * validator.validate(bad).size()).isPositive();
  }
}
