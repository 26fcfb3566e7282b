package dev.workloadmap.junit.internal;

import static dev.workloadmap.junit.internal.KubeObjects.JSON;
import static dev.workloadmap.junit.internal.KubeObjects.describe;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.sdk.yaml.YamlDocument;
import dev.workloadmap.sdk.yaml.YamlReader;
import io.fabric8.kubernetes.api.model.DeletionPropagation;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.node.v1.Overhead;
import io.fabric8.kubernetes.api.model.node.v1.RuntimeClass;
import io.fabric8.kubernetes.api.model.node.v1.RuntimeClassBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The handle's writes: creates (as a user would, or owned by another object as a controller would), status writes
 * through the status subresource, generation bookkeeping for fixtures whose status is behind their spec, deletes, and
 * the ServiceAccounts and RuntimeClasses that admission requires for a pod. Every object written is tracked in the
 * {@link HandleState} for cleanup and diagnostics.
 */
public final class ObjectWriter {
  /** Server-owned metadata fields a fixture copied from {@code kubectl get -o yaml} carries; dropped before create. */
  private static final List<String> SERVER_METADATA = List.of(
      "uid",
      "resourceVersion",
      "creationTimestamp",
      "deletionTimestamp",
      "deletionGracePeriodSeconds",
      "generation",
      "managedFields",
      "selfLink",
      "finalizers",
      "ownerReferences",
      "generateName");

  private static final String LAST_APPLIED = "kubectl.kubernetes.io/last-applied-configuration";

  private final HandleContext context;
  private final String namespace;

  public ObjectWriter(HandleContext context) {
    this.context = context;
    this.namespace = context.namespace();
  }

  private KubernetesClient client() {
    return context.client();
  }

  /** Every non-empty YAML document of a file, with Kubernetes' YAML rules (positions kept). */
  public static List<JsonNode> readYaml(Path file) {
    return new YamlReader()
        .readAll(file).stream().map(YamlDocument::root).filter(n -> !n.isNull()).toList();
  }

  /** Every non-empty YAML document of a string. */
  public static List<JsonNode> readYaml(String yaml) {
    return new YamlReader()
        .readAll(yaml, "<yaml>").stream()
            .map(YamlDocument::root)
            .filter(n -> !n.isNull())
            .toList();
  }

  /**
   * Creates {@code object} in the namespace; {@code ownObjectReferences}: keep the object's ownerReferences (set by
   * the handle itself, a controller's pods), not a snapshot's stale ones. An object that exists is replaced.
   */
  public GenericKubernetesResource create(JsonNode object, boolean ownObjectReferences) {
    ObjectNode body = forCreate(object);
    if (ownObjectReferences && object.path("metadata").has("ownerReferences")) {
      ((ObjectNode) body.get("metadata"))
          .set("ownerReferences", object.path("metadata").get("ownerReferences"));
    }
    if ("v1".equals(body.path("apiVersion").asText())
        && "Pod".equals(body.path("kind").asText())) {
      // the ServiceAccount and RuntimeClass admission plugins reject a pod whose ServiceAccount or
      // RuntimeClass does
      // not exist; a test cluster has neither the controller that creates the one nor the operator
      // that installs
      // the other
      ensureServiceAccount(body.path("spec").path("serviceAccountName").asText("default"));
      String runtimeClass = body.path("spec").path("runtimeClassName").asText("");
      if (!runtimeClass.isEmpty()) {
        ensureRuntimeClass(runtimeClass, body.path("spec").path("overhead"));
      }
    }
    GenericKubernetesResource resource = context.toResource(body);
    GenericKubernetesResource stored;
    try {
      stored = createRetryingDiscovery(resource);
    } catch (KubernetesClientException e) {
      if (e.getCode() != 409) {
        throw e;
      }
      GenericKubernetesResource existing =
          client().resource(resource).inNamespace(namespace).get();
      resource.getMetadata().setResourceVersion(existing.getMetadata().getResourceVersion());
      stored = client().resource(resource).inNamespace(namespace).update();
      context.state().note("replaced existing " + describe(stored));
    }
    context.state().track(stored);
    return stored;
  }

