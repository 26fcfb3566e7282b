package dev.workloadmap.maven;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.authoring.AuthoringChecks;
import dev.workloadmap.sdk.authoring.OverlapAnalyzer;
import dev.workloadmap.sdk.verify.DefinitionResult;
import dev.workloadmap.sdk.verify.Verifier;
import dev.workloadmap.sdk.verify.VerifyOptions;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Status-overlap analysis of every definition under {@code definitionsDirectory} (SDK {@code OverlapAnalyzer}):
 * generates status objects within the target CRD's schema from what the root matchers read, and fails when two
 * mutually exclusive statuses (Completed, Failed, Running, Initializing, Suspended) match one object together, unless
 * the definition allows the pair ({@code overlap.workloadmap.dev/<A>.<B>: "<why>"} annotation), or when a
 * terminal-looking state maps to Undefined. Prints each definition's smallest counterexamples and writes {@code
 * overlap.json} into the reports directory. Bounded ({@code workloadmap.analyze.budget} objects per definition) and
 * deterministic ({@code workloadmap.analyze.seed}).
 */
@Mojo(name = "analyze", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public class AnalyzeMojo extends AbstractWorkloadMapMojo {

  /** Where the definition folders are. */
  @Parameter(
      property = "workloadmap.definitionsDirectory",
      defaultValue = "${project.basedir}/src/main/workloadmap")
  File definitionsDirectory;

  /** The folder that {@code object.shared} paths in fixture.yaml refer to (the base object is the first fixture). */
  @Parameter(
      property = "workloadmap.sharedDirectory",
      defaultValue = "${maven.multiModuleProjectDirectory}/../shared")
  File sharedDirectory;

  /** At most this many objects per definition. */
  @Parameter(property = "workloadmap.analyze.budget", defaultValue = "20000")
  int budget;

  /** The seed of the sampled part of the search. */
  @Parameter(property = "workloadmap.analyze.seed", defaultValue = "20260101")
  long seed;

  /** Fail on an unallowed overlap or a terminal state mapping to Undefined. */
  @Parameter(property = "workloadmap.analyze.failOnProblems", defaultValue = "true")
  boolean failOnProblems;

  /** Skip this goal. */
  @Parameter(property = "workloadmap.analyze.skip", defaultValue = "false")
  boolean analyzeSkip;

  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    if (skip || analyzeSkip) {
      getLog().info("Skipping Workload Map overlap analysis");
      return;
    }
    WorkloadMap wm = workloadMap();
    Verifier verifier = new Verifier(
        wm,
        new VerifyOptions(
            sharedDirectory == null ? null : sharedDirectory.toPath(), false, false, crdPath()));
    AuthoringChecks checks = new AuthoringChecks(wm, verifier, crdPath());
    List<AuthoringChecks.Result> results = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    for (Path file : Verifier.findDefinitions(definitionsDirectory.toPath())) {
      DefinitionResult d = verifier.verifyDefinition(file, null);
      AuthoringChecks.Result r = checks.run(d, new OverlapAnalyzer.Options(seed, budget));
      if (r == null) {
        problems.add(d.name() + ": invalid definition (run workloadmap:validate)");
        continue;
      }
      results.add(r);
      for (String line : r.overlap().text().stripTrailing().split("\n")) {
        if (r.overlap().clean()) {
          getLog().info(line);
        } else if (failOnProblems) {
          getLog().error(line);
        } else {
          // tolerated (failOnProblems=false): a warning, so a passing build does not print errors
          getLog().warn(line);
        }
      }
      if (!r.overlap().clean()) {
        problems.add(d.name());
      }
    }
    Path dir = reportsPath();
    try {
      Files.createDirectories(dir);
      Files.writeString(
          dir.resolve("overlap.json"),
          new ObjectMapper()
                  .writerWithDefaultPrettyPrinter()
                  .writeValueAsString(AuthoringChecks.overlapJson(results))
              + "\n",
          StandardCharsets.UTF_8);
      getLog().info("Wrote " + dir.resolve("overlap.json"));
    } catch (IOException e) {
      throw new MojoExecutionException(
          "cannot write " + dir.resolve("overlap.json") + ": " + e.getMessage(), e);
    }
    String summary =
        results.size() + " definition(s) analysed, " + problems.size() + " with problems";
    if (!problems.isEmpty() && failOnProblems) {
      throw new MojoFailureException(
          summary + ": " + problems + ". hint: make the matchers exclusive (guard one with"
              + " the other's condition), or allow the pair with an overlap.workloadmap.dev/<A>.<B>: \"<why>\" annotation");
    }
    getLog().info(summary);
  }
}
