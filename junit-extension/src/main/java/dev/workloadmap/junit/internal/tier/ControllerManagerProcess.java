package dev.workloadmap.junit.internal.tier;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A kube-controller-manager process beside the API_SERVER tier's kube-apiserver: no leader election, no serving port
 * (nothing scrapes it), the cluster-admin kubeconfig kube-api-test wrote, and only the named controllers. Its log goes
 * to a file whose last lines a failure diagnostic shows.
 */
final class ControllerManagerProcess {
  private final Process process;
  private final Path logFile;
  private final Path workDir;

  private ControllerManagerProcess(Process process, Path logFile, Path workDir) {
    this.process = process;
    this.logFile = logFile;
    this.workDir = workDir;
  }

  static ControllerManagerProcess start(
      Path binary, String kubeconfigYaml, List<String> controllers) throws IOException {
    Path dir = Files.createTempDirectory("workloadmap-kcm-");
    Path kubeconfig = dir.resolve("kubeconfig.yaml");
    Files.writeString(kubeconfig, kubeconfigYaml, StandardCharsets.UTF_8);
    Path log = dir.resolve("kube-controller-manager.log");
    List<String> command = new ArrayList<>(List.of(
        binary.toString(),
        "--kubeconfig=" + kubeconfig,
        "--controllers=" + String.join(",", controllers),
        "--leader-elect=false",
        "--secure-port=0",
        "--use-service-account-credentials=false",
        // the default 20/30 throttles a test that creates a few hundred pods; this is one local
        // client
        "--kube-api-qps=200",
        "--kube-api-burst=400",
        "--v=1"));
    Process p = new ProcessBuilder(command)
        .redirectErrorStream(true)
        .redirectOutput(log.toFile())
        .start();
    ControllerManagerProcess kcm = new ControllerManagerProcess(p, log, dir);
    Runtime.getRuntime().addShutdownHook(new Thread(kcm::destroyNow, "workloadmap-kcm-stop"));
    return kcm;
  }

  /**
   * Waits until the controllers work: the service-account controller has created the {@code default} ServiceAccount
   * of namespace {@code default} (the first thing it does once its informers have synced).
   *
   * @throws IllegalStateException when the process exits or the wait runs out, with the log's last lines
   */
  void awaitReady(KubernetesClient client, long timeoutMillis) {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
    while (true) {
      if (!process.isAlive()) {
        throw new IllegalStateException("kube-controller-manager exited with code "
            + process.exitValue() + " while starting; last lines of " + logFile + ":\n" + tail(30));
      }
      try {
        if (client.serviceAccounts().inNamespace("default").withName("default").get() != null) {
          return;
        }
      } catch (KubernetesClientException e) {
        // the server is busy; try again until the deadline
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            "kube-controller-manager did not create ServiceAccount default/default within "
                + timeoutMillis / 1000 + " s; last lines of " + logFile + ":\n" + tail(30));
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while waiting for kube-controller-manager", e);
      }
    }
  }

  boolean alive() {
    return process.isAlive();
  }

  Path logFile() {
    return logFile;
  }

  /** The last {@code n} lines of the log. */
  String tail(int n) {
    try {
      List<String> lines = Files.readAllLines(logFile, StandardCharsets.UTF_8);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - n), lines.size()));
    } catch (IOException e) {
      return "(cannot read " + logFile + ": " + e.getMessage() + ")";
    } catch (UncheckedIOException e) {
      return "(cannot read " + logFile + ": " + e.getMessage() + ")";
    }
  }

  /** Stops the process (SIGTERM, then SIGKILL after 10 s) and removes its folder. */
  void stop() {
    destroyNow();
    try (var files = Files.walk(workDir)) {
      files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
    } catch (IOException e) {
      // a temp folder left behind is harmless
    }
  }

  private void destroyNow() {
    if (!process.isAlive()) {
      return;
    }
    process.destroy();
    try {
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }
}
