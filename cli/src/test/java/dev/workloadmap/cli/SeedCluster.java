package dev.workloadmap.cli;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Puts the seed JobSet into a cluster as its controllers would have left it: the JobSet (leader 1, worker 2, 4 GPUs per
 * pod) with a running status, one Job per replicated-job replica owned by it, and one pod per Job owned by the Job with
 * JobSet's labels. {@code seed-leader-0-0} and {@code seed-worker-0-0} run and are ready on {@code node-01} and {@code
 * node-02}; {@code seed-worker-1-0} is Pending and Unschedulable. Also writes a kubeconfig for the CLI.
 */
final class SeedCluster {
  private SeedCluster() {}

  static final String NS = "ml-team";

  static final ResourceDefinitionContext JOBSET = new ResourceDefinitionContext.Builder()
      .withGroup("jobset.x-k8s.io")
      .withVersion("v1alpha2")
      .withKind("JobSet")
      .withPlural("jobsets")
      .withNamespaced(true)
      .build();

  /** A minimal structural CRD for JobSet (the real one lives in ../shared; the CLI needs only the resource). */
  static final String JOBSET_CRD = """
      apiVersion: apiextensions.k8s.io/v1
      kind: CustomResourceDefinition
      metadata: {name: jobsets.jobset.x-k8s.io}
      spec:
        group: jobset.x-k8s.io
        names: {kind: JobSet, listKind: JobSetList, plural: jobsets, singular: jobset}
        scope: Namespaced
        versions:
          - name: v1alpha2
            served: true
            storage: true
            subresources: {status: {}}
            schema:
              openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}
      """;

