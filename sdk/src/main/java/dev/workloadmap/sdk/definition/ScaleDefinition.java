package dev.workloadmap.sdk.definition;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Three independent workload-side streams of int32 values, one value per instance (docs/format.md#scale-definition,
 * docs/format.md#scale).
 *
 * @param replicasPath may be null
 * @param minReplicasPath may be null
 * @param maxReplicasPath may be null
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ScaleDefinition(
    String replicasPath, String minReplicasPath, String maxReplicasPath) {}
