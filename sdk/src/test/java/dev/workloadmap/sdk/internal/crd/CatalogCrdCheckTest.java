package dev.workloadmap.sdk.internal.crd;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.crd.Crd;
import dev.workloadmap.sdk.crd.CrdSchema;
import dev.workloadmap.sdk.crd.CrdViolation;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.definition.Gvk;
import dev.workloadmap.sdk.internal.definition.DefinitionLoader;
import dev.workloadmap.sdk.validation.Finding;
import dev.workloadmap.sdk.validation.Severity;
import dev.workloadmap.sdk.yaml.YamlDocument;
import dev.workloadmap.sdk.yaml.YamlReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The catalog against the real CRDs of {@code shared/data/crds} (skipped when absent): every definition whose root
 * kind has a CRD there ({@code <kind lower>.<group>.yaml}; core kinds have none) passes the static path check with
 * no error, and every fixture object of those definitions validates against the CRD version it names.
 */
class CatalogCrdCheckTest {

  private static final Path CATALOG = Path.of("..", "catalog", "src", "main", "workloadmap");

  /** A catalog definition with its folder and its CRD file. */
  record Entry(Definition definition, Path folder, Path crd) {}

  /**
   * Fixture drift the check found and that is reported to the catalog's owners rather than fixed here: {@code <slug>
   * <pointer, indexes as N> [keyword] message}. A violation not listed fails the test, and so does an entry that no
   * longer occurs (remove it once the fixture is fixed). Empty: hand-written fixtures match their CRD, and partial
   * real objects say {@code crdSchema: skip} with a reason in their fixture.yaml (as {@code workloadmap:verify} reads
   * it).
   */
  private static final java.util.Set<String> KNOWN_DRIFT = java.util.Set.of();

  private static final List<Entry> ENTRIES = new ArrayList<>();
  private static final List<String> WITHOUT_CRD = new ArrayList<>();

  static Path sharedDir() {
    String property = System.getProperty("workloadmap.shared.dir");
    if (property != null && Files.isDirectory(Path.of(property))) {
      return Path.of(property);
    }
    for (String candidate : new String[] {"../../shared", "../shared"}) {
      if (Files.isDirectory(Path.of(candidate))) {
        return Path.of(candidate);
      }
    }
    return null;
  }

  static Path crdFile(Path crds, Gvk gvk) {
    return crds.resolve(gvk.kind().toLowerCase(Locale.ROOT) + "." + gvk.group() + ".yaml");
  }

  @BeforeAll
  static void readCatalog() throws IOException {
    Path shared = sharedDir();
    Assumptions.assumeTrue(
        shared != null && Files.isDirectory(shared.resolve("data/crds")),
        "shared data not found (set -Dworkloadmap.shared.dir or place it at ../../shared); the CRDs are read from"
            + " shared/data/crds");
    Assumptions.assumeTrue(
        Files.isDirectory(CATALOG),
        "the catalog sources are not next to the sdk module (" + CATALOG.toAbsolutePath() + ")");
    Path crds = shared.resolve("data/crds");
    List<Path> files;
    try (Stream<Path> s = Files.walk(CATALOG)) {
      files = s.filter(p -> p.getFileName().toString().equals("definition.yaml"))
          .sorted()
          .toList();
    }
    for (Path f : files) {
      for (DefinitionLoader.Result r : new DefinitionLoader(DefinitionLoader.Mode.STRICT).load(f)) {
        Definition d = r.definition();
        Path crd = crdFile(crds, d.rootGvk());
        if (d.rootGvk().group().isEmpty() || !Files.isRegularFile(crd)) {
          WITHOUT_CRD.add(d.name());
        } else {
          ENTRIES.add(new Entry(d, f.getParent(), crd));
          CrdSchema.load(
              crd, d.rootGvk()); // parse once here, so that the tests time the checks, not YAML
        }
      }
    }
  }

