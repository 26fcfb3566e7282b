package dev.workloadmap.sdk.validation;

import static dev.workloadmap.sdk.TestDefinitions.karta;
import static dev.workloadmap.sdk.TestDefinitions.load;
import static org.assertj.core.api.Assertions.assertThat;

import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.internal.validation.DefinitionValidator;
import dev.workloadmap.sdk.jq.Jq;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The reference validator's cases (conformance §1 JV and §2 DV), on definitions read from YAML. */
class DefinitionValidatorTest {

  private final DefinitionValidator validator = new DefinitionValidator(Jq.defaultEngine());

  /** DV base: root Deployment with template and replicas, child worker with a pod spec, gang over both. */
  private static String base(String rootExtra, String childExtra, String gang) {
    return karta("""
        rootComponent:
          name: root
          kind: {group: apps, version: v1, kind: Deployment}
          statusDefinition: {statusMappings: {}}
          specDefinition: {podTemplateSpecPath: .spec.template}
          scaleDefinition: {replicasPath: .spec.replicas}
        %s
        childComponents:
          - name: worker
            ownerRef: root
            specDefinition: {podSpecPath: .spec.template.spec}
            scaleDefinition: {replicasPath: .spec.replicas}
        %s
        """.formatted(rootExtra.indent(2), childExtra.indent(4)))
        + "  optimizationInstructions:\n    gangScheduling:\n      podGroups:\n"
        + ("- name: main-group\n  members: [" + gang + "]\n").indent(8);
  }

  /** {@code base} with the root's replicasPath replaced by {@code expr} (written as a double-quoted scalar). */
  private static String rootReplicas(String expr) {
    return base("", "", "{componentName: root}")
        .replaceFirst(
            java.util.regex.Pattern.quote("scaleDefinition: {replicasPath: .spec.replicas}"),
            java.util.regex.Matcher.quoteReplacement(
                "scaleDefinition: {replicasPath: \"" + expr + "\"}"));
  }

  /** {@code yaml} without the lines that contain any of {@code fragments}. */
  private static String withoutLines(String yaml, String... fragments) {
    return yaml.lines()
        .filter(l -> java.util.Arrays.stream(fragments).noneMatch(l::contains))
        .collect(java.util.stream.Collectors.joining("\n", "", "\n"));
  }

  private List<String> errors(String yaml) {
    Definition d = load(yaml);
    return validator.validate(d).errors().stream().map(Finding::message).toList();
  }

  @Test
  void dv02_baseIsValid() {
    assertThat(errors(base("", "", "{componentName: root}, {componentName: worker}")))
        .isEmpty();
  }

  @Test
  void dv01_nilDefinition() {
    assertThat(validator.validate(null).errors())
        .singleElement()
        .satisfies(f -> assertThat(f.message()).isEqualTo("karta is nil"));
  }

  @Test
  void dv03_allStructureAndInstructionErrorsAreJoined() {
    String yaml = withoutLines(
        base("", "", "{componentName: nonexistent}"),
        "kind: {group: apps, version: v1, kind: Deployment}",
        "ownerRef: root");
    assertThat(errors(yaml))
        .anySatisfy(m -> assertThat(m).contains("root component must have full kind"))
        .anySatisfy(m -> assertThat(m).contains("has no owner ref"))
        .anySatisfy(m -> assertThat(m).contains("is not defined"));
  }

  @Test
  void dv04_duplicateNameStopsEverything() {
    String yaml =
        base("", "", "{componentName: nonexistent}").replace("- name: worker", "- name: root");
    assertThat(errors(yaml)).containsExactly("component name root is not unique");
  }

  @Test
  void dv06_emptyGroupOnlyForPod() {
    assertThat(errors(base("", "", "{componentName: root}").replace("group: apps", "group: \"\"")))
        .containsExactly("root component must have full kind (group, version, kind)");
    assertThat(errors(base("", "", "{componentName: root}")
            .replace(
                "{group: apps, version: v1, kind: Deployment}",
                "{group: \"\", version: v1, kind: Pod}")))
        .isEmpty();
  }

