package dev.workloadmap.sdk.update;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.sdk.definition.ComponentDefinition;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.definition.FragmentedPodSpecDefinition;
import dev.workloadmap.sdk.definition.SpecDefinition;
import dev.workloadmap.sdk.definition.SuspendDefinition;
import dev.workloadmap.sdk.extract.FragmentedPodSpec;
import dev.workloadmap.sdk.internal.definition.DefinitionLoader;
import dev.workloadmap.sdk.internal.extract.ComponentExtractor;
import dev.workloadmap.sdk.jq.Jq;
import dev.workloadmap.sdk.jq.JqInput;
import dev.workloadmap.sdk.spi.JqEngine;
import dev.workloadmap.sdk.yaml.YamlDocument;
import dev.workloadmap.sdk.yaml.YamlReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The property of issue 8 over every catalog sample (each fixture object of {@code catalog/src/main/workloadmap}, the
 * ones in {@code ../shared/data/samples} included when that folder is present): an update followed by a read returns
 * the requested values, and a structural diff of the object (the RFC 6902 patch) changes nothing but the targeted
 * fields and the parents created for them; the patch applied to the original gives exactly the updated object.
 *
 * <p>Updates: set the scheduler name, add a label, and (where the root has a suspendDefinition) suspend. A component
 * that cannot take an update by construction (a fragmented spec without {@code schedulerNamePath} or {@code
 * labelsPath}, a pod spec without {@code metadataPath}) must fail with the documented message, never silently.
 */
class CatalogUpdatePropertyTest {

  private static final Path CATALOG = Path.of("..", "catalog", "src", "main", "workloadmap");
  private static final String SCHEDULER = "wm-property-scheduler";
  private static final String LABEL = "workloadmap.dev/property";
  private static final YamlReader YAML = new YamlReader();

  private final JqEngine engine = Jq.defaultEngine();
  private final ComponentExtractor extractor = new ComponentExtractor(engine);

  record Sample(Definition definition, String name, JsonNode object) {}

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

  static List<Sample> samples() throws IOException {
    Path shared = sharedDir();
    List<Sample> out = new ArrayList<>();
    List<Path> definitions;
    try (Stream<Path> s = Files.list(CATALOG)) {
      definitions = s.map(p -> p.resolve("definition.yaml"))
          .filter(Files::isRegularFile)
          .sorted()
          .toList();
    }
    for (Path file : definitions) {
      Definition d =
          new DefinitionLoader(DefinitionLoader.Mode.STRICT).load(file).get(0).definition();
      Path fixtures = file.getParent().resolve("fixtures");
      if (!Files.isDirectory(fixtures)) {
        continue;
      }
      List<Path> dirs;
      try (Stream<Path> s = Files.list(fixtures)) {
        dirs = s.filter(Files::isDirectory).sorted().toList();
      }
      for (Path dir : dirs) {
        JsonNode object = read(dir, d.rootGvk().kind(), shared);
        if (object != null) {
          out.add(new Sample(d, file.getParent().getFileName() + "/" + dir.getFileName(), object));
        }
      }
    }
    return out;
  }

