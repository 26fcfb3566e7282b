package dev.workloadmap.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.catalog.Catalog;
import org.junit.jupiter.api.Test;

/**
 * TYPE tokens without a cluster: the fallback on the definitions' root kinds (docs/format.md#cli-resolution step 2).
 * Unit tier.
 */
class TypeResolverTest {

  static final DefinitionSet CATALOG =
      DefinitionSet.load(WorkloadMap.create(), Catalog.builtIn(), null, null);

  @Test
  void tokensAreReadAsNameVersionGroup() {
    assertThat(TypeResolver.parse("jobsets"))
        .containsExactly(new TypeResolver.Parsed("jobsets", null, null));
    assertThat(TypeResolver.parse("jobset.v1alpha2.jobset.x-k8s.io"))
        .containsExactly(
            new TypeResolver.Parsed("jobset", "v1alpha2", "jobset.x-k8s.io"),
            new TypeResolver.Parsed("jobset", null, "v1alpha2.jobset.x-k8s.io"));
    assertThat(TypeResolver.parse("jobsets.jobset.x-k8s.io"))
        .containsExactly(new TypeResolver.Parsed("jobsets", null, "jobset.x-k8s.io"));
    assertThat(TypeResolver.parse("pod.v1"))
        .first()
        .isEqualTo(new TypeResolver.Parsed("pod", "v1", ""));
  }

  @Test
  void kindsResolveCaseInsensitivelyAndByTheGuessedPlural() {
    for (String token : new String[] {
      "JobSet",
      "jobset",
      "JOBSET",
      "jobsets",
      "jobset.v1alpha2.jobset.x-k8s.io",
      "jobsets.jobset.x-k8s.io"
    }) {
      assertThat(TypeResolver.resolve(token, CATALOG, null).definition().name())
          .as(token)
          .isEqualTo("jobset-x-k8s-io-jobset-v1alpha2");
    }
    assertThat(TypeResolver.resolve("rayclusters", CATALOG, null).definition().name())
        .isEqualTo("ray-io-raycluster-v1");
  }

  @Test
  void aKindCoveredAtTwoVersionsNeedsAVersionedToken() {
    assertThatThrownBy(() -> TypeResolver.resolve("dynamographdeployment", CATALOG, null))
        .isInstanceOfSatisfying(CliException.class, e -> {
          assertThat(e.exitCode()).isEqualTo(ExitCodes.USAGE);
          assertThat(e.getMessage())
              .contains("dynamographdeployment.v1alpha1.nvidia.com")
              .contains("dynamographdeployment.v1beta1.nvidia.com");
          assertThat(e.hint()).contains("kind.version.group");
        });
    assertThat(TypeResolver.resolve("dynamographdeployment.v1beta1.nvidia.com", CATALOG, null)
            .definition()
            .name())
        .isEqualTo("nvidia-com-dynamographdeployment-v1beta1");
  }

  @Test
  void anUncoveredTypeIsExitNotFound() {
    assertThatThrownBy(() -> TypeResolver.resolve("widgets", CATALOG, null))
        .isInstanceOfSatisfying(CliException.class, e -> {
          assertThat(e.exitCode()).isEqualTo(ExitCodes.NO_DEFINITION);
          assertThat(e.errorId()).isEqualTo("no_definition_for_type");
          assertThat(e.getMessage()).isEqualTo("no Karta definition covers \"widgets\"");
        });
  }

  @Test
  void kubernetesPluralGuess() {
    assertThat(Cluster.guessPlural("JobSet")).isEqualTo("jobsets");
    assertThat(Cluster.guessPlural("Ingress")).isEqualTo("ingresses");
    assertThat(Cluster.guessPlural("Policy")).isEqualTo("policies");
    assertThat(Cluster.guessPlural("Gateway")).isEqualTo("gateways");
  }

  @Test
  void agesAreKubectlShort() {
    assertThat(Ages.format(java.time.Duration.ofSeconds(59))).isEqualTo("59s");
    assertThat(Ages.format(java.time.Duration.ofMinutes(5))).isEqualTo("5m");
    assertThat(Ages.format(java.time.Duration.ofHours(3))).isEqualTo("3h");
    assertThat(Ages.format(java.time.Duration.ofDays(3))).isEqualTo("3d");
    assertThat(Ages.format(java.time.Duration.ofDays(800))).isEqualTo("2y");
    assertThat(Ages.age("not a time", Cli.NOW)).isEqualTo("<unknown>");
  }
}
