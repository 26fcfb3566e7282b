package dev.workloadmap.sdk.internal.model;

import dev.workloadmap.sdk.definition.ComponentDefinition;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.definition.FragmentedPodSpecDefinition;
import dev.workloadmap.sdk.definition.GangScheduling;
import dev.workloadmap.sdk.definition.PodSelector.ComponentTypeSelector;
import dev.workloadmap.sdk.definition.StatusDefinition;
import dev.workloadmap.sdk.definition.StatusDefinition.StatusMatcher;
import dev.workloadmap.sdk.definition.SuspendDefinition;
import dev.workloadmap.sdk.yaml.SourceLocation;
import java.util.ArrayList;
import java.util.List;

/**
 * The jq fields of a definition that the reference checks (docs/format.md#validation-jq): {@code instanceIdPath}, every
 * {@code specDefinition} path (fragmented paths and {@code metadataPath} included), the scale paths, the selector
 * paths, the phase and conditions paths, {@code byExpression.expression}, {@code groupByKeyPaths}, {@code filters} and
 * the suspend and resume action paths. Empty values are skipped, as the reference skips them.
 */
public final class JqFields {
  private JqFields() {}

  /**
   * One jq field.
   *
   * @param pointer the JSON pointer of the field in the definition document
   * @param expression the jq expression (never empty)
   * @param comparedWithValue whether the reference compares the expression's result with a {@code value} written
   *     after it without parentheses ({@code componentTypeSelector.keyPath} with {@code value},
   *     docs/format.md#pod-classification, docs/format.md#jq-wrappers)
   */
  public record JqField(String pointer, String expression, boolean comparedWithValue) {

    /**
     * The reference's location string with document field names (docs/format.md#validation-jq), such as
     * {@code spec.a[0].b}.
     */
    public String documentPath() {
      return JqFields.documentPath(pointer);
    }

    /**
     * The location of char {@code offset} of the expression in the definition's file, when the definition was read
     * from YAML and the field still holds this expression; otherwise the field's own location.
     */
    public SourceLocation locate(Definition d, int offset) {
      if (d.source() != null && expression.equals(d.source().root().at(pointer).asText(null))) {
        return d.source()
            .locateInValue(pointer, Math.max(0, Math.min(offset, expression.length())));
      }
      return d.locate(pointer);
    }
  }

  /** Every non-empty jq field of {@code d}, in component then field order. */
  public static List<JqField> of(Definition d) {
    List<JqField> out = new ArrayList<>();
    for (ComponentDefinition c : d.components()) {
      String p = c.pointer();
      add(out, p + "/instanceIdPath", c.instanceIdPath());
      if (c.specDefinition() != null) {
        String sp = p + "/specDefinition";
        add(out, sp + "/podTemplateSpecPath", c.specDefinition().podTemplateSpecPath());
        add(out, sp + "/podSpecPath", c.specDefinition().podSpecPath());
        add(out, sp + "/metadataPath", c.specDefinition().metadataPath());
        FragmentedPodSpecDefinition f = c.specDefinition().fragmentedPodSpecDefinition();
        if (f != null) {
          f.paths()
              .forEach((field, path) ->
                  add(out, sp + "/fragmentedPodSpecDefinition/" + field + "Path", path));
        }
      }
      if (c.scaleDefinition() != null) {
        String sp = p + "/scaleDefinition";
        add(out, sp + "/replicasPath", c.scaleDefinition().replicasPath());
        add(out, sp + "/minReplicasPath", c.scaleDefinition().minReplicasPath());
        add(out, sp + "/maxReplicasPath", c.scaleDefinition().maxReplicasPath());
      }
      if (c.podSelector() != null) {
        String sp = p + "/podSelector";
        ComponentTypeSelector t = c.podSelector().componentTypeSelector();
        if (t != null && t.keyPath() != null && !t.keyPath().isEmpty()) {
          out.add(
              new JqField(sp + "/componentTypeSelector/keyPath", t.keyPath(), t.value() != null));
        }
        if (c.podSelector().componentInstanceSelector() != null) {
          add(
              out,
              sp + "/componentInstanceSelector/idPath",
              c.podSelector().componentInstanceSelector().idPath());
        }
        if (c.podSelector().replicaSelector() != null) {
          add(
              out,
              sp + "/replicaSelector/keyPath",
              c.podSelector().replicaSelector().keyPath());
        }
      }
      StatusDefinition s = c.statusDefinition();
      if (s != null) {
        String sp = p + "/statusDefinition";
        add(out, sp + "/phaseDefinition/path", s.phasePath());
        if (s.conditions() != null) {
          add(out, sp + "/conditionsDefinition/path", s.conditions().path());
        }
        s.statusMappings().forEach((status, matchers) -> {
          for (int i = 0; i < matchers.size(); i++) {
            StatusMatcher m = matchers.get(i);
            if (m.byExpression() != null) {
              add(
                  out,
                  sp + "/statusMappings/" + status.mappingKey() + "/" + i
                      + "/byExpression/expression",
                  m.byExpression().expression());
            }
          }
        });
      }
      SuspendDefinition su = c.suspendDefinition();
      if (su != null) {
        for (int i = 0; i < su.suspendActions().size(); i++) {
          add(
              out,
              p + "/suspendDefinition/suspendActions/" + i + "/path",
              su.suspendActions().get(i).path());
        }
        for (int i = 0; i < su.resumeActions().size(); i++) {
          add(
              out,
              p + "/suspendDefinition/resumeActions/" + i + "/path",
              su.resumeActions().get(i).path());
        }
      }
    }
    GangScheduling g = d.gangScheduling();
    if (g != null) {
      String base = "/spec/optimizationInstructions/gangScheduling/podGroups/";
      for (int i = 0; i < g.podGroups().size(); i++) {
        List<GangScheduling.Member> members = g.podGroups().get(i).members();
        for (int j = 0; j < members.size(); j++) {
          GangScheduling.Member m = members.get(j);
          for (int k = 0; k < m.groupByKeyPaths().size(); k++) {
            add(
                out,
                base + i + "/members/" + j + "/groupByKeyPaths/" + k,
                m.groupByKeyPaths().get(k));
          }
          for (int k = 0; k < m.filters().size(); k++) {
            add(out, base + i + "/members/" + j + "/filters/" + k, m.filters().get(k));
          }
        }
      }
    }
    return out;
  }

  private static void add(List<JqField> out, String pointer, String expression) {
    if (expression != null && !expression.isEmpty()) {
      out.add(new JqField(pointer, expression, false));
    }
  }

  /**
   * {@code /spec/structureDefinition/childComponents/0/instanceIdPath} → {@code
   * spec.structureDefinition.childComponents[0].instanceIdPath}.
   */
  public static String documentPath(String pointer) {
    StringBuilder sb = new StringBuilder();
    for (String part : pointer.split("/")) {
      if (part.isEmpty()) {
        continue;
      }
      String key = part.replace("~1", "/").replace("~0", "~");
      if (key.chars().allMatch(Character::isDigit)) {
        sb.append('[').append(key).append(']');
      } else {
        if (sb.length() > 0) {
          sb.append('.');
        }
        sb.append(key);
      }
    }
    return sb.toString();
  }
}
