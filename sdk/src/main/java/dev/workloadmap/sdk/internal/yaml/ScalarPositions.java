package dev.workloadmap.sdk.internal.yaml;

import dev.workloadmap.sdk.yaml.ScalarSource;
import java.util.ArrayList;
import java.util.List;

/**
 * Maps each char of a string scalar's value back to the line and column it was written at, by decoding the
 * scalar's source text again (quotes, escapes, line folding, block indentation and chomping) while tracking
 * positions. The decoded text is compared with the value the reader produced; if they differ (a construct this
 * class does not model, such as an explicit block indentation indicator), there is no mapping and callers fall back
 * to the scalar's start.
 */
public final class ScalarPositions {
  private ScalarPositions() {}

  /**
   * The 1-based {line, column} of char {@code offset} of {@code value}; {@code offset == value.length()} gives the
   * position just after the last char. Null when the scalar cannot be mapped exactly.
   */
  public static int[] locate(ScalarSource source, String value, int offset) {
    if (offset < 0 || offset > value.length()) {
      return null;
    }
    Decoded d;
    try {
      d = decode(source);
    } catch (RuntimeException e) {
      return null;
    }
    if (d == null || !d.text.toString().equals(value)) {
      return null;
    }
    if (offset < value.length()) {
      return new int[] {d.lines.get(offset), d.columns.get(offset)};
    }
    if (value.isEmpty()) {
      return new int[] {source.line(), source.column()};
    }
    return new int[] {d.lines.get(offset - 1), d.columns.get(offset - 1) + 1};
  }

  /** One code point of the source with its position. */
  private record Src(int cp, int line, int column) {
    boolean isBreak() {
      return cp == '\n';
    }

    boolean isBlank() {
      return cp == ' ' || cp == '\t';
    }
  }

  /** A decoded code point and the source position it came from. */
  private record Out(int cp, int line, int column, boolean escaped) {
    boolean isBlank() {
      return !escaped && (cp == ' ' || cp == '\t');
    }
  }

  private static final class Decoded {
    final StringBuilder text = new StringBuilder();
    final List<Integer> lines = new ArrayList<>();
    final List<Integer> columns = new ArrayList<>();

    void add(int cp, int line, int column) {
      for (char c : Character.toChars(cp)) {
        text.append(c);
        lines.add(line);
        columns.add(column);
      }
    }

    void add(Out o) {
      add(o.cp(), o.line(), o.column());
    }
  }

  private static Decoded decode(ScalarSource source) {
    List<Src> src = split(source);
    int i = skipProperties(src);
    List<Src> body = src.subList(i, src.size());
    return switch (source.style()) {
      case PLAIN -> fold(plain(body));
      case SINGLE_QUOTED -> fold(singleQuoted(body));
      case DOUBLE_QUOTED -> fold(doubleQuoted(body));
      case LITERAL, FOLDED -> block(body, source.style() == ScalarSource.Style.FOLDED);
    };
  }

  /** The raw text as code points with positions; every line break ({@code \r\n} too) becomes one {@code \n}. */
  private static List<Src> split(ScalarSource source) {
    String raw = source.raw();
    List<Src> out = new ArrayList<>(raw.length());
    int line = source.line();
    int column = source.column();
    for (int i = 0; i < raw.length(); ) {
      int cp = raw.codePointAt(i);
      i += Character.charCount(cp);
      if (cp == '\r' || cp == '\n' || cp == 0x85 || cp == 0x2028 || cp == 0x2029) {
        if (cp == '\r' && i < raw.length() && raw.charAt(i) == '\n') {
          i++;
        }
        out.add(new Src('\n', line, column));
        line++;
        column = 1;
      } else {
        out.add(new Src(cp, line, column));
        column++;
      }
    }
    return out;
  }

  /** Skips anchors ({@code &a}) and tags ({@code !!str}) written before the scalar. */
  private static int skipProperties(List<Src> src) {
    int i = 0;
    while (i < src.size() && (src.get(i).cp() == '&' || src.get(i).cp() == '!')) {
      while (i < src.size() && !src.get(i).isBlank() && !src.get(i).isBreak()) {
        i++;
      }
      while (i < src.size() && (src.get(i).isBlank() || src.get(i).isBreak())) {
        i++;
      }
    }
    return i;
  }

