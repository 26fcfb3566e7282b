package dev.workloadmap.catalog;

import static org.assertj.core.api.Assertions.assertThat;
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
// LIFECYCLE: the Job, Deployment and StatefulSet controllers would overwrite the statuses the fixtures write (the
// real controllers are proven in CoreControllersApiServerTest); the garbage collector and namespace controller run
@WorkloadMapTest(tier = Tier.API_SERVER, controllers = Controllers.LIFECYCLE, namespacePrefix = "catalog")
class CatalogApiServerTest {

  private final WorkloadMap wm = WorkloadMap.create();

  /**
   * Fixtures whose object a kube-apiserver 1.20.2 cannot hold as written, with why. Each is still submitted; the test
   * checks that the result really differs (a fixture that starts to pass must leave this list) and reports it skipped
   * with the reason and the server's result.
   */
  private static final String V1ALPHA1_STORED_AS_V1BETA1 = "the CRD's storage version is v1beta1 and its conversion"
      + " webhook (the Dynamo operator) is absent, so the CRD is installed with strategy None: a v1alpha1 object is"
      + " stored as v1beta1 and pruned by v1beta1's schema, which has no spec.services";

  static final Map<String, String> SERVER_DIFFERS = Map.of(
      "apps-deployment-v1/fc36-stale-generation", "the server sets metadata.generation 1 on create; a status behind"
          + " the spec (observedGeneration 2 of generation 3) cannot be written at generation 1 (observedGeneration 0"
          + " is omitted from a built-in kind's status)",
      "apps-statefulset-v1/fc36-stale-generation", "the server sets metadata.generation 1 on create; a status behind"
          + " the spec (observedGeneration 2 of generation 3) cannot be written at generation 1",
      "apps-deployment-v1/fs3-new-replicaset-created", "the server sets metadata.generation 1 on create and the"
          + " fixture's status has no observedGeneration (which the Deployment controller always writes), so the"
          + " status reads as behind the spec",
      "batch-job-v1/status-argocd-suspended", "Job spec.suspend is Kubernetes 1.21+; a 1.20 server drops it",
      "batch-job-v1/status-suspending", "Job spec.suspend is Kubernetes 1.21+; a 1.20 server drops it",
      "batch-job-v1/status-initializing-pods-pending", "Job status.ready is Kubernetes 1.23+; a 1.20 server drops it",
      "core-pod-v1/seed-sidecar-and-overhead", "sidecar containers (initContainers[].restartPolicy: Always) are"
          + " Kubernetes 1.28+; a 1.20 server drops the field, and a new pod's status.phase defaults to Pending",
      "core-pod-v1/status-undefined-no-status", "the server defaults a new pod's status.phase to Pending, so a pod"
          + " without status does not exist on a server",
      "nvidia-com-dynamographdeployment-v1alpha1/scale-to-zero-service", V1ALPHA1_STORED_AS_V1BETA1,
      "nvidia-com-dynamographdeployment-v1alpha1/structure-services-map-dynamo-resources",
      V1ALPHA1_STORED_AS_V1BETA1);

