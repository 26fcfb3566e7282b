package dev.workloadmap.sdk.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.workloadmap.sdk.yaml.SourceLocation;
import dev.workloadmap.sdk.yaml.YamlDocument;
import dev.workloadmap.sdk.yaml.YamlException;
import dev.workloadmap.sdk.yaml.YamlReader;
import java.util.List;

/**
 * Coverage-guided fuzzing of the YAML reader (Kubernetes' YAML 1.1 rules, positions, limits): any text either reads
 * or fails with a {@link YamlException} that names the file and a 1-based line and column. Anything else thrown (an
 * unchecked exception of another type, a stack overflow) is a finding, as is a hang (libFuzzer's per-input
 * {@code -timeout=30}, set by the fuzz runs). Corpus: {@code src/test/resources/dev/workloadmap/sdk/fuzz/YamlReaderFuzzTestInputs/readsOrFailsWithAPosition}
 * (seeded from the catalog's definitions and objects).
 */
class YamlReaderFuzzTest {

  private static final YamlReader READER = new YamlReader();

  @FuzzTest(maxDuration = "5s")
  void readsOrFailsWithAPosition(byte[] data) {
    String text = FuzzSupport.utf8(data);
    if (text == null) {
      return;
    }
    check(text);
  }

  static void check(String text) {
    List<YamlDocument> documents;
    try {
      documents = READER.readAll(text, "fuzz.yaml");
    } catch (YamlException e) {
      assertThat(e.getMessage()).as("message").isNotBlank();
      assertThat(e.location()).as("location of: %s", e.getMessage()).isPresent();
      SourceLocation at = e.location().get();
      assertThat(at.file()).isEqualTo("fuzz.yaml");
      assertThat(at.line()).as("line of: %s", e.getMessage()).isPositive();
      assertThat(at.column()).as("column of: %s", e.getMessage()).isPositive();
      return;
    }
    for (YamlDocument d : documents) {
      assertThat(d.root()).isNotNull();
    }
  }
}
