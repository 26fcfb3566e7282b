package dev.workloadmap.sdk.internal.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The one column aligner (SDK text views with a gap of 2, the CLI's tables with 3). */
class TextTableTest {

  @Test
  void columnsAreAsWideAsTheirWidestCellPlusTheGapWithoutTrailingSpaces() {
    String out = new TextTable(2)
        .row("NAME", "GPU", "")
        .row("a-long-name", "4", "")
        .row("b", "", "")
        .toString();
    assertThat(out).isEqualTo("NAME         GPU\na-long-name  4\nb\n");
  }

  @Test
  void theGapIsAParameter() {
    StringBuilder sb = new StringBuilder();
    TextTable.append(sb, List.<String[]>of(new String[] {"A", "B"}, new String[] {"ccc", "d"}), 3);
    assertThat(sb).hasToString("A     B\nccc   d\n");
  }

  @Test
  void widthsCountCodePointsSoTreeGlyphsAlign() {
    String out = new TextTable(2).row("└── x", "1").row("root", "2").toString();
    assertThat(out).isEqualTo("└── x  1\nroot   2\n");
  }

  @Test
  void aSpanningRowNeitherWidensNorBreaksTheColumns() {
    String out = new TextTable(2)
        .row("a", "1")
        .spanningRow("... and 12 more components")
        .row("bb", "2")
        .toString();
    assertThat(out).isEqualTo("a   1\n... and 12 more components\nbb  2\n");
  }

  @Test
  void aGapBelowOneIsRefused() {
    assertThatThrownBy(() -> new TextTable(0)).isInstanceOf(IllegalArgumentException.class);
  }
}
