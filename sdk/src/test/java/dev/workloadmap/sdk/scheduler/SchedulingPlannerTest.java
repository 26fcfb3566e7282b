package dev.workloadmap.sdk.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.sdk.PreparedDefinition;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.crd.Crd;
import dev.workloadmap.sdk.crd.CrdViolation;
import dev.workloadmap.sdk.definition.Gvk;
import dev.workloadmap.sdk.internal.crd.CrdObjectValidator;
import dev.workloadmap.sdk.scheduler.PodGroups.Scheduler;
import dev.workloadmap.sdk.yaml.YamlReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Desired gangs of the catalog's definitions for the seed JobSet, a LeaderWorkerSet of 2 groups × (1 leader + 2
 * workers), a RayCluster with two worker groups and Grove's disaggregated-serving PodCliqueSet, their KAI names, and
 * every rendered PodGroup validated against the scheduler's real CRD (../shared/data/crds).
 */
class SchedulingPlannerTest {
  static final WorkloadMap WM = WorkloadMap.create();
  static final Path CATALOG = Path.of("../catalog/src/main/workloadmap");
  static final Path SHARED = Path.of("../../shared");

  static PreparedDefinition def(String name) {
    return WM.prepare(WM.loadDefinition(CATALOG.resolve(name).resolve("definition.yaml")));
  }

  static JsonNode obj(String yaml) {
    return new YamlReader().readAll(yaml, "test.yaml").get(0).root();
  }

  static JsonNode objFile(Path f, String kind) {
    return new YamlReader()
        .readAll(f).stream()
            .map(d -> d.root())
            .filter(r -> r.path("kind").asText().equals(kind))
            .findFirst()
            .orElseThrow();
  }

  static String table(SchedulingPlan p) {
    return p.gangs().stream()
        .map(g -> String.join(",", g.key().isEmpty() ? List.of("-") : g.key()) + " min="
            + g.minMember()
            + (g.subGroups().isEmpty()
                ? ""
                : " sub="
                    + g.subGroups().stream()
                        .map(s -> s.name() + ":" + s.minMember())
                        .collect(Collectors.joining("/")))
            + " pods=" + g.pods().size()
            + " kai=" + PodGroups.name(g, Scheduler.KAI))
        .collect(Collectors.joining("\n"));
  }

  static final String UID = "6a4e3c1e-1111-4d2b-9c1e-0123456789ab";

  @Test
  void seedJobSetOneGangPerJob() {
    JsonNode o = objFile(
        CATALOG.resolve(
            "jobset-x-k8s-io-jobset-v1alpha2/fixtures/seed-leader-and-workers/object.yaml"),
        "JobSet");
    ((ObjectNode) o.path("metadata")).put("uid", UID);
    SchedulingPlan p = new SchedulingPlanner(WM).desired(def("jobset-x-k8s-io-jobset-v1alpha2"), o);
    System.out.println("JobSet seed\n" + table(p));
    assertEquals("""
        seed,leader,0 min=1 pods=1 kai=pg-%1$s-seed-leader-0
        seed,worker,0 min=1 pods=1 kai=pg-%1$s-seed-worker-0
        seed,worker,1 min=1 pods=1 kai=pg-%1$s-seed-worker-1""".formatted(UID), table(p));
    validateAll(p, o);
  }

  static final String LWS = """
      apiVersion: leaderworkerset.x-k8s.io/v1
      kind: LeaderWorkerSet
      metadata: {name: vllm, namespace: ml, uid: %s}
      spec:
        replicas: 2
        leaderWorkerTemplate:
          size: 3
          workerTemplate:
            spec:
              containers:
                - name: w
                  image: vllm
                  resources: {limits: {nvidia.com/gpu: 8}, requests: {cpu: "4", memory: 16Gi}}
      """.formatted(UID);

  @Test
  void leaderWorkerSetOneGangPerGroup() {
    JsonNode o = obj(LWS);
    SchedulingPlan p =
        new SchedulingPlanner(WM).desired(def("leaderworkerset-x-k8s-io-leaderworkerset-v1"), o);
    System.out.println("LWS 2x3\n" + table(p));
    assertEquals("""
        vllm,0 min=3 sub=leader:1/worker:2 pods=3 kai=pg-%1$s-vllm-0
        vllm,1 min=3 sub=leader:1/worker:2 pods=3 kai=pg-%1$s-vllm-1""".formatted(UID), table(p));
    assertEquals(
        "24", p.gangs().get(0).minResources().asMap().get("nvidia.com/gpu").toPlainString());
    validateAll(p, o);
  }

