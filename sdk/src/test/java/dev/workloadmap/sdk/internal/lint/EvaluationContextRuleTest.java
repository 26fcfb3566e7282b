package dev.workloadmap.sdk.internal.lint;

import static dev.workloadmap.sdk.TestDefinitions.load;
import static dev.workloadmap.sdk.internal.lint.JqLintRuleTest.at;
import static org.assertj.core.api.Assertions.assertThat;

import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.internal.jqast.JqParser;
import dev.workloadmap.sdk.internal.validation.DefinitionValidator;
import dev.workloadmap.sdk.jq.Jq;
import dev.workloadmap.sdk.validation.Finding;
import dev.workloadmap.sdk.validation.Severity;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The evaluation-context rules (issue 3, docs/format.md#path-sides) through the validator with the rule plugged in, on
 * definitions read from YAML: rule id, severity and the exact line and column of the offending field name.
 */
class EvaluationContextRuleTest {

  static final DefinitionValidator VALIDATOR =
      new DefinitionValidator(Jq.defaultEngine()).withRule(new EvaluationContextRule());

  /** A valid JobSet-like definition with the given root podSelector keyPath and instanceIdPath of the child. */
  static String jobset(String keyPath, String instanceIdPath, String replicasPath) {
    return """
        apiVersion: run.ai/v1alpha1
        kind: Karta
        metadata:
          name: test
        spec:
          structureDefinition:
            rootComponent:
              name: jobset
              kind: {group: jobset.x-k8s.io, version: v1alpha2, kind: JobSet}
              statusDefinition: {statusMappings: {running: [{byPhase: Running}]}}
            childComponents:
              - name: job
                ownerRef: jobset
                kind: {group: batch, version: v1, kind: Job}
                instanceIdPath: '%s'
                specDefinition: {podTemplateSpecPath: '.spec.replicatedJobs[].template.spec.template'}
                scaleDefinition:
                  replicasPath: '%s'
                podSelector:
                  componentTypeSelector:
                    keyPath: '%s'
                  componentInstanceSelector:
                    idPath: '.metadata.labels["jobset.sigs.k8s.io/replicatedjob-name"]'
        """.formatted(instanceIdPath, replicasPath, keyPath);
  }

  static List<Finding> findings(String yaml) {
    return VALIDATOR.validate(load(yaml)).findings();
  }

  static void assertSingle(
      String yaml, String ruleId, String needleAfter, String needle, String messagePart) {
    List<Finding> findings = findings(yaml);
    assertThat(findings).as("%s", findings).singleElement().satisfies(f -> {
      assertThat(f.ruleId()).isEqualTo(ruleId);
      assertThat(f.severity()).isEqualTo(Severity.WARNING);
      assertThat(f.message()).contains(messagePart);
      assertThat(new int[] {f.location().line(), f.location().column()})
          .as(f.format())
          .containsExactly(at(yaml, needleAfter, needle));
    });
  }

  static final String OK_KEY = ".metadata.labels[\"jobset.sigs.k8s.io/replicatedjob-name\"]";
  static final String OK_ID = ".spec.replicatedJobs[].name";
  static final String OK_REPLICAS = ".spec.replicatedJobs[].replicas";

  @Test
  void podAndWorkloadPathsOnTheirOwnSide_areClean() {
    assertThat(findings(jobset(OK_KEY, OK_ID, OK_REPLICAS))).isEmpty();
  }

  @Test
  void podSideReadingReplicatedJobs_pointsAtTheFieldName() {
    String yaml = jobset(".spec.replicatedJobs[0].name", OK_ID, OK_REPLICAS);
    assertSingle(
        yaml,
        EvaluationContextRule.POD_SIDE_READS_WORKLOAD,
        "keyPath:",
        "replicatedJobs",
        "is evaluated on a pod but reads .spec.replicatedJobs, which is not a PodSpec field");
  }

  @Test
  void podSideReadingTemplateBehindAnAlternative_isFound() {
    String yaml =
        jobset(".metadata.labels.x // .spec.template.metadata.labels.x", OK_ID, OK_REPLICAS);
    assertSingle(
        yaml,
        EvaluationContextRule.POD_SIDE_READS_WORKLOAD,
        "keyPath:",
        "template",
        ".spec.template");
  }

  @Test
  void podSideReadingWorkloadStatus_isFound() {
    String yaml = jobset(".status.readyReplicas", OK_ID, OK_REPLICAS);
    assertSingle(
        yaml,
        EvaluationContextRule.POD_SIDE_READS_WORKLOAD,
        "keyPath:",
        "readyReplicas",
        "not a PodStatus field");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        ".spec.nodeName",
        ".spec.containers[0].image",
        ".status.phase",
        ".status.conditions[]?.type",
        ".metadata.ownerReferences[0].name",
        "[.metadata.ownerReferences[]? | select(.kind == \"Job\") | .uid][0]",
        ".spec | .schedulerName",
        "$__prog_args | .spec.replicatedJobs",
        ".spec[\"priorityClassName\"]"
      })
  void podSideReadingPodFields_isClean(String keyPath) {
    assertThat(findings(jobset(keyPath, OK_ID, OK_REPLICAS)))
        .filteredOn(f -> f.ruleId().startsWith("lint."))
        .isEmpty();
  }

  @Test
  void workloadSideReadingContainersAtTheRoot_pointsAtTheFieldName() {
    String yaml = jobset(OK_KEY, OK_ID, ".spec.containers | length");
    assertSingle(
        yaml,
        EvaluationContextRule.WORKLOAD_SIDE_READS_POD,
        "replicasPath:",
        "containers",
        "reads .spec.containers, a pod field that a JobSet does not have at its root");
  }

  @Test
  void workloadMapRunsTheRule() {
    String yaml = jobset(".spec.replicatedJobs[0].name", OK_ID, ".spec.containers | length");
    List<Finding> findings =
        WorkloadMap.create().read(yaml, "test.yaml").get(0).report().findings();
    assertThat(findings)
        .extracting(Finding::ruleId)
        .containsExactly(
            EvaluationContextRule.WORKLOAD_SIDE_READS_POD,
            EvaluationContextRule.POD_SIDE_READS_WORKLOAD);
  }

  @Test
  void instanceIdFromOwnerReferences_isFound() {
    String yaml = jobset(OK_KEY, ".metadata.ownerReferences[].name", OK_REPLICAS);
    assertSingle(
        yaml,
        EvaluationContextRule.WORKLOAD_SIDE_READS_POD,
        "instanceIdPath:",
        "ownerReferences",
        ".metadata.ownerReferences");
  }

  @Test
  void workloadSideReadingContainersInsideTheTemplate_isClean() {
    String yaml = jobset(
        OK_KEY, OK_ID, ".spec.replicatedJobs[].template.spec.template.spec.containers | length");
    assertThat(findings(yaml)).isEmpty();
  }

  @Test
  void podRootKind_mayReadPodFieldsOnTheWorkloadSide() {
    String yaml = """
        apiVersion: run.ai/v1alpha1
        kind: Karta
        metadata: {name: pod}
        spec:
          structureDefinition:
            rootComponent:
              name: pod
              kind: {group: "", version: v1, kind: Pod}
              specDefinition: {podTemplateSpecPath: .}
              scaleDefinition: {replicasPath: '.spec.containers | length'}
              statusDefinition: {phaseDefinition: {path: .status.phase}, statusMappings: {running: [{byPhase: Running}]}}
        """;
    assertThat(findings(yaml)).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiterString = "=>",
      value = {
        ".a.b                                => .a .a.b",
        ".a[\"b\"][]                         => .a .a.b .a.b[]",
        ".a | .b, .c                         => .a .a.b .a.c",
        ".a // .b | select(.c) | .d          => .a .b .a.c .b.c .a.d .b.d",
        "map(.x)                             => [].x",
        ".a | map(.x)                        => .a .a[].x",
        ".a as $v | $v.b | .c                => .a",
        "reduce .a[] as $x (0; . + .n)       => .a .a[]",
        "def f: .z; .a | f                   => .a",
        "if .a then .b else .c end | .d      => .a .b .c .b.d .c.d",
        "{k: .a.b} | .k                      => .a .a.b",
        "\"\\(.a)\" | .b                     => .a",
        "[.a[]?] | first                     => .a .a[]",
        ".a | to_entries[] | .key            => .a",
        ".a | with_entries(.value.b)         => .a",
        ".a | until(.b; .c)                  => .a"
      })
  void fieldReads_followPathsFromTheInputOnly(String expression, String expected) {
    List<String> reads = FieldReads.of(JqParser.parse(expression.strip())).stream()
        .map(p -> p.text(p.steps().size()))
        .toList();
    List<String> want =
        expected.isBlank() ? List.of() : List.of(expected.strip().split(" "));
    assertThat(reads).containsExactlyInAnyOrderElementsOf(want);
  }
}
