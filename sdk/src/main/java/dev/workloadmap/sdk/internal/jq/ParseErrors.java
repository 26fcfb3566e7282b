package dev.workloadmap.sdk.internal.jq;

import dev.workloadmap.sdk.jq.JqParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns jackson-jq's compile failures into {@link JqParseException}s with a one-line detail and a 1-based line and
 * column inside the expression. jackson-jq reports them as {@code JsonQueryException("Cannot compile query: …")}
 * whose cause is one of:
 *
 * <ul>
 *   <li>a javacc {@code ParseException}: {@code Encountered " "end" "end "" at line 1, column 13.} followed by
 *       "Was expecting one of:" and a token list on further lines;
 *   <li>a javacc {@code TokenMgrError}: {@code Lexical error at line 1, column 1.  Encountered: '\\' (92), after :
 *       ""};
 *   <li>an {@code IllegalStateException} from the tree builder ({@code Unexpected ')' at line 2, column 4.}, {@code
 *       Pipe cannot be terminated by assignment or label: …});
 *   <li>a {@code NumberFormatException} for an integer literal beyond {@code long}.
 * </ul>
 *
 * Only the message texts are read, never jackson-jq's internal classes. javacc counts a tab as one column, like the
 * SDK.
 */
final class ParseErrors {
  private ParseErrors() {}

  private static final Pattern POSITION = Pattern.compile("at line (\\d+), column (\\d+)");
  private static final Pattern LEXICAL = Pattern.compile(
      "Lexical error at line (\\d+), column (\\d+)\\.\\s+Encountered: (<EOF>|'(.*?)' \\((\\d+)\\))");
  private static final Pattern AFTER = Pattern.compile("after : \"(.*)\"\\s*$", Pattern.DOTALL);
  private static final Pattern NUMBER = Pattern.compile("For input string: \"(.*)\"");

