package dev.workloadmap.schema;

import static dev.workloadmap.schema.BadDefinitionsTest.error;
import static dev.workloadmap.schema.BadDefinitionsTest.unknown;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import org.junit.jupiter.api.Test;

/** Whole broken YAML files under {@code definitions/bad/}, read as an editor or the Maven plugin would read them. */
class BadDefinitionFilesTest {

  private static final String ROOT = "/spec/structureDefinition/rootComponent";
  private static final String WHY =
      "\": the legacy ResourceInterface form does not have it; it exists only in the"
          + " current form (apiVersion run.ai/v1alpha1, kind Karta), so move the definition to that form or remove the"
          + " field";

  @Test
  void legacyDocumentWithCurrentFieldsATypoAndAWrongType() {
    assertThat(SchemaValidator.getInstance()
            .validate(Definitions.read("bad/legacy-with-current-fields.yaml")))
        .containsExactly(
            unknown(
                ROOT + "/specDefinition/podTemplateSpecPth",
                "unknown field \"podTemplateSpecPth\"; did you mean \"podTemplateSpecPath\"?",
                "podTemplateSpecPath"),
            error(
                ROOT + "/scaleDefinition/replicasPath",
                "type",
                "\"replicasPath\" must be a string, got a number"),
            unknown(
                ROOT + "/statusDefinition/statusMappings/suspended",
                "unknown field \"suspended" + WHY,
                null),
            unknown(ROOT + "/suspendDefinition", "unknown field \"suspendDefinition" + WHY, null),
            error(
                ROOT + "/podSelector/componentTypeSelector",
                "required",
                "missing required field \"keyPath\""),
            unknown(
                ROOT + "/podSelector/componentTypeSelector/matchLabels",
                "unknown field \"matchLabels" + WHY,
                null),
            unknown(
                "/spec/optimizationInstructions/gangScheduling/podGroup",
                "unknown field \"podGroup" + WHY,
                null));
  }

  @Test
  void namesFromOlderDesignsAreUnknownFields() {
    assertThat(SchemaValidator.getInstance()
            .validate(Definitions.read("bad/names-from-older-designs.yaml")))
        .allSatisfy(v -> assertThat(v.isUnknownField()).isTrue())
        .extracting(SchemaViolation::pointer, SchemaViolation::suggestion)
        .containsExactly(
            tuple("/spec/structureDefinition/referencedComponents", null),
            tuple(
                "/spec/structureDefinition/childComponents/0/ownerName",
                "ownerRef"), // the one suggester's rule
            tuple(
                "/spec/structureDefinition/childComponents/0/specDefinition/fragmentedPodDefinition",
                "fragmentedPodSpecDefinition"),
            tuple("/spec/optimizationInstructions/topologyAwareness", null));
  }
}
