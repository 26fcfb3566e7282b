package dev.workloadmap.maven;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.workloadmap.sdk.WorkloadMapException;
import dev.workloadmap.sdk.WorkloadMapIOException;
import dev.workloadmap.sdk.authoring.AuthoringChecks;
import dev.workloadmap.sdk.authoring.OverlapAnalyzer;
import dev.workloadmap.sdk.authoring.RoundTrip;
import dev.workloadmap.sdk.report.HtmlReport;
import dev.workloadmap.sdk.report.ReportFormat;
import dev.workloadmap.sdk.validation.Finding;
import dev.workloadmap.sdk.validation.Severity;
import dev.workloadmap.sdk.verify.DefinitionResult;
import dev.workloadmap.sdk.verify.FixtureResult;
import dev.workloadmap.sdk.verify.Verifier;
import dev.workloadmap.sdk.verify.VerifyOptions;
import dev.workloadmap.sdk.verify.VerifyReport;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.logging.Log;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Loads and validates every definition under {@code definitionsDirectory}, runs each definition's fixtures, prints
 * each fixture's tree, and ends with {@code N definitions, M fixtures, K failed}. All findings are listed with
 * file:line:column and JSON pointer; then the build fails once. Validation (the whole pipeline of {@code
 * workloadmap:validate}) runs first for each definition, and a definition with errors has its fixtures skipped. When
 * the definition's CRD is found ({@code crd.yaml} beside it, or in {@code workloadmap.crdDirectory}), its paths are
 * checked against the CRD and each fixture object is validated against the CRD's schema. With
 * {@code -Dworkloadmap.reports=sarif,junit,json} the results are also written as report files.
 *
 * <p>Layout: {@code <definitionsDirectory>/<name>/definition.yaml} and {@code
 * <definitionsDirectory>/<name>/fixtures/<case>/{object.yaml | fixture.yaml, expected.yaml}}.
 */
