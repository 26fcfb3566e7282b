package dev.workloadmap.sdk.internal.tree;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.EvaluationProblem;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.internal.jq.JacksonJqEngine;
import dev.workloadmap.sdk.jq.JqInput;
import dev.workloadmap.sdk.jq.JqOptions;
import dev.workloadmap.sdk.tree.InstanceNode;
import dev.workloadmap.sdk.tree.WorkloadTree;
import dev.workloadmap.sdk.yaml.YamlReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The tree reads a pod template as the object holds it, not its key-sorted copy, where neither key order nor the form
 * of numbers can change the answer (issue 17). Each case resolves the seed JobSet with the worker's resources changed,
 * twice: on a fresh input (the fast path) and on an input whose key-sorted form was made first (every template is then
 * the canonical node, the general path). Both trees must be equal, problems in the same order with the same
 * messages, and the templates the tree holds must print the same (keys in code-point order).
 *
 * <p>The cases where the fast path must give the work back are the ones that would fail if it did not: two invalid
 * quantities whose object order differs from key order (the first one reported is the canonical first), fractional
 * extended resources in that order (violations come in canonical order), an integer beyond {@code long} (the
 * canonical form makes it a double, so the request is that double's value) and an integral {@code 4.0}.
 */
class RawTemplateReadTest {
  static final WorkloadMap WM = WorkloadMap.create();
  static final Path JOBSET =
      Path.of("../catalog/src/main/workloadmap/jobset-x-k8s-io-jobset-v1alpha2");
  static final Definition DEF =
      WM.prepare(WM.loadDefinition(JOBSET.resolve("definition.yaml"))).definition();
  static final TreeBuilder BUILDER =
      new TreeBuilder(new JacksonJqEngine(JqOptions.defaults()), false);

  /** The worker's {@code resources:} block as the seed has it. */
  static final String SEED_RESOURCES = "resources:\n"
      + "                    requests:\n"
      + "                      cpu: \"8\"\n"
      + "                      memory: 64Gi\n"
      + "                      nvidia.com/gpu: 4\n"
      + "                    limits:\n"
      + "                      nvidia.com/gpu: 4\n";

  static JsonNode seedWith(String requests, String limits) throws Exception {
    String seed = Files.readString(JOBSET.resolve("fixtures/seed-leader-and-workers/object.yaml"));
    int worker = seed.indexOf("- name: worker");
    String rest = seed.substring(worker);
    int at = rest.indexOf("resources:");
    assertThat(at).as("the seed's worker has resources").isPositive();
    int end = rest.indexOf("\n", rest.indexOf("limits:", at) + 1);
    end = rest.indexOf("\n", end + 1); // the one limit line
    String pad = "                      ";
    StringBuilder block = new StringBuilder("resources:\n                    requests:\n");
    for (String line : requests.split(";")) {
      block.append(pad).append(line.strip()).append('\n');
    }
    if (!limits.isEmpty()) {
      block.append("                    limits:\n");
      for (String line : limits.split(";")) {
        block.append(pad).append(line.strip()).append('\n');
      }
    }
    String changed =
        seed.substring(0, worker) + rest.substring(0, at) + block + rest.substring(end + 1);
    return new YamlReader().readAll(changed, "object.yaml").get(0).root();
  }

  static void sameOnBothPaths(JsonNode object) {
    WorkloadTree fast = BUILDER.build(DEF, JqInput.of(object));
    JqInput sortedFirst = JqInput.of(object);
    sortedFirst.node();
    WorkloadTree general = BUILDER.build(DEF, sortedFirst);
    assertThat(fast.problems().stream().map(EvaluationProblem::toString).toList())
        .isEqualTo(general.problems().stream().map(EvaluationProblem::toString).toList());
    assertThat(fast.totalResources()).isEqualTo(general.totalResources());
    assertThat(fast).isEqualTo(general);
    List<InstanceNode> a = fast.component("replicatedjob").instances();
    List<InstanceNode> b = general.component("replicatedjob").instances();
    for (int i = 0; i < a.size(); i++) {
      assertThat(a.get(i).record().podTemplateSpec().toString())
          .isEqualTo(b.get(i).record().podTemplateSpec().toString());
      assertThat(a.get(i).uncounted()).isEqualTo(b.get(i).uncounted());
      assertThat(a.get(i).perPod()).isEqualTo(b.get(i).perPod());
    }
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        // requests | limits
        "cpu: \"8\"; memory: 64Gi; nvidia.com/gpu: 4 | nvidia.com/gpu: 4",
        // object order memory before cpu, both invalid: the canonical first (cpu) is reported
        "memory: 64Gx; cpu: \"8q\"; nvidia.com/gpu: 4 | nvidia.com/gpu: 4",
        // two fractional extended resources out of key order: violations in canonical order
        "nvidia.com/gpu: \"500m\"; example.com/fpga: \"0.5\"; cpu: \"8\" | nvidia.com/gpu: \"500m\"; example.com/fpga: \"0.5\"",
        // request and limit differ, both out of key order
        "nvidia.com/gpu: 4; example.com/fpga: 2 | nvidia.com/gpu: 3; example.com/fpga: 1",
        // an integer beyond long: its canonical form is a double
        "memory: 123456789012345678901; cpu: \"8\"; nvidia.com/gpu: 4 | nvidia.com/gpu: 4",
        // equal as doubles, different as integers
        "cpu: \"8\"; nvidia.com/gpu: 123456789012345678901 | nvidia.com/gpu: 123456789012345678902",
        // an integral decimal: canonically the integer 4
        "cpu: 8.0; memory: 64Gi; nvidia.com/gpu: 4.0 | nvidia.com/gpu: 4",
        // a fractional CPU as a number, a text GPU count, no limits
        "cpu: 0.25; nvidia.com/gpu: \"2\"; memory: 1e3 | ",
        // a negative amount
        "memory: -1; cpu: \"8\" | "
      })
  void theFastPathGivesTheGeneralPathsTree(String resources) throws Exception {
    String[] parts = resources.split("\\|", -1);
    sameOnBothPaths(seedWith(parts[0], parts[1].strip()));
  }
}
