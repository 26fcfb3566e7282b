package dev.workloadmap.sdk.fuzz;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Helpers shared by the fuzz targets: UTF-8 decoding of raw inputs and the in-repository seed sources. */
final class FuzzSupport {

  static final Path CATALOG = Path.of("..", "catalog", "src", "main", "workloadmap");

  private FuzzSupport() {}

  /** The input as UTF-8 text, or null when it is not valid UTF-8 (the readers take text, not bytes). */
  static String utf8(byte[] data) {
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(java.nio.ByteBuffer.wrap(data))
          .toString();
    } catch (CharacterCodingException e) {
      return null;
    }
  }

  /** Every catalog definition file, sorted. */
  static List<Path> catalogDefinitions() {
    try (Stream<Path> s = Files.list(CATALOG)) {
      return s.map(p -> p.resolve("definition.yaml"))
          .filter(Files::isRegularFile)
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Every {@code object.yaml} of the catalog's fixtures, sorted. */
  static List<Path> catalogObjects() {
    List<Path> out = new ArrayList<>();
    try (Stream<Path> s = Files.walk(CATALOG)) {
      s.filter(p -> p.getFileName().toString().equals("object.yaml")).sorted().forEach(out::add);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  /** The ../shared folder (system property {@code workloadmap.shared.dir}), or null when absent. */
  static Path sharedDir() {
    String property = System.getProperty("workloadmap.shared.dir");
    if (property != null && Files.isDirectory(Path.of(property))) {
      return Path.of(property);
    }
    return Files.isDirectory(Path.of("..", "..", "shared")) ? Path.of("..", "..", "shared") : null;
  }

  /** Every file with one of the suffixes under {@code dir} (recursively), sorted; empty when dir is absent. */
  static List<Path> files(Path dir, String... suffixes) {
    if (dir == null || !Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> s = Files.walk(dir)) {
      return s.filter(Files::isRegularFile)
          .filter(
              p -> Stream.of(suffixes).anyMatch(x -> p.getFileName().toString().endsWith(x)))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
