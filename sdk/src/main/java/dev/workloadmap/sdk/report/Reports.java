package dev.workloadmap.sdk.report;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.INTERNAL;

import dev.workloadmap.sdk.WorkloadMapIOException;
import dev.workloadmap.sdk.internal.report.JUnitReport;
import dev.workloadmap.sdk.internal.report.JsonReport;
import dev.workloadmap.sdk.internal.report.SarifReport;
import dev.workloadmap.sdk.validation.Finding;
import dev.workloadmap.sdk.validation.ValidationReport;
import dev.workloadmap.sdk.verify.DefinitionResult;
import dev.workloadmap.sdk.verify.VerifyReport;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apiguardian.api.API;

/** Entry points shared by the writers: building a report for a lint-only run, relative file names, writing files. */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Reports {

  private Reports() {}

  /**
   * A verify report with no fixtures, for a lint-only run: one definition per validated document.
   *
   * @param definitions each validated document's file, name and report
   */
  public static VerifyReport forValidation(List<DefinitionResult> definitions) {
    return new VerifyReport(definitions);
  }

  /** One validated document as a definition result with no fixtures. */
  public static DefinitionResult validated(Path file, String name, ValidationReport report) {
    return new DefinitionResult(file, name, report, List.of());
  }

  /**
   * Writes the requested formats into {@code directory} (created if missing), under the file names of {@link
   * ReportFormat#fileName()}.
   *
   * @param baseDir the directory that file names in the reports are relative to
   * @param failOnWarning whether warnings count as failures in the JUnit report
   * @return the files written, in the order of {@code formats}
   * @throws WorkloadMapIOException a file cannot be written
   */
  public static List<Path> write(
      VerifyReport report,
      Collection<ReportFormat> formats,
      Path directory,
      Path baseDir,
      boolean failOnWarning) {
    List<Path> written = new ArrayList<>();
    try {
      Files.createDirectories(directory);
      for (ReportFormat format : formats) {
        Path out = directory.resolve(format.fileName());
        String text = switch (format) {
          case JSON -> JsonReport.toText(report, baseDir);
          case SARIF -> SarifReport.toText(report, baseDir);
          case JUNIT -> JUnitReport.toXml(report, baseDir, failOnWarning);
        };
        Files.writeString(out, text, StandardCharsets.UTF_8);
        written.add(out);
      }
    } catch (IOException e) {
      throw new WorkloadMapIOException(
          "cannot write report to " + directory + ": " + e.getMessage(), e);
    }
    return written;
  }

  /**
   * {@code file} relative to {@code baseDir} with {@code /} separators when it lies under it; otherwise the file as
   * given (absolute files outside the base stay absolute).
   */
  public static String relative(String file, Path baseDir) {
    if (file == null || file.isEmpty()) {
      return "";
    }
    Path p;
    try {
      p = Path.of(file);
    } catch (RuntimeException e) {
      return file; // a name that is not a path, such as "<string>"
    }
    Path base = baseDir.toAbsolutePath().normalize();
    Path abs = p.toAbsolutePath().normalize();
    Path shown = abs.startsWith(base) ? base.relativize(abs) : p;
    return shown.toString().replace('\\', '/');
  }

  /** Whether {@code relative(file, base)} lies under the base directory. */
  @API(status = INTERNAL, since = "0.1")
  public static boolean underBase(String relative) {
    return !relative.isEmpty()
        && !relative.startsWith("/")
        && !relative.startsWith("../")
        && !relative.matches("^[A-Za-z]:.*");
  }

  /** {@code path} (with {@code /} separators) as a URI reference, percent-encoding what URIs do not allow. */
  @API(status = INTERNAL, since = "0.1")
  public static String uriReference(String path) {
    try {
      return new URI(null, null, path, null).getRawPath();
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException("not a path: " + path, e);
    }
  }

  /** A finding's message followed by its hint, as SARIF and JUnit show one text. */
  @API(status = INTERNAL, since = "0.1")
  public static String messageWithHint(Finding f) {
    return f.hint().isEmpty() ? f.message() : f.message() + " (" + f.hint() + ")";
  }
}
