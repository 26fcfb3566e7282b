package dev.workloadmap.schema;

import static dev.workloadmap.schema.Definitions.read;
import static dev.workloadmap.schema.Definitions.remove;
import static dev.workloadmap.schema.Definitions.rename;
import static dev.workloadmap.schema.Definitions.set;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.schema.SchemaViolation.Kind;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Each broken definition gives exactly the expected violations: pointer, keyword, message, kind and suggestion.
 * Most cases start from a good definition and break one thing, so the expected list is the whole result.
 */
class BadDefinitionsTest {

  private static final String ROOT = "/spec/structureDefinition/rootComponent";
  private static final String CHILD = "/spec/structureDefinition/childComponents/0";
  private static final String GANG = "/spec/optimizationInstructions/gangScheduling";

  static List<SchemaViolation> validate(JsonNode doc) {
    return SchemaValidator.getInstance().validate(doc);
  }

  static SchemaViolation error(String pointer, String keyword, String message) {
    return new SchemaViolation(pointer, keyword, message, Kind.ERROR, null);
  }

  static SchemaViolation unknown(String pointer, String message, String suggestion) {
    return new SchemaViolation(
        pointer, "additionalProperties", message, Kind.UNKNOWN_FIELD, suggestion);
  }

  static ObjectNode jobset() {
    return read("good/current-jobset.yaml");
  }

  static ObjectNode legacy() {
    return read("good/legacy-resourceinterface.yaml");
  }

  @Nested
  class UnknownFields {

    @Test
    void typoAtNestedDepthSuggestsTheClosestKnownField() {
      ObjectNode doc =
          rename(jobset(), CHILD + "/specDefinition/podTemplateSpecPath", "podTemplateSpecPth");
      assertThat(validate(doc))
          .containsExactly(unknown(
              CHILD + "/specDefinition/podTemplateSpecPth",
              "unknown field \"podTemplateSpecPth\"; did you mean \"podTemplateSpecPath\"?",
              "podTemplateSpecPath"));
    }

    @Test
    void unknownStatusMappingKeyProgressingListsTheStatuses() {
      ObjectNode doc = set(
          jobset(), ROOT + "/statusDefinition/statusMappings/progressing", "[{byPhase: Running}]");
      assertThat(validate(doc))
          .containsExactly(unknown(
              ROOT + "/statusDefinition/statusMappings/progressing",
              "unknown field \"progressing\"; the fields allowed here are initializing, running, completed, failed,"
                  + " degraded, suspended, suspending, resuming",
              null));
    }

    @Test
    void ownerNameIsNotPartOfTheFormat() {
      // not a field (docs/format.md#not-format); the project's one suggester (shared with the SDK's
      // loader) points at
      // ownerRef
      ObjectNode doc = rename(jobset(), CHILD + "/ownerRef", "ownerName");
      assertThat(validate(doc))
          .containsExactly(unknown(
              CHILD + "/ownerName",
              "unknown field \"ownerName\"; did you mean \"ownerRef\"?",
              "ownerRef"));
    }

    @Test
    void fieldWithoutPathSuffixSuggestsThePathField() {
      ObjectNode doc = rename(jobset(), CHILD + "/scaleDefinition/replicasPath", "replicas");
      assertThat(validate(doc)).singleElement().satisfies(v -> {
        assertThat(v.pointer()).isEqualTo(CHILD + "/scaleDefinition/replicas");
        assertThat(v.suggestion()).isEqualTo("replicasPath");
        assertThat(v.isUnknownField()).isTrue();
      });
    }

    @Test
    void metadataRejectsFieldsThatAreNotObjectMeta() {
      ObjectNode doc = rename(jobset(), "/metadata/name", "nmae");
      assertThat(validate(doc))
          .containsExactly(
              error("/metadata", "required", "missing required field \"name\""),
              unknown("/metadata/nmae", "unknown field \"nmae\"; did you mean \"name\"?", "name"));
    }

