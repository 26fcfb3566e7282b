package dev.workloadmap.sdk.validation;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/** How serious a finding is. Errors fail a build; warnings are reported and, with {@code failOnWarning}, fail too. */
@API(status = STABLE, since = "0.1")
public enum Severity {
  ERROR,
  WARNING,
  INFO
}
