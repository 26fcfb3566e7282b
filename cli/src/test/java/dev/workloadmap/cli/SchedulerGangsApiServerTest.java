package dev.workloadmap.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.junit.Tier;
import dev.workloadmap.junit.WorkloadMapCluster;
import dev.workloadmap.junit.WorkloadMapTest;
import dev.workloadmap.sdk.PreparedDefinition;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.definition.Gvk;
import dev.workloadmap.sdk.definition.WorkloadStatus;
import dev.workloadmap.sdk.live.LiveTree;
import dev.workloadmap.sdk.scheduler.LiveReadiness;
import dev.workloadmap.sdk.scheduler.PodGroups;
import dev.workloadmap.sdk.scheduler.PodGroups.Scheduler;
import dev.workloadmap.sdk.scheduler.SchedulingPlan;
import dev.workloadmap.sdk.scheduler.SchedulingPlanner;
import dev.workloadmap.sdk.yaml.YamlReader;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodConditionBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Gang scheduler objects on a real kube-apiserver 1.36.3 with kube-controller-manager (ApiServer tier) and the
 * schedulers' real PodGroup CRDs (../shared/data/crds): for every catalog definition with gang instructions and every
 * fixture object of its kind (samples in ../shared included), the KAI, Volcano and coscheduling PodGroups are created
 * by the server; pods the real Job controller makes from a template carrying the binding join their gang; and the live
 * status of a JobSet whose status says Running is Initializing (with the reason) while its gang pods are Pending, and
 * Running once they are all ready.
 */
@WorkloadMapTest(
    tier = Tier.API_SERVER,
    namespacePrefix = "gangs",
    definitions = "catalog:jobset-x-k8s-io-jobset-v1alpha2")
class SchedulerGangsApiServerTest {
  static final Path SHARED = Path.of("../../shared");
  static final Path CATALOG = Path.of("../catalog/src/main/workloadmap");
  static final WorkloadMap WM = WorkloadMap.create();

  @BeforeAll
  static void crds(WorkloadMapCluster cluster) {
    assumeTrue(
        Files.isDirectory(SHARED.resolve("data/crds")),
        "../shared/data/crds absent: the schedulers' CRDs");
    for (String g : List.of("scheduling.run.ai", "scheduling.volcano.sh", "scheduling.x-k8s.io")) {
      cluster.installCrds(SHARED.resolve("data/crds/podgroup." + g + ".yaml"));
    }
    cluster.installCrds(SHARED.resolve("data/crds/queue.scheduling.run.ai.yaml"));
    SeedCluster.installCrds(cluster.client());
  }

  record Case(String name, PreparedDefinition def, JsonNode object) {}

  static List<Case> cases() throws Exception {
    List<Case> out = new ArrayList<>();
    try (Stream<Path> defs = Files.list(CATALOG)) {
      for (Path d : defs.sorted().toList()) {
        Definition definition = WM.loadDefinition(d.resolve("definition.yaml"));
        if (definition.gangScheduling() == null) {
          continue;
        }
        PreparedDefinition p = WM.prepare(definition);
        Gvk root = definition.rootGvk();
        try (Stream<Path> fx = Files.list(d.resolve("fixtures"))) {
          for (Path f : fx.sorted().toList()) {
            Path file = f.resolve("object.yaml");
            if (!Files.isRegularFile(file)) {
              JsonNode spec = new YamlReader()
                  .readAll(f.resolve("fixture.yaml"))
                  .get(0)
                  .root()
                  .path("object");
              file = spec.path("shared").isTextual()
                  ? SHARED.resolve(spec.path("shared").asText())
                  : spec.path("file").isTextual() ? f.resolve(spec.path("file").asText()) : null;
              if (file == null || !Files.isRegularFile(file)) {
                continue;
              }
            }
            new YamlReader()
                .readAll(file).stream()
                    .map(x -> x.root())
                    .filter(r -> r.path("kind").asText().equals(root.kind())
                        && r.path("apiVersion").asText().equals(root.apiVersion()))
                    .findFirst()
                    .ifPresent(o -> out.add(
                        new Case(d.getFileName() + "/" + f.getFileName(), p, o.deepCopy())));
          }
        }
      }
    }
    return out;
  }

