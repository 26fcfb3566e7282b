package dev.workloadmap.sdk.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.workloadmap.sdk.PreparedDefinition;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.definition.ComponentDefinition;
import dev.workloadmap.sdk.update.Rfc6902Patch;
import dev.workloadmap.sdk.update.UpdateException;
import dev.workloadmap.sdk.update.UpdateResult;
import dev.workloadmap.sdk.update.WorkloadUpdate;
import dev.workloadmap.sdk.yaml.YamlDocument;
import dev.workloadmap.sdk.yaml.YamlReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Coverage-guided fuzzing of updates (docs/format.md#writes) and their RFC 6902 JSON Patch: the fuzzer picks a catalog
 * definition and one of its fixture objects, then one to four operations with fuzzed arguments (scheduler name, labels,
 * annotations, resources, suspend/resume, per-instance pod templates and specs, {@code assign} of a fuzzed path). An
 * update either fails with an {@link UpdateException} whose message says which operation, or succeeds; then the
 * original is untouched and the patch applied to it gives exactly the updated object.
 */
class UpdateFuzzTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final WorkloadMap WM = WorkloadMap.create();
  private static final List<Sample> SAMPLES = samples();

  private record Sample(String name, PreparedDefinition definition, JsonNode object) {}

  private static List<Sample> samples() {
    YamlReader yaml = new YamlReader();
    Map<Path, PreparedDefinition> prepared = new LinkedHashMap<>();
    List<Sample> out = new ArrayList<>();
    for (Path object : FuzzSupport.catalogObjects()) {
      Path definitionFile = object.getParent().getParent().getParent().resolve("definition.yaml");
      PreparedDefinition d =
          prepared.computeIfAbsent(definitionFile, f -> WM.prepare(WM.loadDefinition(f)));
      String kind = d.definition().rootGvk().kind();
      for (YamlDocument doc : yaml.readAll(object)) {
        if (doc.root().isObject() && kind.equals(doc.kind())) {
          out.add(new Sample(object.toString(), d, doc.root()));
          break;
        }
      }
    }
    return out;
  }

  @FuzzTest(maxDuration = "5s")
  void updatesOrSaysWhyAndPatchesExactly(FuzzedDataProvider data) {
    Sample s = SAMPLES.get(data.consumeInt(0, SAMPLES.size() - 1));
    JsonNode before = s.object().deepCopy();
    WorkloadUpdate u = WM.update(s.definition(), s.object());
    List<ComponentDefinition> components = s.definition().definition().components();
    int n = data.consumeInt(1, 4);
    for (int i = 0; i < n; i++) {
      String component =
          components.get(data.consumeInt(0, components.size() - 1)).name();
      try {
        u = step(u, component, data);
      } catch (dev.workloadmap.sdk.update.UpdateException e) {
        // a documented argument check of the builder (setResources of a non-object), before apply()
        assertThat(e.getMessage()).isNotBlank();
      }
    }
    UpdateResult r;
    try {
      r = u.apply();
    } catch (UpdateException e) {
      assertThat(e.getMessage()).isNotBlank();
      assertThat(s.object()).as("the input object is never modified").isEqualTo(before);
      return;
    }
    assertThat(s.object()).as("the input object is never modified").isEqualTo(before);
    assertThat(r.original()).isEqualTo(before);
    assertThat(Rfc6902Patch.apply(r.patch(), r.original()))
        .as("patch applied to the original")
        .isEqualTo(r.object());
  }

  private static WorkloadUpdate step(WorkloadUpdate u, String component, FuzzedDataProvider data) {
    return switch (data.consumeInt(0, 8)) {
      case 0 -> u.setSchedulerName(data.consumeString(30));
      case 1 -> u.addLabels(Map.of(data.consumeString(20), data.consumeString(20)));
      case 2 -> u.addAnnotations(Map.of(data.consumeString(20), data.consumeString(40)));
      case 3 -> u.setResources(json(data));
      case 4 -> data.consumeBoolean() ? u.suspend() : u.suspend(component);
      case 5 -> data.consumeBoolean() ? u.resume() : u.resume(component);
      case 6 -> u.podTemplateSpec(component, data.consumeString(10), json(data));
      case 7 -> u.podSpec(component, data.consumeString(10), json(data));
      default -> u.assign(data.consumeString(40), json(data));
    };
  }

  /** A fuzzed JSON value: parsed from the input when it is JSON, else the text as a JSON string. */
  private static JsonNode json(FuzzedDataProvider data) {
    String text = data.consumeString(80);
    try {
      JsonNode n = JSON.readTree(text);
      return n == null ? JsonNodeFactory.instance.nullNode() : n;
    } catch (Exception e) {
      return JsonNodeFactory.instance.textNode(text);
    }
  }
}
