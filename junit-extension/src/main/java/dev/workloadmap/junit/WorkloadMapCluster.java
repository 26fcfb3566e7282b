package dev.workloadmap.junit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.workloadmap.sdk.PreparedDefinition;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.gang.GangPlan;
import dev.workloadmap.sdk.live.LiveTree;
import dev.workloadmap.sdk.live.OwnerLookup;
import dev.workloadmap.sdk.status.StatusResult;
import dev.workloadmap.sdk.tree.ComponentNode;
import dev.workloadmap.sdk.tree.InstanceNode;
import dev.workloadmap.sdk.tree.WorkloadTree;
import dev.workloadmap.sdk.validation.Finding;
import dev.workloadmap.sdk.verify.ExpectedMatcher;
import dev.workloadmap.sdk.yaml.YamlDocument;
import dev.workloadmap.sdk.yaml.YamlReader;
import io.fabric8.kubernetes.api.model.DeletionPropagation;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ListOptionsBuilder;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.opentest4j.AssertionFailedError;

/**
 * What a {@link WorkloadMapTest} test does with its cluster: install CRDs, create workload objects and write their
 * status through the status subresource, create the pods a controller would create, read objects back and resolve
 * them with the SDK, and assert on the result with readable messages. Injected as a parameter; one per top-level test
 * class (nested classes share it), working in {@link #namespace()}.
 *
 * <p>Everything the handle does is recorded; an assertion failure prints the definition, the objects as the server
 * stored them, the tree and the jq expressions that failed. Objects the handle created are deleted one by one at the
 * end of the class (per the cleanup mode), then the namespace is deleted (with {@link Controllers#NONE} there is no
 * namespace controller, and the namespace stays Terminating).
 */
public final class WorkloadMapCluster {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final YAMLMapper YAML = YAMLMapper.builder().disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
      .build();
  /** Server-owned metadata fields a fixture copied from {@code kubectl get -o yaml} carries; dropped before create. */
  private static final List<String> SERVER_METADATA = List.of("uid", "resourceVersion", "creationTimestamp",
      "deletionTimestamp", "deletionGracePeriodSeconds", "generation", "managedFields", "selfLink", "finalizers",
      "ownerReferences", "generateName");
  private static final String LAST_APPLIED = "kubectl.kubernetes.io/last-applied-configuration";
  /** Pods on a cluster with nodes get this scheduler name so that no scheduler binds them (they stay Pending). */
  public static final String NO_SCHEDULER = "workloadmap-test-no-scheduler";

  private final SharedCluster cluster;
  private final String namespace;
  private final WorkloadMap workloadMap;
  private final List<PreparedDefinition> definitions;
  private final List<String> definitionSources;
  private final List<HasMetadata> created = new ArrayList<>();
  private final List<String> notes = new ArrayList<>();
  private final Set<String> serviceAccounts = new LinkedHashSet<>();
  private volatile boolean failed;
  private String lastTree;
  private final List<String> lastProblems = new ArrayList<>();

  WorkloadMapCluster(SharedCluster cluster, String namespace, WorkloadMap workloadMap,
      List<PreparedDefinition> definitions, List<String> definitionSources) {
    this.cluster = cluster;
    this.namespace = namespace;
    this.workloadMap = workloadMap;
    this.definitions = List.copyOf(definitions);
    this.definitionSources = List.copyOf(definitionSources);
  }

  /** The tier this class runs on. */
  public Tier tier() {
    return cluster.tier();
  }

  /** One line describing the cluster, for example {@code kube-apiserver 1.36.3 with etcd 3.6.8 (kube-api-test, ...)}. */
  public String clusterDescription() {
    return cluster.description();
  }

  /** False only for {@link Tier#MOCK}, which neither prunes unknown fields nor validates objects. */
  public boolean realApiServer() {
    return cluster.running().realApiServer();
  }

  /** A client with cluster-admin rights; objects created through it directly are not cleaned up by the handle. */
  public KubernetesClient client() {
    return cluster.running().client();
  }

  /** This class's namespace (created before the first test). */
  public String namespace() {
    return namespace;
  }

  /** The SDK facade used for resolution. */
  public WorkloadMap workloadMap() {
    return workloadMap;
  }

  /** The definitions of {@link WorkloadMapTest#definitions()}, validated, in the annotation's order. */
  public List<PreparedDefinition> definitions() {
    return definitions;
  }

  /**
   * The definition covering {@code object}'s group and kind.
   *
   * @throws IllegalStateException when no loaded definition covers it, naming the loaded ones
   */
  public PreparedDefinition definitionFor(JsonNode object) {
    String apiVersion = object.path("apiVersion").asText();
    for (PreparedDefinition d : definitions) { // the exact version first, then another version of the kind (CD-21)
      if (d.definition().rootGvk() != null && d.definition().rootGvk().apiVersion().equals(apiVersion)
          && WorkloadMap.kindMismatch(d.definition(), object) == null) {
        return d;
      }
    }
    for (PreparedDefinition d : definitions) {
      if (WorkloadMap.kindMismatch(d.definition(), object) == null) {
        return d;
      }
    }
    throw new IllegalStateException("no definition of @WorkloadMapTest(definitions = ...) covers "
        + object.path("apiVersion").asText() + " " + object.path("kind").asText() + "; loaded: "
        + definitions.stream().map(d -> d.definition().name() + " (" + d.definition().rootGvk() + ")")
            .collect(Collectors.joining(", ")));
  }

