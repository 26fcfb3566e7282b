package dev.workloadmap.codegen;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.tree.WorkloadTree;
import dev.workloadmap.sdk.update.UpdateResult;
import dev.workloadmap.sdk.yaml.YamlDocument;
import dev.workloadmap.sdk.yaml.YamlReader;
import java.lang.reflect.Method;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Generates accessors for the whole catalog (two kinds have two versions, and Volcano's Job shares batch/v1's kind
 * name: each of these gets a class-name override), compiles them in process at {@code --release 17} with {@code -Xlint:all -Werror -Xdoclint:all} against
 * the SDK, then loads the classes and reads every fixture object through them.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CatalogCompileTest {

  static final String PACKAGE = "dev.workloadmap.generated.all";

  private List<GeneratedFile> files;
  private Compiler.Result compiled;
  private URLClassLoader loader;

  @BeforeAll
  void generateAndCompile(@TempDir Path dir) throws Exception {
    List<DefinitionSource> sources = Repo.slugs().stream().map(Repo::definition).toList();
    CodegenOptions options = new CodegenOptions(
        PACKAGE,
        Map.of(
            "nvidia-com-dynamographdeployment-v1beta1", "DynamoGraphDeploymentV1beta1Workload",
            "serving-kserve-io-llminferenceservice-v1alpha2", "LlmInferenceServiceV1alpha2Workload",
            "batch-volcano-sh-job-v1alpha1", "VolcanoJobWorkload"));
    files = new AccessorGenerator(options).generate(sources);
    compiled = Compiler.compile(files, dir);
    loader = Compiler.loader(compiled.classes());
  }

  @Test
  void everyCatalogDefinitionCompilesWithoutAWarning() {
    assertThat(compiled.diagnostics()).as("javac diagnostics").isEmpty();
    assertThat(compiled.success()).isTrue();
    assertThat(files.stream().filter(f -> f.kind() == GeneratedFile.Kind.SOURCE))
        .hasSize(Repo.slugs().size());
  }

  @Test
  void theSeedJobSetHasTwelveGpusThroughTheGeneratedAccessors() throws Exception {
    Class<?> c = loader.loadClass(PACKAGE + ".JobSetWorkload");
    JsonNode seed = object(
        Repo.catalog()
            .resolve(
                "jobset-x-k8s-io-jobset-v1alpha2/fixtures/seed-leader-and-workers/object.yaml"),
        "JobSet");
    Object w = c.getMethod("of", JsonNode.class).invoke(null, seed);
    assertThat(c.getMethod("totalGpus").invoke(w)).isEqualTo(12L);
    List<?> jobs = (List<?>) c.getMethod("replicatedjob").invoke(w);
    assertThat(jobs).hasSize(2);
    Method id = jobs.get(0).getClass().getMethod("id");
    Method gpus = jobs.get(0).getClass().getMethod("gpus");
    Method replicas = jobs.get(0).getClass().getMethod("replicas");
    assertThat(jobs).extracting(j -> invoke(id, j)).containsExactly("leader", "worker");
    assertThat(jobs).extracting(j -> invoke(gpus, j)).containsExactly(4L, 8L);
    assertThat(jobs).extracting(j -> invoke(replicas, j)).containsExactly(1, 2);
    assertThat(c.getMethod("statuses").invoke(w).toString()).isEqualTo("[Undefined]");
  }

  @Test
  void theGeneratedUpdateWritesTheSchedulerNameOfEveryReplicatedJobAndSuspends() throws Exception {
    Class<?> c = loader.loadClass(PACKAGE + ".JobSetWorkload");
    JsonNode seed = object(
        Repo.catalog()
            .resolve(
                "jobset-x-k8s-io-jobset-v1alpha2/fixtures/seed-leader-and-workers/object.yaml"),
        "JobSet");
    Object w = c.getMethod("of", JsonNode.class).invoke(null, seed);
    Object update = c.getMethod("update").invoke(w);
    Class<?> u = update.getClass();
    update = u.getMethod("schedulerName", String.class).invoke(update, "kai-scheduler");
    update = u.getMethod("suspend").invoke(update);
    UpdateResult r = (UpdateResult) u.getMethod("apply").invoke(update);
    List<String> ops = new ArrayList<>();
    r.patch()
        .forEach(op ->
            ops.add(op.get("op").asText() + " " + op.get("path").asText() + " " + op.get("value")));
    assertThat(ops)
        .containsExactly(
            "add /spec/replicatedJobs/0/template/spec/template/spec/schedulerName \"kai-scheduler\"",
            "add /spec/replicatedJobs/1/template/spec/template/spec/schedulerName \"kai-scheduler\"",
            "add /spec/suspend true");
    assertThat(seed.at("/spec/suspend").isMissingNode())
        .isTrue(); // the wrapped object is untouched
  }

  @Test
  void updateMethodsExistOnlyForWhatTheDefinitionCanWrite() throws Exception {
    Class<?> jobset = loader.loadClass(PACKAGE + ".JobSetWorkload$Update");
    assertThat(jobset.getMethod("resume")).isNotNull();
    assertThat(jobset.getMethod("replicatedjobPodTemplate", String.class, JsonNode.class))
        .isNotNull();
    // Dynamo has no suspendDefinition, and its services have a podSpecPath and a metadataPath
    Class<?> dynamo = loader.loadClass(PACKAGE + ".DynamoGraphDeploymentWorkload$Update");
    assertThat(methodNames(dynamo))
        .doesNotContain("suspend", "resume", "servicePodTemplate")
        .contains(
            "schedulerName",
            "labels",
            "annotations",
            "resources",
            "servicePodSpec",
            "servicePodMetadata");
  }

  private static List<String> methodNames(Class<?> c) {
    return Stream.of(c.getDeclaredMethods())
        .filter(m -> java.lang.reflect.Modifier.isPublic(m.getModifiers()))
        .map(Method::getName)
        .toList();
  }

  @Test
  void mapKeyedDynamoServicesAreFoundById() throws Exception {
    Class<?> c = loader.loadClass(PACKAGE + ".DynamoGraphDeploymentWorkload");
    Path fixtures = Repo.catalog().resolve("nvidia-com-dynamographdeployment-v1alpha1/fixtures");
    JsonNode obj = object(
        fixtures.resolve("structure-services-map-dynamo-resources/object.yaml"),
        "DynamoGraphDeployment");
    Object w = c.getMethod("of", JsonNode.class).invoke(null, obj);
    List<?> services = (List<?>) c.getMethod("service").invoke(w);
    assertThat(services).isNotEmpty();
    Object first = services.get(0);
    String firstId = (String) first.getClass().getMethod("id").invoke(first);
    assertThat(obj.path("spec").path("services").has(firstId))
        .as("ids are the keys of spec.services")
        .isTrue();
    Object found = c.getMethod("service", String.class).invoke(w, firstId);
    assertThat(found.toString()).isEqualTo("Optional[" + first + "]");
  }

  /**
   * Every fixture object of every definition reads through its generated class with the same totals and statuses as
   * the SDK gives directly: the class wires the right definition (its bundled copy) and the right fields.
   */
  @Test
  void everyFixtureReadsThroughItsGeneratedClassAsThroughTheSdk() throws Exception {
    List<String> checked = new ArrayList<>();
    for (GeneratedFile f : files) {
      if (f.kind() != GeneratedFile.Kind.SOURCE) {
        continue;
      }
      String simple = Path.of(f.path()).getFileName().toString().replace(".java", "");
      Class<?> c = loader.loadClass(PACKAGE + "." + simple);
      String slug = ((String) c.getField("DEFINITION_FILE").get(null)).split("/")[4];
      String kind = (String) c.getField("KIND").get(null);
      var prepared = Repo.WM.prepare(Repo.definition(slug).definition());
      try (Stream<Path> objects = Files.walk(Repo.catalog().resolve(slug).resolve("fixtures"))) {
        for (Path o : objects
            .filter(p -> p.getFileName().toString().equals("object.yaml"))
            .sorted()
            .toList()) {
          JsonNode obj = object(o, kind);
          Object w = c.getMethod("of", JsonNode.class).invoke(null, obj);
          WorkloadTree direct = Repo.WM.resolve(prepared, obj);
          assertThat(c.getMethod("totalGpus").invoke(w))
              .as(o.toString())
              .isEqualTo(direct.totalResources().gpus());
          assertThat(c.getMethod("totalReplicas").invoke(w))
              .as(o.toString())
              .isEqualTo(direct.totalReplicas());
          if (direct.status() != null) {
            assertThat(c.getMethod("statuses").invoke(w))
                .as(o.toString())
                .isEqualTo(direct.status().matched());
          }
          checked.add(o.toString());
        }
      }
    }
    assertThat(checked).hasSizeGreaterThan(200);
  }

  private static Object invoke(Method m, Object target) {
    try {
      return m.invoke(target);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }

  /** The document of {@code kind} in {@code file} (a fragment without kind when there is only one document). */
  static JsonNode object(Path file, String kind) {
    List<YamlDocument> docs = new YamlReader().readAll(file);
    return docs.stream()
        .filter(d -> kind.equals(d.kind()))
        .findFirst()
        .orElse(docs.get(0))
        .root();
  }
}
