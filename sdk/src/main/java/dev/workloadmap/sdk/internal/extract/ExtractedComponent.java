package dev.workloadmap.sdk.internal.extract;

import dev.workloadmap.sdk.EvaluationProblem;
import dev.workloadmap.sdk.extract.InstanceRecord;
import java.util.List;

/**
 * A component's instances paired by id (docs/format.md#extraction), with the problems that were contained.
 *
 * @param component the component name
 * @param instances one record per instance id, in stream order (decision e: raw extraction keeps stream order)
 * @param problems evaluation errors, each attached to the path that failed; the affected field is null
 * @param warnings non-fatal observations, for example a duplicate instance id
 * @param uncountedScales ids of the instances whose scale value is not a count (negative, fractional, out of
 *     range); each has a problem, and its replicas are unknown while the other instances keep theirs
 */
public record ExtractedComponent(
    String component,
    List<InstanceRecord> instances,
    List<EvaluationProblem> problems,
    List<String> warnings,
    java.util.Set<String> uncountedScales) {
  public ExtractedComponent {
    instances = List.copyOf(instances);
    problems = List.copyOf(problems);
    warnings = List.copyOf(warnings);
    uncountedScales = java.util.Set.copyOf(uncountedScales);
  }

  /** A component whose every scale was a count. */
  public ExtractedComponent(
      String component,
      List<InstanceRecord> instances,
      List<EvaluationProblem> problems,
      List<String> warnings) {
    this(component, instances, problems, warnings, java.util.Set.of());
  }
}