@Mojo(name = "verify", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public class VerifyMojo extends AbstractWorkloadMapMojo {

  /** Where the definition folders are. */
  @Parameter(
      property = "workloadmap.definitionsDirectory",
      defaultValue = "${project.basedir}/src/main/workloadmap")
  File definitionsDirectory;

  /** The folder that {@code object.shared} paths in fixture.yaml refer to (the project's ../shared). */
  @Parameter(
      property = "workloadmap.sharedDirectory",
      defaultValue = "${maven.multiModuleProjectDirectory}/../shared")
  File sharedDirectory;

  /** Write expected.yaml from the actual results instead of comparing (refused when CI is set). */
  @Parameter(property = "workloadmap.updateExpected", defaultValue = "false")
  boolean updateExpected;

  /** Skip this goal only. */
  @Parameter(property = "workloadmap.verify.skip", defaultValue = "false")
  boolean verifySkip;

  /** Print each fixture's tree (on by default; the trees are the main job's output). */
  @Parameter(property = "workloadmap.printTrees", defaultValue = "true")
  boolean printTrees;

  /** Fail when the directory holds no definition (off: a project without definitions is not an error). */
  @Parameter(property = "workloadmap.failIfEmpty", defaultValue = "false")
  boolean failIfEmpty;

  /**
   * Fail when a definition's coverage (covered items in percent: components, paths, matcher parts both ways, suspend
   * actions, gang instructions; see {@code DefinitionCoverage}) is below this; 0 (default) never fails.
   */
  @Parameter(property = "workloadmap.coverage.minimum", defaultValue = "0")
  double coverageMinimum;

  /** Skip coverage, the write round trip, the overlap summary and the HTML report. */
  @Parameter(property = "workloadmap.authoring.skip", defaultValue = "false")
  boolean authoringSkip;

  /** Fail on a write round-trip finding (an unexpected change). */
  @Parameter(property = "workloadmap.roundTrip.failOnFindings", defaultValue = "true")
  boolean roundTripFailOnFindings;

  /** List every round-trip check's findings in the build log (they are always in roundtrip.json; also with -X). */
  @Parameter(property = "workloadmap.roundTrip.verbose", defaultValue = "false")
  boolean roundTripVerbose;

  /** Objects the overlap analysis evaluates per definition for the HTML report (workloadmap:analyze has its own). */
  @Parameter(property = "workloadmap.analyze.budget", defaultValue = "4000")
  int analyzeBudget;

  /** Seed of the overlap analysis. */
  @Parameter(property = "workloadmap.analyze.seed", defaultValue = "20260101")
  long analyzeSeed;

  /** Reads environment variables (CI); replaced in tests. */
  UnaryOperator<String> environment = System::getenv;

  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    Log log = getLog();
    if (skip || verifySkip) {
      log.info("Skipping Workload Map verification (workloadmap.skip)");
      return;
    }
    Set<ReportFormat> formats = reportFormats();
    Path root = definitionsDirectory.toPath();
    List<Path> files;
    try {
      files = Verifier.findDefinitions(root);
    } catch (WorkloadMapIOException | UncheckedIOException e) {
      throw new MojoExecutionException(e.getMessage() + ": " + e.getCause().getMessage(), e);
    }
    if (files.isEmpty()) {
      String msg = "No definitions found in " + root + " (expected <name>/definition.yaml folders)";
      if (failIfEmpty) {
        throw new MojoFailureException(msg);
      }
      log.info(msg);
      return;
    }
    String ciValue = environment.apply("CI");
    boolean ci = ciValue != null && !ciValue.isEmpty() && !"false".equalsIgnoreCase(ciValue);
    Verifier verifier;
    try {
      verifier = new Verifier(
          workloadMap(),
          new VerifyOptions(
              sharedDirectory == null ? null : sharedDirectory.toPath(),
              updateExpected,
              ci,
              crdPath()));
    } catch (WorkloadMapException e) {
      throw new MojoFailureException(e.getMessage());
    }
    log.info("Verifying " + files.size() + " Workload Map definition(s) in " + root);
    VerifyReport report;
    try {
      report = verifier.verifyDirectory(root, r -> progress(log, r));
    } catch (WorkloadMapIOException | UncheckedIOException e) {
      throw new MojoExecutionException(e.getMessage() + ": " + e.getCause().getMessage(), e);
    }
    int warnings = 0;
    for (DefinitionResult d : report.definitions()) {
      if (d.report().hasErrors()) {
        int n = d.report().errors().size();
        log.error("[INVALID] " + d.file().getParent().getFileName() + ": " + n
            + (n == 1 ? " error" : " errors")
            + (d.fixtures().isEmpty() ? "; its fixtures were not run" : ""));
      }
      for (Finding f : d.report().findings()) {
        log(log, f);
        if (f.severity() == Severity.WARNING) {
          warnings++;
        }
      }
      for (FixtureResult fx : d.fixtures()) {
        fx.findings().forEach(f -> log(log, f));
      }
    }
    String summary = report.summary()
        + (warnings == 0 ? "" : ", " + warnings + (warnings == 1 ? " warning" : " warnings"));
    writeReports(report, formats);
    String authoringFailure = authoringSkip ? null : authoring(log, verifier, report);
    if (report.failed()) {
      log.error(summary);
      throw new MojoFailureException(
          summary + ". Fix the findings listed above (file:line:column /pointer: message);"
              + " run with -Dworkloadmap.updateExpected=true locally if a changed result is intended.");
    }
    if (failOnWarning && warnings > 0) {
      log.error(summary);
      throw new MojoFailureException(
          summary + ". Fix the warnings listed above (file:line:column /pointer: message),"
              + " or set workloadmap.failOnWarning=false.");
    }
    if (authoringFailure != null) {
      throw new MojoFailureException(authoringFailure);
    }
    log.info(summary);
  }

  /** Coverage, round trip, overlap and the HTML report; returns the failure message, or null. */
  private String authoring(Log log, Verifier verifier, VerifyReport report)
      throws MojoExecutionException {
    AuthoringChecks checks = new AuthoringChecks(workloadMap(), verifier, crdPath());
    List<AuthoringChecks.Result> results = new ArrayList<>();
    Map<String, HtmlReport.Extras> extras = new LinkedHashMap<>();
    OverlapAnalyzer.Options ov = new OverlapAnalyzer.Options(analyzeSeed, analyzeBudget);
    for (DefinitionResult d : report.definitions()) {
      AuthoringChecks.Result r;
      try {
        r = checks.run(d, ov);
      } catch (RuntimeException e) {
        log.warn("authoring checks of " + d.name() + " failed: " + e);
        continue;
      }
      if (r != null) {
        results.add(r);
        extras.put(d.name(), new HtmlReport.Extras(r.coverage(), r.overlap(), r.roundTrips()));
      }
    }
    log.info("");
    log.info("Definition coverage (fired / false / not reached per fixture):");
    List<String> below = new ArrayList<>();
    for (AuthoringChecks.Result r : results) {
      for (String line : r.coverage().table().stripTrailing().split("\n")) {
        log.info(line);
      }
      if (r.coverage().percent() + 1e-9 < coverageMinimum) {
        StringBuilder sb = new StringBuilder(String.format(
            Locale.ROOT,
            "%s: %.1f%% < %.1f%%, missing:",
            r.definition(),
            r.coverage().percent(),
            coverageMinimum));
        r.coverage()
            .missing()
            .forEach(i -> sb.append("\n    ")
                .append(i.id())
                .append(" (")
                .append(i.description())
                .append(") ")
                .append(i.location() == null ? "" : "at " + i.location().position() + " ")
                .append(i.missing()));
        below.add(sb.toString());
      }
    }
    log.info("");
    log.info(
        "Write round trip (identity, probe, suspend-resume per component and fixture; details in roundtrip.json"
            + (roundTripVerbose || log.isDebugEnabled()
                ? ""
                : ", or with -Dworkloadmap.roundTrip.verbose=true or -X")
            + "):");
    boolean details = roundTripVerbose || log.isDebugEnabled();
    for (String line :
        AuthoringChecks.roundTripTable(results, details).stripTrailing().split("\n")) {
      log.info(line);
    }
    // an unexpected change is a finding whatever the verbosity, one warning per definition,
    // component and check
    // (the objects and leaves are in roundtrip.json); a write the SDK refuses (a computed path,
    // read-only by design)
    // is counted in the table's REFUSED column and listed in the report
    if (!details) {
      for (AuthoringChecks.Result r : results) {
        Map<String, List<String>> objects = new LinkedHashMap<>();
        Map<String, String> first = new LinkedHashMap<>();
        for (RoundTrip.Result t : r.roundTrips()) {
          for (RoundTrip.Check c : t.checks()) {
            List<String> real =
                c.findings().stream().filter(f -> !RoundTrip.isRefusedWrite(f)).toList();
            if (!real.isEmpty()) {
              String key = c.component() + " " + c.check();
              objects.computeIfAbsent(key, k -> new ArrayList<>()).add(t.object());
              first.putIfAbsent(
                  key,
                  t.object() + ": " + real.get(0)
                      + (real.size() > 1 ? " (+" + (real.size() - 1) + " more)" : ""));
            }
          }
        }
        objects.forEach((key, objs) -> log.warn("[ROUND TRIP] " + r.definition() + " " + key
            + ": unexpected changes on " + objs.size() + " object(s), first " + first.get(key)));
      }
    }
    long findings =
        results.stream().mapToLong(r -> r.roundTrip(RoundTrip.Outcome.FINDINGS)).sum();
    Path dir = reportsPath();
    try {
      Files.createDirectories(dir);
      ObjectMapper m = new ObjectMapper();
      Files.writeString(
          dir.resolve("coverage.json"),
          m.writerWithDefaultPrettyPrinter()
                  .writeValueAsString(AuthoringChecks.coverageJson(results))
              + "\n",
          StandardCharsets.UTF_8);
      Files.writeString(
          dir.resolve("roundtrip.json"),
          m.writerWithDefaultPrettyPrinter()
                  .writeValueAsString(AuthoringChecks.roundTripJson(results))
              + "\n",
          StandardCharsets.UTF_8);
      Files.writeString(
          dir.resolve("overlap.json"),
          m.writerWithDefaultPrettyPrinter()
                  .writeValueAsString(AuthoringChecks.overlapJson(results))
              + "\n",
          StandardCharsets.UTF_8);
      log.info("Wrote " + dir.resolve("coverage.json") + ", roundtrip.json, overlap.json");
      log.info("Wrote " + HtmlReport.write(report, extras, dir, basePath()));
    } catch (IOException | UncheckedIOException e) {
      throw new MojoExecutionException(
          "cannot write the authoring reports to " + dir + ": " + e.getMessage(), e);
    }
    List<String> failures = new ArrayList<>();
    if (!below.isEmpty()) {
      below.forEach(b -> log.error("[COVERAGE] " + b));
      failures.add(
          below.size() + " definition(s) below workloadmap.coverage.minimum=" + coverageMinimum
              + ":\n  "
              + String.join("\n  ", below)
              + "\nhint: add fixtures that make each missing matcher fire and not fire, or"
              + " annotate the definition with coverage.workloadmap.dev/<item>: \"<why it cannot be covered>\"");
    }
    if (findings > 0 && roundTripFailOnFindings) {
      failures.add(findings + " write round-trip check(s) with findings (listed above); set"
          + " workloadmap.roundTrip.failOnFindings=false to report them only");
    }
    return failures.isEmpty() ? null : String.join("\n", failures);
  }

  private void progress(Log log, FixtureResult r) {
    String head =
        "[" + r.outcome() + "] " + r.directory().getParent().getParent().getFileName() + "/"
            + r.name() + (r.reason().isEmpty() ? "" : " (" + r.reason() + ")");
    if (r.outcome() == FixtureResult.Outcome.FAILED) {
      log.error(head);
    } else if (r.outcome() == FixtureResult.Outcome.SKIPPED) {
      log.warn(head);
    } else {
      log.info(head);
    }
    if (printTrees && !r.text().isEmpty()) {
      for (String line : r.text().stripTrailing().split("\n", -1)) {
        log.info(line.isEmpty() ? "" : "  " + line);
      }
    }
  }
}
