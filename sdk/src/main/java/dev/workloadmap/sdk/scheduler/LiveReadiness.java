package dev.workloadmap.sdk.scheduler;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.PreparedDefinition;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.definition.WorkloadStatus;
import dev.workloadmap.sdk.live.LiveComponent;
import dev.workloadmap.sdk.live.LivePod;
import dev.workloadmap.sdk.live.LiveTree;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * A live workload's readiness: per gang and per component the desired, created, scheduled and ready pods, and a live
 * status that is never more optimistic than the pods.
 *
 * <p><b>Rule.</b> The object-only status (the definition's status mappings over the object, {@link #objectStatus}) is
 * kept unchanged. When it includes Running but some gang has fewer ready pods than its minMember, the live status is
 * {@link WorkloadStatus#DEGRADED} if that gang had been complete (all its minMember pods created and scheduled and one
 * of them has a restarted or terminated container, so it ran before), else {@link WorkloadStatus#INITIALIZING}; the
 * reason names the gang, its counts and its first pod that is not ready with phase and reason. Otherwise the live
 * status is the object's first matched status.
 *
 * @param objectStatus the statuses the object alone gives, in the reference order ({@code [Undefined]} when none)
 * @param liveStatus the live status
 * @param reason why the live status differs from the object's, or null when it does not
 * @param gangs one row per gang of the live {@link SchedulingPlan}
 * @param components one row per component (or instance) of the live tree
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record LiveReadiness(
    List<WorkloadStatus> objectStatus,
    WorkloadStatus liveStatus,
    String reason,
    List<Count> gangs,
    List<Count> components) {
  public LiveReadiness {
    objectStatus = List.copyOf(objectStatus);
    gangs = List.copyOf(gangs);
    components = List.copyOf(components);
  }

  /**
   * Pod counts of a gang or component.
   *
   * @param name the gang's PodGroup name (KAI form) or the component row's name
   * @param gang the gang's group and key ({@code jobset seed,worker,1}), stable across objects; null for a component
   * @param desired the gang's minMember, or the component's desired pods
   * @param created pods present
   * @param scheduled pods bound to a node
   * @param ready pods whose Ready condition is True
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public record Count(
      String name, String gang, int desired, int created, int scheduled, int ready) {}

  /** The readiness of {@code live} ({@link WorkloadMap#attributePods} of {@code object}). */
  public static LiveReadiness of(
      WorkloadMap wm, PreparedDefinition definition, JsonNode object, LiveTree live) {
    SchedulingPlan plan = new SchedulingPlanner(wm).live(definition, object, live);
    return of(live, plan);
  }

  /** The readiness of {@code live} with its live plan. */
  public static LiveReadiness of(LiveTree live, SchedulingPlan plan) {
    Map<String, LivePod> pods = new HashMap<>();
    live.pods().forEach(p -> pods.put(p.name(), p));
    List<Count> components = new ArrayList<>();
    for (LiveComponent c : live.components()) {
      int scheduled = (int) c.pods().stream().filter(p -> p.node() != null).count();
      components.add(new Count(c.name(), null, c.desired(), c.current(), scheduled, c.ready()));
    }
    List<Count> gangs = new ArrayList<>();
    String reason = null;
    boolean hadRun = false;
    for (SchedulingPlan.Gang g : plan.gangs()) {
      List<LivePod> ps = g.pods().stream().map(pods::get).filter(p -> p != null).toList();
      int scheduled = (int) ps.stream().filter(p -> p.node() != null).count();
      int ready = (int) ps.stream().filter(LivePod::ready).count();
      String name = PodGroups.name(g, PodGroups.Scheduler.KAI);
      String gang = g.group() + (g.key().isEmpty() ? "" : " " + String.join(",", g.key()));
      gangs.add(new Count(name, gang, g.minMember(), ps.size(), scheduled, ready));
      if (ready < g.minMember() && reason == null) {
        hadRun = ps.size() >= g.minMember()
            && scheduled >= g.minMember()
            && ps.stream().anyMatch(LiveReadiness::ran);
        LivePod first = ps.stream().filter(p -> !p.ready()).findFirst().orElse(null);
        reason = "gang " + gang + " has " + ready + " of its minMember " + g.minMember()
            + " pods ready ("
            + ps.size() + " created, " + scheduled + " scheduled)"
            + (first == null
                ? ""
                : ": pod " + first.name() + " " + first.phase()
                    + (first.reason() == null ? "" : " (" + first.reason() + ")"))
            + (hadRun ? "; it had been complete (a container restarted or terminated)" : "");
      }
    }
    List<WorkloadStatus> object = live.tree().status() == null
        ? List.of(WorkloadStatus.UNDEFINED)
        : live.tree().status().matched();
    WorkloadStatus first = object.isEmpty() ? WorkloadStatus.UNDEFINED : object.get(0);
    if (object.contains(WorkloadStatus.RUNNING) && reason != null) {
      return new LiveReadiness(
          object,
          hadRun ? WorkloadStatus.DEGRADED : WorkloadStatus.INITIALIZING,
          "the object says Running but " + reason,
          gangs,
          components);
    }
    return new LiveReadiness(object, first, null, gangs, components);
  }

  /** A container of the pod restarted or terminated: the pod ran before. */
  private static boolean ran(LivePod p) {
    for (JsonNode cs : p.manifest().path("status").path("containerStatuses")) {
      if (cs.path("restartCount").asInt(0) > 0
          || cs.path("lastState").has("terminated")
          || cs.path("state").has("terminated")) {
        return true;
      }
    }
    return false;
  }
}
