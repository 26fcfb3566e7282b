package dev.workloadmap.sdk.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.validation.Finding;
import dev.workloadmap.sdk.validation.Severity;
import dev.workloadmap.sdk.yaml.YamlException;
import java.util.List;

/**
 * Coverage-guided fuzzing of the definition loader and validator ({@link WorkloadMap#read(String, String)}: YAML, the
 * model, the JSON Schema, the reference validator's rules and every lint rule): any text yields, per document, a
 * definition or error findings that say why there is none; every finding has a message and every error a line and
 * column; the only exception is a {@link YamlException} with a position. Corpus seeded from the catalog's
 * definitions ({@code DefinitionFuzzTestInputs/loadsOrReportsWithPositions}).
 */
class DefinitionFuzzTest {

  private static final WorkloadMap WM = WorkloadMap.create();

  @FuzzTest(maxDuration = "5s")
  void loadsOrReportsWithPositions(byte[] data) {
    String text = FuzzSupport.utf8(data);
    if (text == null) {
      return;
    }
    check(text);
  }

  static void check(String text) {
    List<WorkloadMap.Loaded> loaded;
    try {
      loaded = WM.read(text, "fuzz.yaml");
    } catch (YamlException e) {
      assertThat(e.location()).as("location of %s", e.getMessage()).isPresent();
      assertThat(e.location().get().line()).as("line of %s", e.getMessage()).isPositive();
      return;
    }
    for (WorkloadMap.Loaded l : loaded) {
      assertThat(l.report()).isNotNull();
      if (l.definition() == null) {
        assertThat(l.report().hasErrors())
            .as("no definition and no error saying why")
            .isTrue();
      }
      for (Finding f : l.report().findings()) {
        assertThat(f.message()).as("message of %s", f.ruleId()).isNotBlank();
        assertThat(f.location()).as("location of %s", f.message()).isNotNull();
        if (f.severity() == Severity.ERROR) {
          assertThat(f.location().line())
              .as("line of error %s [%s]", f.message(), f.ruleId())
              .isPositive();
          assertThat(f.location().column())
              .as("column of error %s [%s]", f.message(), f.ruleId())
              .isPositive();
        }
      }
    }
  }
}