  @Test
  void everyDefinitionWithACrdPassesThePathCheck() {
    assertThat(ENTRIES)
        .as("catalog definitions with a CRD in shared/data/crds")
        .hasSizeGreaterThanOrEqualTo(15);
    List<String> errors = new ArrayList<>();
    int checked = 0;
    for (Entry e : ENTRIES) {
      List<Finding> findings =
          new CrdPathCheck(CrdSchema.load(e.crd(), e.definition().rootGvk())).check(e.definition());
      findings.stream()
          .filter(f -> f.severity() == Severity.ERROR)
          .forEach(f -> errors.add(f.toString()));
      checked++;
    }
    assertThat(errors).as("CRD path errors in %d catalog definitions", checked).isEmpty();
    // core kinds (Pod, Deployment, Job, ...) have no CRD
    assertThat(WITHOUT_CRD).allSatisfy(n -> assertThat(n).matches("(apps|batch|core)-.*"));
  }

  @Test
  void aTypoInARealDefinitionIsFoundInTheRealCrd() throws IOException {
    Entry jobset = ENTRIES.stream()
        .filter(e -> e.definition().name().equals("jobset-x-k8s-io-jobset-v1alpha2"))
        .findFirst()
        .orElseThrow();
    String text = Files.readString(jobset.folder().resolve("definition.yaml"))
        .replace(
            "instanceIdPath: .spec.replicatedJobs[].name",
            "instanceIdPath: .spec.replicatedJob[].name");
    Definition d = new DefinitionLoader(DefinitionLoader.Mode.STRICT)
        .load(text, "jobset.yaml")
        .get(0)
        .definition();
    List<Finding> errors = new CrdPathCheck(CrdSchema.load(jobset.crd(), d.rootGvk()))
        .check(d).stream().filter(f -> f.severity() == Severity.ERROR).toList();
    assertThat(errors).singleElement().satisfies(f -> {
      assertThat(f.ruleId()).isEqualTo(CrdPathCheck.UNKNOWN_FIELD);
      assertThat(f.message())
          .endsWith(
              ": no field replicatedJob in JobSet v1alpha2 spec; did you mean replicatedJobs?");
      String line = text.lines()
          .filter(l -> l.contains("instanceIdPath: .spec.replicatedJob[]"))
          .findFirst()
          .orElseThrow();
      assertThat(f.location().line()).isEqualTo(text.lines().toList().indexOf(line) + 1);
      assertThat(f.location().column()).isEqualTo(line.indexOf("replicatedJob[]") + 1);
    });
  }

  @Test
  void renamingAnyFieldOfAWorkloadPathIsMostlyCaught() throws IOException {
    // every `.name` token of the workload-side expressions, renamed to `.namezz` one at a time
    int renamed = 0;
    int caught = 0;
    java.util.regex.Pattern token = java.util.regex.Pattern.compile("\\.([a-zA-Z][a-zA-Z0-9]*)");
    for (Entry e : ENTRIES) {
      CrdPathCheck check =
          new CrdPathCheck(CrdSchema.load(e.crd(), e.definition().rootGvk()));
      for (dev.workloadmap.sdk.internal.model.JqFields.JqField field :
          dev.workloadmap.sdk.internal.model.JqFields.of(e.definition())) {
        if (CrdPathCheck.role(field.pointer()) == null) {
          continue;
        }
        java.util.regex.Matcher m = token.matcher(field.expression());
        while (m.find()) {
          String mutated = field.expression().substring(0, m.end()) + "zz"
              + field.expression().substring(m.end());
          Definition d = withExpression(e.definition(), field.pointer(), mutated);
          if (d == null) {
            continue;
          }
          renamed++;
          if (check.check(d).stream().anyMatch(f -> f.severity() == Severity.ERROR)) {
            caught++;
          }
        }
      }
    }
    assertThat(renamed).isGreaterThan(500);
    assertThat(caught)
        .as("renamed fields caught")
        .isGreaterThan(renamed * 3 / 4); // 1890 of 2241 when written
  }

