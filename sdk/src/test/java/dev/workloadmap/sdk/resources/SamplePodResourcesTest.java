package dev.workloadmap.sdk.resources;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.workloadmap.sdk.internal.resources.Quantities;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every container of every real sample in {@code ../shared/data/samples} parses, and a few hand-checked samples give
 * the expected per-pod request. Skipped when the shared folder is absent.
 */
class SamplePodResourcesTest {

  private static final YAMLMapper YAML = new YAMLMapper();

  /** A pod spec found in a document, with the jq-style path it was found at. */
  private record FoundPodSpec(String path, JsonNode spec) {}

  private static Path samplesDir() {
    String configured = System.getProperty("workloadmap.shared.dir");
    List<Path> candidates = new ArrayList<>();
    if (configured != null && !configured.isBlank()) {
      candidates.add(Path.of(configured));
    } else {
      // Without the property: relative to the module directory, then to the reactor root.
      candidates.add(Path.of("../../shared"));
      candidates.add(Path.of("../shared"));
    }
    for (Path shared : candidates) {
      Path samples = shared.resolve("data/samples");
      if (Files.isDirectory(samples)) {
        return samples;
      }
    }
    Assumptions.abort("shared samples not found (looked for data/samples under " + candidates
        + "); set -Dworkloadmap.shared.dir to the shared folder to run this test");
    return null;
  }

  private static List<Path> sampleFiles() throws IOException {
    Path dir = samplesDir();
    try (Stream<Path> files = Files.walk(dir)) {
      return files
          .filter(Files::isRegularFile)
          .filter(p -> p.toString().endsWith(".yaml") || p.toString().endsWith(".yml"))
          .sorted()
          .toList();
    }
  }

  private static List<JsonNode> documents(Path file) throws IOException {
    List<JsonNode> docs = new ArrayList<>();
    try (MappingIterator<JsonNode> it = YAML.readerFor(JsonNode.class).readValues(file.toFile())) {
      while (it.hasNextValue()) {
        JsonNode doc = it.nextValue();
        if (doc != null && !doc.isNull() && !doc.isMissingNode()) {
          docs.add(doc);
        }
      }
    }
    return docs;
  }

  /** Every object that has a {@code containers} array, anywhere in the document. */
  private static void findPodSpecs(JsonNode node, String path, List<FoundPodSpec> out) {
    if (node.isObject()) {
      if (node.path("containers").isArray()) {
        out.add(new FoundPodSpec(path, node));
      }
      for (Map.Entry<String, JsonNode> f : node.properties()) {
        findPodSpecs(f.getValue(), path + "." + f.getKey(), out);
      }
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        findPodSpecs(node.get(i), path + "[" + i + "]", out);
      }
    }
  }

  private static List<FoundPodSpec> podSpecs(Path file) throws IOException {
    List<FoundPodSpec> found = new ArrayList<>();
    List<JsonNode> docs = documents(file);
    for (int d = 0; d < docs.size(); d++) {
      findPodSpecs(docs.get(d), docs.size() == 1 ? "" : "(document " + (d + 1) + ")", found);
    }
    return found;
  }

  @TestFactory
  Stream<DynamicTest> everyContainerOfEverySampleParses() throws IOException {
    List<Path> files = sampleFiles();
    assertThat(files).as("sample files").isNotEmpty();
    Path dir = samplesDir();
    return files.stream()
        .map(file ->
            DynamicTest.dynamicTest(dir.relativize(file).toString(), () -> checkSample(file)));
  }

  private static void checkSample(Path file) throws IOException {
    for (FoundPodSpec found : podSpecs(file)) {
      String where = file.getFileName() + " " + found.path();
      ResourceList perPod = PodResources.perPod(found.spec(), found.path());
      // Every quantity a container declares is valid and shows up under its own name.
      for (JsonNode container : found.spec().path("containers")) {
        for (String kind : new String[] {"requests", "limits"}) {
          for (Map.Entry<String, JsonNode> q :
              container.path("resources").path(kind).properties()) {
            assertThatCode(() -> Quantities.parse(q.getValue()))
                .as(where)
                .doesNotThrowAnyException();
            assertThat(perPod.contains(q.getKey()))
                .as("%s: %s declared by a container", where, q.getKey())
                .isTrue();
          }
        }
      }
      perPod
          .asMap()
          .forEach(
              (name, amount) -> assertThat(amount).as("%s: %s", where, name).isNotNegative());
      assertThatCode(perPod::cpuMillis).as(where).doesNotThrowAnyException();
      assertThatCode(perPod::gpus).as(where).doesNotThrowAnyException();
    }
  }

  @Test
  void samplesHoldPodSpecsWithResources() throws IOException {
    int podSpecs = 0;
    int withResources = 0;
    for (Path file : sampleFiles()) {
      for (FoundPodSpec found : podSpecs(file)) {
        podSpecs++;
        if (!PodResources.perPod(found.spec()).isEmpty()) {
          withResources++;
        }
      }
    }
    // Guards the walk above against silently finding nothing.
    assertThat(podSpecs).isGreaterThan(20);
    assertThat(withResources).isGreaterThan(10);
  }

  @Test
  void vllmDeploymentRequestsOneGpuTwoCoresAndTenGibibytes() throws IOException {
    Path file = samplesDir().resolve("deployment/vllm-deployment-gpu.yaml");
    Assumptions.assumeTrue(Files.isRegularFile(file), () -> file + " is missing");
    JsonNode deployment = documents(file).get(0);
    ResourceList perPod =
        PodResources.perPodFromTemplate(deployment.path("spec").path("template"));
    assertThat(perPod.gpus()).isEqualTo(1);
    assertThat(perPod.cpuMillis()).isEqualTo(2000);
    assertThat(Quantities.formatMemory(perPod.memoryBytes())).isEqualTo("10Gi");
    assertThat(perPod.extended().names()).containsExactly("ephemeral-storage", "nvidia.com/gpu");
  }

  @Test
  void dynamoDecodeWorkerTakesItsGpuFromALimitAndStorageFromARequest() throws IOException {
    Path file = samplesDir().resolve("dynamographdeployment/vllm-agg.yaml");
    Assumptions.assumeTrue(Files.isRegularFile(file), () -> file + " is missing");
    JsonNode components = documents(file).get(0).path("spec").path("components");
    JsonNode worker = null;
    for (JsonNode c : components) {
      if ("VllmDecodeWorker".equals(c.path("name").asText())) {
        worker = c;
      }
    }
    assertThat(worker).as("VllmDecodeWorker component").isNotNull();
    ResourceList perPod = PodResources.perPodFromTemplate(worker.path("podTemplate"));
    assertThat(perPod)
        .isEqualTo(ResourceList.of(Map.of(
            "nvidia.com/gpu", BigDecimal.ONE, "ephemeral-storage", Quantities.parse("2Gi"))));
  }
}
