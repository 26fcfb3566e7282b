package dev.workloadmap.sdk.authoring;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.sdk.PreparedDefinition;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.WorkloadMapException;
import dev.workloadmap.sdk.WorkloadMapIOException;
import dev.workloadmap.sdk.definition.ComponentDefinition;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.definition.GangScheduling;
import dev.workloadmap.sdk.definition.ScaleDefinition;
import dev.workloadmap.sdk.definition.SpecDefinition;
import dev.workloadmap.sdk.definition.StatusDefinition;
import dev.workloadmap.sdk.definition.StatusDefinition.StatusMatcher;
import dev.workloadmap.sdk.definition.WorkloadStatus;
import dev.workloadmap.sdk.extract.InstanceRecord;
import dev.workloadmap.sdk.status.StatusResult;
import dev.workloadmap.sdk.tree.ComponentNode;
import dev.workloadmap.sdk.tree.InstanceNode;
import dev.workloadmap.sdk.tree.WorkloadTree;
import dev.workloadmap.sdk.yaml.SourceLocation;
import dev.workloadmap.sdk.yaml.YamlDocument;
import dev.workloadmap.sdk.yaml.YamlException;
import dev.workloadmap.sdk.yaml.YamlReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.stream.Stream;
import org.apiguardian.api.API;

