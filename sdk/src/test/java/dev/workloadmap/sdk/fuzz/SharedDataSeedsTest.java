package dev.workloadmap.sdk.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.yaml.YamlDocument;
import dev.workloadmap.sdk.yaml.YamlReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The shared data as seeds, read in place (never copied into the repository): every YAML file of {@code
 * ../shared/data} through the YAML reader target's check, and every resource quantity those objects hold through the
 * quantity target's check. Skipped with the reason when {@code ../shared} is absent.
 */
class SharedDataSeedsTest {

  @Test
  void everySharedYamlFileAndQuantityPassesTheFuzzTargetsChecks() throws Exception {
    Path shared = FuzzSupport.sharedDir();
    Assumptions.assumeTrue(
        shared != null, "../shared is absent: the shared data seeds are not replayed");
    List<Path> files = FuzzSupport.files(shared.resolve("data"), ".yaml", ".yml");
    assertThat(files).hasSizeGreaterThan(50);
    List<String> quantities = new ArrayList<>();
    for (Path f : files) {
      String text = Files.readString(f);
      YamlReaderFuzzTest.check(text);
      try {
        for (YamlDocument d : new YamlReader().readAll(text, f.toString())) {
          collect(d.root(), quantities);
        }
      } catch (RuntimeException e) {
        // a file the reader rejects was checked above (an error with a position)
      }
    }
    assertThat(quantities).hasSizeGreaterThan(100);
    quantities.forEach(QuantityFuzzTest::check);
  }

  private static void collect(JsonNode node, List<String> out) {
    if (node.isObject()) {
      node.fields().forEachRemaining(e -> {
        if ((e.getKey().equals("limits") || e.getKey().equals("requests"))
            && e.getValue().isObject()) {
          e.getValue().forEach(q -> out.add(q.asText()));
        }
        collect(e.getValue(), out);
      });
    } else if (node.isArray()) {
      node.forEach(n -> collect(n, out));
    }
  }
}