  @Test
  void dv07_dv08_rootOwnerAndStatus() {
    assertThat(errors(base("ownerRef: someone", "", "{componentName: root}")))
        .contains("root component cannot have owner ref");
    assertThat(errors(withoutLines(
            base("", "", "{componentName: root}"), "statusDefinition: {statusMappings: {}}")))
        .contains("root component must have status definition");
  }

  @Test
  void dv09_dv10_childOwner() {
    assertThat(errors(
            base("", "", "{componentName: root}").replace("ownerRef: root", "ownerRef: \"\"")))
        .contains("child component 'worker' has no owner ref");
    assertThat(errors(base("", "", "{componentName: root}")
            .replace("ownerRef: root", "ownerRef: nonexistent")))
        .contains("child component 'worker' has owner ref to non-existing component 'nonexistent'");
  }

  private static String children(String... nameOwner) {
    StringBuilder sb = new StringBuilder(karta("""
        rootComponent:
          name: root
          kind: {group: apps, version: v1, kind: Deployment}
          statusDefinition: {statusMappings: {}}
        childComponents:
        """));
    for (int i = 0; i < nameOwner.length; i += 2) {
      sb.append("      - {name: ")
          .append(nameOwner[i])
          .append(", ownerRef: ")
          .append(nameOwner[i + 1])
          .append("}\n");
    }
    return sb.toString();
  }

  @Test
  void dv11_dv12_dv13_cycles() {
    assertThat(errors(children("A", "B", "B", "A")))
        .singleElement()
        .satisfies(m -> assertThat(m).contains("ownership cycle detected"));
    assertThat(errors(children("A", "B", "B", "C", "C", "A")))
        .singleElement()
        .satisfies(m -> assertThat(m).contains("ownership cycle detected"));
    assertThat(errors(children("A", "root", "B", "A"))).isEmpty();
  }

  @Test
  void dv26_dv27_duplicateStopsAndMissingOwnerSkipsCycleCheck() {
    assertThat(errors(children("A", "B", "B", "A", "C", "D", "C", "root")))
        .containsExactly("component name C is not unique");
    assertThat(errors(children("A", "B", "B", "A", "C", "D")))
        .containsExactly("child component 'C' has owner ref to non-existing component 'D'");
  }

  @Test
  void dv15_multiplePodSpecs() {
    String yaml = base("", "", "{componentName: root}")
        .replace(
            "specDefinition: {podSpecPath: .spec.template.spec}",
            "specDefinition: {podSpecPath: .spec.template.spec, podTemplateSpecPath: .spec.template,"
                + " fragmentedPodSpecDefinition: {containersPath: .spec.c}}");
    assertThat(errors(yaml)).contains("component 'worker' has multiple pod spec definitions");
    String withMetadata = base("", "", "{componentName: root}")
        .replace(
            "{podSpecPath: .spec.template.spec}",
            "{podSpecPath: .spec.template.spec, metadataPath: .spec.template.metadata}");
    assertThat(errors(withMetadata)).isEmpty();
  }

  @Test
  void dv16_dv17_dv18_instanceSelectors() {
    assertThat(errors(base("", "instanceIdPath: .spec.names[]", "{componentName: root}")))
        .contains("component 'worker' has instance id path but no pod component instance selector");
    assertThat(errors(base(
            "",
            "podSelector: {componentInstanceSelector: {idPath: .metadata.name}}",
            "{componentName: root}")))
        .contains("component 'worker' has pod component instance selector but no instance id path");
    assertThat(errors(base(
            "",
            "instanceIdPath: .spec.names[]\npodSelector: {componentInstanceSelector: {idPath:"
                + " .metadata.name}}",
            "{componentName: root}")))
        .isEmpty();
  }

  @Test
  void dv19_dv20_gang() {
    assertThat(errors(base("", "", "{componentName: nonexistent}")))
        .containsExactly(
            "pod-group member component 'nonexistent' is not defined (should be a root or child component)");
  }

  @Test
  void subGroupComponentIsCheckedLikeMembers() {
    String yaml = base("", "", "{componentName: root}")
        + "      podGroup: {name: g, subGroups: [{componentName: ghost}]}\n";
    assertThat(errors(yaml))
        .containsExactly(
            "pod-group sub-group component 'ghost' is not defined (should be a root or child component)");
  }

