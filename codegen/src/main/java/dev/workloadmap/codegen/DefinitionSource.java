package dev.workloadmap.codegen;

import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.WorkloadMapIOException;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.validation.Finding;
import dev.workloadmap.sdk.yaml.YamlException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A definition to generate accessors for, with the text it was read from.
 *
 * @param definition the valid definition (read with {@code fileName}, so its positions name that file)
 * @param fileName the file as generated Javadoc and run-time messages name it, usually relative to the project, for
 *     example {@code src/main/workloadmap/jobset-x-k8s-io-jobset-v1alpha2/definition.yaml}
 * @param content the file's text, bundled beside the generated class so that it resolves with exactly this definition
 */
public record DefinitionSource(Definition definition, String fileName, String content) {

  public DefinitionSource {
    Objects.requireNonNull(definition, "definition");
    Objects.requireNonNull(fileName, "fileName");
    Objects.requireNonNull(content, "content");
  }

  /**
   * Reads and validates the single definition in {@code file}.
   *
   * @param fileName how messages and Javadoc name the file (a relative path keeps the output the same on every
   *     machine)
   * @throws CodegenException the file cannot be read, is not YAML, holds no or several definitions, or a definition
   *     has errors (every error finding, with file:line:column)
   */
  public static DefinitionSource read(WorkloadMap workloadMap, Path file, String fileName) {
    String content;
    try {
      content = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new CodegenException(
          List.of(fileName + ": cannot read the definition file: " + e.getMessage()));
    }
    return parse(workloadMap, content, fileName);
  }

  /** Like {@link #read} for text already in memory. */
  public static DefinitionSource parse(WorkloadMap workloadMap, String content, String fileName) {
    List<WorkloadMap.Loaded> loaded;
    try {
      loaded = workloadMap.read(content, fileName);
    } catch (YamlException e) {
      throw new CodegenException(List.of(e.getMessage()));
    } catch (WorkloadMapIOException | UncheckedIOException e) {
      throw new CodegenException(List.of(fileName + ": " + e.getMessage()));
    }
    if (loaded.size() != 1) {
      throw new CodegenException(List.of(fileName + ": expected exactly one definition, found "
          + loaded.size() + " documents; put each definition in its own file"));
    }
    WorkloadMap.Loaded l = loaded.get(0);
    if (!l.valid()) {
      List<String> problems = new ArrayList<>();
      for (Finding f : l.report().errors()) {
        problems.add(f.format());
      }
      if (problems.isEmpty()) {
        problems.add(fileName + ": not a Workload Map definition");
      }
      throw new CodegenException(problems);
    }
    return new DefinitionSource(l.definition(), fileName, content);
  }
}
