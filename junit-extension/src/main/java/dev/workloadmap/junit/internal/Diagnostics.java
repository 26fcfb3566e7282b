package dev.workloadmap.junit.internal;

import static dev.workloadmap.junit.internal.KubeObjects.describe;
import static dev.workloadmap.junit.internal.KubeObjects.indent;
import static dev.workloadmap.junit.internal.KubeObjects.toYaml;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.PreparedDefinition;
import dev.workloadmap.sdk.definition.Definition;
import io.fabric8.kubernetes.api.model.HasMetadata;
import java.util.ArrayList;
import java.util.List;

/**
 * The text a failed assertion prints: cluster, namespace, what the handle did, the definitions, the object as the
 * server stored it (or every object the handle created), the last tree and the jq problems of the last resolution.
 */
public final class Diagnostics {
  private final HandleContext context;

  public Diagnostics(HandleContext context) {
    this.context = context;
  }

  /**
   * The diagnostics; with {@code object} null every created object is read back from the server and shown.
   *
   * @param def the definition the failure is about, or null for the list of definition sources
   * @param object the object the failure is about as the server stored it, or null
   */
  public String text(PreparedDefinition def, JsonNode object) {
    SharedCluster cluster = context.cluster();
    HandleState state = context.state();
    StringBuilder sb = new StringBuilder("--- @WorkloadMapTest diagnostics ---\n");
    sb.append("cluster: ")
        .append(cluster.tier())
        .append(", ")
        .append(cluster.description())
        .append('\n');
    sb.append("namespace: ").append(context.namespace()).append('\n');
    List<String> all = new ArrayList<>(cluster.notes());
    all.addAll(state.notes());
    if (!all.isEmpty()) {
      sb.append("notes:\n");
      all.forEach(n -> sb.append("  ").append(n).append('\n'));
    }
    if (def != null) {
      sb.append("definition: ")
          .append(def.definition().name())
          .append(" (")
          .append(sourceOf(def.definition()))
          .append(")\n");
    } else {
      sb.append("definitions: ")
          .append(String.join(", ", context.definitionSources()))
          .append('\n');
    }
    if (object != null) {
      sb.append("object as stored by the server:\n").append(indent(toYaml(object)));
    }
    HandleState.LastResolution last = state.lastResolution();
    if (last.tree() != null) {
      sb.append("tree:\n").append(indent(last.tree()));
    }
    if (!last.problems().isEmpty()) {
      sb.append("jq problems:\n");
      last.problems().forEach(p -> sb.append("  ").append(p).append('\n'));
    }
    if (object == null) {
      for (HasMetadata h : state.created()) {
        try {
          sb.append("stored ")
              .append(describe(h))
              .append(":\n")
              .append(indent(toYaml(context.asJson(context.get(h)))));
        } catch (RuntimeException e) {
          sb.append("stored ")
              .append(describe(h))
              .append(": cannot read back (")
              .append(e.getMessage())
              .append(")\n");
        }
      }
    }
    return sb.toString();
  }

  /** Where a definition was read from, for diagnostics. */
  public static String sourceOf(Definition d) {
    return d.source() == null ? "(built in code)" : d.source().file();
  }
}
