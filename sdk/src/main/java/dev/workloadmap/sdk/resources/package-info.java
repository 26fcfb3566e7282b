/**
 * Resource quantities and totals (docs/format.md#totals, decision f; display units docs/format.md#cli-describe).
 *
 * <ul>
 *   <li>{@code dev.workloadmap.sdk.internal.resources.Quantities}: the Kubernetes quantity grammar as exact decimals, with
 *       bounded exponents (FC-41, FC-43, FC-44), and the display formats.
 *   <li>{@link dev.workloadmap.sdk.resources.ResourceList}: an immutable resource name → amount map with the
 *       arithmetic totals need (sum, scale, per-resource maximum).
 *   <li>{@link dev.workloadmap.sdk.resources.PodResources}: the per-pod request of a pod spec, pod template or
 *       fragmented spec.
 * </ul>
 *
 * <p>Units everywhere: amounts are in the resource's base unit, so CPU in cores (with {@link
 * dev.workloadmap.sdk.resources.ResourceList#cpuMillis()} for millicores), memory in bytes, and GPUs and other
 * extended resources as counts. A component's total is {@code perPod.times(desiredReplicas)}.
 */
package dev.workloadmap.sdk.resources;
