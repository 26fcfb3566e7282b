package dev.workloadmap.sdk.verify;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.workloadmap.sdk.validation.Finding;
import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;

/** The outcome of verifying a directory of definitions. */
@API(status = EXPERIMENTAL, since = "0.1")
public record VerifyReport(List<DefinitionResult> definitions) {
  public VerifyReport {
    definitions = List.copyOf(definitions);
  }

  public int fixtureCount() {
    return definitions.stream().mapToInt(d -> d.fixtures().size()).sum();
  }

  /** Failed fixtures plus definitions that are invalid. */
  public int failedCount() {
    int n = 0;
    for (DefinitionResult d : definitions) {
      if (d.report().hasErrors()) {
        n++;
      }
      n += (int) d.fixtures().stream()
          .filter(f -> f.outcome() == FixtureResult.Outcome.FAILED)
          .count();
    }
    return n;
  }

  public int count(FixtureResult.Outcome outcome) {
    return (int) definitions.stream()
        .flatMap(d -> d.fixtures().stream())
        .filter(f -> f.outcome() == outcome)
        .count();
  }

  public boolean failed() {
    return definitions.stream().anyMatch(DefinitionResult::failed);
  }

  /** Every error finding of every definition and fixture, in order. */
  public List<Finding> errors() {
    List<Finding> out = new ArrayList<>();
    for (DefinitionResult d : definitions) {
      out.addAll(d.report().errors());
      for (FixtureResult f : d.fixtures()) {
        f.findings().stream()
            .filter(x -> x.severity() == dev.workloadmap.sdk.validation.Severity.ERROR)
            .forEach(out::add);
      }
    }
    return out;
  }

  /** {@code N definitions, M fixtures, K failed} (with {@code , S skipped} and {@code , U updated} when non-zero). */
  public String summary() {
    StringBuilder sb = new StringBuilder();
    sb.append(definitions.size())
        .append(definitions.size() == 1 ? " definition, " : " definitions, ");
    int fixtures = fixtureCount();
    sb.append(fixtures).append(fixtures == 1 ? " fixture, " : " fixtures, ");
    sb.append(failedCount()).append(" failed");
    int skipped = count(FixtureResult.Outcome.SKIPPED);
    if (skipped > 0) {
      sb.append(", ").append(skipped).append(" skipped");
    }
    int updated = count(FixtureResult.Outcome.UPDATED);
    if (updated > 0) {
      sb.append(", ").append(updated).append(" updated");
    }
    return sb.toString();
  }
}
