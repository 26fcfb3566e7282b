package dev.workloadmap.sdk.verify;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.workloadmap.sdk.validation.ValidationReport;
import java.nio.file.Path;
import java.util.List;
import org.apiguardian.api.API;

/**
 * The outcome of one definition and its fixtures.
 *
 * @param file the definition file
 * @param name {@code metadata.name}, or the file name when the definition could not be read
 * @param report the definition's findings (YAML, shape, reference rules)
 * @param fixtures the fixture results, in folder-name order; empty when the definition is invalid
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record DefinitionResult(
    Path file, String name, ValidationReport report, List<FixtureResult> fixtures) {
  public DefinitionResult {
    fixtures = List.copyOf(fixtures);
  }

  /** True when the definition has errors or any fixture failed. */
  public boolean failed() {
    return report.hasErrors()
        || fixtures.stream().anyMatch(f -> f.outcome() == FixtureResult.Outcome.FAILED);
  }
}
