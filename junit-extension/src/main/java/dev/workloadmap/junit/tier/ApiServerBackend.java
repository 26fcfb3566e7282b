package dev.workloadmap.junit.tier;

import dev.workloadmap.junit.Tier;
import dev.workloadmap.junit.WorkloadMapTest;
import io.fabric8.kubeapitest.KubeAPIServer;
import io.fabric8.kubeapitest.KubeAPIServerConfigBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@link Tier#API_SERVER}: kube-apiserver and etcd as local processes through fabric8 kube-api-test 7.6.1 in offline
 * mode (libraries.md §7.1). The binaries must be in {@code <testDir>/k8s/<version>-linux-amd64/}; offline mode is set
 * through the builder because the {@code KUBE_API_TEST_OFFLINE_MODE} variable fails in 7.6.1.
 */
final class ApiServerBackend implements ClusterBackend {
  static final List<String> BINARIES = List.of("kube-apiserver", "etcd", "kubectl");

  private final Path testDir;
  private final String version;

  ApiServerBackend(Path testDir, String version) {
    this.testDir = testDir.toAbsolutePath().normalize();
    this.version = version;
  }

  /** {@code <testDir>/k8s/<version>-linux-amd64}. */
  Path binaryDir() {
    return testDir.resolve("k8s").resolve(version + "-linux-amd64");
  }

  @Override
  public Tier tier() {
    return Tier.API_SERVER;
  }

  @Override
  public String key() {
    return "API_SERVER " + binaryDir();
  }

  @Override
  public Optional<String> unavailableReason() {
    List<String> missing = new ArrayList<>();
    for (String b : BINARIES) {
      if (!Files.exists(binaryDir().resolve(b))) {
        missing.add(b);
      }
    }
    if (missing.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of("kube-apiserver " + version + " binaries not found in " + binaryDir() + " (missing: "
        + String.join(", ", missing) + "); run scripts/provide-kube-apiserver.sh (builds them from Debian's packages)"
        + " or set " + WorkloadMapTest.KUBEAPITEST_DIR_PROPERTY + " (env WORKLOADMAP_KUBEAPITEST_DIR) to a directory"
        + " whose k8s/" + version + "-linux-amd64/ holds kube-apiserver, etcd and kubectl");
  }

  @Override
  public Running start() {
    KubeAPIServer server = new KubeAPIServer(KubeAPIServerConfigBuilder.anAPIServerConfig()
        .withTestDir(testDir.toString())
        .withOfflineMode(true)
        .withApiServerVersion(version)
        .withUpdateKubeConfig(false)
        .build());
    server.start();
    KubernetesClient client;
    try {
      client = new KubernetesClientBuilder().withConfig(Config.fromKubeconfig(server.getKubeConfigYaml())).build();
    } catch (RuntimeException e) {
      server.stop();
      throw e;
    }
    String description = "kube-apiserver " + version + " with etcd (kube-api-test, local binaries in " + binaryDir()
        + ")";
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
        return false;
      }

      @Override
      public void close() {
        try {
          client.close();
        } finally {
          server.stop();
        }
      }
    };
  }
}
