package dev.workloadmap.sdk.scheduler;

import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.sdk.PreparedDefinition;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.crd.Crd;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.definition.Gvk;
import dev.workloadmap.sdk.internal.crd.CrdObjectValidator;
import dev.workloadmap.sdk.live.LiveTree;
import dev.workloadmap.sdk.live.OwnerLookup;
import dev.workloadmap.sdk.scheduler.PodGroups.Scheduler;
import dev.workloadmap.sdk.yaml.YamlReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every catalog definition with gang instructions, every fixture object of its kind (the ones in ../shared included):
 * the desired gangs render as the three schedulers' PodGroups that their real CRDs accept; and every live fixture
 * ({@code pods.yaml}): every pod in a gang gets the binding of its gang's PodGroup.
 */
class CatalogSchedulerFormsTest {
  static final WorkloadMap WM = WorkloadMap.create();
  static final Path CATALOG = SchedulingPlannerTest.CATALOG;
  static final Path SHARED = SchedulingPlannerTest.SHARED;

  record Case(
      String definition, String fixture, PreparedDefinition def, JsonNode object, Path dir) {}

  static List<Case> cases() throws IOException {
    List<Case> out = new ArrayList<>();
    try (Stream<Path> defs = Files.list(CATALOG)) {
      for (Path d : defs.sorted().toList()) {
        Definition definition = WM.loadDefinition(d.resolve("definition.yaml"));
        if (definition.gangScheduling() == null) {
          continue;
        }
        PreparedDefinition p = WM.prepare(definition);
        try (Stream<Path> fx = Files.list(d.resolve("fixtures"))) {
          for (Path f : fx.sorted().toList()) {
            Path file = f.resolve("object.yaml");
            if (!Files.isRegularFile(file)) {
              JsonNode spec = new YamlReader()
                  .readAll(f.resolve("fixture.yaml"))
                  .get(0)
                  .root()
                  .path("object");
              if (spec.path("shared").isTextual()) {
                file = SHARED.resolve(spec.path("shared").asText());
              } else if (spec.path("file").isTextual()) {
                file = f.resolve(spec.path("file").asText());
              } else {
                continue;
              }
              if (!Files.isRegularFile(file)) {
                continue; // ../shared absent
              }
            }
            Gvk root = definition.rootGvk();
            JsonNode object = new YamlReader()
                .readAll(file).stream()
                    .map(x -> x.root())
                    .filter(r -> r.path("kind").asText().equals(root.kind())
                        && r.path("apiVersion").asText().equals(root.apiVersion()))
                    .findFirst()
                    .orElse(null);
            if (object != null) {
              out.add(new Case(
                  d.getFileName().toString(), f.getFileName().toString(), p, object.deepCopy(), f));
            }
          }
        }
      }
    }
    return out;
  }

