package dev.workloadmap.schema;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.schema.internal.ListMapKeyCheck;
import dev.workloadmap.schema.internal.NetworkntSchemas;
import dev.workloadmap.schema.internal.SchemaDocument;
import dev.workloadmap.schema.internal.ViolationMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The top-level schema, which editors use, dispatches on apiVersion and kind to the same form the validator picks:
 * validating through it gives the same violations as validating against the form directly.
 */
class DispatchingSchemaTest {

  private static final SchemaDocument SCHEMA = SchemaDocument.load(
      DispatchingSchemaTest.class.getClassLoader(), SchemaValidator.SCHEMA_RESOURCE);
  private static final NetworkntSchemas NETWORKNT = new NetworkntSchemas(SCHEMA);
  private static final ViolationMapper MAPPER = new ViolationMapper(SCHEMA);

  static Stream<String> documents() {
    List<String> names = new ArrayList<>(Definitions.list("good"));
    names.addAll(Definitions.list("bad"));
    return names.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("documents")
  void topLevelSchemaAgreesWithTheFormSchema(String name) {
    JsonNode doc = Definitions.read(name);
    SchemaForm form = SchemaForm.detect(doc);
    List<SchemaViolation> viaDispatch = MAPPER.map(NETWORKNT.validateDispatching(doc), form);
    List<SchemaViolation> direct = SchemaValidator.getInstance().validate(doc).stream()
        .filter(v -> !v.keyword().equals(ListMapKeyCheck.KEYWORD))
        .toList();
    assertThat(viaDispatch).containsExactlyInAnyOrderElementsOf(direct);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("documents")
  void legacyDocumentsAreDispatchedToTheLegacyForm(String name) {
    JsonNode doc = Definitions.read(name);
    boolean throughThen = NETWORKNT.validateDispatching(doc).stream()
        .allMatch(e -> e.getEvaluationPath().toString().startsWith("/then/"));
    boolean throughElse = NETWORKNT.validateDispatching(doc).stream()
        .allMatch(e -> e.getEvaluationPath().toString().startsWith("/else/"));
    if (SchemaForm.detect(doc) == SchemaForm.LEGACY) {
      assertThat(throughThen).isTrue();
    } else {
      assertThat(throughElse).isTrue();
    }
  }

  @Test
  void unknownApiVersionFailsTheTopLevelEnumAndTheCurrentFormConst() {
    JsonNode doc =
        Definitions.set(Definitions.read("good/current-minimal.json"), "/apiVersion", "v1");
    assertThat(MAPPER.map(NETWORKNT.validateDispatching(doc), SchemaForm.CURRENT))
        .containsExactlyInAnyOrder(
            new SchemaViolation(
                "/apiVersion",
                "enum",
                "\"apiVersion\" must be one of \"run.ai/v1alpha1\", \"optimization.nvidia.com/v1alpha1\", got \"v1\"",
                SchemaViolation.Kind.ERROR,
                null),
            new SchemaViolation(
                "/apiVersion",
                "const",
                "\"apiVersion\" must be \"run.ai/v1alpha1\", got \"v1\"",
                SchemaViolation.Kind.ERROR,
                null));
    assertThat(SchemaValidator.getInstance().validate(doc))
        .as("the validator checks the form only")
        .extracting(SchemaViolation::keyword)
        .containsExactly("const");
  }
}
