package dev.workloadmap.sdk.report;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.workloadmap.sdk.WorkloadMapException;
import dev.workloadmap.sdk.internal.report.JUnitReport;
import dev.workloadmap.sdk.internal.report.JsonReport;
import dev.workloadmap.sdk.internal.report.SarifReport;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import org.apiguardian.api.API;

/** The report formats and the file name each is written to. */
@API(status = EXPERIMENTAL, since = "0.1")
public enum ReportFormat {
  /** The stable JSON shape of {@link JsonReport}. */
  JSON("workloadmap-report.json"),
  /** SARIF 2.1.0 ({@link SarifReport}). */
  SARIF("workloadmap.sarif"),
  /** JUnit XML ({@link JUnitReport}), named as Surefire names its files so that CI tools pick it up. */
  JUNIT("TEST-workloadmap.xml");

  private final String fileName;

  ReportFormat(String fileName) {
    this.fileName = fileName;
  }

  /** The file name inside the reports directory. */
  public String fileName() {
    return fileName;
  }

  /**
   * Parses a comma-separated list such as {@code sarif,junit,json} (case-insensitive, blanks ignored).
   *
   * @throws WorkloadMapException a name is not a known format; the message lists the known ones
   */
  public static Set<ReportFormat> parseList(String list) {
    Set<ReportFormat> out = EnumSet.noneOf(ReportFormat.class);
    if (list == null) {
      return out;
    }
    for (String part : list.split(",")) {
      String name = part.trim();
      if (name.isEmpty()) {
        continue;
      }
      try {
        out.add(valueOf(name.toUpperCase(Locale.ROOT)));
      } catch (IllegalArgumentException e) {
        throw new WorkloadMapException(
            "unknown report format \"" + name + "\"; known formats: json, sarif, junit", e);
      }
    }
    return out;
  }
}
