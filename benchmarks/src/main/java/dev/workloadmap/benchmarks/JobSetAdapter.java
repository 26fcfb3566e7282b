package dev.workloadmap.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.resources.PodResources;
import dev.workloadmap.sdk.resources.ResourceList;
import java.util.ArrayList;
import java.util.List;

/**
 * The baseline of the benchmarks: a JobSet ({@code jobset.x-k8s.io/v1alpha2}) adapter written by hand against the
 * Jackson tree, the way a team reads JobSets today without Workload Map. It answers the same questions as the
 * catalog definition {@code jobset-x-k8s-io-jobset-v1alpha2} resolved through the SDK, and gives the same answers on
 * every fixture of that entry (checked by {@code JobSetAdapterAgreementTest}).
 *
 * <h2>What it computes</h2>
 *
 * <ul>
 *   <li>For each entry of {@code spec.replicatedJobs}, its pods: {@code (replicas // 1) × min(parallelism // 1,
 *       completions // parallelism)}, where {@code x // d} means "{@code d} when {@code x} is absent or null" (the
 *       Job runs {@code min(parallelism, completions)} pods at once, FC-05).
 *   <li>Per pod, the requests of the Job's pod template ({@code template.spec.template}).
 *   <li>Totals: pods, and per-pod requests × pods summed over the replicated jobs (GPUs, CPU, memory, ...).
 *   <li>The statuses the catalog definition maps, in the SDK's report order (docs/format.md#legacy-mapping): Resuming,
 *   Suspending,
 *       Suspended, Running, Failed, Completed, Initializing, Degraded; {@code Undefined} when none holds.
 * </ul>
 *
 * <h2>What is shared with the SDK, and why</h2>
 *
 * <p>Per-pod requests come from the SDK's {@link PodResources#perPodFromTemplate(JsonNode)} (Kubernetes quantities,
 * requests else limits, init containers and sidecars, pod-level resources and overhead). A team would call a
 * quantity parser too (fabric8's {@code Quantity}, for example); sharing the SDK's keeps the arithmetic identical, so
 * the benchmark's ratio measures only what differs: the definition engine (jq paths, matchers, tree building)
 * against direct field access.
 *
 * <h2>Shapes</h2>
 *
 * <p>Absent or null fields take the defaults above; a replicated job or condition that is not an object is skipped;
 * a missing {@code spec.replicatedJobs} gives no replicated jobs. Counts that are not numbers count as absent. The
 * adapter does not report problems the way the SDK does: it is only as defensive as hand-written code usually is.
 *
 * <p>Stateless and thread-safe.
 */
public final class JobSetAdapter {

  /** The status names, as the SDK prints them. */
  static final String RESUMING = "Resuming";

  static final String SUSPENDING = "Suspending";
  static final String SUSPENDED = "Suspended";
  static final String RUNNING = "Running";
  static final String FAILED = "Failed";
  static final String COMPLETED = "Completed";
  static final String INITIALIZING = "Initializing";
  static final String DEGRADED = "Degraded";
  static final String UNDEFINED = "Undefined";

  private static final String TRUE = "True";

  private JobSetAdapter() {}

  /**
   * One entry of {@code spec.replicatedJobs}.
   *
   * @param name the replicated job's {@code name} ({@code ""} when absent)
   * @param pods desired pods: Jobs × pods per Job
   * @param perPod the requests of one pod, in base units (cores, bytes, counts)
   */
  public record ReplicatedJob(String name, int pods, ResourceList perPod) {
    /** {@code perPod × pods}. */
    public ResourceList total() {
      return perPod.times(pods);
    }
  }

  /**
   * A JobSet as the adapter sees it.
   *
   * @param replicatedJobs the replicated jobs in {@code spec.replicatedJobs} order
   * @param totalPods desired pods of the whole JobSet
   * @param totalResources requests of the whole JobSet
   * @param statuses the matched statuses (see {@link #status(JsonNode)})
   */
  public record Summary(
      List<ReplicatedJob> replicatedJobs,
      int totalPods,
      ResourceList totalResources,
      List<String> statuses) {
    public Summary {
      replicatedJobs = List.copyOf(replicatedJobs);
      statuses = List.copyOf(statuses);
    }

    /** GPUs ({@code nvidia.com/gpu}) of the whole JobSet. */
    public long gpus() {
      return totalResources.gpus(ResourceList.DEFAULT_GPU_RESOURCE);
    }
  }

  /**
   * Reads the replicated jobs, totals and statuses of a JobSet.
   *
   * @param jobSet the whole JobSet object as JSON
   * @return the summary
   * @throws dev.workloadmap.sdk.resources.InvalidResourcesException a pod template field has the wrong JSON type
   * @throws dev.workloadmap.sdk.resources.InvalidQuantityException a quantity is invalid or negative
   */
  public static Summary resolve(JsonNode jobSet) {
    List<ReplicatedJob> jobs = new ArrayList<>();
    int totalPods = 0;
    ResourceList total = ResourceList.empty();
    JsonNode replicatedJobs = jobSet.path("spec").path("replicatedJobs");
    if (replicatedJobs.isArray()) {
      for (JsonNode rj : replicatedJobs) {
        if (!rj.isObject()) {
          continue;
        }
        JsonNode jobSpec = rj.path("template").path("spec");
        int replicas = count(rj.get("replicas"), 1);
        int parallelism = count(jobSpec.get("parallelism"), 1);
        int completions = count(jobSpec.get("completions"), parallelism);
        int pods = replicas * Math.min(parallelism, completions);
        ResourceList perPod = PodResources.perPodFromTemplate(jobSpec.get("template"));
        ReplicatedJob job = new ReplicatedJob(rj.path("name").asText(""), pods, perPod);
        jobs.add(job);
        totalPods += pods;
        total = total.plus(job.total());
      }
    }
    return new Summary(jobs, totalPods, total, status(jobSet));
  }

