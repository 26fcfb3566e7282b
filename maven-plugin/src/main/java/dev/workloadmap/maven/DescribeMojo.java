package dev.workloadmap.maven;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.workloadmap.sdk.PreparedDefinition;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.WorkloadMapException;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.tree.WorkloadTree;
import dev.workloadmap.sdk.validation.DefinitionLoadException;
import dev.workloadmap.sdk.validation.Finding;
import dev.workloadmap.sdk.yaml.YamlDocument;
import dev.workloadmap.sdk.yaml.YamlReader;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Locale;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Renders the workload tree and status of an object file with a definition file, like the reference CLI's offline
 * {@code describe -f}. Works outside a Maven project:
 *
 * <pre>
 * mvn dev.workloadmap:workloadmap-maven-plugin:describe -Dworkloadmap.definition=jobset.yaml \
 *     -Dworkloadmap.object=my-jobset.yaml [-Dworkloadmap.output=text|json|yaml] [-Dworkloadmap.outputFile=tree.json]
 * </pre>
 */
@Mojo(name = "describe", requiresProject = false, threadSafe = true)
public class DescribeMojo extends AbstractWorkloadMapMojo {

  /** The definition file (one Karta or ResourceInterface document). */
  @Parameter(property = "workloadmap.definition", required = true)
  File definition;

  /** The workload object file; with several documents, the one of the definition's root kind is used. */
  @Parameter(property = "workloadmap.object", required = true)
  File object;

  /** text (default), json or yaml. */
  @Parameter(property = "workloadmap.output", defaultValue = "text")
  String output;

  /** Write the output to this file instead of the build log. */
  @Parameter(property = "workloadmap.outputFile")
  File outputFile;

  /**
   * Accept totals that a problem left incomplete (the CLI's {@code --allow-incomplete}): the tree is still shown, and
   * the build fails unless this is true.
   */
  @Parameter(property = "workloadmap.allowIncomplete", defaultValue = "false")
  boolean allowIncomplete;

  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    if (skip) {
      getLog().info("Skipping Workload Map describe (workloadmap.skip)");
      return;
    }
    String format = output == null ? "text" : output.toLowerCase(Locale.ROOT);
    if (!List.of("text", "json", "yaml").contains(format)) {
      throw new MojoFailureException(
          "workloadmap.output must be one of text, json, yaml; got \"" + output + "\"");
    }
    WorkloadMap wm = workloadMap();
    String rendered;
    WorkloadTree incomplete = null;
    try {
      Definition def = wm.loadDefinition(definition.toPath());
      PreparedDefinition prepared = wm.prepare(def);
      prepared.report().warnings().forEach(f -> log(getLog(), f));
      String kind = def.rootGvk() == null ? "" : def.rootGvk().kind();
      List<YamlDocument> docs = new YamlReader()
          .readAll(object.toPath()).stream().filter(d -> !d.root().isNull()).toList();
      // the document of the definition's root group and kind (another version resolves, as in the
      // reference CLI)
      List<YamlDocument> candidates = docs.stream()
          .filter(d -> !d.kind().isEmpty() && WorkloadMap.kindMismatch(def, d.root()) == null)
          .toList();
      if (candidates.isEmpty() && docs.size() == 1 && docs.get(0).kind().isEmpty()) {
        candidates = docs; // a status-only fragment without apiVersion and kind
      }
      if (candidates.size() != 1) {
        String why = docs.size() == 1 && !docs.get(0).kind().isEmpty()
            ? WorkloadMap.kindMismatch(def, docs.get(0).root())
            : "expected one document of kind " + kind + ", found " + candidates.size() + " (of "
                + docs.size() + " documents)";
        throw new MojoFailureException(object + ": " + why);
      }
      WorkloadTree tree =
          wm.resolve(prepared, candidates.get(0)); // problems located at the object's own lines
      if (!tree.totalsComplete()) {
        incomplete = tree;
      }
      switch (format) {
        case "json" ->
          rendered = new ObjectMapper()
                  .enable(SerializationFeature.INDENT_OUTPUT)
                  .writeValueAsString(wm.toJson(tree))
              + "\n";
        case "yaml" ->
          rendered = YAMLMapper.builder()
              .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
              .build()
              .writeValueAsString(wm.toJson(tree));
        default -> rendered = wm.renderText(tree, definition.getName());
      }
    } catch (DefinitionLoadException e) {
      if (e.report().findings().isEmpty()) {
        throw new MojoFailureException(e.describe());
      }
      for (Finding f : e.report().findings()) {
        log(getLog(), f);
      }
      throw new MojoFailureException(
          definition + ": invalid definition; fix the findings listed above"
              + " (file:line:column /pointer: message)");
    } catch (WorkloadMapException e) {
      throw new MojoFailureException(e.describe());
    } catch (IOException e) {
      throw new MojoExecutionException("cannot render the tree: " + e.getMessage(), e);
    }
    if (outputFile != null) {
      try {
        Files.writeString(outputFile.toPath(), rendered, StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new MojoExecutionException("cannot write " + outputFile + ": " + e.getMessage(), e);
      }
      getLog().info("Wrote " + outputFile);
    } else {
      for (String line : rendered.stripTrailing().split("\n", -1)) {
        getLog().info(line);
      }
    }
    if (incomplete != null) {
      long n = incomplete.problems().stream()
          .filter(dev.workloadmap.sdk.EvaluationProblem::affectsTotals)
          .count();
      String why = object + ": the totals are incomplete: " + n
          + (n == 1 ? " problem" : " problems") + " left replicas or resources uncounted";
      if (allowIncomplete) {
        getLog().warn(why + " (accepted: workloadmap.allowIncomplete)");
        return;
      }
      for (var p : incomplete.problems()) {
        if (p.affectsTotals()) {
          getLog().error(p.format());
        }
      }
      throw new MojoFailureException(
          why + " (listed above)\nhint: fix the object at the place each problem names,"
              + " or pass -Dworkloadmap.allowIncomplete=true to accept the partial totals");
    }
  }
}
