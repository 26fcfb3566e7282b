package dev.workloadmap.sdk.validation;

import static org.apiguardian.api.API.Status.STABLE;

import dev.workloadmap.sdk.yaml.SourceLocation;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * One validation finding (style §2.4).
 *
 * @param ruleId a stable rule id such as {@code yaml.duplicate-key}, {@code model.unknown-field} or {@code
 *     reference.owner-exists}
 * @param severity error, warning or info
 * @param message what is wrong, in the reference's wording where the spec gives one
 * @param location file, line, column and JSON pointer; never null (a file-less location for document-wide findings)
 * @param hint how to fix it; may be empty
 * @param expression the jq expression concerned, or null
 */
@API(status = STABLE, since = "0.1")
public record Finding(
    String ruleId,
    Severity severity,
    String message,
    SourceLocation location,
    String hint,
    String expression) {

  public Finding {
    Objects.requireNonNull(ruleId, "ruleId");
    Objects.requireNonNull(severity, "severity");
    Objects.requireNonNull(message, "message");
    Objects.requireNonNull(location, "location");
    hint = hint == null ? "" : hint;
  }

  /**
   * One stable, greppable line: {@code file:line:column /pointer: message [ruleId] (hint)}, for example {@code
   * jobset.yaml:14:9 /spec/structureDefinition/childComponents/0/instanceIdPath: ... [jq.parse]}.
   */
  public String format() {
    StringBuilder sb = new StringBuilder(location.prefix())
        .append(message)
        .append(" [")
        .append(ruleId)
        .append(']');
    if (!hint.isEmpty()) {
      sb.append(" (").append(hint).append(')');
    }
    return sb.toString();
  }

  @Override
  public String toString() {
    return severity + " " + format();
  }
}
