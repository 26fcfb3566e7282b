package dev.workloadmap.sdk.status;

import static org.apiguardian.api.API.Status.STABLE;

import dev.workloadmap.sdk.EvaluationProblem;
import dev.workloadmap.sdk.definition.WorkloadStatus;
import java.util.List;
import org.apiguardian.api.API;

/**
 * A component's status (docs/format.md#status).
 *
 * @param phase the phase; null when absent (no phase definition, or an empty stream), {@code ""} for a null phase
 * @param conditions the extracted conditions, in document order (for a repeated type, see {@link #condition})
 * @param matched every matching status in the reference order, or {@code [Undefined]} when none matches
 * @param problems matchers or paths that failed to evaluate; each counted as not matching
 */
@API(status = STABLE, since = "0.1")
public record StatusResult(
    String phase,
    List<Condition> conditions,
    List<WorkloadStatus> matched,
    List<EvaluationProblem> problems) {
  public StatusResult {
    conditions = List.copyOf(conditions);
    matched = List.copyOf(matched);
    problems = List.copyOf(problems);
  }

  /** The matched statuses as the reference prints them, for example {@code ["Running", "Degraded"]}. */
  public List<String> phases() {
    return matched.stream().map(WorkloadStatus::displayName).toList();
  }

  /** The last condition of this type (the last one wins, docs/format.md#status item 4), or null. */
  public Condition condition(String type) {
    Condition found = null;
    for (Condition c : conditions) {
      if (c.type().equals(type)) {
        found = c;
      }
    }
    return found;
  }

  public boolean is(WorkloadStatus status) {
    return matched.contains(status);
  }
}
