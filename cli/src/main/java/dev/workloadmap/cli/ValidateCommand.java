package dev.workloadmap.cli;

import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.validation.Finding;
import dev.workloadmap.sdk.validation.Severity;
import dev.workloadmap.sdk.yaml.YamlException;
import dev.workloadmap.sdk.yaml.YamlReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code validate FILE|-} (spec §7.3): the SDK's linter (spec §4.3: YAML, shape, the reference's rules and the SDK's jq
 * checks). Prints {@code OK: <name> is a valid Karta definition (GVK: ...)} per valid definition (with its warnings
 * below), or {@code INVALID: <name>} followed by every finding ({@code file:line:column /pointer: message [rule]
 * (hint)}) and {@code N finding(s)}. Exit 0 when every definition is valid, 1 when one is invalid (a YAML syntax error
 * included), 2 on a usage or read error. Needs no cluster.
 */
@Command(name = "validate", mixinStandardHelpOptions = true, description = "Lint a definition file (exit 0 valid, 1 invalid, 2 usage or read error).")
final class ValidateCommand extends BaseCommand {

  @Parameters(index = "0", paramLabel = "FILE", description = "The definition file, or - for standard input.")
  String file;

  @picocli.CommandLine.Option(names = "--analyze", description = "Also run the status-overlap analysis (exit 1 when"
      + " two exclusive statuses can match together unallowed, or a terminal state maps to Undefined).")
  boolean analyze;

  @picocli.CommandLine.Option(names = "--crd", paramLabel = "FILE",
      description = "The target CRD, so the analysis stays within its status schema.")
  Path crd;

  @picocli.CommandLine.Option(names = "--seed", description = "Seed of the analysis (default: ${DEFAULT-VALUE}).")
  long seed = 20260101L;

  @picocli.CommandLine.Option(names = "--budget", description = "Objects per definition (default: ${DEFAULT-VALUE}).")
  int budget = 20000;

  @Override
  int execute() {
    String name = file.equals("-") ? "<stdin>" : file;
    String text;
    try {
      text = file.equals("-") ? new String(env().in().readAllBytes(), StandardCharsets.UTF_8)
          : Files.readString(Path.of(file), StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw new CliException(ExitCodes.USAGE, "read_error", "cannot read " + name + ": no such file",
          "check the path", null);
    } catch (IOException e) {
      throw new CliException(ExitCodes.USAGE, "read_error", "cannot read " + name + ": " + e.getMessage(), null, null);
    }
    List<WorkloadMap.Loaded> loaded;
    try {
      loaded = wm().read(text, name);
    } catch (YamlException e) {
      env().out().println("INVALID: " + name);
      env().out().println("  " + e.describe());
      env().out().println("1 finding(s)");
      return ExitCodes.ERROR;
    }
    if (loaded.isEmpty()) {
      throw new CliException(ExitCodes.USAGE, "read_error", name + " holds no definition",
          "give a file with a Karta (or legacy ResourceInterface) document", null);
    }
    // the documents' metadata.name, for definitions that could not be mapped
    List<String> docNames = new YamlReader().readAll(text, name).stream().filter(d -> !d.root().isNull())
        .map(d -> d.root().path("metadata").path("name").asText("")).toList();
    boolean allValid = true;
    for (int i = 0; i < loaded.size(); i++) {
      WorkloadMap.Loaded l = loaded.get(i);
      String docName = docNames.size() == loaded.size() ? docNames.get(i) : "";
      String defName = l.definition() != null && l.definition().name() != null ? l.definition().name()
          : !docName.isEmpty() ? docName : name + (loaded.size() == 1 ? "" : "#" + (i + 1));
      if (l.valid()) {
        String gvk = l.definition().rootGvk() == null ? "none" : l.definition().rootGvk().toString();
        env().out().println("OK: " + defName + " is a valid Karta definition (GVK: " + gvk + ")");
        for (Finding f : l.report().findings()) {
          env().out().println("  " + severity(f) + f.format());
        }
      } else {
        allValid = false;
        env().out().println("INVALID: " + defName);
        for (Finding f : l.report().findings()) {
          env().out().println("  " + severity(f) + f.format());
        }
        env().out().println(l.report().findings().size() + " finding(s)");
      }
    }
    boolean clean = true;
    if (analyze) {
      for (WorkloadMap.Loaded l : loaded) {
        if (!l.valid()) {
          continue;
        }
        dev.workloadmap.sdk.crd.CrdSchema schema = null;
        if (crd != null) {
          try {
            schema = dev.workloadmap.sdk.crd.CrdSchema.load(crd, l.definition().rootGvk());
          } catch (RuntimeException e) {
            throw new CliException(ExitCodes.USAGE, "read_error", "cannot use CRD " + crd + ": " + e.getMessage(),
                "give the target CRD's manifest (kubectl get crd NAME -o yaml)", null);
          }
        }
        var result = new dev.workloadmap.sdk.authoring.OverlapAnalyzer(wm(),
            new dev.workloadmap.sdk.authoring.OverlapAnalyzer.Options(seed, budget))
            .analyze(new dev.workloadmap.sdk.PreparedDefinition(l.definition(), l.report()), schema, null);
        env().out().print(result.text());
        clean &= result.clean();
      }
    }
    return allValid && clean ? ExitCodes.OK : ExitCodes.ERROR;
  }

  private static String severity(Finding f) {
    return f.severity() == Severity.ERROR ? "error: " : f.severity() == Severity.WARNING ? "warning: " : "info: ";
  }
}
