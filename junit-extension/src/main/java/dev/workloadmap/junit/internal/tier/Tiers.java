package dev.workloadmap.junit.internal.tier;

import dev.workloadmap.junit.Tier;
import dev.workloadmap.junit.WorkloadMapTest;
import dev.workloadmap.junit.internal.Settings;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Chooses the {@link ClusterBackend} for a class's {@link Settings}, including the {@link Tier#AUTO} order. */
public final class Tiers {
  private Tiers() {}

  /** The backend of one concrete tier (not AUTO). */
  public static ClusterBackend backend(Tier tier, Settings s) {
    return switch (tier) {
      case API_SERVER ->
        new ApiServerBackend(s.kubeApiTestDir(), s.apiServerVersion(), s.controllers());
      case K3S -> new K3sBackend(s.k3sImage());
      case KUBECONFIG -> new KubeconfigBackend(s.kubeconfig(), s.kubeconfigContext());
      case MOCK -> new MockBackend();
      case AUTO, DEFAULT -> throw new IllegalArgumentException("not a concrete tier: " + tier);
    };
  }

  /**
   * The choice for {@code s}: the backend to use, or (when none is available) the reason.
   *
   * @param backend the backend, or null when none can start here
   * @param reason why {@code backend} is null: for a concrete tier its reason, for AUTO every option and how to
   *     enable it
   */
  public record Choice(ClusterBackend backend, String reason) {}

  /** Chooses the backend; never falls back to the mock and never throws for an unavailable tier. */
  public static Choice choose(Settings s) {
    if (s.tier() != Tier.AUTO) {
      ClusterBackend b = backend(s.tier(), s);
      Optional<String> why = b.unavailableReason();
      return why.isEmpty()
          ? new Choice(b, null)
          : new Choice(
              null, "cluster tier " + s.tier() + " is unavailable: " + why.get() + skipHint());
    }
    List<String> tried = new ArrayList<>();
    for (Tier t : List.of(Tier.KUBECONFIG, Tier.K3S, Tier.API_SERVER)) {
      ClusterBackend b = backend(t, s);
      Optional<String> why = b.unavailableReason();
      if (why.isEmpty()) {
        return new Choice(b, null);
      }
      tried.add("  - " + t + ": " + why.get());
    }
    tried.add(
        "  - MOCK: never chosen automatically (it neither prunes nor validates); ask for it with"
            + " @WorkloadMapTest(tier = Tier.MOCK) or " + WorkloadMapTest.TIER_PROPERTY
            + "=MOCK (env WORKLOADMAP_TIER)");
    return new Choice(
        null,
        "no Kubernetes cluster for @WorkloadMapTest (tier AUTO); tried, in order:\n"
            + String.join("\n", tried) + "\n" + skipHint().strip());
  }

  private static String skipHint() {
    return "\n  To skip instead of failing: @WorkloadMapTest(disabledWithoutCluster = true) or "
        + WorkloadMapTest.DISABLED_WITHOUT_CLUSTER_PROPERTY
        + "=true (env WORKLOADMAP_DISABLED_WITHOUT_CLUSTER).";
  }
}
