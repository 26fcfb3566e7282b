package dev.workloadmap.sdk;

import dev.workloadmap.sdk.yaml.SourceLocation;
import java.util.Objects;

/**
 * An evaluation error contained to the smallest unit that failed (spec §5.1, error containment): one component path
 * or one status matcher. The rest of the result is still produced.
 *
 * @param component the component name
 * @param field the field as a document path, for example {@code childComponents[0].scaleDefinition.replicasPath} or
 *     {@code statusMappings.running[1].byExpression}
 * @param expression the jq expression concerned, or null
 * @param message what went wrong, in the reference's wording
 * @param location where the field is in the definition file (file, line, column, JSON pointer)
 */
public record EvaluationProblem(
    String component, String field, String expression, String message, SourceLocation location) {
  public EvaluationProblem {
    Objects.requireNonNull(message, "message");
    Objects.requireNonNull(location, "location");
  }

  /** {@code file:line:column /pointer: component 'x': message}. */
  public String format() {
    return location.prefix() + "component '" + component + "': " + message;
  }
}
