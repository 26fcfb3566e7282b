package dev.workloadmap.sdk.verify;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.workloadmap.sdk.tree.WorkloadTree;
import dev.workloadmap.sdk.validation.Finding;
import java.nio.file.Path;
import java.util.List;
import org.apiguardian.api.API;

/**
 * The outcome of one fixture.
 *
 * @param name the fixture folder's name
 * @param directory the fixture folder
 * @param outcome passed, failed, skipped or updated
 * @param reason why it was skipped (or a one-line summary of a failure)
 * @param tree the resolved tree, or null when the object could not be read
 * @param text the tree's text view, or {@code ""}
 * @param findings mismatches and read errors, each with file, line, column and JSON pointer
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record FixtureResult(
    String name,
    Path directory,
    Outcome outcome,
    String reason,
    WorkloadTree tree,
    String text,
    List<Finding> findings) {

  public FixtureResult {
    findings = List.copyOf(findings);
  }

  /** How a fixture ended. */
  public enum Outcome {
    PASSED,
    FAILED,
    SKIPPED,
    UPDATED
  }
}
