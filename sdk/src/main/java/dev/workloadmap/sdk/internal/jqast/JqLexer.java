package dev.workloadmap.sdk.internal.jqast;

import java.util.Set;

/**
 * The tokens of gojq's query language, read on demand from a position (so that the parser can read string literals,
 * whose interpolations nest, itself). Offsets are 0-based char indices.
 */
final class JqLexer {

  enum Kind {
    /** An identifier, possibly module-qualified ({@code a::b}); also {@code true}, {@code not}, … */
    IDENT,
    /** A reserved word: {@link #KEYWORDS}. */
    KEYWORD,
    /** {@code .name} (text is the name). */
    FIELD,
    /** {@code $name} (text is the name). */
    VARIABLE,
    /** {@code @name} (text is the name). */
    FORMAT,
    NUMBER,
    /** The opening {@code "} of a string literal; the parser reads the rest. */
    QUOTE,
    /** Punctuation and operators (text is the symbol). */
    SYMBOL,
    EOF
  }

  record Token(Kind kind, String text, int start, int end) {
    boolean is(String symbol) {
      return (kind == Kind.SYMBOL || kind == Kind.KEYWORD) && text.equals(symbol);
    }

    String describe() {
      return switch (kind) {
        case EOF -> "end of expression";
        case QUOTE -> "string";
        case FIELD -> "'." + text + "'";
        case VARIABLE -> "'$" + text + "'";
        case FORMAT -> "'@" + text + "'";
        default -> "'" + text + "'";
      };
    }
  }

  static final Set<String> KEYWORDS = Set.of(
      "def", "if", "then", "elif", "else", "end", "as", "reduce", "foreach", "try", "catch",
      "label", "import", "include", "module", "and", "or", "__loc__", "break");

  /** Longest first, so that {@code ?//} wins over {@code ?} and {@code //=} over {@code //}. */
  private static final String[] SYMBOLS = {
    "?//", "//=", "|=", "+=", "-=", "*=", "/=", "%=", "==", "!=", "<=", ">=", "//", "|", ",", "+",
    "-", "*", "/", "%", "=", "<", ">", "(", ")", "[", "]", "{", "}", ":", ";", "?"
  };

  private final String src;
  private int pos;

  JqLexer(String src) {
    this.src = src;
  }

  int pos() {
    return pos;
  }

  void reset(int position) {
    this.pos = position;
  }

  String source() {
    return src;
  }

  Token next() {
    skipSpaceAndComments();
    int n = src.length();
    if (pos >= n) {
      return new Token(Kind.EOF, "", n, n);
    }
    int start = pos;
    char c = src.charAt(pos);
    if (c == '"') {
      pos++;
      return new Token(Kind.QUOTE, "\"", start, pos);
    }
    if (c == '.') {
      if (pos + 1 < n && src.charAt(pos + 1) == '.') {
        pos += 2;
        return new Token(Kind.SYMBOL, "..", start, pos);
      }
      if (pos + 1 < n && isIdentStart(src.charAt(pos + 1))) {
        pos++;
        String name = ident(false);
        return new Token(Kind.FIELD, name, start, pos);
      }
      if (pos + 1 < n && isDigit(src.charAt(pos + 1))) {
        return number(start);
      }
      pos++;
      return new Token(Kind.SYMBOL, ".", start, pos);
    }
    if (isDigit(c)) {
      return number(start);
    }
    if (c == '$' || c == '@') {
      if (pos + 1 < n && isIdentStart(src.charAt(pos + 1))) {
        pos++;
        String name = ident(c == '$');
        return new Token(c == '$' ? Kind.VARIABLE : Kind.FORMAT, name, start, pos);
      }
      throw new JqSyntaxException("'" + c + "' must be followed by a name", start);
    }
    if (isIdentStart(c)) {
      String name = ident(true);
      return new Token(KEYWORDS.contains(name) ? Kind.KEYWORD : Kind.IDENT, name, start, pos);
    }
    for (String s : SYMBOLS) {
      if (src.startsWith(s, pos)) {
        pos += s.length();
        return new Token(Kind.SYMBOL, s, start, pos);
      }
    }
    throw new JqSyntaxException("unexpected character '" + printable(c) + "'", start);
  }

  private void skipSpaceAndComments() {
    int n = src.length();
    while (pos < n) {
      char c = src.charAt(pos);
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
        pos++;
      } else if (c == '#') {
        while (pos < n && src.charAt(pos) != '\n' && src.charAt(pos) != '\r') {
          pos++;
        }
      } else {
        return;
      }
    }
  }

  /** An identifier at {@code pos}; with {@code qualified}, {@code a::b} parts are included. */
  private String ident(boolean qualified) {
    int start = pos;
    int n = src.length();
    while (true) {
      while (pos < n && isIdentPart(src.charAt(pos))) {
        pos++;
      }
      if (qualified
          && pos + 2 < n
          && src.charAt(pos) == ':'
          && src.charAt(pos + 1) == ':'
          && isIdentStart(src.charAt(pos + 2))) {
        pos += 2;
        continue;
      }
      return src.substring(start, pos);
    }
  }

  /** {@code ([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?} */
  private Token number(int start) {
    int n = src.length();
    while (pos < n && isDigit(src.charAt(pos))) {
      pos++;
    }
    if (pos < n && src.charAt(pos) == '.' && !(pos + 1 < n && src.charAt(pos + 1) == '.')) {
      pos++;
      while (pos < n && isDigit(src.charAt(pos))) {
        pos++;
      }
    }
    if (pos < n && (src.charAt(pos) == 'e' || src.charAt(pos) == 'E')) {
      int save = pos;
      pos++;
      if (pos < n && (src.charAt(pos) == '+' || src.charAt(pos) == '-')) {
        pos++;
      }
      if (pos < n && isDigit(src.charAt(pos))) {
        while (pos < n && isDigit(src.charAt(pos))) {
          pos++;
        }
      } else {
        pos = save;
      }
    }
    return new Token(Kind.NUMBER, src.substring(start, pos), start, pos);
  }

  static boolean isIdentStart(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
  }

  static boolean isIdentPart(char c) {
    return isIdentStart(c) || isDigit(c);
  }

  static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  static String printable(char c) {
    return c < 0x20 || c == 0x7f ? String.format("\\u%04x", (int) c) : String.valueOf(c);
  }
}
