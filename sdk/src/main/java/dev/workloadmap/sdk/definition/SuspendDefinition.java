package dev.workloadmap.sdk.definition;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import org.apiguardian.api.API;

/**
 * Suspend and resume actions (docs/format.md#suspend-definition, current form only). Each {@code value} is a
 * JSON-encoded string.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record SuspendDefinition(List<Action> suspendActions, List<Action> resumeActions) {
  public SuspendDefinition {
    suspendActions = List.copyOf(suspendActions);
    resumeActions = List.copyOf(resumeActions);
  }

  /** Assign the JSON-decoded {@code value} to the workload-side jq {@code path}. */
  public record Action(String path, String value) {}
}
