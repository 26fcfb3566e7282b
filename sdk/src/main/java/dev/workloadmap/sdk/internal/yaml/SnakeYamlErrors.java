package dev.workloadmap.sdk.internal.yaml;

import dev.workloadmap.sdk.yaml.NotTextException;
import dev.workloadmap.sdk.yaml.SourceLocation;
import dev.workloadmap.sdk.yaml.YamlException;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.util.Locale;
import java.util.Set;
import java.util.function.IntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.reader.ReaderException;

/**
 * Turns SnakeYAML's exceptions into {@link YamlException}s with a position and a one-line message that says what is
 * wrong and what to do. SnakeYAML's own message (several lines, with a source snippet and carets) is never shown;
 * only its problem and context phrases are reused, and the common ones are reworded.
 */
public final class SnakeYamlErrors {
  private SnakeYamlErrors() {}

  private static final Pattern CANNOT_START =
      Pattern.compile("found character '(.+?)' that cannot start any token.*", Pattern.DOTALL);
  private static final Pattern EXPECTED_BUT =
      Pattern.compile("expected (.+?), but (?:found|got) (.+)", Pattern.DOTALL);

  /**
   * The {@link YamlException} for a SnakeYAML exception.
   *
   * @param file the file name for the location
   * @param documentStart where the document being read started, for errors SnakeYAML reports without a position
   * @param offsets finds the location of a code point offset in the stream, or returns {@code null}
   */
  public static YamlException translate(
      YAMLException e, String file, Mark documentStart, IntFunction<SourceLocation> offsets) {
    if (e instanceof MarkedYAMLException m) {
      return marked(m, file);
    }
    if (e instanceof ReaderException r) {
      SourceLocation at = offsets.apply(r.getPosition());
      int cp = r.getCodePoint();
      String escape = String.format(
          Locale.ROOT, cp <= 0xFF ? "\\x%02X" : cp <= 0xFFFF ? "\\u%04X" : "\\U%08X", cp);
      return new YamlException(
          String.format(
              Locale.ROOT,
              "the character U+%04X is not allowed in YAML (only printable characters are); remove it, or write it"
                  + " as the escape %s inside a double-quoted string",
              cp,
              escape),
          at == null ? SourceLocation.ofFile(file) : at,
          e);
    }
    String text = firstLine(e.getMessage());
    if (text.startsWith("The incoming YAML document exceeds the limit")) {
      Matcher n = Pattern.compile("(\\d+)").matcher(text);
      String limit = n.find() ? n.group(1) : "the";
      return new YamlException(
          "this document is larger than the limit of "
              + limit
              + " code points; split it into smaller documents, or raise YamlReader.Builder.codePointLimit if the"
              + " file is trusted",
          Marks.location(file, documentStart, ""),
          e);
    }
    Throwable cause = e.getCause();
    if (cause instanceof CharacterCodingException) {
      return new NotTextException(SourceLocation.ofFile(file), e);
    }
    if (cause instanceof IOException io) {
      return new YamlException(
          "cannot read the file: " + firstLine(io.getMessage()), SourceLocation.ofFile(file), e);
    }
    return new YamlException(text, Marks.location(file, documentStart, ""), e);
  }

