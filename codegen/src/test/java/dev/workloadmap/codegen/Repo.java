package dev.workloadmap.codegen;

import dev.workloadmap.sdk.WorkloadMap;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The repository's catalog sources and approved files, for tests (read in place from the source tree). */
final class Repo {
  private Repo() {}

  static final WorkloadMap WM = WorkloadMap.create();

  /** The reactor root ({@code workloadmap.repository.dir}, else the parent of the module folder). */
  static Path root() {
    String prop = System.getProperty("workloadmap.repository.dir");
    Path p =
        prop != null && !prop.isBlank() && !prop.contains("${") ? Path.of(prop) : Path.of("..");
    return p.toAbsolutePath().normalize();
  }

  static Path catalog() {
    return root().resolve("catalog/src/main/workloadmap");
  }

  static Path approved() {
    return root().resolve("codegen/src/test/resources/approved");
  }

  static boolean updateGolden() {
    return Boolean.getBoolean("workloadmap.codegen.updateGolden");
  }

  /** Every catalog slug, sorted. */
  static List<String> slugs() {
    try (Stream<Path> s = Files.list(catalog())) {
      return s.filter(p -> Files.isRegularFile(p.resolve("definition.yaml")))
          .map(p -> p.getFileName().toString())
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The catalog definition of {@code slug}, named by its path relative to the repository root. */
  static DefinitionSource definition(String slug) {
    Path file = catalog().resolve(slug).resolve("definition.yaml");
    return DefinitionSource.read(WM, file, root().relativize(file).toString().replace('\\', '/'));
  }
}
