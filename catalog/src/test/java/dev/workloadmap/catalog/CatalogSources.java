package dev.workloadmap.catalog;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Where the catalog's sources and the shared data are, for tests. */
final class CatalogSources {
  private CatalogSources() {}

  /** {@code catalog/src/main/workloadmap}. */
  static Path definitionsRoot() {
    return Path.of("src", "main", "workloadmap").toAbsolutePath();
  }

  /** Every {@code <slug>/definition.yaml}, sorted. */
  static List<Path> definitionFiles() {
    try (Stream<Path> s = Files.list(definitionsRoot())) {
      return s.map(p -> p.resolve("definition.yaml"))
          .filter(Files::isRegularFile)
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Every fixture folder of a definition, sorted. */
  static List<Path> fixtureDirs(Path definitionFile) {
    Path dir = definitionFile.getParent().resolve("fixtures");
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(Files::isDirectory).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The shared folder ({@code workloadmap.shared.dir}, else {@code ../../shared}); may not exist. */
  static Path sharedDir() {
    String prop = System.getProperty("workloadmap.shared.dir");
    Path p = prop != null && !prop.isBlank() ? Path.of(prop) : Path.of("..", "..", "shared");
    return p.toAbsolutePath().normalize();
  }

  static boolean sharedAvailable() {
    return Files.isDirectory(sharedDir().resolve("data"));
  }

  static String skipReason() {
    return "shared data not found at " + sharedDir()
        + " (the ../shared folder beside the checkout); skipping";
  }
}
