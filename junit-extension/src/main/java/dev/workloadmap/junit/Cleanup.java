package dev.workloadmap.junit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/** What happens to a test class's namespace and objects when the class ends. */
@API(status = EXPERIMENTAL, since = "0.1")
public enum Cleanup {
  /** Not set on the annotation: take {@value WorkloadMapTest#CLEANUP_PROPERTY}, else {@code WORKLOADMAP_CLEANUP}, else {@link #KEEP_ON_FAILURE}. */
  DEFAULT,
  /** Delete every object the test created, then the namespace. */
  ALWAYS,
  /** As {@link #ALWAYS} when every test passed; after a failure keep the namespace and its objects and print its name. */
  KEEP_ON_FAILURE,
  /** Keep everything (to inspect it with kubectl). */
  NEVER
}
