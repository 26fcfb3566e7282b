package dev.workloadmap.sdk.validation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.internal.definition.DefinitionLoader;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Layer 2 of the pipeline (docs/format.md#validation-layers): the JSON Schema's shape rules reach
 * {@link WorkloadMap#read(String, String)} as positioned findings, and a problem that the shape or reference layer
 * already reports is reported once.
 */
class SchemaCheckTest {

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

  /** {@code block} indented by {@code spaces}: 2 for spec fields, 4 for structureDefinition, 6 for the root. */
  private static String component(int spaces, String block) {
    int min = block
        .lines()
        .filter(l -> !l.isBlank())
        .mapToInt(l -> l.length() - l.stripLeading().length())
        .min()
        .orElse(0);
    return block
        .lines()
        .map(l -> l.isBlank() ? "" : l.substring(min))
        .collect(Collectors.joining("\n", "", "\n"))
        .indent(spaces);
  }

  private static List<Finding> findings(String yaml) {
    return findings(yaml, DefinitionLoader.Mode.STRICT);
  }

  private static List<Finding> findings(String yaml, DefinitionLoader.Mode mode) {
    List<WorkloadMap.Loaded> loaded = WorkloadMap.builder()
        .lenientFields(
            mode == dev.workloadmap.sdk.internal.definition.DefinitionLoader.Mode.LENIENT)
        .build()
        .read(yaml, "k.yaml");
    assertThat(loaded).hasSize(1);
    return loaded.get(0).report().findings();
  }

  @Test
  void cleanDefinitionHasNoSchemaFindings() {
    assertThat(findings(HEAD)).isEmpty();
  }

  @Test
  void emptyMatchLabelsBesideAKeyPathIsASchemaMinPropertiesErrorAtTheField() {
    List<Finding> f = findings(HEAD + component(6, """
            podSelector:
              componentTypeSelector: {keyPath: .metadata.labels.app, matchLabels: {}}
        """));
    assertThat(f)
        .extracting(
            x -> x.ruleId(),
            x -> x.severity(),
            x -> x.location().line(),
            x -> x.location().column(),
            x -> x.location().pointer())
        .containsExactly(
            tuple(
                "schema.minProperties",
                Severity.ERROR,
                16,
                64,
                "/spec/structureDefinition/rootComponent/podSelector/componentTypeSelector/matchLabels"));
    assertThat(f.get(0).hint()).isNotEmpty();
  }

  @Test
  void repeatedAdditionalChildKindIsAListMapKeyError() {
    List<Finding> f = findings(HEAD + component(4, """
          additionalChildKinds:
            - {group: apps, version: v1, kind: Deployment}
            - {group: apps2, version: v1, kind: Deployment}
        """));
    assertThat(f)
        .extracting(Finding::ruleId, x -> x.location().line(), x -> x.location().pointer())
        .containsExactly(tuple(
            "schema.x-kubernetes-list-map-keys",
            17,
            "/spec/structureDefinition/additionalChildKinds/1"));
  }

  @Test
  void repeatedGangFilterIsAUniqueItemsError() {
    List<Finding> f = findings(HEAD + component(2, """
        optimizationInstructions:
          gangScheduling:
            podGroups:
              - name: g
                members:
                  - componentName: job
                    filters: [.a, .a]
        """));
    // besides the info that podGroups is the deprecated form (lint.deprecated-pod-groups)
    assertThat(f)
        .filteredOn(x -> x.severity() != Severity.INFO)
        .extracting(Finding::ruleId, x -> x.location().pointer())
        .containsExactly(tuple(
            "schema.uniqueItems",
            "/spec/optimizationInstructions/gangScheduling/podGroups/0/members/0/filters"));
  }

  @Test
  void unknownFieldInMetadataComesFromTheSchemaWithTheLoadersRuleIdAndModeSeverity() {
    String yaml = HEAD.replace("  name: test\n", "  name: test\n  nmae: x\n");
    assertThat(findings(yaml))
        .extracting(
            Finding::ruleId,
            Finding::severity,
            x -> x.location().line(),
            x -> x.location().column())
        .containsExactly(tuple("model.unknown-field", Severity.ERROR, 5, 3));
    assertThat(findings(yaml, DefinitionLoader.Mode.LENIENT))
        .extracting(Finding::ruleId, Finding::severity)
        .containsExactly(tuple("model.unknown-field", Severity.WARNING));
  }

  @Test
  void metadataNameThatIsNotADnsSubdomainIsASchemaPatternError() {
    assertThat(findings(HEAD.replace("name: test", "name: Not_A_Name")))
        .extracting(Finding::ruleId, x -> x.location().pointer())
        .containsExactly(tuple("schema.pattern", "/metadata/name"));
  }

  // one owner per problem: the shape layer's findings are not repeated by the schema layer

  @Test
  void typoIsReportedOnceByTheShapeLayer() {
    List<Finding> f = findings(HEAD.replace("podTemplateSpecPath", "podTemplateSpecPth"));
    assertThat(f).extracting(Finding::ruleId).containsExactly("model.unknown-field");
    assertThat(f.get(0).message()).contains("did you mean \"podTemplateSpecPath\"");
  }

  @Test
  void missingRequiredFieldIsReportedOnceByTheShapeLayer() {
    List<Finding> f = findings(HEAD.replace("{path: .status.conditions}", "{typeFieldName: t}"));
    assertThat(f).extracting(Finding::ruleId).containsExactly("model.required");
  }

  @Test
  void wrongTypeIsReportedOnceByTheShapeLayer() {
    List<Finding> f = findings(
        HEAD.replace("{podTemplateSpecPath: .spec.template}", "{podTemplateSpecPath: [a]}"));
    assertThat(f).extracting(Finding::ruleId).containsExactly("model.type");
  }

  @Test
  void emptySuspendActionsAreReportedOnceByTheShapeLayer() {
    List<Finding> f = findings(HEAD + component(6, """
            suspendDefinition:
              suspendActions: []
              resumeActions: [{path: .spec.suspend, value: "false"}]
        """));
    assertThat(f).extracting(Finding::ruleId).containsExactly("model.min-items");
  }

  // ... and the reference layer owns the selector rules and duplicate names
  // (docs/format.md#validation-structure
  // messages)

  @Test
  void selectorValueWithoutKeyPathIsReportedOnceByTheReferenceLayer() {
    List<Finding> f = findings(HEAD + component(6, """
            podSelector:
              componentTypeSelector: {matchLabels: {app: x}, value: v1}
        """));
    assertThat(f).extracting(Finding::ruleId).containsExactly("reference.type-selector-value");
  }

  @Test
  void selectorWithNeitherKeyPathNorMatchLabelsIsReportedOnceByTheReferenceLayer() {
    List<Finding> f = findings(HEAD + component(6, """
            podSelector:
              componentTypeSelector: {}
        """));
    assertThat(f).extracting(Finding::ruleId).containsExactly("reference.type-selector-empty");
  }

  @Test
  void duplicateComponentNameIsReportedOnceByTheReferenceLayer() {
    List<Finding> f = findings(HEAD + component(4, """
          childComponents:
            - {name: w, ownerRef: job}
            - {name: w, ownerRef: job}
        """));
    assertThat(f).extracting(Finding::ruleId).containsExactly("reference.component-name-unique");
  }

  @Test
  void legacyDocumentWithACurrentFormFieldGetsOnlyTheShapeLayersWarning() {
    String legacy = HEAD.replace(
            "apiVersion: run.ai/v1alpha1\nkind: Karta",
            "apiVersion: optimization.nvidia.com/v1alpha1\nkind: ResourceInterface")
        + component(6, """
            suspendDefinition:
              suspendActions: [{path: .spec.suspend, value: "true"}]
              resumeActions: [{path: .spec.suspend, value: "false"}]
        """);
    List<Finding> f = findings(legacy);
    assertThat(f)
        .extracting(Finding::ruleId, Finding::severity)
        .containsExactlyInAnyOrder(
            tuple("model.legacy-form", Severity.WARNING),
            tuple("model.current-form-field", Severity.WARNING));
  }

  @Test
  void documentOfAnotherKindIsLeftToTheShapeLayer() {
    List<Finding> f = findings("apiVersion: v1\nkind: Pod\nmetadata: {name: p}\n");
    assertThat(f).extracting(Finding::ruleId).containsExactly("model.form");
  }
}