  static JqParseException from(String expression, Throwable failure) {
    Throwable root = failure;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String message = root.getMessage() == null ? "" : root.getMessage();
    int[] end = endPosition(expression);

    if (root instanceof StackOverflowError) {
      // about the whole expression: its start (a parse error always has a position)
      return new JqParseException(expression, "expression is nested too deeply", 1, 1, null);
    }
    if (expression.isBlank() || isOnlyComments(expression)) {
      return new JqParseException(expression, "empty expression", 1, 1, null);
    }
    if (message.startsWith("Encountered ")) {
      Matcher m = POSITION.matcher(message);
      if (message.startsWith("Encountered \"<EOF>\"") || !m.find()) {
        return new JqParseException(
            expression,
            "unexpected end of expression at line " + end[0] + ", column " + end[1]
                + hint(message, null),
            end[0],
            end[1],
            failure);
      }
      int line = Integer.parseInt(m.group(1));
      int column = Integer.parseInt(m.group(2));
      String token = tokenAt(expression, line, column);
      return new JqParseException(
          expression,
          "unexpected " + quote(token) + " at line " + line + ", column " + column
              + hint(message, token),
          line,
          column,
          failure);
    }
    Matcher lexical = LEXICAL.matcher(message);
    if (lexical.find()) {
      int line = Integer.parseInt(lexical.group(1));
      int column = Integer.parseInt(lexical.group(2));
      if ("<EOF>".equals(lexical.group(3))) {
        // "Encountered: <EOF> after : "`"": the text after the last good token cannot start any
        // token
        Matcher after = AFTER.matcher(message);
        String text = after.find() ? after.group(1) : "";
        if (!text.isEmpty() && !text.startsWith("\\\"")) {
          int[] at = positionOf(expression, Math.max(0, expression.length() - text.length()));
          String ch = new String(Character.toChars(text.codePointAt(0)));
          return new JqParseException(
              expression,
              "invalid character " + quote(ch) + " at line " + at[0] + ", column " + at[1],
              at[0],
              at[1],
              failure);
        }
        if (text.isEmpty() && column > 1) {
          // nothing consumed: the character just before the reported position cannot start a token
          String ch = tokenAt(expression, line, column - 1);
          if (!ch.isEmpty()) {
            ch = new String(Character.toChars(ch.codePointAt(0)));
            return new JqParseException(
                expression,
                "invalid character " + quote(ch) + " at line " + line + ", column " + (column - 1),
                line,
                column - 1,
                failure);
          }
        }
        return new JqParseException(
            expression,
            "unexpected end of expression at line " + end[0] + ", column " + end[1]
                + " (unterminated string?)",
            end[0],
            end[1],
            failure);
      }
      String ch = new String(Character.toChars(Integer.parseInt(lexical.group(5))));
      return new JqParseException(
          expression,
          "invalid character " + quote(ch) + " at line " + line + ", column " + column,
          line,
          column,
          failure);
    }
    Matcher number = NUMBER.matcher(message);
    if (root instanceof NumberFormatException && number.find()) {
      String literal = number.group(1);
      int[] at = positionOf(expression, expression.indexOf(literal));
      return new JqParseException(
          expression,
          "number " + literal + " is too large for the SDK's jq engine at line " + at[0]
              + ", column " + at[1],
          at[0],
          at[1],
          failure);
    }
    String detail = oneLine(message);
    if (detail.endsWith(".")) {
      detail = detail.substring(0, detail.length() - 1);
    }
    if (!detail.isEmpty()) {
      detail = Character.toLowerCase(detail.charAt(0)) + detail.substring(1);
    } else {
      detail = "syntax error";
    }
    Matcher m = POSITION.matcher(message);
    if (m.find()) {
      return new JqParseException(
          expression, detail, Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), failure);
    }
    // no position in the message (jackson-jq's tree builder: "assignment or label must be followed
    // by pipes: .a as
    // $x"): the fragment it quotes after the last ": ", where the expression has it, else the
    // expression's start
    int colon = message.lastIndexOf(": ");
    int offset =
        colon < 0 ? -1 : expression.indexOf(message.substring(colon + 2).strip());
    int[] at = positionOf(expression, Math.max(0, offset));
    return new JqParseException(expression, detail, at[0], at[1], failure);
  }

  /**
   * A hint for the one parse error that definitions written for gojq commonly hit (docs/format.md#validation-jq-sdk,
   * docs/format.md#jq-engines-differ).
   */
  private static String hint(String message, String token) {
    boolean expectsElse = message.contains("\"else\"");
    if (expectsElse && "end".equals(token)) {
      return " (an if needs an else branch in the SDK's jq engine: if ... then ... else ... end)";
    }
    return "";
  }

  /** The line and column just after the last character: where "end of expression" is. */
  static int[] endPosition(String expression) {
    return positionOf(expression, expression.length());
  }

  /** The 1-based line and column of character {@code offset} (a line break ends a line; tabs count as one). */
  static int[] positionOf(String expression, int offset) {
    if (offset < 0) {
      return new int[] {0, 0};
    }
    int line = 1;
    int column = 1;
    for (int i = 0; i < offset && i < expression.length(); i++) {
      char c = expression.charAt(i);
      if (c == '\n'
          || (c == '\r' && (i + 1 >= expression.length() || expression.charAt(i + 1) != '\n'))) {
        line++;
        column = 1;
      } else if (c != '\r') {
        column++;
      }
    }
    return new int[] {line, column};
  }

  /** The token that starts at (line, column), read from the expression itself. */
  static String tokenAt(String expression, int line, int column) {
    String[] lines = expression.split("\r\n|\r|\n", -1);
    if (line < 1 || line > lines.length) {
      return "";
    }
    String text = lines[line - 1];
    int start = column - 1;
    if (start < 0 || start >= text.length()) {
      return "";
    }
    char c = text.charAt(start);
    int end = start + 1;
    if (Character.isLetterOrDigit(c) || c == '_' || c == '$' || c == '@') {
      while (end < text.length()
          && (Character.isLetterOrDigit(text.charAt(end)) || text.charAt(end) == '_')) {
        end++;
      }
    } else if (c == '"') {
      while (end < text.length() && text.charAt(end) != '"' && end - start < 24) {
        end += text.charAt(end) == '\\' ? 2 : 1;
      }
      end = Math.min(end + 1, text.length());
    } else if ("|=<>!/.?+-*%".indexOf(c) >= 0) {
      while (end < text.length() && "|=<>!/.?".indexOf(text.charAt(end)) >= 0 && end - start < 3) {
        end++;
      }
    }
    return text.substring(start, end);
  }

  private static String quote(String token) {
    return "'" + token + "'";
  }

  private static boolean isOnlyComments(String expression) {
    for (String line : expression.split("\r\n|\r|\n")) {
      String t = line.strip();
      if (!t.isEmpty() && !t.startsWith("#")) {
        return false;
      }
    }
    return true;
  }

  static String oneLine(String s) {
    return s == null ? "" : s.strip().replaceAll("\\s*[\r\n]+\\s*", " ");
  }
}
