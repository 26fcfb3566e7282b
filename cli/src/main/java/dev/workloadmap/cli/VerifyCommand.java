package dev.workloadmap.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.PreparedDefinition;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.WorkloadMapException;
import dev.workloadmap.sdk.authoring.Prediction;
import dev.workloadmap.sdk.authoring.RoundTrip;
import dev.workloadmap.sdk.tree.WorkloadTree;
import dev.workloadmap.sdk.yaml.YamlDocument;
import dev.workloadmap.sdk.yaml.YamlException;
import dev.workloadmap.sdk.yaml.YamlReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code verify}: the reference's {@code hack/karta-verify}, same flags ({@code --karta}, {@code --workload}, {@code
 * --predict}, {@code --dump}, {@code --strict}, also with one dash as Go's flag package takes them), same prediction
 * files (SDK {@code Prediction}) and exit codes: 0 success, 1 load or validation failure (also: a problem left the
 * object's totals incomplete, unless {@code --allow-incomplete}), 2 prediction mismatch, 3 warnings under {@code
 * --strict}. With {@code --workload} it also runs the write round trip (SDK {@code RoundTrip}) on a
 * copy of the object; each finding is a warning, a component with no instance is reported skipped.
 */
@Command(
    name = "verify",
    mixinStandardHelpOptions = true,
    description =
        "Validate a definition and prove it against a real object, like the reference's hack/karta-verify"
            + " (exit 0 ok, 1 load or validation failure or incomplete totals, 2 prediction mismatch, 3 warnings under"
            + " --strict).")
final class VerifyCommand extends BaseCommand {

  @Option(
      names = {"--karta", "-karta"},
      paramLabel = "FILE",
      description = "Path to the Karta definition (required).")
  String karta;

  @Option(
      names = {"--workload", "-workload"},
      paramLabel = "FILE",
      description = "Path to a real workload manifest; without it, validation only.")
  String workload;

  @Option(
      names = {"--predict", "-predict"},
      paramLabel = "FILE",
      description = "Predictions file to check the extraction against (requires --workload).")
  String predict;

  @Option(
      names = {"--dump", "-dump"},
      paramLabel = "FILE",
      description = "Write the observed extraction, in predictions format (requires --workload).")
  String dump;

  @Option(
      names = {"--strict", "-strict"},
      description = "Exit 3 when the run reports warnings (requires --workload).")
  boolean strict;

  @Option(names = "--no-round-trip", description = "Do not run the write round trip.")
  boolean noRoundTrip;

  @Option(
      names = "--allow-incomplete",
      description =
          "Do not exit 1 when a problem left the object's replica or"
              + " resource totals incomplete (a negative or fractional count, a GPU quantity Kubernetes rejects).")
  boolean allowIncomplete;

