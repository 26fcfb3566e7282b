package dev.workloadmap.maven;

import dev.workloadmap.sdk.WorkloadMapException;
import dev.workloadmap.sdk.WorkloadMapIOException;
import dev.workloadmap.sdk.catalog.Catalog;
import dev.workloadmap.sdk.catalog.CatalogIndex;
import java.io.File;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Writes the catalog index {@code META-INF/workloadmap/catalog/index.txt} into the classes folder: one line per
 * {@code <definitionsDirectory>/<slug>/definition.yaml}, sorted. {@code Catalog.builtIn()} finds a catalog jar's
 * entries through this index (a class loader cannot list a folder). The definitions themselves are copied by the
 * project's resources configuration and checked by {@code workloadmap:verify}.
 */
@Mojo(name = "index", defaultPhase = LifecyclePhase.PROCESS_RESOURCES, threadSafe = true)
public class IndexMojo extends AbstractWorkloadMapMojo {

  /** Where the definition folders are. */
  @Parameter(
      property = "workloadmap.definitionsDirectory",
      defaultValue = "${project.basedir}/src/main/workloadmap")
  File definitionsDirectory;

  /** The classes folder the index is written under. */
  @Parameter(defaultValue = "${project.build.outputDirectory}", required = true)
  File outputDirectory;

  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    if (skip) {
      getLog().info("Skipping the Workload Map catalog index (workloadmap.skip)");
      return;
    }
    Path root = definitionsDirectory.toPath();
    if (!Files.isDirectory(root)) {
      throw new MojoFailureException(
          "No catalog definitions folder " + root + " (expected <slug>/definition.yaml folders)");
    }
    try {
      List<String> slugs = CatalogIndex.slugs(root);
      CatalogIndex.write(root, outputDirectory.toPath());
      getLog()
          .info("Wrote " + Catalog.INDEX_RESOURCE + " (" + slugs.size() + " entries) from " + root);
    } catch (WorkloadMapIOException | UncheckedIOException e) {
      throw new MojoExecutionException(e.getMessage() + ": " + e.getCause().getMessage(), e);
    } catch (WorkloadMapException e) {
      throw new MojoFailureException(e.getMessage());
    }
  }
}
