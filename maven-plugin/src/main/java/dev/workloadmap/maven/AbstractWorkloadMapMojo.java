package dev.workloadmap.maven;

import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.WorkloadMapException;
import dev.workloadmap.sdk.WorkloadMapIOException;
import dev.workloadmap.sdk.report.ReportFormat;
import dev.workloadmap.sdk.report.Reports;
import dev.workloadmap.sdk.validation.Finding;
import dev.workloadmap.sdk.validation.Severity;
import dev.workloadmap.sdk.verify.VerifyReport;
import java.io.File;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Set;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.logging.Log;
import org.apache.maven.plugins.annotations.Parameter;

/** Shared parameters of the Workload Map goals. Every goal translates its parameters and calls the SDK. */
public abstract class AbstractWorkloadMapMojo extends AbstractMojo {

  /** Skip every Workload Map goal. */
  @Parameter(property = "workloadmap.skip", defaultValue = "false")
  protected boolean skip;

  /** The resource counted as GPUs in trees and totals. */
  @Parameter(property = "workloadmap.gpuResourceName", defaultValue = "nvidia.com/gpu")
  protected String gpuResourceName;

  /** Fail fast on the first evaluation error, like the reference implementation, instead of containing errors. */
  @Parameter(property = "workloadmap.strict", defaultValue = "false")
  protected boolean strict;

  /** Fail the build on warnings too (validate and verify). */
  @Parameter(property = "workloadmap.failOnWarning", defaultValue = "false")
  protected boolean failOnWarning;

  /**
   * Report files to write, comma-separated: {@code json}, {@code sarif}, {@code junit} (none by default). Written by
   * validate and verify, also when the build then fails.
   */
  @Parameter(property = "workloadmap.reports")
  protected String reports;

  /**
   * Where report files go; default {@code workloadmap-reports} in the project's build directory ({@code
   * target/workloadmap-reports}, also without a project).
   */
  @Parameter(property = "workloadmap.reportsDirectory")
  protected File reportsDirectory;

  /**
   * A folder of CRD files named {@code <kind lower>.<group>.yaml}: a definition's target CRD is {@code crd.yaml} in
   * the definition's folder, else found here; with it the definition's paths are checked against the CRD (validate
   * and verify) and fixture objects are validated against its schema (verify). Absent: one INFO per definition.
   */
  @Parameter(
      property = "workloadmap.crdDirectory",
      defaultValue = "${maven.multiModuleProjectDirectory}/../shared/data/crds")
  protected File crdDirectory;

  /** The project's build directory; Maven's stub project (no POM) leaves it unresolved. */
  @Parameter(defaultValue = "${project.build.directory}", readonly = true)
  protected File buildDirectory;

  /** File names in reports are relative to this directory (the project's, or the current one without a project). */
  @Parameter(defaultValue = "${project.basedir}", readonly = true)
  protected File baseDirectory;

  /**
   * The formats of {@link #reports}, checked before any work is done.
   *
   * @throws MojoFailureException an unknown format name (the message lists the known ones)
   */
  protected Set<ReportFormat> reportFormats() throws MojoFailureException {
    try {
      return ReportFormat.parseList(reports);
    } catch (WorkloadMapException e) {
      throw new MojoFailureException("workloadmap.reports: " + e.getMessage());
    }
  }

  /** Writes {@code report} in each of {@code formats} and logs each file written. */
  protected void writeReports(VerifyReport report, Set<ReportFormat> formats)
      throws MojoExecutionException {
    if (formats.isEmpty()) {
      return;
    }
    Path base = baseDirectory != null ? baseDirectory.toPath() : Path.of("").toAbsolutePath();
    Path build = buildDirectory != null && !buildDirectory.getPath().contains("${")
        ? buildDirectory.toPath()
        : base.resolve("target");
    Path dir =
        reportsDirectory != null ? reportsDirectory.toPath() : build.resolve("workloadmap-reports");
    try {
      for (Path written : Reports.write(report, formats, dir, base, failOnWarning)) {
        getLog().info("Wrote " + written);
      }
    } catch (WorkloadMapIOException | UncheckedIOException e) {
      throw new MojoExecutionException(e.getMessage(), e);
    }
  }

  /** The folder report files go to ({@link #reportsDirectory}, default {@code target/workloadmap-reports}). */
  protected Path reportsPath() {
    Path base = baseDirectory != null ? baseDirectory.toPath() : Path.of("").toAbsolutePath();
    Path build = buildDirectory != null && !buildDirectory.getPath().contains("${")
        ? buildDirectory.toPath()
        : base.resolve("target");
    return reportsDirectory != null
        ? reportsDirectory.toPath()
        : build.resolve("workloadmap-reports");
  }

  /** The directory file names in reports are relative to. */
  protected Path basePath() {
    return baseDirectory != null ? baseDirectory.toPath() : Path.of("").toAbsolutePath();
  }

  /** {@link #crdDirectory} as a path; null when unset or left unresolved (no multi-module directory). */
  protected Path crdPath() {
    return crdDirectory == null || crdDirectory.getPath().contains("${")
        ? null
        : crdDirectory.toPath();
  }

  protected WorkloadMap workloadMap() {
    return WorkloadMap.builder().gpuResourceName(gpuResourceName).strict(strict).build();
  }

  /** Logs a finding in one stable, greppable line at its severity. */
  protected static void log(Log log, Finding f) {
    if (f.severity() == Severity.ERROR) {
      log.error(f.format());
    } else if (f.severity() == Severity.WARNING) {
      log.warn(f.format());
    } else {
      log.info(f.format());
    }
  }
}
