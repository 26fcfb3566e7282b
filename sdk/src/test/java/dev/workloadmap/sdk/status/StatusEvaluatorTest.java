package dev.workloadmap.sdk.status;

import static dev.workloadmap.sdk.TestDefinitions.input;
import static dev.workloadmap.sdk.TestDefinitions.karta;
import static dev.workloadmap.sdk.TestDefinitions.load;
import static dev.workloadmap.sdk.definition.WorkloadStatus.COMPLETED;
import static dev.workloadmap.sdk.definition.WorkloadStatus.FAILED;
import static dev.workloadmap.sdk.definition.WorkloadStatus.INITIALIZING;
import static dev.workloadmap.sdk.definition.WorkloadStatus.RUNNING;
import static dev.workloadmap.sdk.definition.WorkloadStatus.UNDEFINED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.workloadmap.sdk.TestDefinitions;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.definition.WorkloadStatus;
import dev.workloadmap.sdk.internal.status.StatusEvaluator;
import dev.workloadmap.sdk.jq.Jq;
import org.junit.jupiter.api.Test;

/** Conformance §4.5 (ST), EC-06..EC-08, FC-35. */
class StatusEvaluatorTest {

  private final StatusEvaluator eval = new StatusEvaluator(Jq.defaultEngine());

  private static Definition def(String statusDefinition) {
    return load(karta("""
        rootComponent:
          name: root
          kind: {group: jobs.example.com, version: v1, kind: Reactor}
          statusDefinition:
        %s
        """.formatted(statusDefinition.indent(4))));
  }

  private StatusResult status(Definition d, String object) {
    return eval.evaluate(d, d.rootComponent(), input(object));
  }

  private static final String REACTOR = """
      phaseDefinition: {path: .status.phase}
      conditionsDefinition: {path: .status.conditions, reasonFieldName: reason, messageFieldName: message}
      statusMappings:
        initializing: [{byPhase: pending}]
        running: [{byPhase: running}]
        failed: [{byPhase: failed}]
        completed: [{byPhase: completed}]
        degraded: [{byPhase: degraded}]
      """;

  @Test
  void st01_to_st03_conditionsOnly() {
    Definition pyflow = load(TestDefinitions.PYFLOW_DEFINITION);
    StatusResult r = status(pyflow, "status: {conditions: [{type: Running, status: \"True\"}]}");
    assertThat(r.phase()).isNull();
    assertThat(r.conditions()).containsExactly(new Condition("Running", "True", "", ""));
    assertThat(r.matched()).containsExactly(RUNNING);
    assertThat(status(pyflow, "status: {conditions: [{type: NotMatching, status: \"True\"}]}")
            .matched())
        .containsExactly(UNDEFINED);
    StatusResult empty = status(pyflow, "status: {conditions: []}");
    assertThat(empty.conditions()).isEmpty();
    assertThat(empty.phases()).containsExactly("Undefined");
  }

  @Test
  void st04_st05_st06_st34_messageReasonPhase() {
    Definition d = def(REACTOR);
    StatusResult r = status(
        d,
        "status: {phase: running, conditions: [{type: Failed, status: \"True\", message: Pod"
            + " failed due to OOMKilled, reason: OOMKilled}, {type: Ready}]}");
    assertThat(r.condition("Failed").message()).isEqualTo("Pod failed due to OOMKilled");
    assertThat(r.condition("Failed").reason()).isEqualTo("OOMKilled");
    assertThat(r.condition("Ready").status()).isEmpty();
    assertThat(r.phase()).isEqualTo("running");
  }

  @Test
  void st09_st11_st12_phases() {
    Definition d = def("""
        phaseDefinition: {path: .status.phase}
        conditionsDefinition: {path: .status.conditions}
        statusMappings:
          running: [{byPhase: running}, {byPhase: active}, {byConditions: [{type: Ready, status: "True"}]}]
        """);
    assertThat(status(d, "status: {phase: active}").matched()).containsExactly(RUNNING);
    Definition reactor = def(REACTOR);
    for (String p : new String[] {"running", "failed", "completed", "degraded"}) {
      assertThat(status(reactor, "status: {phase: " + p + "}").matched())
          .singleElement()
          .extracting(WorkloadStatus::mappingKey)
          .isEqualTo(p);
    }
    assertThat(status(reactor, "status: {phase: unknown}").matched()).containsExactly(UNDEFINED);
    assertThat(status(reactor, "status: {phase: Running}").matched())
        .as("case-sensitive")
        .containsExactly(UNDEFINED);
  }