  @Test
  void dv21_dv23_dv24_dv25_expressionsInMatchers() {
    assertThat(errors(base("", "", "{componentName: root}")
            .replace(
                "podTemplateSpecPath: .spec.template", "podTemplateSpecPath: del(.spec.template)")))
        .singleElement()
        .satisfies(
            m -> assertThat(m)
                .contains("del function is not allowed")
                .contains(
                    "'del(.spec.template)' at 'spec.structureDefinition.rootComponent.specDefinition.podTemplateSpecPath'"));
    String mappings = """
        statusDefinition:
          statusMappings:
            running: [{byExpression: {expression: '.status.phase == "Running"', expectedResult: "true"}}]
            failed: [{byExpression: {expression: '.status.phase == "Failed"', expectedResult: "true"}}]
            completed: [{byExpression: {expression: '.status.succeeded > 0', expectedResult: "true"}}]
            degraded: [{byExpression: {expression: 'EXPR', expectedResult: "true"}}]
        """;
    String yaml = base("", "", "{componentName: root}")
        .replace("statusDefinition: {statusMappings: {}}\n", mappings.indent(6).substring(6));
    assertThat(errors(yaml.replace("EXPR", ".status.x"))).isEmpty();
    assertThat(errors(yaml.replace("EXPR", "del(.status)")))
        .singleElement()
        .satisfies(m -> assertThat(m).contains("del function is not allowed"));
    assertThat(errors(yaml.replace("EXPR", ".status.phase == ")))
        .singleElement()
        .satisfies(m -> assertThat(m)
            .startsWith("failed to parse JQ expression '.status.phase == ' at"
                + " 'spec.structureDefinition.rootComponent.statusDefinition.statusMappings.degraded[0].byExpression"
                + ".expression': "));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        ".spec.replicas = 5",
        ".spec.replicas += 1",
        ".spec.replicas -= 1",
        ".spec.replicas *= 2",
        ".spec.replicas /= 2",
        ".spec.replicas %= 3",
        ".spec.replicas //= 1",
        ".spec.replicas |= . + 1",
        ".spec.containers[0] | .image = \\\"new-image\\\""
      })
  void jv15_jv18_modifyingOperators(String expr) {
    String yaml = rootReplicas(expr);
    assertThat(errors(yaml))
        .singleElement()
        .satisfies(m -> assertThat(m).contains("modifying operator"));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "recurse(.children[])",
        "walk(if type == \\\"object\\\" then . else empty end)",
        "paths",
        "range(1000000)",
        "repeat(.)",
        ".spec | recurse | .name",
        "[del(.a)]",
        "{x: del(.a)}",
        "(del(.a))",
        "[.a, (.b | recurse)]",
        "\\\"\\\\(del(.a))\\\"",
        "def f: range(3); [f]",
        ".. | .name",
        "env",
        "$ENV",
        "input",
        "$__loc__",
        "[.[] | debug]",
        "if . then range(2) else 1 end"
      })
  void jv09_jv14_ec03_rejectedConstructsAtAnyDepth(String expr) {
    String yaml = rootReplicas(expr);
    assertThat(errors(yaml))
        .isNotEmpty()
        .allSatisfy(m ->
            assertThat(m).containsAnyOf("failed validation:", "failed to parse JQ expression"));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        ".spec.template | select(.metadata.labels.app == \\\"test\\\")",
        ".spec.containers | map(select(.name == \\\"main\\\")) | .[0]",
        ".range",
        "{range: 1}",
        ".a.paths",
        "\\\"del(.a) is text\\\"",
        ".a == .b",
        ".a != .b",
        ".a <= 1",
        ".a >= 1",
        "[.spec.replicatedJobs[] | (.replicas // 1)]",
        ".spec.x // 1"
      })
  void jv03_jv16_allowedExpressions(String expr) {
    String yaml = rootReplicas(expr);
    assertThat(errors(yaml)).isEmpty();
  }

  @Test
  void jv25_everyFindingIsReported() {
    String yaml = rootReplicas("recurse(.a)")
        .replace("podTemplateSpecPath: .spec.template", "podTemplateSpecPath: del(.a)")
        .replace(
            "specDefinition: {podSpecPath: .spec.template.spec}",
            "specDefinition: {podSpecPath: paths}\n        instanceIdPath: walk(.)\n"
                + "        podSelector: {componentInstanceSelector: {idPath: range(3)}, replicaSelector: {keyPath: repeat(.)}}");
    List<String> errors = errors(yaml);
    assertThat(errors.stream().filter(m -> m.contains("del function is not allowed")))
        .hasSize(1);
    assertThat(errors.stream().filter(m -> m.contains("may produce excessive output")))
        .hasSize(5);
  }

  @Test
  void jv06_jv07_parseErrorsCarryFieldLocation() {
    String yaml = karta("""
        rootComponent:
          name: root
          kind: {group: apps, version: v1, kind: Deployment}
          statusDefinition: {statusMappings: {}}
        childComponents:
          - name: c
            ownerRef: root
            specDefinition: {podTemplateSpecPath: ".spec.template.["}
        """) + """
          optimizationInstructions:
            gangScheduling:
              podGroups:
                - name: g
                  members:
                    - componentName: c
                      groupByKeyPaths: [.metadata.name, ".spec.containers[0"]
        """;
    Definition d = load(yaml);
    List<Finding> errors = validator.validate(d).errors();
    assertThat(errors).hasSize(2);
    assertThat(errors.get(0).message())
        .startsWith("failed to parse JQ expression '.spec.template.[' at"
            + " 'spec.structureDefinition.childComponents[0].specDefinition.podTemplateSpecPath'");
    assertThat(errors.get(0).location().pointer())
        .isEqualTo(
            "/spec/structureDefinition/childComponents/0/specDefinition/podTemplateSpecPath");
    assertThat(errors.get(0).location().line()).isEqualTo(14);
    assertThat(errors.get(1).message())
        .startsWith(
            "failed to parse JQ expression '.spec.containers[0' at"
                + " 'spec.optimizationInstructions.gangScheduling.podGroups[0].members[0].groupByKeyPaths[1]'");
    assertThat(errors.get(1).expression()).isEqualTo(".spec.containers[0");
  }

  @Test
  void dv30_to_dv33_typeSelectorRules() {
    String ok = base("", "podSelector: {componentTypeSelector: SEL}", "{componentName: root}");
    assertThat(errors(ok.replace("SEL", "{keyPath: .metadata.name}"))).isEmpty();
    assertThat(errors(ok.replace("SEL", "{keyPath: .metadata.name, value: x}"))).isEmpty();
    assertThat(errors(ok.replace("SEL", "{matchLabels: {app: pulsar, component: proxy}}")))
        .isEmpty();
    assertThat(errors(ok.replace("SEL", "{keyPath: .a, matchLabels: {app: pulsar}}")))
        .isEmpty();
    assertThat(errors(ok.replace("SEL", "{}")))
        .singleElement()
        .satisfies(m -> assertThat(m).contains("neither keyPath nor matchLabels"));
    assertThat(errors(ok.replace("SEL", "{matchLabels: {}}")))
        .singleElement()
        .satisfies(m -> assertThat(m).contains("neither keyPath nor matchLabels"));
    assertThat(errors(ok.replace("SEL", "{value: x, matchLabels: {app: a}}")))
        .singleElement()
        .satisfies(m -> assertThat(m).contains("value without keyPath"));
    assertThat(errors(ok.replace(
            "SEL", "{matchLabels: {\"app name\": x, example.com/x: \"\", b: \"bad value\"}}")))
        .hasSize(2)
        .satisfies(l -> {
          assertThat(l.get(0)).contains("Invalid value: \"app name\"");
          assertThat(l.get(1)).contains("Invalid value: \"bad value\"");
        });
  }

  @Test
  void emptyMatcherIsAWarning() {
    String yaml = base("", "", "{componentName: root}")
        .replace(
            "statusDefinition: {statusMappings: {}}",
            "statusDefinition: {statusMappings: {running: [{}]}}");
    ValidationReport r = validator.validate(load(yaml));
    assertThat(r.errors()).isEmpty();
    assertThat(r.warnings()).singleElement().satisfies(f -> {
      assertThat(f.ruleId()).isEqualTo("sdk.empty-matcher");
      assertThat(f.message()).contains("always matches");
    });
  }
}
