package dev.workloadmap.sdk.authoring;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.tree.ComponentNode;
import dev.workloadmap.sdk.tree.InstanceNode;
import dev.workloadmap.sdk.tree.WorkloadTree;
import dev.workloadmap.sdk.yaml.YamlDocument;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * The reference's {@code hack/karta-verify} check: what a definition extracted from one object (an {@link
 * Observation}), the warnings for a valid but empty extraction, and a comparison with a partial prediction written
 * beforehand. The prediction file format is the reference tool's, unchanged:
 *
 * <pre>
 * status: [Running]            # compared as a set, when present
 * components:
 * - key: group                 # "name", "name[instanceId]" for a multi-instance component, prefixed by the
 *   replicas: 3                #   owner's key and "/" when nested ("group/leader", "set[a]/worker")
 *   minReplicas: 1             # each field compared only when present
 *   maxReplicas: 5
 *   podSpec: true              # whether a pod spec was extracted (components with a specDefinition)
 *   containers: [nginx]        # container names, compared as a set
 * </pre>
 *
 * <p>The rows are the root's descendants (like the reference's walk of the tree's children), and the root itself
 * when it bears pods.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Prediction {

  private Prediction() {}

  /** One extracted component instance; in a prediction every field but the key may be null (not compared). */
  public record Row(
      String key,
      Integer replicas,
      Integer minReplicas,
      Integer maxReplicas,
      Boolean podSpec,
      List<String> containers) {}

  /**
   * What was extracted.
   *
   * @param status the statuses ({@code null} in a prediction that does not predict them)
   * @param components one row per component instance
   * @param noInstances components (by key prefix and name) that produced no instance
   */
  public record Observation(List<String> status, List<Row> components, List<String> noInstances) {}

  /** The observation of a resolved tree. */
  public static Observation observe(WorkloadTree tree) {
    List<Row> rows = new ArrayList<>();
    List<String> none = new ArrayList<>();
    if (tree.root().podBearing()) {
      walk("", List.of(tree.root()), rows, none, false);
    } else {
      walk("", tree.root().children(), rows, none, true);
    }
    return new Observation(tree.phases(), rows, none);
  }

  private static void walk(
      String prefix,
      List<ComponentNode> nodes,
      List<Row> rows,
      List<String> none,
      boolean descend) {
    for (ComponentNode n : nodes) {
      if (n.instances().isEmpty()) {
        none.add(prefix + n.name());
      }
      for (InstanceNode in : n.instances()) {
        String key = prefix + n.name() + (n.multiInstance() ? "[" + in.record().id() + "]" : "");
        Integer r = null;
        Integer min = null;
        Integer max = null;
        if (in.record().scale() != null) {
          r = in.record().scale().replicas();
          min = in.record().scale().minReplicas();
          max = in.record().scale().maxReplicas();
        }
        List<String> containers = new ArrayList<>();
        boolean extracted = false;
        var rec = in.record();
        if (rec.podTemplateSpec() != null && !rec.podTemplateSpec().isNull()) {
          extracted = true;
          names(rec.podTemplateSpec().path("spec").path("containers"), containers);
        } else if (rec.podSpec() != null && !rec.podSpec().isNull()) {
          extracted = true;
          names(rec.podSpec().path("containers"), containers);
        } else if (rec.fragmentedPodSpec() != null) {
          extracted = true;
          names(rec.fragmentedPodSpec().get("containers"), containers);
          JsonNode one = rec.fragmentedPodSpec().get("container");
          if (one != null && one.isObject() && !one.isEmpty()) {
            containers.add(one.path("name").asText(""));
          }
        }
        Boolean podSpec = n.definition().hasPodDefinition() ? extracted : null;
        rows.add(new Row(key, r, min, max, podSpec, List.copyOf(containers)));
        if (descend) {
          walk(key + "/", n.children(), rows, none, true);
        }
      }
      if (!descend) {
        walk("", n.children(), rows, none, true);
      }
    }
  }

  private static void names(JsonNode list, List<String> out) {
    if (list != null && list.isArray()) {
      list.forEach(c -> out.add(c.path("name").asText("")));
    }
  }

  /** The reference's warnings, in its order and words. */
  public static List<String> warnings(Observation o) {
    List<String> w = new ArrayList<>();
    if (o.status().isEmpty() || o.status().equals(List.of("Undefined"))) {
      w.add("status is unresolved: no rule in statusDefinition matched this object");
    }
    for (Row r : o.components()) {
      if (Boolean.FALSE.equals(r.podSpec())) {
        w.add(
            r.key() + " declares a specDefinition but extracted no pod spec: the spec path missed");
      }
      if (Boolean.TRUE.equals(r.podSpec()) && r.containers().isEmpty()) {
        w.add(r.key() + " extracted a pod spec with no containers");
      }
    }
    for (String n : o.noInstances()) {
      w.add(n + " produced no instances: instanceIdPath matched nothing");
    }
    return w;
  }

  /**
   * Reads a prediction file's document.
   *
   * @throws IllegalArgumentException naming the file, line and column of a field of the wrong shape
   */
  public static Observation parse(YamlDocument doc) {
    if (doc == null) {
      return new Observation(null, List.of(), List.of());
    }
    JsonNode root = doc.root();
    if (root.isNull() || root.isMissingNode()) {
      return new Observation(null, List.of(), List.of());
    }
    if (!root.isObject()) {
      throw bad(doc, "", "a prediction file is a mapping with status and components");
    }
    Set<String> known = Set.of("status", "components");
    root.fieldNames().forEachRemaining(f -> {
      if (!known.contains(f)) {
        throw bad(doc, "/" + f, "unknown field \"" + f + "\" (fields: status, components)");
      }
    });
    List<String> status = null;
    if (root.has("status") && !root.get("status").isNull()) {
      status = strings(doc, "/status", root.get("status"));
    }
    List<Row> rows = new ArrayList<>();
    JsonNode comps = root.path("components");
    if (!comps.isMissingNode() && !comps.isNull()) {
      if (!comps.isArray()) {
        throw bad(doc, "/components", "components must be a list of {key, replicas, ...}");
      }
      for (int i = 0; i < comps.size(); i++) {
        JsonNode c = comps.get(i);
        String p = "/components/" + i;
        if (!c.isObject() || !c.path("key").isTextual()) {
          throw bad(
              doc,
              p,
              "each component needs a key (\"name\", \"name[instanceId]\" or \"owner/child\")");
        }
        Set<String> fields =
            Set.of("key", "replicas", "minReplicas", "maxReplicas", "podSpec", "containers");
        c.fieldNames().forEachRemaining(f -> {
          if (!fields.contains(f)) {
            throw bad(
                doc,
                p + "/" + f,
                "unknown field \"" + f + "\" (fields: " + String.join(", ", fields) + ")");
          }
        });
        rows.add(new Row(
            c.get("key").asText(),
            integer(doc, p + "/replicas", c.get("replicas")),
            integer(doc, p + "/minReplicas", c.get("minReplicas")),
            integer(doc, p + "/maxReplicas", c.get("maxReplicas")),
            bool(doc, p + "/podSpec", c.get("podSpec")),
            c.has("containers") && !c.get("containers").isNull()
                ? strings(doc, p + "/containers", c.get("containers"))
                : null));
      }
    }
    return new Observation(status, rows, List.of());
  }

  private static IllegalArgumentException bad(YamlDocument doc, String pointer, String message) {
    return new IllegalArgumentException(doc.locate(pointer).prefix() + message
        + " (hint: see the prediction format of hack/karta-verify: status, components[key, replicas, minReplicas,"
        + " maxReplicas, podSpec, containers])");
  }

  private static Integer integer(YamlDocument doc, String p, JsonNode n) {
    if (n == null || n.isNull()) {
      return null;
    }
    if (!n.isIntegralNumber()) {
      throw bad(doc, p, "must be an integer");
    }
    return n.intValue();
  }

  private static Boolean bool(YamlDocument doc, String p, JsonNode n) {
    if (n == null || n.isNull()) {
      return null;
    }
    if (!n.isBoolean()) {
      throw bad(doc, p, "must be true or false");
    }
    return n.booleanValue();
  }

  private static List<String> strings(YamlDocument doc, String p, JsonNode n) {
    if (!n.isArray()) {
      throw bad(doc, p, "must be a list of strings");
    }
    List<String> out = new ArrayList<>();
    n.forEach(x -> out.add(x.asText()));
    return out;
  }

  /** Only what the prediction declares is compared (the reference's messages). */
  public static List<String> compare(Observation predicted, Observation observed) {
    List<String> out = new ArrayList<>();
    if (predicted.status() != null
        && !sorted(predicted.status()).equals(sorted(observed.status()))) {
      out.add("status: predicted " + list(predicted.status()) + ", extracted "
          + list(observed.status()));
    }
    Map<String, Row> byKey = new LinkedHashMap<>();
    observed.components().forEach(r -> byKey.put(r.key(), r));
    for (Row want : predicted.components()) {
      Row got = byKey.get(want.key());
      if (got == null) {
        out.add(want.key() + ": predicted but not extracted; extracted keys are "
            + list(byKey.keySet().stream().sorted().toList()));
        continue;
      }
      num(out, want.key(), "replicas", want.replicas(), got.replicas());
      num(out, want.key(), "minReplicas", want.minReplicas(), got.minReplicas());
      num(out, want.key(), "maxReplicas", want.maxReplicas(), got.maxReplicas());
      if (want.podSpec() != null && !want.podSpec().equals(got.podSpec())) {
        out.add(want.key() + " podSpec: predicted " + yesNo(want.podSpec()) + ", extracted "
            + yesNo(got.podSpec()));
      }
      if (want.containers() != null
          && !sorted(want.containers()).equals(sorted(got.containers()))) {
        out.add(want.key() + " containers: predicted " + list(want.containers()) + ", extracted "
            + list(got.containers()));
      }
    }
    return out;
  }

  /** How many values a prediction declares. */
  public static int countPredicted(Observation p) {
    int n = p.status() != null ? 1 : 0;
    for (Row r : p.components()) {
      for (Object o :
          new Object[] {r.replicas(), r.minReplicas(), r.maxReplicas(), r.podSpec(), r.containers()
          }) {
        if (o != null) {
          n++;
        }
      }
    }
    return n;
  }

  /** The observation in the prediction format (YAML), as {@code --dump} writes it. */
  public static String dump(Observation o) {
    StringBuilder sb = new StringBuilder();
    sb.append("status:").append(o.status().isEmpty() ? " []\n" : "\n");
    o.status().forEach(s -> sb.append("- ").append(s).append('\n'));
    sb.append("components:").append(o.components().isEmpty() ? " []\n" : "\n");
    for (Row r : o.components()) {
      sb.append("- key: ").append(quote(r.key())).append('\n');
      if (r.replicas() != null) {
        sb.append("  replicas: ").append(r.replicas()).append('\n');
      }
      if (r.minReplicas() != null) {
        sb.append("  minReplicas: ").append(r.minReplicas()).append('\n');
      }
      if (r.maxReplicas() != null) {
        sb.append("  maxReplicas: ").append(r.maxReplicas()).append('\n');
      }
      if (r.podSpec() != null) {
        sb.append("  podSpec: ").append(r.podSpec()).append('\n');
      }
      if (!r.containers().isEmpty()) {
        sb.append("  containers:\n");
        r.containers().forEach(c -> sb.append("  - ").append(quote(c)).append('\n'));
      }
    }
    return sb.toString();
  }

  private static String quote(String s) {
    return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }

  private static void num(List<String> out, String key, String field, Integer want, Integer got) {
    if (want != null && !want.equals(got)) {
      out.add(key + " " + field + ": predicted " + want + ", extracted "
          + (got == null ? "<none>" : got));
    }
  }

  private static List<String> sorted(List<String> l) {
    return l == null ? List.of() : l.stream().sorted().toList();
  }

  /** The reference's list format: comma-joined, {@code <none>} when empty. */
  public static String list(List<String> l) {
    return l == null || l.isEmpty() ? "<none>" : String.join(",", l);
  }

  /** The reference's boolean format. */
  public static String yesNo(Boolean b) {
    return b == null ? "n/a" : b ? "yes" : "NO";
  }
}
