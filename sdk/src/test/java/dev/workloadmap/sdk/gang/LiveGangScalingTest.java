package dev.workloadmap.sdk.gang;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.sdk.PreparedDefinition;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.gang.GangPlan.Gang;
import dev.workloadmap.sdk.internal.jq.OneResult;
import dev.workloadmap.sdk.jq.Jq;
import dev.workloadmap.sdk.jq.JqInput;
import dev.workloadmap.sdk.jq.JqProgram;
import dev.workloadmap.sdk.live.LivePod;
import dev.workloadmap.sdk.live.LiveTree;
import dev.workloadmap.sdk.live.OwnerLookup;
import dev.workloadmap.sdk.spi.JqEngine;
import dev.workloadmap.sdk.tree.WorkloadTree;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Attribution and gang plans scale linearly with the pods (docs/format.md#owner-chain, docs/format.md#gangs), unit
 * tier: the work per pod is counted (jq evaluations, prepared jq inputs, owner lookups) through a counting
 * {@link JqEngine} and {@link OwnerLookup}, and must be the same constant for a small and a four times larger JobSet.
 * No wall-clock time is asserted.
 */
class LiveGangScalingTest {

  static final Path JOBSET = Path.of(
      "..",
      "catalog",
      "src",
      "main",
      "workloadmap",
      "jobset-x-k8s-io-jobset-v1alpha2",
      "definition.yaml");
  static final JsonNodeFactory F = JsonNodeFactory.instance;
  static final String ROOT_UID = "jobset-uid";
  static final int PARALLELISM = 4;

  /** A jq engine that counts evaluations and remembers every distinct input it was given. */
  static final class CountingEngine implements JqEngine {
    final JqEngine delegate = Jq.defaultEngine();
    final AtomicInteger applies = new AtomicInteger();
    final Set<JqInput> inputs = Collections.newSetFromMap(new IdentityHashMap<>());

    @Override
    public JqProgram compile(String expression) {
      JqProgram p = delegate.compile(expression);
      return new JqProgram() {
        @Override
        public String expression() {
          return p.expression();
        }

        @Override
        public List<JsonNode> apply(JqInput input) {
          applies.incrementAndGet();
          inputs.add(input);
          return p.apply(input);
        }
      };
    }

    @Override
    public JsonNode assign(String pathExpression, JsonNode input, JsonNode value) {
      return delegate.assign(pathExpression, input, value);
    }

    @Override
    public JsonNode assignZip(String pathExpression, JsonNode input, List<JsonNode> values) {
      return delegate.assignZip(pathExpression, input, values);
    }

    void reset() {
      applies.set(0);
      inputs.clear();
    }
  }

  /**
   * A jq engine that counts the evaluations of the SDK's own programs, which answer a single result ({@link
   * OneResult}) and are kept one per expression as the SDK's engine keeps them, so the texts a pod remembers are found
   * again: what it counts is the distinct evaluations per pod.
   */
  static final class DistinctCountingEngine implements JqEngine {
    final JqEngine delegate = Jq.defaultEngine();
    final AtomicInteger evaluations = new AtomicInteger();
    final Map<String, JqProgram> programs = new ConcurrentHashMap<>();

    interface Counted extends JqProgram, OneResult {}

    @Override
    public JqProgram compile(String expression) {
      return programs.computeIfAbsent(expression, e -> {
        JqProgram p = delegate.compile(e);
        return new Counted() {
          @Override
          public String expression() {
            return p.expression();
          }

          @Override
          public List<JsonNode> apply(JqInput input) {
            evaluations.incrementAndGet();
            return p.apply(input);
          }

          @Override
          public JsonNode applyOne(JqInput input) {
            evaluations.incrementAndGet();
            return OneResult.of(p, input);
          }
        };
      });
    }

    @Override
    public JsonNode assign(String pathExpression, JsonNode input, JsonNode value) {
      return delegate.assign(pathExpression, input, value);
    }

    @Override
    public JsonNode assignZip(String pathExpression, JsonNode input, List<JsonNode> values) {
      return delegate.assignZip(pathExpression, input, values);
    }
  }

  /** What one attribution and gang plan of {@code jobs} Jobs cost. */
  record Work(int pods, int applies, int inputs, int lookups, GangPlan plan) {}

  /** The distinct evaluations per pod of one attribution and gang plan of {@code jobs} Jobs, and the plan. */
  record Distinct(int pods, int evaluations, GangPlan plan) {}

  static Distinct runDistinct(int jobs) {
    DistinctCountingEngine engine = new DistinctCountingEngine();
    WorkloadMap wm = WorkloadMap.builder().engine(engine).build();
    PreparedDefinition d = wm.prepare(wm.loadDefinition(JOBSET));
    JsonNode object = jobSet(jobs);
    List<JsonNode> jobObjects = new ArrayList<>();
    List<JsonNode> pods = new ArrayList<>();
    for (int j = 0; j < jobs; j++) {
      jobObjects.add(meta("Job", "big-workers-" + j, "job-uid-" + j, ROOT_UID));
      for (int p = 0; p < PARALLELISM; p++) {
        pods.add(pod(j, p));
      }
    }
    WorkloadTree tree = wm.resolve(d, object);
    engine.evaluations.set(0); // count the pods' work only, not the object's
    LiveTree live = wm.attributePods(d, tree, object, pods, OwnerLookup.of(jobObjects));
    GangPlan plan = wm.gangPlan(d, live);
    assertThat(live.pods()).hasSize(pods.size());
    return new Distinct(pods.size(), engine.evaluations.get(), plan);
  }

  static Work run(int jobs) {
    CountingEngine engine = new CountingEngine();
    WorkloadMap wm = WorkloadMap.builder().engine(engine).build();
    PreparedDefinition d = wm.prepare(wm.loadDefinition(JOBSET));
    JsonNode object = jobSet(jobs);
    List<JsonNode> jobObjects = new ArrayList<>();
    List<JsonNode> pods = new ArrayList<>();
    for (int j = 0; j < jobs; j++) {
      jobObjects.add(meta("Job", "big-workers-" + j, "job-uid-" + j, ROOT_UID));
      for (int p = 0; p < PARALLELISM; p++) {
        pods.add(pod(j, p));
      }
    }
    OwnerLookup byUid = OwnerLookup.of(jobObjects);
    AtomicInteger lookups = new AtomicInteger();
    OwnerLookup counting = (ns, ref) -> {
      lookups.incrementAndGet();
      return byUid.find(ns, ref);
    };
    WorkloadTree tree = wm.resolve(d, object);
    engine.reset(); // count the pods' work only, not the object's
    LiveTree live = wm.attributePods(d, tree, object, pods, counting);
    GangPlan plan = wm.gangPlan(d, live);
    assertThat(live.pods()).hasSize(pods.size());
    return new Work(pods.size(), engine.applies.get(), engine.inputs.size(), lookups.get(), plan);
  }

  @Test
  void theWorkPerPodIsTheSameForFourTimesThePods() {
    Work small = run(25);
    Work large = run(100);
    for (Work w : List.of(small, large)) {
      // one owner lookup per Job, however many pods it has
      assertThat(w.lookups()).isEqualTo(w.pods() / PARALLELISM);
      // each pod is prepared for jq once and that input serves the attribution and the gang plan
      assertThat(w.inputs()).isEqualTo(w.pods());
      // a fixed number of jq evaluations per pod (type, instance id, replica key, three group keys)
      assertThat(w.applies() % w.pods()).isZero();
      assertThat(w.applies() / w.pods()).isBetween(1, 8);
    }
    assertThat(large.applies() / large.pods()).isEqualTo(small.applies() / small.pods());
  }

  @Test
  void theWorkPerPodStaysTheSameAtAHundredThousandPods() {
    Work small = run(25);
    Work large = run(100_000 / PARALLELISM); // the LiveGangBenchmark's largest case
    assertThat(large.pods()).isEqualTo(100_000);
    assertThat(large.lookups()).isEqualTo(large.pods() / PARALLELISM);
    assertThat(large.inputs()).isEqualTo(large.pods());
    assertThat(large.applies() % large.pods()).isZero();
    assertThat(large.applies() / large.pods()).isEqualTo(small.applies() / small.pods());
    List<Gang> gangs = large.plan().groups().get(0).gangs();
    assertThat(gangs).hasSize(100_000 / PARALLELISM);
    assertThat(gangs.get(gangs.size() - 1).key())
        .containsExactly("big", "workers", Integer.toString(100_000 / PARALLELISM - 1));
    assertThat(large.plan().unassigned()).isEmpty();
  }

  @Test
  void eachPodReadsEachDistinctPathOnce() {
    // the JobSet asks five paths of a pod (instance id, replica key, three group keys) but only
    // three
    // distinct ones: the replicated job's name and the job index are asked twice; the SDK's own
    // programs read each once per pod, attribution reading the group keys ahead, and the gang plan
    // finds all three remembered on the pod's jq input
    for (int jobs : List.of(25, 100)) {
      Distinct w = runDistinct(jobs);
      assertThat(w.evaluations()).isEqualTo(3 * w.pods());
      assertThat(w.plan().groups().get(0).gangs()).hasSize(jobs);
      assertThat(w.plan().unassigned()).isEmpty();
    }
    // the same gangs as when every path is evaluated each time it is asked
    assertThat(runDistinct(12).plan()).isEqualTo(run(12).plan());
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 12, 40})
  void gangsFollowTheJobIndexInNumericOrder(int jobs) {
    GangPlan plan = run(jobs).plan();
    List<Gang> gangs = plan.groups().get(0).gangs();
    assertThat(plan.unassigned()).isEmpty();
    assertThat(gangs).hasSize(jobs);
    for (int j = 0; j < jobs; j++) {
      Gang g = gangs.get(j);
      assertThat(g.key()).containsExactly("big", "workers", Integer.toString(j));
      assertThat(g.minMember()).isEqualTo(PARALLELISM);
      assertThat(g.pods()).hasSize(PARALLELISM);
    }
  }

  @Test
  void aPodRowsJqInputMustBePreparedFromItsManifest() {
    JsonNode manifest = pod(0, 0);
    LivePod row =
        new LivePod("p", "ns", "Running", null, true, null, null, "c", null, null, manifest);
    assertThat(row.input().original()).isSameAs(manifest);
    assertThatThrownBy(() -> new LivePod(
            "p",
            "ns",
            "Running",
            null,
            true,
            null,
            null,
            "c",
            null,
            null,
            manifest,
            JqInput.of(pod(0, 1))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("pod p");
  }

  static JsonNode jobSet(int jobs) {
    ObjectNode o = F.objectNode();
    o.put("apiVersion", "jobset.x-k8s.io/v1alpha2");
    o.put("kind", "JobSet");
    ObjectNode m = o.putObject("metadata");
    m.put("name", "big");
    m.put("namespace", "ml-team");
    m.put("uid", ROOT_UID);
    ObjectNode rj = o.putObject("spec").putArray("replicatedJobs").addObject();
    rj.put("name", "workers");
    rj.put("replicas", jobs);
    ObjectNode jobSpec = rj.putObject("template").putObject("spec");
    jobSpec.put("parallelism", PARALLELISM);
    jobSpec.put("completions", PARALLELISM);
    jobSpec
        .putObject("template")
        .putObject("spec")
        .putArray("containers")
        .addObject()
        .put("name", "trainer");
    return o;
  }

  static ObjectNode meta(String kind, String name, String uid, String ownerUid) {
    ObjectNode o = F.objectNode();
    o.put("kind", kind);
    ObjectNode m = o.putObject("metadata");
    m.put("name", name);
    m.put("namespace", "ml-team");
    if (uid != null) {
      m.put("uid", uid);
    }
    ObjectNode ref = m.putArray("ownerReferences").addObject();
    ref.put("uid", ownerUid);
    ref.put("controller", true);
    return o;
  }

  static JsonNode pod(int job, int index) {
    ObjectNode o = meta("Pod", "big-workers-" + job + "-" + index, null, "job-uid-" + job);
    ObjectNode labels = ((ObjectNode) o.get("metadata")).putObject("labels");
    labels.put("jobset.sigs.k8s.io/jobset-name", "big");
    labels.put("jobset.sigs.k8s.io/replicatedjob-name", "workers");
    labels.put("jobset.sigs.k8s.io/job-index", Integer.toString(job));
    o.putObject("spec").putArray("containers").addObject().put("name", "trainer");
    o.putObject("status").put("phase", "Running");
    return o;
  }
}
