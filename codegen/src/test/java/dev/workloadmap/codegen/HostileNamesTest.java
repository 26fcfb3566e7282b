package dev.workloadmap.codegen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Component names that are not Java names (keywords, dashes, a leading digit, accents, path traversal, fixed member
 * names such as {@code tree} or {@code update}) become readable identifiers that compile; names that collide after sanitising are an error naming both.
 */
class HostileNamesTest {

  @TempDir
  Path dir;

  /** A definition of kind {@code Trainer} whose children have {@code names}, each a pod-bearing list component. */
  static String definition(String name, String kind, List<String> names) {
    StringBuilder sb = new StringBuilder("""
        apiVersion: run.ai/v1alpha1
        kind: Karta
        metadata:
          name: %s
        spec:
          structureDefinition:
            rootComponent:
              name: trainer
              kind: {group: example.com, version: v1, kind: %s}
              statusDefinition:
                phaseDefinition: {path: .status.phase}
                statusMappings:
                  running: [{byPhase: Running}]
            childComponents:
        """.formatted(name, kind));
    for (String n : names) {
      sb.append("""
                - name: "%s"
                  ownerRef: trainer
                  instanceIdPath: .spec.groups[].name
                  specDefinition:
                    podTemplateSpecPath: .spec.groups[].template
                  podSelector:
                    componentInstanceSelector:
                      idPath: '.metadata.labels["example.com/group"]'
          """.formatted(n));
    }
    return sb.toString();
  }

  static DefinitionSource source(String text, String file) {
    return DefinitionSource.parse(Repo.WM, text, file);
  }

  @Test
  void keywordsDashesDigitsAccentsAndFixedMemberNamesBecomeIdentifiersThatCompile()
      throws Exception {
    List<String> names = List.of(
        "class",
        "a-b",
        "1st",
        "é",
        "../../etc/passwd",
        "status",
        "tree",
        "hashCode",
        "yield",
        "prefill.worker_v2",
        "日本",
        "update");
    DefinitionSource s = source(definition("hostile", "Trainer", names), "defs/hostile.yaml");
    List<GeneratedFile> files =
        new AccessorGenerator(CodegenOptions.of("com.example.hostile")).generate(List.of(s));
    String java = files.stream()
        .filter(f -> f.kind() == GeneratedFile.Kind.SOURCE)
        .findFirst()
        .orElseThrow()
        .text();
    assertThat(java)
        .contains("public List<ClassInstance> class_()")
        .contains("public List<ABInstance> aB()")
        .contains("public List<_1stInstance> _1st()")
        .contains("public List<EInstance> e()")
        .contains("public List<EtcPasswdInstance> etcPasswd()")
        .contains("public List<StatusInstance> status()") // not a fixed member: statuses() is
        .contains("public List<TreeInstance> treeComponent()") // tree() is the raw tree
        .contains("public List<HashCodeInstance> hashCodeComponent()")
        .contains("public List<YieldInstance> yield_()")
        .contains("public List<PrefillWorkerV2Instance> prefillWorkerV2()")
        .contains("public List<日本Instance> 日本()")
        .contains(
            "public List<UpdateInstance> updateComponent()") // update() starts the update builder
        .contains("public Update update()")
        // the update builder's per-component writes are named after the sanitised names too
        .contains("public Update class_PodTemplate(String id, JsonNode value)")
        .contains(
            "public Update _1stPodTemplateByInstance(Map<String, ? extends JsonNode> byInstanceId)")
        .contains("public Update updateComponentPodTemplate(String id, JsonNode value)")
        .contains("update.podTemplateSpec(\"../../etc/passwd\", id, value)")
        // the original names are kept where the SDK reads them
        .contains("instancesOf(\"../../etc/passwd\")")
        .contains("instancesOf(\"é\")");
    Compiler.Result r = Compiler.compile(files, dir);
    assertThat(r.diagnostics()).isEmpty();
    assertThat(r.success()).isTrue();
  }

  @Test
  void twoNamesThatCollideAfterSanitisingAreAnErrorNamingBothWithTheirLines() {
    DefinitionSource s =
        source(definition("collide", "Trainer", List.of("a-b", "ok", "a_b")), "defs/collide.yaml");
    assertThatThrownBy(
            () -> new AccessorGenerator(CodegenOptions.of("com.example")).generate(List.of(s)))
        .isInstanceOf(CodegenException.class)
        .hasMessage(
            "defs/collide.yaml:31:9 /spec/structureDefinition/childComponents/2/name: components 'a-b'"
                + " (defs/collide.yaml:15:9) and 'a_b' (defs/collide.yaml:31:9) both become method aB() in"
                + " TrainerWorkload; rename one of them");
  }

