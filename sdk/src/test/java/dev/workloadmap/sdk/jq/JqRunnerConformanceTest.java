package dev.workloadmap.sdk.jq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.sdk.spi.JqEngine;
import dev.workloadmap.sdk.testing.Json;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Conformance cases JR-01..JR-16 (conformance-cases.md §3): the jq runner. */
class JqRunnerConformanceTest {

  /** Object T of conformance-cases.md §3. */
  static final JqInput T = JqInput.of(Json.parse("""
              {"metadata":{"name":"test-pod","namespace":"default","labels":{"app":"web","component":"frontend"}},
               "spec":{"containers":[
                 {"name":"web","image":"nginx:1.20","ports":[{"containerPort":80},{"containerPort":443}]},
                 {"name":"sidecar","image":"busybox:latest"}]}}
              """));

  private final JqEngine engine = Jq.defaultEngine();

  private List<String> eval(String expression, JqInput input) {
    return Json.compact(engine.compile(expression).apply(input));
  }

  @Test
  void jr01_fieldPath() {
    assertThat(eval(".metadata.name", T)).containsExactly("\"test-pod\"");
  }

  @Test
  void jr02_arrayIndex() {
    assertThat(eval(".spec.containers[0].name", T)).containsExactly("\"web\"");
  }

  @Test
  void jr03_iterationGivesAStream() {
    assertThat(eval(".spec.containers[].name", T)).containsExactly("\"web\"", "\"sidecar\"");
  }

  @Test
  void jr04_integralNumbersComeBackAsIntegers() {
    List<JsonNode> ports =
        engine.compile(".spec.containers[0].ports[].containerPort").apply(T);
    assertThat(Json.compact(ports)).containsExactly("80", "443");
    assertThat(ports).allSatisfy(p -> assertThat(p.isIntegralNumber()).isTrue());
  }

  @Test
  void jr05_missingFieldIsOneNull() {
    List<JsonNode> out = engine.compile(".metadata.nonexistent").apply(T);
    assertThat(out).hasSize(1);
    assertThat(out.get(0).isNull()).isTrue();
  }

  @Test
  void jr06_noMatchIsAnEmptyStream() {
    assertThat(eval(".spec.containers[] | select(.name == \"notfound\")", T)).isEmpty();
    assertThat(
            engine.compile(".spec.containers[] | select(.name == \"notfound\")").first(T))
        .isNull();
  }

  @Test
  void jr07_comparison() {
    assertThat(eval(".metadata.name == \"test-pod\"", T)).containsExactly("true");
  }

  @Test
  void jr08_selectThenField() {
    assertThat(eval(".spec.containers[] | select(.name == \"web\") | .image", T))
        .containsExactly("\"nginx:1.20\"");
  }

  @Test
  void jr09_map() {
    assertThat(eval(".spec.containers | map(.name)", T)).containsExactly("[\"web\",\"sidecar\"]");
  }

  @Test
  void jr10_length() {
    assertThat(eval(".spec.containers | length", T)).containsExactly("2");
  }

  @Test
  void jr11_syntaxErrorIsAParseException() {
    assertThatThrownBy(() -> engine.compile(".invalid[[[syntax"))
        .isInstanceOf(JqParseException.class)
        .hasMessage(
            "failed to parse JQ expression '.invalid[[[syntax': unexpected end of expression at line 1, column 18");
  }

  @Test
  void jr12_interruptedThreadGivesTheCancellationError() {
    JqProgram p = engine.compile(".metadata.name");
    Thread.currentThread().interrupt();
    try {
      assertThatThrownBy(() -> p.apply(T))
          .isInstanceOf(JqCancelledException.class)
          .hasMessage("JQ execution error for expression '.metadata.name': "
              + "evaluation was cancelled: its thread was interrupted (context canceled)");
      assertThat(Thread.currentThread().isInterrupted())
          .as("the interrupt flag is left set")
          .isTrue();
    } finally {
      Thread.interrupted();
    }
  }

