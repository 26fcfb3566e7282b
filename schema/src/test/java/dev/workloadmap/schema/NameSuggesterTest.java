package dev.workloadmap.schema;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workloadmap.schema.internal.NameSuggester;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class NameSuggesterTest {

  private static final List<String> SPEC_DEFINITION =
      List.of("podTemplateSpecPath", "podSpecPath", "metadataPath", "fragmentedPodSpecDefinition");
  private static final List<String> COMPONENT = List.of(
      "name",
      "kind",
      "ownerRef",
      "instanceIdPath",
      "specDefinition",
      "scaleDefinition",
      "statusDefinition",
      "suspendDefinition",
      "podSelector");
  private static final List<String> MAPPINGS = List.of(
      "initializing",
      "running",
      "completed",
      "failed",
      "degraded",
      "suspended",
      "suspending",
      "resuming");

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(nullValues = "NONE", textBlock = """
      podTemplateSpecPth,     podTemplateSpecPath
      PodTemplateSpecPath,    podTemplateSpecPath
      podspecpath,            podSpecPath
      metdataPath,            metadataPath
      fragmentedPodSpec,      fragmentedPodSpecDefinition
      containers,             NONE
      """)
  void specDefinitionFields(String unknown, String expected) {
    assertThat(NameSuggester.suggest(unknown, SPEC_DEFINITION)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(nullValues = "NONE", textBlock = """
      nmae,                   name
      kin,                    kind
      instanceIDPath,         instanceIdPath
      ownerName,              ownerRef
      owner,                  ownerRef
      podSelectr,             podSelector
      replicas,               NONE
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
      suspend,                suspended
      progres,                NONE
      pending,                NONE
      """)
  void statusMappingKeys(String unknown, String expected) {
    assertThat(NameSuggester.suggest(unknown, MAPPINGS)).isEqualTo(expected);
  }

  @org.junit.jupiter.api.Test
  void tiesGoToTheNameThatSortsFirst() {
    // "nam" is one edit from both "name" and "nas", whatever their order
    assertThat(NameSuggester.suggest("nam", List.of("nas", "name"))).isEqualTo("name");
    assertThat(NameSuggester.suggest("nam", List.of("name", "nas"))).isEqualTo("name");
  }

  @org.junit.jupiter.api.Test
  void thresholdIsTwoEditsOrAThirdOfTheShorterName() {
    assertThat(NameSuggester.suggest("stat", List.of("status")))
        .isEqualTo("status"); // 2 edits: the floor
    assertThat(NameSuggester.suggest("abc", List.of("xyz"))).isNull(); // 3 edits
    assertThat(NameSuggester.suggest("abcdefghijkl", List.of("abcdefghwxyz")))
        .isEqualTo("abcdefghwxyz"); // 4 = 12/3
    assertThat(NameSuggester.suggest("abcdefghijkl", List.of("abcdvwxyzijk")))
        .isNull(); // 6 edits, prefix 4
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(nullValues = "NONE", textBlock = """
      replicas,               replicasPath
      minReplicas,            minReplicasPath
      maxReplicaPath,         maxReplicasPath
      """)
  void scaleFieldsWithoutTheirPathSuffix(String unknown, String expected) {
    assertThat(NameSuggester.suggest(
            unknown, List.of("replicasPath", "minReplicasPath", "maxReplicasPath")))
        .isEqualTo(expected);
  }
}