    @Test
    void topLevelUnknownFieldIsReported() {
      ObjectNode doc = set(jobset(), "/specs", "{}");
      assertThat(validate(doc))
          .containsExactly(
              unknown("/specs", "unknown field \"specs\"; did you mean \"spec\"?", "spec"));
    }

    @Test
    void statusAndMetadataSubObjectsStayOpen() {
      ObjectNode doc = set(jobset(), "/status", "{observedGeneration: 2, anything: {goes: here}}");
      set(
          doc,
          "/metadata/ownerReferences",
          "[{apiVersion: v1, kind: ConfigMap, name: x, uid: y, extra: 1}]");
      assertThat(validate(doc)).isEmpty();
    }
  }

  @Nested
  class Types {

    @Test
    void numberWhereAJqPathBelongs() {
      ObjectNode doc = set(jobset(), CHILD + "/scaleDefinition/replicasPath", "3");
      assertThat(validate(doc))
          .containsExactly(error(
              CHILD + "/scaleDefinition/replicasPath",
              "type",
              "\"replicasPath\" must be a string, got a number"));
    }

    @Test
    void yaml11BooleanWhereAStringValueBelongs() {
      ObjectNode doc = set(jobset(), ROOT + "/suspendDefinition/suspendActions/0/value", "yes");
      assertThat(validate(doc))
          .containsExactly(error(
              ROOT + "/suspendDefinition/suspendActions/0/value",
              "type",
              "\"value\" must be a string, got a boolean"));
    }

    @Test
    void stringWhereAComponentObjectBelongs() {
      ObjectNode doc = set(jobset(), ROOT, "jobset");
      assertThat(validate(doc))
          .containsExactly(
              error(ROOT, "type", "\"rootComponent\" must be an object, got a string"));
    }

    @Test
    void arrayItemOfTheWrongTypeIsNamedWithItsIndex() {
      ObjectNode doc = set(jobset(), GANG + "/podGroups/0/members/0/groupByKeyPaths/1", "7");
      assertThat(validate(doc))
          .containsExactly(error(
              GANG + "/podGroups/0/members/0/groupByKeyPaths/1",
              "type",
              "\"groupByKeyPaths[1]\" must be a string, got a number"));
    }

    @Test
    void matchLabelsValueMustBeAStringAndTheLabelKeyIsEscapedInThePointer() {
      ObjectNode doc = set(
          jobset(),
          CHILD + "/podSelector/componentTypeSelector/matchLabels",
          "{app.kubernetes.io/name: 1}");
      assertThat(validate(doc))
          .containsExactly(error(
              CHILD + "/podSelector/componentTypeSelector/matchLabels/app.kubernetes.io~1name",
              "type",
              "\"app.kubernetes.io/name\" must be a string, got a number"));
    }

    @Test
    void documentThatIsNotAnObject() {
      assertThat(validate(Definitions.yaml("[a, b]")))
          .containsExactly(error("", "type", "The document must be an object, got an array"));
    }

    @Test
    void creationTimestampMayBeNullAsKubectlPrintsIt() {
      ObjectNode doc = set(jobset(), "/metadata/creationTimestamp", "null");
      assertThat(validate(doc)).isEmpty();
      set(doc, "/metadata/generation", "one");
      assertThat(validate(doc))
          .containsExactly(error(
              "/metadata/generation", "type", "\"generation\" must be an integer, got a string"));
    }
  }

  @Nested
  class RequiredFields {

    @Test
    void componentName() {
      ObjectNode doc = remove(jobset(), CHILD + "/name");
      assertThat(validate(doc))
          .containsExactly(error(CHILD, "required", "missing required field \"name\""));
    }

    @Test
    void metadataNameAndMetadataAndSpec() {
      assertThat(validate(remove(jobset(), "/metadata/name")))
          .containsExactly(error("/metadata", "required", "missing required field \"name\""));
      assertThat(validate(remove(remove(jobset(), "/metadata"), "/spec")))
          .containsExactly(
              error("", "required", "missing required field \"metadata\""),
              error("", "required", "missing required field \"spec\""));
    }

