package dev.workloadmap.sdk.validation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workloadmap.sdk.WorkloadMap;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 3: every rule a definition can trigger has a failing definition whose finding is asserted by rule id,
 * severity, line and column, and a passing variant (the fix) without that rule. This class covers the rules that
 * had no position test elsewhere (the jq and lint rules are in {@code lint/*Test}, model.unknown-field and
 * schema.minProperties in {@link SchemaCheckTest}, the crd.* rules in {@code CrdPathCheckTest}).
 *
 * <p>The expected position is that of {@code needle}, a text that occurs exactly once in the failing YAML: the key
 * of the offending field; a component or list item where it starts (the first key of a block mapping, the
 * opening brace of a flow mapping; the root component at its key {@code rootComponent}); the exact character inside a
 * jq expression. {@code reference.nil} (a null definition, no source) and the verifier's file-level crd.* and
 * yaml.syntax rules have no position inside a definition and are not listed.
 */
class RulePositionsTest {

  private static final WorkloadMap MAP = WorkloadMap.create();

  /** A clean current-form definition; the root's fields are indented by 6 spaces. */
  private static final String HEAD = """
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
                failed: [{byConditions: [{type: Failed, status: "True"}]}]
      """;

  private static final String LEGACY_HEADER =
      "apiVersion: optimization.nvidia.com/v1alpha1\nkind: ResourceInterface";

  /**
   * One rule: {@code failing} must give exactly one finding of {@code ruleId} at {@code needle}; {@code passing}
   * must give none of it.
   */
  record Case(String ruleId, Severity severity, String failing, String passing, String needle) {
    @Override
    public String toString() {
      return ruleId;
    }
  }

  private static Case error(String ruleId, String failing, String passing, String needle) {
    return new Case(ruleId, Severity.ERROR, failing, passing, needle);
  }

  private static Case warning(String ruleId, String failing, String passing, String needle) {
    return new Case(ruleId, Severity.WARNING, failing, passing, needle);
  }

  /** {@code failing} and its fix, the same text with {@code from} replaced by {@code to}. */
  private static Case fixBy(
      String ruleId, Severity severity, String failing, String from, String to, String needle) {
    assertThat(failing).as("%s: text to fix", ruleId).contains(from);
    return new Case(ruleId, severity, failing, failing.replace(from, to), needle);
  }

  static Stream<Case> cases() {
    String children = HEAD + """
            childComponents:
              - name: worker
                ownerRef: job
                kind: {group: "", version: v1, kind: Pod}
        """;
    String gang = HEAD + "  optimizationInstructions:\n    gangScheduling:\n";
    return Stream.of(
        // ---- reference layer (DefinitionValidator), at the field's key or the component's first
        // key
        fixBy(
            "reference.root-full-kind",
            Severity.ERROR,
            HEAD.replace("kind: {group: batch,", "kind: {group: \"\","),
            "group: \"\"",
            "group: batch",
            "kind: {group: \"\""),
        fixBy(
            "reference.root-no-owner",
            Severity.ERROR,
            HEAD.replace("      name: job\n", "      name: job\n      ownerRef: other\n"),
            "      ownerRef: other\n",
            "",
            "ownerRef: other"),
        new Case(
            "reference.root-status",
            Severity.ERROR,
            HEAD.substring(0, HEAD.indexOf("      statusDefinition:")),
            HEAD,
            "rootComponent:"),
        fixBy(
            "reference.child-owner",
            Severity.ERROR,
            children.replace("        ownerRef: job\n", ""),
            "- name: worker\n",
            "- name: worker\n        ownerRef: job\n",
            "name: worker"),
        fixBy(
            "reference.child-owner-exists",
            Severity.ERROR,
            children.replace("ownerRef: job", "ownerRef: ghost"),
            "ownerRef: ghost",
            "ownerRef: job",
            "ownerRef: ghost"),
        fixBy(
            "reference.component-name",
            Severity.ERROR,
            children.replace("name: worker", "name: \"\""),
            "name: \"\"",
            "name: worker",
            "name: \"\""),
        fixBy(
            "reference.component-name-unique",
            Severity.ERROR,
            children
                + "      - name: worker\n        kind: {group: apps, version: v1, kind: ReplicaSet}\n",
            "name: worker\n        kind: {group: apps",
            "name: replicas\n        kind: {group: apps",
            "name: worker\n        kind: {group: apps"),
        fixBy(
            "reference.single-pod-spec",
            Severity.ERROR,
            HEAD.replace(
                "{podTemplateSpecPath: .spec.template}",
                "{podTemplateSpecPath: .spec.template, podSpecPath: .spec.template.spec}"),
            ", podSpecPath: .spec.template.spec",
            "",
            "specDefinition:"),
        fixBy(
            "reference.instance-selector",
            Severity.ERROR,
            children + "        instanceIdPath: .spec.id\n",
            "        instanceIdPath: .spec.id\n",
            "",
            "instanceIdPath:"),
        fixBy(
            "reference.instance-id-path",
            Severity.ERROR,
            children + """
                podSelector:
                  componentTypeSelector: {keyPath: .metadata.labels.app}
                  componentInstanceSelector: {idPath: .metadata.labels.id}
            """.indent(4),
            "      componentInstanceSelector: {idPath: .metadata.labels.id}\n",
            "",
            "componentInstanceSelector:"),
        fixBy(
            "reference.type-selector-empty",
            Severity.ERROR,
            HEAD + """
                  podSelector:
                    componentTypeSelector: {}
            """,
            "componentTypeSelector: {}",
            "componentTypeSelector: {keyPath: .metadata.labels.app}",
            "componentTypeSelector:"),
        fixBy(
            "reference.type-selector-value",
            Severity.ERROR,
            HEAD + """
                  podSelector:
                    componentTypeSelector: {matchLabels: {app: x}, value: v1}
            """,
            ", value: v1",
            "",
            "value: v1"),
        fixBy(
            "reference.label-syntax",
            Severity.ERROR,
            HEAD + """
                  podSelector:
                    componentTypeSelector: {matchLabels: {app: "not valid!"}}
            """,
            "\"not valid!\"",
            "valid",
            "matchLabels:"),
        fixBy(
            "reference.ownership-cycle",
            Severity.ERROR,
            HEAD + """
                childComponents:
                  - {name: a, ownerRef: b, kind: {group: "", version: v1, kind: Pod}}
                  - {name: b, ownerRef: a, kind: {group: apps, version: v1, kind: ReplicaSet}}
            """,
            "ownerRef: b,",
            "ownerRef: job,",
            "ownerRef: b"),
        fixBy(
            "reference.pod-group-member",
            Severity.ERROR,
            gang
                + "      podGroups:\n        - name: g\n          members:\n            - componentName: ghost\n",
            "componentName: ghost",
            "componentName: job",
            "componentName: ghost"),
        // ---- SDK checks of DefinitionValidator
        fixBy(
            "sdk.pod-group-subgroup",
            Severity.ERROR,
            gang + "      podGroup: {name: g, subGroups: [{componentName: ghost}]}\n",
            "componentName: ghost",
            "componentName: job",
            "componentName: ghost"),
        fixBy(
            "sdk.empty-matcher",
            Severity.WARNING,
            HEAD + "          completed: [{}]\n",
            "[{}]",
            "[{byPhase: Succeeded}]",
            "{}]"),
        fixBy(
            "sdk.additional-kind-is-component",
            Severity.WARNING,
            HEAD
                + "    additionalChildKinds:\n      - group: batch\n        version: v1\n        kind: Job\n",
            "        kind: Job\n",
            "        kind: CronJob\n",
            "group: batch\n"),
        // ---- shape layer (DefinitionLoader, NodeReader)
        fixBy(
            "model.type",
            Severity.ERROR,
            HEAD.replace("{podTemplateSpecPath: .spec.template}", "{podTemplateSpecPath: [a]}"),
            "[a]",
            ".spec.template",
            "podTemplateSpecPath"),
        fixBy(
            "model.required",
            Severity.ERROR,
            HEAD.replace("{path: .status.conditions}", "{typeFieldName: t}"),
            "{typeFieldName: t}",
            "{path: .status.conditions}",
            "conditionsDefinition"),
        fixBy(
            "model.min-items",
            Severity.ERROR,
            HEAD + """
                  suspendDefinition:
                    suspendActions: []
                    resumeActions: [{path: .spec.suspend, value: "false"}]
            """,
            "suspendActions: []",
            "suspendActions: [{path: .spec.suspend, value: \"true\"}]",
            "suspendActions"),
        fixBy(
            "model.quote-value",
            Severity.ERROR,
            HEAD + """
                  podSelector:
                    componentTypeSelector: {keyPath: .metadata.labels.app, value: yes}
            """,
            "value: yes",
            "value: \"yes\"",
            "value: yes"),
        new Case(
            "model.form",
            Severity.ERROR,
            "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\n",
            HEAD,
            "kind: Pod"),
        new Case(
            "model.legacy-form",
            Severity.WARNING,
            HEAD.replace("apiVersion: run.ai/v1alpha1\nkind: Karta", LEGACY_HEADER),
            HEAD,
            "kind: ResourceInterface"),
        fixBy(
            "model.current-form-field",
            Severity.WARNING,
            HEAD.replace("apiVersion: run.ai/v1alpha1\nkind: Karta", LEGACY_HEADER) + """
                  suspendDefinition:
                    suspendActions: [{path: .spec.suspend, value: "true"}]
                    resumeActions: [{path: .spec.suspend, value: "false"}]
            """,
            "suspendDefinition",
            "suspendDefinitionX",
            "suspendDefinition"),
        // ---- schema layer (SchemaCheck)
        fixBy(
            "schema.pattern",
            Severity.ERROR,
            HEAD.replace("name: test", "name: Not_A_Name"),
            "Not_A_Name",
            "test",
            "name: Not_A_Name"),
        fixBy(
            "schema.x-kubernetes-list-map-keys",
            Severity.ERROR,
            HEAD + """
                additionalChildKinds:
                  - {group: apps, version: v1, kind: Deployment}
                  - {group: apps2, version: v1, kind: Deployment}
            """,
            "apps2, version: v1, kind: Deployment",
            "apps2, version: v1, kind: StatefulSet",
            "{group: apps2"),
        fixBy(
            "schema.uniqueItems",
            Severity.ERROR,
            gang
                + "      podGroups:\n        - name: g\n          members:\n            - componentName: job\n"
                + "              filters: [.a, .a]\n",
            "[.a, .a]",
            "[.a, .b]",
            "filters"),
        // ---- jq lint: the exact character inside the expression
        fixBy(
            "jq.as-precedence",
            Severity.ERROR,
            HEAD + "      scaleDefinition:\n        replicasPath: '1 + 3 as $a | $a'\n",
            "'1 + 3 as $a | $a'",
            "'(1 + 3) as $a | $a'",
            "3 as $a"));
  }

  private static List<Finding> findings(String yaml) {
    List<WorkloadMap.Loaded> loaded = MAP.read(yaml, "rules.yaml");
    assertThat(loaded).as("documents").hasSize(1);
    return loaded.get(0).report().findings();
  }

  /** The 1-based {line, column} of {@code needle}, which must occur exactly once in {@code yaml}. */
  private static int[] at(String yaml, String needle) {
    int index = yaml.indexOf(needle);
    assertThat(index).as("%s in the YAML", needle).isNotNegative();
    assertThat(yaml.lastIndexOf(needle)).as("%s occurs once", needle).isEqualTo(index);
    String before = yaml.substring(0, index);
    return new int[] {
      (int) before.chars().filter(c -> c == '\n').count() + 1, index - before.lastIndexOf('\n')
    };
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void failingDefinitionIsReportedAtTheOffendingKey(Case c) {
    List<Finding> all = findings(c.failing());
    List<Finding> mine = all.stream().filter(f -> f.ruleId().equals(c.ruleId())).toList();
    assertThat(mine).as("%s findings among %s", c.ruleId(), all).singleElement().satisfies(f -> {
      assertThat(f.severity()).isEqualTo(c.severity());
      assertThat(f.location().file()).isEqualTo("rules.yaml");
      assertThat(new int[] {f.location().line(), f.location().column()})
          .as(f.format())
          .containsExactly(at(c.failing(), c.needle()));
    });
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void fixedDefinitionHasNoFindingOfTheRule(Case c) {
    assertThat(findings(c.passing()))
        .as("findings of the fixed definition")
        .noneMatch(f -> f.ruleId().equals(c.ruleId()));
  }
}
