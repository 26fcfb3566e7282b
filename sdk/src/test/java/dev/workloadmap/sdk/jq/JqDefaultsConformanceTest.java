package dev.workloadmap.sdk.jq;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workloadmap.sdk.testing.Json;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Conformance cases JD-01..JD-13 (conformance-cases.md §3): defaults with {@code //}, {@code has} and {@code if}. */
class JqDefaultsConformanceTest {

  static final JqInput OBJECT = JqInput.of(Json.parse("""
              {"name":"app","labels":{"app":"myapp","version":"v1.0"},"annotations":{"config":"production"},
               "spec":{"containers":[{"name":"main","image":"nginx:latest"}]}}
              """));

  private static List<String> eval(String expression) {
    return Json.compact(Jq.defaultEngine().compile(expression).apply(OBJECT));
  }

  @Test
  void jd01_presentValueWins() {
    assertThat(eval(".labels.app // \"default-app\"")).containsExactly("\"myapp\"");
  }

  @Test
  void jd02_missingKeyTakesTheDefault() {
    assertThat(eval(".labels.nonexistent // \"default-value\""))
        .containsExactly("\"default-value\"");
  }

  @Test
  void jd03_missingNestedPathTakesTheDefault() {
    assertThat(eval(".missing.nested.path // \"fallback\"")).containsExactly("\"fallback\"");
  }

  @Test
  void jd04_numericDefault() {
    assertThat(eval(".spec.replicas // 1")).containsExactly("1");
  }

  @Test
  void jd05_booleanDefault() {
    assertThat(eval(".spec.enabled // true")).containsExactly("true");
  }

  @Test
  void jd06_objectDefault() {
    assertThat(eval(".status // {\"phase\": \"Unknown\"}"))
        .containsExactly("{\"phase\":\"Unknown\"}");
  }

  @Test
  void jd07_emptyArrayDefault() {
    assertThat(eval(".spec.volumes // []")).containsExactly("[]");
  }

  @Test
  void jd08_has() {
    assertThat(eval(".labels | has(\"app\")")).containsExactly("true");
    assertThat(eval(".labels | has(\"environment\")")).containsExactly("false");
  }

  @Test
  void jd09_ifWithHas() {
    assertThat(
            eval(
                "if (.labels | has(\"environment\")) then .labels.environment else \"development\" end"))
        .containsExactly("\"development\"");
  }

  @Test
  void jd10_chainedAlternatives() {
    assertThat(eval(".labels.environment // .annotations.environment // \"staging\""))
        .containsExactly("\"staging\"");
  }

  @Test
  void jd11_defaultBeforeLength() {
    assertThat(eval("(.spec.containers // []) | length")).containsExactly("1");
  }

  @Test
  void jd12_defaultInsideMap() {
    assertThat(eval("(.spec.containers // []) | map(.name // \"unnamed\")"))
        .containsExactly("[\"main\"]");
  }

  @Test
  void jd13_alternativeBindsTighterThanPipe() {
    assertThat(
            eval(
                "(.spec.containers // []) | map(select(.name // \"default\" | startswith(\"m\"))) | length"))
        .containsExactly("1");
  }
}