  /**
   * Creates {@code resource}; while the client cannot yet map its kind (discovery of a just-established CRD lags:
   * "Could not find a registered handler"), retries for up to 30 s (a hang guard).
   */
  private GenericKubernetesResource createRetryingDiscovery(GenericKubernetesResource resource) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (true) {
      try {
        return Retries.call(
            "create " + describe(resource) + " in namespace " + namespace,
            context.cluster()::recentLogs,
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
        if (e.getCode() != 0
            || !String.valueOf(e.getMessage()).contains("Could not find a registered handler")
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

  /** A create with one controller ownerReference to {@code owner} as the server stored it. */
  public GenericKubernetesResource createOwnedBy(JsonNode object, HasMetadata owner) {
    HasMetadata stored = context.get(owner);
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

  /** A create, then the object's status (if any) through /status, with its generation bookkeeping kept. */
  public GenericKubernetesResource createWithStatus(JsonNode object) {
    GenericKubernetesResource stored = create(object, false);
    JsonNode status = object.get("status");
    if (status == null || status.isNull()) {
      return stored;
    }
    ObjectNode shifted = status.deepCopy();
    JsonNode gen = object.path("metadata").path("generation");
    if (gen.canConvertToLong()
        && stored.getMetadata().getGeneration() != null
        && gen.asLong() >= stored.getMetadata().getGeneration() + 2
        && hasMutablePodTemplate(stored)) {
      stored = raiseGeneration(stored, gen.asLong());
    }
    if (!gen.canConvertToLong()
        && shifted.isObject()
        && !shifted.has("observedGeneration")
        && hasMutablePodTemplate(stored)
        && stored.getMetadata().getGeneration() != null) {
      // the object came without generation bookkeeping (a snapshot that dropped it); on a server
      // the generation
      // always exists and these kinds' controllers always write observedGeneration with their
      // status, so the
      // status is written as caught up with the spec, which is what the generation-less object
      // means offline
      shifted.put("observedGeneration", stored.getMetadata().getGeneration());
      context
          .state()
          .note(describe(stored) + ": the object has no metadata.generation and its status no"
              + " observedGeneration; observedGeneration "
              + stored.getMetadata().getGeneration() + " (the server's"
              + " generation) written");
    }
    Long storedGen = stored.getMetadata().getGeneration();
    if (gen.canConvertToLong()
        && storedGen != null
        && gen.asLong() != storedGen
        && shifted.isObject()) {
      long delta = storedGen - gen.asLong();
      shiftObservedGeneration(shifted, delta);
      context
          .state()
          .note(describe(stored) + ": metadata.generation is " + storedGen + " on the server, "
              + gen.asLong() + " in the object; observedGeneration values shifted by " + delta);
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
   * loses it again, so the spec ends as written and only the generation has moved.
   */
  private GenericKubernetesResource raiseGeneration(GenericKubernetesResource stored, long target) {
    String key = "workloadmap.dev/generation-step";
    GenericKubernetesResource current = stored;
    long from = stored.getMetadata().getGeneration();
    for (long g = from; g < target; g++) {
      ObjectNode json = (ObjectNode) JSON.valueToTree(context.asJson(current));
      ObjectNode annotations =
          json.with("spec").with("template").with("metadata").with("annotations");
      if (g < target - 1) {
        annotations.put(key, Long.toString(g + 1));
      } else {
        annotations.remove(key);
        if (annotations.isEmpty()) {
          ((ObjectNode) json.get("spec").get("template").get("metadata")).remove("annotations");
        }
      }
      json.remove("status");
      GenericKubernetesResource update = context.toResource(json);
      current = Retries.call(
          "update the spec of " + describe(update) + " (generation " + (g + 1) + ")",
          context.cluster()::recentLogs,
          () -> client().resource(update).inNamespace(namespace).update());
    }
    context
        .state()
        .note(describe(stored) + ": metadata.generation raised from " + from + " to "
            + current.getMetadata().getGeneration() + " by " + (target - from)
            + " pod-template annotation changes (the"
            + " last one removing it again), as in the object");
    context.state().track(current);
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

  /** Writes {@code status} through the status subresource ({@code PUT .../status}), as a controller does. */
  public GenericKubernetesResource writeStatus(GenericKubernetesResource stored, JsonNode status) {
    GenericKubernetesResource copy = context.toResource(JSON.valueToTree(context.asJson(stored)));
    copy.setAdditionalProperty("status", JSON.convertValue(status, Object.class));
    GenericKubernetesResource updated = Retries.call(
        "write the status of " + describe(copy),
        context.cluster()::recentLogs,
        () -> client().resource(copy).inNamespace(namespace).updateStatus());
    context.state().track(updated);
    return updated;
  }

  /** Deletes {@code object} (grace period 0) and waits until it is gone (120 s hang guard). */
  public void delete(HasMetadata object) {
    GenericKubernetesResource ref = context.toResource(JSON.valueToTree(context.asJson(object)));
    // background propagation: the API default for some kinds (batch/v1 Job) is orphan, whose
    // finalizer only the
    // garbage collector removes, and a bare API server has none
    Retries.call(
        "delete " + describe(ref),
        context.cluster()::recentLogs,
        () -> client()
            .resource(ref)
            .inNamespace(namespace)
            .withPropagationPolicy(DeletionPropagation.BACKGROUND)
            .withGracePeriod(0)
            .delete());
    client()
        .resource(ref)
        .inNamespace(namespace)
        .waitUntilCondition(r -> r == null, 120, TimeUnit.SECONDS);
    context.state().untrack(object);
  }

  /** Deletes every object the handle created, newest first, with grace period 0 (best effort). */
  public void deleteCreatedObjects() {
    List<HasMetadata> objects = context.state().takeCreated();
    for (int i = objects.size() - 1; i >= 0; i--) {
      GenericKubernetesResource ref =
          context.toResource(JSON.valueToTree(context.asJson(objects.get(i))));
      try {
        client()
            .resource(ref)
            .inNamespace(namespace)
            .withPropagationPolicy(DeletionPropagation.BACKGROUND)
            .withGracePeriod(0)
            .delete();
      } catch (KubernetesClientException e) {
        // best effort: the namespace goes next
      }
    }
  }

  /**
   * The body of a create: server-owned metadata and the last-applied annotation dropped, status left out, the
   * namespace set.
   */
  public ObjectNode forCreate(JsonNode object) {
    if (!object.isObject()
        || object.path("apiVersion").asText().isEmpty()
        || object.path("kind").asText().isEmpty()) {
      throw new IllegalArgumentException(
          "a Kubernetes object needs apiVersion and kind; a status-only fragment cannot"
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

  /** Creates the ServiceAccount once per handle (a 409 is fine: the controller or another test made it). */
  public void ensureServiceAccount(String name) {
    if (!context.state().claimServiceAccount(name)) {
      return;
    }
    try {
      ServiceAccounts.ensure(client(), namespace, name);
    } catch (KubernetesClientException e) {
      context.state().releaseServiceAccount(name);
      throw e;
    }
  }

  /** Creates the RuntimeClass when missing, with the pod's overhead (the admission plugin requires them equal). */
  private void ensureRuntimeClass(String name, JsonNode overhead) {
    if (client().resources(RuntimeClass.class).withName(name).get() != null) {
      return;
    }
    try {
      client()
          .resources(RuntimeClass.class)
          .resource(new RuntimeClassBuilder()
              .withNewMetadata()
              .withName(name)
              .endMetadata()
              .withHandler(name)
              .withOverhead(
                  overhead.isObject()
                      ? new Overhead(JSON.convertValue(
                          overhead, new TypeReference<Map<String, Quantity>>() {}))
                      : null)
              .build())
          .create();
      context
          .state()
          .note("created RuntimeClass " + name + " (cluster-wide) for a pod that names it");
    } catch (KubernetesClientException e) {
      if (e.getCode() != 409) {
        throw e;
      }
    }
  }
}