    @Test
    void structureDefinitionAndRootComponent() {
      assertThat(validate(remove(jobset(), "/spec/structureDefinition")))
          .containsExactly(
              error("/spec", "required", "missing required field \"structureDefinition\""));
      assertThat(validate(remove(jobset(), ROOT)))
          .containsExactly(error(
              "/spec/structureDefinition", "required", "missing required field \"rootComponent\""));
    }

    @Test
    void statusMappingsPhasePathAndConditionsPath() {
      ObjectNode doc = remove(jobset(), ROOT + "/statusDefinition/statusMappings");
      set(doc, ROOT + "/statusDefinition/phaseDefinition", "{}");
      remove(doc, ROOT + "/statusDefinition/conditionsDefinition/path");
      assertThat(validate(doc))
          .containsExactly(
              error(
                  ROOT + "/statusDefinition",
                  "required",
                  "missing required field \"statusMappings\""),
              error(
                  ROOT + "/statusDefinition/conditionsDefinition",
                  "required",
                  "missing required field \"path\""),
              error(
                  ROOT + "/statusDefinition/phaseDefinition",
                  "required",
                  "missing required field \"path\""));
    }

    @Test
    void conditionTypeAndExpressionParts() {
      String mappings = ROOT + "/statusDefinition/statusMappings";
      ObjectNode doc = remove(jobset(), mappings + "/completed/0/byConditions/0/type");
      remove(doc, mappings + "/initializing/0/byExpression/expectedResult");
      remove(doc, mappings + "/running/0/byExpression/expression");
      assertThat(validate(doc))
          .containsExactly(
              error(
                  mappings + "/initializing/0/byExpression",
                  "required",
                  "missing required field \"expectedResult\""),
              error(
                  mappings + "/running/0/byExpression",
                  "required",
                  "missing required field \"expression\""),
              error(
                  mappings + "/completed/0/byConditions/0",
                  "required",
                  "missing required field \"type\""));
    }

    @Test
    void suspendAndResumeActionPathAndValue() {
      ObjectNode doc = remove(jobset(), ROOT + "/suspendDefinition/suspendActions/0/path");
      remove(doc, ROOT + "/suspendDefinition/resumeActions/0/value");
      assertThat(validate(doc))
          .containsExactly(
              error(
                  ROOT + "/suspendDefinition/suspendActions/0",
                  "required",
                  "missing required field \"path\""),
              error(
                  ROOT + "/suspendDefinition/resumeActions/0",
                  "required",
                  "missing required field \"value\""));
    }

    @Test
    void suspendDefinitionNeedsBothLists() {
      ObjectNode doc = remove(jobset(), ROOT + "/suspendDefinition/resumeActions");
      assertThat(validate(doc))
          .containsExactly(error(
              ROOT + "/suspendDefinition", "required", "missing required field \"resumeActions\""));
    }

    @Test
    void selectorsIdPathAndReplicaKeyPath() {
      ObjectNode doc = set(jobset(), CHILD + "/podSelector/componentInstanceSelector", "{}");
      set(doc, CHILD + "/podSelector/replicaSelector", "{}");
      assertThat(validate(doc))
          .containsExactly(
              error(
                  CHILD + "/podSelector/componentInstanceSelector",
                  "required",
                  "missing required field \"idPath\""),
              error(
                  CHILD + "/podSelector/replicaSelector",
                  "required",
                  "missing required field \"keyPath\""));
    }

    @Test
    void additionalChildKindsNeedGroupVersionAndKindButGroupMayBeEmpty() {
      ObjectNode doc = set(
          jobset(),
          "/spec/structureDefinition/additionalChildKinds",
          "[{group: '', version: v1, kind: Service}, {version: v1, kind: ConfigMap}]");
      assertThat(validate(doc))
          .containsExactly(error(
              "/spec/structureDefinition/additionalChildKinds/1",
              "required",
              "missing required field \"group\""));
    }

