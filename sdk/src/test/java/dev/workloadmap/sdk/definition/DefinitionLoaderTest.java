package dev.workloadmap.sdk.definition;

import static dev.workloadmap.sdk.TestDefinitions.karta;
import static dev.workloadmap.sdk.TestDefinitions.load;
import static dev.workloadmap.sdk.TestDefinitions.result;
import static org.assertj.core.api.Assertions.assertThat;

import dev.workloadmap.sdk.TestDefinitions;
import dev.workloadmap.sdk.internal.definition.DefinitionLoader;
import dev.workloadmap.sdk.internal.definition.DefinitionLoader.Mode;
import dev.workloadmap.sdk.validation.Finding;
import dev.workloadmap.sdk.validation.Severity;
import java.util.List;
import org.junit.jupiter.api.Test;

class DefinitionLoaderTest {

  private static final String MINIMAL = karta("""
      rootComponent:
        name: job
        kind: {group: batch, version: v1, kind: Job}
        specDefinition: {podTemplateSpecPath: .spec.template}
        scaleDefinition: {replicasPath: .spec.parallelism // 1}
        statusDefinition:
          conditionsDefinition: {path: .status.conditions}
          statusMappings:
            completed: [{byConditions: [{type: Complete, status: "True"}]}]
            failed: [{byConditions: [{type: Failed, status: "True"}]}]
      """);

  @Test
  void readsTheMinimalCurrentFormDefinition() {
    Definition d = load(MINIMAL);
    assertThat(d.name()).isEqualTo("test");
    assertThat(d.form()).isEqualTo(DefinitionForm.CURRENT);
    assertThat(d.rootGvk()).isEqualTo(new Gvk("batch", "v1", "Job"));
    assertThat(d.slug()).isEqualTo("batch-job-v1");
    ComponentDefinition root = d.rootComponent();
    assertThat(root.hasPodDefinition()).isTrue();
    assertThat(root.scaleDefinition().replicasPath()).isEqualTo(".spec.parallelism // 1");
    assertThat(root.statusDefinition().statusMappings())
        .containsOnlyKeys(WorkloadStatus.COMPLETED, WorkloadStatus.FAILED);
    assertThat(root.pointer()).isEqualTo("/spec/structureDefinition/rootComponent");
  }

  @Test
  void decisionB_conditionFieldNamesGetCrdDefaults() {
    StatusDefinition.ConditionsDefinition c =
        load(MINIMAL).rootComponent().statusDefinition().conditions();
    assertThat(c.typeFieldName()).isEqualTo("type");
    assertThat(c.statusFieldName()).isEqualTo("status");
    assertThat(c.messageFieldName()).isEqualTo("message");
    assertThat(c.reasonFieldName()).isEqualTo("reason");
  }

  @Test
  void decisionA_legacyFormIsMappedWithADeprecationWarningAndCurrentOnlyFieldsIgnored() {
    String legacy = MINIMAL
        .replace(
            "apiVersion: run.ai/v1alpha1\nkind: Karta",
            "apiVersion: optimization.nvidia.com/v1alpha1\nkind: ResourceInterface")
        .replace(
            "failed: [{byConditions: [{type: Failed, status: \"True\"}]}]",
            "failed: [{byConditions: [{type: Failed, status: \"True\"}]}]\n          suspended: [{byPhase: x}]")
        .replace(
            "scaleDefinition:",
            "suspendDefinition: {suspendActions: [{path: .spec.suspend, value: \"true\"}],"
                + " resumeActions: [{path: .spec.suspend, value: \"false\"}]}\n      scaleDefinition:");
    DefinitionLoader.Result r = result(legacy, Mode.STRICT);
    assertThat(r.report().errors()).isEmpty();
    Definition d = r.definition();
    assertThat(d.form()).isEqualTo(DefinitionForm.LEGACY);
    assertThat(d.rootComponent().suspendDefinition()).isNull();
    assertThat(d.rootComponent().statusDefinition().statusMappings())
        .doesNotContainKey(WorkloadStatus.SUSPENDED);
    List<String> warnings = r.report().warnings().stream().map(Finding::message).toList();
    assertThat(warnings).contains("ResourceInterface is deprecated; use run.ai/v1alpha1 Karta");
    assertThat(warnings)
        .anySatisfy(
            w -> assertThat(w).contains("\"suspendDefinition\" exists only in the current form"));
    assertThat(warnings)
        .anySatisfy(w -> assertThat(w).contains("\"suspended\" exists only in the current form"));
  }

  @Test
  void legacyTypeSelectorRequiresKeyPath() {
    String legacy = MINIMAL
        .replace(
            "apiVersion: run.ai/v1alpha1\nkind: Karta",
            "apiVersion: optimization.nvidia.com/v1alpha1\nkind: ResourceInterface")
        .replace(
            "scaleDefinition:",
            "podSelector: {componentTypeSelector: {value: x}}\n      scaleDefinition:");
    assertThat(result(legacy, Mode.STRICT).report().errors())
        .singleElement()
        .satisfies(f -> assertThat(f.message()).isEqualTo("missing required field \"keyPath\""));
  }

