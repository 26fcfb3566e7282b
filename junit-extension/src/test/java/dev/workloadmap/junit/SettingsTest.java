package dev.workloadmap.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.workloadmap.junit.internal.ControllerPods;
import dev.workloadmap.junit.internal.Settings;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Unit: configuration order annotation > configuration parameter > environment > default, and bad values. */
class SettingsTest {

  @WorkloadMapTest(
      tier = Tier.K3S,
      cleanup = Cleanup.NEVER,
      disabledWithoutCluster = true,
      namespacePrefix = "anno")
  static class Annotated {}

  @WorkloadMapTest
  static class Bare {}

  private static Settings resolve(Class<?> c, Map<String, String> params, Map<String, String> env) {
    return Settings.resolve(
        c.getAnnotation(WorkloadMapTest.class), k -> Optional.ofNullable(params.get(k)), env::get);
  }

  private static final Map<String, String> PARAMS = Map.of(
      WorkloadMapTest.TIER_PROPERTY,
      "MOCK",
      WorkloadMapTest.CLEANUP_PROPERTY,
      "ALWAYS",
      WorkloadMapTest.DISABLED_WITHOUT_CLUSTER_PROPERTY,
      "false",
      WorkloadMapTest.NAMESPACE_PREFIX_PROPERTY,
      "param");
  private static final Map<String, String> ENV = Map.of(
      "WORKLOADMAP_TIER",
      "API_SERVER",
      "WORKLOADMAP_CLEANUP",
      "KEEP_ON_FAILURE",
      "WORKLOADMAP_DISABLED_WITHOUT_CLUSTER",
      "true",
      "WORKLOADMAP_NAMESPACE_PREFIX",
      "env",
      "WORKLOADMAP_KUBEAPITEST_DIR",
      "/opt/kat",
      "WORKLOADMAP_KUBECONFIG",
      "/tmp/kc");

  @Test
  void annotationBeatsParameterBeatsEnvironmentBeatsDefault() {
    Settings a = resolve(Annotated.class, PARAMS, ENV);
    assertThat(a.tier()).isEqualTo(Tier.K3S);
    assertThat(a.cleanup()).isEqualTo(Cleanup.NEVER);
    assertThat(a.disabledWithoutCluster()).isTrue();
    assertThat(a.namespacePrefix()).isEqualTo("anno");
    assertThat(a.origins()).contains("workloadmap.tier=K3S (annotation @WorkloadMapTest)");

    Settings p = resolve(Bare.class, PARAMS, ENV);
    assertThat(p.tier()).isEqualTo(Tier.MOCK);
    assertThat(p.cleanup()).isEqualTo(Cleanup.ALWAYS);
    assertThat(p.disabledWithoutCluster()).isFalse();
    assertThat(p.namespacePrefix()).isEqualTo("param");
    assertThat(p.origins())
        .contains("workloadmap.tier=MOCK (configuration parameter workloadmap.tier)");

    Settings e = resolve(Bare.class, Map.of(), ENV);
    assertThat(e.tier()).isEqualTo(Tier.API_SERVER);
    assertThat(e.cleanup()).isEqualTo(Cleanup.KEEP_ON_FAILURE);
    assertThat(e.disabledWithoutCluster()).isTrue();
    assertThat(e.namespacePrefix()).isEqualTo("env");
    assertThat(e.kubeApiTestDir()).isEqualTo(Path.of("/opt/kat"));
    assertThat(e.kubeconfig()).isEqualTo(Path.of("/tmp/kc"));
    assertThat(e.origins())
        .contains("workloadmap.tier=API_SERVER (environment variable WORKLOADMAP_TIER)");

    Settings d = resolve(Bare.class, Map.of(), Map.of("XDG_CACHE_HOME", "/xdg"));
    assertThat(d.tier()).isEqualTo(Tier.AUTO);
    assertThat(d.cleanup()).isEqualTo(Cleanup.KEEP_ON_FAILURE);
    assertThat(d.disabledWithoutCluster()).isFalse();
    assertThat(d.namespacePrefix()).isEqualTo(WorkloadMapTest.DEFAULT_NAMESPACE_PREFIX);
    assertThat(d.kubeconfig()).isNull();
    assertThat(d.kubeApiTestDir()).isEqualTo(Path.of("/xdg/workloadmap/kubeapitest"));
    assertThat(d.apiServerVersion()).isEqualTo("1.36.3");
    assertThat(d.origins()).contains("workloadmap.tier=AUTO (default)");
  }

  @Test
  void environmentNamesAreUpperSnakeCase() {
    assertThat(Settings.environmentName(WorkloadMapTest.DISABLED_WITHOUT_CLUSTER_PROPERTY))
        .isEqualTo("WORKLOADMAP_DISABLED_WITHOUT_CLUSTER");
    assertThat(Settings.environmentName(WorkloadMapTest.KUBEAPITEST_DIR_PROPERTY))
        .isEqualTo("WORKLOADMAP_KUBEAPITEST_DIR");
    assertThat(Settings.environmentName(WorkloadMapTest.TIER_PROPERTY))
        .isEqualTo("WORKLOADMAP_TIER");
  }

  @Test
  void badValuesNameTheSourceAndTheChoices() {
    assertThatThrownBy(() -> resolve(Bare.class, Map.of(), Map.of("WORKLOADMAP_TIER", "minikube")))
        .hasMessage(
            "workloadmap.tier (from environment variable WORKLOADMAP_TIER) must be one of AUTO, API_SERVER,"
                + " K3S, KUBECONFIG, MOCK, found \"minikube\"");
    assertThatThrownBy(() -> resolve(
            Bare.class, Map.of(WorkloadMapTest.DISABLED_WITHOUT_CLUSTER_PROPERTY, "yes"), Map.of()))
        .hasMessageContaining("workloadmap.disabledWithoutCluster (from configuration parameter"
            + " workloadmap.disabledWithoutCluster) must be true or false, found \"yes\"");
    assertThatThrownBy(() -> resolve(
            Bare.class, Map.of(WorkloadMapTest.NAMESPACE_PREFIX_PROPERTY, "Bad_Prefix"), Map.of()))
        .hasMessageContaining("must be a lower-case DNS label");
  }

  @Test
  void namespaceNamesAreDnsLabels() {
    String ns = WorkloadMapExtension.namespaceName("wmt", SettingsTest.class);
    assertThat(ns).matches("wmt-settingstest-[a-z0-9]{1,4}").hasSizeLessThanOrEqualTo(63);
    assertThat(ControllerPods.podName("A_Very.Long", "c", "", 0)).isEqualTo("a-very-long-c-0");
    assertThat(ControllerPods.podName("x".repeat(80), "c", "id", 3))
        .hasSizeLessThanOrEqualTo(63)
        .matches("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
  }
}
