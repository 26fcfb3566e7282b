package dev.workloadmap.sdk.catalog;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.workloadmap.sdk.WorkloadMapException;
import dev.workloadmap.sdk.validation.Finding;
import dev.workloadmap.sdk.validation.ValidationReport;
import org.apiguardian.api.API;

/**
 * A catalog that cannot be built (duplicate or invalid root GVK, an invalid entry, an unreadable index) or a
 * lookup that names a definition the catalog does not have (docs/format.md#catalog). The message names the resources or
 * versions concerned; {@link #report()} holds the findings of an invalid entry.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class CatalogException extends WorkloadMapException {
  private static final long serialVersionUID = 1L;

  private final transient ValidationReport report;

  public CatalogException(String message) {
    this(message, ValidationReport.empty(), null);
  }

  public CatalogException(String message, Throwable cause) {
    this(message, ValidationReport.empty(), cause);
  }

  /** An invalid entry: the message is followed by its errors, one per line. */
  public CatalogException(String message, ValidationReport report) {
    this(message, report, null);
  }

  private CatalogException(String message, ValidationReport report, Throwable cause) {
    super(
        message + formatErrors(report),
        report.errors().isEmpty() ? null : report.errors().get(0).location(),
        cause);
    this.report = report;
  }

  private static String formatErrors(ValidationReport report) {
    StringBuilder sb = new StringBuilder();
    for (Finding f : report.errors()) {
      sb.append(sb.length() == 0 ? ":\n  " : "\n  ").append(f.format());
    }
    return sb.toString();
  }

  /** The findings of the entry that failed validation; empty for other problems. */
  public ValidationReport report() {
    return report;
  }
}
