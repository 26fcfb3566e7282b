package dev.workloadmap.sdk.internal.yaml;

import java.io.IOException;
import java.io.Reader;

/**
 * A {@link Reader} that keeps every char it passes on, so that the source text of a scalar can be cut out by the
 * code point indices of SnakeYAML's marks. Slicing is amortised linear when scalars are asked for in document order.
 */
final class SourceText extends Reader {
  private final Reader in;
  private final StringBuilder text = new StringBuilder();
  private boolean surrogates;
  private int anchorCodePoint;
  private int anchorChar;

  SourceText(Reader in) {
    this.in = in;
  }

  @Override
  public int read(char[] buf, int off, int len) throws IOException {
    int n = in.read(buf, off, len);
    if (n > 0) {
      text.append(buf, off, n);
      if (!surrogates) {
        for (int i = off; i < off + n; i++) {
          if (Character.isSurrogate(buf[i])) {
            surrogates = true;
            break;
          }
        }
      }
    }
    return n;
  }

  @Override
  public void close() throws IOException {
    in.close();
  }

  /** The text between two code point indices, or null if it has not been read (or the indices are bad). */
  String slice(int fromCodePoint, int toCodePoint) {
    if (fromCodePoint < 0 || toCodePoint < fromCodePoint) {
      return null;
    }
    int from = charIndex(fromCodePoint);
    int to = from < 0 ? -1 : charIndex(toCodePoint);
    return from < 0 || to < 0 ? null : text.substring(from, to);
  }

  private int charIndex(int codePoint) {
    if (!surrogates) {
      return codePoint <= text.length() ? codePoint : -1;
    }
    try {
      int at = text.offsetByCodePoints(anchorChar, codePoint - anchorCodePoint);
      anchorChar = at;
      anchorCodePoint = codePoint;
      return at;
    } catch (IndexOutOfBoundsException e) {
      return -1;
    }
  }
}
