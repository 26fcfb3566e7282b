package dev.workloadmap.maven;

import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.internal.model.DefinitionSetRules;
import dev.workloadmap.sdk.report.ReportFormat;
import dev.workloadmap.sdk.report.Reports;
import dev.workloadmap.sdk.validation.Finding;
import dev.workloadmap.sdk.validation.Severity;
import dev.workloadmap.sdk.validation.ValidationReport;
import dev.workloadmap.sdk.verify.CrdLookup;
import dev.workloadmap.sdk.verify.DefinitionResult;
import dev.workloadmap.sdk.verify.VerifyReport;
import dev.workloadmap.sdk.yaml.NotTextException;
import dev.workloadmap.sdk.yaml.SourceLocation;
import dev.workloadmap.sdk.yaml.YamlException;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.logging.Log;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Lints definitions without running any fixture: loads and validates every definition file under {@code
 * workloadmap.path} (a file, or a folder searched recursively for {@code .yaml}, {@code .yml} and {@code .json} files,
 * skipping {@code fixtures} folders) through the whole pipeline of docs/format.md#validation-layers (YAML, schema,
 * reference rules, SDK checks), with unknown fields as errors. Each finding is printed as one line
 * ({@code file:line:column /pointer: message [rule] (hint)}) at its severity, then a summary, then the build fails once
 * if there were errors (or warnings, with {@code -Dworkloadmap.failOnWarning}). A definition whose CRD is found
 * ({@code crd.yaml} beside it, which is not read as a definition, or in {@code workloadmap.crdDirectory}) also has its
 * paths checked against the CRD. Works without a project:
 * {@code mvn dev.workloadmap:workloadmap-maven-plugin:validate -Dworkloadmap.path=my-definition.yaml}.
 */
@Mojo(
    name = "validate",
    defaultPhase = LifecyclePhase.VALIDATE,
    requiresProject = false,
    threadSafe = true)
public class ValidateMojo extends AbstractWorkloadMapMojo {

  /** A definition file, or a folder of them. */
  @Parameter(
      property = "workloadmap.path",
      defaultValue = "${project.basedir}/src/main/workloadmap")
  File path;

  /** Skip this goal only. */
  @Parameter(property = "workloadmap.validate.skip", defaultValue = "false")
  boolean validateSkip;

