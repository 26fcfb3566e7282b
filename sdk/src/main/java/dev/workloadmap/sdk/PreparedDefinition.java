package dev.workloadmap.sdk;

import static org.apiguardian.api.API.Status.STABLE;

import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.validation.ValidationReport;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A definition that passed validation (a tree is built only from a valid definition:
 * docs/format.md#validation), with its warnings. Obtain one only from {@link WorkloadMap#prepare(Definition)} or
 * {@link WorkloadMap#prepare(WorkloadMap.Loaded)}: there is no other way to build one, so holding one proves the
 * definition was validated (a catalog entry that the catalog's build validated with the same validator is not
 * validated again up front; its {@link #report()} is the validator's, made when first asked for). Resolve many objects with it; every expression it uses is compiled and cached by the
 * engine. Immutable and thread-safe.
 */
@API(status = STABLE, since = "0.1")
public final class PreparedDefinition {
  private final Definition definition;
  private volatile ValidationReport report;

  /** Validates {@link #definition} for {@link #report()} when it is first asked for, or null. */
  private WorkloadMap validator;

  PreparedDefinition(Definition definition, ValidationReport report) {
    this.definition = Objects.requireNonNull(definition, "definition");
    this.report = Objects.requireNonNull(report, "report");
  }

  /**
   * A definition known to have no error ({@code internal.proof.CatalogProof}), whose report {@code validator}
   * makes when it is first asked for: the same findings, later.
   */
  PreparedDefinition(Definition definition, WorkloadMap validator) {
    this.definition = Objects.requireNonNull(definition, "definition");
    this.validator = Objects.requireNonNull(validator, "validator");
  }

  /** The validated definition. */
  public Definition definition() {
    return definition;
  }

  /** The validation findings: warnings only (a definition with errors is never prepared). */
  public ValidationReport report() {
    ValidationReport r = report;
    if (r == null) {
      synchronized (this) {
        if (report == null) {
          report = validator.validate(definition);
          validator = null;
        }
        r = report;
      }
    }
    return r;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PreparedDefinition p
        && definition.equals(p.definition)
        && report().equals(p.report());
  }

  @Override
  public int hashCode() {
    return Objects.hash(definition, report());
  }

  @Override
  public String toString() {
    return "PreparedDefinition[" + definition.name() + "]";
  }
}