  private static YamlException marked(MarkedYAMLException e, String file) {
    String problem = firstLine(e.getProblem());
    String context = e.getContext() == null ? null : firstLine(e.getContext());
    Mark at = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
    Mark contextMark = e.getContextMark();
    String message;
    if (problem.startsWith("mapping values are not allowed here")) {
      message =
          "mapping values are not allowed here; check the indentation, or quote the value if it contains ': '";
    } else if (problem.startsWith("found unknown escape character")) {
      message = "unknown escape sequence in a double-quoted string ("
          + problem.substring("found ".length())
          + "); write the backslash as \\\\ or use single quotes";
    } else if (context != null
        && context.contains("quoted scalar")
        && contextMark != null
        && (problem.contains("end of stream") || problem.contains("document separator"))) {
      String end =
          problem.contains("end of stream") ? "the file ends" : "a document separator comes";
      message = "this quoted value is never closed ("
          + end
          + " at "
          + Marks.describe(e.getProblemMark())
          + "); add the closing quote";
      at = contextMark;
    } else if (problem.startsWith("sequence entries are not allowed here")) {
      message =
          "a sequence item ('- ') is not allowed here; check the indentation, or quote the value";
    } else if (problem.contains("\\t(TAB)")) {
      message =
          "a tab character cannot be used for indentation or to start a value; indent with spaces";
    } else if (CANNOT_START.matcher(problem).matches()) {
      Matcher m = CANNOT_START.matcher(problem);
      m.matches();
      message = "the character '" + m.group(1) + "' cannot start a plain value; quote the value";
    } else if (problem.startsWith("found undefined alias ")) {
      String name = problem.substring("found undefined alias ".length()).trim();
      message = "undefined alias *"
          + name
          + ": no anchor &"
          + name
          + " is defined before this point in the document; define the anchor before using it";
    } else if (problem.startsWith("could not find expected ':'")) {
      message = "a key is missing its ':'"
          + (contextMark != null ? " (the key starts at " + Marks.describe(contextMark) + ")" : "")
          + ", or a multi-line plain value is badly indented; check the indentation or quote the value";
    } else if (EXPECTED_BUT.matcher(problem).matches()) {
      Matcher m = EXPECTED_BUT.matcher(problem);
      m.matches();
      message = expectedBut(m.group(1).trim(), m.group(2).trim(), context, contextMark);
    } else {
      message = problem
          + (context == null
              ? ""
              : " (" + context + (contextMark == null ? "" : " at " + Marks.describe(contextMark))
                  + ")")
          + "; check the YAML syntax here";
    }
    return new YamlException(message, Marks.location(file, at, ""), e);
  }

  private static String expectedBut(
      String expected, String found, String context, Mark contextMark) {
    if (context == null || contextMark == null) {
      return "expected " + token(expected) + ", but found " + token(found)
          + "; check the YAML syntax here";
    }
    String where = Marks.describe(contextMark);
    if (context.contains("block mapping") || context.contains("block collection")) {
      String what = context.contains("mapping") ? "block mapping" : "block sequence";
      if (INDENTATION_TOKENS.contains(unquote(found))) {
        return "bad indentation: "
            + token(found)
            + " does not fit in the "
            + what
            + " that starts at "
            + where
            + "; check the indentation";
      }
      if (unquote(found).equals("<scalar>")) {
        return "unexpected value here, inside the "
            + what
            + " that starts at "
            + where
            + "; if it continues the value before it, quote the whole value, otherwise check the indentation";
      }
      return "unexpected "
          + token(found)
          + " here, inside the "
          + what
          + " that starts at "
          + where
          + "; check for an unmatched bracket, or quote the value";
    }
    if (context.contains("flow sequence") || context.contains("flow mapping")) {
      String what = context.contains("sequence") ? "flow sequence [...]" : "flow mapping {...}";
      return "expected "
          + expected
          + " in the "
          + what
          + " that starts at "
          + where
          + ", but found "
          + token(found)
          + "; add the missing comma or closing bracket";
    }
    if (expected.equals("the node content")) {
      return token(found) + " cannot start a value here; quote the value";
    }
    return "expected "
        + token(expected)
        + ", but found "
        + token(found)
        + " ("
        + context
        + " at "
        + where
        + "); check the YAML syntax here";
  }

  private static final Set<String> INDENTATION_TOKENS =
      Set.of("<block mapping start>", "<block sequence start>", "?", "-", "<block end>");

  /** SnakeYAML's token names ({@code '<scalar>'}) in words; other text unchanged. */
  private static String token(String t) {
    return switch (unquote(t)) {
      case "<block mapping start>" -> "the start of a new mapping";
      case "<block sequence start>" -> "the start of a new sequence";
      case "<block end>" -> "the end of the block";
      case "<stream end>" -> "the end of the file";
      case "<document start>" -> "a document separator (---)";
      case "<document end>" -> "a document end marker (...)";
      case "<scalar>" -> "a value";
      case "?" -> "a mapping key";
      case "-" -> "a sequence item ('-')";
      case "<alias>" -> "an alias";
      case "<anchor>" -> "an anchor";
      case "<tag>" -> "a tag";
      default -> t.trim();
    };
  }

  private static String unquote(String t) {
    String s = t.trim();
    return s.length() >= 2 && s.startsWith("'") && s.endsWith("'")
        ? s.substring(1, s.length() - 1)
        : s;
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "";
    }
    int nl = s.indexOf('\n');
    return (nl < 0 ? s : s.substring(0, nl)).trim();
  }
}
