package dev.workloadmap.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.workloadmap.junit.Tier;
import dev.workloadmap.junit.WorkloadMapCluster;
import dev.workloadmap.junit.WorkloadMapTest;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.definition.Gvk;
import dev.workloadmap.sdk.registration.DefinitionRegistry;
import dev.workloadmap.sdk.registration.RegistrationException;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code register} → {@code definitions} → {@code unregister} on a real kube-apiserver (ApiServer tier): the Karta CRD
 * installed when absent, the definition server-side applied with KAI's three root labels, found by those labels the
 * way KAI's Karta hub finds it, a second definition for the same GVK refused with a clear message (and accepted with
 * {@code --force}), {@code --dry-run=server} storing nothing.
 */
@WorkloadMapTest(tier = Tier.API_SERVER, namespacePrefix = "reg")
class RegistrationApiServerTest {

  static String karta(String name, String kind) {
    return """
        apiVersion: run.ai/v1alpha1
        kind: Karta
        metadata: {name: %s}
        spec:
          structureDefinition:
            rootComponent:
              name: trainer
              kind: {group: registration.example.com, version: v1, kind: %s}
              specDefinition: {podTemplateSpecPath: .spec.template}
              scaleDefinition: {replicasPath: .spec.workers}
              statusDefinition:
                statusMappings:
                  running: [{byExpression: {expression: '.status.phase == "Running"', expectedResult: "true"}}]
          optimizationInstructions:
            gangScheduling:
              podGroup:
                name: trainer
                subGroups: [{componentName: trainer}]
        """.formatted(name, kind);
  }

  private static Path kubeconfig(WorkloadMapCluster cluster) throws Exception {
    Path dir = Files.createTempDirectory("workloadmap-reg");
    return SeedCluster.kubeconfig(dir, cluster.client().getConfiguration(), cluster.namespace());
  }

  private static Cli.Result cli(Path cfg, String... args) {
    String[] all = new String[args.length + 2];
    System.arraycopy(args, 0, all, 0, args.length);
    all[args.length] = "--kubeconfig";
    all[args.length + 1] = cfg.toString();
    return Cli.exec(all);
  }

  @Test
  void registerDefinitionsUnregisterRoundTrip(WorkloadMapCluster cluster) throws Exception {
    Path cfg = kubeconfig(cluster);
    Path dir = Files.createTempDirectory("workloadmap-reg-defs");
    Path file = dir.resolve("trainer.yaml");
    Files.writeString(file, karta("team-trainer", "RoundTrip"));

    Cli.Result dry = cli(cfg, "register", file.toString(), "--dry-run=server");
    assertThat(dry.exitCode()).as(dry.toString()).isZero();
    assertThat(dry.out()).contains("team-trainer validated");
    assertThat(cluster
            .client()
            .genericKubernetesResources(DefinitionRegistry.KARTA)
            .withName("team-trainer")
            .get())
        .as("dry run stores nothing")
        .isNull();

    Cli.Result r = cli(cfg, "register", file.toString());
    assertThat(r.exitCode()).as(r.toString()).isZero();
    assertThat(r.out())
        .contains(
            "karta.run.ai/team-trainer created (registration.example.com/v1, Kind=RoundTrip)");
    GenericKubernetesResource stored = cluster
        .client()
        .genericKubernetesResources(DefinitionRegistry.KARTA)
        .withName("team-trainer")
        .get();
    assertThat(stored.getMetadata().getLabels())
        .containsEntry("run.ai/karta-group", "registration.example.com")
        .containsEntry("run.ai/karta-version", "v1")
        .containsEntry("run.ai/karta-kind", "RoundTrip");
    assertThat(stored.getMetadata().getAnnotations())
        .containsEntry(DefinitionRegistry.ORIGIN_ANNOTATION, file.toString());

    Cli.Result again = cli(cfg, "register", file.toString());
    assertThat(again.out()).contains("team-trainer configured");

    Cli.Result defs = cli(cfg, "definitions");
    assertThat(defs.exitCode()).as(defs.toString()).isZero();
    assertThat(defs.out()).containsPattern("\nteam-trainer +RoundTrip +cluster ");

    Cli.Result un = cli(cfg, "unregister", "team-trainer");
    assertThat(un.exitCode()).as(un.toString()).isZero();
    assertThat(cli(cfg, "definitions").out()).doesNotContain("team-trainer");
    assertThat(cli(cfg, "unregister", "team-trainer").exitCode()).isNotZero();
  }

