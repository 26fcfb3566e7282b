/**
 * The linter: {@link dev.workloadmap.sdk.internal.validation.ValidationRule}s that add the SDK's checks beyond the reference
 * validator. {@link dev.workloadmap.sdk.WorkloadMap} wires all three into its validator.
 *
 * <ul>
 *   <li>{@link dev.workloadmap.sdk.internal.lint.JqLintRule} (docs/format.md#validation-jq-sdk, decision c): unknown or
 *   unsupported functions,
 *       undefined variables, the {@code as} precedence trap, non-RE2 regexes, the unparenthesised keyPath.
 *   <li>{@link dev.workloadmap.sdk.internal.lint.EvaluationContextRule} (docs/format.md#path-sides): a pod-side path
 *   reading workload fields
 *       ({@code lint.pod-side-reads-workload}) and a workload-side path reading pod fields ({@code
 *       lint.workload-side-reads-pod}), both warnings, found by a conservative analysis of the paths an expression
 *       reads from its input.
 *   <li>{@link dev.workloadmap.sdk.internal.lint.StructureLintRule}: duplicate status matchers ({@code
 *       lint.duplicate-matcher}), byConditions entries with neither status nor reason ({@code
 *       lint.condition-without-status}), both warnings, and the deprecated {@code podGroups} form ({@code
 *       lint.deprecated-pod-groups}, an info because the reference library reads only that form).
 * </ul>
 *
 * <p>All rules work on a parse tree of each expression built by the SDK's own validation-only parser (libraries.md
 * docs/format.md#scale-definition). Function names are checked against the reference engine's builtins (gojq v0.12.18,
 * shipped as {@code META-INF/workloadmap/gojq-builtins.txt}) and the SDK engine's (jackson-jq 1.6.2 in jq 1.6 mode).
 * Every finding points at a line and column of the definition file: the exact char of the expression for jq findings,
 * the node for structural ones.
 */
package dev.workloadmap.sdk.internal.lint;
