package dev.workloadmap.sdk.live;

import static dev.workloadmap.sdk.TestDefinitions.object;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.sdk.PreparedDefinition;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.WorkloadMapException;
import dev.workloadmap.sdk.jq.Jq;
import dev.workloadmap.sdk.jq.JqInput;
import dev.workloadmap.sdk.jq.JqProgram;
import dev.workloadmap.sdk.resources.PodResources;
import dev.workloadmap.sdk.spi.JqEngine;
import dev.workloadmap.sdk.tree.WorkloadTree;
import dev.workloadmap.sdk.yaml.YamlDocument;
import dev.workloadmap.sdk.yaml.YamlReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The fast paths of attribution and the gang plan (issue 17) give the answers of the general path: every selector and
 * group key through {@link JqProgram#apply} (an engine that hides the single-result read), on the catalog's live
 * fixtures and on JobSet pods of every awkward shape; per-pod requests and their problems as {@link PodResources}
 * gives them, pod by pod; pods in code-point order of their names.
 */
class LiveFastPathTest {

  static final Path CATALOG = Path.of("..", "catalog", "src", "main", "workloadmap");

  /** The default engine behind a plain {@link JqProgram}: every evaluation goes through {@code apply}. */
  static final class GeneralEngine implements JqEngine {
    final JqEngine delegate = Jq.defaultEngine();

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
  }

  static final WorkloadMap FAST = WorkloadMap.create();
  static final WorkloadMap GENERAL =
      WorkloadMap.builder().engine(new GeneralEngine()).build();

  /** The live tree, gang plan and describe text of {@code pods}, as JSON and text. */
  static String answers(
      WorkloadMap wm, Path definition, JsonNode object, List<JsonNode> pods, List<JsonNode> all) {
    PreparedDefinition d = wm.prepare(wm.loadDefinition(definition));
    WorkloadTree tree = wm.resolve(d, object);
    LiveTree live = wm.attributePods(d, tree, object, pods, OwnerLookup.of(all));
    return wm.toJson(live).toPrettyString()
        + "\n"
        + wm.toJson(wm.gangPlan(d, live)).toPrettyString()
        + "\n"
        + wm.renderText(live, null)
        + "\n"
        + live.problems();
  }

  static Stream<Path> liveFixtures() throws IOException {
    try (Stream<Path> s = Files.walk(CATALOG)) {
      return s
          .filter(p -> p.getFileName().toString().equals("pods.yaml"))
          .map(Path::getParent)
          .sorted()
          .toList()
          .stream();
    }
  }

  @ParameterizedTest
  @MethodSource("liveFixtures")
  void theCatalogsLiveFixturesGetTheAnswersOfTheGeneralPath(Path fixture) {
    Path definition = fixture.getParent().getParent().resolve("definition.yaml");
    YamlReader yaml = new YamlReader();
    JsonNode object = yaml.readAll(fixture.resolve("object.yaml")).get(0).root();
    List<JsonNode> pods = new ArrayList<>();
    List<JsonNode> all = new ArrayList<>();
    for (YamlDocument doc : yaml.readAll(fixture.resolve("pods.yaml"))) {
      JsonNode root = doc.root();
      if (root.isNull()) {
        continue;
      }
      List<JsonNode> items = root.path("items").isArray()
          ? List.copyOf(root.path("items").valueStream().toList())
          : List.of(root);
      for (JsonNode item : items) {
        if (item.path("kind").asText("Pod").equals("Pod")) {
          pods.add(item);
        }
        all.add(item);
      }
    }
    assertThat(pods).isNotEmpty();
    assertThat(answers(FAST, definition, object, pods, all))
        .isEqualTo(answers(GENERAL, definition, object, pods, all));
  }

  static final Path JOBSET =
      CATALOG.resolve("jobset-x-k8s-io-jobset-v1alpha2").resolve("definition.yaml");

  static final JsonNode JOBSET_OBJECT = object("""
      apiVersion: jobset.x-k8s.io/v1alpha2
      kind: JobSet
      metadata: {name: big, namespace: ml-team, uid: root-uid}
      spec:
        replicatedJobs:
          - name: workers
            replicas: 3
            template: {spec: {parallelism: 2, completions: 2, template: {spec: {containers: [{name: t}]}}}}
          - name: driver
            replicas: 1
            template: {spec: {parallelism: 1, completions: 1, template: {spec: {containers: [{name: d}]}}}}
      """);

  /** A JobSet pod with {@code labels} and {@code containers} as YAML, owned by {@code owner}. */
  static JsonNode jobSetPod(String name, String owner, String labels, String containers) {
    return object("""
        apiVersion: v1
        kind: Pod
        metadata:
          name: "%s"
          namespace: ml-team
          labels: %s
          ownerReferences: [{apiVersion: batch/v1, kind: Job, name: j, uid: %s, controller: true}]
        spec:
          nodeName: n-%s
          containers: %s
        status: {phase: Running, conditions: [{type: Ready, status: "True"}]}
        """.formatted(name, labels, owner, name.length() % 3, containers));
  }

  static String labels(String replicatedJob, String index) {
    return "{jobset.sigs.k8s.io/jobset-name: big, jobset.sigs.k8s.io/replicatedjob-name: "
        + replicatedJob + ", jobset.sigs.k8s.io/job-index: " + index + "}";
  }

  static final String GPUS = "[{name: t, resources: {limits: {nvidia.com/gpu: 8}}}]";

  static List<JsonNode> awkwardPods() {
    List<JsonNode> pods = new ArrayList<>();
    for (int j = 0; j < 3; j++) {
      for (int p = 0; p < 2; p++) {
        pods.add(
            jobSetPod("w-" + j + "-" + p, "job-" + j, labels("workers", "\"" + j + "\""), GPUS));
      }
    }
    pods.add(jobSetPod("d-0", "job-d", labels("driver", "\"0\""), "[{name: d}]"));
    pods.add(jobSetPod("numeric-index", "job-1", labels("workers", "1"), GPUS)); // a number
    pods.add(jobSetPod("float-index", "job-2", labels("workers", "2.0"), GPUS)); // 2.0 is "2"
    pods.add(jobSetPod("empty-index", "job-1", labels("workers", "\"\""), GPUS));
    pods.add(jobSetPod("null-index", "job-1", labels("workers", "null"), GPUS));
    pods.add(jobSetPod("object-index", "job-1", labels("workers", "{a: 1}"), GPUS));
    pods.add(jobSetPod(
        "no-index",
        "job-1",
        "{jobset.sigs.k8s.io/jobset-name: big, jobset.sigs.k8s.io/replicatedjob-name: workers}",
        GPUS));
    pods.add(jobSetPod("unknown-job", "job-1", labels("nobody", "\"1\""), GPUS));
    pods.add(jobSetPod("no-labels", "job-1", "{}", GPUS));
    pods.add(jobSetPod("labels-a-string", "job-1", "just-text", GPUS));
    pods.add(jobSetPod("labels-a-list", "job-1", "[a, b]", GPUS));
    pods.add(jobSetPod(
        "bad-gpus",
        "job-0",
        labels("workers", "\"0\""),
        "[{name: t, resources: {limits: {nvidia.com/gpu: lots}}}]"));
    pods.add(jobSetPod(
        "four-gpus",
        "job-0",
        labels("workers", "\"0\""),
        "[{name: t, resources: {limits: {nvidia.com/gpu: 4}}}]"));
    pods.add(jobSetPod("containers-an-object", "job-0", labels("workers", "\"0\""), "{a: b}"));
    pods.add(jobSetPod("w-\uD83D\uDE00", "job-2", labels("workers", "\"2\""), GPUS)); // U+1F600
    pods.add(jobSetPod("w-\uFF5E", "job-2", labels("workers", "\"2\""), GPUS)); // above surrogates
    pods.add(jobSetPod("stranger", "job-x", labels("workers", "\"0\""), GPUS)); // not owned
    return pods;
  }

  static List<JsonNode> jobs() {
    List<JsonNode> jobs = new ArrayList<>();
    for (String j : List.of("job-0", "job-1", "job-2", "job-d")) {
      ObjectNode job = JsonNodeFactory.instance.objectNode().put("kind", "Job");
      ObjectNode md = job.putObject("metadata").put("name", j).put("uid", j);
      md.putArray("ownerReferences").addObject().put("uid", "root-uid").put("controller", true);
      jobs.add(job);
    }
    return jobs;
  }

  @Test
  void awkwardJobSetPodsGetTheAnswersOfTheGeneralPath() {
    List<JsonNode> pods = awkwardPods();
    List<JsonNode> all = new ArrayList<>(jobs());
    all.addAll(pods);
    String fast = answers(FAST, JOBSET, JOBSET_OBJECT, pods, all);
    assertThat(fast).isEqualTo(answers(GENERAL, JOBSET, JOBSET_OBJECT, pods, all));
    // and the answers themselves: what each awkward pod became
    assertThat(fast)
        .contains("query result is empty \\\"\\\"")
        .contains("query result is empty <nil>")
        .contains("\"stranger\"");
  }

  @Test
  void everyPodKeepsItsOwnRequestAndEveryBadRequestIsAProblemInPodOrder() {
    List<JsonNode> pods = awkwardPods();
    PreparedDefinition d = FAST.prepare(FAST.loadDefinition(JOBSET));
    LiveTree live = FAST.attributePods(d, JOBSET_OBJECT, pods, OwnerLookup.of(jobs()));
    List<String> expectedProblems = new ArrayList<>();
    for (JsonNode pod : pods) {
      String name = pod.path("metadata").path("name").asText();
      live.pods().stream().filter(p -> p.name().equals(name)).findFirst().ifPresent(p -> {
        try {
          assertThat(p.resources()).as(name).isEqualTo(PodResources.perPod(pod.path("spec")));
        } catch (WorkloadMapException e) {
          assertThat(p.resources().isEmpty()).as(name).isTrue();
        }
      });
    }
    for (JsonNode pod : pods) {
      String name = pod.path("metadata").path("name").asText();
      boolean placed = live.pods().stream().anyMatch(p -> p.name().equals(name));
      boolean noRow = live.unmatched().stream()
          .anyMatch(u -> u.name().equals(name) && u.reason().contains("has no row"));
      if (!placed && !noRow) {
        continue; // not owned or not placed: no request is read
      }
      for (String p : live.problems()) {
        if (p.startsWith("pod " + name + ": replica key")) {
          expectedProblems.add(p);
        }
      }
      try {
        PodResources.perPod(pod.path("spec"));
      } catch (WorkloadMapException e) {
        expectedProblems.add("pod " + name + ": resources: " + e.getMessage());
      }
    }
    assertThat(live.problems()).containsExactlyElementsOf(expectedProblems);
    assertThat(live.problems())
        .anyMatch(p -> p.startsWith("pod bad-gpus: resources: spec.containers[0]"))
        .anyMatch(p -> p.startsWith("pod containers-an-object: resources: spec.containers"));
    assertThat(live.pods().stream().filter(p -> p.name().equals("four-gpus")).findFirst())
        .hasValueSatisfying(
            p -> assertThat(p.resources().getOrZero("nvidia.com/gpu")).isEqualByComparingTo("4"));
  }

  @Test
  void podsAreInCodePointOrderOfTheirNames() {
    PreparedDefinition d = FAST.prepare(FAST.loadDefinition(JOBSET));
    LiveTree live = FAST.attributePods(d, JOBSET_OBJECT, awkwardPods(), OwnerLookup.of(jobs()));
    List<String> workers = live.component("replicatedjob", "workers").orElseThrow().pods().stream()
        .map(LivePod::name)
        .filter(n -> n.startsWith("w-2") || n.startsWith("w-\uFF5E") || n.startsWith("w-\uD83D"))
        .toList();
    // U+FF5E sorts before U+1F600 by code point, after it in UTF-16
    assertThat(workers).containsExactly("w-2-0", "w-2-1", "w-\uFF5E", "w-\uD83D\uDE00");
    List<String> plain = live.component("replicatedjob", "workers").orElseThrow().pods().stream()
        .map(LivePod::name)
        .filter(n -> n.startsWith("w-0") || n.startsWith("w-1"))
        .toList();
    assertThat(plain).containsExactly("w-0-0", "w-0-1", "w-1-0", "w-1-1");
  }
}
