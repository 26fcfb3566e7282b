package dev.workloadmap.sdk.internal.crd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workloadmap.sdk.TestDefinitions;
import dev.workloadmap.sdk.crd.CrdSchema;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.definition.Gvk;
import dev.workloadmap.sdk.internal.validation.DefinitionValidator;
import dev.workloadmap.sdk.jq.Jq;
import dev.workloadmap.sdk.validation.Finding;
import dev.workloadmap.sdk.validation.Severity;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The static check of workload-side paths against a small hand-written CRD (src/test/resources/crd/widget.yaml):
 * each check passing and failing, with rule id, line and column of the offending char inside the expression.
 */
class CrdPathCheckTest {

  static final Gvk WIDGET = new Gvk("example.com", "v1", "Widget");
  static final CrdPathCheck CHECK =
      new CrdPathCheck(CrdSchema.fromResource("crd/widget.yaml", WIDGET));

  /**
   * A Widget definition with one child component whose fields are {@code child} (YAML lines at 4 spaces) and root
   * fields {@code root} (at 4 spaces). Each path must be written on one line as a plain scalar.
   */
  static String definition(String root, String child) {
    return """
        apiVersion: run.ai/v1alpha1
        kind: Karta
        metadata:
          name: widget
        spec:
          structureDefinition:
            rootComponent:
              name: widget
              kind: {group: example.com, version: v1, kind: Widget}
        %s
            childComponents:
              - name: part
                kind: {group: "", version: v1, kind: Pod}
                ownerRef: widget
        %s
        """.formatted(root.indent(6).stripTrailing(), child.indent(8).stripTrailing());
  }

  static String child(String fields) {
    return definition("", fields);
  }

  static String root(String fields) {
    return definition(fields, "");
  }

  static List<Finding> check(String yaml) {
    Definition d = TestDefinitions.load(yaml);
    return CHECK.check(d);
  }

  static List<Finding> errors(String yaml) {
    return check(yaml).stream().filter(f -> f.severity() == Severity.ERROR).toList();
  }

  /** The 1-based {line, column} of {@code needle} in {@code yaml}, searching from the first {@code from}. */
  static int[] at(String yaml, String from, String needle) {
    int index = yaml.indexOf(needle, yaml.indexOf(from));
    assertThat(index).as("%s in the YAML", needle).isNotNegative();
    String before = yaml.substring(0, index);
    return new int[] {
      (int) before.chars().filter(c -> c == '\n').count() + 1, index - before.lastIndexOf('\n')
    };
  }

  static void assertError(String yaml, String ruleId, String message, String from, String needle) {
    List<Finding> errors = errors(yaml);
    assertThat(errors).as("%s", errors).singleElement().satisfies(f -> {
      assertThat(f.ruleId()).isEqualTo(ruleId);
      assertThat(f.message()).endsWith(": " + message);
      assertThat(new int[] {f.location().line(), f.location().column()})
          .as(f.format())
          .containsExactly(at(yaml, from, needle));
    });
  }

  static void assertClean(String yaml) {
    assertThat(check(yaml)).as("findings").isEmpty();
  }

  // ---- field existence

  @Test
  void unknownFieldIsReportedAtItsNameWithDidYouMean() {
    String yaml = child("instanceIdPath: .spec.grups[].name");
    assertError(
        yaml,
        CrdPathCheck.UNKNOWN_FIELD,
        "no field grups in Widget v1 spec; did you mean groups?",
        "instanceIdPath",
        "grups");
    assertThat(errors(yaml).get(0).location().pointer())
        .isEqualTo("/spec/structureDefinition/childComponents/0/instanceIdPath");
    assertThat(errors(yaml).get(0).hint()).contains("groups", "replicas", "services");
  }

  @Test
  void unknownFieldInsideArrayItemsNamesTheIteratedPath() {
    assertError(
        child("instanceIdPath: .spec.groups[].nmae"),
        CrdPathCheck.UNKNOWN_FIELD,
        "no field nmae in Widget v1 spec.groups[]; did you mean name?",
        "instanceIdPath",
        "nmae");
    assertClean(child("instanceIdPath: .spec.groups[].name"));
  }

