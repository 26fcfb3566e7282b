package dev.workloadmap.codegen.internal;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import javax.lang.model.SourceVersion;

/**
 * Turns definition names (component names, kinds) into readable Java identifiers.
 *
 * <p>The name is split into words at every character that is neither a letter nor a digit ({@code -}, {@code .},
 * {@code _}, spaces, {@code /}, ...); letters with accents are reduced to their base letter ({@code é} becomes
 * {@code e}) and other letters that Java accepts are kept. A method name is the words in lowerCamelCase, a type name
 * in UpperCamelCase. A name that starts with a digit gets a leading {@code _} ({@code 1st} becomes {@code _1st}); a
 * method name that is a Java keyword, literal or restricted identifier gets a trailing {@code _} ({@code class}
 * becomes {@code class_}).
 */
public final class JavaNames {

  /** Restricted identifiers that cannot be used unqualified in every position, besides the keywords. */
  private static final Set<String> RESTRICTED =
      Set.of("var", "yield", "record", "sealed", "permits", "when");

  private JavaNames() {}

  /** The words of {@code name}, accents removed; empty when it has no letter or digit. */
  public static List<String> words(String name) {
    String plain = Normalizer.normalize(name, Normalizer.Form.NFKD).replaceAll("\\p{M}+", "");
    List<String> words = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    plain.codePoints().forEach(cp -> {
      if (Character.isLetterOrDigit(cp) && Character.isJavaIdentifierPart(cp)) {
        word.appendCodePoint(cp);
      } else if (word.length() > 0) {
        words.add(word.toString());
        word.setLength(0);
      }
    });
    if (word.length() > 0) {
      words.add(word.toString());
    }
    return words;
  }

  /**
   * The lowerCamelCase method name of {@code name}, for example {@code prefill-worker} → {@code prefillWorker};
   * null when the name has no letter or digit.
   */
  public static String methodName(String name) {
    List<String> words = words(name);
    if (words.isEmpty()) {
      return null;
    }
    StringBuilder sb = new StringBuilder(lowerFirst(words.get(0)));
    for (int i = 1; i < words.size(); i++) {
      sb.append(upperFirst(words.get(i)));
    }
    String s = digitGuard(sb.toString());
    return SourceVersion.isKeyword(s) || RESTRICTED.contains(s) || "_".equals(s) ? s + "_" : s;
  }

  /**
   * The UpperCamelCase type name of {@code name}, for example {@code prefill-worker} → {@code PrefillWorker}, {@code
   * JobSet} → {@code JobSet}; null when the name has no letter or digit.
   */
  public static String typeName(String name) {
    List<String> words = words(name);
    if (words.isEmpty()) {
      return null;
    }
    StringBuilder sb = new StringBuilder();
    for (String w : words) {
      sb.append(upperFirst(w));
    }
    return digitGuard(sb.toString());
  }

  /** True when {@code name} can be a simple class name: a Java identifier, not a keyword or restricted name. */
  public static boolean isSimpleTypeName(String name) {
    return name != null
        && SourceVersion.isIdentifier(name)
        && !SourceVersion.isKeyword(name)
        && !RESTRICTED.contains(name)
        && !"_".equals(name);
  }

  /** True when {@code name} is a package name: dot-separated identifiers, none a keyword. */
  public static boolean isPackageName(String name) {
    if (name == null || name.isEmpty()) {
      return false;
    }
    for (String part : name.split("\\.", -1)) {
      if (!SourceVersion.isIdentifier(part) || SourceVersion.isKeyword(part)) {
        return false;
      }
    }
    return true;
  }

  private static String digitGuard(String s) {
    return Character.isJavaIdentifierStart(s.codePointAt(0)) ? s : "_" + s;
  }

  private static String lowerFirst(String w) {
    int cp = w.codePointAt(0);
    return new StringBuilder()
        .appendCodePoint(Character.toLowerCase(cp))
        .append(w.substring(Character.charCount(cp)))
        .toString();
  }

  private static String upperFirst(String w) {
    int cp = w.codePointAt(0);
    return new StringBuilder()
        .appendCodePoint(Character.toUpperCase(cp))
        .append(w.substring(Character.charCount(cp)))
        .toString();
  }

  /** {@code s} in lower case for case-insensitive comparisons of file names. */
  public static String fold(String s) {
    return s.toLowerCase(Locale.ROOT);
  }
}
