package dev.workloadmap.junit;

import dev.workloadmap.junit.tier.ClusterBackend;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One started cluster, shared by every test class of a JVM run that uses the same backend configuration; stored in
 * the root {@code ExtensionContext} store, which closes it (stopping the cluster) when the run ends.
 */
final class SharedCluster implements AutoCloseable {
  private final ClusterBackend backend;
  private final ClusterBackend.Running running;
  private final Duration startTime;
  private final Map<String, CustomResourceDefinition> crds = new HashMap<>();

  SharedCluster(ClusterBackend backend, ClusterBackend.Running running, Duration startTime) {
    this.backend = backend;
    this.running = running;
    this.startTime = startTime;
  }

  Tier tier() {
    return backend.tier();
  }

  ClusterBackend.Running running() {
    return running;
  }

  String description() {
    return running.description();
  }

  /** How long the start took. */
  Duration startTime() {
    return startTime;
  }

  /** Creates the CRD unless the cluster has it, then waits for Established (60 s hang guard). */
  synchronized CustomResourceDefinition installCrd(CustomResourceDefinition crd, String source) {
    String name = crd.getMetadata().getName();
    CustomResourceDefinition known = crds.get(name);
    if (known != null) {
      return known;
    }
    var api = running.client().apiextensions().v1().customResourceDefinitions();
    crd.getMetadata().setResourceVersion(null);
    crd.setStatus(null);
    try {
      api.resource(crd).create();
    } catch (KubernetesClientException e) {
      if (e.getCode() != 409) {
        throw new IllegalStateException("the API server rejected CRD " + name + " from " + source + " (HTTP "
            + e.getCode() + "): " + (e.getStatus() != null ? e.getStatus().getMessage() : e.getMessage()), e);
      }
    }
    if (!running.realApiServer()) {
      // the mock has no controller that sets Established
      CustomResourceDefinition stored = api.withName(name).get();
      crds.put(name, stored);
      return stored;
    }
    CustomResourceDefinition established;
    try {
      established = api.withName(name).waitUntilCondition(c -> c != null && c.getStatus() != null
          && c.getStatus().getConditions().stream().anyMatch(
              k -> "Established".equals(k.getType()) && "True".equals(k.getStatus())), 60, TimeUnit.SECONDS);
    } catch (KubernetesClientException e) {
      throw new IllegalStateException("CRD " + name + " from " + source + " did not become Established within 60 s: "
          + e.getMessage(), e);
    }
    crds.put(name, established);
    return established;
  }

  @Override
  public void close() {
    running.close();
  }
}
