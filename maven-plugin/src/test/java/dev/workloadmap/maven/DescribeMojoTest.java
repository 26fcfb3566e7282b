package dev.workloadmap.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.nio.file.Path;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code workloadmap:describe} on the files of the {@code describe-outside-project} invoker scenario: text, JSON and
 * YAML output, and bad input that fails with a message rather than a stack trace.
 */
class DescribeMojoTest {

  @TempDir
  Path dir;

  private final RecordingLog log = new RecordingLog();
  private Path definition;
  private Path object;

  @BeforeEach
  void copyFiles() {
    ItProjects.copy("describe-outside-project", "", dir);
    definition = dir.resolve("definition.yaml");
    object = dir.resolve("object.yaml");
  }

  private DescribeMojo mojo(Path definitionFile, Path objectFile, String output) {
    DescribeMojo m = new DescribeMojo();
    m.setLog(log);
    m.definition = definitionFile.toFile();
    m.object = objectFile.toFile();
    m.output = output;
    m.gpuResourceName = "nvidia.com/gpu";
    return m;
  }

  @Test
  void textTreeGoesToTheLog() throws Exception {
    mojo(definition, object, "text").execute();

    assertThat(log.lines)
        .containsExactly(
            "[INFO] Trainer/demo   namespace: ml   definition: trainer (definition.yaml)   (file mode: no live status)",
            "[INFO] ",
            "[INFO] trainer",
            "[INFO] ├── leader  replicas: 1  gpu: 2",
            "[INFO] └── worker  replicas: 3  gpu: 6",
            "[INFO] Phase: Running",
            "[INFO] ",
            "[INFO] Resources:",
            "[INFO] COMPONENT  REPLICAS  GPU  CPU  MEMORY",
            "[INFO] leader     1         2    0    0",
            "[INFO] worker     3         6    0    0",
            "[INFO] TOTAL      4         8    0    0");
  }

  @Test
  void jsonGoesToTheOutputFile() throws Exception {
    DescribeMojo m = mojo(definition, object, "JSON");
    Path out = dir.resolve("tree.json");
    m.outputFile = out.toFile();

    m.execute();

    assertThat(log.lines).containsExactly("[INFO] Wrote " + out);
    JsonNode tree = new ObjectMapper().readTree(out.toFile());
    assertThat(tree.path("statuses").toString()).isEqualTo("[\"Running\"]");
    assertThat(tree.path("total").path("replicas").asInt()).isEqualTo(4);
    assertThat(tree.path("total").path("resources").path("gpus").asInt()).isEqualTo(8);
    assertThat(tree.path("root").path("children").path(0).path("instances").findValuesAsText("id"))
        .containsExactly("leader", "worker");
    assertThat(tree.has("problems")).isFalse();
  }

  @Test
  void yamlHasNoDocumentMarkerAndReadsBackAsTheSameTree() throws Exception {
    DescribeMojo m = mojo(definition, object, "yaml");
    Path out = dir.resolve("tree.yaml");
    m.outputFile = out.toFile();

    m.execute();

    String text = ItProjects.read(out);
    assertThat(text).startsWith("object:");
    JsonNode tree = new YAMLMapper().readTree(text);
    assertThat(tree.path("definition").asText()).isEqualTo("trainer");
    assertThat(tree.path("total").path("replicas").asInt()).isEqualTo(4);
  }

  @Test
  void anObjectLackingThePathsStillRendersWithItsProblems() throws Exception {
    Path bare = ItProjects.write(
        dir.resolve("object-without-groups.yaml"),
        "apiVersion: example.com/v1\nkind: Trainer\nmetadata: {name: bare, namespace: ml}\nspec: {}\n");

    // the instance ids cannot be read, so the totals are incomplete: rendered, then the build fails
    // (issue 15)
    assertThatThrownBy(() -> mojo(definition, bare, "text").execute())
        .isInstanceOf(MojoFailureException.class)
        .hasMessageStartingWith(bare + ": the totals are incomplete: 1 problem");

    // 19:9 is the instanceIdPath key of the definition
    assertThat(log.lines)
        .contains(
            "[INFO] Trainer/bare   namespace: ml   definition: trainer (definition.yaml)   (file mode: no live status)",
            "[INFO] Problems:",
            "[INFO]   " + definition + ":19:9 /spec/structureDefinition/childComponents/0"
                + "/instanceIdPath: component 'group': failed to get instance ids: failed to extract instance ids: JQ"
                + " execution error for expression '.spec.groups[].name': Cannot iterate over null (null)");
  }

  @Test
  void aMultiDocumentObjectFileUsesTheDocumentOfTheRootKind() throws Exception {
    Path stream = ItProjects.write(
        dir.resolve("stream.yaml"),
        "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: settings}\n---\n"
            + ItProjects.read(object));

    mojo(definition, stream, "text").execute();

    assertThat(log.lines.get(0)).startsWith("[INFO] Trainer/demo ");
  }

