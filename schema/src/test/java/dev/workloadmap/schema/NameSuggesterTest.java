package dev.workloadmap.schema;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workloadmap.schema.internal.NameSuggester;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class NameSuggesterTest {

  private static final List<String> SPEC_DEFINITION =
      List.of("podTemplateSpecPath", "podSpecPath", "metadataPath", "fragmentedPodSpecDefinition");
  private static final List<String> COMPONENT = List.of("name", "kind", "ownerRef", "instanceIdPath",
      "specDefinition", "scaleDefinition", "statusDefinition", "suspendDefinition", "podSelector");
  private static final List<String> MAPPINGS = List.of("initializing", "running", "completed", "failed", "degraded",
      "suspended", "suspending", "resuming");

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(nullValues = "NONE", textBlock = """
      podTemplateSpecPth,     podTemplateSpecPath
      PodTemplateSpecPath,    podTemplateSpecPath
      podspecpath,            podSpecPath
      metdataPath,            metadataPath
      fragmentedPodSpec,      NONE
      """)
  void specDefinitionFields(String unknown, String expected) {
    assertThat(NameSuggester.suggest(unknown, SPEC_DEFINITION)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(nullValues = "NONE", textBlock = """
      nmae,                   name
      kin,                    kind
      instanceIDPath,         instanceIdPath
      ownerName,              NONE
      owner,                  NONE
      statusDefinitions,      statusDefinition
      suspendDefintion,       suspendDefinition
      """)
  void componentFields(String unknown, String expected) {
    assertThat(NameSuggester.suggest(unknown, COMPONENT)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(nullValues = "NONE", textBlock = """
      progressing,            NONE
      runing,                 running
      Failed,                 failed
      suspend,                NONE
      pending,                NONE
      """)
  void statusMappingKeys(String unknown, String expected) {
    assertThat(NameSuggester.suggest(unknown, MAPPINGS)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(nullValues = "NONE", textBlock = """
      replicas,               replicasPath
      minReplicas,            minReplicasPath
      maxReplicaPath,         maxReplicasPath
      """)
  void scaleFieldsWithoutTheirPathSuffix(String unknown, String expected) {
    assertThat(NameSuggester.suggest(unknown, List.of("replicasPath", "minReplicasPath", "maxReplicasPath")))
        .isEqualTo(expected);
  }
}