  /** Lines of decoded code points, for flow folding; a line ends at an unescaped line break. */
  private record Lines(List<List<Out>> lines, List<Src> breaks, List<Boolean> joined) {}

  private static Lines plain(List<Src> body) {
    Lines l = new Lines(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
    List<Out> cur = new ArrayList<>();
    for (Src s : body) {
      if (s.isBreak()) {
        l.lines().add(cur);
        l.breaks().add(s);
        l.joined().add(false);
        cur = new ArrayList<>();
      } else {
        cur.add(new Out(s.cp(), s.line(), s.column(), false));
      }
    }
    l.lines().add(cur);
    return l;
  }

  private static Lines singleQuoted(List<Src> body) {
    if (body.size() < 2 || body.get(0).cp() != '\'' || body.get(body.size() - 1).cp() != '\'') {
      return null;
    }
    Lines l = new Lines(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
    List<Out> cur = new ArrayList<>();
    for (int i = 1; i < body.size() - 1; i++) {
      Src s = body.get(i);
      if (s.isBreak()) {
        l.lines().add(cur);
        l.breaks().add(s);
        l.joined().add(false);
        cur = new ArrayList<>();
      } else if (s.cp() == '\'') {
        cur.add(new Out('\'', s.line(), s.column(), true));
        i++; // the second quote of ''
      } else {
        cur.add(new Out(s.cp(), s.line(), s.column(), false));
      }
    }
    l.lines().add(cur);
    return l;
  }

  private static Lines doubleQuoted(List<Src> body) {
    if (body.size() < 2 || body.get(0).cp() != '"' || body.get(body.size() - 1).cp() != '"') {
      return null;
    }
    Lines l = new Lines(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
    List<Out> cur = new ArrayList<>();
    int end = body.size() - 1;
    for (int i = 1; i < end; i++) {
      Src s = body.get(i);
      if (s.isBreak()) {
        l.lines().add(cur);
        l.breaks().add(s);
        l.joined().add(false);
        cur = new ArrayList<>();
        continue;
      }
      if (s.cp() != '\\') {
        cur.add(new Out(s.cp(), s.line(), s.column(), false));
        continue;
      }
      if (i + 1 >= end) {
        return null;
      }
      Src e = body.get(i + 1);
      if (e.isBreak()) {
        l.lines().add(cur);
        l.breaks().add(e);
        l.joined().add(true);
        cur = new ArrayList<>();
        i++;
        continue;
      }
      int cp = 0;
      int width = 0;
      switch (e.cp()) {
        case '0' -> cp = 0;
        case 'a' -> cp = 7;
        case 'b' -> cp = '\b';
        case 't', '\t' -> cp = '\t';
        case 'n' -> cp = '\n';
        case 'v' -> cp = 11;
        case 'f' -> cp = '\f';
        case 'r' -> cp = '\r';
        case 'e' -> cp = 0x1b;
        case ' ' -> cp = ' ';
        case '"' -> cp = '"';
        case '/' -> cp = '/';
        case '\\' -> cp = '\\';
        case 'N' -> cp = 0x85;
        case '_' -> cp = 0xa0;
        case 'L' -> cp = 0x2028;
        case 'P' -> cp = 0x2029;
        case 'x' -> width = 2;
        case 'u' -> width = 4;
        case 'U' -> width = 8;
        default -> {
          return null;
        }
      }
      if (width > 0) {
        if (i + 2 + width > end) {
          return null;
        }
        StringBuilder hex = new StringBuilder();
        for (int k = i + 2; k < i + 2 + width; k++) {
          hex.appendCodePoint(body.get(k).cp());
        }
        cp = Integer.parseInt(hex.toString(), 16);
      }
      cur.add(new Out(cp, s.line(), s.column(), true));
      i += 1 + width;
    }
    l.lines().add(cur);
    return l;
  }

  /**
   * Flow folding (plain and quoted scalars): continuation lines lose their leading white space, lines lose their
   * trailing white space, one line break becomes a space and each further empty line a line feed; an escaped line
   * break joins the lines without a space.
   */
  private static Decoded fold(Lines l) {
    if (l == null) {
      return null;
    }
    Decoded d = new Decoded();
    List<List<Out>> lines = l.lines();
    int last = lines.size() - 1;
    List<Src> pending = new ArrayList<>();
    for (int k = 0; k <= last; k++) {
      List<Out> line = lines.get(k);
      int from = 0;
      int to = line.size();
      if (k > 0) {
        while (from < to && line.get(from).isBlank()) {
          from++;
        }
      }
      boolean endsWithRealBreak = k < last && !l.joined().get(k);
      if (endsWithRealBreak) {
        while (to > from && line.get(to - 1).isBlank()) {
          to--;
        }
      }
      if (k > 0 && !l.joined().get(k - 1)) {
        if (from == to && k < last) {
          pending.add(l.breaks().get(k));
          continue;
        }
        if (pending.isEmpty()) {
          Src b = l.breaks().get(k - 1);
          d.add(' ', b.line(), b.column());
        } else {
          for (Src b : pending) {
            d.add('\n', b.line(), b.column());
          }
          pending.clear();
        }
      }
      for (int j = from; j < to; j++) {
        d.add(line.get(j));
      }
    }
    return d;
  }

  /** Literal ({@code |}) and folded ({@code >}) blocks with automatic indentation and any chomping. */
  private static Decoded block(List<Src> body, boolean folded) {
    int i = 1;
    char chomp = 'c';
    while (i < body.size()
        && !body.get(i).isBreak()
        && !body.get(i).isBlank()
        && body.get(i).cp() != '#') {
      int c = body.get(i).cp();
      if (c == '+' || c == '-') {
        chomp = (char) c;
      } else {
        return null; // an explicit indentation indicator: the parent's indentation is not known
        // here
      }
      i++;
    }
    while (i < body.size() && !body.get(i).isBreak()) {
      i++;
    }
    i++; // the header's line break
    // split into lines; the part after the last break is not a line of the block
    List<List<Src>> lines = new ArrayList<>();
    List<Src> breaks = new ArrayList<>();
    List<Src> cur = new ArrayList<>();
    for (int k = i; k < body.size(); k++) {
      Src s = body.get(k);
      if (s.isBreak()) {
        lines.add(cur);
        breaks.add(s);
        cur = new ArrayList<>();
      } else {
        cur.add(s);
      }
    }
    if (!cur.isEmpty() && !cur.stream().allMatch(Src::isBlank)) {
      lines.add(cur);
      breaks.add(null);
    }
    int indent = -1;
    for (List<Src> line : lines) {
      int n = leadingSpaces(line);
      if (n < line.size()) {
        indent = n;
        break;
      }
    }
    Decoded d = new Decoded();
    if (indent < 0) {
      return d; // no content
    }
    int lastContent = -1;
    for (int k = 0; k < lines.size(); k++) {
      if (lines.get(k).size() > indent) {
        lastContent = k;
      }
    }
    Integer previous = null;
    boolean previousMoreIndented = false;
    List<Src> pending = new ArrayList<>();
    for (int k = 0; k <= lastContent; k++) {
      List<Src> line = lines.get(k);
      if (line.size() <= indent) {
        if (previous != null || !folded) {
          pending.add(breaks.get(k));
        } else {
          d.add('\n', breaks.get(k).line(), breaks.get(k).column());
        }
        continue;
      }
      boolean moreIndented = line.get(indent).isBlank();
      if (previous != null) {
        Src b = breaks.get(previous);
        if (folded && !moreIndented && !previousMoreIndented) {
          if (pending.isEmpty()) {
            d.add(' ', b.line(), b.column());
          }
        } else {
          d.add('\n', b.line(), b.column());
        }
        for (Src p : pending) {
          d.add('\n', p.line(), p.column());
        }
      } else {
        for (Src p : pending) {
          d.add('\n', p.line(), p.column());
        }
      }
      pending.clear();
      for (int j = indent; j < line.size(); j++) {
        d.add(line.get(j).cp(), line.get(j).line(), line.get(j).column());
      }
      previous = k;
      previousMoreIndented = moreIndented;
    }
    if (chomp != '-') {
      Src b = breaks.get(lastContent);
      if (b != null) {
        d.add('\n', b.line(), b.column());
        if (chomp == '+') {
          for (int k = lastContent + 1; k < breaks.size(); k++) {
            if (breaks.get(k) != null) {
              d.add('\n', breaks.get(k).line(), breaks.get(k).column());
            }
          }
        }
      }
    }
    return d;
  }

  private static int leadingSpaces(List<Src> line) {
    int n = 0;
    while (n < line.size() && line.get(n).cp() == ' ') {
      n++;
    }
    return n;
  }
}
