package dev.workloadmap.junit.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.junit.Tier;
import dev.workloadmap.junit.internal.tier.ClusterBackend;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * One started cluster, shared by every test class of a JVM run that uses the same backend configuration; stored in
 * the root {@code ExtensionContext} store, which closes it (stopping the cluster) when the run ends.
 *
 * <p>Thread safety (test classes may run in parallel and share this object): {@code backend}, {@code running} and
 * {@code startTime} are final and never change. The CRDs installed so far and the notes are guarded by this object's
 * monitor, which is held only to read or change those two collections, never across a request to the API server: a
 * CRD install takes up to minutes (Established, discovery), and other classes must still read the notes for their
 * diagnostics meanwhile. The first class to ask for a CRD puts a future under its name and installs it; a class that
 * asks for the same CRD meanwhile waits on that future instead of sending a second create.
 */
public final class SharedCluster implements AutoCloseable {
  private final ClusterBackend backend;
  private final ClusterBackend.Running running;
  private final Duration startTime;
  /** Guarded by {@code this}. */
  private final Map<String, CompletableFuture<CustomResourceDefinition>> crds = new HashMap<>();
  /** Guarded by {@code this}. */
  private final java.util.List<String> notes = new java.util.ArrayList<>();

  public SharedCluster(ClusterBackend backend, ClusterBackend.Running running, Duration startTime) {
    this.backend = backend;
    this.running = running;
    this.startTime = startTime;
  }

  public Tier tier() {
    return backend.tier();
  }

  public ClusterBackend.Running running() {
    return running;
  }

  public String description() {
    return running.description();
  }

  /** How long the start took. */
  public Duration startTime() {
    return startTime;
  }

  /**
   * Creates the CRD unless the cluster has it, then waits for Established (60 s hang guard). The CRD is sent as the
   * JSON it was written as, not through fabric8's typed model, which turns {@code default: ""} into null (the server
   * then rejects the CRD).
   */
  public CustomResourceDefinition installCrd(ObjectNode crd, String source) {
    String name = crd.path("metadata").path("name").asText();
    CompletableFuture<CustomResourceDefinition> mine = new CompletableFuture<>();
    CompletableFuture<CustomResourceDefinition> known;
    synchronized (this) {
      known = crds.putIfAbsent(name, mine);
    }
    if (known != null) {
      try {
        return known.join();
      } catch (java.util.concurrent.CompletionException e) {
        throw e.getCause() instanceof RuntimeException r ? r : e;
      }
    }
    try {
      CustomResourceDefinition stored = create(crd, name, source);
      mine.complete(stored);
      return stored;
    } catch (RuntimeException e) {
      synchronized (this) {
        crds.remove(name, mine); // a later class may try again (and gets the same error, said anew)
      }
      mine.completeExceptionally(e);
      throw e;
    }
  }

  private CustomResourceDefinition create(ObjectNode crd, String name, String source) {
    ObjectNode body = crd.deepCopy();
    body.remove("status");
    ((ObjectNode) body.with("metadata"))
        .remove(java.util.List.of(
            "resourceVersion", "uid", "creationTimestamp", "generation", "managedFields"));
    JsonNode conversion = body.path("spec").path("conversion");
    if ("Webhook".equals(conversion.path("strategy").asText())) {
      // the conversion webhook is a service of the operator, which a test cluster does not run:
      // every request at a
      // non-storage version would fail with "service not found"
      ((ObjectNode) body.get("spec")).putObject("conversion").put("strategy", "None");
      note("CRD " + name
          + ": conversion strategy Webhook replaced by None (no conversion webhook in the test"
          + " cluster); an object reads back at each served version as it was written");
    }
    var client = running.client();
    GenericKubernetesResource resource =
        client.getKubernetesSerialization().convertValue(body, GenericKubernetesResource.class);
    int bytes = client.getKubernetesSerialization().asJson(body).length();
    try {
      // a retried create whose first attempt landed answers 409, which is what an existing CRD
      // answers too
      Retries.call(
          String.format(
              java.util.Locale.ROOT,
              "create CustomResourceDefinition %s from %s (%.1f MB)",
              name,
              source,
              bytes / 1e6),
          running::recentLogs,
          () -> {
            createCrd(resource);
            return null;
          });
    } catch (KubernetesClientException e) {
      if (e.getCode() != 409) {
        throw rejected(name, source, e);
      }
    }
    var api = client.apiextensions().v1().customResourceDefinitions();
    if (!running.realApiServer()) {
      // the mock has no controller that sets Established
      return api.withName(name).get();
    }
    CustomResourceDefinition established;
    try {
      established = api.withName(name)
          .waitUntilCondition(
              c -> c != null
                  && c.getStatus() != null
                  && c.getStatus().getConditions() != null
                  && c.getStatus().getConditions().stream()
                      .anyMatch(
                          k -> "Established".equals(k.getType()) && "True".equals(k.getStatus())),
              180,
              TimeUnit.SECONDS);
    } catch (KubernetesClientException e) {
      throw new IllegalStateException(
          "CRD " + name + " from " + source + " did not become Established within 180 s: "
              + e.getMessage() + "\nwhat the cluster logged last:\n" + running.recentLogs(),
          e);
    }
    awaitDiscovery(established, source);
    return established;
  }

  /**
   * Waits until API discovery serves the CRD's kind at every served version (180 s hang guard): Established can be
   * reported before {@code /apis/<group>/<version>} lists the new resource, and a create in that window fails in the
   * client with "Could not find a registered handler". Asks the server directly (no client-side cache).
   */
  private void awaitDiscovery(CustomResourceDefinition crd, String source) {
    String group = crd.getSpec().getGroup();
    String kind = crd.getSpec().getNames().getKind();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
    for (var version : crd.getSpec().getVersions()) {
      if (!Boolean.TRUE.equals(version.getServed())) {
        continue;
      }
      String path = "/apis/" + group + "/" + version.getName();
      while (true) {
        String body = null;
        try {
          body = running.client().raw(path);
        } catch (KubernetesClientException e) {
          // not served yet
        }
        if (body != null && body.contains("\"kind\":\"" + kind + "\"")) {
          break;
        }
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException(
              "CRD " + crd.getMetadata().getName() + " from " + source + " is Established" + " but "
                  + path + " did not list kind " + kind + " within 180 s");
        }
        try {
          Thread.sleep(100);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IllegalStateException("interrupted while waiting for discovery of " + kind, e);
        }
      }
    }
  }

  private void createCrd(GenericKubernetesResource resource) {
    running
        .client()
        .genericKubernetesResources("apiextensions.k8s.io/v1", "CustomResourceDefinition")
        .resource(resource)
        .create();
  }

  private static IllegalStateException rejected(
      String name, String source, KubernetesClientException e) {
    return new IllegalStateException(
        "the API server rejected CRD " + name + " from " + source + " (HTTP " + e.getCode() + "): "
            + (e.getStatus() != null ? e.getStatus().getMessage() : e.getMessage()),
        e);
  }

  /** The cluster processes' last log lines (for diagnostics). */
  public String recentLogs() {
    return running.recentLogs();
  }

  /** What the cluster changed while installing CRDs (for diagnostics). */
  public synchronized java.util.List<String> notes() {
    return java.util.List.copyOf(notes);
  }

  private synchronized void note(String note) {
    notes.add(note);
  }

  @Override
  public void close() {
    running.close();
  }
}
