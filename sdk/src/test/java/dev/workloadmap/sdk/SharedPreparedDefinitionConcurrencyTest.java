package dev.workloadmap.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.live.LiveTree;
import dev.workloadmap.sdk.live.OwnerLookup;
import dev.workloadmap.sdk.tree.WorkloadTree;
import dev.workloadmap.sdk.yaml.YamlDocument;
import dev.workloadmap.sdk.yaml.YamlReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * One {@link WorkloadMap} and one {@link PreparedDefinition} per catalog definition, shared by {@value #THREADS}
 * threads: each thread resolves every catalog fixture object (tree JSON and text view), updates it (scheduler name,
 * label, suspend where the root can; the RFC 6902 patch or the error), and, for fixtures with {@code pods.yaml},
 * attributes the pods and plans the gangs, in its own random order, {@value #ROUNDS} times. Every answer must equal
 * the one a single thread computed first.
 */
class SharedPreparedDefinitionConcurrencyTest {

  static final int THREADS = 8;
  static final int ROUNDS = 2;
  private static final Path CATALOG = Path.of("..", "catalog", "src", "main", "workloadmap");

  private final WorkloadMap wm = WorkloadMap.create();
  private final YamlReader yaml = new YamlReader();

  private record Sample(
      String name,
      PreparedDefinition definition,
      JsonNode object,
      List<JsonNode> pods,
      List<JsonNode> owners) {}

  private List<Sample> samples() throws Exception {
    List<Sample> out = new ArrayList<>();
    List<Path> objects;
    try (Stream<Path> s = Files.walk(CATALOG)) {
      objects = s.filter(p -> p.getFileName().toString().equals("object.yaml"))
          .sorted()
          .toList();
    }
    Map<Path, PreparedDefinition> prepared = new LinkedHashMap<>();
    for (Path o : objects) {
      Path definition = o.getParent().getParent().getParent().resolve("definition.yaml");
      PreparedDefinition d =
          prepared.computeIfAbsent(definition, f -> wm.prepare(wm.loadDefinition(f)));
      String kind = d.definition().rootGvk().kind();
      JsonNode object = yaml.readAll(o).stream()
          .map(YamlDocument::root)
          .filter(r -> kind.equals(r.path("kind").asText()))
          .findFirst()
          .orElse(null);
      if (object == null) {
        continue;
      }
      List<JsonNode> pods = new ArrayList<>();
      List<JsonNode> owners = new ArrayList<>();
      Path podsFile = o.getParent().resolve("pods.yaml");
      if (Files.isRegularFile(podsFile)) {
        for (YamlDocument doc : yaml.readAll(podsFile)) {
          JsonNode root = doc.root();
          if (root.path("items").isArray() && root.path("kind").asText("").endsWith("List")) {
            root.get("items")
                .forEach(i -> (i.path("kind").asText("Pod").equals("Pod") ? pods : owners).add(i));
          } else if (root.path("kind").asText("").equals("Pod")) {
            pods.add(root);
          } else if (!root.isNull()) {
            owners.add(root);
          }
        }
      }
      out.add(new Sample(CATALOG.relativize(o).toString(), d, object, pods, owners));
    }
    return out;
  }

  /** Everything the SDK answers for one sample, as one string. */
  private String answer(Sample s) {
    StringBuilder sb = new StringBuilder();
    WorkloadTree tree = wm.resolve(s.definition(), s.object());
    sb.append(wm.toJson(tree))
        .append('\n')
        .append(wm.renderText(tree, "catalog"))
        .append('\n');
    try {
      var update = wm.update(s.definition(), s.object())
          .setSchedulerName("kai-scheduler")
          .addLabels(Map.of("team", "ml"));
      if (s.definition().definition().rootComponent().suspendDefinition() != null) {
        update = update.suspend();
      }
      sb.append(update.apply().patchJson());
    } catch (WorkloadMapException e) {
      sb.append("update failed: ").append(e.getMessage());
    }
    if (!s.pods().isEmpty()) {
      List<JsonNode> all = new ArrayList<>(s.owners());
      all.addAll(s.pods());
      try {
        LiveTree live =
            wm.attributePods(s.definition(), tree, s.object(), s.pods(), OwnerLookup.of(all));
        sb.append('\n')
            .append(wm.toJson(live))
            .append('\n')
            .append(wm.toJson(wm.gangPlan(s.definition(), live)));
      } catch (WorkloadMapException e) {
        sb.append("\nattribution failed: ").append(e.getMessage());
      }
    }
    return sb.toString();
  }

  @Test
  void eightThreadsSharingPreparedDefinitionsAnswerLikeOne() throws Exception {
    Assumptions.assumeTrue(
        Files.isDirectory(CATALOG), "the catalog sources are not next to the sdk module");
    List<Sample> samples = samples();
    assertThat(samples).hasSizeGreaterThan(200);
    assertThat(samples.stream().filter(s -> !s.pods().isEmpty()).count())
        .as("samples with pods")
        .isPositive();
    Map<String, String> expected = new LinkedHashMap<>();
    for (Sample s : samples) {
      expected.put(s.name(), answer(s));
    }
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    try {
      CyclicBarrier start = new CyclicBarrier(THREADS);
      List<Future<List<String>>> futures = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        long seed = t;
        futures.add(pool.submit(() -> {
          List<Sample> order = new ArrayList<>(samples);
          List<String> wrong = new ArrayList<>();
          start.await(1, TimeUnit.MINUTES);
          for (int round = 0; round < ROUNDS; round++) {
            Collections.shuffle(order, new Random(seed * 31 + round));
            for (Sample s : order) {
              String got = answer(s);
              if (!got.equals(expected.get(s.name()))) {
                wrong.add(s.name() + " (thread " + seed + ", round " + round + "):\n" + got);
              }
            }
          }
          return wrong;
        }));
      }
      List<String> wrong = new ArrayList<>();
      for (Future<List<String>> f : futures) {
        wrong.addAll(f.get(20, TimeUnit.MINUTES));
      }
      assertThat(wrong).as("answers that differ from the single thread's").isEmpty();
    } finally {
      pool.shutdownNow();
    }
  }
}