  @Test
  void unknownFieldAtTheTopLevelAndWithoutACloseName() {
    assertError(
        child("instanceIdPath: .sepc.groups[].name"),
        CrdPathCheck.UNKNOWN_FIELD,
        "no field sepc at the top level of Widget v1; did you mean spec?",
        "instanceIdPath",
        "sepc");
    assertError(
        root("scaleDefinition: {replicasPath: .spec.completelyDifferent}"),
        CrdPathCheck.UNKNOWN_FIELD,
        "no field completelyDifferent in Widget v1 spec",
        "replicasPath",
        "completelyDifferent");
  }

  @Test
  void quotedAndBracketFieldNamesArePositionedInsideTheString() {
    String yaml = child("instanceIdPath: '.spec.groups[] | .[\"nme\"]'");
    assertError(
        yaml,
        CrdPathCheck.UNKNOWN_FIELD,
        "no field nme in Widget v1 spec.groups[]; did you mean name?",
        "instanceIdPath",
        "nme");
    assertClean(child("instanceIdPath: '.spec.\"groups\"[] | .[\"name\"]'"));
  }

  @Test
  void statusPathsAreCheckedAgainstTheStatusSchema() {
    assertError(
        root("statusDefinition: {phaseDefinition: {path: .status.phse}, statusMappings: {}}"),
        CrdPathCheck.UNKNOWN_FIELD,
        "no field phse in Widget v1 status; did you mean phase?",
        "path:",
        "phse");
    assertClean(
        root("statusDefinition: {phaseDefinition: {path: .status.phase}, statusMappings: {}}"));
  }

  @Test
  void byExpressionAndSuspendActionPathsAreChecked() {
    String yaml = root("""
        statusDefinition:
          statusMappings:
            running:
              - byExpression: {expression: '.status.conditions | any(.type == "Ready" and .stat == "True")', expectedResult: "true"}
        suspendDefinition:
          suspendActions: [{path: .spec.suspend, value: "true"}]
          resumeActions: [{path: .spec.suspended, value: "false"}]""");
    List<Finding> errors = errors(yaml);
    assertThat(errors)
        .extracting(Finding::message)
        .containsExactly(
            "spec.structureDefinition.rootComponent.statusDefinition.statusMappings.running[0].byExpression.expression:"
                + " no field stat in Widget v1 status.conditions[]; did you mean status?",
            "spec.structureDefinition.rootComponent.suspendDefinition.resumeActions[0].path:"
                + " no field suspended in Widget v1 spec; did you mean suspend?");
    assertThat(
            new int[] {errors.get(0).location().line(), errors.get(0).location().column()})
        .containsExactly(
            at(yaml, "byExpression", ".stat ")[0], at(yaml, "byExpression", ".stat ")[1] + 1);
  }

  @Test
  void topLevelMetadataIsObjectMeta() {
    assertClean(child("instanceIdPath: '.metadata.labels[\"app\"], .metadata.name'"));
    assertError(
        child("instanceIdPath: .metadata.lables.app"),
        CrdPathCheck.UNKNOWN_FIELD,
        "no field lables in Widget v1 metadata; did you mean labels?",
        "instanceIdPath",
        "lables");
  }

  // ---- iteration: arrays, maps, scalars

  @Test
  void mapsIterateOverAdditionalPropertiesAndArraysOverItems() {
    assertClean(child("scaleDefinition: {replicasPath: '.spec.services[].replicas'}"));
    assertClean(child("scaleDefinition: {replicasPath: '.spec.groups[].replicas'}"));
    assertError(
        child("scaleDefinition: {replicasPath: '.spec.services[].replica'}"),
        CrdPathCheck.UNKNOWN_FIELD,
        "no field replica in Widget v1 spec.services[]; did you mean replicas?",
        "replicasPath",
        "replica'");
    // a map's values have a schema even when read by key
    assertClean(child("scaleDefinition: {replicasPath: '.spec.services.head.replicas'}"));
  }