  @Test
  void unknownFieldIsAnErrorWithASuggestionInStrictModeAndAWarningInLenientMode() {
    String typo = MINIMAL.replace("podTemplateSpecPath:", "podTemplateSpecPth:");
    DefinitionLoader.Result strict = result(typo, Mode.STRICT);
    assertThat(strict.definition()).isNull();
    Finding f = strict.report().errors().get(0);
    assertThat(f.ruleId()).isEqualTo("model.unknown-field");
    assertThat(f.message())
        .isEqualTo(
            "unknown field \"podTemplateSpecPth\" in specDefinition; did you mean \"podTemplateSpecPath\"?");
    assertThat(f.location().pointer())
        .isEqualTo("/spec/structureDefinition/rootComponent/specDefinition/podTemplateSpecPth");
    assertThat(f.location().line()).isEqualTo(10);

    DefinitionLoader.Result lenient = result(typo, Mode.LENIENT);
    assertThat(lenient.definition()).isNotNull();
    assertThat(lenient.report().warnings())
        .extracting(Finding::ruleId)
        .contains("model.unknown-field");
  }

  @Test
  void progressingMappingAndOwnerNameAreUnknownFields() {
    String yaml = MINIMAL
        .replace("completed:", "progressing: [{byPhase: x}]\n          completed:")
        .replace("name: job\n", "name: job\n      ownerName: x\n");
    List<String> errors = result(yaml, Mode.STRICT).report().errors().stream()
        .map(Finding::message)
        .toList();
    assertThat(errors)
        .anySatisfy(
            m -> assertThat(m).startsWith("unknown field \"progressing\" in statusMappings"))
        .anySatisfy(m -> assertThat(m)
            .startsWith("unknown field \"ownerName\" in a component; did you mean \"ownerRef\""));
  }

  @Test
  void wrongFieldTypesAreAllReportedWithPositions() {
    String yaml = MINIMAL
        .replace("replicasPath: .spec.parallelism // 1", "replicasPath: [1]")
        .replace("kind: {group: batch, version: v1, kind: Job}", "kind: batch/v1/Job");
    DefinitionLoader.Result r = result(yaml, Mode.STRICT);
    assertThat(r.definition()).isNull();
    assertThat(r.report().errors())
        .extracting(Finding::message)
        .containsExactly(
            "\"kind\" must be an object, got a string",
            "\"replicasPath\" must be a string, got a list");
    assertThat(r.report().errors()).extracting(f -> f.location().line()).containsExactly(9, 11);
  }

  @Test
  void fc37_unquotedBooleanInAStringFieldAsksToQuote() {
    String yaml = MINIMAL.replace(
        "scaleDefinition:",
        "podSelector: {componentTypeSelector: {keyPath: '.metadata.labels[\"example.com/role\"]', value: yes}}\n"
            + "      scaleDefinition:");
    DefinitionLoader.Result r = result(yaml, Mode.STRICT);
    Finding f = r.report().errors().get(0);
    assertThat(f.ruleId()).isEqualTo("model.quote-value");
    assertThat(f.message())
        .isEqualTo(
            "\"value\" must be a string, but the unquoted value yes reads as a boolean in YAML 1.1");
    assertThat(f.hint()).isEqualTo("quote this value: \"yes\"");
    String quoted = yaml.replace("value: yes", "value: \"yes\"");
    assertThat(
            load(quoted).rootComponent().podSelector().componentTypeSelector().value())
        .isEqualTo("yes");
  }

  @Test
  void fc40_versionLikeNumberInAStringField() {
    String yaml = MINIMAL.replace("type: Complete, status: \"True\"", "type: 1.10, status: True");
    List<Finding> errors = result(yaml, Mode.STRICT).report().errors();
    assertThat(errors)
        .extracting(Finding::message)
        .containsExactly(
            "\"type\" must be a string, but the unquoted value 1.10 reads as a number in YAML 1.1",
            "\"status\" must be a string, but the unquoted value True reads as a boolean in YAML 1.1");
  }

  @Test
  void missingRequiredFieldsAreReported() {
    String yaml =
        "apiVersion: run.ai/v1alpha1\nkind: Karta\nmetadata: {}\nspec:\n  structureDefinition: {}\n";
    assertThat(result(yaml, Mode.STRICT).report().errors())
        .extracting(Finding::message)
        .containsExactly(
            "missing required field \"name\"", "missing required field \"rootComponent\"");
  }

  @Test
  void notADefinitionIsReported() {
    DefinitionLoader.Result r =
        result("apiVersion: v1\nkind: Pod\nmetadata: {name: x}\n", Mode.STRICT);
    assertThat(r.definition()).isNull();
    assertThat(r.report().errors()).singleElement().satisfies(f -> {
      assertThat(f.message())
          .isEqualTo("not a Workload Map definition: apiVersion \"v1\", kind \"Pod\"");
      assertThat(f.severity()).isEqualTo(Severity.ERROR);
    });
  }

  @Test
  void fixturesLoad() {
    assertThat(load(TestDefinitions.PYFLOW_DEFINITION).childComponents())
        .extracting(ComponentDefinition::name)
        .containsExactly("master", "worker");
    assertThat(load(TestDefinitions.REACTOR_DEFINITION).component("service")).isPresent();
    Definition jg = load(TestDefinitions.JOBGROUP_DEFINITION);
    assertThat(jg.childrenOf("jobgroup")).hasSize(1);
    assertThat(jg.component("job").orElseThrow().hasInstanceIdPath()).isTrue();
  }
}
