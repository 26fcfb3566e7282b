package dev.workloadmap.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.sdk.PreparedDefinition;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.gang.GangPlan;
import dev.workloadmap.sdk.live.LiveTree;
import dev.workloadmap.sdk.live.OwnerLookup;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Attributing 10,000 live pods to a JobSet and building its gang plan (issue 8): the catalog's JobSet definition with
 * one replicatedJob {@code workers} of 2,500 Jobs × parallelism 4. Every pod is owned by its Job, every Job by the
 * JobSet (docs/format.md#owner-chain: one owner lookup per Job, cached), carries the JobSet labels and is Running and
 * ready. The SDK side ({@link WorkloadMap#attributePods} then {@link WorkloadMap#gangPlan}) walks the owner chains,
 * places each pod by the jq selectors, reads its replica key, evaluates the gang filters and the three group-key paths
 * per pod, and computes 2,500 gangs of minMember 4. The baseline does the same with direct label reads in plain Java.
 *
 * <p>The pods are built once per trial; the SDK also prepares each pod for jq (a key-sorted view) on every call, as a
 * caller that lists fresh pods would.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
public class LiveGangBenchmark {

  /** Jobs in the replicated job of the default 10,000 pods. */
  static final int JOBS = 2500;
  /** Pods per Job (parallelism). */
  static final int PARALLELISM = 4;

  /** The pods attributed per operation: 10,000, and 100,000 to show the cost stays linear (issue 17). */
  @Param({"10000", "100000"})
  public int pods = JOBS * PARALLELISM;

  private static final JsonNodeFactory F = JsonNodeFactory.instance;
  private static final String ROOT_UID = "00000000-0000-4000-8000-000000000001";

  private WorkloadMap workloadMap;
  private PreparedDefinition jobSet;
  private JsonNode object;
  private List<JsonNode> podList;
  private List<JsonNode> jobs;
  private OwnerLookup owners;

  /**
   * Builds the JobSet, its Jobs and its 10,000 pods, and checks once that both sides agree on the gangs.
   *
   * @throws IllegalStateException when they disagree
   */
  @Setup(Level.Trial)
  public void setUp() {
    workloadMap = WorkloadMap.create();
    jobSet = JobSetInputs.prepareDefinition(workloadMap);
    int jobCount = pods / PARALLELISM;
    object = jobSetObject(jobCount);
    jobs = new ArrayList<>(jobCount);
    podList = new ArrayList<>(jobCount * PARALLELISM);
    for (int j = 0; j < jobCount; j++) {
      String jobUid = String.format("00000000-0000-4000-8000-1%011d", j);
      jobs.add(meta("batch/v1", "Job", "big-workers-" + j, jobUid, ROOT_UID, "JobSet", "big"));
      for (int p = 0; p < PARALLELISM; p++) {
        podList.add(pod(j, p, jobUid));
      }
    }
    owners = OwnerLookup.of(jobs);
    GangPlan plan = sdkAttributeAndGangPlan();
    Map<String, Integer> baseline = adapterAttributeAndGangPlan();
    // the same gangs (key to member count), each of minMember PARALLELISM, every pod placed once
    Map<String, Integer> sdk = new TreeMap<>();
    int placed = 0;
    for (GangPlan.Group group : plan.groups()) {
      for (GangPlan.Gang g : group.gangs()) {
        if (g.minMember() != PARALLELISM
            || sdk.put(String.join("/", g.key()), g.pods().size()) != null) {
          throw new IllegalStateException(
              "the SDK's gang " + g.key() + " is not a gang of the pods");
        }
        placed += g.pods().size();
      }
    }
    LiveTree live = workloadMap.attributePods(jobSet, object, podList, owners);
    if (!sdk.equals(baseline)
        || plan.groups().size() != 1
        || !plan.unassigned().isEmpty()
        || placed != podList.size()
        || live.pods().size() != podList.size()
        || !live.unmatched().isEmpty()
        || !live.notOwned().isEmpty()
        || !live.problems().isEmpty()) {
      throw new IllegalStateException(
          "the SDK and the baseline disagree on the gangs of the benchmark pods");
    }
  }

  /** The SDK: attribute the pods (owner chains, selectors, instances, replica keys) and build the gang plan. */
  @Benchmark
  public GangPlan sdkAttributeAndGangPlan() {
    LiveTree live = workloadMap.attributePods(jobSet, object, podList, owners);
    return workloadMap.gangPlan(jobSet, live);
  }

  /** The baseline: the same attribution and gangs with direct label reads (gang key to member count). */
  @Benchmark
  public Map<String, Integer> adapterAttributeAndGangPlan() {
    Map<String, String> jobOwner = new HashMap<>();
    for (JsonNode j : jobs) {
      for (JsonNode r : j.path("metadata").path("ownerReferences")) {
        if (r.path("controller").asBoolean()) {
          jobOwner.put(j.path("metadata").path("uid").asText(), r.path("uid").asText());
        }
      }
    }
    Map<String, Integer> gangs = new TreeMap<>();
    int ready = 0;
    for (JsonNode p : podList) {
      String ownerUid =
          p.path("metadata").path("ownerReferences").path(0).path("uid").asText();
      if (!ROOT_UID.equals(ownerUid) && !ROOT_UID.equals(jobOwner.get(ownerUid))) {
        continue;
      }
      JsonNode labels = p.path("metadata").path("labels");
      String key = labels.path("jobset.sigs.k8s.io/jobset-name").asText() + "/"
          + labels.path("jobset.sigs.k8s.io/replicatedjob-name").asText() + "/"
          + labels.path("jobset.sigs.k8s.io/job-index").asText();
      gangs.merge(key, 1, Integer::sum);
      for (JsonNode c : p.path("status").path("conditions")) {
        if (c.path("type").asText().equals("Ready") && c.path("status").asText().equals("True")) {
          ready++;
        }
      }
    }
    if (ready < 0) {
      throw new IllegalStateException();
    }
    return gangs;
  }

  /** The number of pods attributed per call. */
  int podCount() {
    return podList.size();
  }

  private static JsonNode jobSetObject(int jobCount) {
    ObjectNode o = F.objectNode();
    o.put("apiVersion", "jobset.x-k8s.io/v1alpha2");
    o.put("kind", "JobSet");
    ObjectNode m = o.putObject("metadata");
    m.put("name", "big");
    m.put("namespace", "ml-team");
    m.put("uid", ROOT_UID);
    ObjectNode rj = o.putObject("spec").putArray("replicatedJobs").addObject();
    rj.put("name", "workers");
    rj.put("replicas", jobCount);
    ObjectNode jobSpec = rj.putObject("template").putObject("spec");
    jobSpec.put("parallelism", PARALLELISM);
    jobSpec.put("completions", PARALLELISM);
    ObjectNode c =
        jobSpec.putObject("template").putObject("spec").putArray("containers").addObject();
    c.put("name", "trainer");
    c.putObject("resources").putObject("limits").put("nvidia.com/gpu", 8);
    return o;
  }

  private static ObjectNode meta(
      String apiVersion,
      String kind,
      String name,
      String uid,
      String ownerUid,
      String ownerKind,
      String ownerName) {
    ObjectNode o = F.objectNode();
    o.put("apiVersion", apiVersion);
    o.put("kind", kind);
    ObjectNode m = o.putObject("metadata");
    m.put("name", name);
    m.put("namespace", "ml-team");
    if (uid != null) {
      m.put("uid", uid);
    }
    ObjectNode ref = m.putArray("ownerReferences").addObject();
    ref.put("apiVersion", ownerKind.equals("Job") ? "batch/v1" : "jobset.x-k8s.io/v1alpha2");
    ref.put("kind", ownerKind);
    ref.put("name", ownerName);
    ref.put("uid", ownerUid);
    ref.put("controller", true);
    return o;
  }

  private static JsonNode pod(int job, int index, String jobUid) {
    ObjectNode o = meta(
        "v1",
        "Pod",
        "big-workers-" + job + "-" + index + "-x7k2p",
        null,
        jobUid,
        "Job",
        "big-workers-" + job);
    ObjectNode labels = ((ObjectNode) o.get("metadata")).putObject("labels");
    labels.put("batch.kubernetes.io/job-name", "big-workers-" + job);
    labels.put("jobset.sigs.k8s.io/jobset-name", "big");
    labels.put("jobset.sigs.k8s.io/replicatedjob-name", "workers");
    labels.put("jobset.sigs.k8s.io/job-index", Integer.toString(job));
    ObjectNode spec = o.putObject("spec");
    spec.put("nodeName", "gpu-node-" + (job % 500));
    ArrayNode cs = spec.putArray("containers");
    cs.addObject()
        .put("name", "trainer")
        .putObject("resources")
        .putObject("limits")
        .put("nvidia.com/gpu", 8);
    ObjectNode status = o.putObject("status");
    status.put("phase", "Running");
    ArrayNode conds = status.putArray("conditions");
    conds.addObject().put("type", "PodScheduled").put("status", "True");
    conds.addObject().put("type", "Ready").put("status", "True");
    return o;
  }
}
