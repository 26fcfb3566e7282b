/**
 * Writes to a workload object (docs/format.md#writes): per-instance pod template, pod spec, pod metadata and fragmented
 * fields, convenience operations over every instance (scheduler name, labels, annotations, container resources), and
 * the suspend and resume actions (docs/format.md#suspend-definition). Start from
 * {@link dev.workloadmap.sdk.WorkloadMap#update}; the result ({@link dev.workloadmap.sdk.update.UpdateResult}) is the
 * updated object and its RFC 6902 JSON Patch against the original.
 *
 * <p>Updates are lossless: every field that no operation targets, unknown fields included, keeps its value, its key
 * order and its number form ({@code 1.0} stays {@code 1.0}).
 */
package dev.workloadmap.sdk.update;