  @Test
  void st13_to_st16_andWithinOrAcrossAndAbsence() {
    Definition d = def("""
        phaseDefinition: {path: .status.phase}
        conditionsDefinition: {path: .status.conditions}
        statusMappings:
          running: [{byPhase: running, byConditions: [{type: Ready, status: "True"}, {type: Available, status: "False"}]}]
        """);
    assertThat(status(
                d,
                "status: {phase: running, conditions: [{type: Ready, status: \"True\"}, {type: Available,"
                    + " status: \"False\"}]}")
            .matched())
        .containsExactly(RUNNING);
    assertThat(status(
                d,
                "status: {phase: running, conditions: [{type: Ready, status: \"False\"}, {type: Available,"
                    + " status: \"False\"}]}")
            .matched())
        .containsExactly(UNDEFINED);
    assertThat(status(d, "status: {phase: running, conditions: [{type: Ready, status: \"True\"}]}")
            .matched())
        .as("ST-16: an absent condition never matches, even status False")
        .containsExactly(UNDEFINED);
    Definition both = def("""
        phaseDefinition: {path: .status.phase}
        conditionsDefinition: {path: .status.conditions}
        statusMappings:
          running: [{byPhase: running}]
          initializing: [{byConditions: [{type: Ready, status: "True"}]}]
        """);
    assertThat(
            status(both, "status: {phase: running, conditions: [{type: Ready, status: \"True\"}]}")
                .matched())
        .containsExactly(RUNNING, INITIALIZING);
  }

  @Test
  void st17_to_st21_reasons() {
    Definition d = def("""
        conditionsDefinition: {path: .status.conditions}
        statusMappings:
          failed: [{byConditions: [{type: Failed, status: "True", reason: OOMKilled}]}]
          completed: [{byConditions: [{type: Done, status: "True"}]}]
        """);
    assertThat(
            status(d, "status: {conditions: [{type: Failed, status: \"True\", reason: OOMKilled}]}")
                .matched())
        .containsExactly(FAILED);
    assertThat(status(
                d,
                "status: {conditions: [{type: Failed, status: \"True\", reason: CrashLoopBackOff}]}")
            .matched())
        .containsExactly(UNDEFINED);
    assertThat(status(d, "status: {conditions: [{type: Failed, status: \"True\"}]}")
            .matched())
        .containsExactly(UNDEFINED);
    assertThat(status(d, "status: {conditions: [{type: Done, status: \"True\", reason: Whatever}]}")
            .matched())
        .containsExactly(COMPLETED);
  }

  @Test
  void st22_to_st28_ec06_ec07_expressions() {
    Definition d = def("""
        phaseDefinition: {path: .status.phase}
        conditionsDefinition: {path: .status.conditions}
        statusMappings:
          running:
            - byExpression: {expression: .status.phase, expectedResult: running}
          failed:
            - byExpression: {expression: '.status.phase == "failed"', expectedResult: "true"}
          completed:
            - byPhase: done
              byExpression: {expression: .status.conditions | length > 0, expectedResult: "true"}
          degraded:
            - byExpression: {expression: .status.nonExistentField, expectedResult: "true"}
          initializing:
            - byExpression: {expression: '.status.items[]', expectedResult: "1"}
          suspended:
            - byExpression: {expression: .status.missing, expectedResult: "null"}
        """);
    assertThat(status(d, "status: {phase: running}").matched())
        .as("ST-22, ST-23, ST-28, EC-07")
        .containsExactly(WorkloadStatus.SUSPENDED, RUNNING);
    assertThat(status(d, "status: {phase: done, conditions: [{type: X}]}").matched())
        .contains(COMPLETED);
    assertThat(status(d, "status: {phase: done, conditions: []}").matched())
        .doesNotContain(COMPLETED);
    assertThat(status(d, "status: {phase: x, items: [1, 2], missing: 3}").matched())
        .as("EC-06: only the first result counts")
        .containsExactly(INITIALIZING);
    assertThat(status(d, "status: {phase: x, items: [2, 1], missing: 3}").matched())
        .containsExactly(UNDEFINED);
  }