  @Test
  void toEntriesOverAMapGivesKeyAndValue() {
    assertClean(child("instanceIdPath: '.spec.services | to_entries[] | .key'"));
    assertClean(child(
        "scaleDefinition: {replicasPath: '.spec.services | to_entries[] | .value.replicas'}"));
    assertError(
        child("scaleDefinition: {replicasPath: '.spec.services | to_entries[] | .value.replics'}"),
        CrdPathCheck.UNKNOWN_FIELD,
        "no field replics in Widget v1 spec.services[]; did you mean replicas?",
        "replicasPath",
        "replics");
  }

  @Test
  void iteratingAScalarIsAnErrorAtTheBracketUnlessOptional() {
    assertError(
        child("instanceIdPath: '.spec.replicas[] | tostring'"),
        CrdPathCheck.NOT_ITERABLE,
        "cannot iterate over spec.replicas in Widget v1, which is an integer",
        "instanceIdPath",
        "[]");
    assertThat(errors(child("instanceIdPath: '.spec.replicas[]? | tostring'"))).isEmpty();
    assertThat(errors(child("instanceIdPath: 'try (.spec.replicas[] | tostring) catch \"x\"'")))
        .isEmpty();
  }

  @Test
  void readingAFieldOfAnArrayIsATypeMismatch() {
    assertError(
        child("instanceIdPath: .spec.groups.name"),
        CrdPathCheck.TYPE_MISMATCH,
        "cannot read field name of spec.groups in Widget v1, which is an array",
        "instanceIdPath",
        "name");
  }

  @Test
  void indexAndSliceOfAnArray() {
    assertClean(
        child(
            "instanceIdPath: '.spec.groups[0].name, .spec.groups[-1].name, (.spec.groups[1:][] | .name)'"));
    assertError(
        child("instanceIdPath: '.spec.groups[0].nam'"),
        CrdPathCheck.UNKNOWN_FIELD,
        "no field nam in Widget v1 spec.groups[]; did you mean name?",
        "instanceIdPath",
        "nam'");
  }

  // ---- alternatives, filters, bindings

  @Test
  void alternativeOperatorChecksBothSides() {
    assertClean(root("scaleDefinition: {replicasPath: '.spec.replicas // 1'}"));
    assertError(
        root("scaleDefinition: {replicasPath: '.spec.replica // .spec.replicas // 1'}"),
        CrdPathCheck.UNKNOWN_FIELD,
        "no field replica in Widget v1 spec; did you mean replicas?",
        "replicasPath",
        "replica ");
  }

  @Test
  void aFieldOfAUnionIsMissingOnlyWhenNoAlternativeHasIt() {
    assertClean(
        child("specDefinition: {podSpecPath: '(.spec.groups[0] // .spec.services[]) | .podSpec'}"));
    assertError(
        child("specDefinition: {podSpecPath: '(.spec.groups[0] // .spec.services[]) | .podSpek'}"),
        CrdPathCheck.UNKNOWN_FIELD,
        "no field podSpek in Widget v1 spec.groups[]; did you mean podSpec?",
        "podSpecPath",
        "podSpek");
  }

  @Test
  void selectPassesItsInputThroughAndItsConditionIsChecked() {
    assertClean(child(
        "scaleDefinition: {replicasPath: '.spec.groups[] | select(.name == \"a\") | .replicas'}"));
    assertError(
        child(
            "scaleDefinition: {replicasPath: '.spec.groups[] | select(.nam == \"a\") | .replicas'}"),
        CrdPathCheck.UNKNOWN_FIELD,
        "no field nam in Widget v1 spec.groups[]; did you mean name?",
        "replicasPath",
        "nam ");
    assertClean(
        child("scaleDefinition: {replicasPath: '.spec.groups[] | values | objects | .replicas'}"));
  }

