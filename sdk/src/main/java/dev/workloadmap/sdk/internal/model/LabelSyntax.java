package dev.workloadmap.sdk.internal.model;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** Kubernetes label key and value syntax, with Kubernetes' validation texts (apimachinery validation). */
public final class LabelSyntax {
  private LabelSyntax() {}

  private static final String NAME_FMT = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
  private static final Pattern NAME = Pattern.compile("^" + NAME_FMT + "$");
  private static final String DNS1123_LABEL = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
  private static final Pattern DNS1123_SUBDOMAIN =
      Pattern.compile("^" + DNS1123_LABEL + "(\\." + DNS1123_LABEL + ")*$");

  /** Problems with a label key (empty list when valid); a prefixed key such as {@code example.com/x} is allowed. */
  public static List<String> validateKey(String key) {
    List<String> out = new ArrayList<>();
    String name = key;
    int slash = key.lastIndexOf('/');
    if (slash >= 0) {
      String prefix = key.substring(0, slash);
      name = key.substring(slash + 1);
      if (prefix.isEmpty()) {
        out.add("Invalid value: \"" + key + "\": prefix part must be non-empty");
      } else if (prefix.length() > 253) {
        out.add("Invalid value: \"" + key + "\": prefix part must be no more than 253 characters");
      } else if (!DNS1123_SUBDOMAIN.matcher(prefix).matches()) {
        out.add(
            "Invalid value: \"" + key
                + "\": prefix part a lowercase RFC 1123 subdomain must consist of lower"
                + " case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character");
      }
    }
    if (name.isEmpty()) {
      out.add("Invalid value: \"" + key + "\": name part must be non-empty");
    } else if (name.length() > 63) {
      out.add("Invalid value: \"" + key + "\": name part must be no more than 63 characters");
    } else if (!NAME.matcher(name).matches()) {
      out.add("Invalid value: \"" + key
          + "\": name part must consist of alphanumeric characters, '-', '_' or '.',"
          + " and must start and end with an alphanumeric character (regex used for validation is '"
          + NAME_FMT
          + "')");
    }
    return out;
  }

  /** Problems with a label value (empty list when valid); the empty value is allowed. */
  public static List<String> validateValue(String value) {
    List<String> out = new ArrayList<>();
    if (value.isEmpty()) {
      return out;
    }
    if (value.length() > 63) {
      out.add("Invalid value: \"" + value + "\": must be no more than 63 characters");
    }
    if (!NAME.matcher(value).matches()) {
      out.add("Invalid value: \"" + value
          + "\": a valid label must be an empty string or consist of alphanumeric"
          + " characters, '-', '_' or '.', and must start and end with an alphanumeric character (regex used for"
          + " validation is '" + NAME_FMT + "')");
    }
    return out;
  }
}