  // ---------------------------------------------------------------- CRDs

  /**
   * Installs CRDs and waits until each is {@code Established} (60 s hang guard). Each source is a file path, {@code
   * classpath:<resource>} or an {@code http(s)://} URL (cached). A CRD that already exists in the shared cluster is
   * kept as it is. Created with a plain create: a client-side apply's last-applied annotation would exceed the
   * annotation size limit for large CRDs.
   *
   * @return the CRDs as the server stored them
   * @throws IllegalStateException when a source cannot be read or is not a CRD, or the CRD is rejected (with the
   *     server's message) or does not become established
   */
  public List<CustomResourceDefinition> installCrds(String... sources) {
    List<CustomResourceDefinition> out = new ArrayList<>();
    for (String source : sources) {
      out.addAll(installCrdsFrom(Sources.read(source, Settings.cacheHome(System::getenv)), source));
    }
    return out;
  }

  /** Installs the CRDs in one file (see {@link #installCrds(String...)}). */
  public List<CustomResourceDefinition> installCrds(Path file) {
    try {
      return installCrdsFrom(Files.readString(file), file.toString());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read CRD file " + file, e);
    }
  }

  private List<CustomResourceDefinition> installCrdsFrom(String yaml, String source) {
    List<CustomResourceDefinition> out = new ArrayList<>();
    for (JsonNode doc : new YamlReader().readAll(yaml, source).stream().map(YamlDocument::root)
        .filter(n -> !n.isNull()).toList()) {
      if (!doc.isObject() || !"CustomResourceDefinition".equals(doc.path("kind").asText())
          || !"apiextensions.k8s.io/v1".equals(doc.path("apiVersion").asText())) {
        throw new IllegalStateException(source + ": expected apiextensions.k8s.io/v1 CustomResourceDefinition"
            + " documents, found " + doc.path("apiVersion").asText() + " " + doc.path("kind").asText());
      }
      out.add(cluster.installCrd((ObjectNode) doc, source));
    }
    if (out.isEmpty()) {
      throw new IllegalStateException(source + ": no CustomResourceDefinition in it");
    }
    return out;
  }

  // ---------------------------------------------------------------- objects

  /** Reads every non-empty YAML document of a file, with Kubernetes' YAML rules (positions kept). */
  public List<JsonNode> readYaml(Path file) {
    return new YamlReader().readAll(file).stream().map(YamlDocument::root).filter(n -> !n.isNull()).toList();
  }

  /** Reads every non-empty YAML document of a string. */
  public List<JsonNode> readYaml(String yaml) {
    return new YamlReader().readAll(yaml, "<yaml>").stream().map(YamlDocument::root).filter(n -> !n.isNull())
        .toList();
  }

  /**
   * Applies every document of a YAML file: {@link #createWithStatus(JsonNode)} for each (an object that already
   * exists in this namespace is replaced, keeping its status).
   */
  public List<GenericKubernetesResource> apply(Path yamlFile) {
    return readYaml(yamlFile).stream().map(this::createWithStatus).toList();
  }

  /** As {@link #apply(Path)}, for YAML text. */
  public List<GenericKubernetesResource> apply(String yaml) {
    return readYaml(yaml).stream().map(this::createWithStatus).toList();
  }

  /**
   * Creates {@code object} in this namespace the way a user would: server-owned metadata a {@code kubectl get}
   * snapshot carries (uid, resourceVersion, generation, finalizers, ownerReferences, managedFields ...) and the
   * last-applied annotation are dropped, the namespace is set, and status is left out (the server drops status on
   * create). The server may prune unknown fields and reject the object (HTTP 422, as a {@link
   * KubernetesClientException} with the field errors).
   *
   * @return the object as the server stored it
   */
  public GenericKubernetesResource create(JsonNode object) {
    return create(object, false);
  }

