package dev.workloadmap.sdk.definition;

/**
 * Three independent workload-side streams of int32 values, one value per instance (spec §3.5, §5.3).
 *
 * @param replicasPath may be null
 * @param minReplicasPath may be null
 * @param maxReplicasPath may be null
 */
public record ScaleDefinition(String replicasPath, String minReplicasPath, String maxReplicasPath) {}