  @Test
  void fc35_failingMatcherIsContainedAndReportedOnce() {
    Definition d = def("""
        conditionsDefinition: {path: .status.conditions}
        statusMappings:
          running:
            - byExpression: {expression: '.status.conditions[] | select(.type == "Ready") | .status', expectedResult: "True"}
          failed:
            - byExpression: {expression: 'any(.status.conditions[]?; .type == "Failed")', expectedResult: "true"}
        """);
    StatusResult r =
        status(d, "apiVersion: ray.io/v1\nkind: RayCluster\nmetadata: {name: demo}\nspec: {}");
    assertThat(r.matched()).containsExactly(UNDEFINED);
    assertThat(r.problems()).singleElement().satisfies(p -> {
      assertThat(p.field()).isEqualTo("statusMappings.running[0].byExpression");
      assertThat(p.message())
          .startsWith("failed to match status Running: JQ execution error for expression");
      assertThat(p.expression()).contains("select(.type == \"Ready\")");
      assertThat(p.location().pointer())
          .isEqualTo(
              "/spec/structureDefinition/rootComponent/statusDefinition/statusMappings/running/0/byExpression/expression");
    });
    StatusEvaluator strict = new StatusEvaluator(Jq.defaultEngine(), true);
    assertThatThrownBy(() -> strict.evaluate(d, d.rootComponent(), input("spec: {}")))
        .isInstanceOf(StatusException.class)
        .hasMessageStartingWith("failed to match status: ");
  }

  @Test
  void st31_st32_st33_missingDefinitionAndFailingPaths() {
    Definition noStatus = load(TestDefinitions.PYFLOW_DEFINITION);
    assertThat(eval.evaluate(noStatus, noStatus.component("master").orElseThrow(), input("{}")))
        .isNull();
    Definition d = def("""
        phaseDefinition: {path: '.status.phase.x'}
        conditionsDefinition: {path: .status.conditions | keys}
        statusMappings: {running: [{byPhase: x}]}
        """);
    StatusResult r = status(d, "status: {phase: running, conditions: 5}");
    assertThat(r.problems())
        .extracting(p -> p.message().substring(0, 26))
        .containsExactly("failed to extract phase: J", "failed to extract conditio");
    assertThat(r.matched()).containsExactly(UNDEFINED);
  }

  @Test
  void nullPhaseIsEmptyAndEmptyStreamIsAbsent() {
    Definition d = def("""
        phaseDefinition: {path: .status.phase}
        statusMappings: {running: [{byPhase: running}]}
        """);
    assertThat(status(d, "status: {}").phase()).isEmpty();
    Definition stream = def("""
        phaseDefinition: {path: '.status.phases[]'}
        statusMappings: {running: [{byPhase: running}]}
        """);
    assertThat(status(stream, "status: {phases: []}").phase()).isNull();
    assertThat(status(stream, "status: {phases: [running, failed]}").matched())
        .containsExactly(RUNNING);
  }

  @Test
  void lastConditionOfATypeWins() {
    Definition d = def("""
        conditionsDefinition: {path: .status.conditions}
        statusMappings: {running: [{byConditions: [{type: Ready, status: "True"}]}]}
        """);
    assertThat(status(
                d,
                "status: {conditions: [{type: Ready, status: \"False\"}, {type: Ready, status: \"True\"}]}")
            .matched())
        .containsExactly(RUNNING);
    assertThat(status(
                d,
                "status: {conditions: [{type: Ready, status: \"True\"}, {type: Ready, status: \"False\"}]}")
            .matched())
        .containsExactly(UNDEFINED);
  }
}
