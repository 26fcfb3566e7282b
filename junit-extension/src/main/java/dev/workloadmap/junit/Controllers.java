package dev.workloadmap.junit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import org.apiguardian.api.API;

/**
 * Which controllers of kube-controller-manager run beside the {@link Tier#API_SERVER} tier's kube-apiserver. There is
 * no scheduler and no kubelet on that tier, so pods a controller creates stay {@code Pending} (unscheduled), which is
 * what pod attribution and gang plans need. Tiers with a real cluster ({@link Tier#K3S}, {@link Tier#KUBECONFIG})
 * always run every controller; the {@link Tier#MOCK} runs none.
 *
 * <p>Each setting is its own shared cluster: a JVM run whose classes ask for two settings starts two API servers.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum Controllers {
  /** Not set here: {@value WorkloadMapTest#CONTROLLERS_PROPERTY}, then {@code WORKLOADMAP_CONTROLLERS}, then {@link #WORKLOAD}. */
  DEFAULT(List.of()),

  /**
   * The controllers a workload test needs: job, cronjob, replicaset, deployment, statefulset, garbage collector,
   * namespace and service account. A Job, Deployment, ReplicaSet or StatefulSet gets its pods from the real
   * controller (with real ownerReferences), and those controllers also write the workload's {@code status}: a test
   * that writes a status of its own to one of those kinds and reads it back wants {@link #LIFECYCLE}.
   */
  WORKLOAD(List.of(
      "job-controller",
      "cronjob-controller",
      "replicaset-controller",
      "deployment-controller",
      "statefulset-controller",
      "garbage-collector-controller",
      "namespace-controller",
      "serviceaccount-controller")),

  /**
   * Only the garbage collector, the namespace controller and the service-account controller: deleting a root
   * removes its dependents and a deleted namespace goes away, but nothing creates pods or writes a workload's status
   * (fixtures with hand-written statuses stay as written).
   */
  LIFECYCLE(
      List.of("garbage-collector-controller", "namespace-controller", "serviceaccount-controller")),

  /** No kube-controller-manager: a bare API server (dependents are never collected, namespaces stay Terminating). */
  NONE(List.of());

  private final List<String> names;

  Controllers(List<String> names) {
    this.names = names;
  }

  /** The kube-controller-manager {@code --controllers} names (empty for {@link #NONE} and {@link #DEFAULT}). */
  public List<String> controllerNames() {
    return names;
  }

  /** True when the Job, CronJob, ReplicaSet, Deployment and StatefulSet controllers run. */
  public boolean createsPods() {
    return this == WORKLOAD;
  }
}
