package dev.workloadmap.sdk.internal.text;

import java.util.ArrayList;
import java.util.List;

/**
 * The one column aligner of the project: rows of cells as columns separated by a gap of spaces after the widest cell,
 * widths counted in code points, no trailing whitespace. A spanning row (one cell, such as {@code ... and 3 more}) is
 * printed as it is and neither takes part in nor breaks the column widths.
 *
 * <p>The SDK's text views (tree, live, resources) use a gap of 2; the CLI's kubectl-style tables a gap of 3.
 */
public final class TextTable {
  private final int gap;
  private final List<String[]> rows = new ArrayList<>();
  private final List<Boolean> spanning = new ArrayList<>();

  /** A table whose columns are separated by at least {@code gap} spaces. */
  public TextTable(int gap) {
    if (gap < 1) {
      throw new IllegalArgumentException("gap must be at least 1: " + gap);
    }
    this.gap = gap;
  }

  /** Adds a row of cells. */
  public TextTable row(String... cells) {
    rows.add(cells.clone());
    spanning.add(false);
    return this;
  }

  /** Adds a row printed as it is, outside the columns. */
  public TextTable spanningRow(String text) {
    rows.add(new String[] {text});
    spanning.add(true);
    return this;
  }

  /** Appends the rows, each ending with a newline. */
  public void appendTo(StringBuilder out) {
    int cols = rows.stream().mapToInt(r -> r.length).max().orElse(0);
    int[] width = new int[cols];
    for (int k = 0; k < rows.size(); k++) {
      if (spanning.get(k)) {
        continue;
      }
      String[] r = rows.get(k);
      for (int i = 0; i < r.length; i++) {
        width[i] = Math.max(width[i], length(r[i]));
      }
    }
    for (String[] r : rows) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < r.length; i++) {
        line.append(r[i]);
        if (i < r.length - 1) {
          line.append(" ".repeat(Math.max(0, width[i] - length(r[i])) + gap));
        }
      }
      int end = line.length();
      while (end > 0 && line.charAt(end - 1) == ' ') {
        end--;
      }
      out.append(line, 0, end).append('\n');
    }
  }

  @Override
  public String toString() {
    StringBuilder out = new StringBuilder();
    appendTo(out);
    return out.toString();
  }

  /** Appends {@code rows} aligned with {@code gap} (no spanning rows). */
  public static void append(StringBuilder out, List<String[]> rows, int gap) {
    TextTable t = new TextTable(gap);
    rows.forEach(t::row);
    t.appendTo(out);
  }

  private static int length(String s) {
    return s.codePointCount(0, s.length());
  }
}
