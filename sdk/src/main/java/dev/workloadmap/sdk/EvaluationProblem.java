package dev.workloadmap.sdk;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.workloadmap.sdk.yaml.SourceLocation;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * An evaluation error contained to the smallest unit that failed (docs/format.md#evaluation, error containment): one
 * component path or one status matcher. The rest of the result is still produced.
 *
 * @param component the component name
 * @param field the field as a document path, for example {@code childComponents[0].scaleDefinition.replicasPath} or
 *     {@code statusMappings.running[1].byExpression}
 * @param expression the jq expression concerned, or null
 * @param message what went wrong, in the reference's wording
 * @param location where the field is in the definition file (file, line, column, JSON pointer)
 * @param objectPointer the JSON pointer of the offending value in the workload object (for example {@code
 *     /spec/replicatedJobs/1/replicas}), or null when the value has no single place there
 * @param objectLocation where {@code objectPointer} is in the object's file, or null when the object was given as
 *     JSON without positions (see {@link WorkloadMap#resolve(PreparedDefinition, dev.workloadmap.sdk.yaml.YamlDocument)})
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record EvaluationProblem(
    String component,
    String field,
    String expression,
    String message,
    SourceLocation location,
    String objectPointer,
    SourceLocation objectLocation) {
  public EvaluationProblem {
    Objects.requireNonNull(message, "message");
    Objects.requireNonNull(location, "location");
  }

  /** A problem located in the definition only. */
  public EvaluationProblem(
      String component, String field, String expression, String message, SourceLocation location) {
    this(component, field, expression, message, location, null, null);
  }

  /** This problem with the place of the offending value in the object. */
  @org.apiguardian.api.API(status = org.apiguardian.api.API.Status.EXPERIMENTAL, since = "0.1")
  public EvaluationProblem withObjectPointer(String pointer) {
    return new EvaluationProblem(
        component, field, expression, message, location, pointer, objectLocation);
  }

  /** This problem with {@code objectPointer} located in the object's file. */
  @org.apiguardian.api.API(status = org.apiguardian.api.API.Status.EXPERIMENTAL, since = "0.1")
  public EvaluationProblem withObjectLocation(SourceLocation at) {
    return new EvaluationProblem(
        component, field, expression, message, location, objectPointer, at);
  }

  /**
   * Whether the problem leaves the replica and resource totals incomplete: every problem of a component's paths
   * (instance ids, pod specs, replica counts, resources) does; one of its status definition (the conditions path, a
   * status matcher) does not, nor one of its scale bounds ({@code minReplicasPath}, {@code maxReplicasPath}), which no
   * total counts (see {@link #affectsGangSizes()}).
   */
  @org.apiguardian.api.API(status = org.apiguardian.api.API.Status.EXPERIMENTAL, since = "0.1")
  public boolean affectsTotals() {
    if (field == null) {
      return true;
    }
    String f = field.toLowerCase(java.util.Locale.ROOT);
    if (f.contains("status") || f.startsWith("conditionsdefinition") || isBound(f)) {
      return false;
    }
    return location.pointer() == null || !location.pointer().contains("/statusDefinition/");
  }

  /**
   * Whether the problem leaves a gang's size unknown: every problem that {@linkplain #affectsTotals() affects the
   * totals}, and one of a scale bound ({@code minReplicasPath}, {@code maxReplicasPath}), which gives a gang's
   * minimum. A PodGroup plan refuses while such a problem is there.
   */
  @org.apiguardian.api.API(status = org.apiguardian.api.API.Status.EXPERIMENTAL, since = "0.1")
  public boolean affectsGangSizes() {
    return affectsTotals() || (field != null && isBound(field.toLowerCase(java.util.Locale.ROOT)));
  }

  private static boolean isBound(String lowerCaseField) {
    return lowerCaseField.endsWith("scaledefinition.minreplicaspath")
        || lowerCaseField.endsWith("scaledefinition.maxreplicaspath");
  }

  /**
   * {@code file:line:column /pointer: component 'x': message}; with an object location, the object's place comes
   * first and the definition's field follows in parentheses.
   */
  public String format() {
    if (objectLocation != null) {
      return objectLocation.prefix() + "component '" + component + "': " + message
          + " (definition: " + location + ")";
    }
    return location.prefix() + "component '" + component + "': " + message;
  }
}
