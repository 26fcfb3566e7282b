package dev.workloadmap.sdk.validation;

/** How serious a finding is. Errors fail a build; warnings are reported and, with {@code failOnWarning}, fail too. */
public enum Severity {
  ERROR,
  WARNING,
  INFO
}