/**
 * Which parts of a definition its fixtures exercised: every component, every path, every status matcher part (each
 * {@code byPhase}, each {@code byConditions} entry, each {@code byExpression}), every suspend action list and every
 * gang instruction.
 *
 * <p>A matcher part counts as <em>fired</em> on a fixture when the evaluation reached it and it held, <em>false</em>
 * when it was reached and did not hold, and is <em>not reached</em> when the evaluation stopped before it (an earlier
 * matcher of the same status held, or an earlier part of the same matcher failed: the engine's own order, through
 * {@link dev.workloadmap.sdk.internal.status.StatusEvaluator.MatcherObserver}). A matcher part is covered when it fired on at
 * least one fixture and was false on at least one. A component is covered when it had an instance on some fixture, a
 * path when it yielded a value on some fixture, a suspend action list when an update case ({@code updates/*.yaml})
 * ran it (or the write round trip suspended and resumed the fixture's object cleanly), a gang instruction when a fixture pins the {@code gangs:} of its group.
 *
 * <p>An item that cannot be covered says why in an annotation of the definition: {@code
 * coverage.workloadmap.dev/<item id>: "<reason>"} (annotations are part of every Kubernetes object's metadata, so the
 * reference accepts the document unchanged). Exempt items count as covered and are listed with their reason.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class DefinitionCoverage {

  /** The annotation prefix of coverage exemptions. */
  public static final String EXEMPT_PREFIX = "coverage.workloadmap.dev/";

  /** What an item is. */
  public enum Kind {
    COMPONENT,
    PATH,
    MATCHER,
    SUSPEND,
    GANG;

    String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /**
   * One item and how often the fixtures exercised it.
   *
   * @param kind what it is
   * @param id stable id, also the annotation name of an exemption ({@code status.failed.0.byConditions.0})
   * @param description what it reads or checks, for people ({@code Failed=True})
   * @param location where it is in the definition (file:line:column), or null
   * @param fired fixtures on which it held (matcher), had an instance (component), yielded a value (path) or ran
   *     (suspend, gang)
   * @param notFired fixtures on which it was reached and did not hold (or yielded nothing)
   * @param notReached fixtures on which the evaluation never reached it
   * @param exemptReason the annotation's reason when exempt, else null
   */
  public record Item(
      Kind kind,
      String id,
      String description,
      SourceLocation location,
      int fired,
      int notFired,
      int notReached,
      String exemptReason) {

    /** Whether the fixtures exercise it fully: a matcher both ways, anything else at least once. */
    public boolean exercised() {
      return kind == Kind.MATCHER ? fired > 0 && notFired > 0 : fired > 0;
    }

    /** Exercised, or exempt with a reason. */
    public boolean covered() {
      return exercised() || exemptReason != null;
    }

    /** Why it is not covered, for the missing list; empty when covered. */
    public String missing() {
      if (covered()) {
        return "";
      }
      if (kind == Kind.MATCHER) {
        if (fired == 0 && notFired == 0) {
          return "never evaluated on any fixture";
        }
        return fired == 0
            ? "never fires (false on " + notFired + ")"
            : "never false (fires on " + fired + ")";
      }
      return switch (kind) {
        case COMPONENT -> "no fixture gives it an instance";
        case PATH -> "yields nothing on every fixture";
        case SUSPEND -> "no update case runs it (add updates/<case>.yaml with suspend:/resume:)";
        case GANG -> "no fixture pins its gangs (add pods.yaml and gangs: to expected.yaml)";
        default -> "not exercised";
      };
    }
  }

  /**
   * A definition's coverage.
   *
   * @param definition the definition's name
   * @param fixtures fixtures whose object was read
   * @param items every item, in definition order
   */
  public record Result(String definition, int fixtures, List<Item> items) {
    public Result {
      items = List.copyOf(items);
    }

    public int coveredCount() {
      return (int) items.stream().filter(Item::covered).count();
    }

    /** Covered items in percent (100 for a definition without items). */
    public double percent() {
      return items.isEmpty() ? 100.0 : 100.0 * coveredCount() / items.size();
    }

    public List<Item> missing() {
      return items.stream().filter(i -> !i.covered()).toList();
    }

    /** The table: one row per item, then the summary line. */
    public String table() {
      StringBuilder sb = new StringBuilder();
      sb.append(String.format(
          Locale.ROOT,
          "Coverage %s: %d/%d items (%.1f%%) over %d fixture(s)%n",
          definition,
          coveredCount(),
          items.size(),
          percent(),
          fixtures));
      int w = Math.max(4, items.stream().mapToInt(i -> i.id().length()).max().orElse(4));
      int dw = Math.min(
          44,
          Math.max(
              4, items.stream().mapToInt(i -> i.description().length()).max().orElse(4)));
      sb.append(String.format(
          Locale.ROOT,
          "  %-9s %-" + w + "s %-" + dw + "s %5s %5s %7s  %s%n",
          "KIND",
          "ITEM",
          "READS",
          "FIRED",
          "FALSE",
          "UNREACH",
          "COVERED"));
      for (Item i : items) {
        String d = i.description().length() > dw
            ? i.description().substring(0, dw - 1) + "…"
            : i.description();
        String state = i.exercised()
            ? "yes"
            : i.exemptReason != null ? "exempt: " + i.exemptReason() : "NO: " + i.missing();
        sb.append(String.format(
            Locale.ROOT,
            "  %-9s %-" + w + "s %-" + dw + "s %5d %5d %7d  %s%n",
            i.kind().label(),
            i.id(),
            d,
            i.fired(),
            i.notFired(),
            i.notReached(),
            state));
      }
      return sb.toString();
    }

    /** The JSON form: {@code {definition, fixtures, covered, total, percent, items: [...]}}. */
    public ObjectNode toJson() {
      ObjectNode o = JsonNodeFactory.instance.objectNode();
      o.put("definition", definition)
          .put("fixtures", fixtures)
          .put("covered", coveredCount())
          .put("total", items.size())
          .put("percent", Math.round(percent() * 10) / 10.0);
      ArrayNode a = o.putArray("items");
      for (Item i : items) {
        ObjectNode n = a.addObject();
        n.put("kind", i.kind().label()).put("id", i.id()).put("reads", i.description());
        if (i.location() != null) {
          n.put("location", i.location().position());
        }
        n.put("fired", i.fired())
            .put("false", i.notFired())
            .put("notReached", i.notReached())
            .put("exercised", i.exercised())
            .put("covered", i.covered());
        if (i.exemptReason() != null) {
          n.put("exemptReason", i.exemptReason());
        }
        if (!i.covered()) {
          n.put("missing", i.missing());
        }
      }
      return o;
    }
  }

  /** One fixture to count: its folder and object. */
  public record Fixture(String name, Path directory, JsonNode object) {}

  private final WorkloadMap wm;
  private final YamlReader yaml = new YamlReader();

  public DefinitionCoverage(WorkloadMap wm) {
    this.wm = wm;
  }

  /**
   * The coverage of {@code prepared} over {@code fixtures}. A fixture whose object does not resolve counts as not
   * reaching anything.
   */
  public Result compute(PreparedDefinition prepared, List<Fixture> fixtures) {
    return compute(prepared, fixtures, Map.of());
  }

  /**
   * Like {@link #compute(PreparedDefinition, List)}, with items a front-end saw exercised on a fixture by other means
   * (by fixture name, item ids such as {@code suspend.job.suspendActions}: the write round trip suspended and resumed
   * that fixture's object with only the action paths changing).
   */
  public Result compute(
      PreparedDefinition prepared, List<Fixture> fixtures, Map<String, Set<String>> alsoExercised) {
    Definition d = prepared.definition();
    Map<String, int[]> counts = new LinkedHashMap<>();
    Map<String, Item> templates = new LinkedHashMap<>();
    declare(d, templates);
    templates.keySet().forEach(k -> counts.put(k, new int[3]));
    for (Fixture f : fixtures) {
      Map<String, Boolean> seen = new LinkedHashMap<>();
      WorkloadTree tree;
      try {
        tree = wm.resolve(prepared, f.object());
      } catch (WorkloadMapException e) {
        tree = null;
      }
      if (tree != null) {
        observeTree(d, tree, seen);
        if (d.rootComponent().statusDefinition() != null) {
          StatusResult st = wm.status(prepared, f.object(), (status, matcher, part, result) -> {
            if (!part.isEmpty()) {
              seen.merge(matcherId(status, matcher, part), result, Boolean::logicalOr);
            }
          });
          StatusDefinition sd = d.rootComponent().statusDefinition();
          if (sd.phasePath() != null) {
            seen.put(
                pathId(d.rootComponent(), "phaseDefinition"), st != null && st.phase() != null);
          }
          if (sd.conditions() != null) {
            seen.put(
                pathId(d.rootComponent(), "conditionsDefinition"),
                st != null && !st.conditions().isEmpty());
          }
        }
      }
      observeUpdates(d, f.directory(), seen);
      observeGangs(d, f.directory(), seen);
      alsoExercised.getOrDefault(f.name(), Set.of()).forEach(id -> seen.put(id, true));
      for (Map.Entry<String, int[]> e : counts.entrySet()) {
        Boolean r = seen.get(e.getKey());
        Item t = templates.get(e.getKey());
        if (r == null) {
          // components and paths not seen on a resolved tree yielded nothing there
          e.getValue()[
              tree != null && (t.kind() == Kind.COMPONENT || t.kind() == Kind.PATH) ? 1 : 2]++;
        } else {
          e.getValue()[r ? 0 : 1]++;
        }
      }
    }
    Map<String, String> exempt = exemptions(d);
    List<Item> items = new ArrayList<>();
    for (Map.Entry<String, Item> e : templates.entrySet()) {
      Item t = e.getValue();
      int[] c = counts.get(e.getKey());
      items.add(new Item(
          t.kind(), t.id(), t.description(), t.location(), c[0], c[1], c[2], exempt.get(t.id())));
    }
    return new Result(d.name(), fixtures.size(), items);
  }

  /** The definition's {@code coverage.workloadmap.dev/*} annotations: item id to reason. */
  public static Map<String, String> exemptions(Definition d) {
    Map<String, String> out = new LinkedHashMap<>();
    JsonNode ann =
        d.source() == null ? null : d.source().root().path("metadata").path("annotations");
    if (ann != null && ann.isObject()) {
      ann.fields().forEachRemaining(e -> {
        if (e.getKey().startsWith(EXEMPT_PREFIX)
            && e.getValue().isTextual()
            && !e.getValue().asText().isBlank()) {
          out.put(e.getKey().substring(EXEMPT_PREFIX.length()), e.getValue().asText());
        }
      });
    }
    return out;
  }

  static String matcherId(WorkloadStatus status, int matcher, String part) {
    return "status." + status.mappingKey() + "." + matcher + "." + part.replace('/', '.');
  }

  private static String pathId(ComponentDefinition c, String field) {
    return "path." + c.name() + "." + field;
  }

  private static void declare(Definition d, Map<String, Item> out) {
    for (ComponentDefinition c : d.components()) {
      put(out, Kind.COMPONENT, "component." + c.name(), c.name(), d.locate(c.pointer()));
      String p = c.pointer();
      SpecDefinition s = c.specDefinition();
      if (s != null) {
        path(
            out,
            d,
            c,
            "podTemplateSpecPath",
            s.podTemplateSpecPath(),
            p + "/specDefinition/podTemplateSpecPath");
        path(out, d, c, "podSpecPath", s.podSpecPath(), p + "/specDefinition/podSpecPath");
        path(out, d, c, "metadataPath", s.metadataPath(), p + "/specDefinition/metadataPath");
        if (s.fragmentedPodSpecDefinition() != null) {
          s.fragmentedPodSpecDefinition()
              .paths()
              .forEach((field, expr) -> path(
                  out,
                  d,
                  c,
                  "fragmented." + field,
                  expr,
                  p + "/specDefinition/fragmentedPodSpecDefinition/" + field + "Path"));
        }
      }
      ScaleDefinition sc = c.scaleDefinition();
      if (sc != null) {
        path(out, d, c, "replicas", sc.replicasPath(), p + "/scaleDefinition/replicasPath");
        path(
            out, d, c, "minReplicas", sc.minReplicasPath(), p + "/scaleDefinition/minReplicasPath");
        path(
            out, d, c, "maxReplicas", sc.maxReplicasPath(), p + "/scaleDefinition/maxReplicasPath");
      }
      path(out, d, c, "instanceIdPath", c.instanceIdPath(), p + "/instanceIdPath");
      StatusDefinition st = c.statusDefinition();
      if (st != null && c == d.rootComponent()) {
        path(
            out,
            d,
            c,
            "phaseDefinition",
            st.phasePath(),
            p + "/statusDefinition/phaseDefinition/path");
        path(
            out,
            d,
            c,
            "conditionsDefinition",
            st.conditions() == null ? null : st.conditions().path(),
            p + "/statusDefinition/conditionsDefinition/path");
        for (WorkloadStatus ws : WorkloadStatus.MATCH_ORDER) {
          List<StatusMatcher> ms = st.statusMappings().get(ws);
          if (ms == null) {
            continue;
          }
          for (int i = 0; i < ms.size(); i++) {
            StatusMatcher m = ms.get(i);
            String mp = p + "/statusDefinition/statusMappings/" + ws.mappingKey() + "/" + i;
            if (m.byPhase() != null && !m.byPhase().isEmpty()) {
              put(
                  out,
                  Kind.MATCHER,
                  matcherId(ws, i, "byPhase"),
                  ws.displayName() + ": phase == " + m.byPhase(),
                  d.locate(mp + "/byPhase"));
            }
            for (int j = 0; j < m.byConditions().size(); j++) {
              var ec = m.byConditions().get(j);
              String desc = ws.displayName() + ": " + ec.type()
                  + (ec.status() == null || ec.status().isEmpty() ? "" : "=" + ec.status())
                  + (ec.reason() == null || ec.reason().isEmpty() ? "" : " reason " + ec.reason());
              put(
                  out,
                  Kind.MATCHER,
                  matcherId(ws, i, "byConditions/" + j),
                  desc,
                  d.locate(mp + "/byConditions/" + j));
            }
            if (m.byExpression() != null) {
              String e = m.byExpression().expression().replaceAll("\\s+", " ").strip();
              put(
                  out,
                  Kind.MATCHER,
                  matcherId(ws, i, "byExpression"),
                  ws.displayName() + ": " + e + " == " + m.byExpression().expectedResult(),
                  d.locate(mp + "/byExpression"));
            }
          }
        }
      }
      if (c.suspendDefinition() != null) {
        if (!c.suspendDefinition().suspendActions().isEmpty()) {
          put(
              out,
              Kind.SUSPEND,
              "suspend." + c.name() + ".suspendActions",
              actions(c.suspendDefinition().suspendActions()),
              d.locate(p + "/suspendDefinition/suspendActions"));
        }
        if (!c.suspendDefinition().resumeActions().isEmpty()) {
          put(
              out,
              Kind.SUSPEND,
              "suspend." + c.name() + ".resumeActions",
              actions(c.suspendDefinition().resumeActions()),
              d.locate(p + "/suspendDefinition/resumeActions"));
        }
      }
    }
    GangScheduling g = d.gangScheduling();
    if (g != null) {
      String gp = "/spec/optimizationInstructions/gangScheduling";
      for (int i = 0; i < g.podGroups().size(); i++) {
        var e = g.podGroups().get(i);
        put(
            out,
            Kind.GANG,
            "gang.podGroups." + e.name(),
            "podGroups " + e.name() + " ("
                + e.members().stream().map(GangScheduling.Member::componentName).toList() + ")",
            d.locate(gp + "/podGroups/" + i));
      }
      if (g.podGroup() != null) {
        put(
            out,
            Kind.GANG,
            "gang.podGroup",
            "podGroup "
                + g.podGroup().subGroups().stream()
                    .map(GangScheduling.SubGroup::componentName)
                    .toList(),
            d.locate(gp + "/podGroup"));
      }
    }
  }

  private static String actions(List<dev.workloadmap.sdk.definition.SuspendDefinition.Action> a) {
    return String.join(", ", a.stream().map(x -> x.path() + " = " + x.value()).toList());
  }

  private static void path(
      Map<String, Item> out,
      Definition d,
      ComponentDefinition c,
      String field,
      String expr,
      String pointer) {
    if (expr != null && !expr.isEmpty()) {
      put(
          out,
          Kind.PATH,
          pathId(c, field),
          expr.replaceAll("\\s+", " ").strip(),
          d.locate(pointer));
    }
  }

  private static void put(
      Map<String, Item> out, Kind kind, String id, String description, SourceLocation loc) {
    out.putIfAbsent(id, new Item(kind, id, description, loc, 0, 0, 0, null));
  }

  private static void observeTree(Definition d, WorkloadTree tree, Map<String, Boolean> seen) {
    List<ComponentNode> stack = new ArrayList<>(List.of(tree.root()));
    while (!stack.isEmpty()) {
      ComponentNode n = stack.remove(stack.size() - 1);
      stack.addAll(n.children());
      ComponentDefinition c = n.definition();
      seen.put("component." + c.name(), !n.instances().isEmpty());
      BiConsumer<String, Boolean> mark =
          (field, v) -> seen.merge(pathId(c, field), v, Boolean::logicalOr);
      for (InstanceNode in : n.instances()) {
        InstanceRecord r = in.record();
        mark.accept(
            "podTemplateSpecPath",
            r.podTemplateSpec() != null && !r.podTemplateSpec().isNull());
        mark.accept("podSpecPath", r.podSpec() != null && !r.podSpec().isNull());
        mark.accept(
            "metadataPath",
            r.metadata() != null && !r.metadata().isNull() && !r.metadata().isEmpty());
        if (r.fragmentedPodSpec() != null) {
          r.fragmentedPodSpec()
              .fields()
              .forEach((field, v) -> mark.accept("fragmented." + field, !empty(v)));
        }
        if (r.scale() != null) {
          mark.accept("replicas", r.scale().replicas() != null);
          mark.accept("minReplicas", r.scale().minReplicas() != null);
          mark.accept("maxReplicas", r.scale().maxReplicas() != null);
        }
        mark.accept("instanceIdPath", !in.record().id().isEmpty());
      }
    }
  }

  private static boolean empty(JsonNode v) {
    return v == null
        || v.isNull()
        || (v.isTextual() && v.asText().isEmpty())
        || (v.isContainerNode() && v.isEmpty());
  }

  private void observeUpdates(Definition d, Path fixtureDir, Map<String, Boolean> seen) {
    Path updates = fixtureDir.resolve("updates");
    if (!Files.isDirectory(updates)) {
      return;
    }
    List<Path> files;
    try (Stream<Path> s = Files.list(updates)) {
      files = s.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
    } catch (IOException e) {
      throw new WorkloadMapIOException("cannot list " + updates, e);
    }
    for (Path f : files) {
      JsonNode ops;
      try {
        List<YamlDocument> docs = yaml.readAll(f);
        ops = docs.isEmpty() ? null : docs.get(0).root().path("operations");
      } catch (YamlException e) {
        continue; // the update case itself reports it
      }
      if (ops == null || !ops.isArray()) {
        continue;
      }
      for (JsonNode op : ops) {
        for (String verb : List.of("suspend", "resume")) {
          if (op.has(verb)) {
            JsonNode v = op.get(verb);
            String comp = v == null || v.isNull() || v.asText().isEmpty()
                ? d.rootComponent().name()
                : v.asText();
            seen.put("suspend." + comp + "." + verb + "Actions", true);
          }
        }
      }
    }
  }

  private void observeGangs(Definition d, Path fixtureDir, Map<String, Boolean> seen) {
    Path expected = fixtureDir.resolve("expected.yaml");
    if (d.gangScheduling() == null
        || !Files.isRegularFile(fixtureDir.resolve("pods.yaml"))
        || !Files.isRegularFile(expected)) {
      return;
    }
    JsonNode groups;
    try {
      List<YamlDocument> docs = yaml.readAll(expected);
      groups = docs.isEmpty() ? null : docs.get(0).root().path("gangs").path("groups");
    } catch (YamlException e) {
      return;
    }
    if (groups == null || !groups.isArray()) {
      return;
    }
    for (JsonNode g : groups) {
      if ("podGroup".equals(g.path("form").asText())) {
        seen.put("gang.podGroup", true);
      } else {
        seen.put("gang.podGroups." + g.path("name").asText(), true);
      }
    }
  }
}
