package dev.workloadmap.cli;

import dev.workloadmap.sdk.catalog.CatalogEntry;
import dev.workloadmap.sdk.registration.DefinitionRegistry;
import dev.workloadmap.sdk.registration.RegistrationException;
import io.fabric8.kubernetes.client.KubernetesClientException;
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
 * {@code register FILE... [--catalog NAME]...}: validates each definition, installs the Karta CRD when absent and
 * server-side applies each definition with the labels KAI selects by ({@link DefinitionRegistry}, the SDK does the
 * work). A second definition for a root GVK is refused unless {@code --force}; {@code --dry-run=server} validates on
 * the server without storing.
 */
@Command(
    name = "register",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description =
        "Register definitions in the cluster as Karta objects (installs the Karta CRD when absent).")
final class RegisterCommand extends BaseCommand {

  @Parameters(
      arity = "0..*",
      paramLabel = "FILE",
      description = "Karta YAML files (- for standard input).")
  List<String> files = new ArrayList<>();

  @Option(
      names = "--catalog",
      paramLabel = "NAME",
      description = "A built-in catalog definition to register "
          + "(its name, for example jobset-x-k8s-io-jobset-v1alpha2); repeatable.")
  List<String> catalogNames = new ArrayList<>();

  @Option(
      names = "--force",
      description = "Replace another registered definition of the same root kind.")
  boolean force;

  @Option(
      names = "--dry-run",
      paramLabel = "MODE",
      description = "server: validate on the server, store nothing.")
  String dryRun;

  @Override
  int execute() {
    if (files.isEmpty() && catalogNames.isEmpty()) {
      throw CliException.usage(
          "register needs a FILE or --catalog NAME", "for example: workloadmap register my.yaml");
    }
    boolean dry = dryRunServer(dryRun);
    List<DefinitionRegistry.Source> sources = new ArrayList<>();
    for (String f : files) {
      try {
        String text = f.equals("-")
            ? new String(env().in().readAllBytes(), StandardCharsets.UTF_8)
            : Files.readString(Path.of(f), StandardCharsets.UTF_8);
        sources.add(new DefinitionRegistry.Source(text, f.equals("-") ? "<stdin>" : f));
      } catch (IOException e) {
        throw new CliException(
            ExitCodes.USAGE,
            "read_error",
            "cannot read " + f + ": " + e.getMessage(),
            "check the path",
            null);
      }
    }
    for (String n : catalogNames) {
      CatalogEntry e = root.catalog().list().stream()
          .filter(x -> x.slug().equals(n) || n.equals(x.definition().name()))
          .findFirst()
          .orElseThrow(() -> CliException.usage(
              "no catalog definition named " + n, "list them with: workloadmap definitions"));
      sources.add(
          new DefinitionRegistry.Source(e.yaml(), "catalog:" + e.definition().name()));
    }
    DefinitionRegistry registry = new DefinitionRegistry(cluster().client(), wm());
    try {
      boolean crd = registry.crdPresent();
      if (!crd && !dry) {
        env().out().println("customresourcedefinition/kartas.run.ai installed");
      }
      for (DefinitionRegistry.Result r : registry.register(sources, force, dry)) {
        for (String old : r.replaced()) {
          env()
              .out()
              .println("karta.run.ai/" + old + " deleted (--force: it covered " + r.gvk() + ")");
        }
        env().out().println("karta.run.ai/" + r.name() + " " + r.action() + " (" + r.gvk() + ")");
      }
    } catch (RegistrationException e) {
      e.problems().forEach(p -> env().err().println("error: " + p));
      return ExitCodes.ERROR;
    } catch (KubernetesClientException e) {
      throw cluster().translate(e, "register definitions", "Karta");
    }
    return ExitCodes.OK;
  }

  static boolean dryRunServer(String v) {
    if (v == null || v.equals("none")) {
      return false;
    }
    if (v.equals("server")) {
      return true;
    }
    throw CliException.usage(
        "--dry-run=" + v + " is not supported", "use --dry-run=server (or none)");
  }
}