  /** The fixture's object as the Verifier picks it; null for a shared sample when ../shared is absent. */
  private static JsonNode read(Path dir, String kind, Path shared) {
    Path source = dir.resolve("object.yaml");
    String name = null;
    Path fixture = dir.resolve("fixture.yaml");
    if (Files.isRegularFile(fixture)) {
      JsonNode obj = YAML.readAll(fixture).get(0).root().path("object");
      if (obj.isObject()) {
        kind = obj.path("kind").asText(kind);
        name = obj.path("name").asText(null);
        if (obj.has("shared")) {
          if (shared == null) {
            return null;
          }
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
        YAML.readAll(source).stream().filter(doc -> !doc.root().isNull()).toList();
    if (n == null && all.size() == 1) {
      return all.get(0).root();
    }
    return all.stream()
        .filter(doc -> doc.kind().equals(k))
        .filter(doc ->
            n == null || n.equals(doc.root().path("metadata").path("name").asText(null)))
        .findFirst()
        .map(YamlDocument::root)
        .orElse(null);
  }

  @Test
  void everyCatalogSampleTakesUpdatesWithoutOtherChanges() throws IOException {
    Assumptions.assumeTrue(
        Files.isDirectory(CATALOG),
        "the catalog sources are not next to the sdk module (" + CATALOG.toAbsolutePath() + ")");
    List<Sample> samples = samples();
    assertThat(samples).hasSizeGreaterThan(200);
    int updated = 0;
    int suspended = 0;
    List<String> failures = new ArrayList<>();
    java.util.Set<String> readOnly = new java.util.TreeSet<>();
    for (Sample s : samples) {
      if (!isKubernetesObject(s.object())) {
        continue; // a status-only fragment: no update can be sent back for it
        // (docs/format.md#writes, CF-09)
      }
      try {
        if (checkSchedulerAndLabel(s)) {
          updated++;
        }
        if (s.definition().rootComponent().suspendDefinition() != null) {
          checkSuspend(s);
          suspended++;
        }
      } catch (UpdateException e) {
        if (e.getMessage().contains("is not a path expression")) {
          readOnly.add(s.name().substring(0, s.name().indexOf('/')));
        } else {
          failures.add(s.name() + ": " + e.getMessage());
        }
      } catch (AssertionError | RuntimeException e) {
        failures.add(s.name() + ": " + e.getMessage());
      }
    }
    assertThat(failures).isEmpty();
    // definitions whose pod paths compute values (object construction, unions, defaults) for some
    // sample can be read
    // but not written there; each definition's header says why. A new entry here means a definition
    // lost the
    // ability to be updated; an entry that is no longer needed fails too, so the list only shrinks
    // deliberately
    List<String> knownReadOnly = List.of(
        "apps-nvidia-com-nimcache-v1alpha1", // the Job's pod spec is built from .spec fields
        "apps-nvidia-com-nimservice-v1alpha1", // pod specs and labels are built from .spec fields
        "nvidia-com-dynamographdeployment-v1alpha1", // main container built from the service's
        // resources block
        "ray-io-raycluster-v1", // the head template with KubeRay's autoscaler sidecar added
        "ray-io-rayjob-v1", // the same head template (its default submitter template is
        // written at spec.submitterPodTemplate since issue 15)
        "ray-io-rayservice-v1", // the head template with KubeRay's autoscaler sidecar added
        "serving-kserve-io-inferenceservice-v1beta1", // pod labels: union of the object's and the
        // component's
        "serving-kserve-io-llminferenceservice-v1alpha2", // single-node prefill pool labels: union
        // of spec's and
        // spec.prefill's (sample-pd-qwen2-7b-gpu)
        "workload-codeflare-dev-appwrapper-v1beta2"); // pod sets read through a path computed from
    // their own
    // path string (getpath), inferred for known kinds
    if (sharedDir() != null) {
      assertThat(readOnly).containsExactlyElementsOf(knownReadOnly);
    } else {
      assertThat(readOnly).isSubsetOf(knownReadOnly);
    }
    // with ../shared the real samples join the repository's own objects
    boolean withShared = sharedDir() != null;
    assertThat(updated).as("samples updated").isGreaterThan(withShared ? 100 : 0);
    assertThat(suspended).as("samples suspended").isGreaterThan(withShared ? 10 : 0);
  }

  static boolean isKubernetesObject(JsonNode o) {
    try {
      WorkloadUpdate.checkObject(o);
      return true;
    } catch (UpdateException e) {
      return false;
    }
  }

  /**
   * Definitions whose pod paths deliberately fail, with a message, where only another object carries the value (the
   * TrainJob's node requests without resourcesPerNode live in its TrainingRuntime): reading the pod spec for an
   * update fails with that message, which is then as good as the expected "cannot write" failure.
   */
  private static final Map<String, String> DELIBERATE_PROBLEMS = Map.of(
      "trainer-kubeflow-org-trainjob-v1alpha1", "which this tree does not read",
      // a memory string the spark-submit sizes cannot parse (a schema-valid string of a generated
      // object): the pod
      // requests cannot be computed, and the definition says so instead of guessing
      "sparkoperator-k8s-io-sparkapplication-v1beta2", "is not a Spark memory size");

  /** Why a pod component cannot take both updates by construction, or null. */
  private static String notWritable(ComponentDefinition c) {
    SpecDefinition s = c.specDefinition();
    FragmentedPodSpecDefinition f = s.fragmentedPodSpecDefinition();
    if (s.podTemplateSpecPath() == null && s.podSpecPath() != null && s.metadataPath() == null) {
      return "podSpecPath but no metadataPath";
    }
    if (s.podTemplateSpecPath() == null
        && s.podSpecPath() == null
        && f != null
        && (f.schedulerNamePath() == null || f.labelsPath() == null)) {
      return "path is not defined and values are not empty";
    }
    return null;
  }

  boolean checkSchedulerAndLabel(Sample s) {
    Definition d = s.definition();
    List<ComponentDefinition> pods =
        d.components().stream().filter(ComponentDefinition::hasPodDefinition).toList();
    if (pods.isEmpty()) {
      return false;
    }
    WorkloadUpdate u = WorkloadUpdate.of(engine, d, s.object())
        .setSchedulerName(SCHEDULER)
        .addLabels(Map.of(LABEL, "yes"));
    String expectedFailure = pods.stream()
        .map(CatalogUpdatePropertyTest::notWritable)
        .filter(java.util.Objects::nonNull)
        .findFirst()
        .orElse(null);
    if (expectedFailure != null) {
      try {
        u.apply();
        throw new AssertionError("expected a failure containing \"" + expectedFailure + "\"");
      } catch (UpdateException e) {
        if (e.getMessage().contains("is not a path expression")) {
          throw e;
        }
        String deliberate = DELIBERATE_PROBLEMS.get(d.name());
        if (deliberate != null && e.getMessage().contains(deliberate)) {
          return false; // the definition reports a value only another object carries (its header
          // says which)
        }
        assertThat(e.getMessage()).contains(expectedFailure);
        return false;
      }
    }
    UpdateResult r = u.apply();
    assertThat(Rfc6902Patch.apply(r.patch(), r.original()))
        .as("patch applied to the original")
        .isEqualTo(r.object());
    JqInput before = JqInput.of(s.object());
    JqInput after = JqInput.of(r.object());
    List<String> targets = new ArrayList<>();
    for (ComponentDefinition c : pods) {
      SpecDefinition spec = c.specDefinition();
      if (spec.podTemplateSpecPath() != null) {
        for (JsonNode t : extractor.podTemplateSpecs(c, after)) {
          assertThat(t.at("/spec/schedulerName").asText()).as(c.name()).isEqualTo(SCHEDULER);
          assertThat(t.at("/metadata/labels").get(LABEL).asText()).as(c.name()).isEqualTo("yes");
        }
        for (String base : pointers(spec.podTemplateSpecPath(), before)) {
          targets.add(base + "/spec/schedulerName");
          targets.add(base + "/metadata/labels/" + escape(LABEL));
        }
      } else if (spec.podSpecPath() != null) {
        for (JsonNode p : extractor.podSpecs(c, after)) {
          assertThat(p.get("schedulerName").asText()).as(c.name()).isEqualTo(SCHEDULER);
        }
        for (JsonNode m : extractor.podMetadata(c, after)) {
          assertThat(m.path("labels").path(LABEL).asText()).as(c.name()).isEqualTo("yes");
        }
        pointers(spec.podSpecPath(), before).forEach(b -> targets.add(b + "/schedulerName"));
        pointers(spec.metadataPath(), before)
            .forEach(b -> targets.add(b + "/labels/" + escape(LABEL)));
      } else {
        FragmentedPodSpecDefinition f = spec.fragmentedPodSpecDefinition();
        for (FragmentedPodSpec p : extractor.fragmentedPodSpecs(c, after)) {
          assertThat(p.get("schedulerName").asText()).as(c.name()).isEqualTo(SCHEDULER);
          assertThat(p.get("labels").path(LABEL).asText()).as(c.name()).isEqualTo("yes");
        }
        targets.addAll(pointers(f.schedulerNamePath(), before));
        pointers(f.labelsPath(), before).forEach(b -> targets.add(b + "/" + escape(LABEL)));
      }
    }
    assertOnlyTargetsChanged(r, targets);
    return true;
  }

  void checkSuspend(Sample s) {
    SuspendDefinition sd = s.definition().rootComponent().suspendDefinition();
    UpdateResult r =
        WorkloadUpdate.of(engine, s.definition(), s.object()).suspend().apply();
    assertThat(Rfc6902Patch.apply(r.patch(), r.original())).isEqualTo(r.object());
    JqInput before = JqInput.of(s.object());
    JqInput after = JqInput.of(r.object());
    List<String> targets = new ArrayList<>();
    for (SuspendDefinition.Action a : sd.suspendActions()) {
      JsonNode value = dev.workloadmap.sdk.TestDefinitions.json(a.value());
      // the last action writing a path wins; each action's own paths hold its value unless a later
      // one rewrites them
      boolean rewritten = sd.suspendActions().indexOf(a) < sd.suspendActions().size() - 1
          && sd
              .suspendActions()
              .subList(sd.suspendActions().indexOf(a) + 1, sd.suspendActions().size())
              .stream()
              .anyMatch(later -> later.path().equals(a.path()));
      if (!rewritten) {
        for (JsonNode v : engine.compile(a.path()).apply(after)) {
          assertThat(v).as(a.path()).isEqualTo(value);
        }
      }
      targets.addAll(pointers(a.path(), before));
    }
    assertOnlyTargetsChanged(r, targets);
  }

  /** Every patch operation writes a target, or creates (add) or replaces a null parent of one. */
  private static void assertOnlyTargetsChanged(UpdateResult r, List<String> targets) {
    for (JsonNode op : r.patch()) {
      String path = op.get("path").asText();
      boolean ok = targets.stream()
          .anyMatch(t -> t.equals(path)
              || path.startsWith(t + "/")
              || (t.startsWith(path + "/") && isNullOrAbsent(r.original().at(path))));
      assertThat(ok).as("patch op %s touches no target of %s", op, targets).isTrue();
    }
  }

  private static boolean isNullOrAbsent(JsonNode n) {
    return n.isMissingNode() || n.isNull() || (n.isObject() && n.isEmpty());
  }

  /** The JSON pointers of {@code [path(expr)]} on the key-sorted view (where the writes find their paths). */
  private List<String> pointers(String expression, JqInput in) {
    List<String> out = new ArrayList<>();
    if (expression == null) {
      return out;
    }
    // a write lands at the primary side of a fallback (A // B is written at A, never into B; issue
    // 15)
    for (JsonNode path : engine
        .compile("[path(" + FallbackPaths.primary(expression) + "\n)]")
        .apply(in)
        .get(0)) {
      StringBuilder b = new StringBuilder();
      for (JsonNode step : path) {
        b.append('/').append(step.isTextual() ? escape(step.asText()) : step.asText());
      }
      out.add(b.toString());
    }
    return out;
  }

  private static String escape(String key) {
    return key.replace("~", "~0").replace("/", "~1");
  }

  /**
   * The same property on generated objects: each sample with one to three seeded mutations (a field removed, so a
   * fallback is taken where the sample had the primary; an unknown field with an odd number form added) keeps every
   * untargeted byte. A variant the definition cannot read or write must be refused with a reason, never corrupted.
   */
  @Test
  void generatedVariantsOfEverySampleTakeUpdatesWithoutOtherChanges() throws IOException {
    Assumptions.assumeTrue(
        Files.isDirectory(CATALOG), "the catalog sources are not next to the sdk module");
    java.util.Random rnd = new java.util.Random(15);
    int checked = 0;
    int refused = 0;
    List<String> failures = new ArrayList<>();
    for (Sample s : samples()) {
      if (!isKubernetesObject(s.object())) {
        continue;
      }
      for (int k = 0; k < 3; k++) {
        Sample g = new Sample(s.definition(), s.name() + "#" + k, mutate(s.object(), rnd));
        try {
          if (checkSchedulerAndLabel(g)) {
            checked++;
          }
        } catch (AssertionError e) {
          failures.add(g.name() + ": " + e.getMessage());
        } catch (RuntimeException e) {
          refused++; // refused with a reason (not a path, ids and results differ, invalid shape):
          // nothing written
          assertThat(e.getMessage()).as(g.name()).isNotBlank();
        }
      }
    }
    assertThat(failures).isEmpty();
    assertThat(checked).as("variants updated (%d refused)", refused).isGreaterThan(300);
  }

  /** One to three mutations under {@code /spec}: remove a field, or add an unknown one with a non-canonical number. */
  private static JsonNode mutate(JsonNode original, java.util.Random rnd) {
    JsonNode copy = original.deepCopy();
    int n = 1 + rnd.nextInt(3);
    for (int i = 0; i < n; i++) {
      List<ObjectNode> objects = new ArrayList<>();
      collectObjects(copy.path("spec"), objects);
      if (objects.isEmpty()) {
        break;
      }
      ObjectNode o = objects.get(rnd.nextInt(objects.size()));
      List<String> names = new ArrayList<>();
      o.fieldNames().forEachRemaining(names::add);
      if (!names.isEmpty() && rnd.nextBoolean()) {
        o.remove(names.get(rnd.nextInt(names.size())));
      } else {
        o.set(
            "xGenerated" + i,
            com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.numberNode(
                new java.math.BigDecimal("1.50")));
      }
    }
    return copy;
  }

  private static void collectObjects(JsonNode n, List<ObjectNode> out) {
    if (n instanceof ObjectNode o) {
      out.add(o);
      o.elements().forEachRemaining(c -> collectObjects(c, out));
    } else if (n.isArray()) {
      n.elements().forEachRemaining(c -> collectObjects(c, out));
    }
  }

  @Test
  void theTargetCheckRejectsAnUntargetedChange() {
    ObjectNode before =
        (ObjectNode) dev.workloadmap.sdk.TestDefinitions.json("{\"a\":{\"b\":1},\"c\":2}");
    ObjectNode after = before.deepCopy();
    after.put("c", 3);
    ((ObjectNode) after.get("a")).put("b", 5);
    UpdateResult r = new UpdateResult(before, after);
    assertOnlyTargetsChanged(new UpdateResult(before, before.deepCopy()), List.of("/a/b"));
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> assertOnlyTargetsChanged(r, List.of("/a/b")))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("/c");
  }
}