  static final String RAY = """
      apiVersion: ray.io/v1
      kind: RayCluster
      metadata: {name: rc, namespace: ml, uid: %s}
      spec:
        headGroupSpec:
          template: {spec: {containers: [{name: head, image: ray, resources: {requests: {cpu: "2"}}}]}}
        workerGroupSpecs:
          - groupName: cpu
            replicas: 3
            minReplicas: 1
            maxReplicas: 5
            template: {spec: {containers: [{name: w, image: ray, resources: {requests: {cpu: "1"}}}]}}
          - groupName: tpu
            replicas: 2
            minReplicas: 2
            maxReplicas: 2
            numOfHosts: 4
            template: {spec: {containers: [{name: w, image: ray, resources: {limits: {google.com/tpu: 4}}}]}}
      """.formatted(UID);

  @Test
  void rayClusterOneGangWithSubgroupsAsKai() {
    JsonNode o = obj(RAY);
    SchedulingPlan p = new SchedulingPlanner(WM).desired(def("ray-io-raycluster-v1"), o);
    System.out.println("RayCluster\n" + table(p));
    // KAI v2 (podGroup form): head 1, worker = cpu minReplicas 1 + tpu 2 x 4 hosts = 9
    assertEquals(
        "- min=10 sub=head:1/worker:9 pods=12 kai=pg-%s-raycluster".formatted(UID), table(p));
    assertEquals(2, p.gangs().get(0).minSubGroup());
    ObjectNode kai =
        PodGroups.render(p, o, Scheduler.KAI, PodGroups.Options.defaults()).get(0);
    assertEquals(
        0,
        kai.path("spec").path("minMember").asInt(),
        "KAI's grouper sets minMember 0 beside minSubGroup");
    assertEquals(2, kai.path("spec").path("minSubGroup").asInt());
    assertEquals("default-queue", kai.path("spec").path("queue").asText());
    ObjectNode volcano =
        PodGroups.render(p, o, Scheduler.VOLCANO, PodGroups.Options.defaults()).get(0);
    assertEquals(10, volcano.path("spec").path("minMember").asInt());
    assertEquals(9, volcano.path("spec").path("minTaskMember").path("worker").asInt());
    assertEquals(
        "32", volcano.path("spec").path("minResources").path("google.com/tpu").asText());
    validateAll(p, o);
  }

  @Test
  void groveBaseAndScaledPodGangs() {
    Path f = SHARED.resolve("data/samples/podcliqueset/multi-node-disaggregated.yaml");
    assumeTrue(Files.isRegularFile(f), "../shared/data/samples/podcliqueset absent");
    JsonNode o = objFile(f, "PodCliqueSet");
    ((ObjectNode) o.path("metadata")).put("uid", UID);
    SchedulingPlan p = new SchedulingPlanner(WM).desired(def("grove-io-podcliqueset-v1alpha1"), o);
    System.out.println("Grove PodCliqueSet\n" + table(p));
    // base PodGang: decode replica 0 (dleader 1 + dworker 2) and prefill replica 0 (pleader 1 +
    // pworker 4), the
    // scaling groups' minAvailable 1; prefill's second replica is a scaled PodGang of its own
    assertEquals("""
        multinode-disaggregated-0 min=8 sub=dleader:1/dworker:2/pleader:1/pworker:4 pods=8 kai=pg-%1$s-multinode-disaggregated-0
        multinode-disaggregated-0-prefill-0 min=5 sub=pleader:1/pworker:4 pods=5 kai=pg-%1$s-multinode-disaggregated-0-prefill-0""".formatted(UID), table(p));
    validateAll(p, o);
  }

  @Test
  void namesAreLengthSafeAndDeterministic() {
    String longName = "pg-" + UID + "-" + "x".repeat(300);
    String a = PodGroupName.safe(longName, 63);
    assertEquals(a, PodGroupName.safe(longName, 63));
    assertEquals(63, a.length());
    assertTrue(PodGroupName.isSafe(a, 63));
    assertTrue(!a.equals(PodGroupName.safe(longName + "y", 63)));
    assertEquals("pg-abc-x", PodGroupName.safe("pg-abc-x", 63));
    assertTrue(PodGroupName.isSafe(PodGroupName.safe("PG_Upper", 253), 253));
  }

