package dev.workloadmap.cli;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/** kubectl's short ages ({@code 45s}, {@code 12m}, {@code 5h}, {@code 3d}, {@code 2y}) from creation timestamps. */
final class Ages {
  private Ages() {}

  /** The age of an RFC 3339 {@code creationTimestamp} at {@code now}, or {@code <unknown>}. */
  static String age(String creationTimestamp, Instant now) {
    if (creationTimestamp == null || creationTimestamp.isEmpty()) {
      return "<unknown>";
    }
    try {
      return format(Duration.between(Instant.parse(creationTimestamp), now));
    } catch (DateTimeParseException e) {
      return "<unknown>";
    }
  }

  /** Like kubectl's {@code duration.HumanDuration}, reduced to its largest unit. */
  static String format(Duration d) {
    long s = Math.max(0, d.getSeconds());
    if (s < 120) {
      return s + "s";
    }
    long m = s / 60;
    if (m < 120) {
      return m + "m";
    }
    long h = m / 60;
    if (h < 48) {
      return h + "h";
    }
    long days = h / 24;
    if (days < 365 * 2) {
      return days + "d";
    }
    return days / 365 + "y";
  }
}
