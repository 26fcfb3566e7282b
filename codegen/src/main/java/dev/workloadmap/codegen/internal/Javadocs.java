package dev.workloadmap.codegen.internal;

/** Text made safe for Javadoc: HTML-escaped, and nothing that ends the comment or starts a Unicode escape. */
public final class Javadocs {
  private Javadocs() {}

  /**
   * {@code text} escaped for HTML inside a Javadoc comment: {@code & < > @ \} become entities, {@code * /} cannot
   * close the comment, and line breaks become {@code \n} (the caller's Javadoc adds the leading {@code *}).
   */
  public static String escape(String text) {
    StringBuilder sb = new StringBuilder(text.length() + 16);
    String s = text.replace("\r\n", "\n").replace('\r', '\n');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '&' -> sb.append("&amp;");
        case '<' -> sb.append("&lt;");
        case '>' -> sb.append("&gt;");
        case '@' -> sb.append("&#64;");
        case '\\' -> sb.append("&#92;");
        case '{' -> sb.append("&#123;");
        case '}' -> sb.append("&#125;");
        case '/' -> sb.append(i > 0 && s.charAt(i - 1) == '*' ? "&#47;" : "/");
        default -> sb.append(c);
      }
    }
    return sb.toString();
  }

  /** A jq expression quoted for Javadoc: {@code <code>} on one line, a {@code <pre>} block over several. */
  public static String code(String expression) {
    String e = expression.strip();
    return e.contains("\n") ? "<pre>\n" + escape(e) + "\n</pre>" : "<code>" + escape(e) + "</code>";
  }
}
