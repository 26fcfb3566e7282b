package dev.workloadmap.sdk.internal.jq;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.sdk.PreparedDefinition;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.jq.JqOptions;
import dev.workloadmap.sdk.jq.JqProgram;
import dev.workloadmap.sdk.spi.JqEngine;
import dev.workloadmap.sdk.yaml.YamlDocument;
import dev.workloadmap.sdk.yaml.YamlReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * A resolve whose paths and status matchers run as {@link JqBatch}es (what they share read once per object, hot
 * expressions as method handles) gives what it gives with every expression evaluated on its own (issue 17): the same
 * tree, statuses, problems and messages, or the same exception, on every fixture of the shipped catalog and on
 * variants of each with fields removed or of the wrong type, contained and strict.
 */
class BatchAgreementTest {
  private static final Path CATALOG = Path.of("..", "catalog", "src", "main", "workloadmap");
  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  private final int compileAfter = FastEval.compileAfter;

  @AfterEach
  void restore() {
    FastEval.compileAfter = compileAfter;
  }

  /** The SDK's engine behind an engine of another kind: no batches, each program on its own. */
  private static JqEngine alone(JqEngine engine) {
    return new JqEngine() {
      @Override
      public JqProgram compile(String expression) {
        return engine.compile(expression);
      }

      @Override
      public JsonNode assign(String pathExpression, JsonNode input, JsonNode value) {
        return engine.assign(pathExpression, input, value);
      }

      @Override
      public JsonNode assignZip(String pathExpression, JsonNode input, List<JsonNode> values) {
        return engine.assignZip(pathExpression, input, values);
      }
    };
  }

  /** A resolve's outcome as text: the tree and the status, or the exception. */
  private static String outcome(Function<JsonNode, Object> call, JsonNode object) {
    try {
      return String.valueOf(call.apply(object));
    } catch (RuntimeException e) {
      return e.getClass().getName() + ": " + e.getMessage();
    }
  }

  /** The object, without its status, and with each of its first leaves under spec and status replaced. */
  private static List<JsonNode> variants(JsonNode object) {
    List<JsonNode> out = new ArrayList<>();
    out.add(object);
    if (object instanceof ObjectNode o && o.has("status")) {
      ObjectNode noStatus = o.deepCopy();
      noStatus.remove("status");
      out.add(noStatus);
    }
    List<List<Object>> leaves = new ArrayList<>();
    for (String top : List.of("spec", "status")) {
      collect(object.path(top), new ArrayList<>(List.of(top)), leaves);
    }
    JsonNode[] replacements = {F.nullNode(), F.textNode("x"), F.arrayNode()};
    // leaves spread over the object, not only its first ones
    int step = Math.max(1, leaves.size() / 4);
    for (int i = 0; i < leaves.size(); i += step) {
      for (JsonNode r : replacements) {
        JsonNode copy = object.deepCopy();
        set(copy, leaves.get(i), r);
        out.add(copy);
      }
    }
    return out;
  }

  private static void collect(JsonNode n, List<Object> path, List<List<Object>> out) {
    if (n.isObject()) {
      for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        path.add(e.getKey());
        collect(e.getValue(), path, out);
        path.remove(path.size() - 1);
      }
    } else if (n.isArray()) {
      for (int i = 0; i < n.size(); i++) {
        path.add(i);
        collect(n.get(i), path, out);
        path.remove(path.size() - 1);
      }
    }
    if (path.size() > 1) {
      out.add(List.copyOf(path)); // containers too: a list or an object of the wrong type
    }
  }

  private static void set(JsonNode root, List<Object> path, JsonNode value) {
    JsonNode parent = root;
    for (int i = 0; i < path.size() - 1; i++) {
      Object step = path.get(i);
      parent = step instanceof String s ? parent.get(s) : parent.get((Integer) step);
    }
    Object last = path.get(path.size() - 1);
    if (last instanceof String s) {
      ((ObjectNode) parent).set(s, value);
    } else {
      ((ArrayNode) parent).set((Integer) last, value);
    }
  }

  @Test
  void batchesAgreeWithExpressionsOnTheirOwnOnEveryCatalogFixture() throws IOException {
    Assumptions.assumeTrue(
        Files.isDirectory(CATALOG), "the catalog sources are not next to the sdk");
    List<Path> definitions;
    try (Stream<Path> s = Files.walk(CATALOG)) {
      definitions = s.filter(p -> p.getFileName().toString().equals("definition.yaml"))
          .sorted()
          .toList();
    }
    int compared = 0;
    for (boolean compiled : new boolean[] {false, true}) {
      FastEval.compileAfter = compiled ? 0 : Integer.MAX_VALUE;
      // strict mode (failing at the first problem) once, on the compiled batches
      for (boolean strict : compiled ? new boolean[] {false, true} : new boolean[] {false}) {
        JqEngine engine = new JacksonJqEngine(JqOptions.defaults());
        WorkloadMap batched =
            WorkloadMap.builder().engine(engine).strict(strict).build();
        WorkloadMap single = WorkloadMap.builder()
            .engine(alone(new JacksonJqEngine(JqOptions.defaults())))
            .strict(strict)
            .build();
        for (Path file : definitions) {
          Definition d = batched.loadDefinition(file);
          PreparedDefinition pb = batched.prepare(d);
          PreparedDefinition ps = single.prepare(d);
          List<Path> objects;
          try (Stream<Path> s = Files.walk(file.getParent())) {
            objects = s.filter(p -> p.getFileName().toString().equals("object.yaml"))
                .sorted()
                .toList();
          }
          for (Path objectFile : objects) {
            List<YamlDocument> docs =
                new YamlReader().readAll(Files.readString(objectFile), objectFile.toString());
            for (YamlDocument doc : docs) {
              for (JsonNode object : variants(doc.root())) {
                assertThat(outcome(o -> batched.resolve(pb, o), object))
                    .as("%s on %s (strict %s, compiled %s)", file, objectFile, strict, compiled)
                    .isEqualTo(outcome(o -> single.resolve(ps, o), object));
                assertThat(outcome(o -> batched.status(pb, o), object))
                    .as("status of %s on %s", file, objectFile)
                    .isEqualTo(outcome(o -> single.status(ps, o), object));
                compared++;
              }
            }
          }
        }
      }
    }
    assertThat(compared).isGreaterThan(3000);
  }
}
