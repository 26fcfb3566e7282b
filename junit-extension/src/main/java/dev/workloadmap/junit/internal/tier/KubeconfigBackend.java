package dev.workloadmap.junit.internal.tier;

import dev.workloadmap.junit.Tier;
import dev.workloadmap.junit.WorkloadMapTest;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** {@link Tier#KUBECONFIG}: an existing cluster named by a kubeconfig file (and optionally a context). */
final class KubeconfigBackend implements ClusterBackend {
  private final Path file;
  private final String context;

  KubeconfigBackend(Path file, String context) {
    this.file = file;
    this.context = context;
  }

  @Override
  public Tier tier() {
    return Tier.KUBECONFIG;
  }

  @Override
  public String key() {
    return "KUBECONFIG " + file + (context == null ? "" : " context " + context);
  }

  @Override
  public Optional<String> unavailableReason() {
    if (file == null) {
      return Optional.of("no kubeconfig configured; set " + WorkloadMapTest.KUBECONFIG_PROPERTY
          + "=<file> (env WORKLOADMAP_KUBECONFIG) to use an existing cluster such as kind, optionally with "
          + WorkloadMapTest.KUBECONFIG_CONTEXT_PROPERTY);
    }
    if (!Files.isRegularFile(file)) {
      return Optional.of("the kubeconfig file " + file + " (" + WorkloadMapTest.KUBECONFIG_PROPERTY
          + ") does not exist");
    }
    return Optional.empty();
  }

  @Override
  public Running start() throws IOException {
    Config config = Config.fromKubeconfig(
        context, Files.readString(file, StandardCharsets.UTF_8), file.toString());
    KubernetesClient client = new KubernetesClientBuilder().withConfig(config).build();
    String description = "existing cluster " + config.getMasterUrl() + " (" + file
        + (context == null ? "" : ", context " + context) + ")";
    return new Running() {
      @Override
      public KubernetesClient client() {
        return client;
      }

      @Override
      public String description() {
        return description;
      }

      @Override
      public boolean realApiServer() {
        return true;
      }

      @Override
      public boolean hasNodes() {
        return true;
      }

      @Override
      public void close() {
        client.close();
      }
    };
  }
}