  /**
   * The statuses of a JobSet, as the catalog definition maps them: every one that holds, in the order Resuming,
   * Suspending, Suspended, Running, Failed, Completed, Initializing, Degraded, or {@code [Undefined]}.
   *
   * <ul>
   *   <li>Resuming: {@code spec.suspend} is not true, but a {@code Suspended} condition is True.
   *   <li>Suspending: {@code spec.suspend} is true, no {@code Suspended} condition is True, no terminal state.
   *   <li>Suspended: {@code spec.suspend} is true and the (last) {@code Suspended} condition is True.
   *   <li>Running: not suspended, no terminal state, no Completed, Failed or Suspended condition True, and some
   *       replicated job has active or ready Jobs.
   *   <li>Failed / Completed: that condition is True, or {@code status.terminalState} says so.
   *   <li>Initializing: like Running, but {@code status.replicatedJobsStatus} is non-empty with nothing active or
   *       ready.
   *   <li>Degraded: not suspended, no terminal state, no Completed or Failed condition True, {@code status.restarts
   *       > 0}.
   * </ul>
   *
   * @param jobSet the whole JobSet object as JSON
   * @return the matched status names, never empty
   */
  public static List<String> status(JsonNode jobSet) {
    boolean suspend = jobSet.path("spec").path("suspend").booleanValue();
    JsonNode status = jobSet.path("status");
    JsonNode conditions = status.path("conditions");
    JsonNode terminal = status.get("terminalState");
    String terminalState =
        terminal == null || terminal.isNull() || terminal.isBoolean() && !terminal.booleanValue()
            ? ""
            : terminal.asText();
    boolean noTerminalState = terminalState.isEmpty();

    boolean suspendedTrue = anyTrue(conditions, "Suspended");
    boolean completedTrue = anyTrue(conditions, "Completed");
    boolean failedTrue = anyTrue(conditions, "Failed");
    boolean working = !suspend && noTerminalState && !completedTrue && !failedTrue;

    int replicatedJobsReported = 0;
    boolean anyActive = false;
    boolean allIdle = true;
    JsonNode replicatedJobsStatus = status.path("replicatedJobsStatus");
    if (replicatedJobsStatus.isArray()) {
      for (JsonNode rjs : replicatedJobsStatus) {
        replicatedJobsReported++;
        double active = number(rjs.get("active"));
        double ready = number(rjs.get("ready"));
        anyActive |= active > 0 || ready > 0;
        allIdle &= active == 0 && ready == 0;
      }
    }

    List<String> out = new ArrayList<>(2);
    if (!suspend && suspendedTrue) {
      out.add(RESUMING);
    }
    if (suspend && !suspendedTrue && noTerminalState) {
      out.add(SUSPENDING);
    }
    if (suspend && lastIsTrue(conditions, "Suspended")) {
      out.add(SUSPENDED);
    }
    if (working && !suspendedTrue && anyActive) {
      out.add(RUNNING);
    }
    if (lastIsTrue(conditions, "Failed") || FAILED.equals(terminalState)) {
      out.add(FAILED);
    }
    if (lastIsTrue(conditions, "Completed") || COMPLETED.equals(terminalState)) {
      out.add(COMPLETED);
    }
    if (working && !suspendedTrue && replicatedJobsReported > 0 && allIdle) {
      out.add(INITIALIZING);
    }
    if (working && number(status.get("restarts")) > 0) {
      out.add(DEGRADED);
    }
    if (out.isEmpty()) {
      out.add(UNDEFINED);
    }
    return out;
  }

  /** True when some condition of {@code type} has status {@code True}. */
  private static boolean anyTrue(JsonNode conditions, String type) {
    if (conditions.isArray()) {
      for (JsonNode c : conditions) {
        if (type.equals(c.path("type").textValue())
            && TRUE.equals(c.path("status").textValue())) {
          return true;
        }
      }
    }
    return false;
  }

  /** True when the last condition of {@code type} has status {@code True} (the last one wins, as in the SDK). */
  private static boolean lastIsTrue(JsonNode conditions, String type) {
    String found = null;
    if (conditions.isArray()) {
      for (JsonNode c : conditions) {
        if (c.isObject() && type.equals(c.path("type").textValue())) {
          JsonNode s = c.get("status");
          found = s != null && s.isTextual() ? s.textValue() : "";
        }
      }
    }
    return TRUE.equals(found);
  }

  /** An integer count, or {@code absent} when the field is missing, null or not a number. */
  private static int count(JsonNode n, int absent) {
    return n != null && n.isNumber() ? n.intValue() : absent;
  }

  /** A counter as a number, 0 when missing, null or not a number. */
  private static double number(JsonNode n) {
    return n != null && n.isNumber() ? n.doubleValue() : 0;
  }
}