    @Test
    void podGroupsNameMembersAndMemberComponentName() {
      ObjectNode doc = set(jobset(), GANG + "/podGroups/1", "{name: extra}");
      remove(doc, GANG + "/podGroups/0/members/0/componentName");
      assertThat(validate(doc))
          .containsExactly(
              error(
                  GANG + "/podGroups/0/members/0",
                  "required",
                  "missing required field \"componentName\""),
              error(GANG + "/podGroups/1", "required", "missing required field \"members\""));
    }

    @Test
    void podGroupNameSubGroupComponentNameAndTopologyFields() {
      ObjectNode doc = read("good/current-leaderworkerset-podgroup.yaml");
      String podGroup = GANG + "/podGroup";
      remove(doc, podGroup + "/name");
      remove(doc, podGroup + "/topology/requiredTopologyLevel");
      remove(doc, podGroup + "/subGroups/0/componentName");
      set(doc, podGroup + "/subGroups/1/topology", "{topologyName: gpu-cluster}");
      assertThat(validate(doc))
          .containsExactly(
              error(podGroup, "required", "missing required field \"name\""),
              error(
                  podGroup + "/topology",
                  "required",
                  "missing required field \"requiredTopologyLevel\""),
              error(
                  podGroup + "/subGroups/0",
                  "required",
                  "missing required field \"componentName\""),
              error(
                  podGroup + "/subGroups/1/topology",
                  "required",
                  "missing required field \"preferredTopologyLevel\""),
              error(
                  podGroup + "/subGroups/1/topology",
                  "required",
                  "missing required field \"requiredTopologyLevel\""));
    }
  }

  @Nested
  class CurrentFormRules {

    private static final String SELECTOR = CHILD + "/podSelector/componentTypeSelector";

    @Test
    void emptySuspendActions() {
      ObjectNode doc = set(jobset(), ROOT + "/suspendDefinition/suspendActions", "[]");
      assertThat(validate(doc))
          .containsExactly(error(
              ROOT + "/suspendDefinition/suspendActions",
              "minItems",
              "\"suspendActions\" must have at least 1 item"));
    }

    @Test
    void selectorValueWithoutKeyPath() {
      ObjectNode doc = set(jobset(), SELECTOR, "{value: worker, matchLabels: {app: trainer}}");
      assertThat(validate(doc))
          .containsExactly(error(SELECTOR, "dependentRequired", "value requires keyPath"));
    }

    @Test
    void selectorWithNeitherKeyPathNorMatchLabels() {
      ObjectNode doc = set(jobset(), SELECTOR, "{}");
      assertThat(validate(doc))
          .containsExactly(
              error(SELECTOR, "anyOf", "at least one of keyPath or matchLabels must be set"));
    }

    @Test
    void selectorWithOnlyValueBreaksBothRules() {
      ObjectNode doc = set(jobset(), SELECTOR, "{value: worker}");
      assertThat(validate(doc))
          .containsExactly(
              error(SELECTOR, "anyOf", "at least one of keyPath or matchLabels must be set"),
              error(SELECTOR, "dependentRequired", "value requires keyPath"));
    }

    @Test
    void emptyMatchLabels() {
      ObjectNode doc = set(jobset(), SELECTOR + "/matchLabels", "{}");
      assertThat(validate(doc))
          .containsExactly(error(
              SELECTOR + "/matchLabels",
              "minProperties",
              "\"matchLabels\" must have at least 1 entry"));
    }

    @Test
    void emptyKeyPath() {
      ObjectNode doc = set(jobset(), SELECTOR + "/keyPath", "''");
      assertThat(validate(doc))
          .containsExactly(
              error(SELECTOR + "/keyPath", "minLength", "\"keyPath\" must not be empty"));
    }

    @Test
    void matchLabelsAloneIsEnough() {
      ObjectNode doc = set(jobset(), SELECTOR, "{matchLabels: {app: trainer, role: worker}}");
      assertThat(validate(doc)).isEmpty();
    }

