package dev.workloadmap.junit.internal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.PreparedDefinition;
import dev.workloadmap.sdk.gang.GangPlan;
import dev.workloadmap.sdk.live.LiveTree;
import dev.workloadmap.sdk.live.OwnerLookup;
import dev.workloadmap.sdk.status.StatusResult;
import dev.workloadmap.sdk.tree.WorkloadTree;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ListOptionsBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.List;
import java.util.Optional;

/**
 * Objects read back from the server and resolved with the SDK: the tree, the root status, the live pods attributed to
 * components, the gang plan. The last rendered tree (and its jq problems) is kept in the {@link HandleState} for the
 * diagnostics.
 */
public final class Resolution {
  private final HandleContext context;

  public Resolution(HandleContext context) {
    this.context = context;
  }

  public WorkloadTree resolve(HasMetadata object) {
    JsonNode json = context.asJson(context.get(object));
    return resolve(context.definitionFor(json), json);
  }

  /** Resolves the JSON form of an object with {@code definition}; the tree is kept for diagnostics. */
  public WorkloadTree resolve(PreparedDefinition definition, JsonNode object) {
    WorkloadTree tree = context.workloadMap().resolve(definition, object);
    context
        .state()
        .lastTree(
            context.workloadMap().renderText(tree, null),
            tree.problems().stream()
                .map(p ->
                    p.format() + (p.expression() == null ? "" : "\n      jq: " + p.expression()))
                .toList());
    return tree;
  }

  public StatusResult status(HasMetadata object) {
    JsonNode json = context.asJson(context.get(object));
    return context.workloadMap().status(context.definitionFor(json), json);
  }

  /**
   * Every pod of the namespace, listed once from the watch cache ({@code resourceVersion=0}), attributed to
   * {@code workload} by the SDK, with intermediate owners read from the server.
   */
  public LiveTree livePods(HasMetadata workload) {
    JsonNode json = context.asJson(context.get(workload));
    PreparedDefinition definition = context.definitionFor(json);
    List<JsonNode> pods = context
        .read(
            "cannot list the pods of namespace " + context.namespace(),
            () -> context
                .client()
                .genericKubernetesResources("v1", "Pod")
                .inNamespace(context.namespace())
                .list(new ListOptionsBuilder().withResourceVersion("0").build()))
        .getItems()
        .stream()
        .map(context::asJson)
        .toList();
    LiveTree live = context
        .workloadMap()
        .attributePods(definition, resolve(definition, json), json, pods, ownerLookup());
    context.state().lastTree(context.workloadMap().renderText(live, null), null);
    return live;
  }

  public GangPlan gangPlan(HasMetadata workload) {
    LiveTree live = livePods(workload);
    JsonNode json = context.asJson(context.get(workload));
    return context.workloadMap().gangPlan(context.definitionFor(json), live);
  }

  /**
   * Intermediate owners read from this cluster by apiVersion, kind and name. An owner that does not exist (or whose
   * kind the server does not serve) is empty, as docs/format.md#owner-chain says for unreadable owners; a read that
   * failed for any other reason (forbidden, throttled, connection broken) is an error, so that pods are never silently
   * left out of a tree that then looks complete.
   */
  private OwnerLookup ownerLookup() {
    return (ns, ref) -> {
      GenericKubernetesResource owner;
      try {
        var resources = context.client().genericKubernetesResources(ref.apiVersion(), ref.kind());
        owner = ns.isEmpty()
            ? resources.withName(ref.name()).get()
            : resources.inNamespace(ns).withName(ref.name()).get();
      } catch (KubernetesClientException e) {
        if (e.getCode() == 404 || (e.getCode() == 0 && Faults.ioCause(e) == null)) {
          return Optional.empty(); // gone, or a kind the client cannot map
        }
        throw Faults.explain(
            "cannot read the owner " + ref.kind() + " " + ref.apiVersion() + " " + ref.name()
                + " of a pod",
            e);
      }
      return Optional.ofNullable(owner).map(context::asJson);
    };
  }
}
