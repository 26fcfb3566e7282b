/**
 * The jq linter (spec §4.4, decision c): {@link dev.workloadmap.sdk.lint.JqLintRule}, a {@link
 * dev.workloadmap.sdk.validation.ValidationRule} that adds the SDK's checks beyond the reference validator, on a
 * parse tree of each expression built by the SDK's own validation-only parser (libraries.md §3.5).
 *
 * <p>Function names are checked against the reference engine's builtins (gojq v0.12.18, shipped as {@code
 * META-INF/workloadmap/gojq-builtins.txt}) and the SDK engine's (jackson-jq 1.6.2 in jq 1.6 mode). Every finding
 * points at the exact char of the expression in the definition file.
 */
package dev.workloadmap.sdk.lint;