  static void installCrds(KubernetesClient client) {
    create(
        client,
        client.getKubernetesSerialization().unmarshal(JOBSET_CRD, CustomResourceDefinition.class));
    try (InputStream in =
        SeedCluster.class.getResourceAsStream("/META-INF/workloadmap/crd/karta.run.ai.yaml")) {
      create(
          client,
          client.getKubernetesSerialization().unmarshal(in, CustomResourceDefinition.class));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    for (String name : new String[] {"jobsets.jobset.x-k8s.io", "kartas.run.ai"}) {
      client
          .apiextensions()
          .v1()
          .customResourceDefinitions()
          .withName(name)
          .waitUntilCondition(
              c -> c != null
                  && (c.getStatus() == null
                      || c.getStatus().getConditions() == null
                      || c.getStatus().getConditions().stream()
                          .anyMatch(x ->
                              "Established".equals(x.getType()) && "True".equals(x.getStatus()))),
              60,
              TimeUnit.SECONDS);
    }
  }

  private static void create(KubernetesClient client, CustomResourceDefinition crd) {
    if (client
            .apiextensions()
            .v1()
            .customResourceDefinitions()
            .withName(crd.getMetadata().getName())
            .get()
        == null) {
      client.apiextensions().v1().customResourceDefinitions().resource(crd).create();
    }
  }

  /** Applies the seed JobSet, its Jobs and pods; returns the JobSet as stored. */
  static GenericKubernetesResource applySeed(KubernetesClient client) {
    return applySeed(client, NS);
  }

  /** As {@link #applySeed(KubernetesClient)} in namespace {@code ns}. */
  static GenericKubernetesResource applySeed(KubernetesClient client, String ns) {
    if (client.namespaces().withName(ns).get() == null) {
      client
          .namespaces()
          .resource(new NamespaceBuilder()
              .withNewMetadata()
              .withName(ns)
              .endMetadata()
              .build())
          .create();
    }
    // the ServiceAccount admission plugin rejects pods whose ServiceAccount does not exist (no
    // controller-manager)
    if (client.serviceAccounts().inNamespace(ns).withName("default").get() == null) {
      client
          .serviceAccounts()
          .inNamespace(ns)
          .resource(new io.fabric8.kubernetes.api.model.ServiceAccountBuilder()
              .withNewMetadata()
              .withName("default")
              .endMetadata()
              .build())
          .create();
    }
    String seed;
    try {
      seed = Files.readString(DescribeFileModeTest.SEED, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    GenericKubernetesResource js = client
        .getKubernetesSerialization()
        .unmarshal(
            seed.replace("namespace: " + NS, "namespace: " + ns), GenericKubernetesResource.class);
    GenericKubernetesResource created = retry(() ->
        client.genericKubernetesResources(JOBSET).inNamespace(ns).resource(js).create());
    created.setAdditionalProperty(
        "status", client.getKubernetesSerialization().unmarshal("""
        replicatedJobsStatus:
          - {name: leader, ready: 1, active: 1, succeeded: 0, failed: 0, suspended: 0}
          - {name: worker, ready: 1, active: 2, succeeded: 0, failed: 0, suspended: 0}
        """, java.util.Map.class));
    created = client
        .genericKubernetesResources(JOBSET)
        .inNamespace(ns)
        .resource(created)
        .updateStatus();
    String uid = created.getMetadata().getUid();
    job(client, ns, "seed-leader-0", "leader", 0, uid);
    job(client, ns, "seed-worker-0", "worker", 0, uid);
    job(client, ns, "seed-worker-1", "worker", 1, uid);
    return created;
  }

  private static void job(
      KubernetesClient client,
      String ns,
      String name,
      String replicatedJob,
      int index,
      String jobSetUid) {
    String yaml = """
        apiVersion: batch/v1
        kind: Job
        metadata:
          name: %1$s
          namespace: %2$s
          labels: {jobset.sigs.k8s.io/jobset-name: seed, jobset.sigs.k8s.io/replicatedjob-name: %3$s,
                   jobset.sigs.k8s.io/job-index: "%4$d"}
          ownerReferences:
            - {apiVersion: jobset.x-k8s.io/v1alpha2, kind: JobSet, name: seed, uid: %5$s, controller: true,
               blockOwnerDeletion: true}
        spec:
          parallelism: 1
          completions: 1
          template:
            metadata:
              labels: {jobset.sigs.k8s.io/jobset-name: seed, jobset.sigs.k8s.io/replicatedjob-name: %3$s,
                       jobset.sigs.k8s.io/job-index: "%4$d"}
            spec:
              restartPolicy: Never
              containers:
                - name: trainer
                  image: example.com/trainer:1.0
                  resources:
                    requests: {cpu: "8", memory: 64Gi, nvidia.com/gpu: 4}
                    limits: {nvidia.com/gpu: 4}
        """.formatted(name, ns, replicatedJob, index, jobSetUid);
    Job job = client
        .batch()
        .v1()
        .jobs()
        .inNamespace(ns)
        .resource(client.getKubernetesSerialization().unmarshal(yaml, Job.class))
        .create();
    boolean unschedulable = name.equals("seed-worker-1");
    String node = name.equals("seed-leader-0") ? "node-01" : "node-02";
    String podYaml = """
        apiVersion: v1
        kind: Pod
        metadata:
          name: %1$s-0
          namespace: %2$s
          labels: {jobset.sigs.k8s.io/jobset-name: seed, jobset.sigs.k8s.io/replicatedjob-name: %3$s,
                   jobset.sigs.k8s.io/job-index: "%4$d", job-name: %1$s}
          ownerReferences:
            - {apiVersion: batch/v1, kind: Job, name: %1$s, uid: %5$s, controller: true, blockOwnerDeletion: true}
        spec:
          %6$s
          automountServiceAccountToken: false
          restartPolicy: Never
          containers:
            - name: trainer
              image: example.com/trainer:1.0
              resources:
                requests: {cpu: "8", memory: 64Gi, nvidia.com/gpu: 4}
                limits: {nvidia.com/gpu: 4}
        """.formatted(
            name,
            ns,
            replicatedJob,
            index,
            job.getMetadata().getUid(),
            unschedulable ? "" : "nodeName: " + node);
    Pod pod = client
        .pods()
        .inNamespace(ns)
        .resource(client.getKubernetesSerialization().unmarshal(podYaml, Pod.class))
        .create();
    String status = unschedulable ? """
        phase: Pending
        conditions:
          - {type: PodScheduled, status: "False", reason: Unschedulable,
             message: "0/2 nodes are available: 2 Insufficient nvidia.com/gpu."}
        """ : """
        phase: Running
        conditions:
          - {type: PodScheduled, status: "True"}
          - {type: Initialized, status: "True"}
          - {type: ContainersReady, status: "True"}
          - {type: Ready, status: "True"}
        containerStatuses:
          - {name: trainer, ready: true, restartCount: 0, image: example.com/trainer:1.0, imageID: "",
             state: {running: {startedAt: "2026-11-30T09:00:00Z"}}}
        """;
    pod.setStatus(client
        .getKubernetesSerialization()
        .unmarshal(status, io.fabric8.kubernetes.api.model.PodStatus.class));
    client.pods().inNamespace(ns).resource(pod).updateStatus();
  }

  /** A Karta object applied to the cluster (cluster-scoped). */
  static GenericKubernetesResource applyKarta(KubernetesClient client, String yaml) {
    HasMetadata k =
        client.getKubernetesSerialization().unmarshal(yaml, GenericKubernetesResource.class);
    return client
        .genericKubernetesResources(new ResourceDefinitionContext.Builder()
            .withGroup("run.ai")
            .withVersion("v1alpha1")
            .withKind("Karta")
            .withPlural("kartas")
            .withNamespaced(false)
            .build())
        .resource((GenericKubernetesResource) k)
        .create();
  }

  /** A kubeconfig with the server and credentials of {@code c} and namespace {@code ns}. */
  static Path kubeconfig(Path dir, io.fabric8.kubernetes.client.Config c, String ns)
      throws IOException {
    StringBuilder cluster =
        new StringBuilder("{server: \"" + c.getMasterUrl().replaceAll("/$", "") + "\"");
    if (c.getCaCertData() != null) {
      cluster.append(", certificate-authority-data: ").append(c.getCaCertData());
    } else if (c.getCaCertFile() != null) {
      cluster.append(", certificate-authority: \"").append(c.getCaCertFile()).append('"');
    } else {
      cluster.append(", insecure-skip-tls-verify: true");
    }
    cluster.append('}');
    StringBuilder user = new StringBuilder("{");
    List<String> parts = new ArrayList<>();
    if (c.getClientCertData() != null) {
      parts.add("client-certificate-data: " + c.getClientCertData());
    } else if (c.getClientCertFile() != null) {
      parts.add("client-certificate: \"" + c.getClientCertFile() + "\"");
    }
    if (c.getClientKeyData() != null) {
      parts.add("client-key-data: " + c.getClientKeyData());
    } else if (c.getClientKeyFile() != null) {
      parts.add("client-key: \"" + c.getClientKeyFile() + "\"");
    }
    if (c.getOauthToken() != null) {
      parts.add("token: " + c.getOauthToken());
    }
    user.append(String.join(", ", parts)).append('}');
    return write(dir, cluster.toString(), user.toString(), ns);
  }

  /** A kubeconfig for {@code server} with namespace {@link #NS}, the server's certificate not checked. */
  static Path kubeconfig(Path dir, String server) throws IOException {
    return write(
        dir,
        "{server: \"" + server + "\", insecure-skip-tls-verify: true}",
        "{token: test-token}",
        NS);
  }

  /**
   * A kubeconfig for {@code server} with namespace {@link #NS} that names no certificate authority and does not skip
   * the check: an https server's certificate must then be one the JVM trusts.
   */
  static Path kubeconfigWithoutAuthority(Path dir, String server) throws IOException {
    return write(dir, "{server: \"" + server + "\"}", "{token: test-token}", NS);
  }

  /** Writes {@code dir/kubeconfig}: one cluster, user and context (namespace {@code ns}), as flow mappings. */
  private static Path write(Path dir, String cluster, String user, String ns) throws IOException {
    Path file = dir.resolve("kubeconfig");
    Files.writeString(file, """
        apiVersion: v1
        kind: Config
        clusters:
          - name: test
            cluster: %s
        users:
          - name: test
            user: %s
        contexts:
          - name: test
            context: {cluster: test, user: test, namespace: %s}
        current-context: test
        """.formatted(cluster, user, ns));
    return file;
  }

  /** The first create of a custom resource may race the CRD's establishment; retry briefly. */
  private static <T> T retry(java.util.function.Supplier<T> action) {
    RuntimeException last = null;
    for (int i = 0; i < 50; i++) {
      try {
        return action.get();
      } catch (RuntimeException e) {
        last = e;
        try {
          Thread.sleep(200);
        } catch (InterruptedException ie) {
          Thread.currentThread().interrupt();
          throw e;
        }
      }
    }
    throw last;
  }
}
