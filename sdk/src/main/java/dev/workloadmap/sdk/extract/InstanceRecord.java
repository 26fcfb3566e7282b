package dev.workloadmap.sdk.extract;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import org.apiguardian.api.API;

/**
 * Everything extracted for one instance id (docs/format.md#extraction item 5). A definition the component lacks leaves
 * its field null.
 *
 * @param id the instance id; {@code ""} for the anonymous instance of a component without {@code instanceIdPath}
 * @param podTemplateSpec PodTemplateSpec as JSON ({@code {metadata, spec}}), or null
 * @param podSpec PodSpec as JSON, or null
 * @param metadata ObjectMeta as JSON (paired with podSpec), or null
 * @param fragmentedPodSpec the fragmented fields, or null
 * @param scale the scale, or null when the component has no scaleDefinition
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record InstanceRecord(
    String id,
    JsonNode podTemplateSpec,
    JsonNode podSpec,
    JsonNode metadata,
    FragmentedPodSpec fragmentedPodSpec,
    Scale scale) {}
