package dev.workloadmap.cli;

import dev.workloadmap.sdk.internal.text.TextTable;
import java.util.List;

/** kubectl-style tables: columns separated by three spaces, no trailing whitespace (the SDK's one aligner). */
final class Tables {
  private Tables() {}

  static void append(StringBuilder out, List<String[]> rows) {
    TextTable.append(out, rows, 3);
  }
}
