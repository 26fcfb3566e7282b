package dev.workloadmap.cli;

import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.internal.model.DefinitionSetRules;
import dev.workloadmap.sdk.internal.verify.DefinitionFiles;
import dev.workloadmap.sdk.validation.Finding;
import dev.workloadmap.sdk.validation.Severity;
import dev.workloadmap.sdk.validation.ValidationReport;
import dev.workloadmap.sdk.verify.CrdLookup;
import dev.workloadmap.sdk.yaml.NotTextException;
import dev.workloadmap.sdk.yaml.YamlException;
import dev.workloadmap.sdk.yaml.YamlReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code validate FILE|DIR|- [--crd FILE|DIR]} (docs/format.md#cli-commands): the SDK's linter
 * (docs/format.md#validation-layers: YAML, shape, the reference's rules and the SDK's jq checks), and, like
 * {@code workloadmap:validate}, every valid definition's workload-side paths against its target CRD: {@code --crd FILE}
 * for every definition, else {@code crd.yaml} beside the definition, else {@code <kind lower>.<group>.yaml} in
 * {@code --crd DIR}; without one, an {@code info:} line says that the static CRD checks were skipped. A folder is read
 * like the Maven goal reads it (every {@code .yaml}, {@code .yml} and {@code .json} file below it, outside
 * {@code fixtures} folders, a definition's {@code crd.yaml} excepted) and ends with a summary line. Prints
 * {@code OK: <name> is a valid Karta definition (GVK: ...)} per valid definition (with its warnings and notes below),
 * or {@code INVALID: <name>} followed by every finding ({@code file:line:column /pointer: message [rule] (hint)}) and
 * {@code N finding(s)}. Exit 0 when every definition is valid, 1 when one is invalid (a YAML syntax error or a CRD
 * finding included), 2 on a usage or read error. Needs no cluster. {@code -o json} gives the {@code workloadmap:verify}
 * JSON report of the same findings and {@code -o sarif} a SARIF 2.1.0 log (files relative to the working directory).
 */
@Command(
    name = "validate",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description =
        "Lint definitions, with their paths checked against the target CRD (exit 0 valid, 1 invalid, 2 usage"
            + " or read error).")
final class ValidateCommand extends BaseCommand implements OutputOptions.Formatted {

  @Parameters(
      index = "0",
      paramLabel = "FILE|DIR",
      description =
          "A definition file, a folder of them (fixtures folders skipped), or - for standard input.")
  String file;

  @Option(
      names = "--crd",
      paramLabel = "FILE|DIR",
      description =
          "The target CRD for every definition (a file), or a"
              + " folder of <kind lower>.<group>.yaml files; crd.yaml beside a definition is used first.")
  Path crd;

  @Option(
      names = "--analyze",
      description = "Also run the status-overlap analysis (exit 1 when two exclusive statuses"
          + " can match together unallowed, or a terminal state maps to Undefined); within the CRD's status schema when"
          + " --crd (or a crd.yaml beside the definition) gives it.")
  boolean analyze;

  @Option(names = "--seed", description = "Seed of the analysis (default: ${DEFAULT-VALUE}).")
  long seed = 20260101L;

  @Option(
      names = "--budget",
      description = "Status objects per definition in the analysis (default: ${DEFAULT-VALUE}).")
  int budget = 20000;

  @picocli.CommandLine.Mixin
  OutputOptions outputOptions;

  @Override
  public List<String> outputFormats() {
    return List.of("text", "json", "sarif");
  }

  @Override
  public String outputFormatsNote() {
    return "json is the workloadmap:verify JSON report, sarif a SARIF 2.1.0 log for code scanning (files relative to"
        + " the working directory)";
  }

  @Override
  boolean jsonErrors() {
    return outputOptions.json();
  }

  private int definitions;
  private int errors;
  private int warnings;

  @Override
  int execute() {
    String format = outputOptions.format();
    if (analyze && !format.equals("text")) {
      throw CliException.usage(
          "--analyze prints its own report, in text only",
          "run validate -o " + format + " and validate --analyze separately");
    }
    if (crd != null && !Files.exists(crd)) {
      throw new CliException(
          ExitCodes.USAGE,
          "read_error",
          "cannot read the CRD " + crd + ": no such file or folder",
          "give the target CRD's YAML file (kubectl get crd NAME -o yaml) or a folder of <kind lower>.<group>.yaml",
          null);
    }
    if (crd != null && Files.isRegularFile(crd)) {
      try {
        dev.workloadmap.sdk.crd.Crd.loadAll(
            crd); // a CRD that cannot be read is an input error, named at once
      } catch (dev.workloadmap.sdk.crd.CrdException e) {
        throw new CliException(
            ExitCodes.USAGE,
            "read_error",
            "cannot read the CRD " + e.getMessage(),
            "give the target CRD's manifest (kubectl get crd NAME -o yaml > crd.yaml) or a folder of"
                + " <kind lower>.<group>.yaml files",
            null);
      }
    }
    if (file.equals("-")) {
      String text;
      try {
        text = new String(env().in().readAllBytes(), StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new CliException(
            ExitCodes.USAGE,
            "read_error",
            "cannot read <stdin>: " + e.getMessage(),
            "pipe a definition file into validate -",
            null);
      }
      return report(validate(text, "<stdin>", Path.of("<stdin>")), format);
    }
    Path root = Path.of(file);
    if (!Files.exists(root)) {
      throw new CliException(
          ExitCodes.USAGE,
          "read_error",
          "cannot read " + file + ": no such file or folder",
          "check the path",
          null);
    }
    List<Path> files;
    try {
      files = DefinitionFiles.of(root);
    } catch (IOException e) {
      throw new CliException(
          ExitCodes.USAGE,
          "read_error",
          "cannot list " + file + ": " + e.getMessage(),
          "check the folder's permissions",
          null);
    }
    if (files.isEmpty()) {
      throw new CliException(
          ExitCodes.USAGE,
          "read_error",
          file + " holds no definition file",
          "give a definition file, or a folder with .yaml, .yml or .json definitions",
          null);
    }
    List<Checked> checked = new ArrayList<>();
    for (Path f : files) {
      checked.addAll(load(f));
    }
    // across the files: two definitions of one root kind (the SDK's rule, as workloadmap:validate
    // and register)
    List<Checked> withDefinition =
        checked.stream().filter(c -> c.definition() != null).toList();
    for (DefinitionSetRules.Indexed d : DefinitionSetRules.duplicateGvks(
        withDefinition.stream().map(Checked::definition).toList())) {
      Checked c = withDefinition.get(d.index());
      c.report = c.report.merge(ValidationReport.of(List.of(d.finding())));
    }
    int exit = report(checked, format);
    if (Files.isDirectory(root) && format.equals("text")) {
      env()
          .out()
          .println(
              "Validated " + count(definitions, "definition") + " in " + count(files.size(), "file")
                  + ": " + count(errors, "error") + ", " + count(warnings, "warning"));
    }
    return exit;
  }

  /**
   * Prints the results in {@code format}: the text lines, or the verify goal's JSON report or SARIF log (one entry per
   * definition, no fixtures), with files relative to the working directory. Exit 0 when every one is valid (and, with
   * --analyze, clean), else 1.
   */
  private int report(List<Checked> checked, String format) {
    if (!format.equals("text")) {
      List<dev.workloadmap.sdk.verify.DefinitionResult> results = new ArrayList<>();
      for (Checked c : checked) {
        results.add(
            new dev.workloadmap.sdk.verify.DefinitionResult(c.path, c.name, c.report, List.of()));
      }
      var report = new dev.workloadmap.sdk.verify.VerifyReport(results);
      Path base = Path.of("");
      env()
          .out()
          .print(
              format.equals("json")
                  ? dev.workloadmap.sdk.internal.report.JsonReport.toText(report, base)
                  : dev.workloadmap.sdk.internal.report.SarifReport.toText(report, base));
      return checked.stream().anyMatch(c -> c.report.hasErrors()) ? ExitCodes.ERROR : ExitCodes.OK;
    }
    boolean allValid = true;
    for (Checked c : checked) {
      allValid &= print(c);
    }
    return allValid ? ExitCodes.OK : ExitCodes.ERROR;
  }

  /** One definition document (or one unreadable file), its report and how it is named, before printing. */
  private static final class Checked {
    final String name;
    final Path path;
    final WorkloadMap.Loaded loaded;
    ValidationReport report;

    Checked(String name, Path path, WorkloadMap.Loaded loaded, ValidationReport report) {
      this.name = name;
      this.path = path;
      this.loaded = loaded;
      this.report = report;
    }

    dev.workloadmap.sdk.definition.Definition definition() {
      return loaded == null ? null : loaded.definition();
    }
  }

  /** Validates one file read from disk (the SDK reads it: a file that is not text is a read error). */
  private List<Checked> load(Path f) {
    List<WorkloadMap.Loaded> loaded;
    List<String> docNames;
    try {
      loaded = wm().read(f);
      docNames = new YamlReader()
          .readAll(f).stream()
              .filter(d -> !d.root().isNull())
              .map(d -> d.root().path("metadata").path("name").asText(""))
              .toList();
    } catch (NotTextException e) {
      throw new CliException(
              ExitCodes.USAGE,
              "read_error",
              "cannot read " + f + ": " + e.getMessage(),
              NotTextException.HINT + "; validate reads Karta definitions",
              null)
          .at(e.location().orElse(null));
    } catch (YamlException e) {
      return List.of(syntaxError(e, f.toString(), f));
    }
    return checked(loaded, docNames, f.toString(), f);
  }

  /** Validates one file's text ({@code -}: standard input). */
  private List<Checked> validate(String text, String name, Path path) {
    List<Checked> checked;
    try {
      List<WorkloadMap.Loaded> loaded = wm().read(text, name);
      List<String> docNames = new YamlReader()
          .readAll(text, name).stream()
              .filter(d -> !d.root().isNull())
              .map(d -> d.root().path("metadata").path("name").asText(""))
              .toList();
      checked = checked(loaded, docNames, name, path);
    } catch (YamlException e) {
      checked = List.of(syntaxError(e, name, path));
    }
    return checked;
  }

  private static Checked syntaxError(YamlException e, String name, Path path) {
    Finding syntax = new Finding(
        "yaml.syntax",
        Severity.ERROR,
        e.getMessage(),
        e.location().orElse(dev.workloadmap.sdk.yaml.SourceLocation.ofFile(name)),
        "fix the YAML at this line and column (Kubernetes' YAML 1.1 rules)",
        null);
    return new Checked(name, path, null, ValidationReport.of(List.of(syntax)));
  }

  private List<Checked> checked(
      List<WorkloadMap.Loaded> loaded, List<String> docNames, String name, Path path) {
    if (loaded.isEmpty()) {
      // the SDK's rule, as workloadmap:validate: a definition file must define something
      return List.of(new Checked(
          name, path, null, ValidationReport.of(List.of(DefinitionSetRules.noDefinition(name)))));
    }
    List<Checked> out = new ArrayList<>();
    for (int i = 0; i < loaded.size(); i++) {
      WorkloadMap.Loaded l = loaded.get(i);
      String docName = docNames.size() == loaded.size() ? docNames.get(i) : "";
      String defName = l.definition() != null && l.definition().name() != null
          ? l.definition().name()
          : !docName.isEmpty() ? docName : name + (loaded.size() == 1 ? "" : "#" + (i + 1));
      ValidationReport report = l.report();
      if (l.valid()) {
        CrdLookup lookup = crd != null && Files.isRegularFile(crd)
            ? CrdLookup.checkWith(l.definition(), crd)
            : CrdLookup.check(l.definition(), path, crd);
        report = report.merge(ValidationReport.of(lookup.findings()));
      }
      out.add(new Checked(defName, path, l, report));
    }
    return out;
  }

  /** Prints one result; true when it is valid (and, with --analyze, clean). */
  private boolean print(Checked c) {
    ValidationReport report = c.report;
    definitions++;
    for (Finding f : report.findings()) {
      errors += f.severity() == Severity.ERROR ? 1 : 0;
      warnings += f.severity() == Severity.WARNING ? 1 : 0;
    }
    if (!report.hasErrors()) {
      var def = c.loaded.definition();
      String gvk = def.rootGvk() == null ? "none" : def.rootGvk().toString();
      env().out().println("OK: " + c.name + " is a valid Karta definition (GVK: " + gvk + ")");
      for (Finding f : report.findings()) {
        env().out().println("  " + severity(f) + f.format());
      }
    } else {
      env().out().println("INVALID: " + c.name);
      for (Finding f : report.findings()) {
        env().out().println("  " + severity(f) + f.format());
      }
      env().out().println(report.findings().size() + " finding(s)");
      return false;
    }
    if (analyze) {
      return analyze(c.loaded, c.path);
    }
    return true;
  }

  /** The status-overlap analysis of one valid definition (the SDK's), printed; true when clean. */
  private boolean analyze(WorkloadMap.Loaded l, Path path) {
    dev.workloadmap.sdk.crd.CrdSchema schema = null;
    Path crdFile = crd != null && Files.isRegularFile(crd)
        ? crd
        : l.definition().rootGvk() == null
            ? null
            : CrdLookup.find(path, l.definition().rootGvk(), crd);
    if (crdFile != null) {
      try {
        schema = dev.workloadmap.sdk.crd.CrdSchema.load(crdFile, l.definition().rootGvk());
      } catch (RuntimeException e) {
        throw new CliException(
            ExitCodes.USAGE,
            "read_error",
            "cannot use CRD " + crdFile + ": " + e.getMessage(),
            "give the target CRD's manifest (kubectl get crd NAME -o yaml)",
            null);
      }
    }
    var result = new dev.workloadmap.sdk.authoring.OverlapAnalyzer(
            wm(), new dev.workloadmap.sdk.authoring.OverlapAnalyzer.Options(seed, budget))
        .analyze(wm().prepare(l), schema, null);
    env().out().print(result.text());
    return result.clean();
  }

  private static String severity(Finding f) {
    return f.severity() == Severity.ERROR
        ? "error: "
        : f.severity() == Severity.WARNING ? "warning: " : "info: ";
  }

  private static String count(int n, String noun) {
    return n + " " + noun + (n == 1 ? "" : "s");
  }
}
