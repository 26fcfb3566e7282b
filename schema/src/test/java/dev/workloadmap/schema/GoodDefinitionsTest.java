package dev.workloadmap.schema;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Realistic definitions of both forms validate clean. */
class GoodDefinitionsTest {

  static List<String> goodDefinitions() {
    List<String> names = Definitions.list("good");
    assertThat(names).hasSizeGreaterThanOrEqualTo(7);
    return names;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("goodDefinitions")
  void validatesWithoutViolations(String name) {
    JsonNode doc = Definitions.read(name);
    assertThat(SchemaValidator.getInstance().validate(doc)).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("goodDefinitions")
  void formFollowsTheDeclaredApiVersionAndKind(String name) {
    JsonNode doc = Definitions.read(name);
    SchemaForm expected = name.startsWith("good/legacy-") ? SchemaForm.LEGACY : SchemaForm.CURRENT;
    assertThat(SchemaForm.detect(doc)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("goodDefinitions")
  void againstTheOtherFormBreaksApiVersionAndKindAndExplainsEveryCurrentOnlyField(String name) {
    JsonNode doc = Definitions.read(name);
    SchemaForm declared = SchemaForm.detect(doc);
    SchemaForm other = declared == SchemaForm.CURRENT ? SchemaForm.LEGACY : SchemaForm.CURRENT;
    List<SchemaViolation> violations = SchemaValidator.getInstance().validate(doc, other);
    assertThat(violations)
        .contains(
            new SchemaViolation(
                "/apiVersion",
                "const",
                "\"apiVersion\" must be \"" + other.apiVersion() + "\", got \""
                    + declared.apiVersion() + "\"",
                SchemaViolation.Kind.ERROR,
                null),
            new SchemaViolation(
                "/kind",
                "const",
                "\"kind\" must be \"" + other.kind() + "\", got \"" + declared.kind() + "\"",
                SchemaViolation.Kind.ERROR,
                null));
    if (other == SchemaForm.CURRENT) {
      assertThat(violations)
          .as("a legacy document is a current document apart from apiVersion and kind")
          .hasSize(2);
    } else {
      assertThat(violations)
          .filteredOn(SchemaViolation::isUnknownField)
          .allSatisfy(v -> assertThat(v.message()).contains("exists only in the current form"));
    }
  }
}
