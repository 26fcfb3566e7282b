package dev.workloadmap.sdk.validation;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.workloadmap.sdk.WorkloadMapException;
import org.apiguardian.api.API;

/**
 * A definition that could not be loaded or is invalid. {@link #report()} holds every finding; the message lists the
 * errors one per line.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class DefinitionLoadException extends WorkloadMapException {
  private static final long serialVersionUID = 1L;

  private final transient ValidationReport report;

  public DefinitionLoadException(String summary, ValidationReport report) {
    super(
        summary + (report.errors().isEmpty() ? "" : ":\n" + formatErrors(report)),
        report.errors().isEmpty() ? null : report.errors().get(0).location(),
        null);
    this.report = report;
  }

  private static String formatErrors(ValidationReport report) {
    StringBuilder sb = new StringBuilder();
    for (Finding f : report.errors()) {
      if (sb.length() > 0) {
        sb.append('\n');
      }
      sb.append("  ").append(f.format());
    }
    return sb.toString();
  }

  public ValidationReport report() {
    return report;
  }
}
