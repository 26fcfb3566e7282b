package dev.workloadmap.sdk.internal.lint;

/**
 * Whether a regular expression uses syntax that the reference engine rejects (docs/format.md#validation-jq-sdk, FC-32).
 * gojq compiles patterns with Go's {@code regexp} package (RE2 syntax), while the SDK's engine uses joni (Oniguruma),
 * which accepts more. This scanner reports the Oniguruma-only constructs: look-around, atomic groups, comments and
 * conditionals in groups, back-references (numbered and named), possessive or otherwise nested repetitions,
 * repetition counts above 1000, escapes Go does not know (such as {@code \h}, {@code \G}, {@code \Z}, {@code \K},
 * {@code \R}, {@code \X} and a {@code \} followed by {@code u}) and group flags other than {@code i m s U}. Linear in the pattern length.
 */
final class Re2Check {
  private Re2Check() {}

  /** Go's maximum repetition count. */
  static final int MAX_REPEAT = 1000;

  /** A problem at {@code index} of the pattern, with what to do about it. */
  record Problem(int index, String what) {}

  private static final String GO_ESCAPE_LETTERS = "aAbBdDfnprsStvwWxzQEPp";

  /** The first unsupported construct, or null. */
  static Problem check(String re) {
    int n = re.length();
    boolean afterQuantifier = false;
    for (int i = 0; i < n; i++) {
      char c = re.charAt(i);
      switch (c) {
        case '\\' -> {
          if (i + 1 >= n) {
            return new Problem(i, "a trailing backslash");
          }
          char d = re.charAt(i + 1);
          if (d == 'Q') {
            int e = re.indexOf("\\E", i + 2);
            i = e < 0 ? n : e + 1;
            afterQuantifier = false;
            continue;
          }
          Problem p = escape(re, i);
          if (p != null) {
            return p;
          }
          i++;
          afterQuantifier = false;
        }
        case '[' -> {
          int end = classEnd(re, i);
          if (end < 0) {
            return new Problem(i, "an unclosed character class '['");
          }
          for (int k = i + 1; k < end; k++) {
            if (re.charAt(k) == '\\') {
              Problem p = escape(re, k);
              if (p != null) {
                return p;
              }
              k++;
            }
          }
          i = end;
          afterQuantifier = false;
        }
        case '(' -> {
          Problem p = group(re, i);
          if (p != null) {
            return p;
          }
          afterQuantifier = false;
        }
        case '*', '+', '?' -> {
          if (afterQuantifier) {
            return new Problem(i, "a possessive or nested repetition such as '*+' or '++'");
          }
          afterQuantifier = true;
          if (i + 1 < n && re.charAt(i + 1) == '?') {
            i++; // lazy
          }
        }
        case '{' -> {
          int end = repeatEnd(re, i);
          if (end < 0) {
            afterQuantifier = false; // a literal '{'
            continue;
          }
          if (afterQuantifier) {
            return new Problem(i, "a nested repetition such as 'a*{2}'");
          }
          for (String part : re.substring(i + 1, end).split(",", -1)) {
            if (!part.isEmpty() && (part.length() > 4 || Integer.parseInt(part) > MAX_REPEAT)) {
              return new Problem(i, "a repetition count above " + MAX_REPEAT);
            }
          }
          i = end;
          afterQuantifier = true;
          if (i + 1 < n && re.charAt(i + 1) == '?') {
            i++;
          }
        }
        default -> afterQuantifier = false;
      }
    }
    return null;
  }

  private static Problem escape(String re, int i) {
    char d = re.charAt(i + 1);
    if (d >= '1' && d <= '9') {
      boolean octal =
          d <= '7' && i + 2 < re.length() && re.charAt(i + 2) >= '0' && re.charAt(i + 2) <= '7';
      return octal ? null : new Problem(i, "a back-reference '\\" + d + "'");
    }
    if (d == 'k') {
      return new Problem(i, "a named back-reference '\\k'");
    }
    if (Character.isLetter(d) && GO_ESCAPE_LETTERS.indexOf(d) < 0) {
      return new Problem(i, "the escape '\\" + d + "', which RE2 does not know");
    }
    return null;
  }

  private static Problem group(String re, int i) {
    if (!re.startsWith("(?", i)) {
      return null;
    }
    String rest = re.substring(i + 2, Math.min(re.length(), i + 4));
    if (rest.startsWith("=") || rest.startsWith("!")) {
      return new Problem(i, "a look-ahead '(?" + rest.charAt(0) + "'");
    }
    if (rest.startsWith("<=") || rest.startsWith("<!")) {
      return new Problem(i, "a look-behind '(?" + rest + "'");
    }
    if (rest.startsWith(">")) {
      return new Problem(i, "an atomic group '(?>'");
    }
    if (rest.startsWith("#")) {
      return new Problem(i, "a comment group '(?#'");
    }
    if (rest.startsWith("(")) {
      return new Problem(i, "a conditional group '(?('");
    }
    if (rest.startsWith("'")) {
      return new Problem(i, "a named group written (?'name'); use (?P<name>...)");
    }
    if (rest.startsWith("P<") || rest.startsWith("<")) {
      return null; // named group
    }
    for (int k = i + 2; k < re.length(); k++) {
      char f = re.charAt(k);
      if (f == ')' || f == ':') {
        return null;
      }
      if ("imsU-".indexOf(f) < 0) {
        return new Problem(k, "the group flag '" + f + "' (RE2 knows i, m, s and U)");
      }
    }
    return null;
  }

  /** The index of the ']' closing the class opened at {@code i}, or -1. */
  private static int classEnd(String re, int i) {
    int k = i + 1;
    if (k < re.length() && re.charAt(k) == '^') {
      k++;
    }
    if (k < re.length() && re.charAt(k) == ']') {
      k++;
    }
    for (; k < re.length(); k++) {
      char c = re.charAt(k);
      if (c == '\\') {
        k++;
      } else if (c == '[' && k + 1 < re.length() && re.charAt(k + 1) == ':') {
        int e = re.indexOf(":]", k + 2);
        if (e > 0) {
          k = e + 1;
        }
      } else if (c == ']') {
        return k;
      }
    }
    return -1;
  }

  /** The index of the '}' of a repetition {@code {n}}, {@code {n,}} or {@code {n,m}} at {@code i}, or -1. */
  private static int repeatEnd(String re, int i) {
    int k = i + 1;
    int digits = 0;
    while (k < re.length() && Character.isDigit(re.charAt(k))) {
      k++;
      digits++;
    }
    if (digits == 0) {
      return -1;
    }
    if (k < re.length() && re.charAt(k) == ',') {
      k++;
      while (k < re.length() && Character.isDigit(re.charAt(k))) {
        k++;
      }
    }
    return k < re.length() && re.charAt(k) == '}' ? k : -1;
  }
}