  @Test
  void variablesAndLocalDefsCarryTheirSchema() {
    assertError(
        child("instanceIdPath: '.spec as $s | $s.groups[] | .nme'"),
        CrdPathCheck.UNKNOWN_FIELD,
        "no field nme in Widget v1 spec.groups[]; did you mean name?",
        "instanceIdPath",
        "nme");
    assertError(
        child("instanceIdPath: 'def g(f): .spec.groups[] | f; g(.nme)'"),
        CrdPathCheck.UNKNOWN_FIELD,
        "no field nme in Widget v1 spec.groups[]; did you mean name?",
        "instanceIdPath",
        "nme");
    assertClean(child(
        "instanceIdPath: 'def g($x): .spec.groups[] | select(.name == $x) | .name; g(\"a\")'"));
  }

  @Test
  void constructedArraysAndObjectsKeepTheirElementSchemas() {
    assertClean(child("scaleDefinition: {replicasPath: '[.spec.groups[].replicas] | max'}"));
    assertClean(child("instanceIdPath: '{n: .spec.groups[].name} | .n'"));
    assertError(
        child("scaleDefinition: {replicasPath: '[.spec.groups[] | .replics] | add'}"),
        CrdPathCheck.UNKNOWN_FIELD,
        "no field replics in Widget v1 spec.groups[]; did you mean replicas?",
        "replicasPath",
        "replics");
  }

  // ---- schema corners

  @Test
  void intOrStringIsAReplicaValueAndNotAnObject() {
    assertClean(root("scaleDefinition: {replicasPath: .spec.size}"));
    assertError(
        root("scaleDefinition: {replicasPath: .spec.size.value}"),
        CrdPathCheck.TYPE_MISMATCH,
        "cannot read field value of spec.size in Widget v1, which is an int-or-string",
        "replicasPath",
        "value");
  }

  @Test
  void preserveUnknownFieldsIsNotCheckedAndSaysSo() {
    List<Finding> findings =
        check(root("scaleDefinition: {replicasPath: .spec.extra.anything.deep}"));
    assertThat(findings).singleElement().satisfies(f -> {
      assertThat(f.ruleId()).isEqualTo(CrdPathCheck.NOT_CHECKED);
      assertThat(f.severity()).isEqualTo(Severity.INFO);
      assertThat(f.message()).contains("x-kubernetes-preserve-unknown-fields at spec.extra");
    });
  }

  @Test
  void constructsTheInterpreterDoesNotModelAreNotCheckedNeverErrors() {
    for (String expression : List.of(
        "reduce .spec.groups[] as $g (0; . + $g.replicas)",
        "[..] | length",
        "getpath([\"spec\", \"nothing\"])",
        "label $out | .spec.replicas",
        ".spec | with_entries(.value) | .whatever")) {
      List<Finding> findings = check(root("scaleDefinition: {replicasPath: '" + expression + "'}"));
      assertThat(findings).as(expression).singleElement().satisfies(f -> {
        assertThat(f.ruleId()).isEqualTo(CrdPathCheck.NOT_CHECKED);
        assertThat(f.severity()).isEqualTo(Severity.INFO);
        assertThat(f.message()).contains("not checked against Widget v1 past");
      });
    }
  }

  @Test
  void theSourceOfAReduceIsStillChecked() {
    assertError(
        root("scaleDefinition: {replicasPath: 'reduce .spec.grops[] as $g (0; . + 1)'}"),
        CrdPathCheck.UNKNOWN_FIELD,
        "no field grops in Widget v1 spec; did you mean groups?",
        "replicasPath",
        "grops");
  }

  // ---- what each path must end at

  @Test
  void podTemplateSpecPathEndsAtATemplateWithContainers() {
    assertClean(child("specDefinition: {podTemplateSpecPath: '.spec.groups[].template'}"));
    assertError(
        child("specDefinition: {podTemplateSpecPath: '.spec.groups[].template.spec'}"),
        CrdPathCheck.TYPE_MISMATCH,
        "spec.groups[].template.spec in Widget v1 has no field spec (it has containers), so it is not a"
            + " PodTemplateSpec",
        "podTemplateSpecPath",
        "spec'");
    assertError(
        child("specDefinition: {podTemplateSpecPath: '.spec.groups[].name'}"),
        CrdPathCheck.TYPE_MISMATCH,
        "spec.groups[].name in Widget v1 is string, but podTemplateSpecPath must end at an object",
        "podTemplateSpecPath",
        "name'");
  }

