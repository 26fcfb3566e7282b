package dev.workloadmap.sdk.internal.lint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.internal.definition.DefinitionLoader;
import dev.workloadmap.sdk.internal.jqast.JqNode;
import dev.workloadmap.sdk.internal.jqast.JqParser;
import dev.workloadmap.sdk.internal.jqast.JqSyntaxException;
import dev.workloadmap.sdk.internal.jqast.RejectedConstructs;
import dev.workloadmap.sdk.internal.model.JqFields;
import dev.workloadmap.sdk.internal.model.JqFields.JqField;
import dev.workloadmap.sdk.validation.Finding;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every jq expression of the shipped catalog (catalog/src/main/workloadmap/**&#47;definition.yaml, read from the
 * source tree) parses and lints clean; truncations of each at every position never make the parser or linter throw
 * anything but a syntax error, and never hang; and linting is fast.
 */
class CatalogExpressionsTest {

  private static final Path CATALOG = Path.of("..", "catalog", "src", "main", "workloadmap");

  /** Expressions beyond the catalog, for the robustness test. */
  private static final List<String> EXTRA = List.of(
      "def f($a; g): reduce .[] as [$x, {y: $y}] ($a; . + $x + $y | g); f(1; .)",
      "[.[] | {a: .b, \"c\\(.d)\": @base64 \"e\\(.f)\", (.g): [.h[1:2], .i[]?]}] | map(select(. != null))",
      "label $out | foreach .[] as $x (0; . + 1; if . > 2 then ., break $out else empty end)",
      ". as [$a] ?// {a: $a} | try $a catch \"x\" | test(\"^(?!a)b{2,3}\"; \"x\")",
      "if .a then 1 elif .b then 2 else -(.c // 3) end, (.d |= 1), ..");

  private static final List<Definition> DEFINITIONS = new ArrayList<>();

  @BeforeAll
  static void readCatalog() throws IOException {
    Assumptions.assumeTrue(
        Files.isDirectory(CATALOG),
        "the catalog sources are not next to the sdk module (" + CATALOG.toAbsolutePath() + ")");
    List<Path> files;
    try (Stream<Path> s = Files.walk(CATALOG)) {
      files = s.filter(p -> p.getFileName().toString().equals("definition.yaml"))
          .sorted()
          .toList();
    }
    assertThat(files).as("catalog definitions").isNotEmpty();
    for (Path f : files) {
      for (DefinitionLoader.Result r : new DefinitionLoader(DefinitionLoader.Mode.STRICT).load(f)) {
        assertThat(r.report().errors()).as("load errors of %s", f).isEmpty();
        DEFINITIONS.add(r.definition());
      }
    }
  }

  private static Set<String> expressions() {
    Set<String> out = new LinkedHashSet<>();
    for (Definition d : DEFINITIONS) {
      JqFields.of(d).forEach(f -> out.add(f.expression()));
    }
    return out;
  }

  @Test
  void everyCatalogExpressionParsesAndLintsClean() {
    for (Definition d : DEFINITIONS) {
      for (JqField f : JqFields.of(d)) {
        JqNode tree = JqParser.parse(f.expression());
        assertThat(RejectedConstructs.find(tree)).as(f.expression()).isEmpty();
      }
      List<Finding> jq = JqLintRuleTest.LINTER.validate(d).findings().stream()
          .filter(x -> x.ruleId().startsWith("jq."))
          .toList();
      assertThat(jq).as("jq findings in %s", d.locate("").file()).isEmpty();
    }
    assertThat(expressions()).isNotEmpty();
  }

  @Test
  void truncationsNeverThrowAnythingButSyntaxErrorsAndNeverHang() {
    ExpressionLinter linter = new ExpressionLinter(BuiltinSets.standard());
    List<String> all = new ArrayList<>(expressions());
    all.addAll(EXTRA);
    assertTimeoutPreemptively(Duration.ofSeconds(600), () -> {
      int parsed = 0;
      for (String e : all) {
        for (int i = 0; i <= e.length(); i++) {
          for (String piece : List.of(e.substring(0, i), e.substring(i))) {
            JqNode tree;
            try {
              tree = JqParser.parse(piece);
            } catch (JqSyntaxException x) {
              assertThat(x.offset()).as(piece).isBetween(0, piece.length());
              continue;
            } catch (RuntimeException x) {
              fail("parser threw " + x + " for " + piece);
              return;
            }
            parsed++;
            RejectedConstructs.find(tree);
            linter.lint(tree, true);
          }
        }
      }
      assertThat(parsed).as("some truncations are valid expressions").isPositive();
    });
  }

  @Test
  void truncationsThroughTheValidatorGiveFindingsOnly() throws JsonProcessingException {
    ObjectMapper json = new ObjectMapper();
    List<String> all = new ArrayList<>(expressions());
    all.addAll(EXTRA);
    List<String> yamls = new ArrayList<>();
    for (String e : all) {
      for (int i = 1; i <= e.length(); i += 3) {
        yamls.add(JqLintRuleTest.withReplicas(json.writeValueAsString(e.substring(0, i))));
      }
    }
    assertTimeoutPreemptively(Duration.ofSeconds(600), () -> {
      for (String yaml : yamls) {
        for (Finding f : JqLintRuleTest.LINTER
            .validate(dev.workloadmap.sdk.TestDefinitions.load(yaml))
            .findings()) {
          assertThat(f.location().line()).as(f.format()).isEqualTo(14);
          assertThat(f.message()).isNotBlank();
        }
      }
    });
  }

  @Test
  void lintingADefinitionTakesMicroseconds() {
    Definition biggest = DEFINITIONS.stream()
        .max((a, b) -> Integer.compare(JqFields.of(a).size(), JqFields.of(b).size()))
        .orElseThrow();
    JqLintRule rule = new JqLintRule();
    assertThat(rule.check(biggest)).isEmpty();
    for (int i = 0; i < 20_000; i++) {
      rule.check(biggest);
    }
    // the same answer every time (the speed figure lives in benchmarks: LintCatalogBenchmark)
    int findings = 0;
    for (int i = 0; i < 5000; i++) {
      findings += rule.check(biggest).size();
    }
    assertThat(findings).isZero();
  }
}
