package dev.workloadmap.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.junit.Controllers;
import dev.workloadmap.junit.Tier;
import dev.workloadmap.junit.WorkloadMapCluster;
import dev.workloadmap.junit.WorkloadMapTest;
import dev.workloadmap.sdk.yaml.YamlDocument;
import dev.workloadmap.sdk.yaml.YamlReader;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Status;
import io.fabric8.kubernetes.api.model.StatusCause;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The CEL rules ({@code x-kubernetes-validations}) of the real CRDs in {@code ../shared/data/crds/}, enforced by
 * kube-apiserver 1.36 (issue 13 item 3; tier API_SERVER). For every CRD that carries rules, one test sends an object
 * that breaks one rule the framework's CRD really declares (a mutual exclusion, an allowed-values rule, an
 * immutability or create-only transition rule: those are create-then-update) and asserts the server's rejection: HTTP
 * 422, one field error at the rule's field path, with the rule's own {@code message}. Each test then sends the same
 * object without the violation and asserts the server accepts it, so a rejection for any other reason (a schema error
 * in the test's object, a missing field) cannot make it pass. Every asserted message is also checked to be a rule of
 * that CRD file, so a test cannot assert a message the framework does not declare.
 *
 * <p>{@link #everyCrdWithCelRulesHasATest()} lists the CRDs with rules and fails when one has no test here.
 */
@WorkloadMapTest(
    tier = Tier.API_SERVER,
    controllers = Controllers.LIFECYCLE,
    namespacePrefix = "cel")
class CelRulesApiServerTest {

  /** CRD file (in {@code ../shared/data/crds/}) with CEL rules → the test here that breaks one of them. */
  static final Map<String, String> TESTS = Map.ofEntries(
      Map.entry(
          "clustertrainingruntime.trainer.kubeflow.org.yaml",
          "trainerClusterTrainingRuntimeTakesOneMlPolicy"),
      Map.entry(
          "trainingruntime.trainer.kubeflow.org.yaml",
          "trainerTrainingRuntimeEnvInjectionSkipsTheNode"),
      Map.entry("trainjob.trainer.kubeflow.org.yaml", "trainerTrainJobRuntimeRefIsImmutable"),
      Map.entry("pytorchjob.kubeflow.org.yaml", "kubeflowPyTorchJobQueueIsImmutable"),
      Map.entry("jobset.jobset.x-k8s.io.yaml", "jobSetInOrderStartupExcludesDependsOn"),
      Map.entry("raycluster.ray.io.yaml", "rayClusterGcsBackendIsImmutable"),
      Map.entry("rayjob.ray.io.yaml", "rayJobDeletionRulesExcludeLegacyPolicies"),
      Map.entry("rayservice.ray.io.yaml", "rayServiceManagedByIsKubeRayOrMultiKueue"),
      Map.entry("nimcache.apps.nvidia.com.yaml", "nimCacheTakesExactlyOneSource"),
      Map.entry("nimservice.apps.nvidia.com.yaml", "nimServiceReplicasExcludeAutoscaling"),
      Map.entry(
          "dynamographdeployment.nvidia.com.yaml", "dynamoGraphDeploymentRestartIsUnsetOnCreate"),
      Map.entry(
          "llminferenceservice.serving.kserve.io.yaml",
          "kserveLlmInferenceServiceReplicasExcludeScaling"),
      Map.entry("podcliqueset.grove.io.yaml", "grovePodCliqueSetPackDomainForbiddenOnNewWorkloads"),
      Map.entry("sandbox.agents.x-k8s.io.yaml", "agentSandboxVolumeClaimTemplatesAreImmutable"));

  private static final String RULES_KEY = "x-kubernetes-validations";
  /** Rule messages (or rule text when a rule has none) per CRD file, read once. */
  private static final Map<Path, Set<String>> RULES = new ConcurrentHashMap<>();

  private static final String CONTAINERS = """
      containers:
        - name: main
          image: registry.example/train:1
      """;

  @BeforeEach
  void sharedData() {
    assumeTrue(CatalogSources.sharedAvailable(), CatalogSources.skipReason());
  }

  private static Path crdDir() {
    return CatalogSources.sharedDir().resolve("data").resolve("crds");
  }

  // ------------------------------------------------------------------------------------------- the
  // guard

  @Test
  void everyCrdWithCelRulesHasATest() throws IOException {
    Set<String> withRules = new TreeSet<>();
    try (Stream<Path> files = Files.list(crdDir())) {
      for (Path f : files
          .filter(p -> p.getFileName().toString().endsWith(".yaml"))
          .sorted()
          .toList()) {
        if (!rulesOf(f).isEmpty()) {
          withRules.add(f.getFileName().toString());
        }
      }
    }
    assertThat(withRules).as("CRDs in %s with %s", crdDir(), RULES_KEY).isNotEmpty();
    assertThat(TESTS.keySet())
        .as(
            "every CRD with CEL rules needs a test in %s (add it to TESTS); a CRD that lost its rules leaves TESTS",
            getClass().getSimpleName())
        .containsExactlyInAnyOrderElementsOf(withRules);
    Set<String> tests = Arrays.stream(getClass().getDeclaredMethods())
        .filter(m -> m.isAnnotationPresent(Test.class))
        .map(Method::getName)
        .collect(Collectors.toSet());
    assertThat(tests)
        .as("test methods of %s named in TESTS", getClass().getSimpleName())
        .containsAll(TESTS.values());
  }

  // -------------------------------------------------------------------------------------------
  // trainer.kubeflow.org

  @Test
  void trainerClusterTrainingRuntimeTakesOneMlPolicy(WorkloadMapCluster cluster) {
    // cluster-scoped: the name carries the test namespace so that runs on a shared cluster do not
    // collide
    String crd = "clustertrainingruntime.trainer.kubeflow.org.yaml";
    ObjectNode runtime =
        object(cluster, crd, """
        apiVersion: trainer.kubeflow.org/v1alpha1
        kind: ClusterTrainingRuntime
        metadata: {name: %s-torch}
        spec:
          mlPolicy:
            numNodes: 2
            torch: {}
            mpi: {numProcPerNode: 1}
          template:
            spec:
              replicatedJobs:
                - name: node
                  template:
                    spec:
                      template:
                        spec:
        %s""".formatted(cluster.namespace(), CONTAINERS.indent(18)));
    assertCreateRejected(
        cluster, runtime, crd, "spec.mlPolicy", "Only one of the policy can be configured");
    runtime.with("spec").with("mlPolicy").remove("mpi");
    cluster.delete(cluster.create(runtime));
  }

  @Test
  void trainerTrainingRuntimeEnvInjectionSkipsTheNode(WorkloadMapCluster cluster) {
    String crd = "trainingruntime.trainer.kubeflow.org.yaml";
    ObjectNode runtime = object(cluster, crd, """
        apiVersion: trainer.kubeflow.org/v1alpha1
        kind: TrainingRuntime
        metadata: {name: torch-sidecar-env}
        spec:
          mlPolicy:
            numNodes: 2
            torch:
              envInjection:
                targets:
                  - jobName: node
                    containerNames: [node, metrics]
          template:
            spec:
              replicatedJobs:
                - name: node
                  template:
                    spec:
                      template:
                        spec:
        %s""".formatted(CONTAINERS.indent(18)));
    assertCreateRejected(
        cluster,
        runtime,
        crd,
        "spec.mlPolicy.torch.envInjection.targets[0].containerNames",
        "containerNames must not include the main node container because PET_* envs are always injected into it");
    ((ArrayNode) runtime.at("/spec/mlPolicy/torch/envInjection/targets/0/containerNames"))
        .remove(0);
    cluster.create(runtime);
  }

  @Test
  void trainerTrainJobRuntimeRefIsImmutable(WorkloadMapCluster cluster) {
    String crd = "trainjob.trainer.kubeflow.org.yaml";
    GenericKubernetesResource job = cluster.create(object(cluster, crd, """
        apiVersion: trainer.kubeflow.org/v1alpha1
        kind: TrainJob
        metadata: {name: llama-finetune}
        spec:
          runtimeRef: {name: torch-distributed}
          trainer: {numNodes: 2}
        """));
    assertUpdateRejected(
        cluster,
        job,
        crd,
        "spec.runtimeRef",
        "field is immutable",
        o -> o.with("spec").with("runtimeRef").put("name", "deepspeed-distributed"));
    // the same update without touching runtimeRef is accepted
    GenericKubernetesResource suspended =
        update(cluster, job, o -> o.with("spec").put("suspend", true));
    assertThat(cluster.asJson(suspended).at("/spec/suspend").asBoolean()).isTrue();
  }

  // -------------------------------------------------------------------------------------------
  // kubeflow.org (v1)

  @Test
  void kubeflowPyTorchJobQueueIsImmutable(WorkloadMapCluster cluster) {
    String crd = "pytorchjob.kubeflow.org.yaml";
    GenericKubernetesResource job =
        cluster.create(object(cluster, crd, """
        apiVersion: kubeflow.org/v1
        kind: PyTorchJob
        metadata: {name: mnist}
        spec:
          runPolicy:
            schedulingPolicy: {queue: team-a, minAvailable: 2}
          pytorchReplicaSpecs:
            Master:
              replicas: 1
              restartPolicy: OnFailure
              template:
                spec:
        %s""".formatted(CONTAINERS.indent(10))));
    assertUpdateRejected(
        cluster,
        job,
        crd,
        "spec.runPolicy.schedulingPolicy.queue",
        "spec.runPolicy.schedulingPolicy.queue is immutable",
        o -> o.with("spec").with("runPolicy").with("schedulingPolicy").put("queue", "team-b"));
    update(cluster, job, o -> o.with("spec").with("runPolicy").put("suspend", true));
  }

  // -------------------------------------------------------------------------------------------
  // jobset.x-k8s.io

  @Test
  void jobSetInOrderStartupExcludesDependsOn(WorkloadMapCluster cluster) {
    String crd = "jobset.jobset.x-k8s.io.yaml";
    String job = """
        template:
          spec:
            template:
              spec:
        %s""".formatted(CONTAINERS.indent(8));
    ObjectNode jobSet = object(cluster, crd, """
        apiVersion: jobset.x-k8s.io/v1alpha2
        kind: JobSet
        metadata: {name: launcher-workers}
        spec:
          startupPolicy: {startupPolicyOrder: InOrder}
          replicatedJobs:
            - name: workers
              replicas: 2
        %s
            - name: launcher
              dependsOn:
                - {name: workers, status: Ready}
        %s""".formatted(job.indent(6), job.indent(6)));
    assertCreateRejected(
        cluster, jobSet, crd, "spec", "StartupPolicy and DependsOn APIs are mutually exclusive");
    jobSet.with("spec").remove("startupPolicy");
    cluster.create(jobSet);
  }

  // -------------------------------------------------------------------------------------------
  // ray.io

  private static final String RAY_HEAD = """
      headGroupSpec:
        rayStartParams: {}
        template:
          spec:
            containers:
              - name: ray-head
                image: rayproject/ray:2.41.0
      """;

  @Test
  void rayClusterGcsBackendIsImmutable(WorkloadMapCluster cluster) {
    String crd = "raycluster.ray.io.yaml";
    GenericKubernetesResource ray =
        cluster.create(object(cluster, crd, """
        apiVersion: ray.io/v1
        kind: RayCluster
        metadata: {name: gcs-ft}
        spec:
          rayVersion: "2.41.0"
          gcsFaultToleranceOptions: {backend: redis, redisAddress: "redis:6379"}
        %s""".formatted(RAY_HEAD.indent(2))));
    assertUpdateRejected(
        cluster,
        ray,
        crd,
        "spec.gcsFaultToleranceOptions.backend",
        "gcsFaultToleranceOptions.backend is immutable",
        o -> o.with("spec").with("gcsFaultToleranceOptions").put("backend", "rocksdb"));
    update(cluster, ray, o -> o.with("spec").put("suspend", true));
  }

  @Test
  void rayJobDeletionRulesExcludeLegacyPolicies(WorkloadMapCluster cluster) {
    String crd = "rayjob.ray.io.yaml";
    ObjectNode job = object(cluster, crd, """
        apiVersion: ray.io/v1
        kind: RayJob
        metadata: {name: batch-inference}
        spec:
          entrypoint: python /home/ray/infer.py
          clusterSelector: {ray.io/cluster: shared}
          deletionStrategy:
            onSuccess: {policy: DeleteCluster}
            onFailure: {policy: DeleteNone}
            deletionRules:
              - policy: DeleteCluster
                condition: {jobStatus: SUCCEEDED}
        """);
    assertCreateRejected(
        cluster,
        job,
        crd,
        "spec.deletionStrategy",
        "legacy policies (onSuccess/onFailure) and"
            + " deletionRules cannot be used together within the same deletionStrategy");
    ObjectNode strategy = job.with("spec").with("deletionStrategy");
    strategy.remove(List.of("onSuccess", "onFailure"));
    cluster.create(job);
  }

  @Test
  void rayServiceManagedByIsKubeRayOrMultiKueue(WorkloadMapCluster cluster) {
    String crd = "rayservice.ray.io.yaml";
    ObjectNode service = object(cluster, crd, """
        apiVersion: ray.io/v1
        kind: RayService
        metadata: {name: serve}
        spec:
          managedBy: example.com/my-controller
          rayClusterConfig:
        %s""".formatted(RAY_HEAD.indent(4)));
    assertCreateRejected(
        cluster,
        service,
        crd,
        "spec.managedBy",
        "the managedBy field value must be either"
            + " 'ray.io/kuberay-operator' or 'kueue.x-k8s.io/multikueue'");
    service.with("spec").put("managedBy", "kueue.x-k8s.io/multikueue");
    cluster.create(service);
  }

  // -------------------------------------------------------------------------------------------
  // apps.nvidia.com (NIM)

  @Test
  void nimCacheTakesExactlyOneSource(WorkloadMapCluster cluster) {
    String crd = "nimcache.apps.nvidia.com.yaml";
    ObjectNode cache = object(cluster, crd, """
        apiVersion: apps.nvidia.com/v1alpha1
        kind: NIMCache
        metadata: {name: llama-cache}
        spec:
          source:
            ngc:
              modelPuller: nvcr.io/nim/meta/llama-3.1-8b-instruct:1.3.3
              authSecret: ngc-api-secret
              pullSecret: ngc-secret
            hf:
              endpoint: https://huggingface.co
              namespace: meta-llama
              modelName: Llama-3.1-8B-Instruct
              authSecret: hf-api-secret
              modelPuller: nvcr.io/nim/nvidia/llm-nim:1.12.0
              pullSecret: ngc-secret
          storage:
            pvc: {create: true, size: 50Gi, storageClass: standard, volumeAccessMode: ReadWriteOnce}
        """);
    assertCreateRejected(
        cluster, cache, crd, "spec.source", "Exactly one of ngc, dataStore, or hf must be defined");
    cache.with("spec").with("source").remove("hf");
    cluster.create(cache);
  }

  @Test
  void nimServiceReplicasExcludeAutoscaling(WorkloadMapCluster cluster) {
    String crd = "nimservice.apps.nvidia.com.yaml";
    ObjectNode service = object(cluster, crd, """
        apiVersion: apps.nvidia.com/v1alpha1
        kind: NIMService
        metadata: {name: llama}
        spec:
          image: {repository: nvcr.io/nim/meta/llama-3.1-8b-instruct, tag: "1.3.3"}
          replicas: 2
          scale:
            enabled: true
            hpa: {minReplicas: 1, maxReplicas: 4}
        """);
    assertCreateRejected(
        cluster,
        service,
        crd,
        "spec",
        "spec.replicas cannot be set when spec.scale.enabled is true");
    service.with("spec").remove("replicas");
    cluster.create(service);
  }

  // -------------------------------------------------------------------------------------------
  // nvidia.com (Dynamo)

  @Test
  void dynamoGraphDeploymentRestartIsUnsetOnCreate(WorkloadMapCluster cluster) {
    // a create-only rule (optionalOldSelf): spec.restart may not come with the object, only be set
    // on it later
    String crd = "dynamographdeployment.nvidia.com.yaml";
    ObjectNode graph = object(cluster, crd, """
        apiVersion: nvidia.com/v1beta1
        kind: DynamoGraphDeployment
        metadata: {name: agg}
        spec:
          backendFramework: vllm
          components:
            - {name: Frontend, replicas: 1}
            - {name: VllmWorker, replicas: 2}
          restart: {id: first}
        """);
    assertCreateRejected(
        cluster,
        graph,
        crd,
        "spec",
        "spec.restart must be unset on create; set spec.restart.id after creation to request a restart");
    JsonNode restart = graph.with("spec").remove("restart");
    GenericKubernetesResource stored = cluster.create(graph);
    // as the message says: setting spec.restart.id on the existing object is how a restart is
    // requested
    GenericKubernetesResource restarted =
        update(cluster, stored, o -> o.with("spec").set("restart", restart));
    assertThat(cluster.asJson(restarted).at("/spec/restart/id").asText()).isEqualTo("first");
  }

  // -------------------------------------------------------------------------------------------
  // serving.kserve.io

  @Test
  void kserveLlmInferenceServiceReplicasExcludeScaling(WorkloadMapCluster cluster) {
    String crd = "llminferenceservice.serving.kserve.io.yaml";
    ObjectNode service = object(cluster, crd, """
        apiVersion: serving.kserve.io/v1alpha2
        kind: LLMInferenceService
        metadata: {name: llama}
        spec:
          model: {uri: "hf://meta-llama/Llama-3.1-8B-Instruct", name: meta-llama/Llama-3.1-8B-Instruct}
          replicas: 2
          scaling:
            minReplicas: 1
            maxReplicas: 4
            wva: {hpa: {}}
        """);
    assertCreateRejected(
        cluster,
        service,
        crd,
        "spec",
        "replicas and scaling are mutually exclusive; use scaling for"
            + " autoscaled deployments or replicas for static deployments");
    service.with("spec").remove("replicas");
    cluster.create(service);
  }

  // -------------------------------------------------------------------------------------------
  // grove.io

  @Test
  void grovePodCliqueSetPackDomainForbiddenOnNewWorkloads(WorkloadMapCluster cluster) {
    // a root rule with its own fieldPath and reason, create-only (optionalOldSelf)
    String crd = "podcliqueset.grove.io.yaml";
    ObjectNode set = object(cluster, crd, """
        apiVersion: grove.io/v1alpha1
        kind: PodCliqueSet
        metadata: {name: disagg}
        spec:
          replicas: 1
          template:
            topologyConstraint: {packDomain: zone}
            cliques:
              - name: worker
                spec:
                  roleName: worker
                  replicas: 2
                  podSpec:
        %s""".formatted(CONTAINERS.indent(12)));
    KubernetesClientException e = assertCreateRejected(
        cluster,
        set,
        crd,
        "spec.template.topologyConstraint.packDomain",
        "packDomain is deprecated and cannot be used on new workloads; use pack.required");
    assertThat(e.getStatus().getDetails().getCauses())
        .singleElement()
        .satisfies(c -> assertThat(c.getReason()).isEqualTo("FieldValueForbidden"));
    ObjectNode constraint = set.with("spec").with("template").with("topologyConstraint");
    constraint.remove("packDomain");
    constraint.putObject("pack").put("required", "zone");
    GenericKubernetesResource stored = cluster.create(set);
    // the rule holds for new workloads only: an existing one may still be written with packDomain
    update(cluster, stored, o -> {
      ObjectNode c = o.with("spec").with("template").with("topologyConstraint");
      c.remove("pack");
      c.put("packDomain", "zone");
    });
  }

  // -------------------------------------------------------------------------------------------
  // agents.x-k8s.io

  @Test
  void agentSandboxVolumeClaimTemplatesAreImmutable(WorkloadMapCluster cluster) {
    String crd = "sandbox.agents.x-k8s.io.yaml";
    GenericKubernetesResource sandbox =
        cluster.create(object(cluster, crd, """
        apiVersion: agents.x-k8s.io/v1beta1
        kind: Sandbox
        metadata: {name: coder}
        spec:
          podTemplate:
            spec:
        %s""".formatted(CONTAINERS.indent(6))));
    assertUpdateRejected(
        cluster,
        sandbox,
        crd,
        "spec",
        "volumeClaimTemplates is immutable",
        o -> o.with("spec").set("volumeClaimTemplates", cluster.readYaml("""
            - metadata: {name: workspace}
              spec:
                accessModes: [ReadWriteOnce]
                resources: {requests: {storage: 1Gi}}
            """).get(0)));
    update(cluster, sandbox, o -> o.with("spec").put("operatingMode", "Suspended"));
  }

  // -------------------------------------------------------------------------------------------
  // helpers

  /** Installs the CRD file (kept when installed) and reads {@code yaml} as one object. */
  private static ObjectNode object(WorkloadMapCluster cluster, String crdFile, String yaml) {
    cluster.installCrds(crdDir().resolve(crdFile));
    return (ObjectNode) cluster.readYaml(yaml).get(0);
  }

  private static KubernetesClientException assertCreateRejected(
      WorkloadMapCluster cluster, ObjectNode object, String crdFile, String field, String message) {
    KubernetesClientException e = rejection(
        "create " + object.path("kind").asText() + " "
            + object.at("/metadata/name").asText(),
        () -> cluster.create(object));
    assertRuleRejection(e, crdFile, field, message);
    return e;
  }

  private static void assertUpdateRejected(
      WorkloadMapCluster cluster,
      GenericKubernetesResource stored,
      String crdFile,
      String field,
      String message,
      Consumer<ObjectNode> change) {
    KubernetesClientException e = rejection(
        "update " + stored.getKind() + " " + stored.getMetadata().getName(),
        () -> update(cluster, stored, change));
    assertRuleRejection(e, crdFile, field, message);
  }

  private static KubernetesClientException rejection(String what, Runnable call) {
    try {
      call.run();
    } catch (KubernetesClientException e) {
      return e;
    }
    return fail(what + " was accepted; expected the API server to reject it (HTTP 422)");
  }

  /**
   * HTTP 422 with exactly one field error, at {@code field}, carrying {@code message}, which is a rule's message in
   * the CRD file (so the test asserts what the framework declares, not a paraphrase).
   */
  private static void assertRuleRejection(
      KubernetesClientException e, String crdFile, String field, String message) {
    assertThat(rulesOf(crdDir().resolve(crdFile)))
        .as("CEL rule messages of %s", crdFile)
        .contains(message);
    assertThat(e.getCode()).as("HTTP status of %s", e.getMessage()).isEqualTo(422);
    Status status = e.getStatus();
    assertThat(status.getReason()).isEqualTo("Invalid");
    List<StatusCause> causes = status.getDetails().getCauses();
    assertThat(causes)
        .as("field errors of %s", status.getMessage())
        .singleElement()
        .satisfies(c -> {
          assertThat(c.getField()).isEqualTo(field);
          assertThat(c.getMessage()).contains(message);
        });
    assertThat(status.getMessage()).contains(field).contains(message);
  }

  /** Reads the object back, applies {@code change} and writes it (PUT, with the read resourceVersion). */
  private static GenericKubernetesResource update(
      WorkloadMapCluster cluster, GenericKubernetesResource stored, Consumer<ObjectNode> change) {
    ObjectNode json = (ObjectNode) cluster.asJson(cluster.get(stored));
    change.accept(json);
    GenericKubernetesResource body = cluster
        .client()
        .getKubernetesSerialization()
        .convertValue(json, GenericKubernetesResource.class);
    return cluster.client().resource(body).inNamespace(cluster.namespace()).update();
  }

  /** The message of every CEL rule in a CRD file (the rule text for a rule without one); empty without rules. */
  static Set<String> rulesOf(Path crdFile) {
    return RULES.computeIfAbsent(crdFile, f -> {
      try {
        if (!Files.readString(f).contains(RULES_KEY)) {
          return Set.of();
        }
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read CRD file " + f, e);
      }
      Set<String> out = new LinkedHashSet<>();
      for (YamlDocument doc : new YamlReader().readAll(f)) {
        collectRules(doc.root(), out);
      }
      return out;
    });
  }

  private static void collectRules(JsonNode node, Set<String> out) {
    if (node.isObject()) {
      for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        if (e.getKey().equals(RULES_KEY) && e.getValue().isArray()) {
          for (JsonNode rule : e.getValue()) {
            out.add(
                rule.hasNonNull("message")
                    ? rule.get("message").asText()
                    : rule.path("rule").asText());
          }
        } else {
          collectRules(e.getValue(), out);
        }
      }
    } else if (node.isArray()) {
      node.forEach(n -> collectRules(n, out));
    }
  }
}
