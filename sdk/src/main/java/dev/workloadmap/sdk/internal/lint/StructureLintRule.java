package dev.workloadmap.sdk.internal.lint;

import dev.workloadmap.sdk.definition.ComponentDefinition;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.definition.DefinitionForm;
import dev.workloadmap.sdk.definition.StatusDefinition;
import dev.workloadmap.sdk.definition.StatusDefinition.ExpectedCondition;
import dev.workloadmap.sdk.definition.StatusDefinition.ExpressionMatcher;
import dev.workloadmap.sdk.definition.StatusDefinition.StatusMatcher;
import dev.workloadmap.sdk.definition.WorkloadStatus;
import dev.workloadmap.sdk.internal.validation.ValidationRule;
import dev.workloadmap.sdk.validation.Finding;
import dev.workloadmap.sdk.validation.Severity;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Structural lint of issue 3 beyond the validator's own structure checks (which already cover the reference rules
 * of docs/format.md#validation-structure, the matcher with nothing set, {@code additionalChildKinds} repeating a
 * component's kind and {@code podGroup} subgroups naming no component).
 *
 * <table>
 *   <caption>Rules</caption>
 *   <tr><th>Rule id</th><th>Finding</th><th>Severity</th></tr>
 *   <tr><td>{@value #DUPLICATE_MATCHER}</td><td>a status matcher equal to an earlier one in the same status's list
 *       (same {@code byPhase}, the same {@code byConditions} in any order, the same {@code byExpression}); matchers
 *       of one status are ORed, so the copy adds nothing and is usually an edit gone wrong. Reported at the
 *       later copy.</td><td>warning</td></tr>
 *   <tr><td>{@value #CONDITION_WITHOUT_STATUS}</td><td>a {@code byConditions} entry with neither {@code status} nor
 *       {@code reason}: it matches whenever a condition of that type exists, whatever its status (a {@code
 *       Failed} condition with status {@code "False"} included)</td><td>warning</td></tr>
 *   <tr><td>{@value #DEPRECATED_POD_GROUPS}</td><td>the deprecated {@code gangScheduling.podGroups} list in the
 *       current form (docs/format.md#gang-scheduling); {@code podGroup} is its replacement. <b>Info, not warning</b>:
 *       the reference library reads only {@code podGroups} and every reference catalog entry still uses it, so a
 *       definition that must work with the reference needs it; a warning would make the whole catalog fail
 *       {@code failOnWarning}.</td><td>info</td></tr>
 * </table>
 *
 * <p>Every finding carries the file, line and column of the node concerned. Instances are immutable and
 * thread-safe.
 */
public final class StructureLintRule implements ValidationRule {

  /** Rule id of a status matcher repeated within one status's list. */
  public static final String DUPLICATE_MATCHER = "lint.duplicate-matcher";

  /** Rule id of a byConditions entry with neither status nor reason. */
  public static final String CONDITION_WITHOUT_STATUS = "lint.condition-without-status";

  /** Rule id of the deprecated podGroups form (an info). */
  public static final String DEPRECATED_POD_GROUPS = "lint.deprecated-pod-groups";

  private static final String GANG = "/spec/optimizationInstructions/gangScheduling";

  @Override
  public List<Finding> check(Definition definition) {
    List<Finding> out = new ArrayList<>();
    if (definition == null) {
      return out;
    }
    for (ComponentDefinition c : definition.components()) {
      StatusDefinition s = c.statusDefinition();
      if (s == null) {
        continue;
      }
      for (WorkloadStatus status : WorkloadStatus.values()) {
        List<StatusMatcher> matchers = s.statusMappings().get(status);
        if (matchers != null) {
          matchers(definition, c, status, matchers, out);
        }
      }
    }
    if (definition.form() == DefinitionForm.CURRENT
        && definition.gangScheduling() != null
        && !definition.gangScheduling().podGroups().isEmpty()) {
      out.add(new Finding(
          DEPRECATED_POD_GROUPS,
          Severity.INFO,
          "gangScheduling.podGroups is deprecated in the current form; podGroup replaces it",
          definition.locate(GANG + "/podGroups"),
          "keep podGroups while the definition must work with the reference library (it reads only podGroups);"
              + " otherwise use podGroup with subGroups",
          null));
    }
    return out;
  }

  private static void matchers(
      Definition d,
      ComponentDefinition c,
      WorkloadStatus status,
      List<StatusMatcher> matchers,
      List<Finding> out) {
    String base = c.pointer() + "/statusDefinition/statusMappings/" + status.mappingKey();
    Map<Key, Integer> first = new HashMap<>();
    for (int i = 0; i < matchers.size(); i++) {
      StatusMatcher m = matchers.get(i);
      if (m == null) {
        continue;
      }
      Integer earlier = first.putIfAbsent(Key.of(m), i);
      if (earlier != null) {
        out.add(new Finding(
            DUPLICATE_MATCHER,
            Severity.WARNING,
            "status matcher " + status.mappingKey() + "[" + i + "] of component '" + c.name()
                + "' repeats " + status.mappingKey() + "[" + earlier + "]",
            d.locate(base + "/" + i),
            "remove the copy, or change it into the matcher you meant",
            null));
      }
      for (int j = 0; j < m.byConditions().size(); j++) {
        ExpectedCondition e = m.byConditions().get(j);
        if (e != null && blank(e.status()) && blank(e.reason())) {
          out.add(new Finding(
              CONDITION_WITHOUT_STATUS,
              Severity.WARNING,
              "byConditions entry of type '" + e.type() + "' in " + status.mappingKey() + "[" + i
                  + "] of component '" + c.name()
                  + "' has neither status nor reason, so it matches any status of that condition",
              d.locate(base + "/" + i + "/byConditions/" + j),
              "add status: \"True\" (quoted), or the status or reason you mean",
              null));
        }
      }
    }
  }

  private static boolean blank(String s) {
    return s == null || s.isEmpty();
  }

  /** A matcher as its meaning: the phase, the set of conditions, and the expression with its result. */
  private record Key(String phase, Set<List<String>> conditions, List<String> expression) {
    static Key of(StatusMatcher m) {
      Set<List<String>> conditions = new HashSet<>();
      for (ExpectedCondition e : m.byConditions()) {
        if (e != null) {
          conditions.add(List.of(norm(e.type()), norm(e.status()), norm(e.reason())));
        }
      }
      ExpressionMatcher x = m.byExpression();
      return new Key(
          norm(m.byPhase()),
          conditions,
          x == null ? null : List.of(norm(x.expression()), norm(x.expectedResult())));
    }

    private static String norm(String s) {
      return Objects.requireNonNullElse(s, "");
    }
  }
}
