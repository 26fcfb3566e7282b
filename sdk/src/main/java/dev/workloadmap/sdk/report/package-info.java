/**
 * Machine-readable reports of validation and verification results (issue 3, item 6): a stable JSON shape ({@link
 * dev.workloadmap.sdk.internal.report.JsonReport}), SARIF 2.1.0 for code-scanning tools ({@link
 * dev.workloadmap.sdk.internal.report.SarifReport}) and JUnit XML for CI test pages ({@link
 * dev.workloadmap.sdk.internal.report.JUnitReport}). Every writer takes a {@link dev.workloadmap.sdk.verify.VerifyReport}; a
 * lint-only run is a verify report whose definitions have no fixtures ({@link
 * dev.workloadmap.sdk.report.Reports#forValidation}). File names in reports are relative to a base directory, with
 * {@code /} separators.
 */
package dev.workloadmap.sdk.report;
