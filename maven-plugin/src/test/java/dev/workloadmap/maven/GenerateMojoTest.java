package dev.workloadmap.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.maven.model.Resource;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.project.MavenProject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code workloadmap:generate} generates accessors, registers the folders, and skips unchanged inputs. */
class GenerateMojoTest {

  @TempDir
  Path dir;

  private final RecordingLog log = new RecordingLog();
  private final MavenProject project = new MavenProject();

  static final String DEFINITION = """
      apiVersion: run.ai/v1alpha1
      kind: Karta
      metadata:
        name: trainer
      spec:
        structureDefinition:
          rootComponent:
            name: trainer
            kind: {group: example.com, version: v1, kind: Trainer}
            statusDefinition:
              phaseDefinition: {path: .status.phase}
              statusMappings:
                running: [{byPhase: Running}]
          childComponents:
            - name: %s
              ownerRef: trainer
              instanceIdPath: .spec.groups[].name
              specDefinition:
                podTemplateSpecPath: .spec.groups[].template
              podSelector:
                componentInstanceSelector:
                  idPath: '.metadata.labels["example.com/group"]'
            - name: %s
              ownerRef: trainer
              specDefinition:
                podTemplateSpecPath: .spec.launcher
      """;

  private GenerateMojo mojo(Path definitions) {
    GenerateMojo m = new GenerateMojo();
    m.setLog(log);
    m.definitionsDirectory = definitions.toFile();
    m.packageName = "com.example.workloads";
    m.outputDirectory = dir.resolve("target/generated-sources/workloadmap").toFile();
    m.resourcesOutputDirectory =
        dir.resolve("target/generated-resources/workloadmap").toFile();
    m.stampFile = dir.resolve("target/workloadmap-generate.stamp").toFile();
    m.baseDirectory = dir.toFile();
    m.gpuResourceName = "nvidia.com/gpu";
    m.pluginVersion = "1.0";
    m.project = project;
    return m;
  }

  private Path definitions(String first, String second) throws Exception {
    Path defs = dir.resolve("src/main/workloadmap");
    Files.createDirectories(defs.resolve("trainer"));
    Files.writeString(defs.resolve("trainer/definition.yaml"), DEFINITION.formatted(first, second));
    return defs;
  }

  @Test
  void generatesRegistersTheFoldersAndSkipsWhenNothingChanged() throws Exception {
    Path defs = definitions("group", "launcher");
    mojo(defs).execute();
    Path source = dir.resolve(
        "target/generated-sources/workloadmap/com/example/workloads/TrainerWorkload.java");
    assertThat(source).exists();
    assertThat(Files.readString(source))
        .contains("DEFINITION_FILE = \"src/main/workloadmap/trainer/definition.yaml\"")
        .contains("public List<GroupInstance> group()")
        .contains("public LauncherInstance launcher()");
    assertThat(dir.resolve("target/generated-resources/workloadmap/com/example/workloads/"
            + "TrainerWorkload.definition.yaml"))
        .exists();
    assertThat(project.getCompileSourceRoots())
        .containsExactly(dir.resolve("target/generated-sources/workloadmap").toString());
    assertThat(project.getResources())
        .extracting(Resource::getDirectory)
        .containsExactly(dir.resolve("target/generated-resources/workloadmap").toString());
    assertThat(log.lines)
        .containsExactly("[INFO] Generated Workload Map accessors: 1 class in "
            + dir.resolve("target/generated-sources/workloadmap")
            + " (2 files written, 0 removed)");

    log.lines.clear();
    MavenProject next = new MavenProject();
    GenerateMojo again = mojo(defs);
    again.project = next;
    again.execute();
    assertThat(log.lines)
        .containsExactly("[INFO] Workload Map accessors up to date (1 class in "
            + dir.resolve("target/generated-sources/workloadmap") + ")");
    assertThat(next.getCompileSourceRoots())
        .as("registered also when up to date")
        .hasSize(1);

    log.lines.clear();
    GenerateMojo newPlugin = mojo(defs);
    newPlugin.pluginVersion = "1.1";
    newPlugin.execute();
    assertThat(log.lines)
        .singleElement()
        .asString()
        .startsWith("[INFO] Generated Workload Map accessors");
  }

  @Test
  void configurationReachesTheGenerator() throws Exception {
    Path defs = definitions("group", "launcher");
    GenerateMojo m = mojo(defs);
    m.classNames = Map.of("trainer", "Trainers");
    m.includes = List.of("trainer/*.yaml");
    m.execute();
    assertThat(
            dir.resolve("target/generated-sources/workloadmap/com/example/workloads/Trainers.java"))
        .exists();
  }

  @Test
  void collidingComponentNamesFailTheBuildWithOneLinePerProblem() throws Exception {
    Path defs = definitions("a-b", "a_b");
    assertThatThrownBy(() -> mojo(defs).execute())
        .isInstanceOf(MojoFailureException.class)
        .hasMessage(
            "Workload Map accessors not generated: 1 problem (above); fix them and run again");
    assertThat(log.lines)
        .containsExactly("[ERROR] src/main/workloadmap/trainer/definition.yaml:23:9"
            + " /spec/structureDefinition/childComponents/1/name: components 'a-b'"
            + " (src/main/workloadmap/trainer/definition.yaml:15:9) and 'a_b'"
            + " (src/main/workloadmap/trainer/definition.yaml:23:9) both become method aB() in TrainerWorkload; rename"
            + " one of them");
    assertThat(project.getCompileSourceRoots()).isEmpty();
  }

  @Test
  void aBadPackageNameFailsWithWhatIsAllowed() throws Exception {
    Path defs = definitions("group", "launcher");
    GenerateMojo m = mojo(defs);
    m.packageName = "com.example.new";
    assertThatThrownBy(m::execute)
        .isInstanceOf(MojoFailureException.class)
        .hasMessageStartingWith("package name 'com.example.new' is not a Java package name");
  }

  @Test
  void skipLeavesEverythingAlone() throws Exception {
    GenerateMojo m = mojo(dir.resolve("missing"));
    m.skipGenerate = true;
    m.execute();
    assertThat(log.lines)
        .containsExactly(
            "[INFO] Skipping Workload Map accessor generation (workloadmap.skip or workloadmap.generate.skip)");
    assertThat(project.getCompileSourceRoots()).isEmpty();
  }
}
