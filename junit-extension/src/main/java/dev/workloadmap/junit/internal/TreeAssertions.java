package dev.workloadmap.junit.internal;

import static dev.workloadmap.junit.internal.KubeObjects.describe;
import static dev.workloadmap.junit.internal.KubeObjects.toYaml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.sdk.PreparedDefinition;
import dev.workloadmap.sdk.tree.WorkloadTree;
import dev.workloadmap.sdk.validation.Finding;
import dev.workloadmap.sdk.verify.ExpectedMatcher;
import dev.workloadmap.sdk.yaml.YamlDocument;
import dev.workloadmap.sdk.yaml.YamlReader;
import io.fabric8.kubernetes.api.model.HasMetadata;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.opentest4j.AssertionFailedError;

/**
 * The handle's assertions: an object read back from the server resolves to an expected tree or to expected statuses.
 * A failure marks the handle failed (its namespace is kept with {@code KEEP_ON_FAILURE}) and carries the diagnostics.
 */
public final class TreeAssertions {
  private final HandleContext context;
  private final Resolution resolution;
  private final Diagnostics diagnostics;

  public TreeAssertions(HandleContext context, Resolution resolution, Diagnostics diagnostics) {
    this.context = context;
    this.resolution = resolution;
    this.diagnostics = diagnostics;
  }

  /** The first non-empty document of {@code expectedYaml}. */
  public static YamlDocument expected(Path expectedYaml) {
    return new YamlReader()
        .readAll(expectedYaml).stream()
            .filter(d -> !d.root().isNull())
            .findFirst()
            .orElseThrow(() -> new IllegalArgumentException(expectedYaml + " holds no document"));
  }

  /** The first non-empty document of YAML text. */
  public static YamlDocument expected(String expectedYaml) {
    return new YamlReader()
        .readAll(expectedYaml, "<expected>").stream()
            .filter(d -> !d.root().isNull())
            .findFirst()
            .orElseThrow(() -> new IllegalArgumentException("the expected YAML holds no document"));
  }

  public void assertTree(HasMetadata object, PreparedDefinition definition, YamlDocument expected) {
    JsonNode json = context.asJson(context.get(object));
    PreparedDefinition def = definition != null ? definition : context.definitionFor(json);
    WorkloadTree tree = resolution.resolve(def, json);
    ObjectNode actual = context.workloadMap().toJson(tree);
    List<String> mismatches = new ArrayList<>();
    for (Finding f : ExpectedMatcher.compare(expected, actual)) {
      mismatches.add(f.format() + (f.expression() == null ? "" : "\n      jq: " + f.expression()));
    }
    if (!tree.problems().isEmpty() && !expected.root().has("problems")) {
      tree.problems()
          .forEach(p -> mismatches.add("unexpected evaluation problem: " + p.format()
              + (p.expression() == null ? "" : "\n      jq: " + p.expression())));
    }
    if (!mismatches.isEmpty()) {
      context.state().markFailed();
      String expectedText = toYaml(expected.root());
      String actualText = context.workloadMap().renderText(tree, null) + "\n" + toYaml(actual);
      throw new AssertionFailedError(
          "the tree of " + describe(object) + " (read back from the server) does not match"
              + " the expectation:\n  " + String.join("\n  ", mismatches) + "\n\n"
              + diagnostics.text(def, json),
          expectedText,
          actualText);
    }
  }

  public void assertStatuses(HasMetadata object, String... expected) {
    JsonNode json = context.asJson(context.get(object));
    PreparedDefinition def = context.definitionFor(json);
    WorkloadTree tree = resolution.resolve(def, json);
    List<String> actual = tree.phases();
    if (!List.of(expected).equals(actual)) {
      context.state().markFailed();
      throw new AssertionFailedError(
          "statuses of " + describe(object) + ": expected " + List.of(expected) + ", actual "
              + actual + "\n\n" + diagnostics.text(def, json),
          List.of(expected),
          actual);
    }
  }
}
