package dev.workloadmap.junit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.junit.internal.ControllerPods;
import dev.workloadmap.junit.internal.CrdInstaller;
import dev.workloadmap.junit.internal.Diagnostics;
import dev.workloadmap.junit.internal.HandleContext;
import dev.workloadmap.junit.internal.ObjectWriter;
import dev.workloadmap.junit.internal.Resolution;
import dev.workloadmap.junit.internal.SharedCluster;
import dev.workloadmap.junit.internal.TreeAssertions;
import dev.workloadmap.sdk.PreparedDefinition;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.gang.GangPlan;
import dev.workloadmap.sdk.live.LiveTree;
import dev.workloadmap.sdk.status.StatusResult;
import dev.workloadmap.sdk.tree.WorkloadTree;
import dev.workloadmap.sdk.yaml.YamlDocument;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.apiguardian.api.API;
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
 *
 * <p><b>Structure.</b> This class is the public face; each job is one collaborator in {@code
 * dev.workloadmap.junit.internal}: {@code CrdInstaller} (CRDs), {@code ObjectWriter} (creates, status writes,
 * deletes), {@code ControllerPods} (the controller-pod simulation), {@code Resolution} (read back and resolve),
 * {@code TreeAssertions} (assertions) and {@code Diagnostics} (the failure text). They share one {@code
 * HandleContext}.
 *
 * <p><b>Thread safety.</b> The tests of a class may run in parallel and {@code @Nested} classes share the handle, so
 * one discipline holds for all of its state:
 * <ul>
 *   <li>The cluster, namespace, SDK facade and definitions are final and immutable ({@code List.copyOf}); the
 *       collaborators are final and hold no state of their own.
 *   <li>Everything that changes (objects created, notes, ServiceAccounts already ensured, the last tree and its jq
 *       problems, the failed flag) lives in one {@code HandleState} and is guarded by that object's monitor; its
 *       methods only touch memory, so no lock is ever held across a request to the API server and no thread waits
 *       behind another's network call. Readers get copies.
 *   <li>The cluster shared by every class of the run ({@code SharedCluster}) follows the same rule with its own
 *       monitor for its CRD map and notes; a CRD being installed is a future in that map, so a second class asking for
 *       it waits on the future, not on a lock. The two monitors are never held together.
 * </ul>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class WorkloadMapCluster {
  /** Pods on a cluster with nodes get this scheduler name so that no scheduler binds them (they stay Pending). */
  public static final String NO_SCHEDULER = "workloadmap-test-no-scheduler";

  private final HandleContext context;
  private final CrdInstaller crds;
  private final ObjectWriter writer;
  private final Resolution resolution;
  private final Diagnostics diagnostics;
  private final ControllerPods pods;
  private final TreeAssertions assertions;

  WorkloadMapCluster(
      SharedCluster cluster,
      String namespace,
      WorkloadMap workloadMap,
      List<PreparedDefinition> definitions,
      List<String> definitionSources) {
    this.context =
        new HandleContext(cluster, namespace, workloadMap, definitions, definitionSources);
    this.crds = new CrdInstaller(context);
    this.writer = new ObjectWriter(context);
    this.resolution = new Resolution(context);
    this.diagnostics = new Diagnostics(context);
    this.pods = new ControllerPods(context, writer, resolution, diagnostics, NO_SCHEDULER);
    this.assertions = new TreeAssertions(context, resolution, diagnostics);
  }

  /** The tier this class runs on. */
  public Tier tier() {
    return context.cluster().tier();
  }

  /** One line describing the cluster, for example {@code kube-apiserver 1.36.3 with etcd 3.6.8 (kube-api-test, ...)}. */
  public String clusterDescription() {
    return context.cluster().description();
  }

  /** False only for {@link Tier#MOCK}, which neither prunes unknown fields nor validates objects. */
  public boolean realApiServer() {
    return context.cluster().running().realApiServer();
  }

  /** A client with cluster-admin rights; objects created through it directly are not cleaned up by the handle. */
  public KubernetesClient client() {
    return context.client();
  }

  /** This class's namespace (created before the first test). */
  public String namespace() {
    return context.namespace();
  }

  /** The SDK facade used for resolution. */
  public WorkloadMap workloadMap() {
    return context.workloadMap();
  }

  /** The definitions of {@link WorkloadMapTest#definitions()}, validated, in the annotation's order. */
  public List<PreparedDefinition> definitions() {
    return context.definitions();
  }

  /**
   * The definition covering {@code object}'s group and kind.
   *
   * @throws IllegalStateException when no loaded definition covers it, naming the loaded ones
   */
  public PreparedDefinition definitionFor(JsonNode object) {
    return context.definitionFor(object);
  }

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
    return crds.install(sources);
  }

  /** Installs the CRDs in one file (see {@link #installCrds(String...)}). */
  public List<CustomResourceDefinition> installCrds(Path file) {
    return crds.install(file);
  }

  /** Reads every non-empty YAML document of a file, with Kubernetes' YAML rules (positions kept). */
  public List<JsonNode> readYaml(Path file) {
    return ObjectWriter.readYaml(file);
  }

  /** Reads every non-empty YAML document of a string. */
  public List<JsonNode> readYaml(String yaml) {
    return ObjectWriter.readYaml(yaml);
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
    return writer.create(object, false);
  }

  /**
   * As {@link #create(JsonNode)}, with one controller ownerReference to {@code owner} as the server stored it (its
   * apiVersion, kind, name and uid), the way a controller creates what it owns (a JobSet's Jobs, a Job's pods). The
   * object's own ownerReferences, if any, are replaced.
   *
   * @return the object as the server stored it
   */
  public GenericKubernetesResource createOwnedBy(JsonNode object, HasMetadata owner) {
    return writer.createOwnedBy(object, owner);
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
    return writer.createWithStatus(object);
  }

  /**
   * Writes {@code status} through the status subresource ({@code PUT .../status}), as a controller does.
   *
   * @param stored the object as the server stored it (its resourceVersion is used)
   * @return the object as the server stored it after the write
   */
  public GenericKubernetesResource writeStatus(GenericKubernetesResource stored, JsonNode status) {
    return writer.writeStatus(stored, status);
  }

  /** Reads {@code object} back from the server (by apiVersion, kind, namespace and name). */
  public GenericKubernetesResource get(HasMetadata object) {
    return context.get(object);
  }

  /** Deletes {@code object} (grace period 0) and waits until it is gone (120 s hang guard). */
  public void delete(HasMetadata object) {
    writer.delete(object);
  }

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
    return pods.createControllerPods(workload);
  }

  /**
   * Whether a controller of this cluster creates {@code workload}'s pods itself: a built-in workload kind (batch/v1
   * Job, CronJob; apps/v1 Deployment, ReplicaSet, StatefulSet) while the cluster runs {@link Controllers#WORKLOAD}.
   */
  public boolean controllersCreatePodsFor(HasMetadata workload) {
    return pods.controllersCreatePodsFor(workload);
  }

  /** The controllers running on this cluster ({@link Controllers#NONE} on the mock). */
  public Controllers controllers() {
    return pods.controllers();
  }

  /**
   * Waits until at least {@code count} pods whose controller owner chain reaches {@code workload} exist (created by
   * the cluster's controllers: a Deployment's through its ReplicaSet, a CronJob's through its Jobs), and returns the
   * live tree then. Polls every 200 ms.
   *
   * @throws AssertionFailedError when {@code timeout} passes first, with the pods found and the diagnostics
   */
  public LiveTree awaitControllerPods(HasMetadata workload, int count, Duration timeout) {
    return pods.awaitControllerPods(workload, count, timeout);
  }

  /** The pods of this namespace whose controller ownerReference chain (up to 6 owners) reaches {@code workload}. */
  public List<GenericKubernetesResource> podsOwnedThroughChain(HasMetadata workload) {
    return pods.podsOwnedThroughChain(workload);
  }

  /** Creates the pods in a YAML file (each document a Pod; a status in the document is written through /status). */
  public List<GenericKubernetesResource> createPods(Path yamlFile) {
    return pods.createPods(yamlFile);
  }

  /** The pods in this namespace that are controlled by {@code workload} (by ownerReference uid). */
  public List<GenericKubernetesResource> podsOf(HasMetadata workload) {
    return pods.podsOf(workload);
  }

  /**
   * Reads {@code workload} back from the server, lists every pod of this namespace once (served from the watch cache,
   * {@code resourceVersion=0}) and attributes them with the SDK (docs/format.md#owner-chain): pods whose controller
   * owner chain reaches the workload's UID, with intermediate owners (Jobs, ReplicaSets, ...) read from the server,
   * placed on components, instances and replicas by the definition's selectors. Owned pods no component claims are in
   * {@link LiveTree#unmatched()}.
   *
   * @return the live tree: per component {@code ready/desired}, per pod phase, reason, node and resources (GPUs as
   *     counts, CPU in millicores, memory in bytes)
   * @throws dev.workloadmap.sdk.WorkloadMapException when no definition of this test covers the workload's kind
   */
  public LiveTree livePods(HasMetadata workload) {
    return resolution.livePods(workload);
  }

  /**
   * The gang plan of {@code workload}'s live pods (docs/format.md#gangs, decision g): per pod group its gangs with the
   * group key, minMember per gang, the group total and the member pods.
   *
   * @throws dev.workloadmap.sdk.WorkloadMapException when no definition of this test covers the workload's kind
   */
  public GangPlan gangPlan(HasMetadata workload) {
    return resolution.gangPlan(workload);
  }

  /**
   * Reads {@code object} back from the server and resolves its workload tree with the definition covering its kind.
   * Live pod attribution and gang groups: {@link #livePods(HasMetadata)} and {@link #gangPlan(HasMetadata)}.
   */
  public WorkloadTree resolve(HasMetadata object) {
    return resolution.resolve(object);
  }

  /** Resolves the JSON form of an object with {@code definition}; the tree is kept for diagnostics. */
  public WorkloadTree resolve(PreparedDefinition definition, JsonNode object) {
    return resolution.resolve(definition, object);
  }

  /** Reads {@code object} back and evaluates its root status (null without a status definition). */
  public StatusResult status(HasMetadata object) {
    return resolution.status(object);
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
    assertions.assertTree(object, null, TreeAssertions.expected(expectedYaml));
  }

  /**
   * As {@link #assertTree(HasMetadata, Path)}, resolved with {@code definition} (null: the definition of {@link
   * WorkloadMapTest#definitions()} covering the object's kind).
   */
  public void assertTree(HasMetadata object, PreparedDefinition definition, Path expectedYaml) {
    assertions.assertTree(object, definition, TreeAssertions.expected(expectedYaml));
  }

  /** As {@link #assertTree(HasMetadata, Path)}, with the expected document as YAML text. */
  public void assertTree(HasMetadata object, String expectedYaml) {
    assertions.assertTree(object, null, TreeAssertions.expected(expectedYaml));
  }

  /** As {@link #assertTree(HasMetadata, PreparedDefinition, Path)}, with an already read expected document. */
  public void assertTree(HasMetadata object, PreparedDefinition definition, YamlDocument expected) {
    assertions.assertTree(object, definition, expected);
  }

  /**
   * Asserts the matched statuses of {@code object}, read back from the server, in the reference order.
   *
   * @throws AssertionFailedError with expected and actual statuses and the diagnostics
   */
  public void assertStatuses(HasMetadata object, String... expected) {
    assertions.assertStatuses(object, expected);
  }

  /**
   * The diagnostics of this handle as text: cluster, namespace, what the handle did, the definitions, every object it
   * created as the server stores it now, the last tree and the jq problems of the last resolution.
   */
  public String diagnostics() {
    return diagnostics.text(null, null);
  }

  /** The JSON form of a fabric8 object, through the client's serialization (exact numbers kept). */
  public JsonNode asJson(HasMetadata object) {
    return context.asJson(object);
  }
  // ---------------------------------------------------------------- lifecycle (package-private,
  // for the extension)

  void markFailed() {
    context.state().markFailed();
  }

  boolean failed() {
    return context.state().failed();
  }

  /** Deletes every object this handle created, newest first, with grace period 0. */
  void deleteCreatedObjects() {
    writer.deleteCreatedObjects();
  }
}
