package dev.workloadmap.junit.internal.tier;

import dev.workloadmap.junit.Tier;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.util.Optional;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.k3s.K3sContainer;
import org.testcontainers.utility.DockerImageName;

/** {@link Tier#K3S}: k3s in a Docker container through Testcontainers (libraries.md §8). */
final class K3sBackend implements ClusterBackend {
  private final String image;

  K3sBackend(String image) {
    this.image = image;
  }

  @Override
  public Tier tier() {
    return Tier.K3S;
  }

  @Override
  public String key() {
    return "K3S " + image;
  }

  @Override
  public Optional<String> unavailableReason() {
    if (DockerClientFactory.instance().isDockerAvailable()) {
      return Optional.empty();
    }
    String why;
    try {
      DockerClientFactory.instance().client();
      why = "Testcontainers found no Docker engine";
    } catch (RuntimeException e) {
      why = "Testcontainers found no Docker engine: " + e.getMessage();
    }
    return Optional.of(why + " (it tries DOCKER_HOST, the Unix socket /var/run/docker.sock and"
        + " ~/.testcontainers.properties); start a Docker engine (or point DOCKER_HOST at one) to run "
        + image);
  }

  @Override
  public Running start() {
    K3sContainer k3s = new K3sContainer(DockerImageName.parse(image));
    k3s.start();
    KubernetesClient client;
    try {
      client = new KubernetesClientBuilder()
          .withConfig(Config.fromKubeconfig(k3s.getKubeConfigYaml()))
          .build();
    } catch (RuntimeException e) {
      k3s.stop();
      throw e;
    }
    String description = "k3s " + image + " (Testcontainers)";
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
        try {
          client.close();
        } finally {
          k3s.stop();
        }
      }
    };
  }
}
