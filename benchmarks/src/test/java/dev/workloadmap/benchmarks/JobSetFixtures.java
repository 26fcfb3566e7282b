package dev.workloadmap.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.yaml.YamlDocument;
import dev.workloadmap.sdk.yaml.YamlReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * The fixtures of the JobSet catalog entry, read from the catalog's source tree ({@code
 * catalog/src/main/workloadmap/jobset-x-k8s-io-jobset-v1alpha2/fixtures/<case>/}): {@code object.yaml}, or {@code
 * fixture.yaml} naming an object in the shared folder or beside the fixture; and {@code expected.yaml}.
 */
final class JobSetFixtures {

  private static final YamlReader YAML = new YamlReader();

  /**
   * One fixture.
   *
   * @param name the fixture's folder name
   * @param dir the fixture's folder
   * @param expected the parsed {@code expected.yaml}
   */
  record Fixture(String name, Path dir, JsonNode expected) {

    /**
     * The fixture's JobSet object. Aborts the calling test (JUnit assumption) when the object lives in the shared
     * folder and that folder is absent.
     */
    JsonNode object() {
      Path objectFile = dir.resolve("object.yaml");
      if (Files.isRegularFile(objectFile)) {
        return jobSet(objectFile);
      }
      JsonNode source = single(dir.resolve("fixture.yaml")).path("object");
      if (source.hasNonNull("file")) {
        return jobSet(dir.resolve(source.get("file").asText()));
      }
      String shared = source.path("shared").asText();
      if (shared.isEmpty()) {
        throw new IllegalStateException(
            dir + ": fixture.yaml names no object (object.shared or object.file)");
      }
      Path sharedDir = sharedDir();
      Assumptions.assumeTrue(
          sharedDir != null,
          () -> "shared folder not found (set -Dworkloadmap.shared.dir); fixture " + name
              + " reads " + shared);
      return jobSet(sharedDir.resolve(shared));
    }

    @Override
    public String toString() {
      return name;
    }
  }

  private JobSetFixtures() {}

  /** The catalog entry's folder: {@code -Dworkloadmap.catalog.dir}, else {@code ../catalog/src/main/workloadmap}. */
  static Path entryDir() {
    String configured = System.getProperty("workloadmap.catalog.dir");
    Path root = configured == null || configured.isBlank()
        ? Path.of("../catalog/src/main/workloadmap")
        : Path.of(configured);
    Path entry = root.resolve(JobSetInputs.SLUG);
    if (!Files.isDirectory(entry)) {
      throw new IllegalStateException(
          "JobSet catalog entry not found at " + entry.toAbsolutePath().normalize()
              + "; run the tests from the benchmarks module or set -Dworkloadmap.catalog.dir");
    }
    return entry;
  }

  /** Every fixture of the entry, sorted by name. */
  static List<Fixture> all() {
    Path fixtures = entryDir().resolve("fixtures");
    try (Stream<Path> dirs = Files.list(fixtures)) {
      List<Fixture> out = new ArrayList<>();
      for (Path dir : dirs.filter(Files::isDirectory).sorted().toList()) {
        out.add(
            new Fixture(dir.getFileName().toString(), dir, single(dir.resolve("expected.yaml"))));
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + fixtures + ": " + e.getMessage(), e);
    }
  }

  /** The shared folder ({@code -Dworkloadmap.shared.dir}, else {@code ../../shared}), or null when absent. */
  static Path sharedDir() {
    String configured = System.getProperty("workloadmap.shared.dir");
    List<Path> candidates = configured == null || configured.isBlank()
        ? List.of(Path.of("../../shared"), Path.of("../shared"))
        : List.of(Path.of(configured));
    for (Path p : candidates) {
      if (Files.isDirectory(p.resolve("data"))) {
        return p;
      }
    }
    return null;
  }

  private static JsonNode single(Path file) {
    List<YamlDocument> docs = YAML.readAll(file);
    if (docs.size() != 1) {
      throw new IllegalStateException(file + ": expected one YAML document, found " + docs.size());
    }
    return docs.get(0).root();
  }

  /** The one JobSet document of {@code file}. */
  private static JsonNode jobSet(Path file) {
    List<JsonNode> found = new ArrayList<>();
    for (YamlDocument d : YAML.readAll(file)) {
      if ("JobSet".equals(d.kind())) {
        found.add(d.root());
      }
    }
    if (found.size() != 1) {
      throw new IllegalStateException(
          file + ": expected one JobSet document, found " + found.size());
    }
    return found.get(0);
  }
}
