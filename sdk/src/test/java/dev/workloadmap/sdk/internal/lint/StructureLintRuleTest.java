package dev.workloadmap.sdk.internal.lint;

import static dev.workloadmap.sdk.TestDefinitions.load;
import static dev.workloadmap.sdk.internal.lint.JqLintRuleTest.at;
import static org.assertj.core.api.Assertions.assertThat;

import dev.workloadmap.sdk.internal.validation.DefinitionValidator;
import dev.workloadmap.sdk.jq.Jq;
import dev.workloadmap.sdk.validation.Finding;
import dev.workloadmap.sdk.validation.Severity;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The structure lint rules (issue 3) through the validator with the rule plugged in, on definitions read from YAML:
 * rule id, severity and the exact line and column of the node.
 */
class StructureLintRuleTest {

  static final DefinitionValidator VALIDATOR =
      new DefinitionValidator(Jq.defaultEngine()).withRule(new StructureLintRule());

  /** A valid Job definition whose statusMappings block is {@code mappings} (indented under statusMappings). */
  static String job(String mappings, String extra) {
    return """
        apiVersion: run.ai/v1alpha1
        kind: Karta
        metadata:
          name: test
        spec:
          structureDefinition:
            rootComponent:
              name: job
              kind: {group: batch, version: v1, kind: Job}
              specDefinition: {podTemplateSpecPath: .spec.template}
              statusDefinition:
                conditionsDefinition: {path: .status.conditions}
                statusMappings:
        %s
        %s""".formatted(mappings.indent(10).stripTrailing(), extra);
  }

  static List<Finding> findings(String yaml) {
    return VALIDATOR.validate(load(yaml)).findings();
  }

  static Finding single(String yaml) {
    List<Finding> f = findings(yaml);
    assertThat(f).as("%s", f).hasSize(1);
    return f.get(0);
  }

  static void assertAt(Finding f, String yaml, String from, String needle) {
    assertThat(new int[] {f.location().line(), f.location().column()})
        .as(f.format())
        .containsExactly(at(yaml, from, needle));
  }

  @Test
  void distinctMatchers_areClean() {
    String yaml = job("""
        completed:
          - byConditions: [{type: Complete, status: "True"}]
          - byConditions: [{type: SuccessCriteriaMet, status: "True"}]
        failed:
          - byConditions: [{type: Failed, status: "True"}]
        """, "");
    assertThat(findings(yaml)).isEmpty();
  }

  @Test
  void repeatedMatcher_isReportedAtTheCopy() {
    String yaml = job("""
        completed:
          - byConditions: [{type: Complete, status: "True"}, {type: X, reason: Done}]
          - byPhase: Succeeded
          - byConditions: [{type: X, reason: Done}, {type: Complete, status: "True"}]
        """, "");
    Finding f = single(yaml);
    assertThat(f.ruleId()).isEqualTo(StructureLintRule.DUPLICATE_MATCHER);
    assertThat(f.severity()).isEqualTo(Severity.WARNING);
    assertThat(f.message())
        .isEqualTo("status matcher completed[2] of component 'job' repeats completed[0]");
    assertAt(f, yaml, "byPhase", "byConditions");
  }

  @Test
  void sameMatcherUnderTwoStatuses_isNotADuplicate() {
    String yaml = job("""
        running:
          - byPhase: Running
        degraded:
          - byPhase: Running
        """, "");
    assertThat(findings(yaml)).isEmpty();
  }

  @Test
  void conditionWithNeitherStatusNorReason_pointsAtTheEntry() {
    String yaml = job("""
        failed:
          - byConditions:
              - {type: Failed, status: "True"}
              - type: Suspended
        """, "");
    Finding f = single(yaml);
    assertThat(f.ruleId()).isEqualTo(StructureLintRule.CONDITION_WITHOUT_STATUS);
    assertThat(f.severity()).isEqualTo(Severity.WARNING);
    assertThat(f.message()).contains("'Suspended'", "matches any status");
    assertAt(f, yaml, "Failed", "type: Suspended");
  }

  @Test
  void conditionWithOnlyAReason_isClean() {
    String yaml = job("""
        failed:
          - byConditions: [{type: Failed, reason: BackoffLimitExceeded}]
        """, "");
    assertThat(findings(yaml)).isEmpty();
  }

  static final String POD_GROUP = """
          optimizationInstructions:
            gangScheduling:
              podGroup:
                name: g
                subGroups: [{componentName: job}]
        """;

  static final String POD_GROUPS = """
          optimizationInstructions:
            gangScheduling:
              podGroups:
                - name: g
                  members:
                    - componentName: job
                      groupByKeyPaths: ['.metadata.labels["batch.kubernetes.io/job-name"]']
        """;

  @Test
  void podGroupForm_isClean() {
    assertThat(findings(job("running: [{byPhase: Running}]", POD_GROUP))).isEmpty();
  }

  @Test
  void podGroupsForm_isAnInfoAtTheList() {
    String yaml = job("running: [{byPhase: Running}]", POD_GROUPS);
    Finding f = single(yaml);
    assertThat(f.ruleId()).isEqualTo(StructureLintRule.DEPRECATED_POD_GROUPS);
    assertThat(f.severity()).isEqualTo(Severity.INFO);
    assertAt(f, yaml, "gangScheduling:", "podGroups:");
  }
}
