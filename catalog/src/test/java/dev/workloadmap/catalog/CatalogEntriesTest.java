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
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** Every catalog entry (conformance §9 CA-05, CA-09) and its use of the real data. */
class CatalogEntriesTest {

  private final WorkloadMap wm = WorkloadMap.create();

  @TestFactory
  Stream<DynamicTest> everyEntryIsAValidCurrentFormDefinitionNamedByItsSlug() {
    return CatalogSources.definitionFiles().stream().map(file -> DynamicTest.dynamicTest(
        file.getParent().getFileName().toString(), () -> {
          List<WorkloadMap.Loaded> loaded = wm.read(file);
          assertThat(loaded).hasSize(1);
          assertThat(loaded.get(0).report().findings()).as("findings of %s", file).isEmpty();
          Definition d = loaded.get(0).definition();
          assertThat(d.form()).isEqualTo(DefinitionForm.CURRENT);
          assertThat(d.slug()).isEqualTo(file.getParent().getFileName().toString());
          assertThat(d.name()).isEqualTo(d.slug());
          assertThat(d.source().root().has("status")).as("catalog files carry no status").isFalse();
        }));
  }

  @TestFactory
  Stream<DynamicTest> everyEntryShipsInTheJarAtItsStablePath() {
    return CatalogSources.definitionFiles().stream().map(file -> DynamicTest.dynamicTest(
        file.getParent().getFileName().toString(), () -> {
          String resource = "META-INF/workloadmap/catalog/" + file.getParent().getFileName() + "/definition.yaml";
          try (InputStream in = getClass().getClassLoader().getResourceAsStream(resource)) {
            assertThat(in).as(resource).isNotNull();
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo(Files.readString(file));
          }
        }));
  }

  @TestFactory
  Stream<DynamicTest> everySharedSampleAndStatusOfTheKindIsUsedByAFixture() {
    assumeTrue(CatalogSources.sharedAvailable(), CatalogSources.skipReason());
    return CatalogSources.definitionFiles().stream().map(file -> DynamicTest.dynamicTest(
        file.getParent().getFileName().toString(), () -> {
          Definition d = wm.loadDefinition(file);
          String kind = d.rootGvk().kind().toLowerCase(Locale.ROOT);
          // ambiguous kinds are filed as <kind>.<group> (for example service.serving.knative.dev)
          String qualified = kind + "." + d.rootGvk().group();
          Set<String> used = new HashSet<>();
          for (Path fixture : CatalogSources.fixtureDirs(file)) {
            Path f = fixture.resolve("fixture.yaml");
            if (Files.isRegularFile(f)) {
              for (YamlDocument doc : new YamlReader().readAll(f)) {
                String shared = doc.root().at("/object/shared").asText("");
                if (!shared.isEmpty()) {
                  used.add(shared);
                }
              }
            }
          }
          for (String folder : List.of("samples", "statuses")) {
            String kindFolder = Files.isDirectory(CatalogSources.sharedDir().resolve("data").resolve(folder)
                .resolve(qualified)) ? qualified : kind;
            Path dir = CatalogSources.sharedDir().resolve("data").resolve(folder).resolve(kindFolder);
            if (!Files.isDirectory(dir)) {
              continue;
            }
            try (Stream<Path> files = Files.list(dir)) {
              for (Path p : files.sorted().toList()) {
                String rel = "data/" + folder + "/" + kindFolder + "/" + p.getFileName();
                assertThat(used).as("a fixture of %s uses %s", d.name(), rel).contains(rel);
              }
            } catch (IOException e) {
              throw new AssertionError(e);
            }
          }
        }));
  }
}
