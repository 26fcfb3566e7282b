package dev.workloadmap.cli;

import java.util.List;

/** kubectl-style tables: columns separated by three spaces, no trailing whitespace. */
final class Tables {
  private Tables() {}

  static void append(StringBuilder out, List<String[]> rows) {
    int cols = rows.stream().mapToInt(r -> r.length).max().orElse(0);
    int[] width = new int[cols];
    for (String[] r : rows) {
      for (int i = 0; i < r.length; i++) {
        width[i] = Math.max(width[i], r[i].codePointCount(0, r[i].length()));
      }
    }
    for (String[] r : rows) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < r.length; i++) {
        line.append(r[i]);
        if (i < r.length - 1) {
          line.append(" ".repeat(width[i] - r[i].codePointCount(0, r[i].length()) + 3));
        }
      }
      int end = line.length();
      while (end > 0 && line.charAt(end - 1) == ' ') {
        end--;
      }
      out.append(line, 0, end).append('\n');
    }
  }
}
