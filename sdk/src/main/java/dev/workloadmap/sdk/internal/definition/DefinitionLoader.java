package dev.workloadmap.sdk.internal.definition;

import static dev.workloadmap.sdk.internal.model.NodeReader.child;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.definition.ComponentDefinition;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.definition.DefinitionForm;
import dev.workloadmap.sdk.definition.FragmentedPodSpecDefinition;
import dev.workloadmap.sdk.definition.GangScheduling;
import dev.workloadmap.sdk.definition.GangScheduling.Member;
import dev.workloadmap.sdk.definition.GangScheduling.PodGroup;
import dev.workloadmap.sdk.definition.GangScheduling.PodGroupEntry;
import dev.workloadmap.sdk.definition.GangScheduling.SubGroup;
import dev.workloadmap.sdk.definition.GangScheduling.Topology;
import dev.workloadmap.sdk.definition.Gvk;
import dev.workloadmap.sdk.definition.PodSelector;
import dev.workloadmap.sdk.definition.PodSelector.ComponentInstanceSelector;
import dev.workloadmap.sdk.definition.PodSelector.ComponentTypeSelector;
import dev.workloadmap.sdk.definition.PodSelector.ReplicaSelector;
import dev.workloadmap.sdk.definition.ScaleDefinition;
import dev.workloadmap.sdk.definition.SpecDefinition;
import dev.workloadmap.sdk.definition.StatusDefinition;
import dev.workloadmap.sdk.definition.StatusDefinition.ConditionsDefinition;
import dev.workloadmap.sdk.definition.StatusDefinition.ExpectedCondition;
import dev.workloadmap.sdk.definition.StatusDefinition.ExpressionMatcher;
import dev.workloadmap.sdk.definition.StatusDefinition.StatusMatcher;
import dev.workloadmap.sdk.definition.SuspendDefinition;
import dev.workloadmap.sdk.definition.SuspendDefinition.Action;
import dev.workloadmap.sdk.definition.WorkloadStatus;
import dev.workloadmap.sdk.internal.model.NodeReader;
import dev.workloadmap.sdk.validation.Finding;
import dev.workloadmap.sdk.validation.Severity;
import dev.workloadmap.sdk.validation.ValidationReport;
import dev.workloadmap.sdk.yaml.YamlDocument;
import dev.workloadmap.sdk.yaml.YamlReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads definitions of both forms (docs/format.md#forms, decision a) into the immutable model, applying the CRD
 * defaults of the conditions field names (decision b). Every type problem, missing required field and unknown field is
 * collected as a finding with its file, line, column and JSON pointer; nothing stops at the first problem.
 *
 * <p>Two modes: {@link Mode#STRICT} (validate, verify, lint) reports unknown fields as errors with a suggested name;
 * {@link Mode#LENIENT} (reading definitions written by others, for example from a cluster) reports them as warnings
 * and ignores them, so a newer definition still loads (docs/format.md#validation-other).
 *
 * <p>The loader checks shape only. The reference's rules (docs/format.md#validation-structure,
 * docs/format.md#validation-jq) run in {@link dev.workloadmap.sdk.internal.validation.DefinitionValidator}.
 */
public final class DefinitionLoader {

  /** How unknown fields are treated. */
  public enum Mode {
    STRICT,
    LENIENT
  }

  /**
   * The result of reading one document.
   *
   * @param definition the model, or null when the document could not be mapped (errors in {@code report})
   * @param report every finding of the YAML and shape layers
   * @param document the source document
   */
  public record Result(Definition definition, ValidationReport report, YamlDocument document) {}

  private static final Set<String> TOP = Set.of("apiVersion", "kind", "metadata", "spec", "status");
  private static final Set<String> SPEC = Set.of("structureDefinition", "optimizationInstructions");
  private static final Set<String> STRUCTURE =
      Set.of("rootComponent", "childComponents", "additionalChildKinds");
  private static final Set<String> COMPONENT_LEGACY = Set.of(
      "name",
      "kind",
      "ownerRef",
      "specDefinition",
      "scaleDefinition",
      "statusDefinition",
      "instanceIdPath",
      "podSelector");
  private static final Set<String> COMPONENT_CURRENT = plus(COMPONENT_LEGACY, "suspendDefinition");
  private static final Set<String> GVK = Set.of("group", "version", "kind");
  private static final Set<String> SPEC_DEF =
      Set.of("podTemplateSpecPath", "podSpecPath", "metadataPath", "fragmentedPodSpecDefinition");
  private static final Set<String> FRAGMENTED = Set.of(
      "schedulerNamePath",
      "labelsPath",
      "annotationsPath",
      "resourcesPath",
      "resourceClaimsPath",
      "podAffinityPath",
      "nodeAffinityPath",
      "containersPath",
      "containerPath",
      "priorityClassNamePath",
      "imagePath");
  private static final Set<String> SCALE =
      Set.of("replicasPath", "minReplicasPath", "maxReplicasPath");
  private static final Set<String> STATUS =
      Set.of("phaseDefinition", "conditionsDefinition", "statusMappings");
  private static final Set<String> PHASE = Set.of("path");
  private static final Set<String> CONDITIONS =
      Set.of("path", "typeFieldName", "statusFieldName", "messageFieldName", "reasonFieldName");
  private static final Set<String> MATCHER = Set.of("byPhase", "byConditions", "byExpression");
  private static final Set<String> EXPECTED_CONDITION = Set.of("type", "status", "reason");
  private static final Set<String> EXPRESSION = Set.of("expression", "expectedResult");
  private static final Set<String> SUSPEND = Set.of("suspendActions", "resumeActions");
  private static final Set<String> ACTION = Set.of("path", "value");
  private static final Set<String> POD_SELECTOR =
      Set.of("componentTypeSelector", "componentInstanceSelector", "replicaSelector");
  private static final Set<String> TYPE_SELECTOR_LEGACY = Set.of("keyPath", "value");
  private static final Set<String> TYPE_SELECTOR_CURRENT =
      plus(TYPE_SELECTOR_LEGACY, "matchLabels");
  private static final Set<String> INSTANCE_SELECTOR = Set.of("idPath");
  private static final Set<String> REPLICA_SELECTOR = Set.of("keyPath");
  private static final Set<String> OPTIMIZATION = Set.of("gangScheduling");
  private static final Set<String> GANG_LEGACY = Set.of("podGroups");
  private static final Set<String> GANG_CURRENT = plus(GANG_LEGACY, "podGroup");
  private static final Set<String> POD_GROUPS_ENTRY = Set.of("name", "members");
  private static final Set<String> MEMBER = Set.of("componentName", "groupByKeyPaths", "filters");
  private static final Set<String> POD_GROUP = Set.of("name", "subGroups", "topology");
  private static final Set<String> SUB_GROUP = Set.of("componentName", "topology");
  private static final Set<String> TOPOLOGY =
      Set.of("topologyName", "preferredTopologyLevel", "requiredTopologyLevel");

  private final Mode mode;
  private final YamlReader yaml;

  public DefinitionLoader(Mode mode) {
    this(mode, new YamlReader());
  }

  public DefinitionLoader(Mode mode, YamlReader yaml) {
    this.mode = mode;
    this.yaml = yaml;
  }

  /**
   * Reads every non-empty document of a file.
   *
   * @throws dev.workloadmap.sdk.yaml.YamlException the file cannot be read or is not valid YAML (with position)
   */
  public List<Result> load(Path file) {
    return loadDocuments(yaml.readAll(file));
  }

  /** Reads every non-empty document of {@code content}, naming it {@code fileName} in findings. */
  public List<Result> load(String content, String fileName) {
    return loadDocuments(yaml.readAll(content, fileName));
  }

  private List<Result> loadDocuments(List<YamlDocument> docs) {
    List<Result> out = new ArrayList<>();
    for (YamlDocument d : docs) {
      if (!d.root().isNull()) {
        out.add(load(d));
      }
    }
    return out;
  }

  /** Maps one document onto the model. */
  public Result load(YamlDocument doc) {
    NodeReader r = new NodeReader(doc, mode == Mode.STRICT);
    JsonNode root = doc.root();
    if (!root.isObject()) {
      r.add(
          "model.type",
          Severity.ERROR,
          "",
          "a definition must be a mapping with apiVersion, kind, metadata and spec, got "
              + (root.isArray() ? "a list" : "a scalar"),
          "start the document with apiVersion: run.ai/v1alpha1 and kind: Karta");
      return new Result(null, ValidationReport.of(r.findings()), doc);
    }
    String apiVersion = r.string(root, "", "apiVersion", true);
    String kind = r.string(root, "", "kind", true);
    DefinitionForm form =
        apiVersion == null || kind == null ? null : DefinitionForm.of(apiVersion, kind);
    if (form == null && apiVersion != null && kind != null) {
      r.add(
          "model.form",
          Severity.ERROR,
          "/kind",
          "not a Workload Map definition: apiVersion \"" + apiVersion + "\", kind \"" + kind + "\"",
          "use apiVersion run.ai/v1alpha1 with kind Karta (or the legacy optimization.nvidia.com/v1alpha1"
              + " ResourceInterface)");
    }
    if (form == null) {
      return new Result(null, ValidationReport.of(r.findings()), doc);
    }
    if (form == DefinitionForm.LEGACY) {
      r.add(
          "model.legacy-form",
          Severity.WARNING,
          "/kind",
          "ResourceInterface is deprecated; use run.ai/v1alpha1 Karta",
          "change apiVersion to run.ai/v1alpha1 and kind to Karta; the spec layout is the same");
    }
    r.checkFields(root, "", TOP, "a definition");
    boolean legacy = form == DefinitionForm.LEGACY;
    Reader m = new Reader(r, legacy);

    JsonNode metadata = r.object(root, "", "metadata", true);
    String name = null;
    Map<String, String> labels = Map.of();
    if (metadata != null) {
      name = r.string(metadata, "/metadata", "name", true);
      Map<String, String> l = r.stringMap(metadata, "/metadata", "labels");
      labels = l == null ? Map.of() : l;
    }
    JsonNode spec = r.object(root, "", "spec", true);
    ComponentDefinition rootComponent = null;
    List<ComponentDefinition> children = new ArrayList<>();
    List<Gvk> additional = new ArrayList<>();
    GangScheduling gang = null;
    if (spec != null) {
      r.checkFields(spec, "/spec", SPEC, "spec");
      JsonNode structure = r.object(spec, "/spec", "structureDefinition", true);
      if (structure != null) {
        String sp = "/spec/structureDefinition";
        r.checkFields(structure, sp, STRUCTURE, "structureDefinition");
        JsonNode rootNode = r.object(structure, sp, "rootComponent", true);
        if (rootNode != null) {
          rootComponent = m.component(rootNode, sp + "/rootComponent");
        }
        JsonNode childNodes = r.array(structure, sp, "childComponents", false);
        if (childNodes != null) {
          for (int i = 0; i < childNodes.size(); i++) {
            String cp = child(sp + "/childComponents", i);
            JsonNode c = childNodes.get(i);
            if (!c.isObject()) {
              r.wrongType(cp, "childComponents[" + i + "]", "an object", c);
              continue;
            }
            children.add(m.component(c, cp));
          }
        }
        JsonNode extra = r.array(structure, sp, "additionalChildKinds", false);
        if (extra != null) {
          for (int i = 0; i < extra.size(); i++) {
            String ep = child(sp + "/additionalChildKinds", i);
            JsonNode e = extra.get(i);
            if (!e.isObject()) {
              r.wrongType(ep, "additionalChildKinds[" + i + "]", "an object", e);
              continue;
            }
            r.checkFields(e, ep, GVK, "additionalChildKinds");
            String g = r.string(e, ep, "group", true);
            String v = r.string(e, ep, "version", true);
            String k = r.string(e, ep, "kind", true);
            additional.add(new Gvk(g, v, k));
          }
        }
      }
      JsonNode opt = r.object(spec, "/spec", "optimizationInstructions", false);
      if (opt != null) {
        r.checkFields(
            opt, "/spec/optimizationInstructions", OPTIMIZATION, "optimizationInstructions");
        JsonNode gs = r.object(opt, "/spec/optimizationInstructions", "gangScheduling", false);
        if (gs != null) {
          gang = m.gang(gs, "/spec/optimizationInstructions/gangScheduling");
        }
      }
    }
    List<Finding> findings = r.findings();
    boolean errors = findings.stream().anyMatch(f -> f.severity() == Severity.ERROR);
    Definition def = errors
        ? null
        : new Definition(name, form, labels, rootComponent, children, additional, gang, doc);
    return new Result(def, ValidationReport.of(findings), doc);
  }

  private static Set<String> plus(Set<String> base, String extra) {
    Set<String> s = new LinkedHashSet<>(base);
    s.add(extra);
    return Set.copyOf(s);
  }

  /** Maps the parts of a component, with the form-specific field sets. */
  private static final class Reader {
    private final NodeReader r;
    private final boolean legacy;

    Reader(NodeReader r, boolean legacy) {
      this.r = r;
      this.legacy = legacy;
    }

    private void fields(
        JsonNode n, String p, Set<String> legacySet, Set<String> currentSet, String what) {
      if (legacy) {
        Set<String> onlyCurrent = new LinkedHashSet<>(currentSet);
        onlyCurrent.removeAll(legacySet);
        r.checkFields(n, p, legacySet, onlyCurrent, what);
      } else {
        r.checkFields(n, p, currentSet, what);
      }
    }

    /** A jq path field: empty strings count as unset (the reference skips them). */
    private String path(JsonNode parent, String p, String field, boolean required) {
      String s = r.string(parent, p, field, required);
      return s == null || s.isEmpty() ? null : s;
    }

    ComponentDefinition component(JsonNode c, String p) {
      fields(c, p, COMPONENT_LEGACY, COMPONENT_CURRENT, "a component");
      String name = r.string(c, p, "name", true);
      Gvk kind = null;
      JsonNode k = r.object(c, p, "kind", false);
      if (k != null) {
        String kp = p + "/kind";
        r.checkFields(k, kp, GVK, "kind");
        kind = new Gvk(
            r.string(k, kp, "group", false),
            r.string(k, kp, "version", false),
            r.string(k, kp, "kind", false));
      }
      String ownerRef = r.string(c, p, "ownerRef", false);
      SpecDefinition spec = null;
      JsonNode s = r.object(c, p, "specDefinition", false);
      if (s != null) {
        spec = specDefinition(s, p + "/specDefinition");
      }
      ScaleDefinition scale = null;
      JsonNode sc = r.object(c, p, "scaleDefinition", false);
      if (sc != null) {
        String sp = p + "/scaleDefinition";
        r.checkFields(sc, sp, SCALE, "scaleDefinition");
        scale = new ScaleDefinition(
            path(sc, sp, "replicasPath", false),
            path(sc, sp, "minReplicasPath", false),
            path(sc, sp, "maxReplicasPath", false));
      }
      StatusDefinition status = null;
      JsonNode st = r.object(c, p, "statusDefinition", false);
      if (st != null) {
        status = statusDefinition(st, p + "/statusDefinition");
      }
      SuspendDefinition suspend = null;
      JsonNode su = c.get("suspendDefinition");
      if (!legacy && su != null && !su.isNull()) {
        JsonNode so = r.object(c, p, "suspendDefinition", false);
        if (so != null) {
          suspend = suspendDefinition(so, p + "/suspendDefinition");
        }
      }
      String instanceIdPath = path(c, p, "instanceIdPath", false);
      PodSelector selector = null;
      JsonNode ps = r.object(c, p, "podSelector", false);
      if (ps != null) {
        selector = podSelector(ps, p + "/podSelector");
      }
      return new ComponentDefinition(
          name, kind, ownerRef, spec, scale, status, suspend, instanceIdPath, selector, p);
    }

    SpecDefinition specDefinition(JsonNode s, String p) {
      r.checkFields(s, p, SPEC_DEF, "specDefinition");
      FragmentedPodSpecDefinition fragmented = null;
      JsonNode f = r.object(s, p, "fragmentedPodSpecDefinition", false);
      if (f != null) {
        String fp = p + "/fragmentedPodSpecDefinition";
        r.checkFields(f, fp, FRAGMENTED, "fragmentedPodSpecDefinition");
        fragmented = new FragmentedPodSpecDefinition(
            path(f, fp, "schedulerNamePath", false),
            path(f, fp, "labelsPath", false),
            path(f, fp, "annotationsPath", false),
            path(f, fp, "resourcesPath", false),
            path(f, fp, "resourceClaimsPath", false),
            path(f, fp, "podAffinityPath", false),
            path(f, fp, "nodeAffinityPath", false),
            path(f, fp, "containersPath", false),
            path(f, fp, "containerPath", false),
            path(f, fp, "priorityClassNamePath", false),
            path(f, fp, "imagePath", false));
      }
      return new SpecDefinition(
          path(s, p, "podTemplateSpecPath", false),
          path(s, p, "podSpecPath", false),
          path(s, p, "metadataPath", false),
          fragmented);
    }

    StatusDefinition statusDefinition(JsonNode s, String p) {
      r.checkFields(s, p, STATUS, "statusDefinition");
      String phasePath = null;
      JsonNode ph = r.object(s, p, "phaseDefinition", false);
      if (ph != null) {
        r.checkFields(ph, p + "/phaseDefinition", PHASE, "phaseDefinition");
        phasePath = path(ph, p + "/phaseDefinition", "path", true);
      }
      ConditionsDefinition conditions = null;
      JsonNode cd = r.object(s, p, "conditionsDefinition", false);
      if (cd != null) {
        String cp = p + "/conditionsDefinition";
        r.checkFields(cd, cp, CONDITIONS, "conditionsDefinition");
        conditions = new ConditionsDefinition(
            path(cd, cp, "path", true),
            orDefault(r.string(cd, cp, "typeFieldName", false), "type"),
            orDefault(r.string(cd, cp, "statusFieldName", false), "status"),
            orDefault(r.string(cd, cp, "messageFieldName", false), "message"),
            orDefault(r.string(cd, cp, "reasonFieldName", false), "reason"));
      }
      Map<WorkloadStatus, List<StatusMatcher>> mappings = new EnumMap<>(WorkloadStatus.class);
      JsonNode sm = r.object(s, p, "statusMappings", true);
      if (sm != null) {
        String mp = p + "/statusMappings";
        Set<String> legacyKeys = new LinkedHashSet<>();
        Set<String> currentKeys = new LinkedHashSet<>();
        for (WorkloadStatus ws : WorkloadStatus.MATCH_ORDER) {
          currentKeys.add(ws.mappingKey());
          if (!ws.currentFormOnly()) {
            legacyKeys.add(ws.mappingKey());
          }
        }
        fields(sm, mp, Set.copyOf(legacyKeys), Set.copyOf(currentKeys), "statusMappings");
        for (WorkloadStatus ws : WorkloadStatus.MATCH_ORDER) {
          if (legacy && ws.currentFormOnly()) {
            continue;
          }
          JsonNode list = r.array(sm, mp, ws.mappingKey(), false);
          if (list == null) {
            continue;
          }
          List<StatusMatcher> matchers = new ArrayList<>();
          for (int i = 0; i < list.size(); i++) {
            String ip = child(child(mp, ws.mappingKey()), i);
            JsonNode item = list.get(i);
            if (!item.isObject()) {
              r.wrongType(ip, ws.mappingKey() + "[" + i + "]", "an object", item);
              continue;
            }
            matchers.add(matcher(item, ip));
          }
          mappings.put(ws, matchers);
        }
      }
      return new StatusDefinition(phasePath, conditions, mappings);
    }

    StatusMatcher matcher(JsonNode m, String p) {
      r.checkFields(m, p, MATCHER, "a status matcher");
      String byPhase = r.string(m, p, "byPhase", false);
      List<ExpectedCondition> conditions = new ArrayList<>();
      JsonNode bc = r.array(m, p, "byConditions", false);
      if (bc != null) {
        for (int i = 0; i < bc.size(); i++) {
          String cp = child(p + "/byConditions", i);
          JsonNode c = bc.get(i);
          if (!c.isObject()) {
            r.wrongType(cp, "byConditions[" + i + "]", "an object", c);
            continue;
          }
          r.checkFields(c, cp, EXPECTED_CONDITION, "a byConditions entry");
          conditions.add(new ExpectedCondition(
              r.string(c, cp, "type", true),
              r.string(c, cp, "status", false),
              r.string(c, cp, "reason", false)));
        }
      }
      ExpressionMatcher expression = null;
      JsonNode be = r.object(m, p, "byExpression", false);
      if (be != null) {
        String ep = p + "/byExpression";
        r.checkFields(be, ep, EXPRESSION, "byExpression");
        expression = new ExpressionMatcher(
            r.string(be, ep, "expression", true), r.string(be, ep, "expectedResult", true));
      }
      return new StatusMatcher(byPhase, conditions, expression);
    }

    SuspendDefinition suspendDefinition(JsonNode s, String p) {
      r.checkFields(s, p, SUSPEND, "suspendDefinition");
      return new SuspendDefinition(actions(s, p, "suspendActions"), actions(s, p, "resumeActions"));
    }

    private List<Action> actions(JsonNode s, String p, String field) {
      List<Action> out = new ArrayList<>();
      JsonNode list = r.array(s, p, field, true);
      if (list == null) {
        return out;
      }
      if (list.isEmpty()) {
        r.add(
            "model.min-items",
            Severity.ERROR,
            child(p, field),
            "\"" + field + "\" must list at least one action",
            "add an action {path, value} or remove suspendDefinition");
      }
      for (int i = 0; i < list.size(); i++) {
        String ap = child(child(p, field), i);
        JsonNode a = list.get(i);
        if (!a.isObject()) {
          r.wrongType(ap, field + "[" + i + "]", "an object", a);
          continue;
        }
        r.checkFields(a, ap, ACTION, "an action");
        out.add(new Action(r.string(a, ap, "path", true), r.string(a, ap, "value", true)));
      }
      return out;
    }

    PodSelector podSelector(JsonNode s, String p) {
      r.checkFields(s, p, POD_SELECTOR, "podSelector");
      ComponentTypeSelector type = null;
      JsonNode t = r.object(s, p, "componentTypeSelector", false);
      if (t != null) {
        String tp = p + "/componentTypeSelector";
        fields(t, tp, TYPE_SELECTOR_LEGACY, TYPE_SELECTOR_CURRENT, "componentTypeSelector");
        String keyPath = r.string(t, tp, "keyPath", legacy);
        String value = r.string(t, tp, "value", false);
        Map<String, String> matchLabels = legacy ? null : r.stringMap(t, tp, "matchLabels");
        type = new ComponentTypeSelector(keyPath, value, matchLabels);
      }
      ComponentInstanceSelector instance = null;
      JsonNode i = r.object(s, p, "componentInstanceSelector", false);
      if (i != null) {
        String ip = p + "/componentInstanceSelector";
        r.checkFields(i, ip, INSTANCE_SELECTOR, "componentInstanceSelector");
        instance = new ComponentInstanceSelector(r.string(i, ip, "idPath", true));
      }
      ReplicaSelector replica = null;
      JsonNode rs = r.object(s, p, "replicaSelector", false);
      if (rs != null) {
        String rp = p + "/replicaSelector";
        r.checkFields(rs, rp, REPLICA_SELECTOR, "replicaSelector");
        replica = new ReplicaSelector(r.string(rs, rp, "keyPath", true));
      }
      return new PodSelector(type, instance, replica);
    }

    GangScheduling gang(JsonNode g, String p) {
      fields(g, p, GANG_LEGACY, GANG_CURRENT, "gangScheduling");
      List<PodGroupEntry> groups = new ArrayList<>();
      JsonNode pgs = r.array(g, p, "podGroups", false);
      if (pgs != null) {
        for (int i = 0; i < pgs.size(); i++) {
          String gp = child(p + "/podGroups", i);
          JsonNode e = pgs.get(i);
          if (!e.isObject()) {
            r.wrongType(gp, "podGroups[" + i + "]", "an object", e);
            continue;
          }
          r.checkFields(e, gp, POD_GROUPS_ENTRY, "a podGroups entry");
          String name = r.string(e, gp, "name", true);
          List<Member> members = new ArrayList<>();
          JsonNode ms = r.array(e, gp, "members", true);
          if (ms != null) {
            for (int j = 0; j < ms.size(); j++) {
              String mp = child(gp + "/members", j);
              JsonNode mem = ms.get(j);
              if (!mem.isObject()) {
                r.wrongType(mp, "members[" + j + "]", "an object", mem);
                continue;
              }
              r.checkFields(mem, mp, MEMBER, "a pod-group member");
              members.add(new Member(
                  r.string(mem, mp, "componentName", true),
                  r.stringList(mem, mp, "groupByKeyPaths"),
                  r.stringList(mem, mp, "filters")));
            }
          }
          groups.add(new PodGroupEntry(name, members));
        }
      }
      PodGroup podGroup = null;
      JsonNode pg = g.get("podGroup");
      if (!legacy && pg != null && !pg.isNull()) {
        JsonNode o = r.object(g, p, "podGroup", false);
        if (o != null) {
          String gp = p + "/podGroup";
          r.checkFields(o, gp, POD_GROUP, "podGroup");
          List<SubGroup> subs = new ArrayList<>();
          JsonNode sgs = r.array(o, gp, "subGroups", false);
          if (sgs != null) {
            for (int i = 0; i < sgs.size(); i++) {
              String sp = child(gp + "/subGroups", i);
              JsonNode sg = sgs.get(i);
              if (!sg.isObject()) {
                r.wrongType(sp, "subGroups[" + i + "]", "an object", sg);
                continue;
              }
              r.checkFields(sg, sp, SUB_GROUP, "a sub-group");
              subs.add(new SubGroup(r.string(sg, sp, "componentName", true), topology(sg, sp)));
            }
          }
          podGroup = new PodGroup(r.string(o, gp, "name", true), subs, topology(o, gp));
        }
      }
      return new GangScheduling(groups, podGroup);
    }

    private Topology topology(JsonNode parent, String p) {
      JsonNode t = r.object(parent, p, "topology", false);
      if (t == null) {
        return null;
      }
      String tp = p + "/topology";
      r.checkFields(t, tp, TOPOLOGY, "topology");
      return new Topology(
          r.string(t, tp, "topologyName", true),
          r.string(t, tp, "preferredTopologyLevel", true),
          r.string(t, tp, "requiredTopologyLevel", true));
    }

    private static String orDefault(String s, String d) {
      return s == null || s.isEmpty() ? d : s;
    }
  }
}