  @Test
  void bindingsCarryEachSchedulersKeys() {
    JsonNode o = obj(LWS);
    SchedulingPlan p =
        new SchedulingPlanner(WM).desired(def("leaderworkerset-x-k8s-io-leaderworkerset-v1"), o);
    List<PodGroups.Binding> kai =
        PodGroups.bindings(p, o, Scheduler.KAI, PodGroups.Options.defaults());
    assertEquals(6, kai.size());
    PodGroups.Binding leader =
        kai.stream().filter(b -> b.pod().equals("vllm-1")).findFirst().orElseThrow();
    assertEquals("pg-" + UID + "-vllm-1", leader.annotations().get("pod-group-name"));
    assertEquals("leader", leader.labels().get("kai.scheduler/subgroup-name"));
    assertEquals("default-queue", leader.labels().get("kai.scheduler/queue"));
    PodGroups.Binding cos = PodGroups.bindings(
            p, o, Scheduler.COSCHEDULING, PodGroups.Options.defaults())
        .get(0);
    assertTrue(cos.labels().get("scheduling.x-k8s.io/pod-group").length() <= 63);
    PodGroups.Binding vol = PodGroups.bindings(
            p, o, Scheduler.VOLCANO, PodGroups.Options.defaults())
        .get(0);
    assertEquals("pg-" + UID + "-vllm-0", vol.annotations().get("scheduling.k8s.io/group-name"));
    assertEquals(
        "true", PodGroups.workloadAnnotations(Scheduler.KAI).get("kai.scheduler/skip-podgrouper"));
  }

  @Test
  void schedulerSamplesAreValidAgainstTheirCrds() throws Exception {
    // the shared samples: the reference shapes our output must match
    String[][] samples = {
      {"data/samples/podgroup-kai/external-podgroup-job.yaml", "scheduling.run.ai"},
      {"data/samples/podgroup-kai/multi-topology-jobs.yaml", "scheduling.run.ai"},
      {"data/samples/podgroup-kai/topology-aliases.yaml", "scheduling.run.ai"},
      {"data/samples/podgroup-coscheduling/nginx-replicaset-demo.yaml", "scheduling.x-k8s.io"},
      {
        "data/statuses/podgroup-volcano/website-concept-podgroup-running.yaml",
        "scheduling.volcano.sh"
      },
      {
        "data/statuses/podgroup-volcano/website-tutorial-deployment-podgroup-running.yaml",
        "scheduling.volcano.sh"
      }
    };
    assumeTrue(Files.isDirectory(SHARED.resolve("data/crds")), "../shared/data absent");
    int checked = 0;
    for (String[] s : samples) {
      for (var d : new YamlReader().readAll(SHARED.resolve(s[0]))) {
        JsonNode r = d.root();
        if (!r.path("kind").asText().equals("PodGroup")) {
          continue;
        }
        Crd crd = Crd.load(
            SHARED.resolve("data/crds/podgroup." + s[1] + ".yaml"),
            Gvk.of(r.path("apiVersion").asText(), "PodGroup"));
        assertTrue(new CrdObjectValidator(crd).validate(r).isEmpty(), s[0]);
        checked++;
        if (s[1].equals("scheduling.run.ai") && r.path("spec").has("subGroups")) {
          // the binding keys of our KAI output are the ones KAI's own samples use
          assertTrue(
              Files.readString(SHARED.resolve(s[0])).contains(PodGroups.KAI_SUBGROUP_LABEL)
                  || Files.readString(SHARED.resolve(s[0]))
                      .contains(PodGroups.KAI_POD_GROUP_ANNOTATION),
              s[0]);
        }
      }
    }
    assertTrue(checked >= 5, "PodGroups checked: " + checked);
    String q = Files.readString(SHARED.resolve("data/samples/queue-kai/default-queues.yaml"));
    assertTrue(
        q.contains("name: default-queue"),
        "KAI's default queue, the one our KAI PodGroups fall back to");
  }

  static void validateAll(SchedulingPlan p, JsonNode o) {
    for (Scheduler s : Scheduler.values()) {
      String group = s.apiVersion().substring(0, s.apiVersion().indexOf('/'));
      Path crdFile = SHARED.resolve("data/crds/podgroup." + group + ".yaml");
      List<ObjectNode> objs = PodGroups.render(p, o, s, PodGroups.Options.defaults());
      assertEquals(p.gangs().size(), objs.size());
      for (ObjectNode pg : objs) {
        String name = pg.path("metadata").path("name").asText();
        assertTrue(PodGroupName.isSafe(name, s.maxName()), name);
        assertEquals(
            UID, pg.path("metadata").path("ownerReferences").path(0).path("uid").asText());
        if (Files.isRegularFile(crdFile)) {
          Crd crd = Crd.load(crdFile, Gvk.of(s.apiVersion(), "PodGroup"));
          List<CrdViolation> v = new CrdObjectValidator(crd).validate(pg);
          assertTrue(v.isEmpty(), s + " " + pg + ": " + v);
        }
      }
    }
  }
}
