package dev.workloadmap.sdk.validation;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apiguardian.api.API;

/**
 * All findings for one or more documents, in document order (file, line, column); findings without a position come
 * first (docs/format.md#validation-layers). Immutable.
 */
@API(status = STABLE, since = "0.1")
public final class ValidationReport {
  /** Document order; made when two findings are first sorted (most reports have none: their lambdas are linked then). */
  private static final class Order {
    static final Comparator<Finding> ORDER = Comparator.<Finding, String>comparing(
            f -> f.location().file())
        .thenComparingInt(f -> f.location().line())
        .thenComparingInt(f -> f.location().column())
        .thenComparing(f -> f.location().pointer());
  }

  private final List<Finding> findings;

  private ValidationReport(List<Finding> findings) {
    List<Finding> sorted = new ArrayList<>(findings);
    if (sorted.size() > 1) {
      sorted.sort(Order.ORDER); // none or one finding is in order
    }
    this.findings = List.copyOf(sorted);
  }

  public static ValidationReport of(List<Finding> findings) {
    return new ValidationReport(findings);
  }

  public static ValidationReport empty() {
    return new ValidationReport(List.of());
  }

  /** This report and {@code other} together. */
  public ValidationReport merge(ValidationReport other) {
    List<Finding> all = new ArrayList<>(findings);
    all.addAll(other.findings);
    return new ValidationReport(all);
  }

  public List<Finding> findings() {
    return findings;
  }

  public List<Finding> errors() {
    return findings.stream().filter(f -> f.severity() == Severity.ERROR).toList();
  }

  public List<Finding> warnings() {
    return findings.stream().filter(f -> f.severity() == Severity.WARNING).toList();
  }

  public boolean hasErrors() {
    return findings.stream().anyMatch(f -> f.severity() == Severity.ERROR);
  }

  public boolean isEmpty() {
    return findings.isEmpty();
  }

  /** Every finding formatted on its own line, prefixed with its severity. */
  public String format() {
    StringBuilder sb = new StringBuilder();
    for (Finding f : findings) {
      sb.append(f.severity()).append(' ').append(f.format()).append('\n');
    }
    return sb.toString();
  }

  @Override
  public String toString() {
    return format();
  }
}