  /** Fail when the path holds no definition file (off: a project without definitions is not an error). */
  @Parameter(property = "workloadmap.failIfEmpty", defaultValue = "false")
  boolean failIfEmpty;

  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    Log log = getLog();
    if (skip || validateSkip) {
      log.info("Skipping Workload Map validation (workloadmap.skip)");
      return;
    }
    Set<ReportFormat> formats = reportFormats();
    Path root = path.toPath();
    if (root.toString().contains("${project.basedir}")) {
      throw new MojoFailureException(
          "no Maven project here, so there is no default definitions folder: give the"
              + " definition file or folder with -Dworkloadmap.path=PATH");
    }
    if (!java.nio.file.Files.exists(root)
        && !root.endsWith(Path.of("src", "main", "workloadmap"))) {
      // only the default folder of a project without definitions may be missing; a path the user
      // gave must exist
      throw new MojoFailureException(
          "workloadmap.path " + root + " does not exist: give a definition file (.yaml,"
              + " .yml, .json) or a folder of them");
    }
    List<Path> files;
    try {
      files = definitionFiles(root);
    } catch (IOException e) {
      throw new MojoExecutionException("cannot list " + root + ": " + e.getMessage(), e);
    }
    if (files.isEmpty()) {
      String msg = "No definition files found at " + root
          + " (workloadmap.path: a .yaml file or a folder of them)";
      if (failIfEmpty) {
        throw new MojoFailureException(msg);
      }
      log.info(msg);
      return;
    }
    WorkloadMap workloadMap = workloadMap();
    List<DefinitionResult> results = validateAll(workloadMap, files, crdPath());
    int errors = 0;
    int warnings = 0;
    for (DefinitionResult d : results) {
      for (Finding f : d.report().findings()) {
        log(log, f);
        errors += f.severity() == Severity.ERROR ? 1 : 0;
        warnings += f.severity() == Severity.WARNING ? 1 : 0;
      }
    }
    VerifyReport report = Reports.forValidation(results);
    writeReports(report, formats);
    String summary =
        "Validated " + count(results.size(), "definition") + " in " + count(files.size(), "file")
            + ": " + count(errors, "error") + ", " + count(warnings, "warning");
    if (errors > 0 || (failOnWarning && warnings > 0)) {
      log.error(summary);
      throw new MojoFailureException(
          summary + ". Fix the findings listed above (file:line:column /pointer: message)"
              + (errors == 0 ? ", or set workloadmap.failOnWarning=false." : "."));
    }
    log.info(summary);
  }

  /** One result per definition document of {@code file}; a file that is not readable YAML is one error. */
  static List<DefinitionResult> validate(WorkloadMap workloadMap, Path file) {
    return validate(workloadMap, file, null);
  }

  /**
   * Every file's results, then the SDK's rules over the set ({@link DefinitionSetRules}, as the CLI's {@code
   * validate}): two definitions of one root kind are an error on the later one, naming the earlier one's position.
   */
  static List<DefinitionResult> validateAll(
      WorkloadMap workloadMap, List<Path> files, Path crdDirectory) {
    List<DefinitionResult> results = new ArrayList<>();
    List<Definition> definitions = new ArrayList<>();
    List<Integer> resultOf = new ArrayList<>();
    for (Path file : files) {
      List<Definition> defs = new ArrayList<>();
      List<DefinitionResult> r = validate(workloadMap, file, crdDirectory, defs);
      for (int i = 0; i < r.size(); i++) {
        if (defs.get(i) != null) {
          definitions.add(defs.get(i));
          resultOf.add(results.size() + i);
        }
      }
      results.addAll(r);
    }
    for (DefinitionSetRules.Indexed d : DefinitionSetRules.duplicateGvks(definitions)) {
      int at = resultOf.get(d.index());
      DefinitionResult r = results.get(at);
      results.set(
          at,
          Reports.validated(
              r.file(), r.name(), r.report().merge(ValidationReport.of(List.of(d.finding())))));
    }
    return results;
  }

  /**
   * As {@link #validate(WorkloadMap, Path)}, and each valid definition's paths are checked against its CRD ({@code
   * crd.yaml} beside the file, or in {@code crdDirectory}; {@link CrdLookup}).
   */
  static List<DefinitionResult> validate(WorkloadMap workloadMap, Path file, Path crdDirectory) {
    return validate(workloadMap, file, crdDirectory, new ArrayList<>());
  }

  /** As above; {@code definitions} receives each result's definition (null when it has none), in order. */
  private static List<DefinitionResult> validate(
      WorkloadMap workloadMap, Path file, Path crdDirectory, List<Definition> definitions) {
    List<WorkloadMap.Loaded> loaded;
    try {
      loaded = workloadMap.read(file);
    } catch (YamlException e) {
      SourceLocation at = e.location().orElse(SourceLocation.ofFile(file.toString()));
      definitions.add(null);
      return List.of(Reports.validated(
          file,
          file.getFileName().toString(),
          ValidationReport.of(List.of(new Finding(
              "yaml.syntax",
              Severity.ERROR,
              e.getMessage(),
              at,
              e instanceof NotTextException ? NotTextException.HINT : "",
              null)))));
    }
    if (loaded.isEmpty()) {
      // the SDK's rule, as the CLI's validate: a definition file must define something
      definitions.add(null);
      return List.of(Reports.validated(
          file,
          file.getFileName().toString(),
          ValidationReport.of(List.of(DefinitionSetRules.noDefinition(file.toString())))));
    }
    List<DefinitionResult> out = new ArrayList<>();
    for (int i = 0; i < loaded.size(); i++) {
      WorkloadMap.Loaded l = loaded.get(i);
      String name = l.definition() != null && l.definition().name() != null
          ? l.definition().name()
          : file.getFileName() + (loaded.size() == 1 ? "" : "#" + (i + 1));
      ValidationReport report = l.report();
      if (l.valid()) {
        report = report.merge(ValidationReport.of(
            CrdLookup.check(l.definition(), file, crdDirectory).findings()));
      }
      out.add(Reports.validated(file, name, report));
      definitions.add(l.definition());
    }
    return out;
  }

  /** {@code root} itself when it is a file; else every YAML or JSON file below it, outside fixtures folders. */
  static List<Path> definitionFiles(Path root) throws IOException {
    return dev.workloadmap.sdk.internal.verify.DefinitionFiles.of(root);
  }

  private static String count(int n, String noun) {
    return n + " " + noun + (n == 1 ? "" : "s");
  }
}