  @TestFactory
  Stream<DynamicNode> everyEntryOnTheApiServer(WorkloadMapCluster cluster) {
    assumeTrue(CatalogSources.sharedAvailable(), CatalogSources.skipReason());
    Path crdDir = CatalogSources.sharedDir().resolve("data").resolve("crds");
    Verifier verifier = new Verifier(wm, new VerifyOptions(CatalogSources.sharedDir(), false, false, crdDir));
    Map<String, List<String>> served = new HashMap<>();
    return CatalogSources.definitionFiles().stream().map(file -> {
      Definition def = wm.loadDefinition(file);
      PreparedDefinition prepared = wm.prepare(def);
      Gvk gvk = def.rootGvk();
      Path crdFile = CrdLookup.find(file, gvk, crdDir);
      List<DynamicNode> nodes = new ArrayList<>();
      nodes.add(DynamicTest.dynamicTest("crd installs and is established (ApiServer)", () -> {
        if (crdFile == null) {
          assertThat(gvk.group()).as("a CRD-less entry must be a built-in kind").isIn("", "apps", "batch");
          abort(gvk + " is built into the API server; no CRD to install");
        }
        List<CustomResourceDefinition> crds = cluster.installCrds(crdFile);
        assertThat(crds).extracting(c -> c.getSpec().getNames().getKind()).contains(gvk.kind());
      }));
      for (Path fixture : CatalogSources.fixtureDirs(file)) {
        nodes.add(DynamicTest.dynamicTest(fixture.getFileName() + " (ApiServer)",
            () -> runFixture(cluster, verifier, prepared, crdFile, fixture, served)));
      }
      return DynamicContainer.dynamicContainer(file.getParent().getFileName().toString(), nodes.stream());
    });
  }

  private void runFixture(WorkloadMapCluster cluster, Verifier verifier, PreparedDefinition prepared, Path crdFile,
      Path fixture, Map<String, List<String>> served) {
    Verifier.FixtureObject fo = verifier.readFixtureObject(prepared.definition(), fixture);
    if (fo.skipReason() != null) {
      abort(fo.skipReason());
    }
    assertThat(fo.findings()).as("reading %s", fixture).extracting(Finding::format).isEmpty();
    if (fo.crdSkipReason() != null) {
      abort("crdSchema: skip (" + fo.crdSkipReason() + "): the object deliberately does not match its CRD, so it is"
          + " not submitted to the API server");
    }
    JsonNode object = fo.object().root();
    if (object.path("apiVersion").asText().isEmpty()) {
      abort("a status-only fragment (no apiVersion and kind): nothing to create");
    }
    if (crdFile != null) {
      cluster.installCrds(crdFile); // kept when already installed
    } else if (object.path("apiVersion").asText().contains("/")) { // the core group (v1) is always served
      String apiVersion = object.path("apiVersion").asText();
      List<String> kinds = served.computeIfAbsent(apiVersion, v -> servedKinds(cluster, v));
      if (!kinds.contains(object.path("kind").asText())) {
        abort("this API server (" + cluster.clusterDescription() + ") does not serve " + apiVersion + " "
            + object.path("kind").asText() + "; served there: " + kinds);
      }
    }
    String key = fixture.getParent().getParent().getFileName() + "/" + fixture.getFileName();
    GenericKubernetesResource stored = cluster.createWithStatus(object);
    try {
      // the live tree and gang plan of a fixture's pods.yaml (live:, gangs:) are proven offline by verify and on the
      // server by the junit-extension's ApiServerTierTest; here the object's own tree and statuses are compared
      YamlDocument expected = new YamlReader().readAll(fixture.resolve("expected.yaml")).stream()
          .filter(d -> !d.root().isNull()).findFirst().orElseThrow();
      if (expected.root() instanceof ObjectNode o) {
        o.remove(List.of("live", "gangs"));
      }
      cluster.assertTree(stored, prepared, expected);
    } catch (AssertionError e) {
      if (SERVER_DIFFERS.containsKey(key)) {
        abort("the API server's object differs from the fixture: " + SERVER_DIFFERS.get(key) + "; result: "
            + e.getMessage().lines().skip(1).findFirst().orElse("").strip());
      }
      throw e;
    } finally {
      cluster.delete(stored);
    }
    assertThat(SERVER_DIFFERS).as("%s passes on the API server now: remove it from SERVER_DIFFERS", key)
        .doesNotContainKey(key);
  }

  private static List<String> servedKinds(WorkloadMapCluster cluster, String apiVersion) {
    APIResourceList list = cluster.client().getApiResources(apiVersion);
    return list == null ? List.of() : list.getResources().stream().map(r -> r.getKind()).distinct()
        .collect(Collectors.toList());
  }

}
