package dev.workloadmap.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SchemaFormTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      current form                        | {apiVersion: run.ai/v1alpha1, kind: Karta}                                   | CURRENT
      legacy form                         | {apiVersion: optimization.nvidia.com/v1alpha1, kind: ResourceInterface}      | LEGACY
      legacy apiVersion, current kind     | {apiVersion: optimization.nvidia.com/v1alpha1, kind: Karta}                  | LEGACY
      current apiVersion, legacy kind     | {apiVersion: run.ai/v1alpha1, kind: ResourceInterface}                       | CURRENT
      legacy kind, no apiVersion          | {kind: ResourceInterface}                                                    | LEGACY
      legacy kind, other apiVersion       | {apiVersion: example.com/v1, kind: ResourceInterface}                        | LEGACY
      neither                             | {apiVersion: v1, kind: ConfigMap}                                            | CURRENT
      empty object                        | {}                                                                           | CURRENT
      not an object                       | '[1, 2]'                                                                     | CURRENT
      apiVersion not a string             | {apiVersion: 1, kind: ResourceInterface}                                     | LEGACY
      """)
  void detect(String description, String yaml, SchemaForm expected) {
    assertThat(SchemaForm.detect(Definitions.yaml(yaml))).as(description).isEqualTo(expected);
  }

  @Test
  void detectRejectsNull() {
    assertThatNullPointerException()
        .isThrownBy(() -> SchemaForm.detect(null))
        .withMessage("document");
  }
}
