package dev.workloadmap.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

import dev.workloadmap.schema.SchemaViolation.Kind;
import org.junit.jupiter.api.Test;

class SchemaViolationTest {

  @Test
  void suggestionIsOnlyForUnknownFields() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new SchemaViolation("/a", "type", "m", Kind.ERROR, "b"))
        .withMessage("a suggestion is only given for an unknown field");
    assertThat(new SchemaViolation("/a", "additionalProperties", "m", Kind.UNKNOWN_FIELD, "b")
            .isUnknownField())
        .isTrue();
  }

  @Test
  void componentsAreRequired() {
    assertThatNullPointerException()
        .isThrownBy(() -> new SchemaViolation(null, "k", "m", Kind.ERROR, null))
        .withMessage("pointer");
    assertThatNullPointerException()
        .isThrownBy(() -> new SchemaViolation("", "k", "m", null, null))
        .withMessage("kind");
  }

  @Test
  void toStringShowsPointerKeywordAndMessage() {
    assertThat(new SchemaViolation(
            "/spec", "required", "missing required field \"x\"", Kind.ERROR, null))
        .hasToString("/spec [required] missing required field \"x\"");
    assertThat(new SchemaViolation(
            "", "type", "The document must be an object, got null", Kind.ERROR, null))
        .hasToString("(document) [type] The document must be an object, got null");
  }

  @Test
  void validatorRejectsNullArguments() {
    SchemaValidator validator = SchemaValidator.getInstance();
    assertThatNullPointerException()
        .isThrownBy(() -> validator.validate(null))
        .withMessage("document");
    assertThatNullPointerException()
        .isThrownBy(() -> validator.validate(Definitions.yaml("{}"), null))
        .withMessage("form");
  }
}
