package dev.workloadmap.sdk.internal.validation;

import dev.workloadmap.sdk.definition.ComponentDefinition;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.definition.DefinitionForm;
import dev.workloadmap.sdk.definition.GangScheduling;
import dev.workloadmap.sdk.definition.Gvk;
import dev.workloadmap.sdk.definition.PodSelector.ComponentTypeSelector;
import dev.workloadmap.sdk.definition.StatusDefinition;
import dev.workloadmap.sdk.definition.StatusDefinition.StatusMatcher;
import dev.workloadmap.sdk.definition.WorkloadStatus;
import dev.workloadmap.sdk.internal.jqast.JqNode;
import dev.workloadmap.sdk.internal.jqast.JqParser;
import dev.workloadmap.sdk.internal.jqast.JqSyntaxException;
import dev.workloadmap.sdk.internal.jqast.RejectedConstructs;
import dev.workloadmap.sdk.internal.model.JqFields;
import dev.workloadmap.sdk.internal.model.JqFields.JqField;
import dev.workloadmap.sdk.internal.model.LabelSyntax;
import dev.workloadmap.sdk.jq.JqParseException;
import dev.workloadmap.sdk.spi.JqEngine;
import dev.workloadmap.sdk.validation.Finding;
import dev.workloadmap.sdk.validation.Severity;
import dev.workloadmap.sdk.validation.ValidationReport;
import dev.workloadmap.sdk.yaml.SourceLocation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The reference validator (docs/format.md#validation-structure and docs/format.md#validation-jq) with the reference's
 * messages, plus the SDK's structural checks of docs/format.md#validation-other. Every finding carries the file, line,
 * column and JSON pointer of its node; all findings are collected (steps 3 to 5 all run), except that a duplicate
 * component name stops validation as in the reference.
 *
 * <p>The jq checks of docs/format.md#validation-jq parse every expression with the SDK's own validation parser as well
 * as the engine, and find the rejected constructs (the reference's, plus {@code env}, {@code input}, {@code $ENV}, … of
 * decision c) at any depth of the tree; each finding points at the exact char of the expression in the file.
 *
 * <p>Extra rules (the linter, {@code dev.workloadmap.sdk.internal.lint.JqLintRule} for the rest of
 * docs/format.md#validation-jq-sdk) are added with {@link #withRule(ValidationRule)}.
 */
public final class DefinitionValidator {

  private final JqEngine engine;
  private final List<ValidationRule> extraRules;

  public DefinitionValidator(JqEngine engine) {
    this(engine, List.of());
  }

  private DefinitionValidator(JqEngine engine, List<ValidationRule> extraRules) {
    this.engine = engine;
    this.extraRules = List.copyOf(extraRules);
  }

  /** A validator that also runs {@code rule}. */
  public DefinitionValidator withRule(ValidationRule rule) {
    List<ValidationRule> rules = new ArrayList<>(extraRules);
    rules.add(rule);
    return new DefinitionValidator(engine, rules);
  }

  /** Validates {@code definition}; a null definition gives the reference's nil message. */
  public ValidationReport validate(Definition definition) {
    List<Finding> out = new ArrayList<>();
    if (definition == null) {
      out.add(new Finding(
          "reference.nil",
          Severity.ERROR,
          DefinitionForm.CURRENT.nilMessage(),
          SourceLocation.ofFile("<none>"),
          "",
          null));
      return ValidationReport.of(out);
    }
    Ctx ctx = new Ctx(definition, out);
    // step 2: index by name; a duplicate stops validation
    Map<String, ComponentDefinition> byName = new LinkedHashMap<>();
    for (ComponentDefinition c : definition.components()) {
      String name = c.name() == null ? "" : c.name();
      if (!name.isEmpty() && byName.containsKey(name)) {
        ctx.error(
            "reference.component-name-unique",
            c.pointer() + "/name",
            "component name " + name + " is not unique",
            "give every component a unique name");
        return ValidationReport.of(out);
      }
      byName.put(name, c);
    }
    int before = out.size();
    structure(ctx, definition, byName);
    boolean structureOk = out.size() == before;
    if (structureOk) {
      cycles(ctx, definition, byName);
    }
    instructions(ctx, definition, byName);
    jq(ctx, definition);
    sdkChecks(ctx, definition);
    for (ValidationRule rule : extraRules) {
      out.addAll(rule.check(definition));
    }
    return ValidationReport.of(out);
  }

  private static void structure(Ctx ctx, Definition d, Map<String, ComponentDefinition> byName) {
    ComponentDefinition root = d.rootComponent();
    if (root != null) {
      Gvk k = root.kind();
      boolean full = k != null
          && !k.version().isEmpty()
          && !k.kind().isEmpty()
          && (!k.group().isEmpty() || "Pod".equals(k.kind()));
      if (!full) {
        ctx.error(
            "reference.root-full-kind",
            root.pointer() + "/kind",
            "root component must have full kind (group, version, kind)",
            "set kind.group, kind.version and kind.kind of the root component (group may be empty only for Pod)");
      }
      if (root.ownerRef() != null && !root.ownerRef().isEmpty()) {
        ctx.error(
            "reference.root-no-owner",
            root.pointer() + "/ownerRef",
            "root component cannot have owner ref",
            "remove ownerRef from the root component");
      }
      if (root.statusDefinition() == null) {
        ctx.error(
            "reference.root-status",
            root.pointer(),
            "root component must have status definition",
            "add statusDefinition with statusMappings to the root component");
      }
    }
    for (ComponentDefinition c : d.childComponents()) {
      if (c.ownerRef() == null || c.ownerRef().isEmpty()) {
        ctx.error(
            "reference.child-owner",
            c.pointer(),
            "child component '" + c.name() + "' has no owner ref",
            "set ownerRef to the name of the parent component");
      } else if (!byName.containsKey(c.ownerRef())) {
        ctx.error(
            "reference.child-owner-exists",
            c.pointer() + "/ownerRef",
            "child component '" + c.name() + "' has owner ref to non-existing component '"
                + c.ownerRef() + "'",
            "ownerRef must name the root or another child component");
      }
    }
    for (ComponentDefinition c : d.components()) {
      if (c.name() == null || c.name().isEmpty()) {
        ctx.error(
            "reference.component-name",
            c.pointer(),
            "component name is empty",
            "give the component a name");
      }
      if (c.specDefinition() != null && c.specDefinition().variantCount() > 1) {
        ctx.error(
            "reference.single-pod-spec",
            c.pointer() + "/specDefinition",
            "component '" + c.name() + "' has multiple pod spec definitions",
            "keep exactly one of podTemplateSpecPath, podSpecPath or fragmentedPodSpecDefinition");
      }
      boolean instanceSelector =
          c.podSelector() != null && c.podSelector().componentInstanceSelector() != null;
      if (c.hasInstanceIdPath() && !instanceSelector) {
        ctx.error(
            "reference.instance-selector",
            c.pointer() + "/instanceIdPath",
            "component '" + c.name()
                + "' has instance id path but no pod component instance selector",
            "add podSelector.componentInstanceSelector.idPath that reads the instance id from a pod");
      }
      if (instanceSelector && !c.hasInstanceIdPath()) {
        ctx.error(
            "reference.instance-id-path",
            c.pointer() + "/podSelector/componentInstanceSelector",
            "component '" + c.name()
                + "' has pod component instance selector but no instance id path",
            "add instanceIdPath or remove componentInstanceSelector");
      }
      if (d.form() == DefinitionForm.CURRENT
          && c.podSelector() != null
          && c.podSelector().componentTypeSelector() != null) {
        ComponentTypeSelector t = c.podSelector().componentTypeSelector();
        String tp = c.pointer() + "/podSelector/componentTypeSelector";
        boolean hasKey = t.keyPath() != null && !t.keyPath().isEmpty();
        boolean hasLabels = t.matchLabels() != null && !t.matchLabels().isEmpty();
        if (!hasKey && !hasLabels) {
          ctx.error(
              "reference.type-selector-empty",
              tp,
              "component '" + c.name()
                  + "' componentTypeSelector has neither keyPath nor matchLabels",
              "at least one of keyPath or matchLabels must be set");
        }
        if (t.value() != null && !hasKey) {
          ctx.error(
              "reference.type-selector-value",
              tp + "/value",
              "component '" + c.name() + "' componentTypeSelector has value without keyPath",
              "value requires keyPath");
        }
        if (t.matchLabels() != null) {
          List<String> problems = new ArrayList<>();
          t.matchLabels().forEach((key, value) -> {
            problems.addAll(LabelSyntax.validateKey(key));
            problems.addAll(LabelSyntax.validateValue(value));
          });
          problems.sort(null);
          for (String p : problems) {
            ctx.error(
                "reference.label-syntax",
                tp + "/matchLabels",
                "component '" + c.name() + "' matchLabels: " + p,
                "use valid Kubernetes label keys and values");
          }
        }
      }
    }
  }

  private static void cycles(Ctx ctx, Definition d, Map<String, ComponentDefinition> byName) {
    Set<String> reported = new HashSet<>();
    for (ComponentDefinition c : d.childComponents()) {
      Set<String> seen = new HashSet<>();
      String cur = c.name();
      while (cur != null && !cur.isEmpty()) {
        if (!seen.add(cur)) {
          if (reported.add(cur)) {
            ComponentDefinition at = byName.get(cur);
            ctx.error(
                "reference.ownership-cycle",
                at == null ? c.pointer() : at.pointer() + "/ownerRef",
                "ownership cycle detected involving component " + cur,
                "ownerRef links must lead to the root component");
          }
          return;
        }
        ComponentDefinition comp = byName.get(cur);
        cur = comp == null ? null : comp.ownerRef();
      }
    }
  }

  private static void instructions(Ctx ctx, Definition d, Map<String, ComponentDefinition> byName) {
    GangScheduling g = d.gangScheduling();
    if (g == null) {
      return;
    }
    String base = "/spec/optimizationInstructions/gangScheduling";
    for (int i = 0; i < g.podGroups().size(); i++) {
      GangScheduling.PodGroupEntry e = g.podGroups().get(i);
      for (int j = 0; j < e.members().size(); j++) {
        String cn = e.members().get(j).componentName();
        if (cn != null && !byName.containsKey(cn)) {
          ctx.error(
              "reference.pod-group-member",
              base + "/podGroups/" + i + "/members/" + j + "/componentName",
              "pod-group member component '" + cn
                  + "' is not defined (should be a root or child component)",
              "name a component defined in structureDefinition");
        }
      }
    }
    if (g.podGroup() != null) {
      for (int i = 0; i < g.podGroup().subGroups().size(); i++) {
        String cn = g.podGroup().subGroups().get(i).componentName();
        if (cn != null && !byName.containsKey(cn)) {
          ctx.error(
              "sdk.pod-group-subgroup",
              base + "/podGroup/subGroups/" + i + "/componentName",
              "pod-group sub-group component '" + cn
                  + "' is not defined (should be a root or child component)",
              "name a component defined in structureDefinition");
        }
      }
    }
  }

  private void jq(Ctx ctx, Definition d) {
    for (JqField field : JqFields.of(d)) {
      expr(ctx, field);
    }
  }

  /**
   * docs/format.md#validation-jq on one expression: the SDK's parser (gojq's grammar, with {@code if} needing
   * {@code else}) and the engine must both accept it, and it must contain none of the rejected constructs of
   * docs/format.md#validation-jq and decision c at any depth. A parse failure is reported once, with the SDK parser's
   * explanation when it rejects the expression and the engine's otherwise. Each finding points at the exact char of the
   * expression in the file.
   */
  private void expr(Ctx ctx, JqField field) {
    String expression = field.expression();
    String at = field.documentPath();
    JqParseException engineError = null;
    try {
      engine.compile(expression);
    } catch (JqParseException e) {
      engineError = e;
    }
    JqNode root;
    try {
      root = JqParser.parse(expression);
    } catch (JqSyntaxException e) {
      // the SDK parser's explanation is the clearer one when both reject the expression
      ctx.out.add(parseFinding(ctx.d, field, e.detail(), e.offset()));
      return;
    } catch (StackOverflowError e) {
      ctx.out.add(parseFinding(ctx.d, field, "the expression is nested too deeply to check", 0));
      return;
    }
    if (engineError != null) {
      ctx.out.add(parseFinding(
          ctx.d,
          field,
          engineError.detail(),
          offsetOf(expression, engineError.line(), engineError.column())));
      return;
    }
    for (RejectedConstructs.Issue issue : RejectedConstructs.find(root)) {
      ctx.out.add(new Finding(
          "jq.rejected-construct",
          Severity.ERROR,
          "JQ expression '" + expression + "' at '" + at + "' failed validation: "
              + issue.message(),
          field.locate(ctx.d, issue.offset()),
          REJECTED_HINT,
          expression));
    }
  }

  private static final String REJECTED_HINT =
      "definitions are read-only and bounded: use select/map/any/all instead";

  private static Finding parseFinding(Definition d, JqField field, String detail, int offset) {
    return new Finding(
        "jq.parse",
        Severity.ERROR,
        "failed to parse JQ expression '" + field.expression() + "' at '" + field.documentPath()
            + "': " + detail,
        field.locate(d, offset),
        "fix the jq syntax (jq 1.6 / gojq dialect; 'if' needs an 'else')",
        field.expression());
  }

  /** The 0-based offset of a 1-based line and column inside {@code expression} (0 when unknown). */
  static int offsetOf(String expression, int line, int column) {
    if (line < 1 || column < 1) {
      return 0;
    }
    int offset = 0;
    for (int l = 1; l < line; l++) {
      int nl = expression.indexOf('\n', offset);
      if (nl < 0) {
        return expression.length();
      }
      offset = nl + 1;
    }
    return Math.min(expression.length(), offset + column - 1);
  }

  private static void sdkChecks(Ctx ctx, Definition d) {
    for (ComponentDefinition c : d.components()) {
      StatusDefinition s = c.statusDefinition();
      if (s == null) {
        continue;
      }
      for (Map.Entry<WorkloadStatus, List<StatusMatcher>> e : s.statusMappings().entrySet()) {
        for (int i = 0; i < e.getValue().size(); i++) {
          if (e.getValue().get(i).isEmpty()) {
            ctx.out.add(new Finding(
                "sdk.empty-matcher",
                Severity.WARNING,
                "status matcher " + e.getKey().mappingKey() + "[" + i
                    + "] has no byPhase, byConditions or"
                    + " byExpression and therefore always matches",
                ctx.d.locate(c.pointer() + "/statusDefinition/statusMappings/"
                    + e.getKey().mappingKey() + "/" + i),
                "add a condition to the matcher or remove it",
                null));
          }
        }
      }
    }
    Map<String, Integer> componentKinds = new HashMap<>();
    for (ComponentDefinition c : d.components()) {
      if (c.kind() != null && !c.kind().kind().isEmpty()) {
        componentKinds.put(c.kind().kind(), 1);
      }
    }
    for (int i = 0; i < d.additionalChildKinds().size(); i++) {
      Gvk g = d.additionalChildKinds().get(i);
      if (componentKinds.containsKey(g.kind())) {
        ctx.out.add(new Finding(
            "sdk.additional-kind-is-component",
            Severity.WARNING,
            "additionalChildKinds lists " + g.kind() + ", which is already a component's kind",
            ctx.d.locate("/spec/structureDefinition/additionalChildKinds/" + i),
            "list only kinds that are not components",
            null));
      }
    }
  }

  private static final class Ctx {
    final Definition d;
    final List<Finding> out;

    Ctx(Definition d, List<Finding> out) {
      this.d = d;
      this.out = out;
    }

    void error(String rule, String pointer, String message, String hint) {
      out.add(new Finding(rule, Severity.ERROR, message, d.locate(pointer), hint, null));
    }
  }
}
