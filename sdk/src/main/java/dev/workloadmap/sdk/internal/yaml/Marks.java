package dev.workloadmap.sdk.internal.yaml;

import dev.workloadmap.sdk.yaml.SourceLocation;
import org.yaml.snakeyaml.error.Mark;

/** SnakeYAML marks (0-based) as {@link SourceLocation}s (1-based). */
final class Marks {
  private Marks() {}

  static SourceLocation location(String file, Mark mark, String pointer) {
    return mark == null
        ? new SourceLocation(file, 0, 0, pointer)
        : new SourceLocation(file, mark.getLine() + 1, mark.getColumn() + 1, pointer);
  }

  /** {@code line L, column C} (1-based), for messages that refer to a second place. */
  static String describe(Mark mark) {
    return "line " + (mark.getLine() + 1) + ", column " + (mark.getColumn() + 1);
  }
}
