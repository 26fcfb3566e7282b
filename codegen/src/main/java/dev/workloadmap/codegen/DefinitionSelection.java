package dev.workloadmap.codegen;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Which definition files of a folder to generate accessors for: glob patterns ({@link
 * java.nio.file.FileSystem#getPathMatcher} syntax) matched against each file's path relative to the folder.
 */
public final class DefinitionSelection {

  /** The folder layout of {@code workloadmap:verify}: {@code <slug>/definition.yaml}. */
  public static final List<String> DEFAULT_INCLUDES = List.of("*/definition.yaml");

  private DefinitionSelection() {}

  /**
   * The files under {@code directory} matching any of {@code includes} (default {@link #DEFAULT_INCLUDES} when null
   * or empty) and none of {@code excludes}, sorted by relative path.
   *
   * @throws CodegenException when {@code directory} is not a folder, or nothing matches (the message lists the
   *     patterns)
   */
  public static List<Path> select(Path directory, List<String> includes, List<String> excludes) {
    List<String> inc = includes == null || includes.isEmpty() ? DEFAULT_INCLUDES : includes;
    List<String> exc = excludes == null ? List.of() : excludes;
    if (!Files.isDirectory(directory)) {
      throw new CodegenException(
          List.of(directory + ": no such definitions folder; set definitionsDirectory to the"
              + " folder holding the definitions"));
    }
    List<PathMatcher> in = matchers(inc);
    List<PathMatcher> ex = matchers(exc);
    List<Path> out;
    try (Stream<Path> s = Files.walk(directory)) {
      out = s.filter(Files::isRegularFile)
          .filter(p -> {
            Path rel = directory.relativize(p);
            return in.stream().anyMatch(m -> m.matches(rel))
                && ex.stream().noneMatch(m -> m.matches(rel));
          })
          .sorted((a, b) ->
              slashed(directory.relativize(a)).compareTo(slashed(directory.relativize(b))))
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (out.isEmpty()) {
      throw new CodegenException(List.of(directory + ": no definition file matches includes " + inc
          + (exc.isEmpty() ? "" : " and excludes " + exc)
          + "; check the patterns (relative to this folder)"));
    }
    return out;
  }

  private static List<PathMatcher> matchers(List<String> globs) {
    List<PathMatcher> out = new ArrayList<>();
    for (String g : globs) {
      out.add(FileSystems.getDefault().getPathMatcher("glob:" + g));
    }
    return out;
  }

  /** {@code p} with {@code /} separators. */
  static String slashed(Path p) {
    return p.toString().replace('\\', '/');
  }
}
