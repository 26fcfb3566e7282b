package dev.workloadmap.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.definition.DefinitionForm;
import dev.workloadmap.sdk.yaml.YamlDocument;
import dev.workloadmap.sdk.yaml.YamlReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** Every catalog entry (conformance §9 CA-05, CA-09) and its use of the real data. */
class CatalogEntriesTest {

  private final WorkloadMap wm = WorkloadMap.create();

  @TestFactory
  Stream<DynamicTest> everyEntryIsAValidCurrentFormDefinitionNamedByItsSlug() {
    return CatalogSources.definitionFiles().stream()
        .map(file -> DynamicTest.dynamicTest(file.getParent().getFileName().toString(), () -> {
          List<WorkloadMap.Loaded> loaded = wm.read(file);
          assertThat(loaded).hasSize(1);
          // clean: no error or warning; the only info is that podGroups is the deprecated gang
          // form, which the
          // catalog keeps because the reference library reads only that form
          assertThat(loaded.get(0).report().findings())
              .as("findings of %s", file)
              .allSatisfy(f -> assertThat(f.ruleId()).isEqualTo("lint.deprecated-pod-groups"));
          Definition d = loaded.get(0).definition();
          assertThat(d.form()).isEqualTo(DefinitionForm.CURRENT);
          assertThat(d.slug()).isEqualTo(file.getParent().getFileName().toString());
          assertThat(d.name()).isEqualTo(d.slug());
          assertThat(d.source().root().has("status"))
              .as("catalog files carry no status")
              .isFalse();
        }));
  }

  @TestFactory
  Stream<DynamicTest> everyEntryShipsInTheJarAtItsStablePath() {
    return CatalogSources.definitionFiles().stream()
        .map(file -> DynamicTest.dynamicTest(file.getParent().getFileName().toString(), () -> {
          String resource =
              "META-INF/workloadmap/catalog/" + file.getParent().getFileName() + "/definition.yaml";
          try (InputStream in = getClass().getClassLoader().getResourceAsStream(resource)) {
            assertThat(in).as(resource).isNotNull();
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8))
                .isEqualTo(Files.readString(file));
          }
        }));
  }

  /**
   * Shared files that are not workload objects of a catalog kind, each with the reason no fixture uses it. A file is
   * listed here only when no definition can take it as its object; the test fails for a listed file that is gone or
   * that a fixture uses after all, so the list cannot go stale.
   */
  static final Map<String, String> SUPPORTING = Map.ofEntries(
      Map.entry(
          "data/samples/clustertrainingruntime/deepspeed_distributed.yaml",
          "a ClusterTrainingRuntime: the runtime a TrainJob names; the TrainJob entry reads only the TrainJob and"
              + " reports what only the runtime carries as a problem naming it"),
      Map.entry(
          "data/samples/clustertrainingruntime/torch_distributed.yaml",
          "a ClusterTrainingRuntime (torch-distributed, the runtime of the TrainJob samples 01 and 03)"),
      // scheduler objects: no catalog kind has them as its root; the scheduler package's tests read
      // them in place
      // (sdk SchedulingPlannerTest: shapes the SDK's PodGroups must match; cli
      // SchedulerGangsApiServerTest: the
      // schedulers' CRDs the generated PodGroups are applied against)
      Map.entry(
          "data/samples/podgroup-kai/external-podgroup-job.yaml",
          "used by the scheduler tests: a KAI PodGroup"),
      Map.entry(
          "data/samples/podgroup-kai/multi-topology-jobs.yaml",
          "used by the scheduler tests: KAI PodGroups and Topology"),
      Map.entry(
          "data/samples/podgroup-kai/topology-aliases.yaml",
          "used by the scheduler tests: a KAI PodGroup with topology"),
      Map.entry(
          "data/samples/podgroup-coscheduling/nginx-replicaset-demo.yaml",
          "used by the scheduler tests: a scheduler-plugins coscheduling PodGroup"),
      Map.entry(
          "data/samples/queue-kai/default-queues.yaml",
          "used by the scheduler tests: KAI Queues a PodGroup names"),
      Map.entry(
          "data/statuses/podgroup-volcano/website-concept-podgroup-running.yaml",
          "used by the scheduler tests: a Volcano PodGroup status"),
      Map.entry(
          "data/statuses/podgroup-volcano/website-tutorial-deployment-podgroup-running.yaml",
          "used by the scheduler tests: a Volcano PodGroup status"));

  /** Issue 4: every file under ../shared/data/samples/ and ../shared/data/statuses/ is referenced by some fixture. */
  @Test
  void everySharedSampleAndStatusIsUsedByAFixture() throws IOException {
    assumeTrue(CatalogSources.sharedAvailable(), CatalogSources.skipReason());
    Set<String> used = new HashSet<>();
    for (Path file : CatalogSources.definitionFiles()) {
      for (Path fixture : CatalogSources.fixtureDirs(file)) {
        Path f = fixture.resolve("fixture.yaml");
        if (Files.isRegularFile(f)) {
          for (YamlDocument doc : new YamlReader().readAll(f)) {
            String shared = doc.root().at("/object/shared").asText("");
            if (!shared.isEmpty()) {
              assertThat(CatalogSources.sharedDir().resolve(shared))
                  .as("%s refers to", f)
                  .isRegularFile();
              used.add(shared);
            }
          }
        }
      }
    }
    List<String> unused = new ArrayList<>();
    for (String folder : List.of("samples", "statuses")) {
      Path root = CatalogSources.sharedDir().resolve("data").resolve(folder);
      try (Stream<Path> files = Files.walk(root)) {
        for (Path p : files.filter(Files::isRegularFile).sorted().toList()) {
          String rel = "data/" + folder + "/" + root.relativize(p).toString().replace('\\', '/');
          if (!used.contains(rel) && !SUPPORTING.containsKey(rel)) {
            unused.add(rel);
          }
        }
      }
    }
    assertThat(unused)
        .as("shared files no fixture uses (use them, or list them in SUPPORTING with the reason)")
        .isEmpty();
    for (String rel : SUPPORTING.keySet()) {
      assertThat(CatalogSources.sharedDir().resolve(rel))
          .as("listed as supporting: %s", rel)
          .isRegularFile();
      assertThat(used)
          .as("listed as supporting but used by a fixture: %s", rel)
          .doesNotContain(rel);
    }
  }
}
