package dev.workloadmap.sdk.internal.gang;

import dev.workloadmap.sdk.gang.GangException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Builds a PodGroup name from a gang's key, as the KAI scheduler's Karta grouper does: {@code
 * <prefix>-<owner uid>-<key1>-<key2>...} (docs/format.md#gangs, FC-24). Every part must be a valid DNS-1123 label part
 * (lower-case letters, digits and {@code -}, starting and ending with a letter or digit) and the whole name a DNS-1123
 * subdomain of at most 253 characters. Keys are never lower-cased or rewritten: an invalid value is an error naming it,
 * so every pod of the group gets the same, valid name or none.
 */
public final class PodGroupNames {
  private PodGroupNames() {}

  private static final Pattern PART = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");

  /**
   * The name for {@code key} under {@code prefix} and the owner's UID.
   *
   * @throws GangException naming the offending value, for example {@code group key value "GPU_Workers" (key 2) is
   *     not a valid name part: ...}; a null or empty key is an error, never the text {@code null}
   */
  public static String name(String prefix, String ownerUid, List<String> key) {
    List<String> parts = new ArrayList<>();
    check(prefix, "prefix");
    parts.add(prefix);
    check(ownerUid, "owner uid");
    parts.add(ownerUid);
    for (int i = 0; i < key.size(); i++) {
      check(key.get(i), "group key value (key " + (i + 1) + ")");
      parts.add(key.get(i));
    }
    String name = String.join("-", parts);
    if (name.length() > 253) {
      throw new GangException(
          "pod group name is " + name.length() + " characters, more than 253: " + name);
    }
    return name;
  }

  private static void check(String value, String what) {
    if (value == null || value.isEmpty()) {
      throw new GangException(what + " is empty: a PodGroup name part must not be empty or null");
    }
    if (!PART.matcher(value).matches()) {
      String hint = value.toLowerCase(Locale.ROOT).equals(value) ? "" : " (upper-case letters)";
      throw new GangException(
          what + " \"" + value + "\" is not a valid name part" + hint
              + ": use lower-case letters, digits and '-', starting and ending with a letter or digit (DNS-1123)");
    }
  }
}