  @Test
  void jr12_interruptStopsARunningEvaluation() throws Exception {
    JqEngine patient = Jq.newEngine(JqOptions.defaults().withBudget(Duration.ofSeconds(60)));
    JqProgram endless = patient.compile("range(0; 1e12) | select(. < 0)");
    assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
      Thread[] worker = new Thread[1];
      CompletableFuture<Throwable> failure = new CompletableFuture<>();
      worker[0] = new Thread(() -> {
        try {
          endless.apply(T);
          failure.complete(null);
        } catch (Throwable t) {
          failure.complete(t);
        }
      });
      worker[0].start();
      Thread.sleep(100);
      worker[0].interrupt();
      Throwable t = failure.get(15, TimeUnit.SECONDS);
      assertThat(t)
          .isInstanceOf(JqCancelledException.class)
          .hasMessageEndingWith(
              "evaluation was cancelled: its thread was interrupted (context canceled)");
      worker[0].join();
    });
  }

  @Test
  void jr13_tooManyResultsIsAnErrorAndNothingIsReturned() {
    JqEngine limited = Jq.newEngine(JqOptions.defaults().withMaxResults(5));
    assertThatThrownBy(() -> limited.compile(".items[].id").apply(items(100)))
        .isInstanceOf(JqResultLimitException.class)
        .hasMessage(
            "JQ execution error for expression '.items[].id': query results exceed the allowed number 5")
        .satisfies(e -> assertThat(((JqResultLimitException) e).limit()).isEqualTo(5));
  }

  @Test
  void jr13_exactlyTheLimitIsAllowed() {
    JqEngine limited = Jq.newEngine(JqOptions.defaults().withMaxResults(5));
    assertThat(Json.compact(limited.compile(".items[:5][].id").apply(items(100))))
        .containsExactly("0", "1", "2", "3", "4");
  }

  @Test
  void jr13_defaultLimitIsOneThousand() {
    assertThat(engine.compile(".items[].id").apply(items(1000))).hasSize(1000);
    assertThatThrownBy(() -> engine.compile(".items[].id").apply(items(1001)))
        .isInstanceOf(JqResultLimitException.class)
        .hasMessageEndingWith("query results exceed the allowed number 1000");
  }

  @Test
  void jr14_slicesUnderTheLimit() {
    JqEngine limited = Jq.newEngine(JqOptions.defaults().withMaxResults(5));
    assertThat(Json.compact(limited.compile(".items[0:3][].id").apply(items(100))))
        .containsExactly("0", "1", "2");
  }

  @Test
  void jr15_budgetOfOneMillisecondStopsALargeMap() {
    ObjectNode root = JsonNodeFactory.instance.objectNode();
    ArrayNode data = root.putArray("data");
    for (int i = 0; i < 10_000; i++) {
      data.addObject().put("nested", "x".repeat(i % 100));
    }
    JqEngine hurried = Jq.newEngine(JqOptions.defaults().withBudget(Duration.ofMillis(1)));
    String expression = ".data | map(select(.nested | length > 50)) | length";
    assertTimeoutPreemptively(
        Duration.ofSeconds(20),
        () -> assertThatThrownBy(() -> hurried.compile(expression).apply(JqInput.of(root)))
            .isInstanceOf(JqBudgetExceededException.class)
            .hasMessage("JQ execution error for expression '" + expression + "': "
                + "evaluation exceeded its time budget of 1ms (context deadline exceeded)"));
    // the same evaluation finishes with the default budget
    assertThat(Json.compact(engine.compile(expression).apply(JqInput.of(root))))
        .containsExactly("4900");
  }

  @Test
  void jr16_scalarInputs() {
    assertThat(eval(". | length", JqInput.of(Json.parse("\"test-string\"")))).containsExactly("11");
    assertThat(eval(". + 8", JqInput.of(Json.parse("42")))).containsExactly("50");
    assertThat(eval("length", JqInput.of(Json.parse("[1, 2, 3]")))).containsExactly("3");
    assertThat(eval(".", JqInput.of(Json.parse("null")))).containsExactly("null");
  }

  @Test
  void compiledProgramsAreCachedAndShared() {
    JqProgram a = engine.compile(".metadata.labels.app");
    JqProgram b = engine.compile(".metadata.labels.app");
    assertThat(a).isSameAs(b);
    assertThat(a.expression()).isEqualTo(".metadata.labels.app");
  }

  @Test
  void resultsAreImmutable() {
    List<JsonNode> out = engine.compile(".spec.containers[].name").apply(T);
    assertThatThrownBy(() -> out.add(JsonNodeFactory.instance.nullNode()))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  private static JqInput items(int n) {
    ObjectNode root = JsonNodeFactory.instance.objectNode();
    ArrayNode items = root.putArray("items");
    for (int i = 0; i < n; i++) {
      items.addObject().put("id", i);
    }
    return JqInput.of(root);
  }
}