  @Test
  void theThreePodGroupFormsOfEveryCatalogFixtureAreAcceptedByTheServer(WorkloadMapCluster cluster)
      throws Exception {
    int n = 0;
    int created = 0;
    Set<String> definitions = new HashSet<>();
    for (Case c : cases()) {
      ObjectNode o = (ObjectNode) c.object();
      // a uid of its own per object, so that every PodGroup name is distinct in the namespace
      o.with("metadata").put("uid", String.format("7b3c0e2a-0000-4000-8000-%012d", n++));
      o.with("metadata").put("namespace", cluster.namespace());
      if (o.path("metadata").path("name").asText("").isEmpty()) {
        // a sample with generateName only: the server would have named it
        o.with("metadata")
            .put("name", o.path("metadata").path("generateName").asText("sample") + "x1");
      }
      if (!WM.resolve(c.def(), o).gangSizesComplete()) {
        // uncounted replica counts or resources: no PodGroup is made (the planner refuses,
        // SchedulingPlannerTest and
        // CatalogSchedulerFormsTest pin the message), so there is nothing to submit
        assertThatThrownBy(() -> new SchedulingPlanner(WM).desired(c.def(), o))
            .isInstanceOf(dev.workloadmap.sdk.WorkloadMapException.class)
            .hasMessageStartingWith("no gangs for ");
        continue;
      }
      SchedulingPlan plan = new SchedulingPlanner(WM).desired(c.def(), o);
      for (Scheduler s : Scheduler.values()) {
        for (ObjectNode pg : PodGroups.render(plan, o, s, PodGroups.Options.defaults())) {
          GenericKubernetesResource r = cluster
              .client()
              .getKubernetesSerialization()
              .convertValue(pg, GenericKubernetesResource.class);
          GenericKubernetesResource stored = cluster
              .client()
              .genericKubernetesResources(s.apiVersion(), "PodGroup")
              .inNamespace(cluster.namespace())
              .resource(r)
              .create();
          assertThat(stored.getMetadata().getUid()).as(c.name() + " " + s).isNotEmpty();
          created++;
        }
      }
      definitions.add(c.name().substring(0, c.name().indexOf('/')));
    }
    System.out.println("server accepted " + created + " PodGroups of " + n + " objects of "
        + definitions.size() + " definitions");
    assertThat(definitions).hasSizeGreaterThanOrEqualTo(14);
    assertThat(created).isGreaterThan(n);
  }

  static final String JOBSET = """
      apiVersion: jobset.x-k8s.io/v1alpha2
      kind: JobSet
      metadata: {name: %s}
      spec:
        replicatedJobs:
          - name: worker
            replicas: 1
            template:
              spec:
                parallelism: 2
                completions: 2
                template:
                  spec:
                    restartPolicy: Never
                    containers: [{name: main, image: example.com/trainer:1}]
      """;

  /** JobSet -> Job (owned as the JobSet controller owns it) -> pods made by the real Job controller. */
  private static GenericKubernetesResource jobSetWithJob(
      WorkloadMapCluster cluster,
      String name,
      Map<String, String> podLabels,
      Map<String, String> podAnnotations) {
    GenericKubernetesResource js =
        cluster.create(cluster.readYaml(JOBSET.formatted(name)).get(0));
    ObjectNode job = (ObjectNode) cluster.readYaml("""
        apiVersion: batch/v1
        kind: Job
        metadata:
          name: %1$s-worker-0
        spec:
          parallelism: 2
          completions: 2
          template:
            metadata:
              labels: {jobset.sigs.k8s.io/jobset-name: %1$s, jobset.sigs.k8s.io/replicatedjob-name: worker,
                jobset.sigs.k8s.io/job-index: "0"}
            spec:
              restartPolicy: Never
              containers: [{name: main, image: example.com/trainer:1}]
        """.formatted(name)).get(0);
    ObjectNode meta = (ObjectNode) job.at("/spec/template/metadata");
    podLabels.forEach(meta.with("labels")::put);
    podAnnotations.forEach(meta.with("annotations")::put);
    cluster.createOwnedBy(job, js);
    return js;
  }