  /** {@code d} with the jq field at {@code pointer} replaced, reloaded from YAML; null when it does not load. */
  private static Definition withExpression(Definition d, String pointer, String expression) {
    com.fasterxml.jackson.databind.node.ObjectNode root = d.source().root().deepCopy();
    int slash = pointer.lastIndexOf('/');
    JsonNode parent = root.at(pointer.substring(0, slash));
    if (!(parent instanceof com.fasterxml.jackson.databind.node.ObjectNode o)) {
      return null;
    }
    o.put(pointer.substring(slash + 1), expression);
    try {
      String yaml = new com.fasterxml.jackson.dataformat.yaml.YAMLMapper().writeValueAsString(root);
      List<DefinitionLoader.Result> r =
          new DefinitionLoader(DefinitionLoader.Mode.STRICT).load(yaml, "mutated.yaml");
      return r.size() == 1 && r.get(0).report().errors().isEmpty() ? r.get(0).definition() : null;
    } catch (com.fasterxml.jackson.core.JsonProcessingException ex) {
      return null;
    }
  }

  @Test
  void everyFixtureObjectValidatesAgainstItsCrd() throws IOException {
    List<String> problems = new ArrayList<>();
    java.util.Set<String> seen = new java.util.HashSet<>();
    int validated = 0;
    int skipped = 0;
    for (Entry e : ENTRIES) {
      Crd crd = Crd.load(e.crd(), e.definition().rootGvk());
      CrdObjectValidator validator = new CrdObjectValidator(crd);
      Path fixtures = e.folder().resolve("fixtures");
      if (!Files.isDirectory(fixtures)) {
        continue;
      }
      List<Path> dirs;
      try (Stream<Path> s = Files.list(fixtures)) {
        dirs = s.filter(Files::isDirectory).sorted().toList();
      }
      for (Path dir : dirs) {
        if (FixtureObjects.skipsCrdSchema(dir)) {
          skipped++;
          continue;
        }
        JsonNode object = FixtureObjects.read(dir, e.definition().rootGvk().kind(), sharedDir());
        if (object == null) {
          continue;
        }
        validated++;
        List<CrdViolation> violations = object.has("apiVersion")
            ? validator.validate(object)
            : crd.schema(e.definition().rootGvk().version()).validate(object);
        for (CrdViolation v : violations) {
          String key =
              e.folder().getFileName() + " " + v.pointer().replaceAll("/[0-9]+(?=/|$)", "/N") + " ["
                  + v.keyword() + "] " + v.message();
          if (KNOWN_DRIFT.contains(key)) {
            seen.add(key);
          } else {
            problems.add(dir + ": " + v);
          }
        }
      }
    }
    assertThat(validated).as("fixture objects validated").isGreaterThan(50);
    assertThat(skipped)
        .as("fixtures with crdSchema: skip (partial real objects)")
        .isLessThan(validated / 4);
    assertThat(problems).as("fixture objects that do not match their CRD").isEmpty();
    assertThat(seen)
        .as("known drift entries that still occur")
        .containsExactlyInAnyOrderElementsOf(KNOWN_DRIFT);
  }

  @Test
  void everyCatalogExpressionAgainstEveryCrdNeverThrows() {
    java.util.Set<String> expressions = new java.util.LinkedHashSet<>();
    for (Entry e : ENTRIES) {
      dev.workloadmap.sdk.internal.model.JqFields.of(e.definition())
          .forEach(f -> expressions.add(f.expression()));
    }
    List<CrdSchema> schemas = ENTRIES.stream()
        .map(e -> CrdSchema.load(e.crd(), e.definition().rootGvk()))
        .toList();
    int runs = 0;
    for (String x : expressions) {
      // the expression and its prefixes that still parse: half-written paths
      for (int cut = x.length(); cut > 0; cut = cut * 2 / 3) {
        dev.workloadmap.sdk.internal.jqast.JqNode tree;
        try {
          tree = dev.workloadmap.sdk.internal.jqast.JqParser.parse(x.substring(0, cut));
        } catch (dev.workloadmap.sdk.internal.jqast.JqSyntaxException ex) {
          continue;
        }
        for (CrdSchema s : schemas) {
          int length = cut;
          PathInterpreter interpreter = new PathInterpreter(s.describe(), x.substring(0, cut));
          assertThat(interpreter.run(tree, s.pathSchema())).isNotNull();
          assertThat(interpreter.problems())
              .allSatisfy(p -> assertThat(p.offset()).isBetween(0, length));
          runs++;
        }
      }
    }
    assertThat(runs).isGreaterThan(1000);
  }

