package dev.workloadmap.schema.internal;

import java.util.Locale;

/** Finds the known field name an unknown one was probably meant to be. */
public final class NameSuggester {

  private static final String PATH_SUFFIX = "path";

  private NameSuggester() {}

  /**
   * The closest known name, or null when none is close.
   *
   * <p>Names are compared case-insensitively with the optimal-string-alignment distance (insertions, deletions,
   * substitutions and swaps of neighbours each cost 1). A name is close when the distance is at most a quarter of the
   * unknown name's length (and at least 1). A known name that is the unknown one plus {@code Path}
   * ({@code replicas} for {@code replicasPath}) is also close. Ties go to the name listed first.
   *
   * @param unknown the field name that was found
   * @param known the names allowed at that place, in schema order
   * @return the suggestion, or null
   */
  public static String suggest(String unknown, Iterable<String> known) {
    String u = unknown.toLowerCase(Locale.ROOT);
    int limit = Math.max(1, u.length() / 4);
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String candidate : known) {
      String c = candidate.toLowerCase(Locale.ROOT);
      if (c.equals(u + PATH_SUFFIX)) {
        return candidate;
      }
      int d = distance(u, c);
      if (d < bestDistance) {
        bestDistance = d;
        best = candidate;
      }
    }
    return bestDistance <= limit ? best : null;
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
        if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
          v = Math.min(v, d[i - 2][j - 2] + 1);
        }
        d[i][j] = v;
      }
    }
    return d[n][m];
  }
}
