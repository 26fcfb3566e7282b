package dev.workloadmap.sdk.internal.tree;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.resources.PodResources;
import dev.workloadmap.sdk.tree.InstanceNode;
import dev.workloadmap.sdk.tree.WorkloadTree;
import dev.workloadmap.sdk.yaml.YamlReader;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An instance whose pod spec has the same request fields as the instance read before it gets that instance's request
 * and extended-resource check (issue 17): the tree must be the one the general path builds (every template read from
 * the key-sorted form, nothing reused; {@link RawTemplateReadTest#sameOnBothPaths}), and each instance's request the
 * one {@link PodResources} gives for its own template. Each case is a JobSet of three replicated jobs whose pod specs
 * are given as flow YAML, separated by {@code |}.
 */
class RequestReuseTest {

  static JsonNode jobSet(String... podSpecs) {
    StringBuilder y = new StringBuilder(
        "apiVersion: jobset.x-k8s.io/v1alpha2\nkind: JobSet\nmetadata: {name: reuse}\nspec:\n"
            + "  replicatedJobs:\n");
    char name = 'a';
    for (String spec : podSpecs) {
      y.append("    - name: ")
          .append(name++)
          .append("\n      replicas: 2\n      template:\n        spec:\n          parallelism: 1\n")
          .append(
              "          template:\n            metadata: {labels: {role: x}}\n            spec: ")
          .append(spec)
          .append('\n');
    }
    return new YamlReader().readAll(y.toString(), "object.yaml").get(0).root();
  }

  static final String GPU =
      "{containers: [{name: m, image: i, resources: {requests: {cpu: \"8\", memory: 64Gi,"
          + " nvidia.com/gpu: 4}, limits: {nvidia.com/gpu: 4}}}]}";

  @ParameterizedTest
  @ValueSource(
      strings = {
        // the same three times: the last two reuse the first
        GPU + "|" + GPU + "|" + GPU,
        // only unread fields differ (name, image, env, command, labels)
        GPU + "|{containers: [{name: w, image: j, env: [{name: E, value: v}], command: [x],"
            + " resources: {requests: {cpu: \"8\", memory: 64Gi, nvidia.com/gpu: 4},"
            + " limits: {nvidia.com/gpu: 4}}}], restartPolicy: Never}|" + GPU,
        // the same amounts in another key order
        GPU + "|{containers: [{name: m, resources: {limits: {nvidia.com/gpu: 4},"
            + " requests: {nvidia.com/gpu: 4, memory: 64Gi, cpu: \"8\"}}}]}|" + GPU,
        // the same value as another kind of number or as text: not the same JSON, read on its own
        GPU + "|{containers: [{name: m, resources: {requests: {cpu: \"8\", memory: 64Gi,"
            + " nvidia.com/gpu: 4.0}, limits: {nvidia.com/gpu: 4}}}]}|{containers: [{name: m,"
            + " resources: {requests: {cpu: \"8\", memory: 64Gi, nvidia.com/gpu: \"4\"},"
            + " limits: {nvidia.com/gpu: \"4\"}}}]}",
        // a first and last alike with another between them
        GPU + "|{containers: [{name: m, resources: {requests: {cpu: \"1\"}}}]}|" + GPU,
        // fractional GPUs and a request above its limit, the same in each: a violation in each
        "{containers: [{name: m, resources: {requests: {nvidia.com/gpu: \"500m\", example.com/fpga: 2},"
            + " limits: {nvidia.com/gpu: \"500m\", example.com/fpga: 1}}}]}"
            + "|{containers: [{name: n, resources: {requests: {nvidia.com/gpu: \"500m\","
            + " example.com/fpga: 2}, limits: {nvidia.com/gpu: \"500m\", example.com/fpga: 1}}}]}"
            + "|{containers: [{name: m, resources: {requests: {nvidia.com/gpu: \"500m\","
            + " example.com/fpga: 2}, limits: {nvidia.com/gpu: \"500m\", example.com/fpga: 1}}}]}",
        // an invalid quantity, the same in each: a problem for each, never remembered
        "{containers: [{name: m, resources: {requests: {cpu: \"8q\"}}}]}"
            + "|{containers: [{name: m, resources: {requests: {cpu: \"8q\"}}}]}"
            + "|{containers: [{name: m, resources: {requests: {cpu: \"8q\"}}}]}",
        // the same containers, but init containers, a sidecar, pod-level resources or overhead
        // differ
        GPU + "|{containers: [{name: m, image: i, resources: {requests: {cpu: \"8\", memory: 64Gi,"
            + " nvidia.com/gpu: 4}, limits: {nvidia.com/gpu: 4}}}], initContainers: [{name: s,"
            + " restartPolicy: Always, resources: {requests: {cpu: \"2\"}}}]}"
            + "|{containers: [{name: m, image: i, resources: {requests: {cpu: \"8\", memory: 64Gi,"
            + " nvidia.com/gpu: 4}, limits: {nvidia.com/gpu: 4}}}], initContainers: [{name: s,"
            + " resources: {requests: {cpu: \"2\"}}}]}",
        GPU + "|{containers: [{name: m, image: i, resources: {requests: {cpu: \"8\", memory: 64Gi,"
            + " nvidia.com/gpu: 4}, limits: {nvidia.com/gpu: 4}}}], resources: {requests: {cpu: \"16\"}}}"
            + "|{containers: [{name: m, image: i, resources: {requests: {cpu: \"8\", memory: 64Gi,"
            + " nvidia.com/gpu: 4}, limits: {nvidia.com/gpu: 4}}}], overhead: {cpu: 250m}}",
        // shapes the formula rejects, the same twice: each instance its own problem
        "{containers: {m: {}}}|{containers: {m: {}}}|" + GPU,
        "{containers: [{name: m}]}|{containers: [{name: m}]}|{containers: []}",
        // not an object at all, then objects
        "null|" + GPU + "|" + GPU
      })
  void aReusedRequestIsTheGeneralPathsAndTheFormulasOwn(String specs) {
    JsonNode object = jobSet(specs.split("\\|"));
    RawTemplateReadTest.sameOnBothPaths(object);
    WorkloadTree tree = RawTemplateReadTest.BUILDER.build(
        RawTemplateReadTest.DEF, dev.workloadmap.sdk.jq.JqInput.of(object));
    List<InstanceNode> instances = tree.component("replicatedjob").instances();
    assertThat(instances).hasSize(3);
    JsonNode jobs = object.path("spec").path("replicatedJobs");
    for (int i = 0; i < 3; i++) {
      InstanceNode n = instances.get(i);
      if (!n.uncounted().isEmpty()) {
        continue; // a problem: its request is not counted, as on the general path
      }
      JsonNode template = jobs.get(i).path("template").path("spec").path("template");
      assertThat(n.perPod())
          .as("instance %s", n.id())
          .isEqualTo(PodResources.perPodFromTemplate(template));
    }
  }

  @Test
  void theSeedsLeaderAndWorkerShareTheirRequest() {
    // the benchmark's case: two replicated jobs with the same resources, the second read from the
    // first
    JsonNode object = jobSet(GPU, GPU.replace("name: m", "name: w"));
    RawTemplateReadTest.sameOnBothPaths(object);
  }
}
