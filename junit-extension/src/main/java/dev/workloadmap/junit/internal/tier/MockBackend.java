package dev.workloadmap.junit.internal.tier;

import dev.workloadmap.junit.Controllers;
import dev.workloadmap.junit.Tier;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import java.util.HashMap;
import java.util.List;
import java.util.Optional;

/**
 * {@link Tier#MOCK}: fabric8's in-process CRUD mock (libraries.md §6). Not an API server: no pruning, no schema
 * validation, set-based selectors ignored, no server-side apply.
 */
final class MockBackend implements ClusterBackend {

  @Override
  public Tier tier() {
    return Tier.MOCK;
  }

  @Override
  public String key() {
    return "MOCK";
  }

  @Override
  public Optional<String> unavailableReason() {
    return Optional.empty();
  }

  @Override
  public Running start() {
    KubernetesMockServer server = new KubernetesMockServer(
        new Context(),
        new MockWebServer(),
        new HashMap<>(),
        new KubernetesCrudDispatcher(List.of()),
        false);
    server.init();
    KubernetesClient client = server.createClient();
    return new Running() {
      @Override
      public KubernetesClient client() {
        return client;
      }

      @Override
      public String description() {
        return "fabric8 CRUD mock (no pruning, no validation, set-based selectors ignored)";
      }

      @Override
      public boolean realApiServer() {
        return false;
      }

      @Override
      public boolean hasNodes() {
        return false;
      }

      @Override
      public Controllers controllers() {
        return Controllers.NONE;
      }

      @Override
      public void close() {
        try {
          client.close();
        } finally {
          server.destroy();
        }
      }
    };
  }
}
