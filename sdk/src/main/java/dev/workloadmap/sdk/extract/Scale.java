package dev.workloadmap.sdk.extract;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * One instance's scale (docs/format.md#scale). Each value is an int32 or null when its path is unset or yielded null.
 *
 * @param replicas desired replicas, or null
 * @param minReplicas minimum replicas, or null
 * @param maxReplicas maximum replicas, or null
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Scale(Integer replicas, Integer minReplicas, Integer maxReplicas) {

  /** Desired replicas for resource totals (docs/format.md#totals): replicas, else minReplicas, else 1. */
  public int desired() {
    if (replicas != null) {
      return replicas;
    }
    if (minReplicas != null) {
      return minReplicas;
    }
    return 1;
  }
}