  @Override
  int execute() {
    PrintWriter out = env().out();
    PrintWriter err = env().err();
    if (karta == null || karta.isEmpty()) {
      err.println(
          "error: --karta is required (hint: workloadmap verify --karta <definition.yaml> [--workload <cr.yaml>])");
      return 1;
    }
    if (workload == null) {
      for (String[] f : new String[][] {
        {"--predict", predict}, {"--dump", dump}, {"--strict", strict ? "x" : null}
      }) {
        if (f[1] != null) {
          err.println("error: " + f[0] + " requires --workload");
          return 1;
        }
      }
    }
    WorkloadMap wm = wm();
    List<WorkloadMap.Loaded> loaded;
    try {
      loaded = wm.read(Path.of(karta));
    } catch (WorkloadMapException e) {
      // the place (file:line:column) as every other read error gives it, then what to do
      err.println("\nerror: parse Karta definition: " + located(e, karta));
      err.println("hint: check the file given to --karta with: workloadmap validate " + karta);
      return 1;
    } catch (RuntimeException e) {
      err.println("\nerror: read Karta definition: " + karta + ": " + e.getMessage());
      err.println("hint: check the path and permissions of the file given to --karta");
      return 1;
    }
    if (loaded.size() != 1 || !loaded.get(0).valid()) {
      err.println("\nerror: Karta definition is not valid:");
      loaded.forEach(l -> l.report().findings().forEach(f -> err.println("  " + f.format())));
      return 1;
    }
    out.println("=== Validation ===\n  " + karta + " is structurally valid\n");
    if (workload == null) {
      out.println("No --workload given, so the definition was not run against a real object.\n"
          + "It is structurally valid; whether its jq paths resolve is still unproven.");
      return 0;
    }
    PreparedDefinition prepared = wm.prepare(loaded.get(0));
    JsonNode object;
    YamlDocument document;
    try {
      List<YamlDocument> docs = new YamlReader()
          .readAll(Path.of(workload)).stream().filter(d -> !d.root().isNull()).toList();
      if (docs.isEmpty()) {
        err.println("\nerror: parse workload: " + workload + " holds no object");
        err.println(WORKLOAD_HINT);
        return 1;
      }
      document = docs.get(0);
      object = document.root();
    } catch (YamlException e) {
      err.println("\nerror: parse workload: " + located(e, workload));
      err.println(WORKLOAD_HINT);
      return 1;
    } catch (RuntimeException e) {
      err.println("\nerror: read workload: " + workload + ": " + e.getMessage());
      err.println(WORKLOAD_HINT);
      return 1;
    }
    WorkloadTree tree;
    try {
      tree = wm.resolve(prepared, document); // problems located at the object's own lines
    } catch (WorkloadMapException e) {
      err.println("\nerror: build workload tree against " + workload + ": " + e.getMessage());
      return 1;
    }
    Prediction.Observation observed = Prediction.observe(tree);
    boolean unresolved =
        observed.status().isEmpty() || observed.status().equals(List.of("Undefined"));
    out.println("=== Extracted from " + workload + " ===");
    out.println("  status: " + Prediction.list(observed.status())
        + (unresolved ? " (no rule in statusDefinition matched this object)" : ""));
    for (Prediction.Row r : observed.components()) {
      out.printf(
          "  %-34s replicas=%-8s min=%-6s max=%-6s podSpec=%-9s containers=%s%n",
          r.key(),
          n(r.replicas()),
          n(r.minReplicas()),
          n(r.maxReplicas()),
          Prediction.yesNo(r.podSpec()),
          Prediction.list(r.containers()));
    }
    out.println();
    List<String> warnings = new ArrayList<>(Prediction.warnings(observed));
    if (!noRoundTrip) {
      RoundTrip.Result rt = new RoundTrip(wm).run(prepared, object, workload);
      out.println("=== Write round trip (on a copy) ===");
      for (RoundTrip.Check c : rt.checks()) {
        out.printf("  %-24s %-15s %-8s %s%n", c.component(), c.check(), c.outcome(), c.detail());
        for (String f : c.findings()) {
          warnings.add(c.component() + " " + c.check() + ": " + f);
        }
      }
      out.printf(
          "  %d clean, %d findings, %d skipped%n%n",
          rt.count(RoundTrip.Outcome.CLEAN),
          rt.count(RoundTrip.Outcome.FINDINGS),
          rt.count(RoundTrip.Outcome.SKIPPED));
    }
    List<String> uncounted = new ArrayList<>();
    if (!tree.problems().isEmpty()) {
      out.println("=== Problems ===");
      for (var p : tree.problems()) {
        out.println("  " + p.format());
        if (p.affectsTotals()) {
          uncounted.add(p.format());
        } else {
          warnings.add(p.format());
        }
      }
      out.println();
    }
    if (!warnings.isEmpty()) {
      out.println("=== Warnings ===");
      warnings.forEach(w -> out.println("  " + w));
      out.println();
    }
    if (dump != null) {
      try {
        Files.writeString(Path.of(dump), Prediction.dump(observed), StandardCharsets.UTF_8);
      } catch (IOException e) {
        err.println("\nerror: write dump: " + e.getMessage());
        return 1;
      }
      out.println("Wrote observed extraction to " + dump + "\n");
    }
    if (!uncounted.isEmpty()) {
      if (!allowIncomplete) {
        err.println("\nerror: the totals of " + workload + " are incomplete: " + uncounted.size()
            + (uncounted.size() == 1 ? " problem" : " problems")
            + " left replicas or resources uncounted (listed"
            + " under Problems)\nhint: fix the object at the place each problem names, or pass --allow-incomplete to"
            + " accept the partial totals");
        return 1;
      }
      warnings.addAll(uncounted); // accepted, but still a warning under --strict
    }
    if (predict != null) {
      Prediction.Observation predicted;
      try {
        List<YamlDocument> docs = new YamlReader().readAll(Path.of(predict));
        predicted = Prediction.parse(docs.isEmpty() ? null : docs.get(0));
      } catch (YamlException | IllegalArgumentException e) {
        err.println("\nerror: parse predictions: " + e.getMessage());
        return 1;
      } catch (RuntimeException e) {
        err.println("\nerror: read predictions: " + e.getMessage());
        return 1;
      }
      List<String> mismatches = Prediction.compare(predicted, observed);
      out.println("=== Prediction check ===");
      if (!mismatches.isEmpty()) {
        mismatches.forEach(m -> out.println("  MISMATCH " + m));
        out.printf(
            "%n%d mismatch(es). The definition does not do what it was expected to do;%n"
                + "fix the definition, or re-derive the prediction from the manifest, then run again.%n"
                + "Do not copy the extracted values into the prediction to make this pass.%n",
            mismatches.size());
        return 2;
      }
      out.printf(
          "  all %d predicted value(s) matched the extraction%n%n",
          Prediction.countPredicted(predicted));
    }
    if (strict && !warnings.isEmpty()) {
      err.println("\nerror: " + warnings.size() + " warning(s) under --strict");
      return 3;
    }
    return 0;
  }

  private static String n(Integer v) {
    return v == null ? "<none>" : v.toString();
  }

  private static final String WORKLOAD_HINT =
      "hint: give --workload the object's YAML, for example: kubectl get <type> <name> -o yaml > cr.yaml";

  /** {@code e}'s message after its place ({@code file:line:column /pointer: }), or after {@code file} when unplaced. */
  private static String located(WorkloadMapException e, String file) {
    return e.location().isPresent() && e.location().get().line() > 0
        ? e.describe()
        : file + ": " + e.getMessage();
  }
}
