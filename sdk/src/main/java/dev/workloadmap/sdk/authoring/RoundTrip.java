package dev.workloadmap.sdk.authoring;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.workloadmap.sdk.PreparedDefinition;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.WorkloadMapException;
import dev.workloadmap.sdk.definition.ComponentDefinition;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.definition.SuspendDefinition;
import dev.workloadmap.sdk.extract.FragmentedPodSpec;
import dev.workloadmap.sdk.extract.InstanceRecord;
import dev.workloadmap.sdk.internal.lint.ReadPaths;
import dev.workloadmap.sdk.tree.ComponentNode;
import dev.workloadmap.sdk.tree.InstanceNode;
import dev.workloadmap.sdk.tree.WorkloadTree;
import dev.workloadmap.sdk.update.UpdateResult;
import dev.workloadmap.sdk.update.WorkloadUpdate;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * The write round trip of a definition on one object, through the SDK's {@link WorkloadUpdate} (never a write of its
 * own): per pod-bearing component,
 *
 * <ol>
 *   <li><b>identity</b>: writing every instance's extracted pod spec back changes nothing;
 *   <li><b>probe</b>: writing one new leaf per instance ({@code spec.nodeSelector["workloadmap.dev/round-trip"]} for a
 *       PodTemplateSpec or PodSpec; for a fragmented spec its {@code schedulerName}, else a label, else the image)
 *       changes exactly that leaf of each instance and nothing else;
 * </ol>
 *
 * and per component with a {@code suspendDefinition}, <b>suspend-resume</b>: suspend, then resume, changes only the
 * fields the actions name (after each step). Changes are compared leaf by leaf (JSON pointers); every unexpected
 * change is a finding. A component with no instance on the object is {@link Outcome#SKIPPED}, never clean. The input
 * object is never modified (checked too).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class RoundTrip {

  /** The probe's node selector key and label key. */
  public static final String PROBE_KEY = "workloadmap.dev/round-trip";

  /** How one check ended. */
  public enum Outcome {
    CLEAN,
    FINDINGS,
    SKIPPED
  }

  /**
   * One check of one component.
   *
   * @param component the component
   * @param check {@code identity}, {@code probe} or {@code suspend-resume}
   * @param outcome clean, findings or skipped
   * @param detail what was written, or why it was skipped
   * @param findings each unexpected change ({@code /spec/x: changed}) or failure
   */
  public record Check(
      String component, String check, Outcome outcome, String detail, List<String> findings) {
    public Check {
      findings = List.copyOf(findings);
    }
  }

  /** The checks of one object. */
  public record Result(String definition, String object, List<Check> checks) {
    public Result {
      checks = List.copyOf(checks);
    }

    public long count(Outcome o) {
      return checks.stream().filter(c -> c.outcome() == o).count();
    }

    public String text() {
      StringBuilder sb = new StringBuilder();
      sb.append(String.format(
          Locale.ROOT,
          "Round trip %s on %s: %d clean, %d findings, %d skipped%n",
          definition,
          object,
          count(Outcome.CLEAN),
          count(Outcome.FINDINGS),
          count(Outcome.SKIPPED)));
      for (Check c : checks) {
        sb.append(String.format(
            Locale.ROOT,
            "  %-24s %-15s %-8s %s%n",
            c.component(),
            c.check(),
            c.outcome(),
            c.detail()));
        c.findings().forEach(f -> sb.append("      finding: ").append(f).append('\n'));
      }
      return sb.toString();
    }

    public ObjectNode toJson() {
      ObjectNode o =
          JsonNodeFactory.instance.objectNode().put("definition", definition).put("object", object);
      ArrayNode a = o.putArray("checks");
      for (Check c : checks) {
        ObjectNode n = a.addObject()
            .put("component", c.component())
            .put("check", c.check())
            .put("outcome", c.outcome().name().toLowerCase(Locale.ROOT))
            .put("detail", c.detail());
        c.findings().forEach(n.putArray("findings")::add);
      }
      return o;
    }
  }

  /** The prefix of a finding that is a write the SDK refused (a computed path), not an unexpected change. */
  public static final String REFUSED_WRITE = "write failed: ";

  /** Whether {@code finding} is a refused write (read-only by design) rather than an unexpected change. */
  public static boolean isRefusedWrite(String finding) {
    return finding.startsWith(REFUSED_WRITE);
  }

  private final WorkloadMap wm;

  public RoundTrip(WorkloadMap wm) {
    this.wm = wm;
  }

  /** Runs every check of {@code prepared} on {@code object} (named {@code objectName} in the result). */
  public Result run(PreparedDefinition prepared, JsonNode object, String objectName) {
    Definition d = prepared.definition();
    JsonNode pristine = object.deepCopy();
    List<Check> checks = new ArrayList<>();
    WorkloadTree tree;
    try {
      tree = wm.resolve(prepared, object);
    } catch (WorkloadMapException e) {
      checks.add(new Check(
          d.rootComponent().name(),
          "resolve",
          Outcome.FINDINGS,
          "the object does not resolve",
          List.of(e.getMessage())));
      return new Result(d.name(), objectName, checks);
    }
    Map<String, ComponentNode> nodes = new LinkedHashMap<>();
    List<ComponentNode> stack = new ArrayList<>(List.of(tree.root()));
    while (!stack.isEmpty()) {
      ComponentNode n = stack.remove(0);
      nodes.put(n.name(), n);
      stack.addAll(n.children());
    }
    for (ComponentDefinition c : d.components()) {
      ComponentNode node = nodes.get(c.name());
      List<InstanceNode> instances = node == null ? List.of() : node.instances();
      if (c.hasPodDefinition()) {
        if (instances.isEmpty()) {
          checks.add(new Check(
              c.name(), "identity", Outcome.SKIPPED, "no instance on this object", List.of()));
          checks.add(new Check(
              c.name(), "probe", Outcome.SKIPPED, "no instance on this object", List.of()));
        } else {
          checks.add(identity(prepared, c, object, instances));
          checks.add(probe(prepared, c, object, instances));
        }
      }
      if (c.suspendDefinition() != null
          && !(c.suspendDefinition().suspendActions().isEmpty()
              && c.suspendDefinition().resumeActions().isEmpty())) {
        checks.add(
            instances.isEmpty() && c != d.rootComponent()
                ? new Check(
                    c.name(),
                    "suspend-resume",
                    Outcome.SKIPPED,
                    "no instance on this object",
                    List.of())
                : suspendResume(prepared, c, object));
      }
    }
    if (!object.equals(pristine)) {
      checks.add(new Check(
          d.rootComponent().name(),
          "input",
          Outcome.FINDINGS,
          "the input object",
          List.of("the round trip modified its input object (writes must work on a copy)")));
    }
    return new Result(d.name(), objectName, checks);
  }

  private Check identity(
      PreparedDefinition p, ComponentDefinition c, JsonNode object, List<InstanceNode> instances) {
    WorkloadUpdate u = wm.update(p, object);
    String what;
    if (notEmpty(c.specDefinition().podTemplateSpecPath())) {
      Map<String, JsonNode> v = new LinkedHashMap<>();
      instances.forEach(i -> v.put(i.record().id(), i.record().podTemplateSpec()));
      u = u.podTemplateSpecs(c.name(), v);
      what = "podTemplateSpecs";
    } else if (notEmpty(c.specDefinition().podSpecPath())) {
      Map<String, JsonNode> v = new LinkedHashMap<>();
      instances.forEach(i -> v.put(i.record().id(), i.record().podSpec()));
      u = u.podSpecs(c.name(), v);
      what = "podSpecs";
      if (notEmpty(c.specDefinition().metadataPath())) {
        Map<String, JsonNode> m = new LinkedHashMap<>();
        instances.forEach(i -> m.put(i.record().id(), i.record().metadata()));
        u = u.podMetadata(c.name(), m);
        what += " + podMetadata";
      }
    } else {
      Map<String, FragmentedPodSpec> v = new LinkedHashMap<>();
      instances.forEach(i -> v.put(
          i.record().id(),
          i.record().fragmentedPodSpec() == null
              ? new FragmentedPodSpec(Map.of())
              : i.record().fragmentedPodSpec()));
      u = u.fragmentedPodSpecs(c.name(), v);
      what = "fragmentedPodSpecs";
    }
    String detail = what + " written back as extracted (" + instances.size() + " instance(s))";
    try {
      UpdateResult r = u.apply();
      List<String> changed = changedLeaves(object, r.object());
      return new Check(
          c.name(),
          "identity",
          changed.isEmpty() ? Outcome.CLEAN : Outcome.FINDINGS,
          detail,
          changed.stream().map(x -> x + ": changed by an identity write").toList());
    } catch (WorkloadMapException e) {
      return new Check(
          c.name(),
          "identity",
          Outcome.FINDINGS,
          detail,
          List.of(REFUSED_WRITE + oneLine(e.getMessage())));
    }
  }

  private Check probe(
      PreparedDefinition p, ComponentDefinition c, JsonNode object, List<InstanceNode> instances) {
    WorkloadUpdate u = wm.update(p, object);
    Map<String, String> probeValue = new LinkedHashMap<>();
    for (int i = 0; i < instances.size(); i++) {
      probeValue.put(instances.get(i).record().id(), "probe-" + i);
    }
    String detail;
    String leafSuffix;
    Map<String, JsonNode> written;
    if (notEmpty(c.specDefinition().podTemplateSpecPath())
        || notEmpty(c.specDefinition().podSpecPath())) {
      boolean template = notEmpty(c.specDefinition().podTemplateSpecPath());
      Map<String, JsonNode> v = new LinkedHashMap<>();
      for (InstanceNode i : instances) {
        InstanceRecord r = i.record();
        JsonNode cur = template ? r.podTemplateSpec() : r.podSpec();
        ObjectNode copy = cur != null && cur.isObject()
            ? ((ObjectNode) cur).deepCopy()
            : JsonNodeFactory.instance.objectNode();
        ObjectNode spec = template ? objectAt(copy, "spec") : copy;
        objectAt(spec, "nodeSelector").put(PROBE_KEY, probeValue.get(r.id()));
        v.put(r.id(), copy);
      }
      u = template ? u.podTemplateSpecs(c.name(), v) : u.podSpecs(c.name(), v);
      written = v;
      detail = "nodeSelector " + PROBE_KEY + " per instance";
      leafSuffix = "/nodeSelector/" + PROBE_KEY.replace("~", "~0").replace("/", "~1");
    } else {
      Map<String, String> paths =
          c.specDefinition().fragmentedPodSpecDefinition().paths();
      String field = notEmpty(paths.get("schedulerName"))
          ? "schedulerName"
          : notEmpty(paths.get("labels"))
              ? "labels"
              : notEmpty(paths.get("image")) ? "image" : null;
      if (field == null) {
        return new Check(
            c.name(),
            "probe",
            Outcome.SKIPPED,
            "fragmented spec without schedulerNamePath, labelsPath or imagePath: nothing to probe",
            List.of());
      }
      Map<String, JsonNode> v = new LinkedHashMap<>();
      for (InstanceNode i : instances) {
        String id = i.record().id();
        if (field.equals("labels")) {
          JsonNode cur = i.record().fragmentedPodSpec() == null
              ? null
              : i.record().fragmentedPodSpec().get("labels");
          ObjectNode labels = cur != null && cur.isObject()
              ? ((ObjectNode) cur).deepCopy()
              : JsonNodeFactory.instance.objectNode();
          labels.put(PROBE_KEY, probeValue.get(id));
          v.put(id, labels);
        } else {
          v.put(
              id,
              TextNode.valueOf(
                  field.equals("image")
                      ? "registry.invalid/" + probeValue.get(id)
                      : probeValue.get(id)));
        }
      }
      u = u.fragmentedField(c.name(), field, v);
      written = v;
      detail = "fragmented " + field + " per instance";
      leafSuffix = null;
    }
    UpdateResult r;
    try {
      r = u.apply();
    } catch (WorkloadMapException e) {
      return new Check(
          c.name(),
          "probe",
          Outcome.FINDINGS,
          detail,
          List.of(REFUSED_WRITE + oneLine(e.getMessage())));
    }
    List<String> findings = new ArrayList<>();
    Map<String, JsonNode> newValues = new LinkedHashMap<>();
    List<String> changed = changedLeaves(object, r.object(), newValues);
    Set<String> landed = new LinkedHashSet<>();
    Set<String> materialised = new LinkedHashSet<>();
    for (String leaf : changed) {
      JsonNode nv = newValues.get(leaf);
      String text = nv == null ? null : nv.asText();
      String id = probeValue.entrySet().stream()
          .filter(e -> text != null
              && (text.equals(e.getValue()) || text.equals("registry.invalid/" + e.getValue())))
          .map(Map.Entry::getKey)
          .findFirst()
          .orElse(null);
      boolean where = leafSuffix == null || leaf.endsWith(leafSuffix);
      if (id != null && where && landed.add(id)) {
        continue;
      }
      String root = materialisedRoot(object, r.object(), leaf, written.values());
      if (root != null) {
        materialised.add(root);
      } else {
        findings.add(leaf + ": changed by the probe write, not the probed leaf");
      }
    }
    for (Map.Entry<String, String> e : probeValue.entrySet()) {
      if (!landed.contains(e.getKey())) {
        findings.add(
            "instance " + (e.getKey().isEmpty() ? "(single)" : e.getKey())
                + ": its probe write changed no leaf of its own (instances share a field, or the write was lost)");
      }
    }
    return new Check(
        c.name(),
        "probe",
        findings.isEmpty() ? Outcome.CLEAN : Outcome.FINDINGS,
        detail + " (" + instances.size() + " instance(s), " + changed.size()
            + " leaf/leaves changed"
            + (materialised.isEmpty()
                ? ""
                : "; " + MATERIALISED + String.join(", ", materialised)
                    + " from the value read through the fallback")
            + ")",
        findings);
  }

  /**
   * The place at or above {@code leaf} that the write materialised: absent or null before, and after the write holding
   * exactly one of the written values (the value read through a fallback, {@code A // B}, a default or a computed
   * value, plus the probe leaf). Its leaves other than the probe are then the read value written at A
   * (docs/format.md#write-fallback), not unexpected changes; null when there is no such place.
   */
  private static String materialisedRoot(
      JsonNode before, JsonNode after, String leaf, java.util.Collection<JsonNode> written) {
    for (int cut = leaf.length(); cut > 0; cut = leaf.lastIndexOf('/', cut - 1)) {
      String p = leaf.substring(0, cut);
      JsonNode was = before.at(p);
      if (!(was.isMissingNode() || was.isNull())) {
        return null; // the place existed: its changes are ordinary changes
      }
      JsonNode now = after.at(p);
      for (JsonNode w : written) {
        if (w != null
            && now.getNodeType() == w.getNodeType()
            && changedLeaves(w, now).isEmpty()) {
          return p;
        }
      }
    }
    return null;
  }

  /** The words a probe's detail uses for a write that created its place (docs/format.md#write-fallback). */
  public static final String MATERIALISED = "materialised ";

  private Check suspendResume(PreparedDefinition p, ComponentDefinition c, JsonNode object) {
    SuspendDefinition s = c.suspendDefinition();
    List<String> allowed = new ArrayList<>();
    for (SuspendDefinition.Action a : concat(s.suspendActions(), s.resumeActions())) {
      String ptr = pointer(a.path());
      if (ptr == null) {
        return new Check(
            c.name(),
            "suspend-resume",
            Outcome.SKIPPED,
            "action path " + a.path()
                + " is not a plain field path: its changes cannot be attributed",
            List.of());
      }
      if (!allowed.contains(ptr)) {
        allowed.add(ptr);
      }
    }
    String detail = "suspend then resume; action paths " + allowed;
    List<String> findings = new ArrayList<>();
    try {
      UpdateResult suspended = wm.update(p, object).suspend(c.name()).apply();
      for (String leaf : changedLeaves(object, suspended.object())) {
        if (!under(leaf, allowed)) {
          findings.add(leaf + ": changed by suspend, not an action path");
        }
      }
      UpdateResult resumed = wm.update(p, suspended.object()).resume(c.name()).apply();
      for (String leaf : changedLeaves(object, resumed.object())) {
        if (!under(leaf, allowed)) {
          findings.add(leaf + ": differs after suspend then resume, not an action path");
        }
      }
    } catch (WorkloadMapException e) {
      findings.add(REFUSED_WRITE + oneLine(e.getMessage()));
    }
    return new Check(
        c.name(),
        "suspend-resume",
        findings.isEmpty() ? Outcome.CLEAN : Outcome.FINDINGS,
        detail,
        findings);
  }

  private static <T> List<T> concat(List<T> a, List<T> b) {
    List<T> out = new ArrayList<>(a);
    out.addAll(b);
    return out;
  }

  private static boolean under(String leaf, List<String> allowed) {
    return allowed.stream().anyMatch(a -> leaf.equals(a) || leaf.startsWith(a + "/"));
  }

  /** The JSON pointer of a plain field path ({@code .spec.suspend}), or null. */
  static String pointer(String jqPath) {
    List<List<String>> reads;
    try {
      reads = ReadPaths.of(jqPath);
    } catch (RuntimeException e) {
      return null;
    }
    List<String> best = null;
    for (List<String> r : reads) {
      if (r.contains("[]")) {
        return null;
      }
      if (best == null || r.size() > best.size()) {
        best = r;
      }
    }
    if (best == null || best.isEmpty()) {
      return null;
    }
    StringBuilder sb = new StringBuilder();
    best.forEach(s -> sb.append('/').append(s.replace("~", "~0").replace("/", "~1")));
    return sb.toString();
  }

  private static ObjectNode objectAt(ObjectNode parent, String field) {
    JsonNode n = parent.get(field);
    if (n instanceof ObjectNode o) {
      return o;
    }
    return parent.putObject(field);
  }

  private static String oneLine(String m) {
    String first = m == null ? "" : m.strip().split("\n", 2)[0];
    return first.length() > 240 ? first.substring(0, 239) + "…" : first;
  }

  private static boolean notEmpty(String s) {
    return s != null && !s.isEmpty();
  }

  /** Every leaf pointer whose value differs between {@code a} and {@code b} (numbers by value). */
  public static List<String> changedLeaves(JsonNode a, JsonNode b) {
    return changedLeaves(a, b, new LinkedHashMap<>());
  }

  private static List<String> changedLeaves(
      JsonNode a, JsonNode b, Map<String, JsonNode> newValues) {
    List<String> out = new ArrayList<>();
    diff(a, b, "", out, newValues);
    return out;
  }

  private static void diff(
      JsonNode a, JsonNode b, String ptr, List<String> out, Map<String, JsonNode> nv) {
    if (a == null || a.isMissingNode()) {
      leaves(b, ptr, out, nv);
      return;
    }
    if (b == null || b.isMissingNode()) {
      leaves(a, ptr, out, new LinkedHashMap<>());
      return;
    }
    if (a.isObject() && b.isObject() && !a.isEmpty() && !b.isEmpty()) {
      Set<String> keys = new LinkedHashSet<>();
      a.fieldNames().forEachRemaining(keys::add);
      b.fieldNames().forEachRemaining(keys::add);
      for (String k : keys) {
        diff(a.get(k), b.get(k), ptr + "/" + k.replace("~", "~0").replace("/", "~1"), out, nv);
      }
      return;
    }
    if (a.isArray() && b.isArray() && !a.isEmpty() && !b.isEmpty()) {
      for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
        diff(a.get(i), b.get(i), ptr + "/" + i, out, nv);
      }
      return;
    }
    boolean same = a.isNumber() && b.isNumber()
        ? a.decimalValue().compareTo(b.decimalValue()) == 0
        : a.equals(b);
    if (!same) {
      if (a.isContainerNode() && a.isEmpty() && b.isContainerNode()) {
        leaves(b, ptr, out, nv);
      } else {
        out.add(ptr);
        nv.put(ptr, b);
      }
    }
  }

  private static void leaves(JsonNode n, String ptr, List<String> out, Map<String, JsonNode> nv) {
    if (n.isContainerNode() && !n.isEmpty()) {
      if (n.isObject()) {
        Iterator<Map.Entry<String, JsonNode>> it = n.fields();
        while (it.hasNext()) {
          Map.Entry<String, JsonNode> e = it.next();
          leaves(
              e.getValue(), ptr + "/" + e.getKey().replace("~", "~0").replace("/", "~1"), out, nv);
        }
      } else {
        for (int i = 0; i < n.size(); i++) {
          leaves(n.get(i), ptr + "/" + i, out, nv);
        }
      }
    } else {
      out.add(ptr);
      nv.put(ptr, n);
    }
  }
}
