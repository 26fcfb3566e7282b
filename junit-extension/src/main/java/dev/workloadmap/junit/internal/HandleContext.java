package dev.workloadmap.junit.internal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.PreparedDefinition;
import dev.workloadmap.sdk.WorkloadMap;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * What every collaborator of one {@code WorkloadMapCluster} shares: the cluster, the namespace, the SDK facade, the
 * definitions (all final and immutable) and the handle's one mutable {@link HandleState}; plus the reads every job
 * needs (an object read back, its JSON form, the definition covering it).
 */
public final class HandleContext {
  private final SharedCluster cluster;
  private final String namespace;
  private final WorkloadMap workloadMap;
  private final List<PreparedDefinition> definitions;
  private final List<String> definitionSources;
  private final HandleState state = new HandleState();

  public HandleContext(
      SharedCluster cluster,
      String namespace,
      WorkloadMap workloadMap,
      List<PreparedDefinition> definitions,
      List<String> definitionSources) {
    this.cluster = cluster;
    this.namespace = namespace;
    this.workloadMap = workloadMap;
    this.definitions = List.copyOf(definitions);
    this.definitionSources = List.copyOf(definitionSources);
  }

  public SharedCluster cluster() {
    return cluster;
  }

  public String namespace() {
    return namespace;
  }

  public WorkloadMap workloadMap() {
    return workloadMap;
  }

  public List<PreparedDefinition> definitions() {
    return definitions;
  }

  public List<String> definitionSources() {
    return definitionSources;
  }

  public HandleState state() {
    return state;
  }

  public KubernetesClient client() {
    return cluster.running().client();
  }

  /**
   * The definition covering {@code object}'s group and kind: the exact version first, then another version of the
   * kind (CD-21).
   *
   * @throws IllegalStateException when no loaded definition covers it, naming the loaded ones
   */
  public PreparedDefinition definitionFor(JsonNode object) {
    String apiVersion = object.path("apiVersion").asText();
    for (PreparedDefinition d : definitions) {
      if (d.definition().rootGvk() != null
          && d.definition().rootGvk().apiVersion().equals(apiVersion)
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
        + definitions.stream()
            .map(d -> d.definition().name() + " (" + d.definition().rootGvk() + ")")
            .collect(Collectors.joining(", ")));
  }

  /** Reads {@code object} back from the server (by apiVersion, kind, namespace and name). */
  public GenericKubernetesResource get(HasMetadata object) {
    GenericKubernetesResource ref = new GenericKubernetesResource();
    ref.setApiVersion(object.getApiVersion());
    ref.setKind(object.getKind());
    ref.setMetadata(new ObjectMetaBuilder()
        .withName(object.getMetadata().getName())
        .withNamespace(namespace)
        .build());
    GenericKubernetesResource got = read(
        "cannot read " + KubeObjects.describe(ref) + " in namespace " + namespace,
        () -> client().resource(ref).inNamespace(namespace).get());
    if (got == null) {
      throw new IllegalStateException(
          KubeObjects.describe(ref) + " not found in namespace " + namespace);
    }
    return got;
  }

  /**
   * Runs a read, again on a timeout, a broken connection, a 429 (after its Retry-After) or a 5xx, with backoff for up
   * to {@link Retries#READ_BUDGET_MILLIS} (the client retries some of these itself; a connection closed in the middle
   * of a response body it does not). A failure that is not worth a retry, or outlives the budget, becomes one clear
   * error naming {@code what} and the fault ({@link Faults}).
   */
  public <T> T read(String what, Supplier<T> call) {
    try {
      return Retries.call(
          what, cluster::recentLogs, Retries.READ_BUDGET_MILLIS, retry -> call.get());
    } catch (KubernetesClientException e) {
      throw Faults.explain(what, e);
    }
  }

  /** The JSON form of a fabric8 object, through the client's serialization (exact numbers kept). */
  public JsonNode asJson(HasMetadata object) {
    try {
      return KubeObjects.JSON.readTree(client().getKubernetesSerialization().asJson(object));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public GenericKubernetesResource toResource(JsonNode json) {
    return client()
        .getKubernetesSerialization()
        .convertValue(json, GenericKubernetesResource.class);
  }
}