  @Test
  void checkingTheWholeCatalogWarmTakesWellUnderASecond() {
    List<CrdPathCheck> checks = ENTRIES.stream()
        .map(e -> new CrdPathCheck(CrdSchema.load(e.crd(), e.definition().rootGvk())))
        .toList();
    for (int warm = 0; warm < 20; warm++) {
      for (int i = 0; i < ENTRIES.size(); i++) {
        checks.get(i).check(ENTRIES.get(i).definition());
      }
    }
    for (int i = 0; i < ENTRIES.size(); i++) {
      // loading again hits the cache (same unchanged file) and gives the same clean answer; no
      // timing here
      assertThat(new CrdPathCheck(CrdSchema.load(
                  ENTRIES.get(i).crd(), ENTRIES.get(i).definition().rootGvk()))
              .check(ENTRIES.get(i).definition()))
          .filteredOn(f -> f.severity() == dev.workloadmap.sdk.validation.Severity.ERROR)
          .isEmpty();
    }
  }

  /** Reads a fixture's object as the Verifier does: object.yaml, or fixture.yaml's object.shared / object.file. */
  static final class FixtureObjects {
    private static final YamlReader YAML = new YamlReader();

    /** Whether the fixture's fixture.yaml says {@code crdSchema: skip} (with a non-blank reason, as verify requires). */
    static boolean skipsCrdSchema(Path dir) {
      Path fixture = dir.resolve("fixture.yaml");
      if (!Files.isRegularFile(fixture)) {
        return false;
      }
      JsonNode root = YAML.readAll(fixture).get(0).root();
      boolean skip = root.path("crdSchema").asText("").equals("skip");
      assertThat(!skip || !root.path("reason").asText("").isBlank())
          .as("%s: crdSchema: skip needs a reason", fixture)
          .isTrue();
      return skip;
    }

    static JsonNode read(Path dir, String kind, Path shared) {
      Path fixture = dir.resolve("fixture.yaml");
      Path source = dir.resolve("object.yaml");
      String name = null;
      if (Files.isRegularFile(fixture)) {
        JsonNode obj = YAML.readAll(fixture).get(0).root().path("object");
        if (obj.isObject()) {
          kind = obj.path("kind").asText(kind);
          name = obj.path("name").asText(null);
          if (obj.has("shared")) {
            source = shared.resolve(obj.path("shared").asText());
          } else {
            source = dir.resolve(obj.path("file").asText());
          }
        }
      }
      if (!Files.isRegularFile(source)) {
        return null;
      }
      String k = kind;
      String n = name;
      List<YamlDocument> all =
          YAML.readAll(source).stream().filter(d -> !d.root().isNull()).toList();
      if (name == null && all.size() == 1 && all.get(0).kind().isEmpty()) {
        return all.get(0)
            .root(); // a fragment (no apiVersion and kind), resolved with the definition's version
      }
      List<YamlDocument> docs = all.stream()
          .filter(d -> d.kind().equals(k))
          .filter(
              d -> n == null || n.equals(d.root().path("metadata").path("name").asText(null)))
          .toList();
      assertThat(docs).as("documents of kind %s in %s", kind, source).hasSize(1);
      return docs.get(0).root();
    }
  }
}
