package dev.workloadmap.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.abort;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.junit.Controllers;
import dev.workloadmap.junit.Tier;
import dev.workloadmap.junit.WorkloadMapCluster;
import dev.workloadmap.junit.WorkloadMapTest;
import dev.workloadmap.sdk.PreparedDefinition;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.definition.Gvk;
import dev.workloadmap.sdk.validation.Finding;
import dev.workloadmap.sdk.verify.CrdLookup;
import dev.workloadmap.sdk.verify.Verifier;
import dev.workloadmap.sdk.verify.VerifyOptions;
import dev.workloadmap.sdk.yaml.YamlDocument;
import dev.workloadmap.sdk.yaml.YamlReader;
import io.fabric8.kubernetes.api.model.APIResourceList;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The catalog, proven on a real kube-apiserver (issue 5 item 4; tier API_SERVER): for every entry, its real CRD from
 * {@code ../shared/data/crds/} installs and becomes Established; every fixture object is accepted by the server (which
 * prunes unknown fields and validates against the CRD's structural schema), its status is written through the status
 * subresource, and the object read back from the server resolves to what the fixture's {@code expected.yaml} says
 * (tree and statuses, compared with the verifier's {@code ExpectedMatcher}).
 *
 * <p>Not submitted: fixtures with {@code crdSchema: skip} (deliberately partial objects), status-only fragments (no
 * apiVersion and kind) and objects of a built-in kind at a version this server does not serve (CronJob batch/v1 is
 * 1.21+); each is reported skipped with that reason. Built-in kinds (Pod, Deployment, Job ...) need no CRD.
 */
// LIFECYCLE: the Job, Deployment and StatefulSet controllers would overwrite the statuses the
// fixtures write (the
// real controllers are proven in CoreControllersApiServerTest); the garbage collector and namespace
// controller run
@WorkloadMapTest(
    tier = Tier.API_SERVER,
    controllers = Controllers.LIFECYCLE,
    namespacePrefix = "catalog")
class CatalogApiServerTest {

  private final WorkloadMap wm = WorkloadMap.create();

  /**
   * Fixtures whose object the kube-apiserver cannot hold as written, with why. Each is still submitted; the test
   * checks that the result really differs (a fixture that starts to pass must leave this list) and reports it skipped
   * with the reason and the server's result. None is of a built-in kind: the 1.36 server holds every core fixture.
   */
  private static final String V1ALPHA1_STORED_AS_V1BETA1 =
      "the CRD's storage version is v1beta1 and its conversion"
          + " webhook (the Dynamo operator) is absent, so the CRD is installed with strategy None: a v1alpha1 object is"
          + " stored as v1beta1 and pruned by v1beta1's schema, which has no spec.services";

  static final Map<String, String> SERVER_DIFFERS = Map.of(
      "nvidia-com-dynamographdeployment-v1alpha1/scale-to-zero-service",
      V1ALPHA1_STORED_AS_V1BETA1,
      "nvidia-com-dynamographdeployment-v1alpha1/structure-services-map-dynamo-resources",
      V1ALPHA1_STORED_AS_V1BETA1);

  /**
   * Real objects the server rejects because they break their own CRD's CEL rules ({@code x-kubernetes-validations}),
   * with the rule's message: asserted as a rejection (HTTP 422 with that message), so a fixed upstream sample or a
   * server that stops enforcing the rule shows up here. The tree of such an object is still proven offline.
   */
  static final Map<String, String> REJECTED_BY_CEL = Map.of(
      "apps-nvidia-com-nimservice-v1alpha1/sample-standalone-full-llm",
      "spec.replicas cannot be set when spec.scale.enabled is true");

  /**
   * Fixtures of a state no server can hold, because the server itself fills what they leave out, with the statuses the
   * server's object must give instead (asserted, with the raw phase the server set; the rest of the tree is compared
   * as written): a new Pod always gets {@code status.phase: Pending} on create, which the Pod definition reads as
   * Initializing.
   */
  static final Map<String, List<String>> SERVER_DEFAULTED_STATUSES = Map.of(
      "core-pod-v1/status-undefined-no-status", List.of("Initializing"),
      "core-pod-v1/seed-sidecar-and-overhead", List.of("Initializing"));

  /**
   * Built-in versions the server no longer serves, with the served version that holds the same object: CronJob
   * batch/v1beta1 was removed in Kubernetes 1.25 and batch/v1 has the same schema (what {@code kubectl convert}
   * writes), and the catalog reads both with the batch/v1 definition (CD-21).
   */
  static final Map<String, String> REMOVED_VERSIONS = Map.of("batch/v1beta1 CronJob", "batch/v1");

  @TestFactory
  Stream<DynamicNode> everyEntryOnTheApiServer(WorkloadMapCluster cluster) {
    assumeTrue(CatalogSources.sharedAvailable(), CatalogSources.skipReason());
    Path crdDir = CatalogSources.sharedDir().resolve("data").resolve("crds");
    Verifier verifier =
        new Verifier(wm, new VerifyOptions(CatalogSources.sharedDir(), false, false, crdDir));
    Map<String, List<String>> served = new HashMap<>();
    return CatalogSources.definitionFiles().stream().map(file -> {
      Definition def = wm.loadDefinition(file);
      PreparedDefinition prepared = wm.prepare(def);
      Gvk gvk = def.rootGvk();
      Path crdFile = CrdLookup.find(file, gvk, crdDir);
      List<DynamicNode> nodes = new ArrayList<>();
      nodes.add(DynamicTest.dynamicTest(
          "crd installs and is established, or the built-in kind is served (ApiServer)", () -> {
            if (crdFile == null) {
              // a built-in kind: no CRD to install, but the server must serve it at the entry's
              // version
              assertThat(gvk.group())
                  .as("a CRD-less entry must be a built-in kind")
                  .isIn("", "apps", "batch");
              String path = gvk.group().isEmpty()
                  ? "/api/" + gvk.version()
                  : "/apis/" + gvk.group() + "/" + gvk.version();
              assertThat(cluster.client().raw(path))
                  .as("discovery at %s", path)
                  .contains("\"kind\":\"" + gvk.kind() + "\"");
              return;
            }
            List<CustomResourceDefinition> crds = cluster.installCrds(crdFile);
            assertThat(crds).extracting(c -> c.getSpec().getNames().getKind()).contains(gvk.kind());
          }));
      for (Path fixture : CatalogSources.fixtureDirs(file)) {
        nodes.add(DynamicTest.dynamicTest(
            fixture.getFileName() + " (ApiServer)",
            () -> runFixture(cluster, verifier, prepared, crdFile, fixture, served)));
      }
      return DynamicContainer.dynamicContainer(
          file.getParent().getFileName().toString(), nodes.stream());
    });
  }

  private void runFixture(
      WorkloadMapCluster cluster,
      Verifier verifier,
      PreparedDefinition prepared,
      Path crdFile,
      Path fixture,
      Map<String, List<String>> served) {
    Verifier.FixtureObject fo = verifier.readFixtureObject(prepared.definition(), fixture);
    if (fo.skipReason() != null) {
      abort(fo.skipReason());
    }
    assertThat(fo.findings())
        .as("reading %s", fixture)
        .extracting(Finding::format)
        .isEmpty();
    if (fo.crdSkipReason() != null) {
      abort("crdSchema: skip (" + fo.crdSkipReason()
          + "): the object deliberately does not match its CRD, so it is"
          + " not submitted to the API server");
    }
    JsonNode object = fo.object().root();
    if (object.path("apiVersion").asText().isEmpty()) {
      abort("a status-only fragment (no apiVersion and kind): nothing to create");
    }
    String successor = REMOVED_VERSIONS.get(
        object.path("apiVersion").asText() + " " + object.path("kind").asText());
    if (crdFile == null && successor != null) {
      object = object.deepCopy();
      ((ObjectNode) object).put("apiVersion", successor);
    }
    if (crdFile != null) {
      cluster.installCrds(crdFile); // kept when already installed
    } else if (object
        .path("apiVersion")
        .asText()
        .contains("/")) { // the core group (v1) is always served
      String apiVersion = object.path("apiVersion").asText();
      List<String> kinds = served.computeIfAbsent(apiVersion, v -> servedKinds(cluster, v));
      if (!kinds.contains(object.path("kind").asText())) {
        abort("this API server (" + cluster.clusterDescription() + ") does not serve " + apiVersion
            + " " + object.path("kind").asText() + "; served there: " + kinds);
      }
    }
    String key = fixture.getParent().getParent().getFileName() + "/" + fixture.getFileName();
    if (REJECTED_BY_CEL.containsKey(key)) {
      JsonNode rejected = object;
      assertThatThrownBy(() -> cluster.createWithStatus(rejected))
          .as("%s breaks a CEL rule of its CRD", key)
          .isInstanceOfSatisfying(KubernetesClientException.class, e -> {
            assertThat(e.getCode()).isEqualTo(422);
            assertThat(e.getMessage()).contains(REJECTED_BY_CEL.get(key));
          });
      return;
    }
    GenericKubernetesResource stored = cluster.createWithStatus(object);
    try {
      // the live tree and gang plan of a fixture's pods.yaml (live:, gangs:) are proven offline by
      // verify and on the
      // server by the junit-extension's ApiServerTierTest; here the object's own tree and statuses
      // are compared
      YamlDocument expected = new YamlReader()
          .readAll(fixture.resolve("expected.yaml")).stream()
              .filter(d -> !d.root().isNull())
              .findFirst()
              .orElseThrow();
      if (expected.root() instanceof ObjectNode o) {
        o.remove(List.of("live", "gangs"));
        List<String> defaulted = SERVER_DEFAULTED_STATUSES.get(key);
        if (defaulted != null) {
          o.putArray("statuses")
              .addAll(defaulted.stream()
                  .map(com.fasterxml.jackson.databind.node.TextNode::valueOf)
                  .toList());
          o.put("phase", "Pending");
        }
      }
      cluster.assertTree(stored, prepared, expected);
    } catch (AssertionError e) {
      if (SERVER_DIFFERS.containsKey(key)) {
        abort("the API server's object differs from the fixture: " + SERVER_DIFFERS.get(key)
            + "; result: "
            + e.getMessage().lines().skip(1).findFirst().orElse("").strip());
      }
      throw e;
    } finally {
      cluster.delete(stored);
    }
    assertThat(SERVER_DIFFERS)
        .as("%s passes on the API server now: remove it from SERVER_DIFFERS", key)
        .doesNotContainKey(key);
  }

  private static List<String> servedKinds(WorkloadMapCluster cluster, String apiVersion) {
    APIResourceList list = cluster.client().getApiResources(apiVersion);
    return list == null
        ? List.of()
        : list.getResources().stream()
            .map(r -> r.getKind())
            .distinct()
            .collect(Collectors.toList());
  }
}
