package dev.workloadmap.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.jq.Jq;
import dev.workloadmap.sdk.jq.JqException;
import dev.workloadmap.sdk.jq.JqInput;
import dev.workloadmap.sdk.jq.JqValues;
import dev.workloadmap.sdk.spi.JqEngine;
import dev.workloadmap.sdk.testing.JqOracle;
import dev.workloadmap.sdk.yaml.YamlDocument;
import dev.workloadmap.sdk.yaml.YamlReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Issue 2: every jq expression the catalog uses, run on every fixture object of its definition, gives the same output
 * through the SDK's engine and through Debian's gojq (the reference engine's family, docs/format.md#jq-engine). Outputs
 * are compared as compact JSON text; an error on both sides is agreement.
 *
 * <p>One gojq process per expression evaluates it on all objects: {@code try [EXPR] catch "__error__"} prints one
 * line per input object, the whole output stream as an array, or the error marker.
 */
class CatalogJqDifferentialTest {

  private static final String ERROR = "\"__error__\"";
  private final JqEngine engine = Jq.defaultEngine();
  private final JqOracle gojq = JqOracle.gojq();

  @TestFactory
  Stream<DynamicTest> everyCatalogExpressionAgreesWithGojqOnEveryFixtureObject() {
    assumeTrue(gojq.isAvailable(), gojq.unavailableReason());
    WorkloadMap wm = WorkloadMap.create();
    return CatalogSources.definitionFiles().stream()
        .map(file -> DynamicTest.dynamicTest(file.getParent().getFileName().toString(), () -> {
          Definition d = wm.loadDefinition(file);
          List<JsonNode> objects = fixtureObjects(file, d);
          assertThat(objects).as("fixture objects of %s", d.name()).isNotEmpty();
          Set<String> expressions = new LinkedHashSet<>();
          collect(d.source().root(), "", expressions);
          assertThat(expressions).isNotEmpty();
          String inputs =
              objects.stream().map(JqValues::toCompactJson).collect(Collectors.joining("\n"));
          List<String> disagreements = new ArrayList<>();
          for (String expr : expressions) {
            JqOracle.Outcome theirs = gojq.run("try [" + expr + "] catch \"__error__\"", inputs);
            assertThat(theirs.timedOut()).as("gojq timed out on %s", expr).isFalse();
            List<String> lines = theirs.lines();
            if (theirs.exitCode() != 0 || lines.size() != objects.size()) {
              disagreements.add(expr + ": gojq failed to run the comparison ("
                  + theirs.stderr().strip() + ")");
              continue;
            }
            for (int i = 0; i < objects.size(); i++) {
              String ours = ours(expr, objects.get(i));
              if (!ours.equals(lines.get(i))) {
                disagreements.add(expr + "\n    on object " + i + " ("
                    + objects.get(i).at("/metadata/name").asText() + "): ours " + ours + ", gojq "
                    + lines.get(i));
              }
            }
          }
          assertThat(disagreements)
              .as(
                  "%d expressions on %d objects of %s",
                  expressions.size(), objects.size(), d.name())
              .isEmpty();
        }));
  }

  private String ours(String expr, JsonNode object) {
    try {
      List<JsonNode> out = engine.compile(expr).apply(JqInput.of(object));
      return out.stream().map(JqValues::toCompactJson).collect(Collectors.joining(",", "[", "]"));
    } catch (JqException e) {
      return ERROR;
    }
  }

  /** Every jq expression of a definition document, found by field name. */
  static void collect(JsonNode node, String field, Set<String> out) {
    if (node.isTextual()) {
      if (isJqField(field) && !node.asText().isEmpty()) {
        out.add(node.asText());
      }
    } else if (node.isObject()) {
      Iterator<Map.Entry<String, JsonNode>> it = node.properties().iterator();
      while (it.hasNext()) {
        Map.Entry<String, JsonNode> e = it.next();
        if (!e.getKey().equals("metadata")) {
          collect(e.getValue(), e.getKey(), out);
        }
      }
    } else if (node.isArray()) {
      for (JsonNode item : node) {
        collect(item, field, out);
      }
    }
  }

  private static boolean isJqField(String field) {
    return field.endsWith("Path")
        || field.equals("path")
        || field.equals("expression")
        || field.equals("groupByKeyPaths")
        || field.equals("filters");
  }

  /** The objects of every fixture of a definition: object.yaml, or the shared file fixture.yaml names. */
  static List<JsonNode> fixtureObjects(Path definitionFile, Definition d) throws Exception {
    String kind = d.rootGvk().kind();
    YamlReader yaml = new YamlReader();
    List<JsonNode> out = new ArrayList<>();
    for (Path fixture : CatalogSources.fixtureDirs(definitionFile)) {
      Path file = fixture.resolve("object.yaml");
      String wantKind = kind;
      String wantName = null;
      Path ref = fixture.resolve("fixture.yaml");
      if (Files.isRegularFile(ref)) {
        JsonNode obj = yaml.readAll(ref).get(0).root().path("object");
        if (obj.has("shared")) {
          if (!CatalogSources.sharedAvailable()) {
            continue;
          }
          file = CatalogSources.sharedDir().resolve(obj.get("shared").asText());
        } else if (obj.has("file")) {
          file = fixture.resolve(obj.get("file").asText());
        }
        wantKind = obj.path("kind").asText(kind);
        wantName = obj.has("name") ? obj.get("name").asText() : null;
      }
      if (!Files.isRegularFile(file)) {
        continue;
      }
      for (YamlDocument doc : yaml.readAll(file)) {
        JsonNode root = doc.root();
        boolean kindOk = doc.kind().isEmpty() || doc.kind().equals(wantKind);
        boolean nameOk =
            wantName == null || wantName.equals(root.at("/metadata/name").asText());
        if (!root.isNull() && kindOk && nameOk) {
          out.add(root);
        }
      }
    }
    return out;
  }
}
