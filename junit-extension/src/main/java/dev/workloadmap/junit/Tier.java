package dev.workloadmap.junit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Where {@link WorkloadMapTest} gets its Kubernetes API from. Every tier except {@link #MOCK} is a real API server
 * that prunes unknown fields, validates objects against the CRD's structural schema (HTTP 422) and serves the status
 * subresource.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum Tier {
  /** Not set on the annotation: take {@value WorkloadMapTest#TIER_PROPERTY}, else {@code WORKLOADMAP_TIER}, else {@link #AUTO}. */
  DEFAULT,
  /**
   * {@link #KUBECONFIG} when {@value WorkloadMapTest#KUBECONFIG_PROPERTY} is configured, else {@link #K3S} when a
   * Docker engine is available, else {@link #API_SERVER} when its binaries are present, else the test fails with a
   * message naming each option and how to enable it. Never falls back to {@link #MOCK}.
   */
  AUTO,
  /**
   * A real {@code kube-apiserver} with {@code etcd} as local processes, through fabric8's {@code kube-api-test} with
   * local binaries (no Docker). The binaries are looked up in {@code <dir>/k8s/<version>-linux-amd64/} where
   * {@code <dir>} is {@value WorkloadMapTest#KUBEAPITEST_DIR_PROPERTY} (default {@code
   * ${XDG_CACHE_HOME:-~/.cache}/workloadmap/kubeapitest}); {@code scripts/provide-kube-apiserver.sh} provides them.
   * There is no controller-manager: no garbage collector, no namespace finalisation, pods stay Pending.
   */
  API_SERVER,
  /** k3s in Docker through Testcontainers ({@value WorkloadMapTest#K3S_IMAGE_PROPERTY}); needs a Docker engine. */
  K3S,
  /**
   * An existing cluster (kind, a dev cluster) from the kubeconfig file named by {@value
   * WorkloadMapTest#KUBECONFIG_PROPERTY}; each test class works in its own namespace. The plain {@code KUBECONFIG}
   * variable is deliberately not enough: tests never pick up a cluster that was not named for them.
   */
  KUBECONFIG,
  /**
   * fabric8's in-process CRUD mock, only when asked for explicitly; fast, but not an API server. Its gaps: unknown
   * fields are <b>not pruned</b>, objects are <b>not validated</b> against the CRD schema (no 422), set-based label
   * selectors ({@code In}, {@code NotIn}) are <b>ignored</b> (every object is returned), server-side apply answers
   * 404. Use it for tree resolution and status mapping only.
   */
  MOCK
}
