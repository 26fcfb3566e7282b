package dev.workloadmap.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.workloadmap.schema.KartaCrd;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.definition.Gvk;
import dev.workloadmap.sdk.registration.DefinitionRegistry;
import dev.workloadmap.sdk.registration.RegistrationException;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionConditionBuilder;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionStatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The SDK's {@link DefinitionRegistry} against fabric8's mock API server (CRUD mode). */
@EnableKubernetesMockClient(crud = true)
class RegistrationMockTest {
  static KubernetesClient client;

  @BeforeAll
  static void crd() {
    // the mock sets no status: the CRD is stored Established, as a real server reports it
    CustomResourceDefinition crd = client
        .getKubernetesSerialization()
        .unmarshal(KartaCrd.text(), CustomResourceDefinition.class);
    crd.setStatus(new CustomResourceDefinitionStatusBuilder()
        .withConditions(new CustomResourceDefinitionConditionBuilder()
            .withType("Established")
            .withStatus("True")
            .build())
        .build());
    client.apiextensions().v1().customResourceDefinitions().resource(crd).create();
  }

  /** A Karta stored as {@code register} stores it (the mock cannot server-side apply a new object). */
  static void stored(String name, String kind, boolean labels) {
    GenericKubernetesResource k = client
        .getKubernetesSerialization()
        .unmarshal(RegistrationApiServerTest.karta(name, kind), GenericKubernetesResource.class);
    if (labels) {
      k.getMetadata()
          .setLabels(Map.of(
              "run.ai/karta-group",
              "registration.example.com",
              "run.ai/karta-version",
              "v1",
              "run.ai/karta-kind",
              kind));
      k.getMetadata().setAnnotations(Map.of(DefinitionRegistry.ORIGIN_ANNOTATION, name + ".yaml"));
    }
    client.genericKubernetesResources(DefinitionRegistry.KARTA).resource(k).create();
  }

  @Test
  void listFindRefuseAndUnregister() {
    DefinitionRegistry r = new DefinitionRegistry(client, WorkloadMap.create());
    assertThat(r.crdPresent()).isTrue();
    stored("mock-trainer", "Mock", true);
    stored("unlabelled", "Unlabelled", false);
    DefinitionRegistry.Registered reg = r.list().stream()
        .filter(x -> x.name().equals("mock-trainer"))
        .findFirst()
        .orElseThrow();
    assertThat(reg.gvk()).isEqualTo(new Gvk("registration.example.com", "v1", "Mock"));
    assertThat(reg.origin()).isEqualTo("mock-trainer.yaml");
    // KAI selects by the three labels: an unlabelled Karta of the kind is not found
    assertThat(r.findForGangScheduling(new Gvk("registration.example.com", "v1", "Mock")))
        .isPresent();
    assertThat(r.findForGangScheduling(new Gvk("registration.example.com", "v1", "Unlabelled")))
        .isEmpty();

    // a second definition for the GVK is refused before anything is applied, even one the labels
    // would miss
    assertThatThrownBy(() -> r.register(
            List.of(new DefinitionRegistry.Source(
                RegistrationApiServerTest.karta("mock-other", "Mock"), "other.yaml")),
            false,
            false))
        .isInstanceOf(RegistrationException.class)
        .hasMessageContaining(
            "definition mock-other (other.yaml) covers registration.example.com/v1, Kind=Mock, already"
                + " covered by the registered definition mock-trainer")
        .hasMessageContaining("hint: unregister mock-trainer first, or give --force to replace it");
    assertThatThrownBy(() -> r.register(
            List.of(new DefinitionRegistry.Source(
                RegistrationApiServerTest.karta("other-2", "Unlabelled"), "o2.yaml")),
            false,
            false))
        .hasMessageContaining("already covered by the registered definition unlabelled");
    // two files for one kind in one call
    assertThatThrownBy(() -> r.register(
            List.of(
                new DefinitionRegistry.Source(
                    RegistrationApiServerTest.karta("x1", "Same"), "x1.yaml"),
                new DefinitionRegistry.Source(
                    RegistrationApiServerTest.karta("x2", "Same"), "x2.yaml")),
            false,
            false))
        .hasMessageContaining(
            "definition x2 covers registration.example.com/v1, Kind=Same, which definition x1 at x1.yaml:")
        .hasMessageContaining("hint: keep one definition per root kind");

    assertThat(r.unregister("mock-trainer", false)).isTrue();
    assertThat(r.unregister("mock-trainer", false)).isFalse();
    assertThat(r.unregister("unlabelled", false)).isTrue();
  }

  @Test
  void allInvalidDocumentsAreReportedAtOnce() {
    DefinitionRegistry r = new DefinitionRegistry(client, WorkloadMap.create());
    String a = RegistrationApiServerTest.karta("bad-a", "BadA")
        .replace("statusDefinition", "statusDefinitionX");
    String b = RegistrationApiServerTest.karta("bad-b", "BadB")
        .replace("podTemplateSpecPath: .spec.template", "podTemplateSpecPath: '.spec.['");
    assertThatThrownBy(() -> r.register(
            List.of(
                new DefinitionRegistry.Source(a, "a.yaml"),
                new DefinitionRegistry.Source(b, "b.yaml")),
            false,
            false))
        .isInstanceOfSatisfying(RegistrationException.class, e -> {
          assertThat(e.problems())
              .anyMatch(p -> p.contains("a.yaml"))
              .anyMatch(p -> p.contains("b.yaml"));
        });
    assertThat(r.list())
        .extracting(DefinitionRegistry.Registered::name)
        .doesNotContain("bad-a", "bad-b");
  }
}
