package dev.workloadmap.maven;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** Copies of the invoker projects in {@code src/it}, so that unit tests of the Mojos use the same inputs. */
final class ItProjects {
  private ItProjects() {}

  static final Path IT = Path.of("src", "it");

  /** Copies {@code src/it/<scenario>/<sub>} into {@code target} and returns the copy. */
  static Path copy(String scenario, String sub, Path target) {
    Path from = IT.resolve(scenario).resolve(sub);
    try (Stream<Path> s = Files.walk(from)) {
      for (Path p : s.toList()) {
        Path to = target.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(to);
        } else {
          Files.copy(p, to);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return target;
  }

  static Path write(Path file, String content) {
    try {
      Files.createDirectories(file.getParent());
      return Files.writeString(file, content);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
