package dev.workloadmap.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.workloadmap.sdk.PreparedDefinition;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.definition.Definition;
import java.util.IdentityHashMap;
import java.util.Map;

/** Shared helpers for commands that read workloads: JSON conversion and one prepared definition per definition. */
final class Workloads {
  /** For fabric8 objects; made on first use (describe -f has none, and the mapper's set-up is a few ms of it). */
  private static final class Mapper {
    static final ObjectMapper MAPPER = new ObjectMapper();
  }

  private final WorkloadMap wm;
  private final Map<Definition, PreparedDefinition> prepared = new IdentityHashMap<>();

  Workloads(WorkloadMap wm) {
    this.wm = wm;
  }

  /**
   * The definition validated and prepared once (docs/format.md#tree: an invalid definition gives
   * {@code invalid karta}).
   */
  PreparedDefinition prepare(Definition d) {
    return prepared.computeIfAbsent(d, wm::prepare);
  }

  static JsonNode json(Object fabric8Object) {
    return Mapper.MAPPER.valueToTree(fabric8Object);
  }

  /** {@code Kind/name} of a TYPE/NAME token, split; a token without a slash is a TYPE. */
  static String[] splitTypeName(String token) {
    int slash = token.indexOf('/');
    if (slash < 0) {
      return new String[] {token, null};
    }
    String type = token.substring(0, slash);
    String name = token.substring(slash + 1);
    if (type.isEmpty() || name.isEmpty() || name.contains("/")) {
      throw CliException.usage(
          "\"" + token + "\" is not TYPE/NAME", "for example jobset/my-training");
    }
    return new String[] {type, name};
  }
}