  @Test
  void controllerMadePodsCarryTheBindingOfTheirGang(WorkloadMapCluster cluster) {
    GenericKubernetesResource probe =
        cluster.create(cluster.readYaml(JOBSET.formatted("bound")).get(0));
    JsonNode object = cluster.asJson(cluster.get(probe));
    PreparedDefinition def = cluster.definitionFor(object);
    SchedulingPlan desired = new SchedulingPlanner(WM).desired(def, object);
    assertThat(desired.gangs())
        .singleElement()
        .satisfies(g -> assertThat(g.minMember()).isEqualTo(2));
    // the desired plan's bindings, written into the Job's pod template as a platform would
    PodGroups.Binding b = PodGroups.bindings(
            desired, object, Scheduler.KAI, PodGroups.Options.defaults())
        .get(0);
    cluster.delete(probe);
    GenericKubernetesResource js = jobSetWithJob(cluster, "bound", b.labels(), b.annotations());
    // same name, new uid: the desired names follow the new object
    JsonNode stored = cluster.asJson(cluster.get(js));
    SchedulingPlan again = new SchedulingPlanner(WM).desired(def, stored);
    PodGroups.Binding now = PodGroups.bindings(
            again, stored, Scheduler.KAI, PodGroups.Options.defaults())
        .get(0);
    LiveTree live = cluster.awaitControllerPods(js, 2, java.time.Duration.ofMinutes(2));
    SchedulingPlan plan = new SchedulingPlanner(WM).live(def, stored, live);
    GenericKubernetesResource pg = cluster
        .client()
        .getKubernetesSerialization()
        .convertValue(
            PodGroups.render(plan, stored, Scheduler.KAI, PodGroups.Options.defaults())
                .get(0),
            GenericKubernetesResource.class);
    cluster
        .client()
        .genericKubernetesResources(Scheduler.KAI.apiVersion(), "PodGroup")
        .inNamespace(cluster.namespace())
        .resource(pg)
        .create();
    assertThat(plan.gangs()).singleElement().satisfies(g -> {
      assertThat(g.pods()).hasSize(2);
      assertThat(g.minMember()).isEqualTo(2);
    });
    for (var pod : live.pods()) {
      Pod p = cluster
          .client()
          .pods()
          .inNamespace(cluster.namespace())
          .withName(pod.name())
          .get();
      assertThat(p.getMetadata().getAnnotations())
          .as(pod.name())
          .containsEntry(
              PodGroups.KAI_POD_GROUP_ANNOTATION,
              b.annotations().get(PodGroups.KAI_POD_GROUP_ANNOTATION));
      assertThat(p.getMetadata().getLabels())
          .containsEntry(PodGroups.KAI_QUEUE_LABEL, "default-queue");
    }
    // the probe's uid differed: the binding names the PodGroup of that uid, the live PodGroup the
    // new one
    assertThat(pg.getMetadata().getName()).isEqualTo(now.podGroup());
  }

  @Test
  void pendingGangPodsShowInitializingWithTheReasonAndAllReadyShowsRunning(
      WorkloadMapCluster cluster) {
    GenericKubernetesResource js = jobSetWithJob(cluster, "ready", Map.of(), Map.of());
    // the JobSet controller's status while its Job is active: Running by the object alone
    GenericKubernetesResource withStatus =
        cluster.writeStatus(cluster.get(js), cluster.readYaml("""
        status:
          replicatedJobsStatus:
            - {name: worker, active: 1, ready: 0, succeeded: 0, failed: 0, suspended: 0}
        """).get(0).path("status"));
    LiveTree live = cluster.awaitControllerPods(js, 2, java.time.Duration.ofMinutes(2));
    JsonNode object = cluster.asJson(withStatus);
    PreparedDefinition def = cluster.definitionFor(object);
    LiveReadiness r = LiveReadiness.of(WM, def, object, live);
    assertThat(r.objectStatus()).containsExactly(WorkloadStatus.RUNNING);
    assertThat(r.liveStatus()).isEqualTo(WorkloadStatus.INITIALIZING);
    assertThat(r.reason())
        .contains("has 0 of its minMember 2 pods ready (2 created, 0 scheduled)", "Pending");
    assertThat(r.gangs()).singleElement().satisfies(g -> assertThat(g.created()).isEqualTo(2));

    // bind each pod to a node and report it Ready, as a scheduler and a kubelet would
    for (var pod : live.pods()) {
      io.fabric8.kubernetes.api.model.Binding binding =
          new io.fabric8.kubernetes.api.model.BindingBuilder()
              .withNewMetadata()
              .withName(pod.name())
              .withNamespace(cluster.namespace())
              .endMetadata()
              .withNewTarget()
              .withKind("Node")
              .withName("gpu-node-01")
              .endTarget()
              .build();
      cluster
          .client()
          .bindings()
          .inNamespace(cluster.namespace())
          .resource(binding)
          .create();
      Pod p = cluster
          .client()
          .pods()
          .inNamespace(cluster.namespace())
          .withName(pod.name())
          .get();
      p.getStatus().setPhase("Running");
      p.getStatus()
          .setConditions(List.of(
              new PodConditionBuilder().withType("Ready").withStatus("True").build(),
              new PodConditionBuilder()
                  .withType("PodScheduled")
                  .withStatus("True")
                  .build()));
      cluster.client().pods().inNamespace(cluster.namespace()).resource(p).updateStatus();
    }
    LiveTree ready = cluster.livePods(js);
    LiveReadiness after = LiveReadiness.of(WM, def, cluster.asJson(cluster.get(js)), ready);
    assertThat(after.gangs()).singleElement().satisfies(g -> {
      assertThat(g.scheduled()).isEqualTo(2);
      assertThat(g.ready()).isEqualTo(2);
    });
    assertThat(after.liveStatus()).as(after.toString()).isEqualTo(WorkloadStatus.RUNNING);
    assertThat(after.reason()).isNull();
  }
}
