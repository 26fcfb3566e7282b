package dev.workloadmap.junit.internal.tier;

import dev.workloadmap.junit.Controllers;
import dev.workloadmap.junit.Tier;
import dev.workloadmap.junit.WorkloadMapTest;
import io.fabric8.kubeapitest.KubeAPIServer;
import io.fabric8.kubeapitest.KubeAPIServerConfigBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * {@link Tier#API_SERVER}: kube-apiserver and etcd as local processes through fabric8 kube-api-test in offline mode,
 * and, unless {@link Controllers#NONE}, a kube-controller-manager beside them running the configured controllers. The
 * binaries are in {@code <testDir>/k8s/<version>-linux-amd64/} ({@code scripts/provide-kube-apiserver.sh} builds them
 * from the Go module proxy; on a machine with internet, kube-api-test's own download or {@code KUBEBUILDER_ASSETS}
 * fill the same folder, see the README). Offline mode is set through the builder because the {@code
 * KUBE_API_TEST_OFFLINE_MODE} variable fails in 7.6.1.
 */
final class ApiServerBackend implements ClusterBackend {
  static final List<String> SERVER_BINARIES = List.of("kube-apiserver", "etcd", "kubectl");
  static final String CONTROLLER_MANAGER = "kube-controller-manager";
  /**
   * Client timeouts sized for the largest real CRDs (2 to 3 MB for KServe's) on a loaded 2-core machine; the 10 s
   * default of the client ran out there.
   */
  static final int REQUEST_TIMEOUT_MS = 120_000;

  static final int CONNECTION_TIMEOUT_MS = 30_000;
  private static final int STARTUP_TIMEOUT_MS = 180_000;

  private final Path testDir;
  private final String version;
  private final Controllers controllers;

  ApiServerBackend(Path testDir, String version, Controllers controllers) {
    this.testDir = testDir.toAbsolutePath().normalize();
    this.version = version;
    this.controllers = controllers == Controllers.DEFAULT ? Controllers.WORKLOAD : controllers;
  }

  /** {@code <testDir>/k8s/<version>-linux-amd64}. */
  Path binaryDir() {
    return testDir.resolve("k8s").resolve(version + "-linux-amd64");
  }

  List<String> binaries() {
    List<String> all = new ArrayList<>(SERVER_BINARIES);
    if (controllers != Controllers.NONE) {
      all.add(CONTROLLER_MANAGER);
    }
    return all;
  }

  @Override
  public Tier tier() {
    return Tier.API_SERVER;
  }

  @Override
  public String key() {
    return "API_SERVER " + binaryDir() + " controllers=" + controllers;
  }

  @Override
  public Optional<String> unavailableReason() {
    List<String> missing = new ArrayList<>();
    for (String b : binaries()) {
      if (!Files.exists(binaryDir().resolve(b))) {
        missing.add(b);
      }
    }
    if (missing.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        "Kubernetes " + version + " binaries not found in " + binaryDir() + " (missing: "
            + String.join(", ", missing)
            + "); run scripts/provide-kube-apiserver.sh (builds them from the Go module"
            + " proxy), or set " + WorkloadMapTest.KUBEAPITEST_DIR_PROPERTY
            + " (env WORKLOADMAP_KUBEAPITEST_DIR) to a"
            + " directory whose k8s/" + version + "-linux-amd64/ holds "
            + String.join(", ", binaries()));
  }

  @Override
  public Running start() throws Exception {
    long t0 = System.nanoTime();
    KubeAPIServer server = new KubeAPIServer(KubeAPIServerConfigBuilder.anAPIServerConfig()
        .withTestDir(testDir.toString())
        .withOfflineMode(true)
        .withApiServerVersion(version)
        .withUpdateKubeConfig(false)
        .withStartupTimeout(STARTUP_TIMEOUT_MS)
        .build());
    server.start();
    double serverSeconds = (System.nanoTime() - t0) / 1e9;
    String kubeconfig = server.getKubeConfigYaml();
    KubernetesClient client = null;
    ControllerManagerProcess kcm = null;
    try {
      client =
          new KubernetesClientBuilder().withConfig(clientConfig(kubeconfig)).build();
      double kcmSeconds = 0;
      if (controllers != Controllers.NONE) {
        long t1 = System.nanoTime();
        kcm = ControllerManagerProcess.start(
            binaryDir().resolve(CONTROLLER_MANAGER), kubeconfig, controllers.controllerNames());
        kcm.awaitReady(client, TimeUnit.SECONDS.toMillis(120));
        kcmSeconds = (System.nanoTime() - t1) / 1e9;
      }
      String description = String.format(
          Locale.ROOT,
          "kube-apiserver %s with etcd %s (kube-api-test, local binaries"
              + " in %s; up in %.1f s)%s",
          version,
          etcdVersion(),
          binaryDir(),
          serverSeconds,
          kcm == null
              ? ", no controllers"
              : String.format(
                  Locale.ROOT,
                  ", kube-controller-manager %s running %s (up" + " in %.1f s)",
                  version,
                  String.join(",", controllers.controllerNames()),
                  kcmSeconds));
      return new ApiServerRunning(server, client, kcm, description, controllers);
    } catch (Exception | Error e) {
      if (kcm != null) {
        kcm.stop();
      }
      if (client != null) {
        client.close();
      }
      server.stop();
      throw e;
    }
  }

  private String etcdVersion() {
    try {
      Process p = new ProcessBuilder(binaryDir().resolve("etcd").toString(), "--version")
          .redirectErrorStream(true)
          .start();
      String out =
          new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
      p.waitFor(10, TimeUnit.SECONDS);
      return out.lines()
          .filter(l -> l.startsWith("etcd Version:"))
          .map(l -> l.substring(13).strip())
          .findFirst()
          .orElse("(unknown version)");
    } catch (IOException e) {
      return "(unknown version)";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "(unknown version)";
    }
  }

  /**
   * The client configuration of the tier: the kubeconfig kube-api-test wrote (a {@code system:masters} client
   * certificate), timeouts sized for multi-megabyte CRDs on a loaded machine, and the client's own retries with
   * backoff for connection failures and HTTP 5xx and 429 answers.
   */
  static Config clientConfig(String kubeconfig) {
    Config config = Config.fromKubeconfig(kubeconfig);
    config.setRequestTimeout(REQUEST_TIMEOUT_MS);
    config.setConnectionTimeout(CONNECTION_TIMEOUT_MS);
    config.setRequestRetryBackoffLimit(6);
    config.setRequestRetryBackoffInterval(500);
    return config;
  }

  private static final class ApiServerRunning implements Running {
    private final KubeAPIServer server;
    private final KubernetesClient client;
    private final ControllerManagerProcess kcm;
    private final String description;
    private final Controllers controllers;

    ApiServerRunning(
        KubeAPIServer server,
        KubernetesClient client,
        ControllerManagerProcess kcm,
        String description,
        Controllers controllers) {
      this.server = server;
      this.client = client;
      this.kcm = kcm;
      this.description = description;
      this.controllers = controllers;
    }

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
    public Controllers controllers() {
      return controllers;
    }

    @Override
    public String recentLogs() {
      StringBuilder sb = new StringBuilder();
      try {
        String readyz = client.raw("/readyz?verbose");
        sb.append("kube-apiserver /readyz?verbose:\n")
            .append(readyz == null ? "(no answer)" : readyz.strip());
      } catch (KubernetesClientException e) {
        sb.append("kube-apiserver /readyz?verbose: ").append(e.getMessage());
      }
      if (kcm != null) {
        sb.append("\nkube-controller-manager (")
            .append(kcm.alive() ? "running" : "exited")
            .append("), last lines of ")
            .append(kcm.logFile())
            .append(":\n")
            .append(kcm.tail(20));
      }
      return sb.toString();
    }

    @Override
    public void close() {
      try {
        if (kcm != null) {
          kcm.stop();
        }
      } finally {
        try {
          client.close();
        } finally {
          server.stop();
        }
      }
    }
  }
}
