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
 *
 * <p>Beside the index it writes {@code validated.txt}: every entry is validated, and those without an error are
 * recorded with the SHA-256 of their bytes and the identity of the validator (the SDK build and its libraries, the
 * Java release), so that reading such an entry at run time, with that same validator, need not validate it again
 * ({@code CatalogIndex.writeValidationRecord}). Turn it off with {@code recordValidation=false}: the catalog is then
 * validated whenever it is read, as before.
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

  /** Whether to validate the entries and write {@code validated.txt} beside the index. */
  @Parameter(property = "workloadmap.recordValidation", defaultValue = "true")
  boolean recordValidation = true;

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
      if (recordValidation) {
        List<String> recorded = CatalogIndex.writeValidationRecord(root, outputDirectory.toPath());
        getLog()
            .debug("Validated the entries: " + recorded.size() + " of " + slugs.size()
                + " without an error, recorded in " + Catalog.RESOURCE_ROOT + "validated.txt"
                + (recorded.size() == slugs.size() ? "" : " (the others are validated when read)"));
      }
    } catch (WorkloadMapIOException | UncheckedIOException e) {
      throw new MojoExecutionException(e.getMessage() + ": " + e.getCause().getMessage(), e);
    } catch (WorkloadMapException e) {
      throw new MojoFailureException(e.getMessage());
    }
  }
}
