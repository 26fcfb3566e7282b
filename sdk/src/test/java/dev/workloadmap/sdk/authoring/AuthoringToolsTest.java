package dev.workloadmap.sdk.authoring;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.workloadmap.sdk.PreparedDefinition;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.yaml.YamlReader;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class AuthoringToolsTest {

  private static final WorkloadMap WM = WorkloadMap.create();

  /** Running asks only for Running=True, so Running and Failed can match together. */
  private static final String OVERLAPPING = """
      apiVersion: run.ai/v1alpha1
      kind: Karta
      metadata:
        name: demo
        annotations:
          ANNOTATION
      spec:
        structureDefinition:
          rootComponent:
            name: trainjob
            kind: {group: demo.example.com, version: v1, kind: TrainJob}
            specDefinition:
              podTemplateSpecPath: .spec.template
            scaleDefinition:
              replicasPath: .spec.parallelism
            statusDefinition:
              conditionsDefinition:
                path: .status.conditions
              statusMappings:
                running:
                  - byConditions:
                      - type: Running
                        status: "True"
                failed:
                  - byConditions:
                      - type: Failed
                        status: "True"
                initializing:
                  - byExpression:
                      expression: (.status.active // 0) < 1 and ((.status.conditions // []) | length == 0)
                      expectedResult: "true"
            suspendDefinition:
              suspendActions:
                - {path: .spec.suspend, value: "true"}
              resumeActions:
                - {path: .spec.suspend, value: "false"}
      """;

  private static PreparedDefinition prepare(String annotation) {
    String text = OVERLAPPING.replace("ANNOTATION", annotation);
    return WM.prepare(WM.loadDefinition(text, "demo.yaml"));
  }

  private static JsonNode yaml(String text) {
    return new YamlReader().readAll(text, "object.yaml").get(0).root();
  }

  private static final String OBJECT = """
      apiVersion: demo.example.com/v1
      kind: TrainJob
      metadata: {name: t, namespace: ml}
      spec:
        parallelism: 2
        template:
          spec:
            containers: [{name: trainer, image: example/trainer:1}]
      """;

  @Test
  void overlapFindsTheSmallestCounterexampleAndIsDeterministic() {
    PreparedDefinition d = prepare("{}");
    OverlapAnalyzer a = new OverlapAnalyzer(WM, new OverlapAnalyzer.Options(7, 5000));
    OverlapAnalyzer.Result r = a.analyze(d, null, yaml(OBJECT));
    assertThat(r.clean()).isFalse();
    OverlapAnalyzer.Overlap o = r.overlaps().stream()
        .filter(x -> x.pair().equals(List.of("Running", "Failed")))
        .findFirst()
        .orElseThrow();
    assertThat(o.size()).isEqualTo(2);
    assertThat(o.counterexample().toString())
        .isEqualTo(
            "{\"status\":{\"conditions\":[{\"type\":\"Failed\",\"status\":\"True\"},{\"type\":\"Running\",\"status\":\"True\"}]}}");
    assertThat(o.allowedReason()).isNull();
    // the literal 1 that .status.active is compared with gives the boundary values 0, 1, 2
    assertThat(r.dimensions()).anySatisfy(dim -> {
      assertThat(dim.name()).isEqualTo("status.active");
      assertThat(dim.values().toString()).isEqualTo("[0, 1, 2]");
    });
    assertThat(r.evaluated()).isEqualTo(r.space().intValueExact());
    assertThat(a.analyze(d, null, yaml(OBJECT)).toJson()).isEqualTo(r.toJson());
  }

  /** Conditions read inside any(...): their .status is the condition's, never a root .status field. */
  @Test
  void conditionsInsideAnyNameConditionDimensionsAndNoRootStatusField() {
    String text = """
        apiVersion: run.ai/v1alpha1
        kind: Karta
        metadata: {name: anyconditions}
        spec:
          structureDefinition:
            rootComponent:
              name: job
              kind: {group: demo.example.com, version: v1, kind: Job}
              statusDefinition:
                conditionsDefinition:
                  path: .status.conditions
                statusMappings:
                  failed:
                    - byExpression:
                        expression: >-
                          (.status.conditions // []) | any(.type == "Failed" and .status == "True")
                        expectedResult: "true"
                  completed:
                    - byExpression:
                        expression: >-
                          ((.status.conditions // []) | any(.type == "Complete" and .status == "True"))
                          and (.status.failed // 0) < 1
                        expectedResult: "true"
        """;
    PreparedDefinition d = WM.prepare(WM.loadDefinition(text, "any.yaml"));
    OverlapAnalyzer.Result r =
        new OverlapAnalyzer(WM, OverlapAnalyzer.Options.defaults()).analyze(d, null, null);
    assertThat(r.dimensions())
        .extracting(OverlapAnalyzer.Dimension::name)
        .containsExactlyInAnyOrder("condition Complete", "condition Failed", "status.failed");
    // the terminal conditions are evaluated as conditions (Failed=True alone is Failed);
    // Complete=True with a failed
    // count at the boundary 1 matches nothing: a real finding of this definition, found at the
    // literal's boundary
    assertThat(r.terminalUndefined()).singleElement().satisfies(t -> {
      assertThat(t.what()).isEqualTo("condition Complete=True");
      assertThat(t.counterexample().toString())
          .isEqualTo(
              "{\"status\":{\"conditions\":[{\"type\":\"Complete\",\"status\":\"True\"}],\"failed\":1}}");
      assertThat(t.allowedReason()).isNull();
    });
    assertThat(r.overlaps()).singleElement().satisfies(o -> {
      assertThat(o.pair()).containsExactly("Failed", "Completed");
      assertThat(o.counterexample().toString())
          .isEqualTo("{\"status\":{\"conditions\":[{\"type\":\"Complete\","
              + "\"status\":\"True\"},{\"type\":\"Failed\",\"status\":\"True\"}]}}");
    });
  }

  @Test
  void anAllowedPairIsReportedWithItsReasonAndTheBudgetBoundsTheSearch() {
    PreparedDefinition d = prepare(
        "{overlap.workloadmap.dev/Failed.Running: \"the controller clears Running first\"}");
    OverlapAnalyzer.Result r =
        new OverlapAnalyzer(WM, new OverlapAnalyzer.Options(7, 5)).analyze(d, null, null);
    assertThat(r.evaluated()).isEqualTo(5);
    assertThat(r.exhaustiveDepth()).isLessThan(r.dimensions().size());
    OverlapAnalyzer.Result full =
        new OverlapAnalyzer(WM, OverlapAnalyzer.Options.defaults()).analyze(d, null, null);
    assertThat(full.overlaps())
        .singleElement()
        .satisfies(
            o -> assertThat(o.allowedReason()).isEqualTo("the controller clears Running first"));
    assertThat(full.clean()).isTrue();
  }

  @Test
  void coverageCountsFiredFalseAndNotReachedPerMatcherPart() {
    PreparedDefinition d =
        prepare("{coverage.workloadmap.dev/suspend.trainjob.resumeActions: \"demo\"}");
    JsonNode running = yaml(OBJECT.replace(
        "metadata:", "status: {conditions: [{type: Running, status: \"True\"}]}\nmetadata:"));
    JsonNode empty = yaml(OBJECT);
    DefinitionCoverage.Result c = new DefinitionCoverage(WM)
        .compute(
            d,
            List.of(
                new DefinitionCoverage.Fixture("running", Path.of("nowhere/running"), running),
                new DefinitionCoverage.Fixture("empty", Path.of("nowhere/empty"), empty)));
    DefinitionCoverage.Item run = item(c, "status.running.0.byConditions.0");
    assertThat(List.of(run.fired(), run.notFired(), run.notReached())).containsExactly(1, 1, 0);
    assertThat(run.covered()).isTrue();
    DefinitionCoverage.Item failed = item(c, "status.failed.0.byConditions.0");
    assertThat(failed.missing()).isEqualTo("never fires (false on 2)");
    assertThat(item(c, "suspend.trainjob.suspendActions").covered()).isFalse();
    assertThat(item(c, "suspend.trainjob.resumeActions").exemptReason()).isEqualTo("demo");
    assertThat(c.missing())
        .extracting(DefinitionCoverage.Item::id)
        .contains("status.failed.0.byConditions.0", "suspend.trainjob.suspendActions");
    assertThat(c.percent()).isLessThan(100.0);
    assertThat(c.table()).contains("NO: never fires (false on 2)");
  }

  private static DefinitionCoverage.Item item(DefinitionCoverage.Result c, String id) {
    return c.items().stream().filter(i -> i.id().equals(id)).findFirst().orElseThrow();
  }

  @Test
  void roundTripIsCleanOnAWritableDefinitionAndNeverModifiesItsInput() {
    JsonNode object = yaml(OBJECT);
    JsonNode before = object.deepCopy();
    RoundTrip.Result r = new RoundTrip(WM).run(prepare("{}"), object, "t");
    assertThat(r.checks())
        .extracting(RoundTrip.Check::check)
        .containsExactly("identity", "probe", "suspend-resume");
    assertThat(r.checks())
        .allSatisfy(
            c -> assertThat(c.outcome()).as(c.toString()).isEqualTo(RoundTrip.Outcome.CLEAN));
    assertThat(object).isEqualTo(before);
  }

  /**
   * docs/format.md#write-fallback: a leader that reads {@code leaderTemplate // workerTemplate} on an object with no
   * leader template. The identity write changes nothing (before: leaderTemplate materialised from the worker's), and
   * the probe materialises A with the read value plus its one leaf, which the round trip compares against (before:
   * every leaf of the materialised template was an unexpected change).
   */
  @Test
  void roundTripComparesAProbeThatMaterialisesAFallbackAgainstTheReadValue() {
    String lws = """
        apiVersion: run.ai/v1alpha1
        kind: Karta
        metadata: {name: lws}
        spec:
          structureDefinition:
            rootComponent:
              name: group
              kind: {group: demo.example.com, version: v1, kind: Group}
              statusDefinition:
                phaseDefinition: {path: .status.phase}
                statusMappings:
                  running: [{byPhase: Running}]
            childComponents:
              - name: leader
                ownerRef: group
                specDefinition:
                  podTemplateSpecPath: .spec.leaderTemplate // .spec.workerTemplate
              - name: worker
                ownerRef: group
                specDefinition:
                  podTemplateSpecPath: .spec.workerTemplate
              - name: sidecar
                ownerRef: group
                specDefinition:
                  podTemplateSpecPath: .spec.sidecarTemplate
        """;
    PreparedDefinition d = WM.prepare(WM.loadDefinition(lws, "lws.yaml"));
    JsonNode object = yaml("""
        apiVersion: demo.example.com/v1
        kind: Group
        metadata: {name: g}
        spec:
          workerTemplate:
            metadata: {labels: {role: w}}
            spec:
              containers: [{name: main, image: example/w:1}]
        """);
    RoundTrip.Result r = new RoundTrip(WM).run(d, object, "g");
    assertThat(r.checks())
        .allSatisfy(
            c -> assertThat(c.outcome()).as(c.toString()).isEqualTo(RoundTrip.Outcome.CLEAN));
    RoundTrip.Check probe = r.checks().stream()
        .filter(c -> c.component().equals("leader") && c.check().equals("probe"))
        .findFirst()
        .orElseThrow();
    assertThat(probe.detail())
        .contains(RoundTrip.MATERIALISED + "/spec/leaderTemplate from the value read");
    // an absent template read as {}: the identity write adds no {} (before: /spec/sidecarTemplate)
    assertThat(r.checks())
        .filteredOn(c -> c.component().equals("sidecar"))
        .extracting(RoundTrip.Check::outcome)
        .containsExactly(RoundTrip.Outcome.CLEAN, RoundTrip.Outcome.CLEAN);
  }

  @Test
  void roundTripReportsAProbeThatInstancesShareAndSkipsAComponentWithoutInstances() {
    String shared = """
        apiVersion: run.ai/v1alpha1
        kind: Karta
        metadata: {name: shared}
        spec:
          structureDefinition:
            rootComponent:
              name: svc
              kind: {group: demo.example.com, version: v1, kind: Svc}
              statusDefinition:
                phaseDefinition: {path: .status.phase}
                statusMappings:
                  running: [{byPhase: Running}]
            childComponents:
              - name: worker
                ownerRef: svc
                instanceIdPath: .spec.workers[].name
                specDefinition:
                  fragmentedPodSpecDefinition:
                    schedulerNamePath: .spec.schedulerName
                podSelector:
                  componentInstanceSelector: {idPath: '.metadata.labels["w"]'}
              - name: extra
                ownerRef: svc
                instanceIdPath: .spec.extras[].name
                specDefinition:
                  podTemplateSpecPath: .spec.extras[].template
                podSelector:
                  componentInstanceSelector: {idPath: '.metadata.labels["e"]'}
        """;
    PreparedDefinition d = WM.prepare(WM.loadDefinition(shared, "shared.yaml"));
    JsonNode object = yaml("""
        apiVersion: demo.example.com/v1
        kind: Svc
        metadata: {name: s}
        spec:
          schedulerName: default-scheduler
          workers: [{name: a}, {name: b}]
        """);
    RoundTrip.Result r = new RoundTrip(WM).run(d, object, "s");
    RoundTrip.Check probe = r.checks().stream()
        .filter(c -> c.component().equals("worker") && c.check().equals("probe"))
        .findFirst()
        .orElseThrow();
    assertThat(probe.outcome()).isEqualTo(RoundTrip.Outcome.FINDINGS);
    // two instances, one shared .spec.schedulerName: the SDK refuses the per-instance write
    // (docs/format.md#writes), a
    // finding
    assertThat(probe.findings())
        .singleElement()
        .satisfies(
            f -> assertThat(f).startsWith("write failed: ").contains("array length mismatch"));
    assertThat(r.checks())
        .filteredOn(c -> c.component().equals("extra"))
        .allSatisfy(c -> assertThat(c.outcome()).isEqualTo(RoundTrip.Outcome.SKIPPED));
  }

  @Test
  void predictionsCompareOnlyWhatTheyDeclareWithTheReferenceMessages() throws Exception {
    Prediction.Observation observed = Prediction.observe(WM.resolve(prepare("{}"), yaml(OBJECT)));
    assertThat(observed.components()).singleElement().satisfies(row -> {
      assertThat(row.key()).isEqualTo("trainjob");
      assertThat(row.replicas()).isEqualTo(2);
      assertThat(row.containers()).containsExactly("trainer");
    });
    Prediction.Observation predicted =
        Prediction.parse(new YamlReader().readAll("""
        status: [Running]
        components:
        - key: trainjob
          replicas: 3
        - key: nothing
        """, "p.yaml").get(0));
    assertThat(Prediction.compare(predicted, observed))
        .containsExactly(
            "status: predicted Running, extracted Initializing",
            "trainjob replicas: predicted 3, extracted 2",
            "nothing: predicted but not extracted; extracted keys are trainjob");
    assertThat(Prediction.warnings(observed)).isEmpty();
    Prediction.Observation undefined = Prediction.observe(WM.resolve(
        prepare("{}"),
        yaml(OBJECT.replace(
            "metadata:", "status: {conditions: [{type: Failed, status: \"False\"}]}\nmetadata:"))));
    assertThat(Prediction.warnings(undefined))
        .containsExactly("status is unresolved: no rule in statusDefinition matched this object");
    Prediction.Observation again = Prediction.parse(
        new YamlReader().readAll(Prediction.dump(observed), "d.yaml").get(0));
    assertThat(Prediction.compare(again, observed)).isEmpty();
    assertThat(new ObjectMapper().writeValueAsString(again.status()))
        .isEqualTo("[\"Initializing\"]");
  }
}
