package dev.workloadmap.codegen;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * One generated file.
 *
 * @param path the path relative to its output folder, with {@code /} separators, for example {@code
 *     com/example/JobSetWorkload.java}
 * @param kind a Java source (goes to the source folder) or a class path resource (goes to the resource folder)
 * @param content the exact bytes (UTF-8 for sources)
 */
public record GeneratedFile(String path, Kind kind, byte[] content) {

  /** Where a generated file belongs. */
  public enum Kind {
    /** A {@code .java} file for the compile source root. */
    SOURCE,
    /** A class path resource, read by the generated class at run time. */
    RESOURCE
  }

  public GeneratedFile {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(kind, "kind");
    content = content.clone();
  }

  @Override
  public byte[] content() {
    return content.clone();
  }

  /** The content as UTF-8 text. */
  public String text() {
    return new String(content, StandardCharsets.UTF_8);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof GeneratedFile g
        && g.path.equals(path)
        && g.kind == kind
        && Arrays.equals(g.content, content);
  }

  @Override
  public int hashCode() {
    return Objects.hash(path, kind, Arrays.hashCode(content));
  }

  @Override
  public String toString() {
    return kind + " " + path + " (" + content.length + " bytes)";
  }
}