    @Test
    void metadataNameMustBeADnsSubdomain() {
      ObjectNode doc = set(jobset(), "/metadata/name", "JobSet_v1");
      assertThat(validate(doc))
          .containsExactly(error(
              "/metadata/name",
              "pattern",
              "\"name\" must be a DNS subdomain: lower-case letters, digits, '-' and '.', starting and ending with a"
                  + " letter or digit, got \"JobSet_v1\""));
    }

    @Test
    void metadataNameAtMost253Characters() {
      ObjectNode doc = set(jobset(), "/metadata/name", "a".repeat(254));
      assertThat(validate(doc))
          .containsExactly(error(
              "/metadata/name",
              "maxLength",
              "\"name\" must be at most 253 characters long, got 254"));
    }

    @Test
    void wrongApiVersionOfTheCurrentForm() {
      ObjectNode doc = set(jobset(), "/apiVersion", "run.ai/v1beta1");
      assertThat(validate(doc))
          .containsExactly(error(
              "/apiVersion",
              "const",
              "\"apiVersion\" must be \"run.ai/v1alpha1\", got \"run.ai/v1beta1\""));
    }

    @Test
    void legacyKindWithTheCurrentApiVersionIsCheckedAsCurrent() {
      ObjectNode doc = set(jobset(), "/kind", "ResourceInterface");
      assertThat(SchemaForm.detect(doc)).isEqualTo(SchemaForm.CURRENT);
      assertThat(validate(doc))
          .containsExactly(
              error("/kind", "const", "\"kind\" must be \"Karta\", got \"ResourceInterface\""));
    }
  }

  @Nested
  class ListMapKeysAndSets {

    @Test
    void duplicateChildComponentName() {
      ObjectNode doc = set(
          jobset(),
          "/spec/structureDefinition/childComponents/1",
          "{name: replicatedjob, ownerRef: jobset}");
      assertThat(validate(doc))
          .containsExactly(error(
              "/spec/structureDefinition/childComponents/1",
              "x-kubernetes-list-map-keys",
              "\"childComponents\" already has an entry with name \"replicatedjob\" (item 0); each entry needs a"
                  + " unique name"));
    }

    @Test
    void duplicateAdditionalChildKindAndMemberAndSubGroup() {
      ObjectNode doc = read("good/current-leaderworkerset-podgroup.yaml");
      set(
          doc,
          "/spec/structureDefinition/additionalChildKinds",
          "[{group: '', version: v1, kind: Service}, {group: other.io, version: v2, kind: Service}]");
      set(doc, GANG + "/podGroup/subGroups/1/componentName", "leader");
      set(
          doc,
          GANG + "/podGroups",
          "[{name: g, members: [{componentName: leader}, {componentName: leader}]}]");
      assertThat(validate(doc))
          .containsExactly(
              error(
                  "/spec/structureDefinition/additionalChildKinds/1",
                  "x-kubernetes-list-map-keys",
                  "\"additionalChildKinds\" already has an entry with kind \"Service\" (item 0); each entry needs a"
                      + " unique kind"),
              error(
                  GANG + "/podGroup/subGroups/1",
                  "x-kubernetes-list-map-keys",
                  "\"subGroups\" already has an entry with componentName \"leader\" (item 0); each entry needs a"
                      + " unique componentName"),
              error(
                  GANG + "/podGroups/0/members/1",
                  "x-kubernetes-list-map-keys",
                  "\"members\" already has an entry with componentName \"leader\" (item 0); each entry needs a"
                      + " unique componentName"));
    }

    @Test
    void repeatedFilterInASet() {
      String filters = GANG + "/podGroups/0/members/0/filters";
      ObjectNode doc = set(
          jobset(),
          filters + "/1",
          "'(.spec.containers[0].resources.limits[\"nvidia.com/gpu\"] // 0) != 0'");
      assertThat(validate(doc))
          .containsExactly(
              error(
                  filters,
                  "uniqueItems",
                  "\"filters\" must not repeat an entry: item 1 is the same as item 0"
                      + " (\"(.spec.containers[0].resources.limits[\\\"nvidia.com/gpu\\\"] // 0) != 0\")"));
    }
  }

