package dev.workloadmap.sdk.internal.crd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workloadmap.sdk.TestDefinitions;
import dev.workloadmap.sdk.crd.Crd;
import dev.workloadmap.sdk.crd.CrdViolation;
import dev.workloadmap.sdk.definition.Gvk;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Objects validated against the hand-written Widget CRD (src/test/resources/crd/widget.yaml). */
class CrdObjectValidatorTest {

  static final CrdObjectValidator VALIDATOR = new CrdObjectValidator(
      Crd.fromResource("crd/widget.yaml", new Gvk("example.com", "v1", "Widget")));

  static List<CrdViolation> validate(String yaml) {
    return VALIDATOR.validate(TestDefinitions.object(yaml));
  }

  static final String VALID = """
      apiVersion: example.com/v1
      kind: Widget
      metadata: {name: w, labels: {a: b}}
      spec:
        replicas: 2
        size: "50%"
        mode: fast
        groups:
          - {name: a, replicas: 1, maxReplicas: 3, template: {spec: {containers: [{name: c, image: i}]}}}
        services:
          head: {replicas: 1, podSpec: {containers: [{name: c}]}}
        extra: {anything: [1, {goes: true}]}
      status:
        phase: Running
        conditions: [{type: Ready, status: "True"}]
      """;

  @Test
  void aValidObjectHasNoViolations() {
    assertThat(validate(VALID)).isEmpty();
  }

  @Test
  void violationsCarryTheJsonPointerAndKeyword() {
    List<CrdViolation> v = validate(VALID
        .replace("replicas: 2", "replicas: two")
        .replace("mode: fast", "mode: medium")
        .replace("{type: Ready, status: \"True\"}", "{type: Ready}"));
    assertThat(v)
        .extracting(CrdViolation::pointer, CrdViolation::keyword)
        .containsExactlyInAnyOrder(
            org.assertj.core.groups.Tuple.tuple("/spec/replicas", "type"),
            org.assertj.core.groups.Tuple.tuple("/spec/mode", "enum"),
            org.assertj.core.groups.Tuple.tuple("/status/conditions/0", "required"));
    assertThat(v).allSatisfy(x -> assertThat(x.message()).isNotBlank());
  }

  @Test
  void intOrStringAcceptsBothAndNothingElse() {
    assertThat(validate(VALID.replace("size: \"50%\"", "size: 3"))).isEmpty();
    assertThat(validate(VALID.replace("size: \"50%\"", "size: [3]")))
        .extracting(CrdViolation::pointer)
        .contains("/spec/size");
  }

  @Test
  void nullableIsHonouredAndOtherNullsAreDroppedAsAnApiServerDoes() {
    assertThat(validate(VALID.replace("mode: fast", "label: null"))).isEmpty();
    // replicas: null is not nullable: an API server drops it, so it is not a type error
    assertThat(validate(VALID.replace("replicas: 2", "replicas: null"))).isEmpty();
    // but a required field dropped that way is still missing
    assertThat(validate(VALID.replace("name: a, ", "name: null, ")))
        .extracting(CrdViolation::pointer, CrdViolation::keyword)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("/spec/groups/0", "required"));
  }

  @Test
  void defaultsSatisfyRequiredFields() {
    assertThat(validate(VALID.replace("maxReplicas: 3, ", ""))).isEmpty();
  }

  @Test
  void kubernetesExtensionKeywordsDoNotValidate() {
    // x-kubernetes-list-type: map with a duplicate key, and unknown fields under
    // preserve-unknown-fields
    String duplicate = VALID.replace("groups:\n", "groups:\n    - {name: a, maxReplicas: 1}\n");
    assertThat(validate(duplicate)).isEmpty();
  }

  @Test
  void theObjectsVersionPicksTheSchema() {
    String v1beta1 = "apiVersion: example.com/v1beta1\nkind: Widget\nspec: {size: big}\n";
    assertThat(validate(v1beta1)).extracting(CrdViolation::pointer).containsExactly("/spec/size");
    assertThat(validate(v1beta1.replace("big", "3"))).isEmpty();
  }

  @Test
  void anotherKindGroupOrVersionIsOneViolation() {
    assertThat(validate(VALID.replace("example.com/v1", "example.com/v3")))
        .singleElement()
        .satisfies(v -> {
          assertThat(v.keyword()).isEqualTo("apiVersion");
          assertThat(v.message())
              .isEqualTo("CRD widgets.example.com has no version v3; it has v1beta1, v1");
        });
    assertThat(validate(VALID.replace("kind: Widget", "kind: Gadget")))
        .singleElement()
        .satisfies(v -> assertThat(v.keyword()).isEqualTo("kind"));
    assertThat(validate(VALID.replace("example.com/v1", "other.io/v1")))
        .singleElement()
        .satisfies(v -> assertThat(v.message()).contains("not of group example.com"));
  }

  @Test
  void theInputIsNotModified() {
    var object = TestDefinitions.object(
        VALID.replace("maxReplicas: 3, ", "").replace("replicas: 2", "replicas: null"));
    String before = object.toString();
    assertThat(VALIDATOR.validate(object)).isEmpty();
    assertThat(object.toString()).isEqualTo(before);
  }

  @Test
  void findingsPointAtTheLineAndColumnOfTheValue() {
    String yaml = VALID.replace("mode: fast", "mode: medium");
    var doc = new dev.workloadmap.sdk.yaml.YamlReader()
        .readAll(yaml, "fixture/object.yaml")
        .get(0);
    assertThat(VALIDATOR.check(doc)).singleElement().satisfies(f -> {
      assertThat(f.ruleId()).isEqualTo(CrdObjectValidator.FIXTURE_SCHEMA);
      assertThat(f.severity()).isEqualTo(dev.workloadmap.sdk.validation.Severity.ERROR);
      assertThat(f.message())
          .startsWith("/spec/mode does not match CRD widgets.example.com: ")
          .endsWith("[enum]");
      assertThat(f.location().file()).isEqualTo("fixture/object.yaml");
      assertThat(new int[] {f.location().line(), f.location().column()})
          .containsExactly(CrdPathCheckTest.at(yaml, "spec:", "mode"));
      assertThat(f.location().pointer()).isEqualTo("/spec/mode");
    });
    assertThat(VALIDATOR.check(
            new dev.workloadmap.sdk.yaml.YamlReader().readAll(VALID, "ok.yaml").get(0)))
        .isEmpty();
  }

  @Test
  void theLimitationsAreStated() {
    assertThat(CrdObjectValidator.LIMITATIONS).contains("pruning", "CEL", "defaults");
  }
}
