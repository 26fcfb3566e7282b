package dev.workloadmap.maven;

import dev.workloadmap.codegen.CodegenException;
import dev.workloadmap.codegen.CodegenOptions;
import dev.workloadmap.codegen.DefinitionSelection;
import dev.workloadmap.codegen.IncrementalGenerator;
import dev.workloadmap.sdk.WorkloadMapIOException;
import java.io.File;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.maven.model.Resource;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/**
 * Generates typed Java accessors for definitions (module {@code workloadmap-codegen}): for each definition a class
 * {@code <Kind>Workload} with one method per component, the status and totals, plus a copy of the definition as a
 * class path resource beside it. Adds the source folder as a compile source root and the resource folder as a
 * resource directory, also when nothing had to be regenerated: generation is skipped while the definition files,
 * the configuration and the plugin are unchanged.
 */
@Mojo(name = "generate", defaultPhase = LifecyclePhase.GENERATE_SOURCES, threadSafe = true)
public class GenerateMojo extends AbstractWorkloadMapMojo {

  /** Where the definitions are. */
  @Parameter(
      property = "workloadmap.definitionsDirectory",
      defaultValue = "${project.basedir}/src/main/workloadmap")
  File definitionsDirectory;

  /**
   * Which definition files to generate for: glob patterns relative to {@link #definitionsDirectory} (default {@code
   * *}{@code /definition.yaml}, the layout of {@code workloadmap:verify}).
   */
  @Parameter
  List<String> includes;

  /** Definition files to leave out: glob patterns relative to {@link #definitionsDirectory}. */
  @Parameter
  List<String> excludes;

  /** The package of the generated classes. */
  @Parameter(
      property = "workloadmap.generate.packageName",
      defaultValue = CodegenOptions.DEFAULT_PACKAGE)
  String packageName;

  /**
   * Class-name overrides: definition name ({@code metadata.name}) → simple class name, for example {@code
   * <jobset-x-k8s-io-jobset-v1alpha2>JobSets</jobset-x-k8s-io-jobset-v1alpha2>}. Needed when two definitions have the
   * same kind (two versions).
   */
  @Parameter
  Map<String, String> classNames;

  /** Where the generated sources go; added as a compile source root. */
  @Parameter(
      property = "workloadmap.generate.outputDirectory",
      defaultValue = "${project.build.directory}/generated-sources/workloadmap")
  File outputDirectory;

  /** Where the bundled definition copies go; added as a resource directory. */
  @Parameter(
      property = "workloadmap.generate.resourcesOutputDirectory",
      defaultValue = "${project.build.directory}/generated-resources/workloadmap")
  File resourcesOutputDirectory;

  /** The stamp of the last generation (input hashes and files written). */
  @Parameter(defaultValue = "${project.build.directory}/workloadmap-generate.stamp")
  File stampFile;

  /** Regenerate even when the inputs did not change. */
  @Parameter(property = "workloadmap.generate.force", defaultValue = "false")
  boolean force;

  /** Skip this goal only. */
  @Parameter(property = "workloadmap.generate.skip", defaultValue = "false")
  boolean skipGenerate;

  /** The plugin's version, part of the input stamp. */
  @Parameter(defaultValue = "${plugin.version}", readonly = true)
  String pluginVersion;

  @Parameter(defaultValue = "${project}", readonly = true)
  MavenProject project;

  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    if (skip || skipGenerate) {
      getLog()
          .info(
              "Skipping Workload Map accessor generation (workloadmap.skip or workloadmap.generate.skip)");
      return;
    }
    CodegenOptions options;
    try {
      options = new CodegenOptions(packageName, classNames == null ? Map.of() : classNames);
    } catch (IllegalArgumentException e) {
      throw new MojoFailureException(e.getMessage());
    }
    Path base = baseDirectory != null ? baseDirectory.toPath() : Path.of("").toAbsolutePath();
    IncrementalGenerator.Result result;
    try {
      List<Path> files =
          DefinitionSelection.select(definitionsDirectory.toPath(), includes, excludes);
      result = IncrementalGenerator.run(
          workloadMap(),
          new IncrementalGenerator.Request(
              base,
              files,
              options,
              outputDirectory.toPath(),
              resourcesOutputDirectory.toPath(),
              stampFile.toPath(),
              pluginVersion,
              force));
    } catch (CodegenException e) {
      for (String p : e.problems()) {
        getLog().error(p);
      }
      throw new MojoFailureException("Workload Map accessors not generated: "
          + e.problems().size() + (e.problems().size() == 1 ? " problem" : " problems")
          + " (above); fix them and run again");
    } catch (WorkloadMapIOException | UncheckedIOException e) {
      throw new MojoExecutionException(e.getMessage(), e);
    }
    if (project != null) {
      project.addCompileSourceRoot(outputDirectory.getAbsolutePath());
      Resource resource = new Resource();
      resource.setDirectory(resourcesOutputDirectory.getAbsolutePath());
      project.addResource(resource);
    }
    if (result.upToDate()) {
      getLog()
          .info("Workload Map accessors up to date (" + classes(result.classes()) + " in "
              + outputDirectory + ")");
    } else {
      getLog()
          .info("Generated Workload Map accessors: " + classes(result.classes()) + " in "
              + outputDirectory + " (" + result.written().size() + " files written, "
              + result.deleted().size() + " removed)");
    }
  }

  private static String classes(int n) {
    return n + (n == 1 ? " class" : " classes");
  }
}