  @Nested
  class LegacyForm {

    private static final String SELECTOR = CHILD + "/podSelector/componentTypeSelector";

    @Test
    void suspendDefinitionMatchLabelsPodGroupAndSuspendedMappingExistOnlyInTheCurrentForm() {
      ObjectNode doc = legacy();
      set(
          doc,
          ROOT + "/suspendDefinition",
          "{suspendActions: [{path: .spec.runPolicy.suspend, value: 'true'}],"
              + " resumeActions: [{path: .spec.runPolicy.suspend, value: 'false'}]}");
      set(
          doc,
          ROOT + "/statusDefinition/statusMappings/suspended",
          "[{byConditions: [{type: Suspended}]}]");
      set(doc, SELECTOR + "/matchLabels", "{training.kubeflow.org/replica-type: master}");
      set(doc, GANG + "/podGroup", "{name: pytorchjob}");
      String why =
          "\": the legacy ResourceInterface form does not have it; it exists only in the current form"
              + " (apiVersion run.ai/v1alpha1, kind Karta), so move the definition to that form or remove the field";
      assertThat(validate(doc))
          .containsExactly(
              unknown(
                  ROOT + "/statusDefinition/statusMappings/suspended",
                  "unknown field \"suspended" + why,
                  null),
              unknown(ROOT + "/suspendDefinition", "unknown field \"suspendDefinition" + why, null),
              unknown(SELECTOR + "/matchLabels", "unknown field \"matchLabels" + why, null),
              unknown(GANG + "/podGroup", "unknown field \"podGroup" + why, null));
    }

    @Test
    void componentTypeSelectorNeedsKeyPath() {
      ObjectNode doc = remove(legacy(), SELECTOR + "/keyPath");
      assertThat(validate(doc))
          .containsExactly(error(SELECTOR, "required", "missing required field \"keyPath\""));
    }

    @Test
    void unknownMappingKeyListsTheFiveLegacyStatuses() {
      ObjectNode doc = set(legacy(), ROOT + "/statusDefinition/statusMappings/progressing", "[]");
      assertThat(validate(doc))
          .containsExactly(unknown(
              ROOT + "/statusDefinition/statusMappings/progressing",
              "unknown field \"progressing\"; the fields allowed here are initializing, running, completed, failed,"
                  + " degraded",
              null));
    }

    @Test
    void typoSuggestionWorksInTheLegacyFormToo() {
      ObjectNode doc =
          rename(legacy(), CHILD + "/specDefinition/podTemplateSpecPath", "podTemplateSpecPth");
      assertThat(validate(doc))
          .containsExactly(unknown(
              CHILD + "/specDefinition/podTemplateSpecPth",
              "unknown field \"podTemplateSpecPth\"; did you mean \"podTemplateSpecPath\"?",
              "podTemplateSpecPath"));
    }

    @Test
    void kindResourceInterfaceWithoutApiVersionIsCheckedAsLegacy() {
      ObjectNode doc = remove(legacy(), "/apiVersion");
      assertThat(SchemaForm.detect(doc)).isEqualTo(SchemaForm.LEGACY);
      assertThat(validate(doc))
          .containsExactly(error("", "required", "missing required field \"apiVersion\""));
    }
  }

  @Nested
  class Ordering {

    @Test
    void violationsComeInDocumentOrderWhateverTheSchemaOrder() {
      ObjectNode doc = set(jobset(), GANG + "/podGroups/0/members/0/componentName", "1");
      set(doc, CHILD + "/instanceIdPath", "[]");
      set(doc, "/metadata/labels", "{a: {b: c}}");
      rename(doc, ROOT + "/statusDefinition/statusMappings/failed", "failled");
      assertThat(validate(doc))
          .extracting(SchemaViolation::pointer)
          .containsExactly(
              "/metadata/labels/a",
              ROOT + "/statusDefinition/statusMappings/failled",
              CHILD + "/instanceIdPath",
              GANG + "/podGroups/0/members/0/componentName");
    }
  }
}