  @Test
  void podSpecPathEndsAtAnObjectWithContainers() {
    assertClean(child("specDefinition: {podSpecPath: '.spec.services[].podSpec'}"));
    assertError(
        child("specDefinition: {podSpecPath: '.spec.groups[]'}"),
        CrdPathCheck.TYPE_MISMATCH,
        "spec.groups[] in Widget v1 has no field containers (it has name, replicas, maxReplicas, template), so it"
            + " is not a PodSpec",
        "podSpecPath",
        "[]");
  }

  @Test
  void replicaPathsEndAtNumbers() {
    assertClean(root(
        "scaleDefinition: {replicasPath: '.spec.replicas', minReplicasPath: '.spec.groups[0].replicas',"
            + " maxReplicasPath: '.spec.groups | length'}"));
    assertError(
        root("scaleDefinition: {replicasPath: .spec.suspend}"),
        CrdPathCheck.TYPE_MISMATCH,
        "spec.suspend in Widget v1 is boolean, but a replica path must end at an integer",
        "replicasPath",
        "suspend");
    assertError(
        root("scaleDefinition: {maxReplicasPath: '.spec.replicas > 1'}"),
        CrdPathCheck.TYPE_MISMATCH,
        "the expression yields a boolean, but a replica path must end at an integer",
        "maxReplicasPath",
        "> 1");
  }

  @Test
  void instanceIdPathEndsAtStrings() {
    assertClean(child("instanceIdPath: '.spec.groups[].replicas | tostring'"));
    assertError(
        child("instanceIdPath: .spec.groups[].replicas"),
        CrdPathCheck.TYPE_MISMATCH,
        "spec.groups[].replicas in Widget v1 is integer, but instanceIdPath must end at a string",
        "instanceIdPath",
        "replicas");
  }

  @Test
  void conditionsPathEndsAtAnArrayAndPhasePathAtAString() {
    assertClean(
        root(
            "statusDefinition: {conditionsDefinition: {path: .status.conditions}, statusMappings: {}}"));
    assertError(
        root("statusDefinition: {conditionsDefinition: {path: .status.phase}, statusMappings: {}}"),
        CrdPathCheck.TYPE_MISMATCH,
        "status.phase in Widget v1 is string, but the conditions path must end at an array",
        "path:",
        "phase");
    assertError(
        root("statusDefinition: {phaseDefinition: {path: .status.conditions}, statusMappings: {}}"),
        CrdPathCheck.TYPE_MISMATCH,
        "status.conditions in Widget v1 is array, but the phase path must end at a string",
        "path:",
        "conditions");
  }

  // ---- scope

  @Test
  void podSidePathsAreNotChecked() {
    assertThat(
            CrdPathCheck.role(
                "/spec/structureDefinition/childComponents/0/podSelector/componentTypeSelector/keyPath"))
        .isNull();
    assertThat(CrdPathCheck.role(
            "/spec/optimizationInstructions/gangScheduling/podGroups/0/members/0/filters/0"))
        .isNull();
    assertClean(
        child("podSelector: {componentTypeSelector: {keyPath: .metadata.labels.notInTheCrd}}"));
  }

  @Test
  void aDefinitionOfAnotherKindIsOneError() {
    String other =
        definition("", "").replace("version: v1, kind: Widget", "version: v1, kind: Gadget");
    assertThat(errors(other)).singleElement().satisfies(f -> {
      assertThat(f.ruleId()).isEqualTo(CrdPathCheck.TYPE_MISMATCH);
      assertThat(f.message())
          .contains("example.com/v1, Kind=Gadget", "example.com/v1, Kind=Widget");
    });
  }

  @Test
  void pluggedIntoTheValidator() {
    Definition d = TestDefinitions.load(child("instanceIdPath: .spec.grups[].name"));
    List<Finding> findings =
        new DefinitionValidator(Jq.defaultEngine()).withRule(CHECK).validate(d).findings();
    assertThat(findings).extracting(Finding::ruleId).contains(CrdPathCheck.UNKNOWN_FIELD);
  }
}
