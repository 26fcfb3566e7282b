package dev.workloadmap.sdk.jq;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.spi.JqEngine;
import dev.workloadmap.sdk.testing.Json;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Thread safety (libraries.md §3.1): one engine, its cached programs and prepared inputs shared by several threads,
 * give the same results as a single thread, including assignments, failures and budget stops.
 */
class JqConcurrencyTest {

  static final List<String> EXPRESSIONS = List.of(
      ".spec.replicatedJobs[] | .replicas * .template.spec.parallelism",
      ".spec.services | to_entries[] | .key",
      "any(.status.conditions // [] | .[]; .type == \"Ready\" and .status == \"False\")",
      "def twice(f): f, f; [twice(.spec.replicatedJobs[]?.name)]",
      ".spec.replicatedJobs as $j | [$j[] | .name] | join(\",\")",
      "[range(0; 50)] | map(. * 2) | add",
      "{z: .kind, a: (.spec.services | keys)} | tostring",
      "[limit(2; .spec.replicatedJobs[]?)] | length",
      "[paths] | length",
      "0 | until(. >= 500; . + 1)",
      ".missing[]",
      "[1, 2, 3] | .[] | error(\"e\\(.)\")");

  static final List<JqInput> INPUTS = List.of(
      JqInput.of(Json.parse(
          "{\"kind\":\"JobSet\",\"spec\":{\"replicatedJobs\":[{\"name\":\"a\",\"replicas\":2,"
              + "\"template\":{\"spec\":{\"parallelism\":3}}},{\"name\":\"b\",\"replicas\":1,"
              + "\"template\":{\"spec\":{\"parallelism\":1.0}}}],"
              + "\"services\":{\"web\":{},\"api\":{},\"db\":{}}},"
              + "\"status\":{\"conditions\":[{\"type\":\"Ready\",\"status\":\"False\"}]}}")),
      JqInput.of(Json.parse("{\"kind\":\"Pod\",\"spec\":{\"services\":{\"z\":1,\"y\":2}}}")),
      JqInput.of(Json.parse("null")));

  @Test
  void manyThreadsGiveTheSameResultsAsOne() throws Exception {
    JqEngine engine = Jq.newEngine(JqOptions.defaults());
    Map<String, String> expected = new ConcurrentHashMap<>();
    for (String e : EXPRESSIONS) {
      for (int i = 0; i < INPUTS.size(); i++) {
        expected.put(key(e, i), outcome(engine, e, INPUTS.get(i)));
      }
    }
    int threads = 8;
    int rounds = 300;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    CountDownLatch start = new CountDownLatch(1);
    try {
      List<Future<List<String>>> futures = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int seed = t;
        futures.add(pool.submit(() -> {
          start.await();
          List<String> mismatches = new ArrayList<>();
          for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < EXPRESSIONS.size(); k++) {
              String e = EXPRESSIONS.get((k + seed + r) % EXPRESSIONS.size());
              int i = (k + r) % INPUTS.size();
              String got = outcome(engine, e, INPUTS.get(i));
              if (!got.equals(expected.get(key(e, i)))) {
                mismatches.add(key(e, i) + " -> " + got);
              }
            }
          }
          return mismatches;
        }));
      }
      start.countDown();
      List<String> mismatches = new ArrayList<>();
      for (Future<List<String>> f : futures) {
        mismatches.addAll(f.get(120, TimeUnit.SECONDS));
      }
      assertThat(mismatches).isEmpty();
    } finally {
      pool.shutdownNow();
      assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
    }
  }

  @Test
  void assignmentsAndBudgetStopsRunConcurrently() throws Exception {
    // the time budget is under test here: a memory budget that cannot trip first (a fast machine
    // allocates 1 GiB
    // in range(0; 1e12) well within 2 s)
    JqEngine engine = Jq.newEngine(JqOptions.defaults()
        .withBudget(Duration.ofSeconds(2))
        .withMaxAllocatedBytes(Long.MAX_VALUE));
    JsonNode object = Json.parse("{\"spec\":{\"services\":{\"web\":{},\"api\":{}}}}");
    String expectedAssign = JqValues.toCompactJson(engine.assignZip(
        ".spec.services[] | .replicas", object, List.of(Json.parse("1"), Json.parse("2"))));
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<String>> futures = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        boolean stopper = t % 2 == 0;
        futures.add(pool.submit(() -> {
          if (stopper) {
            return outcome(engine, "range(0; 1e12) | select(. < 0)", INPUTS.get(2));
          }
          String last = "";
          for (int r = 0; r < 500; r++) {
            last = JqValues.toCompactJson(engine.assignZip(
                ".spec.services[] | .replicas", object, List.of(Json.parse("1"), Json.parse("2"))));
            if (!last.equals(expectedAssign)) {
              return "mismatch: " + last;
            }
          }
          return last;
        }));
      }
      for (int t = 0; t < futures.size(); t++) {
        String got = futures.get(t).get(60, TimeUnit.SECONDS);
        if (t % 2 == 0) {
          assertThat(got)
              .isEqualTo("JqBudgetExceededException: JQ execution error for expression "
                  + "'range(0; 1e12) | select(. < 0)': evaluation exceeded its time budget of 2s "
                  + "(context deadline exceeded)");
        } else {
          assertThat(got)
              .isEqualTo(expectedAssign)
              .isEqualTo(
                  "{\"spec\":{\"services\":{\"api\":{\"replicas\":1},\"web\":{\"replicas\":2}}}}");
        }
      }
    } finally {
      pool.shutdownNow();
      assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
    }
  }

  @Test
  void concurrentCompilationsOfOneExpressionShareOneProgram() throws Exception {
    JqEngine engine = Jq.newEngine(JqOptions.defaults());
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<JqProgram>> futures = new ArrayList<>();
      CountDownLatch start = new CountDownLatch(1);
      for (int t = 0; t < 8; t++) {
        futures.add(pool.submit(() -> {
          start.await();
          return engine.compile(".a.b | select(. != null)");
        }));
      }
      start.countDown();
      JqProgram first = futures.get(0).get(30, TimeUnit.SECONDS);
      for (Future<JqProgram> f : futures) {
        // a race may compile twice, but the cache hands out one instance from then on
        assertThat(f.get(30, TimeUnit.SECONDS).expression()).isEqualTo(first.expression());
      }
      assertThat(engine.compile(".a.b | select(. != null)"))
          .isSameAs(engine.compile(".a.b | select(. != null)"));
    } finally {
      pool.shutdownNow();
      assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
    }
  }

  private static String key(String expression, int input) {
    return input + ":" + expression;
  }

  private static String outcome(JqEngine engine, String expression, JqInput input) {
    try {
      return Json.compact(engine.compile(expression).apply(input)).toString();
    } catch (JqException e) {
      return e.getClass().getSimpleName() + ": " + e.getMessage();
    }
  }
}
