package dev.workloadmap.sdk.internal.model;

import java.util.Collection;
import java.util.Locale;

/** "Did you mean" suggestions by edit distance. */
public final class Suggest {
  private Suggest() {}

  /** The known name closest to {@code name}, or null when none is close enough to be a plausible typo. */
  public static String closest(String name, Collection<String> known) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    String lower = name.toLowerCase(Locale.ROOT);
    for (String k : known) {
      int d = distance(lower, k.toLowerCase(Locale.ROOT));
      if (d < bestDistance || (d == bestDistance && best != null && k.compareTo(best) < 0)) {
        bestDistance = d;
        best = k;
      }
    }
    if (best == null) {
      return null;
    }
    int allowed = Math.max(2, Math.min(name.length(), best.length()) / 3);
    if (bestDistance <= allowed) {
      return best;
    }
    // a long shared prefix is a strong hint too: ownerName -> ownerRef
    for (String k : known) {
      int p = commonPrefix(lower, k.toLowerCase(Locale.ROOT));
      if (p >= 5 && p * 2 >= Math.min(name.length(), k.length())) {
        return k;
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

  /** Levenshtein distance with adjacent transpositions counted as one edit. */
  static int distance(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= b.length(); j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
    }
    return d[a.length()][b.length()];
  }
}