  @Test
  void foundByItsLabelsAsKaiFindsItAndASecondForTheSameKindIsRefused(WorkloadMapCluster cluster)
      throws Exception {
    Path cfg = kubeconfig(cluster);
    DefinitionRegistry registry = new DefinitionRegistry(cluster.client(), WorkloadMap.create());
    registry.register(
        List.of(new DefinitionRegistry.Source(karta("first-trainer", "Twice"), "first.yaml")),
        false,
        false);
    try {
      Gvk gvk = new Gvk("registration.example.com", "v1", "Twice");
      assertThat(registry.findForGangScheduling(gvk))
          .map(k -> k.getMetadata().getName())
          .contains("first-trainer");
      assertThat(registry.findForGangScheduling(new Gvk("registration.example.com", "v2", "Twice")))
          .isEmpty();

      Path dir = Files.createTempDirectory("workloadmap-reg-second");
      Path second = dir.resolve("second.yaml");
      Files.writeString(second, karta("second-trainer", "Twice"));
      Cli.Result refused = cli(cfg, "register", second.toString());
      assertThat(refused.exitCode()).isNotZero();
      assertThat(refused.err())
          .contains(
              "definition second-trainer (" + second + ") covers"
                  + " registration.example.com/v1, Kind=Twice, already covered by the registered definition first-trainer",
              "hint: unregister first-trainer first, or give --force to replace it");
      assertThatThrownBy(() -> registry.register(
              List.of(
                  new DefinitionRegistry.Source(karta("second-trainer", "Twice"), "second.yaml")),
              false,
              false))
          .isInstanceOf(RegistrationException.class);

      Cli.Result forced = cli(cfg, "register", second.toString(), "--force");
      assertThat(forced.exitCode()).as(forced.toString()).isZero();
      assertThat(forced.out()).contains("first-trainer deleted (--force", "second-trainer created");
      assertThat(registry.findForGangScheduling(gvk))
          .map(k -> k.getMetadata().getName())
          .contains("second-trainer");
    } finally {
      registry.unregister("first-trainer", false);
      registry.unregister("second-trainer", false);
    }
  }

  @Test
  void anInvalidDefinitionIsNotApplied(WorkloadMapCluster cluster) throws Exception {
    Path cfg = kubeconfig(cluster);
    Path dir = Files.createTempDirectory("workloadmap-reg-bad");
    Path bad = dir.resolve("bad.yaml");
    Files.writeString(
        bad, karta("bad-trainer", "Bad").replace("statusDefinition", "statusDefinitionTypo"));
    Cli.Result r = cli(cfg, "register", bad.toString());
    assertThat(r.exitCode()).isNotZero();
    assertThat(r.err()).contains(bad.toString(), "statusDefinitionTypo");
    assertThat(cluster
            .client()
            .genericKubernetesResources(DefinitionRegistry.KARTA)
            .withName("bad-trainer")
            .get())
        .isNull();
  }

  @Test
  void registersACatalogDefinition(WorkloadMapCluster cluster) throws Exception {
    Path cfg = kubeconfig(cluster);
    Cli.Result r = cli(cfg, "register", "--catalog", "ray-io-rayservice-v1", "--dry-run=server");
    assertThat(r.exitCode()).as(r.toString()).isZero();
    assertThat(r.out()).contains("ray-io-rayservice-v1 validated");
  }
}
