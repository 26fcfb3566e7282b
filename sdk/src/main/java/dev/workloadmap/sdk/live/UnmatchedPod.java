package dev.workloadmap.sdk.live;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * A pod owned by the workload that no component claimed (docs/format.md#owner-chain items 3 and 4): it matched no type
 * selector, its instance id is not one of the component's (a leftover of a removed instance), or a selector failed on
 * it.
 *
 * @param name the pod's name
 * @param reason why, in the reference's wording ({@code no component found for pod x}, {@code could not match
 *     instance id ...})
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record UnmatchedPod(String name, String reason) {}