  /**
   * Creates {@code resource}; while the client cannot yet map its kind (discovery of a just-established CRD lags:
   * "Could not find a registered handler"), retries for up to 30 s (a hang guard).
   */
  private GenericKubernetesResource createRetryingDiscovery(GenericKubernetesResource resource) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (true) {
      try {
        return Retries.call("create " + describe(resource) + " in namespace " + namespace, cluster::recentLogs,
            retry -> {
              try {
                return client().resource(resource).inNamespace(namespace).create();
              } catch (KubernetesClientException e) {
                if (retry && e.getCode() == 409) {
                  // the attempt that timed out had landed
                  return client().resource(resource).inNamespace(namespace).get();
                }
                throw e;
              }
            });
      } catch (KubernetesClientException e) {
        if (e.getCode() != 0 || !String.valueOf(e.getMessage()).contains("Could not find a registered handler")
            || System.nanoTime() > deadline) {
          throw e;
        }
        try {
          Thread.sleep(200);
        } catch (InterruptedException ie) {
          Thread.currentThread().interrupt();
          throw e;
        }
      }
    }
  }

  /**
   * As {@link #create(JsonNode)}, with one controller ownerReference to {@code owner} as the server stored it (its
   * apiVersion, kind, name and uid), the way a controller creates what it owns (a JobSet's Jobs, a Job's pods). The
   * object's own ownerReferences, if any, are replaced.
   *
   * @return the object as the server stored it
   */
  public GenericKubernetesResource createOwnedBy(JsonNode object, HasMetadata owner) {
    HasMetadata stored = get(owner);
    ObjectNode copy = object.deepCopy();
    ObjectNode ref = JSON.createObjectNode()
        .put("apiVersion", stored.getApiVersion())
        .put("kind", stored.getKind())
        .put("name", stored.getMetadata().getName())
        .put("uid", stored.getMetadata().getUid())
        .put("controller", true)
        .put("blockOwnerDeletion", true);
    copy.with("metadata").putArray("ownerReferences").add(ref);
    return create(copy, true);
  }

  private GenericKubernetesResource create(JsonNode object, boolean ownObjectReferences) {
    ObjectNode body = forCreate(object);
    if (ownObjectReferences && object.path("metadata").has("ownerReferences")) {
      // references the handle set itself (a controller's pods), not a snapshot's stale ones
      ((ObjectNode) body.get("metadata")).set("ownerReferences", object.path("metadata").get("ownerReferences"));
    }
    if ("v1".equals(body.path("apiVersion").asText()) && "Pod".equals(body.path("kind").asText())) {
      // the ServiceAccount and RuntimeClass admission plugins reject a pod whose ServiceAccount or RuntimeClass does
      // not exist; a test cluster has neither the controller that creates the one nor the operator that installs
      // the other
      ensureServiceAccount(body.path("spec").path("serviceAccountName").asText("default"));
      String runtimeClass = body.path("spec").path("runtimeClassName").asText("");
      if (!runtimeClass.isEmpty()) {
        ensureRuntimeClass(runtimeClass, body.path("spec").path("overhead"));
      }
    }
    GenericKubernetesResource resource = toResource(body);
    GenericKubernetesResource stored;
    try {
      stored = createRetryingDiscovery(resource);
    } catch (KubernetesClientException e) {
      if (e.getCode() != 409) {
        throw e;
      }
      GenericKubernetesResource existing = client().resource(resource).inNamespace(namespace).get();
      resource.getMetadata().setResourceVersion(existing.getMetadata().getResourceVersion());
      stored = client().resource(resource).inNamespace(namespace).update();
      notes.add("replaced existing " + describe(stored));
    }
    track(stored);
    return stored;
  }

  /**
   * {@link #create(JsonNode)}, then, when {@code object} has a status, {@link #writeStatus}. When the object carries a
   * {@code metadata.generation} other than the one the server assigned, every {@code observedGeneration} in the
   * status ({@code status.observedGeneration} and {@code status.conditions[].observedGeneration}) is shifted by the
   * difference (not below 0), so that "the status is behind the spec" (or not) stays as the object describes it.
   *
   * @return the object as the server stored it, with its status
   */
  public GenericKubernetesResource createWithStatus(JsonNode object) {
    GenericKubernetesResource stored = create(object);
    JsonNode status = object.get("status");
    if (status == null || status.isNull()) {
      return stored;
    }
    ObjectNode shifted = status.deepCopy();
    JsonNode gen = object.path("metadata").path("generation");
    if (gen.canConvertToLong() && stored.getMetadata().getGeneration() != null
        && gen.asLong() >= stored.getMetadata().getGeneration() + 2 && hasMutablePodTemplate(stored)) {
      stored = raiseGeneration(stored, gen.asLong());
    }
    if (!gen.canConvertToLong() && shifted.isObject() && !shifted.has("observedGeneration")
        && hasMutablePodTemplate(stored) && stored.getMetadata().getGeneration() != null) {
      // the object came without generation bookkeeping (a snapshot that dropped it); on a server the generation
      // always exists and these kinds' controllers always write observedGeneration with their status, so the
      // status is written as caught up with the spec, which is what the generation-less object means offline
      shifted.put("observedGeneration", stored.getMetadata().getGeneration());
      notes.add(describe(stored) + ": the object has no metadata.generation and its status no observedGeneration;"
          + " observedGeneration " + stored.getMetadata().getGeneration() + " (the server's generation) written");
    }
    Long storedGen = stored.getMetadata().getGeneration();
    if (gen.canConvertToLong() && storedGen != null && gen.asLong() != storedGen && shifted.isObject()) {
      long delta = storedGen - gen.asLong();
      shiftObservedGeneration(shifted, delta);
      notes.add(describe(stored) + ": metadata.generation is " + storedGen + " on the server, " + gen.asLong()
          + " in the object; observedGeneration values shifted by " + delta);
    }
    return writeStatus(stored, shifted);
  }

  /** An apps/v1 Deployment, StatefulSet, ReplicaSet or DaemonSet: its pod template may change after create. */
  private static boolean hasMutablePodTemplate(HasMetadata o) {
    return "apps/v1".equals(o.getApiVersion())
        && List.of("Deployment", "StatefulSet", "ReplicaSet", "DaemonSet").contains(o.getKind());
  }

  /**
   * Brings the server's {@code metadata.generation} of {@code stored} up to {@code target} (at least 2 above it) the
   * way it really grows, by spec changes: the pod template gets an annotation, changed once per generation, and then
   * loses it again, so the spec ends as written and only the generation has moved. A fixture whose status is behind
   * its spec ({@code observedGeneration} 2 of generation 3) can then be written as it is.
   */
  private GenericKubernetesResource raiseGeneration(GenericKubernetesResource stored, long target) {
    String key = "workloadmap.dev/generation-step";
    GenericKubernetesResource current = stored;
    long from = stored.getMetadata().getGeneration();
    for (long g = from; g < target; g++) {
      ObjectNode json = (ObjectNode) JSON.valueToTree(asJson(current));
      ObjectNode annotations = json.with("spec").with("template").with("metadata").with("annotations");
      if (g < target - 1) {
        annotations.put(key, Long.toString(g + 1));
      } else {
        annotations.remove(key);
        if (annotations.isEmpty()) {
          ((ObjectNode) json.get("spec").get("template").get("metadata")).remove("annotations");
        }
      }
      json.remove("status");
      GenericKubernetesResource update = toResource(json);
      current = Retries.call("update the spec of " + describe(update) + " (generation " + (g + 1) + ")",
          cluster::recentLogs, () -> client().resource(update).inNamespace(namespace).update());
    }
    notes.add(describe(stored) + ": metadata.generation raised from " + from + " to "
        + current.getMetadata().getGeneration() + " by " + (target - from) + " pod-template annotation changes (the"
        + " last one removing it again), as in the object");
    track(current);
    return current;
  }

  private static void shiftObservedGeneration(ObjectNode status, long delta) {
    shiftField(status, delta);
    if (status.get("conditions") instanceof ArrayNode conditions) {
      for (JsonNode c : conditions) {
        if (c instanceof ObjectNode co) {
          shiftField(co, delta);
        }
      }
    }
  }

  private static void shiftField(ObjectNode o, long delta) {
    JsonNode g = o.get("observedGeneration");
    if (g != null && g.canConvertToLong()) {
      o.put("observedGeneration", Math.max(0, g.asLong() + delta));
    }
  }

  /**
   * Writes {@code status} through the status subresource ({@code PUT .../status}), as a controller does.
   *
   * @param stored the object as the server stored it (its resourceVersion is used)
   * @return the object as the server stored it after the write
   */
  public GenericKubernetesResource writeStatus(GenericKubernetesResource stored, JsonNode status) {
    GenericKubernetesResource copy = toResource(JSON.valueToTree(asJson(stored)));
    copy.setAdditionalProperty("status", JSON.convertValue(status, Object.class));
    GenericKubernetesResource updated = Retries.call("write the status of " + describe(copy), cluster::recentLogs,
        () -> client().resource(copy).inNamespace(namespace).updateStatus());
    track(updated);
    return updated;
  }

  /** Reads {@code object} back from the server (by apiVersion, kind, namespace and name). */
  public GenericKubernetesResource get(HasMetadata object) {
    GenericKubernetesResource ref = new GenericKubernetesResource();
    ref.setApiVersion(object.getApiVersion());
    ref.setKind(object.getKind());
    ref.setMetadata(new io.fabric8.kubernetes.api.model.ObjectMetaBuilder().withName(object.getMetadata().getName())
        .withNamespace(namespace).build());
    GenericKubernetesResource got = client().resource(ref).inNamespace(namespace).get();
    if (got == null) {
      throw new IllegalStateException(describe(ref) + " not found in namespace " + namespace);
    }
    return got;
  }

  /** Deletes {@code object} (grace period 0) and waits until it is gone (120 s hang guard). */
  public void delete(HasMetadata object) {
    GenericKubernetesResource ref = toResource(JSON.valueToTree(asJson(object)));
    // background propagation: the API default for some kinds (batch/v1 Job) is orphan, whose finalizer only the
    // garbage collector removes, and a bare API server has none
    Retries.call("delete " + describe(ref), cluster::recentLogs, () -> client().resource(ref).inNamespace(namespace)
        .withPropagationPolicy(DeletionPropagation.BACKGROUND).withGracePeriod(0).delete());
    client().resource(ref).inNamespace(namespace).waitUntilCondition(r -> r == null, 120, TimeUnit.SECONDS);
    synchronized (created) {
      created.removeIf(h -> sameObject(h, object));
    }
  }

  // ---------------------------------------------------------------- pods

  /**
   * Creates the pods a controller would create for {@code workload}: for every pod-bearing component of its resolved
   * tree, for every instance, {@code desiredReplicas} pods from the instance's PodTemplateSpec (or its pod spec and
   * metadata), named {@code <workload>-<component>[-<instance id>]-<n>}, with the template's labels and annotations and
   * an ownerReference (controller) to the workload. Pods are kept off real nodes ({@link #NO_SCHEDULER} on clusters
   * with nodes), their ServiceAccount is created when missing (there may be no controller-manager to do it), and
   * token automounting is off (a bare API server has no token controller).
   *
   * @return the pods as the server stored them; a component whose pods the definition cannot describe (fragmented
   *     pod specs) is noted in the diagnostics and skipped
   */
  public List<GenericKubernetesResource> createControllerPods(GenericKubernetesResource workload) {
    GenericKubernetesResource stored = get(workload);
    JsonNode json = asJson(stored);
    WorkloadTree tree = workloadMap.resolve(definitionFor(json), json);
    if (controllersCreatePodsFor(stored)) {
      // the real controller creates them: fabricating more would double them
      int desired = tree.components().stream().filter(ComponentNode::podBearing)
          .flatMap(c -> c.instances().stream()).mapToInt(InstanceNode::desiredReplicas).sum();
      awaitControllerPods(stored, desired, Duration.ofMinutes(2));
      return podsOwnedThroughChain(stored);
    }
    List<GenericKubernetesResource> pods = new ArrayList<>();
    for (ComponentNode c : tree.components()) {
      if (!c.podBearing()) {
        continue;
      }
      for (InstanceNode i : c.instances()) {
        ObjectNode template = podTemplate(i);
        if (template == null) {
          notes.add("component " + c.name() + " instance '" + i.id() + "' has no PodTemplateSpec or pod spec;"
              + " no pods created for it");
          continue;
        }
        for (int n = 0; n < i.desiredReplicas(); n++) {
          String name = podName(stored.getMetadata().getName(), c.name(), i.id(), n);
          pods.add(createPod(podFrom(template, name, stored)));
        }
      }
    }
    return pods;
  }

  /**
   * Whether a controller of this cluster creates {@code workload}'s pods itself: a built-in workload kind (batch/v1
   * Job, CronJob; apps/v1 Deployment, ReplicaSet, StatefulSet) while the cluster runs {@link Controllers#WORKLOAD}.
   */
  public boolean controllersCreatePodsFor(HasMetadata workload) {
    if (!cluster.running().controllers().createsPods()) {
      return false;
    }
    String gv = workload.getApiVersion();
    String kind = workload.getKind();
    return ("batch/v1".equals(gv) && ("Job".equals(kind) || "CronJob".equals(kind)))
        || ("apps/v1".equals(gv) && List.of("Deployment", "ReplicaSet", "StatefulSet").contains(kind));
  }

  /** The controllers running on this cluster ({@link Controllers#NONE} on the mock). */
  public Controllers controllers() {
    return cluster.running().controllers();
  }

  /**
   * Waits until at least {@code count} pods whose controller owner chain reaches {@code workload} exist (created by
   * the cluster's controllers: a Deployment's through its ReplicaSet, a CronJob's through its Jobs), and returns the
   * live tree then. Polls every 200 ms.
   *
   * @throws AssertionFailedError when {@code timeout} passes first, with the pods found and the diagnostics
   */
  public LiveTree awaitControllerPods(HasMetadata workload, int count, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      LiveTree live = livePods(workload);
      int found = live.pods().size() + live.unmatched().size();
      if (found >= count) {
        return live;
      }
      if (System.nanoTime() > deadline) {
        failed = true;
        throw new AssertionFailedError("the controllers created " + found + " of " + count + " pods for "
            + describe(workload) + " within " + timeout.toSeconds() + " s\n\n" + diagnostics() + "\n"
            + cluster.recentLogs());
      }
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while waiting for controller pods", e);
      }
    }
  }

  /** The pods of this namespace whose controller ownerReference chain (up to 6 owners) reaches {@code workload}. */
  public List<GenericKubernetesResource> podsOwnedThroughChain(HasMetadata workload) {
    String root = get(workload).getMetadata().getUid();
    java.util.Map<String, String> ownerOf = new java.util.HashMap<>();
    for (String kind : List.of("batch/v1 Job", "apps/v1 ReplicaSet")) {
      String[] gk = kind.split(" ");
      for (GenericKubernetesResource o : client().genericKubernetesResources(gk[0], gk[1]).inNamespace(namespace)
          .list().getItems()) {
        o.getMetadata().getOwnerReferences().stream().filter(r -> Boolean.TRUE.equals(r.getController()))
            .findFirst().ifPresent(r -> ownerOf.put(o.getMetadata().getUid(), r.getUid()));
      }
    }
    List<GenericKubernetesResource> out = new ArrayList<>();
    for (GenericKubernetesResource p : client().genericKubernetesResources("v1", "Pod").inNamespace(namespace).list()
        .getItems()) {
      String uid = p.getMetadata().getOwnerReferences().stream().filter(r -> Boolean.TRUE.equals(r.getController()))
          .map(r -> r.getUid()).findFirst().orElse(null);
      for (int depth = 0; uid != null && depth < 6; depth++) {
        if (uid.equals(root)) {
          out.add(p);
          break;
        }
        uid = ownerOf.get(uid);
      }
    }
    return out;
  }

  /** Creates the pods in a YAML file (each document a Pod; a status in the document is written through /status). */
  public List<GenericKubernetesResource> createPods(Path yamlFile) {
    List<GenericKubernetesResource> out = new ArrayList<>();
    for (JsonNode doc : readYaml(yamlFile)) {
      if (!"Pod".equals(doc.path("kind").asText())) {
        throw new IllegalArgumentException(yamlFile + ": expected Pod documents, found " + doc.path("kind").asText());
      }
      ObjectNode pod = forCreate(doc);
      pod.set("status", doc.get("status"));
      out.add(createPod(pod));
    }
    return out;
  }

  private GenericKubernetesResource createPod(ObjectNode pod) {
    ObjectNode spec = pod.with("spec");
    String sa = spec.path("serviceAccountName").asText("default");
    if (spec.path("automountServiceAccountToken").asBoolean(false)) {
      notes.add("pod " + pod.path("metadata").path("name").asText()
          + ": automountServiceAccountToken true set to false (no token controller)");
    }
    spec.put("automountServiceAccountToken", false);
    if (cluster.running().hasNodes()) {
      spec.put("schedulerName", NO_SCHEDULER);
      spec.remove("nodeName");
    }
    ensureServiceAccount(sa);
    JsonNode status = pod.remove("status");
    GenericKubernetesResource stored = create(pod, true);
    if (status != null && !status.isNull()) {
      stored = writeStatus(stored, status);
    }
    return stored;
  }

  private void ensureServiceAccount(String name) {
    if (!serviceAccounts.add(name)) {
      return;
    }
    ServiceAccounts.ensure(client(), namespace, name);
  }

  /** Creates the RuntimeClass when missing, with the pod's overhead (the admission plugin requires them equal). */
  private void ensureRuntimeClass(String name, JsonNode overhead) {
    if (client().resources(io.fabric8.kubernetes.api.model.node.v1.RuntimeClass.class).withName(name).get() != null) {
      return;
    }
    try {
      client().resources(io.fabric8.kubernetes.api.model.node.v1.RuntimeClass.class).resource(
          new io.fabric8.kubernetes.api.model.node.v1.RuntimeClassBuilder().withNewMetadata().withName(name)
              .endMetadata().withHandler(name).withOverhead(overhead.isObject()
                  ? new io.fabric8.kubernetes.api.model.node.v1.Overhead(JSON.convertValue(overhead,
                      new com.fasterxml.jackson.core.type.TypeReference<java.util.Map<String,
                          io.fabric8.kubernetes.api.model.Quantity>>() {}))
                  : null).build()).create();
      notes.add("created RuntimeClass " + name + " (cluster-wide) for a pod that names it");
    } catch (KubernetesClientException e) {
      if (e.getCode() != 409) {
        throw e;
      }
    }
  }

  private static ObjectNode podTemplate(InstanceNode i) {
    if (i.record().podTemplateSpec() != null && i.record().podTemplateSpec().isObject()) {
      return (ObjectNode) i.record().podTemplateSpec().deepCopy();
    }
    if (i.record().podSpec() != null && i.record().podSpec().isObject()) {
      ObjectNode t = JSON.createObjectNode();
      t.set("metadata", i.record().metadata() == null ? JSON.createObjectNode() : i.record().metadata().deepCopy());
      t.set("spec", i.record().podSpec().deepCopy());
      return t;
    }
    return null;
  }

  private ObjectNode podFrom(ObjectNode template, String name, GenericKubernetesResource owner) {
    ObjectNode pod = JSON.createObjectNode();
    pod.put("apiVersion", "v1");
    pod.put("kind", "Pod");
    ObjectNode meta = pod.putObject("metadata");
    meta.put("name", name);
    JsonNode tm = template.path("metadata");
    if (tm.has("labels")) {
      meta.set("labels", tm.get("labels"));
    }
    if (tm.has("annotations")) {
      meta.set("annotations", tm.get("annotations"));
    }
    ObjectNode ref = meta.putArray("ownerReferences").addObject();
    ref.put("apiVersion", owner.getApiVersion());
    ref.put("kind", owner.getKind());
    ref.put("name", owner.getMetadata().getName());
    ref.put("uid", owner.getMetadata().getUid());
    ref.put("controller", true);
    pod.set("spec", template.path("spec").deepCopy());
    ObjectNode body = forCreate(pod);
    // forCreate drops ownerReferences of snapshots; these are the controller's own
    ((ObjectNode) body.get("metadata")).set("ownerReferences", meta.get("ownerReferences"));
    return body;
  }

  static String podName(String workload, String component, String id, int n) {
    String raw = workload + "-" + component + (id.isEmpty() ? "" : "-" + id) + "-" + n;
    String s = raw.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9-]", "-").replaceAll("-+", "-");
    if (s.length() > 63) {
      String hash = Integer.toHexString(raw.hashCode());
      s = s.substring(0, 62 - hash.length()) + "-" + hash;
    }
    return s.replaceAll("^-|-$", "");
  }

  /** The pods in this namespace that are controlled by {@code workload} (by ownerReference uid). */
  public List<GenericKubernetesResource> podsOf(HasMetadata workload) {
    String uid = get(workload).getMetadata().getUid();
    return client().genericKubernetesResources("v1", "Pod").inNamespace(namespace).list().getItems().stream()
        .filter(p -> p.getMetadata().getOwnerReferences().stream().anyMatch(r -> uid.equals(r.getUid())))
        .toList();
  }

  /**
   * Reads {@code workload} back from the server, lists every pod of this namespace once (served from the watch cache,
   * {@code resourceVersion=0}) and attributes them with the SDK (spec §5.8): pods whose controller owner chain reaches
   * the workload's UID, with intermediate owners (Jobs, ReplicaSets, ...) read from the server, placed on components,
   * instances and replicas by the definition's selectors. Owned pods no component claims are in
   * {@link LiveTree#unmatched()}.
   *
   * @return the live tree: per component {@code ready/desired}, per pod phase, reason, node and resources (GPUs as
   *     counts, CPU in millicores, memory in bytes)
   * @throws dev.workloadmap.sdk.WorkloadMapException when no definition of this test covers the workload's kind
   */
  public LiveTree livePods(HasMetadata workload) {
    JsonNode json = asJson(get(workload));
    PreparedDefinition definition = definitionFor(json);
    List<JsonNode> pods = client().genericKubernetesResources("v1", "Pod").inNamespace(namespace)
        .list(new ListOptionsBuilder().withResourceVersion("0").build()).getItems().stream()
        .map(this::asJson).toList();
    LiveTree live = workloadMap.attributePods(definition, resolve(definition, json), json, pods, ownerLookup());
    synchronized (this) {
      lastTree = workloadMap.renderText(live, null);
    }
    return live;
  }

  /**
   * The gang plan of {@code workload}'s live pods (spec §5.11, decision g): per pod group its gangs with the group key,
   * minMember per gang, the group total and the member pods.
   *
   * @throws dev.workloadmap.sdk.WorkloadMapException when no definition of this test covers the workload's kind
   */
  public GangPlan gangPlan(HasMetadata workload) {
    LiveTree live = livePods(workload);
    JsonNode json = asJson(get(workload));
    return workloadMap.gangPlan(definitionFor(json), live);
  }

  /** Intermediate owners read from this cluster by apiVersion, kind and name; unreadable owners are empty (§5.8). */
  private OwnerLookup ownerLookup() {
    return (ns, ref) -> {
      try {
        var resources = client().genericKubernetesResources(ref.apiVersion(), ref.kind());
        GenericKubernetesResource owner = ns.isEmpty() ? resources.withName(ref.name()).get()
            : resources.inNamespace(ns).withName(ref.name()).get();
        return Optional.ofNullable(owner).map(this::asJson);
      } catch (KubernetesClientException e) {
        return Optional.empty();
      }
    };
  }

  // ---------------------------------------------------------------- resolution and assertions

  /**
   * Reads {@code object} back from the server and resolves its workload tree with the definition covering its kind.
   * Live pod attribution and gang groups: {@link #livePods(HasMetadata)} and {@link #gangPlan(HasMetadata)}.
   */
  public WorkloadTree resolve(HasMetadata object) {
    JsonNode json = asJson(get(object));
    return resolve(definitionFor(json), json);
  }

  /** Resolves the JSON form of an object with {@code definition}; the tree is kept for diagnostics. */
  public WorkloadTree resolve(PreparedDefinition definition, JsonNode object) {
    WorkloadTree tree = workloadMap.resolve(definition, object);
    synchronized (this) {
      lastTree = workloadMap.renderText(tree, null);
      lastProblems.clear();
      tree.problems().forEach(p -> lastProblems.add(p.format() + (p.expression() == null ? ""
          : "\n      jq: " + p.expression())));
    }
    return tree;
  }

  /** Reads {@code object} back and evaluates its root status (null without a status definition). */
  public StatusResult status(HasMetadata object) {
    JsonNode json = asJson(get(object));
    return workloadMap.status(definitionFor(json), json);
  }

  /**
   * Asserts that {@code object}, read back from the server, resolves to the tree {@code expectedYaml} describes (a
   * subset of the tree's JSON form, as in a fixture's expected.yaml; see {@code TreeJson}). Contained evaluation
   * problems fail unless the expected document lists {@code problems}.
   *
   * @throws AssertionFailedError with every mismatch (file:line:column and JSON pointer), the expected document and
   *     the actual tree as text, and the diagnostics
   */
  public void assertTree(HasMetadata object, Path expectedYaml) {
    assertTree(object, null, expectedYaml);
  }

  /**
   * As {@link #assertTree(HasMetadata, Path)}, resolved with {@code definition} (null: the definition of {@link
   * WorkloadMapTest#definitions()} covering the object's kind).
   */
  public void assertTree(HasMetadata object, PreparedDefinition definition, Path expectedYaml) {
    List<YamlDocument> docs = new YamlReader().readAll(expectedYaml);
    assertTree(object, definition, docs.stream().filter(d -> !d.root().isNull()).findFirst().orElseThrow(
        () -> new IllegalArgumentException(expectedYaml + " holds no document")));
  }

  /** As {@link #assertTree(HasMetadata, Path)}, with the expected document as YAML text. */
  public void assertTree(HasMetadata object, String expectedYaml) {
    assertTree(object, null, new YamlReader().readAll(expectedYaml, "<expected>").stream().filter(d -> !d.root().isNull())
        .findFirst().orElseThrow(() -> new IllegalArgumentException("the expected YAML holds no document")));
  }

  /** As {@link #assertTree(HasMetadata, PreparedDefinition, Path)}, with an already read expected document. */
  public void assertTree(HasMetadata object, PreparedDefinition definition, YamlDocument expected) {
    JsonNode json = asJson(get(object));
    PreparedDefinition def = definition != null ? definition : definitionFor(json);
    WorkloadTree tree = resolve(def, json);
    ObjectNode actual = workloadMap.toJson(tree);
    List<String> mismatches = new ArrayList<>();
    for (Finding f : ExpectedMatcher.compare(expected, actual)) {
      mismatches.add(f.format() + (f.expression() == null ? "" : "\n      jq: " + f.expression()));
    }
    if (!tree.problems().isEmpty() && !expected.root().has("problems")) {
      tree.problems().forEach(p -> mismatches.add("unexpected evaluation problem: " + p.format()
          + (p.expression() == null ? "" : "\n      jq: " + p.expression())));
    }
    if (!mismatches.isEmpty()) {
      failed = true;
      String expectedText = toYaml(expected.root());
      String actualText = workloadMap.renderText(tree, null) + "\n" + toYaml(actual);
      throw new AssertionFailedError("the tree of " + describe(object) + " (read back from the server) does not match"
          + " the expectation:\n  " + String.join("\n  ", mismatches) + "\n\n" + diagnostics(def, json),
          expectedText, actualText);
    }
  }

  /**
   * Asserts the matched statuses of {@code object}, read back from the server, in the reference order.
   *
   * @throws AssertionFailedError with expected and actual statuses and the diagnostics
   */
  public void assertStatuses(HasMetadata object, String... expected) {
    JsonNode json = asJson(get(object));
    PreparedDefinition def = definitionFor(json);
    WorkloadTree tree = resolve(def, json);
    List<String> actual = tree.phases();
    if (!List.of(expected).equals(actual)) {
      failed = true;
      throw new AssertionFailedError("statuses of " + describe(object) + ": expected " + List.of(expected)
          + ", actual " + actual + "\n\n" + diagnostics(def, json), List.of(expected), actual);
    }
  }

  /**
   * The diagnostics of this handle as text: cluster, namespace, what the handle did, the definitions, every object it
   * created as the server stores it now, the last tree and the jq problems of the last resolution.
   */
  public String diagnostics() {
    return diagnostics(null, null);
  }

  private String diagnostics(PreparedDefinition def, JsonNode object) {
    StringBuilder sb = new StringBuilder("--- @WorkloadMapTest diagnostics ---\n");
    sb.append("cluster: ").append(tier()).append(", ").append(clusterDescription()).append('\n');
    sb.append("namespace: ").append(namespace).append('\n');
    synchronized (this) {
      List<String> all = new ArrayList<>(cluster.notes());
      all.addAll(notes);
      if (!all.isEmpty()) {
        sb.append("notes:\n");
        all.forEach(n -> sb.append("  ").append(n).append('\n'));
      }
      if (def != null) {
        sb.append("definition: ").append(def.definition().name()).append(" (").append(sourceOf(def.definition()))
            .append(")\n");
      } else {
        sb.append("definitions: ").append(String.join(", ", definitionSources)).append('\n');
      }
      if (object != null) {
        sb.append("object as stored by the server:\n").append(indent(toYaml(object)));
      }
      if (lastTree != null) {
        sb.append("tree:\n").append(indent(lastTree));
      }
      if (!lastProblems.isEmpty()) {
        sb.append("jq problems:\n");
        lastProblems.forEach(p -> sb.append("  ").append(p).append('\n'));
      }
    }
    if (object == null) {
      List<HasMetadata> objects;
      synchronized (created) {
        objects = List.copyOf(created);
      }
      for (HasMetadata h : objects) {
        try {
          sb.append("stored ").append(describe(h)).append(":\n").append(indent(toYaml(asJson(get(h)))));
        } catch (RuntimeException e) {
          sb.append("stored ").append(describe(h)).append(": cannot read back (").append(e.getMessage()).append(")\n");
        }
      }
    }
    return sb.toString();
  }

  // ---------------------------------------------------------------- lifecycle (package-private)

  void markFailed() {
    failed = true;
  }

  boolean failed() {
    return failed;
  }

  /** Deletes every object this handle created, newest first, with grace period 0. */
  void deleteCreatedObjects() {
    List<HasMetadata> objects;
    synchronized (created) {
      objects = new ArrayList<>(created);
      created.clear();
    }
    for (int i = objects.size() - 1; i >= 0; i--) {
      GenericKubernetesResource ref = toResource(JSON.valueToTree(asJson(objects.get(i))));
      try {
        client().resource(ref).inNamespace(namespace).withPropagationPolicy(DeletionPropagation.BACKGROUND)
            .withGracePeriod(0).delete();
      } catch (KubernetesClientException e) {
        // best effort: the namespace goes next
      }
    }
  }

  // ---------------------------------------------------------------- helpers

  private ObjectNode forCreate(JsonNode object) {
    if (!object.isObject() || object.path("apiVersion").asText().isEmpty() || object.path("kind").asText().isEmpty()) {
      throw new IllegalArgumentException("a Kubernetes object needs apiVersion and kind; a status-only fragment cannot"
          + " be created");
    }
    ObjectNode body = object.deepCopy();
    body.remove("status");
    ObjectNode meta = body.with("metadata");
    boolean named = !meta.path("name").asText().isEmpty();
    for (String f : SERVER_METADATA) {
      if (!(f.equals("generateName") && !named)) {
        meta.remove(f);
      }
    }
    if (meta.get("annotations") instanceof ObjectNode a) {
      a.remove(LAST_APPLIED);
      if (a.isEmpty()) {
        meta.remove("annotations");
      }
    }
    meta.put("namespace", namespace);
    return body;
  }

  private GenericKubernetesResource toResource(JsonNode json) {
    return client().getKubernetesSerialization().convertValue(json, GenericKubernetesResource.class);
  }

  /** The JSON form of a fabric8 object, through the client's serialization (exact numbers kept). */
  public JsonNode asJson(HasMetadata object) {
    try {
      return JSON.readTree(client().getKubernetesSerialization().asJson(object));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void track(GenericKubernetesResource stored) {
    synchronized (created) {
      created.removeIf(h -> sameObject(h, stored));
      created.add(stored);
    }
  }

  private static boolean sameObject(HasMetadata a, HasMetadata b) {
    return a.getKind().equals(b.getKind()) && a.getApiVersion().equals(b.getApiVersion())
        && a.getMetadata().getName().equals(b.getMetadata().getName());
  }

  static String describe(HasMetadata h) {
    return h.getKind() + " " + h.getApiVersion() + " " + h.getMetadata().getName();
  }

  static String toYaml(JsonNode node) {
    try {
      return YAML.writeValueAsString(node);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String indent(String text) {
    return text.lines().map(l -> "  " + l).collect(Collectors.joining("\n", "", "\n"));
  }

  /** Where a definition was read from, for diagnostics. */
  static String sourceOf(Definition d) {
    return d.source() == null ? "(built in code)" : d.source().file();
  }
}