  @Test
  void twoDocumentsOfTheRootKindAreRefused() {
    String demo = ItProjects.read(object);
    Path stream = ItProjects.write(
        dir.resolve("two.yaml"), demo + "---\n" + demo.replace("name: demo", "name: other"));

    assertThatThrownBy(() -> mojo(definition, stream, "text").execute())
        .isInstanceOf(MojoFailureException.class)
        .hasMessage(stream + ": expected one document of kind Trainer, found 2 (of 2 documents)");
  }

  @Test
  void malformedObjectYamlFailsWithItsPosition() {
    Path malformed = dir.resolve("malformed-object.yaml");

    assertThatThrownBy(() -> mojo(definition, malformed, "text").execute())
        .isInstanceOf(MojoFailureException.class)
        .satisfies(e -> {
          // 7:1 is where the file ends inside the open "["
          assertThat(e.getMessage()).startsWith(malformed + ":7:1: ");
          assertThat(e.getMessage()).doesNotContain("\n");
        });
  }

  @Test
  void aMissingObjectFileNamesTheFile() {
    Path missing = dir.resolve("nope.yaml");

    assertThatThrownBy(() -> mojo(definition, missing, "text").execute())
        .isInstanceOf(MojoFailureException.class)
        .hasMessageStartingWith(missing + ": ");
  }

  @Test
  void anInvalidDefinitionListsItsFindingsThenFails() {
    Path broken = ItProjects.write(
        dir.resolve("broken.yaml"),
        ItProjects.read(definition)
            .replace("replicasPath: .spec.groups[].replicas", "replicasPath: [.spec.groups]"));

    assertThatThrownBy(() -> mojo(broken, object, "text").execute())
        .isInstanceOf(MojoFailureException.class)
        .hasMessage(broken + ": invalid definition; fix the findings listed above"
            + " (file:line:column /pointer: message)");
    // 23:11 is the replicasPath key
    assertThat(log.lines)
        .containsExactly("[ERROR] " + broken + ":23:11"
            + " /spec/structureDefinition/childComponents/0/scaleDefinition/replicasPath: \"replicasPath\" must be a"
            + " string, got a list [model.type] (write replicasPath as a string)");
  }

  @Test
  void aFileWithTwoDefinitionsSaysSo() {
    String one = ItProjects.read(definition);
    Path two = ItProjects.write(dir.resolve("two-definitions.yaml"), one + "---\n" + one);

    assertThatThrownBy(() -> mojo(two, object, "text").execute())
        .isInstanceOf(MojoFailureException.class)
        .hasMessage(two + ": expected exactly one definition, found 2 documents");
    assertThat(log.lines).isEmpty();
  }

  @Test
  void anUnknownOutputFormatIsRefused() {
    assertThatThrownBy(() -> mojo(definition, object, "wide").execute())
        .isInstanceOf(MojoFailureException.class)
        .hasMessage("workloadmap.output must be one of text, json, yaml; got \"wide\"");
  }

  @Test
  void incompleteTotalsFailTheBuildAtTheObjectsLinesUnlessAllowed() throws Exception {
    // issue 15: a bad count leaves the totals incomplete; describe shows the tree, names the
    // problem at the object's own line, and fails unless workloadmap.allowIncomplete
    Path bad = ItProjects.write(
        dir.resolve("bad.yaml"), ItProjects.read(object).replace("replicas: 3", "replicas: -3"));

    assertThatThrownBy(() -> mojo(definition, bad, "text").execute())
        .isInstanceOf(MojoFailureException.class)
        .hasMessageStartingWith(
            bad + ": the totals are incomplete: 1 problem left replicas or resources uncounted")
        .hasMessageContaining("-Dworkloadmap.allowIncomplete=true");
    assertThat(log.lines)
        .contains(
            "[INFO] ├── leader  replicas: 1  gpu: 2",
            "[INFO] └── worker  replicas: ?  gpu: ?",
            "[INFO] leader              1         2    0    0",
            "[INFO] worker              ?         ?    ?    ?");
    assertThat(log.lines.stream().filter(l -> l.startsWith("[ERROR] ")).toList())
        .singleElement()
        .satisfies(l -> assertThat(l)
            .startsWith("[ERROR] " + bad + ":15:7"
                + " /spec/groups/1/replicas: component 'group': failed to get scales: "));

    log.lines.clear();
    DescribeMojo allowed = mojo(definition, bad, "text");
    allowed.allowIncomplete = true;
    allowed.execute();
    assertThat(log.lines)
        .anySatisfy(
            l -> assertThat(l).startsWith("[WARNING] " + bad + ": the totals are incomplete"));
  }

  @Test
  void skipPrintsOneLine() throws Exception {
    DescribeMojo m = mojo(definition, dir.resolve("nope.yaml"), "text");
    m.skip = true;

    m.execute();

    assertThat(log.lines)
        .containsExactly("[INFO] Skipping Workload Map describe (workloadmap.skip)");
  }
}
