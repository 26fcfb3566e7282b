package dev.workloadmap.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.WorkloadMapException;
import dev.workloadmap.sdk.validation.Finding;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import picocli.CommandLine.Option;

/**
 * {@code --definition FILE}: a definition that is neither in the catalog nor in the cluster (a platform team's own
 * CRD). It is validated as {@code validate} does and then covers its root GVK ahead of the catalog and the cluster.
 * A picocli mixin: {@code describe} and {@code gangs} carry it.
 */
final class DefinitionFileOption {

  /** The origin shown for a definition given with {@code --definition}. */
  static final String FILE = "file";

  @Option(
      names = "--definition",
      paramLabel = "FILE",
      description = "Use the definition in FILE (a Karta document) "
          + "for its root kind, ahead of the catalog and the cluster.")
  Path file;

  /**
   * The definition of {@code --definition}, or null when the option is absent.
   *
   * @throws CliException the file cannot be read, holds no or several definitions, or the definition is invalid (every
   *     finding listed)
   */
  DefinitionSet.Entry entry(WorkloadMap wm) {
    if (file == null) {
      return null;
    }
    if (Files.isDirectory(file)) {
      List<Path> inside;
      try {
        inside = dev.workloadmap.sdk.internal.verify.DefinitionFiles.of(file);
      } catch (java.io.IOException e) {
        inside = List.of();
      }
      throw CliException.usage(
          "--definition " + file + " is a directory; --definition takes one definition file",
          inside.isEmpty()
              ? "give the path of a Karta YAML file (such as " + file.resolve("definition.yaml")
                  + ")"
              : "give one definition file, for example --definition " + inside.get(0)
                  + (inside.size() > 1
                      ? " (" + inside.size() + " definition files are in it)"
                      : ""));
    }
    if (!Files.isRegularFile(file)) {
      throw CliException.usage(
          "--definition " + file + ": no such file", "give the path of a Karta YAML file");
    }
    List<WorkloadMap.Loaded> loaded;
    try {
      loaded = wm.read(file);
    } catch (dev.workloadmap.sdk.yaml.NotTextException e) {
      throw new CliException(
              ExitCodes.USAGE,
              "read_error",
              "--definition " + file + ": " + e.getMessage(),
              dev.workloadmap.sdk.yaml.NotTextException.HINT
                  + "; --definition takes a Karta definition",
              null)
          .at(e.location().orElse(null));
    } catch (WorkloadMapException e) {
      throw new CliException(
              ExitCodes.USAGE,
              "read_error",
              // the place of the error in the file, as every other read error gives it
              "--definition "
                  + e.location()
                      .filter(at -> at.line() > 0)
                      .map(at -> at.prefix())
                      .orElse(file + ": ")
                  + e.getMessage(),
              "check it with: workloadmap validate " + file,
              null)
          .at(e.location().orElse(null));
    }
    if (loaded.size() != 1) {
      throw CliException.usage(
          "--definition " + file + " holds " + loaded.size() + " definitions",
          "give a file with one Karta document");
    }
    WorkloadMap.Loaded l = loaded.get(0);
    if (!l.valid()) {
      String findings =
          l.report().findings().stream().map(Finding::format).collect(Collectors.joining("\n  "));
      throw new CliException(
              ExitCodes.ERROR,
              "invalid_definition",
              "--definition " + file + " is invalid:\n  " + findings,
              "fix it and check with: workloadmap validate " + file,
              null)
          // -o json names the first error's place (file, line, column, pointer), as the text form's
          // first line does
          .at(l.report().errors().isEmpty() ? null : l.report().errors().get(0).location());
    }
    if (l.definition().rootGvk() == null) {
      throw CliException.usage(
          "--definition " + file + ": the definition has no root kind",
          "set structureDefinition.rootComponent.kind");
    }
    JsonNode doc = Output.jsonMapper().valueToTree(java.util.Map.of());
    return new DefinitionSet.Entry(l.definition(), FILE, doc);
  }
}