  @Test
  void recordNamesThatDifferOnlyInCaseCollideBecauseOfCaseInsensitiveFileSystems() {
    // aB() and ab() are different methods, but ABInstance and AbInstance are one class file on
    // macOS and Windows
    DefinitionSource s =
        source(definition("case", "Trainer", List.of("a-b", "ab")), "defs/case.yaml");
    assertThatThrownBy(
            () -> new AccessorGenerator(CodegenOptions.of("com.example")).generate(List.of(s)))
        .isInstanceOf(CodegenException.class)
        .hasMessageContaining(
            "components 'a-b' (defs/case.yaml:15:9) and 'ab' (defs/case.yaml:23:9)")
        .hasMessageContaining("have records ABInstance and AbInstance that differ only in case");
  }

  @Test
  void aNameWithoutLettersOrDigitsIsAnError() {
    DefinitionSource s = source(definition("dashes", "Trainer", List.of("--")), "defs/dashes.yaml");
    assertThatThrownBy(
            () -> new AccessorGenerator(CodegenOptions.of("com.example")).generate(List.of(s)))
        .isInstanceOf(CodegenException.class)
        .hasMessage(
            "defs/dashes.yaml:15:9 /spec/structureDefinition/childComponents/0/name: component '--' has no"
                + " letter or digit to make a Java name from; rename it");
  }

  @Test
  void everyProblemOfEveryDefinitionIsReportedAtOnce() {
    DefinitionSource a = source(definition("first", "First", List.of("x-y", "x_y")), "defs/a.yaml");
    DefinitionSource b = source(definition("second", "Second", List.of("--")), "defs/b.yaml");
    assertThatThrownBy(
            () -> new AccessorGenerator(CodegenOptions.of("com.example")).generate(List.of(b, a)))
        .isInstanceOfSatisfying(
            CodegenException.class,
            e -> assertThat(e.problems())
                .hasSize(2)
                .satisfiesExactly(
                    p -> assertThat(p).startsWith("defs/a.yaml:23:9"),
                    p -> assertThat(p).startsWith("defs/b.yaml:15:9")));
  }

  @Test
  void twoDefinitionsOfOneKindNeedAClassNameOverride() {
    DefinitionSource v1 =
        source(definition("trainer-v1", "Trainer", List.of("group")), "defs/v1.yaml");
    DefinitionSource v2 =
        source(definition("trainer-v2", "Trainer", List.of("group")), "defs/v2.yaml");
    assertThatThrownBy(
            () -> new AccessorGenerator(CodegenOptions.of("com.example")).generate(List.of(v1, v2)))
        .isInstanceOf(CodegenException.class)
        .hasMessage(
            "defs/v2.yaml:4:3 /metadata/name: definitions 'trainer-v1' (defs/v1.yaml) and 'trainer-v2' both"
                + " become class TrainerWorkload (class names are compared ignoring case, as file names are); give one of"
                + " them another name with a class name override");
    List<GeneratedFile> files = new AccessorGenerator(
            new CodegenOptions("com.example", Map.of("trainer-v2", "TrainerV2")))
        .generate(List.of(v1, v2));
    assertThat(files)
        .extracting(GeneratedFile::path)
        .containsExactly(
            "com/example/TrainerV2.definition.yaml", "com/example/TrainerV2.java",
            "com/example/TrainerWorkload.definition.yaml", "com/example/TrainerWorkload.java");
  }

  @Test
  void badOptionsAreRefusedWithWhatIsAllowed() {
    assertThatThrownBy(() -> CodegenOptions.of("com.example.class"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("package name 'com.example.class' is not a Java package name");
    assertThatThrownBy(() -> new CodegenOptions("com.example", Map.of("trainer", "../Evil")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(
            "class name '../Evil' given for definition trainer is not a simple Java class name");
    DefinitionSource s = source(definition("trainer", "Trainer", List.of("group")), "defs/t.yaml");
    assertThatThrownBy(
            () -> new AccessorGenerator(new CodegenOptions("com.example", Map.of("trainr", "T")))
                .generate(List.of(s)))
        .isInstanceOf(CodegenException.class)
        .hasMessage(
            "class name override for definition 'trainr': no such definition is generated (definitions:"
                + " trainer); fix or remove the override");
  }

  @Test
  void anInvalidDefinitionIsReportedWithItsFindings() {
    String bad = definition("bad", "Trainer", List.of("group"))
        .replace("ownerRef: trainer", "ownerRef: nobody");
    assertThatThrownBy(() -> source(bad, "defs/bad.yaml"))
        .isInstanceOf(CodegenException.class)
        .hasMessageContaining("defs/bad.yaml:")
        .hasMessageContaining("nobody");
  }
}
