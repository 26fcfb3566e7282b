package dev.workloadmap.sdk.scheduler;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * Deterministic, length-safe DNS-1123 names for PodGroups.
 *
 * <p>A name that already is a valid DNS-1123 subdomain label sequence of at most {@code max} characters is kept as it
 * is (so KAI's own names {@code pg-<uid>-<key>...} come out unchanged). Otherwise it is lower-cased, every character
 * outside {@code [a-z0-9-.]} becomes {@code -}, and when it was changed or is longer than {@code max}, it is cut to
 * {@code max - 9} characters and {@code -} plus the first 8 hex digits of the SHA-256 of the <em>original</em> text is
 * appended: two different inputs never share a rewritten name by accident, and the same input always gives the same
 * name.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class PodGroupName {
  private PodGroupName() {}

  /** Longest object name (a DNS-1123 subdomain). */
  public static final int MAX_SUBDOMAIN = 253;

  /** Longest label value, the limit when the name is also a pod label value (coscheduling). */
  public static final int MAX_LABEL_VALUE = 63;

  private static final Pattern VALID =
      Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");
  private static final Pattern LABEL_VALID = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");

  /**
   * The safe form of {@code name} for an object name of at most {@code max} characters.
   *
   * @param max 16 to 253
   * @throws IllegalArgumentException {@code name} is empty or {@code max} out of range
   */
  public static String safe(String name, int max) {
    if (name == null || name.isEmpty()) {
      throw new IllegalArgumentException("a PodGroup name must not be empty");
    }
    if (max < 16 || max > MAX_SUBDOMAIN) {
      throw new IllegalArgumentException("max must be 16 to 253, was " + max);
    }
    Pattern valid = max <= MAX_LABEL_VALUE ? LABEL_VALID : VALID;
    if (name.length() <= max && valid.matcher(name).matches()) {
      return name;
    }
    String allowed = max <= MAX_LABEL_VALUE ? "[^a-z0-9-]" : "[^a-z0-9.-]";
    String cleaned = name.toLowerCase(Locale.ROOT).replaceAll(allowed, "-");
    String cut = cleaned.length() > max - 9 ? cleaned.substring(0, max - 9) : cleaned;
    cut = cut.replaceAll("^[^a-z0-9]+", "").replaceAll("[^a-z0-9]+$", "");
    String hash = hash(name);
    return cut.isEmpty() ? "pg-" + hash : cut + "-" + hash;
  }

  /** True when {@code name} is kept by {@link #safe} unchanged. */
  public static boolean isSafe(String name, int max) {
    return name != null
        && !name.isEmpty()
        && name.length() <= max
        && (max <= MAX_LABEL_VALUE ? LABEL_VALID : VALID).matcher(name).matches();
  }

  private static String hash(String s) {
    try {
      byte[] d = MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(d, 0, 4);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
