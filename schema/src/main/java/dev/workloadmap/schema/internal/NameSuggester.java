package dev.workloadmap.schema.internal;

import java.util.Locale;

/**
 * The one "did you mean" rule of the project: finds the known name an unknown one was probably meant to be. The JSON
 * Schema's unknown-field messages, the SDK's definition loader, the CRD path checks and the fixture matcher all ask it
 * (it lives here, in the lowest module, because the SDK depends on the schema and not the other way round).
 */
public final class NameSuggester {

  private static final String PATH_SUFFIX = "path";

  private NameSuggester() {}

  /**
   * The closest known name, or null when none is close.
   *
   * <p>Names are compared case-insensitively with the optimal-string-alignment distance (insertions, deletions,
   * substitutions and swaps of neighbours each cost 1). A name is close when:
   *
   * <ul>
   *   <li>a known name is the unknown one plus {@code Path} ({@code replicasPath} for {@code replicas}); or
   *   <li>the distance to the closest known name is at most {@code max(2, min(length of both) / 3)}; or
   *   <li>it shares a prefix of at least 5 characters with a known name, covering at least half of the shorter of
   *       the two ({@code ownerName} for {@code ownerRef}).
   * </ul>
   *
   * Ties of distance go to the name that sorts first.
   *
   * @param unknown the field name that was found
   * @param known the names allowed at that place
   * @return the suggestion, or null
   */
  public static String suggest(String unknown, Iterable<String> known) {
    String u = unknown.toLowerCase(Locale.ROOT);
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String candidate : known) {
      String c = candidate.toLowerCase(Locale.ROOT);
      if (c.equals(u + PATH_SUFFIX)) {
        return candidate;
      }
      int d = distance(u, c);
      if (d < bestDistance
          || (d == bestDistance && best != null && candidate.compareTo(best) < 0)) {
        bestDistance = d;
        best = candidate;
      }
    }
    if (best == null) {
      return null;
    }
    if (bestDistance <= Math.max(2, Math.min(unknown.length(), best.length()) / 3)) {
      return best;
    }
    for (String candidate : known) {
      int p = commonPrefix(u, candidate.toLowerCase(Locale.ROOT));
      if (p >= 5 && p * 2 >= Math.min(unknown.length(), candidate.length())) {
        return candidate;
      }
    }
    return null;
  }

  private static int commonPrefix(String a, String b) {
    int n = Math.min(a.length(), b.length());
    int i = 0;
    while (i < n && a.charAt(i) == b.charAt(i)) {
      i++;
    }
    return i;
  }

  /** Optimal-string-alignment distance between two strings. */
  static int distance(String a, String b) {
    int n = a.length();
    int m = b.length();
    int[][] d = new int[n + 1][m + 1];
    for (int i = 0; i <= n; i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= m; j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= n; i++) {
      for (int j = 1; j <= m; j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        int v = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1
            && j > 1
            && a.charAt(i - 1) == b.charAt(j - 2)
            && a.charAt(i - 2) == b.charAt(j - 1)) {
          v = Math.min(v, d[i - 2][j - 2] + 1);
        }
        d[i][j] = v;
      }
    }
    return d[n][m];
  }
}
