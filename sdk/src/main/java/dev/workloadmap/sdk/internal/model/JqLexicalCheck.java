package dev.workloadmap.sdk.internal.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The rejected jq constructs of spec §4.2 and decision c, found lexically and therefore at any depth (the reference's
 * shallow walk misses {@code [del(.a)]}). String literals are skipped, but the code inside string interpolation
 * {@code \(...)} is scanned. Unknown functions and undefined variables need a parser and belong to the linter.
 */
public final class JqLexicalCheck {
  private JqLexicalCheck() {}

  private static final Set<String> EXCESSIVE = Set.of("range", "paths", "recurse", "walk", "repeat");
  private static final Set<String> NOT_ALLOWED =
      Set.of("env", "input", "inputs", "debug", "stderr", "halt", "halt_error", "input_filename");
  private static final Set<String> VARIABLES = Set.of("ENV", "__loc__");
  private static final Set<String> KEYWORDS =
      Set.of(
          "def", "if", "then", "elif", "else", "end", "as", "reduce", "foreach", "try", "catch", "label", "import",
          "include", "and", "or", "not", "__loc__");

  /** Each finding's text, in the reference's wording (without the wrapper), in order of appearance. */
  public static List<String> check(String expr) {
    List<String> out = new ArrayList<>();
    scan(expr, 0, expr.length(), out);
    return out;
  }

  private static void scan(String s, int from, int to, List<String> out) {
    int i = from;
    char prevSignificant = 0;
    String prevWord = null;
    while (i < to) {
      char c = s.charAt(i);
      if (c == '#') {
        while (i < to && s.charAt(i) != '\n') {
          i++;
        }
        continue;
      }
      if (Character.isWhitespace(c)) {
        i++;
        continue;
      }
      if (c == '"') {
        i = string(s, i + 1, to, out);
        prevSignificant = '"';
        prevWord = null;
        continue;
      }
      if (c == '.' && i + 1 < to && s.charAt(i + 1) == '.') {
        out.add("recursive descent operator '..' is not allowed");
        i += 2;
        prevSignificant = '.';
        prevWord = null;
        continue;
      }
      if (c == '$' && i + 1 < to && isIdentStart(s.charAt(i + 1))) {
        int j = i + 1;
        while (j < to && isIdentPart(s, j)) {
          j++;
        }
        String name = s.substring(i + 1, j);
        if (VARIABLES.contains(name)) {
          out.add("variable '$" + name + "' is not allowed");
        }
        i = j;
        prevSignificant = 'v';
        prevWord = null;
        continue;
      }
      if (isIdentStart(c)) {
        int j = i;
        while (j < to && isIdentPart(s, j)) {
          j++;
        }
        String word = s.substring(i, j);
        boolean fieldAccess = prevSignificant == '.' || prevSignificant == '@';
        int k = j;
        while (k < to && Character.isWhitespace(s.charAt(k))) {
          k++;
        }
        boolean objectKey = k < to && s.charAt(k) == ':' && !(k + 1 < to && s.charAt(k + 1) == ':')
            && !"def".equals(prevWord);
        if (!fieldAccess && !objectKey && !KEYWORDS.contains(word)) {
          if ("del".equals(word)) {
            out.add("del function is not allowed");
          } else if (EXCESSIVE.contains(word)) {
            out.add("function '" + word + "' may produce excessive output and is not allowed");
          } else if (NOT_ALLOWED.contains(word)) {
            out.add("function '" + word + "' is not allowed");
          }
        }
        i = j;
        prevSignificant = 'w';
        prevWord = word;
        continue;
      }
      String op = assignment(s, i, to);
      if (op != null) {
        out.add("modifying operator '" + op + "' is not allowed");
        i += op.length();
        prevSignificant = '=';
        prevWord = null;
        continue;
      }
      if (c == '=' && i + 1 < to && s.charAt(i + 1) == '=') {
        i += 2;
      } else if ((c == '!' || c == '<' || c == '>') && i + 1 < to && s.charAt(i + 1) == '=') {
        i += 2;
      } else {
        i++;
      }
      prevSignificant = c;
      prevWord = null;
    }
  }

  private static String assignment(String s, int i, int to) {
    for (String op : new String[] {"//=", "|=", "+=", "-=", "*=", "/=", "%="}) {
      if (s.startsWith(op, i) && i + op.length() <= to) {
        if (op.equals("/=") && i > 0 && s.charAt(i - 1) == '/') {
          continue;
        }
        return op;
      }
    }
    char c = s.charAt(i);
    if (c == '=' && !(i + 1 < to && s.charAt(i + 1) == '=')) {
      char before = i > 0 ? s.charAt(i - 1) : ' ';
      if (before != '=' && before != '!' && before != '<' && before != '>') {
        return "=";
      }
    }
    return null;
  }

  /** Skips a string literal starting after its opening quote; scans interpolations; returns the index after it. */
  private static int string(String s, int i, int to, List<String> out) {
    while (i < to) {
      char c = s.charAt(i);
      if (c == '\\' && i + 1 < to) {
        if (s.charAt(i + 1) == '(') {
          int depth = 1;
          int start = i + 2;
          int j = start;
          while (j < to && depth > 0) {
            char d = s.charAt(j);
            if (d == '"') {
              j = string(s, j + 1, to, new ArrayList<>());
              continue;
            }
            if (d == '(') {
              depth++;
            } else if (d == ')') {
              depth--;
            }
            j++;
          }
          scan(s, start, Math.max(start, j - 1), out);
          i = j;
          continue;
        }
        i += 2;
        continue;
      }
      if (c == '"') {
        return i + 1;
      }
      i++;
    }
    return to;
  }

  private static boolean isIdentStart(char c) {
    return Character.isLetter(c) || c == '_';
  }

  private static boolean isIdentPart(String s, int j) {
    char c = s.charAt(j);
    return Character.isLetterOrDigit(c) || c == '_';
  }
}
