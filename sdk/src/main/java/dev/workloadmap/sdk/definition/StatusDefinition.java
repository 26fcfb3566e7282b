package dev.workloadmap.sdk.definition;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * How a component's status is read (docs/format.md#status-definition).
 *
 * @param phasePath {@code phaseDefinition.path}, or null when there is no phase definition
 * @param conditions the conditions definition, or null
 * @param statusMappings for each mappable status, its matchers (ORed); statuses without a mapping are absent
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record StatusDefinition(
    String phasePath,
    ConditionsDefinition conditions,
    Map<WorkloadStatus, List<StatusMatcher>> statusMappings) {

  public StatusDefinition {
    statusMappings = Map.copyOf(statusMappings);
  }

  /**
   * Where the conditions live and the names of the keys inside each condition. The loader applies the CRD
   * defaults {@code type}, {@code status}, {@code message}, {@code reason} (docs/format.md#decision-b); a model built
   * in code may leave {@code messageFieldName}/{@code reasonFieldName} null, and then they are not extracted.
   */
  public record ConditionsDefinition(
      String path,
      String typeFieldName,
      String statusFieldName,
      String messageFieldName,
      String reasonFieldName) {}

  /**
   * One matcher; every part that is set must hold (AND). A matcher with no part set always matches
   * (docs/format.md#status-definition).
   *
   * @param byPhase exact, case-sensitive phase, or null
   * @param byConditions required conditions, or empty
   * @param byExpression expression and expected rendered result, or null
   */
  public record StatusMatcher(
      String byPhase, List<ExpectedCondition> byConditions, ExpressionMatcher byExpression) {
    public StatusMatcher {
      byConditions = byConditions == null ? List.of() : List.copyOf(byConditions);
    }

    /** True when no part is set (the matcher always matches; the linter warns). */
    public boolean isEmpty() {
      return (byPhase == null || byPhase.isEmpty())
          && byConditions.isEmpty()
          && byExpression == null;
    }
  }

  /** An expected condition: {@code status} and {@code reason} are compared only when non-empty. */
  public record ExpectedCondition(String type, String status, String reason) {}

  /**
   * A jq expression whose first result, rendered as text (docs/format.md#status), must equal {@code expectedResult}.
   */
  public record ExpressionMatcher(String expression, String expectedResult) {}
}