  @Test
  void desiredGangsOfEveryFixtureAreAcceptedByTheSchedulersCrds() throws IOException {
    assumeTrue(Files.isDirectory(SHARED.resolve("data/crds")), "../shared/data/crds absent");
    Map<Scheduler, Crd> crds = crds();
    int objects = 0;
    int podGroups = 0;
    int refused = 0;
    Set<String> definitions = new HashSet<>();
    for (Case c : cases()) {
      ObjectNode o = (ObjectNode) c.object();
      ObjectNode meta = o.with("metadata");
      if (!meta.has("uid")) {
        meta.put("uid", "0a1b2c3d-0000-4000-8000-" + String.format("%012d", objects));
      }
      if (!meta.has("namespace")) {
        meta.put("namespace", "default");
      }
      if (!WM.resolve(c.def(), o).gangSizesComplete()) {
        // an object whose replica counts, gang minimums or resources cannot be counted gets no
        // PodGroup, with the reason
        assertThatThrownBy(() -> new SchedulingPlanner(WM).desired(c.def(), o))
            .as("%s/%s has uncounted totals", c.definition(), c.fixture())
            .isInstanceOf(dev.workloadmap.sdk.WorkloadMapException.class)
            .hasMessageStartingWith("no gangs for ");
        refused++;
        continue;
      }
      SchedulingPlan plan = new SchedulingPlanner(WM).desired(c.def(), o);
      for (Scheduler s : Scheduler.values()) {
        for (ObjectNode pg : PodGroups.render(plan, o, s, PodGroups.Options.defaults())) {
          var v = new CrdObjectValidator(crds.get(s)).validate(pg);
          assertTrue(
              v.isEmpty(), c.definition() + "/" + c.fixture() + " " + s + ": " + v + "\n" + pg);
          assertTrue(PodGroupName.isSafe(pg.path("metadata").path("name").asText(), s.maxName()));
          podGroups++;
        }
      }
      objects++;
      definitions.add(c.definition());
    }
    System.out.println("catalog scheduler forms: " + definitions.size()
        + " definitions with gang instructions, " + objects + " objects, " + podGroups
        + " PodGroups valid, " + refused + " objects refused (uncounted totals)");
    assertTrue(
        refused < objects / 10,
        "most objects give PodGroups: " + refused + " refused of " + objects);
    assertTrue(definitions.size() >= 14, "definitions covered: " + definitions);
  }

  @Test
  void everyPodOfALiveFixtureGetsItsGangsBinding() throws IOException {
    int pods = 0;
    for (Case c : cases()) {
      Path podsFile = c.dir().resolve("pods.yaml");
      if (!Files.isRegularFile(podsFile)) {
        continue;
      }
      List<JsonNode> all = new YamlReader()
          .readAll(podsFile).stream()
              .map(x -> x.root())
              .filter(r -> !r.isNull())
              .toList();
      List<JsonNode> podList =
          all.stream().filter(r -> r.path("kind").asText().equals("Pod")).toList();
      LiveTree live = WM.attributePods(c.def(), c.object(), podList, OwnerLookup.of(all));
      SchedulingPlan plan = new SchedulingPlanner(WM).live(c.def(), c.object(), live);
      for (Scheduler s : Scheduler.values()) {
        List<PodGroups.Binding> b =
            PodGroups.bindings(plan, c.object(), s, PodGroups.Options.defaults());
        Set<String> names = new HashSet<>();
        PodGroups.render(plan, c.object(), s, PodGroups.Options.defaults())
            .forEach(pg -> names.add(pg.path("metadata").path("name").asText()));
        for (SchedulingPlan.Gang g : plan.gangs()) {
          for (String pod : g.pods()) {
            PodGroups.Binding x =
                b.stream().filter(y -> y.pod().equals(pod)).findFirst().orElseThrow();
            assertTrue(names.contains(x.podGroup()), c.fixture() + " " + pod);
            String key = switch (s) {
              case KAI -> x.annotations().get(PodGroups.KAI_POD_GROUP_ANNOTATION);
              case VOLCANO -> x.annotations().get(PodGroups.VOLCANO_GROUP_ANNOTATION);
              case COSCHEDULING -> x.labels().get(PodGroups.COSCHEDULING_LABEL);
            };
            assertEquals(x.podGroup(), key, c.fixture() + " " + pod + " " + s);
            pods++;
          }
        }
      }
    }
    assertTrue(pods > 0, "no live fixture pod in a gang");
    System.out.println("live fixtures: " + pods + " pod bindings checked");
  }

  static Map<Scheduler, Crd> crds() {
    Map<Scheduler, Crd> m = new EnumMap<>(Scheduler.class);
    for (Scheduler s : Scheduler.values()) {
      String group = s.apiVersion().substring(0, s.apiVersion().indexOf('/'));
      m.put(
          s,
          Crd.load(
              SHARED.resolve("data/crds/podgroup." + group + ".yaml"),
              Gvk.of(s.apiVersion(), "PodGroup")));
    }
    return m;
  }
}
