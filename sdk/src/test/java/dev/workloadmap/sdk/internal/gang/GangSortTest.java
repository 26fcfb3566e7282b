package dev.workloadmap.sdk.internal.gang;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workloadmap.sdk.gang.GangPlan.Basis;
import dev.workloadmap.sdk.gang.GangPlan.Gang;
import dev.workloadmap.sdk.internal.gang.GangPlanner.SortKey;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Gangs sorted by one number ({@link GangPlanner#sortedByOneNumber}, issue 17) come out in the order of the general
 * sort ({@link SortKey#compareTo}, stable), on keys it takes and on keys it must leave to the general sort.
 */
class GangSortTest {

  static Gang gang(int id, String... key) {
    return new Gang(List.of(key), 1, Basis.GROUP, "group " + id, List.of("p" + id));
  }

  static List<Gang> bothWays(List<Gang> gangs, boolean fastPathExpected) {
    SortKey[] general = gangs.stream().map(SortKey::new).toArray(SortKey[]::new);
    Arrays.sort(general);
    List<Gang> a = Arrays.stream(general).map(k -> k.gang).toList();
    List<Gang> fast = new ArrayList<>();
    assertThat(GangPlanner.sortedByOneNumber(
            gangs.stream().map(SortKey::new).toArray(SortKey[]::new), fast))
        .isEqualTo(fastPathExpected);
    if (fastPathExpected) {
      assertThat(fast).containsExactlyElementsOf(a);
    } else {
      assertThat(fast).isEmpty();
    }
    List<Gang> b = new ArrayList<>();
    GangPlanner.sortByKey(gangs.stream().map(SortKey::new).toArray(SortKey[]::new), b);
    assertThat(b).containsExactlyElementsOf(a);
    return b;
  }

  @Test
  void oneNumberSortsAsTheGeneralSortWithTiesInTheOrderGiven() {
    Random r = new Random(17);
    for (int round = 0; round < 50; round++) {
      List<Gang> gangs = new ArrayList<>();
      int n = 2 + r.nextInt(300);
      for (int i = 0; i < n; i++) {
        int v = r.nextInt(40);
        String index = r.nextInt(4) == 0 ? "0" + v : Integer.toString(v); // 07 and 7 tie
        // equal names that are not one String, as pods that were not read one after the other give
        gangs.add(gang(i, new String("big".toCharArray()), "workers", index));
      }
      bothWays(gangs, true);
    }
    List<Gang> ties = bothWays(
        List.of(gang(0, "a", "07"), gang(1, "a", "7"), gang(2, "a", "10"), gang(3, "a", "007")),
        true);
    assertThat(ties)
        .extracting(Gang::scope)
        .containsExactly("group 0", "group 1", "group 3", "group 2");
    // 20 positions take 5 bits, which leaves 58 for the number: 18 nines do not fit
    List<Gang> large = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      large.add(gang(i, i == 7 ? "999999999999999999" : Integer.toString(20 - i)));
    }
    bothWays(large, false);
    large.set(7, gang(7, "99999999999999999")); // 17 nines do
    bothWays(large, true);
  }

  @Test
  void otherKeysAreLeftToTheGeneralSort() {
    bothWays(List.of(gang(0, "b", "2"), gang(1, "a", "1"), gang(2, "a", "2")), false); // two vary
    bothWays(
        List.of(gang(0, "x", "b"), gang(1, "x", "a"), gang(2, "x", "10")), false); // not numbers
    bothWays(List.of(gang(0, "x", "1"), gang(1, "x"), gang(2, "x", "0")), false); // lengths differ
    bothWays(List.of(gang(0, "x", "-1"), gang(1, "x", "1")), false); // a sign is not a digit
    bothWays(List.of(gang(0, "9"), gang(1, "10"), gang(2, "1")), true);
    bothWays(List.of(gang(0, "\uD83D\uDE00", "2"), gang(1, "\uD83D\uDE00", "1")), true);
  }
}
