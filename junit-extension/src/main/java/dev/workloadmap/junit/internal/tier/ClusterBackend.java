package dev.workloadmap.junit.internal.tier;

import dev.workloadmap.junit.Controllers;
import dev.workloadmap.junit.Tier;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Optional;

/**
 * One way to get a Kubernetes API for tests: the small interface every {@link Tier} implements.
 */
public interface ClusterBackend {

  /** The tier this backend implements (never {@link Tier#AUTO} or {@link Tier#DEFAULT}). */
  Tier tier();

  /**
   * A key that identifies the cluster this backend would start (tier plus its configuration), so that test classes
   * with the same configuration share one cluster per JVM run.
   */
  String key();

  /**
   * Empty when this backend can start here; otherwise why it cannot, and how to enable it (one or two sentences, no
   * stack trace).
   */
  Optional<String> unavailableReason();

  /**
   * Starts (or connects to) the cluster.
   *
   * @throws Exception when the start fails; the message names the tier and what to check
   */
  Running start() throws Exception;

  /** A started cluster; {@link #close()} stops it (or, for an existing cluster, closes the client). */
  interface Running extends AutoCloseable {
    /** A client with cluster-admin rights on the cluster. */
    KubernetesClient client();

    /** One line for logs, for example {@code kube-apiserver 1.36.3 with etcd 3.6.8 (kube-api-test, local binaries in /x)}. */
    String description();

    /** False for the mock, which neither prunes nor validates. */
    boolean realApiServer();

    /** True when pods created by tests must be kept off real nodes (a cluster with a scheduler and kubelets). */
    boolean hasNodes();

    /**
     * The controllers that run on this cluster: {@link Controllers#WORKLOAD} on a real cluster, the configured ones on
     * the API_SERVER tier, {@link Controllers#NONE} on the mock.
     */
    default Controllers controllers() {
      return Controllers.WORKLOAD;
    }

    /**
     * The last lines the cluster's own processes logged (kube-apiserver, kube-controller-manager), for a diagnostic
     * when the server stops answering; empty when this backend has no such logs.
     */
    default String recentLogs() {
      return "";
    }

    @Override
    void close();
  }
}
