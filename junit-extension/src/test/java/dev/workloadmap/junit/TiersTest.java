package dev.workloadmap.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.workloadmap.junit.internal.Settings;
import dev.workloadmap.junit.internal.tier.Tiers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.DockerClientFactory;

/** Unit: the AUTO order KUBECONFIG, K3S, API_SERVER, and its message when nothing is available. */
class TiersTest {

  @WorkloadMapTest
  static class Bare {}

  private static Settings settings(Map<String, String> params) {
    return Settings.resolve(
        Bare.class.getAnnotation(WorkloadMapTest.class),
        k -> Optional.ofNullable(params.get(k)),
        k -> null);
  }

  private static Path fakeBinaries(Path dir) throws IOException {
    Path bin = Files.createDirectories(dir.resolve("k8s").resolve("1.36.3-linux-amd64"));
    for (String b : new String[] {"kube-apiserver", "etcd", "kubectl", "kube-controller-manager"}) {
      Files.writeString(bin.resolve(b), "");
    }
    return dir;
  }

  @Test
  void autoPrefersAConfiguredKubeconfig(@TempDir Path tmp) throws IOException {
    Path kc = Files.writeString(tmp.resolve("config"), "apiVersion: v1\nkind: Config\n");
    Tiers.Choice c = Tiers.choose(settings(Map.of(
        WorkloadMapTest.KUBECONFIG_PROPERTY,
        kc.toString(),
        WorkloadMapTest.KUBEAPITEST_DIR_PROPERTY,
        fakeBinaries(tmp.resolve("kat")).toString())));
    assertThat(c.backend().tier()).isEqualTo(Tier.KUBECONFIG);
  }

  @Test
  void autoTakesTheApiServerWhenItsBinariesArePresentAndThereIsNoDocker(@TempDir Path tmp)
      throws IOException {
    assumeFalse(
        DockerClientFactory.instance().isDockerAvailable(),
        "a Docker engine is available: AUTO picks K3S");
    Tiers.Choice c = Tiers.choose(settings(
        Map.of(WorkloadMapTest.KUBEAPITEST_DIR_PROPERTY, fakeBinaries(tmp).toString())));
    assertThat(c.backend().tier()).isEqualTo(Tier.API_SERVER);
    assertThat(c.backend().key())
        .contains(tmp.resolve("k8s").resolve("1.36.3-linux-amd64").toString())
        .endsWith("controllers=WORKLOAD");
  }

  @Test
  void autoWithoutAnyClusterNamesEveryOptionAndHowToEnableIt(@TempDir Path tmp) throws IOException {
    assumeFalse(
        DockerClientFactory.instance().isDockerAvailable(),
        "a Docker engine is available: AUTO picks K3S");
    Files.createDirectories(tmp.resolve("k8s").resolve("1.36.3-linux-amd64"));
    Files.writeString(tmp.resolve("k8s").resolve("1.36.3-linux-amd64").resolve("etcd"), "");
    Tiers.Choice c =
        Tiers.choose(settings(Map.of(WorkloadMapTest.KUBEAPITEST_DIR_PROPERTY, tmp.toString())));
    assertThat(c.backend()).isNull();
    assertThat(c.reason())
        .startsWith("no Kubernetes cluster for @WorkloadMapTest (tier AUTO); tried, in order:")
        .contains("  - KUBECONFIG: no kubeconfig configured; set workloadmap.kubeconfig=<file> (env"
            + " WORKLOADMAP_KUBECONFIG)")
        .contains("  - K3S: Testcontainers found no Docker engine")
        .contains("start a Docker engine")
        .contains(
            "  - API_SERVER: Kubernetes 1.36.3 binaries not found in "
                + tmp.resolve("k8s").resolve("1.36.3-linux-amd64")
                + " (missing: kube-apiserver, kubectl,"
                + " kube-controller-manager); run scripts/provide-kube-apiserver.sh (builds them from the Go module proxy)")
        .contains("  - MOCK: never chosen automatically", "workloadmap.tier=MOCK")
        .contains("disabledWithoutCluster = true", "workloadmap.disabledWithoutCluster=true");
  }

  @Test
  void aConcreteTierIsNeverReplacedByAnother(@TempDir Path tmp) throws IOException {
    Tiers.Choice c = Tiers.choose(settings(Map.of(
        WorkloadMapTest.TIER_PROPERTY,
        "KUBECONFIG",
        WorkloadMapTest.KUBEAPITEST_DIR_PROPERTY,
        fakeBinaries(tmp).toString())));
    assertThat(c.backend()).isNull();
    assertThat(c.reason())
        .startsWith("cluster tier KUBECONFIG is unavailable: no kubeconfig configured");
  }
}
