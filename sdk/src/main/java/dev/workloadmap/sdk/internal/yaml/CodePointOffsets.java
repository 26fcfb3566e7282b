package dev.workloadmap.sdk.internal.yaml;

import dev.workloadmap.sdk.yaml.SourceLocation;
import java.io.IOException;
import java.io.Reader;

/**
 * Finds the line and column of a code point offset, counting line breaks as SnakeYAML does ({@code \n}, {@code \r},
 * {@code \r\n}, U+0085, U+2028, U+2029). Used only on the error path, for SnakeYAML errors that carry an offset
 * instead of a mark.
 */
public final class CodePointOffsets {
  private CodePointOffsets() {}

  /**
   * The location of code point {@code offset} in {@code text}, read from the start, or {@code null} if the text is
   * shorter or cannot be read.
   */
  public static SourceLocation locate(Reader text, int offset, String file) {
    try {
      int line = 0;
      int column = 0;
      int index = 0;
      int pending = -1;
      boolean first = true;
      while (true) {
        int c = pending >= 0 ? pending : text.read();
        pending = -1;
        if (c < 0) {
          return null;
        }
        if (Character.isHighSurrogate((char) c)) {
          int low = text.read();
          if (low >= 0 && Character.isLowSurrogate((char) low)) {
            c = Character.toCodePoint((char) c, (char) low);
          } else {
            pending = low;
          }
        }
        if (index == offset) {
          return new SourceLocation(file, line + 1, column + 1, "");
        }
        index++;
        if (c == '\r') {
          int next = text.read();
          if (next == '\n') {
            index++;
          } else {
            pending = next;
          }
          if (index > offset) {
            return new SourceLocation(file, line + 1, column + 1, "");
          }
          line++;
          column = 0;
        } else if (c == '\n' || c == 0x85 || c == 0x2028 || c == 0x2029) {
          line++;
          column = 0;
        } else if (!(first && c == 0xFEFF)) {
          column++;
        }
        first = false;
      }
    } catch (IOException e) {
      return null;
    }
  }
}
