package dev.workloadmap.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.PreparedDefinition;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.yaml.YamlDocument;
import dev.workloadmap.sdk.yaml.YamlReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** The inputs the JobSet benchmarks share with their agreement test: the catalog definition and the measured object. */
final class JobSetInputs {

  /** The catalog entry's slug. */
  static final String SLUG = "jobset-x-k8s-io-jobset-v1alpha2";

  /** Where the catalog jar holds the JobSet definition. */
  static final String DEFINITION_RESOURCE =
      "META-INF/workloadmap/catalog/" + SLUG + "/definition.yaml";

  /** The measured object: the seed JobSet as it looks while running (see the file's header). */
  static final String BENCHMARK_OBJECT_RESOURCE =
      "dev/workloadmap/benchmarks/jobset-seed-running.yaml";

  private JobSetInputs() {}

  /** Loads and prepares the catalog's JobSet definition from the class path. */
  static PreparedDefinition prepareDefinition(WorkloadMap wm) {
    return wm.prepare(wm.loadDefinition(resource(DEFINITION_RESOURCE), DEFINITION_RESOURCE));
  }

  /** The measured JobSet object as JSON. */
  static JsonNode benchmarkObject() {
    List<YamlDocument> docs =
        new YamlReader().readAll(resource(BENCHMARK_OBJECT_RESOURCE), BENCHMARK_OBJECT_RESOURCE);
    if (docs.size() != 1 || !"JobSet".equals(docs.get(0).kind())) {
      throw new IllegalStateException(BENCHMARK_OBJECT_RESOURCE + ": expected one JobSet document");
    }
    return docs.get(0).root();
  }

  /**
   * A class-path resource as UTF-8 text.
   *
   * @throws IllegalStateException when the resource is missing (the catalog jar is not on the class path)
   */
  static String resource(String name) {
    try (InputStream in = JobSetInputs.class.getClassLoader().getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("class-path resource not found: " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot read class-path resource " + name + ": " + e.getMessage(), e);
    }
  }
}
