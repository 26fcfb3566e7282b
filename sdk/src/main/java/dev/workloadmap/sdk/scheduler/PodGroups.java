package dev.workloadmap.sdk.scheduler;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.sdk.WorkloadMapException;
import dev.workloadmap.sdk.definition.GangScheduling.Topology;
import dev.workloadmap.sdk.resources.ResourceList;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * Renders a {@link SchedulingPlan} as one scheduler's PodGroups, and says what binds each pod to its PodGroup.
 *
 * <ul>
 *   <li>{@link Scheduler#KAI}: {@code scheduling.run.ai/v2alpha2 PodGroup} with {@code minMember}, {@code queue},
 *       {@code priorityClassName}, {@code subGroups[]} ({@code name}, {@code minMember}, {@code topologyConstraint}),
 *       {@code minSubGroup} and {@code topologyConstraint}. Pods bind with the annotation {@code pod-group-name}, the
 *       label {@code kai.scheduler/subgroup-name} for a subgroup and the label {@code kai.scheduler/queue}; a workload
 *       whose PodGroups are made this way carries {@code kai.scheduler/skip-podgrouper: "true"} so KAI's pod grouper
 *       does not make its own. Queue: the option, else the workload's label {@code kai.scheduler/queue}, else its
 *       label {@code project}, else {@code default-queue}; priority class: the option, else the workload's label
 *       {@code priorityClassName}, else {@code train} (KAI's defaults).
 *   <li>{@link Scheduler#VOLCANO}: {@code scheduling.volcano.sh/v1beta1 PodGroup} with {@code minMember}, {@code
 *       minTaskMember} (one task per subgroup), {@code minResources} and {@code queue} (default {@code default}). Pods
 *       bind with the annotation {@code scheduling.k8s.io/group-name}, and {@code volcano.sh/task-spec} names their
 *       task.
 *   <li>{@link Scheduler#COSCHEDULING}: {@code scheduling.x-k8s.io/v1alpha1 PodGroup} with {@code minMember} and
 *       {@code minResources}; pods bind with the label {@code scheduling.x-k8s.io/pod-group}, so the name is at most
 *       63 characters.
 * </ul>
 *
 * Every PodGroup is in the workload's namespace and, when the workload has a uid and a name, carries an ownerReference to it
 * (garbage-collected with it). Names: {@link PodGroupName#safe} of the plan's name. Resource amounts: GPUs as
 * counts, CPU and memory as Kubernetes quantities in base units (CPU in cores, {@code 0.5} for 500 millicores; memory
 * in bytes).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class PodGroups {
  private PodGroups() {}

  /** The schedulers rendered. */
  @API(status = EXPERIMENTAL, since = "0.1")
  public enum Scheduler {
    KAI("scheduling.run.ai/v2alpha2", PodGroupName.MAX_SUBDOMAIN),
    VOLCANO("scheduling.volcano.sh/v1beta1", PodGroupName.MAX_SUBDOMAIN),
    COSCHEDULING("scheduling.x-k8s.io/v1alpha1", PodGroupName.MAX_LABEL_VALUE);

    private final String apiVersion;
    private final int maxName;

    Scheduler(String apiVersion, int maxName) {
      this.apiVersion = apiVersion;
      this.maxName = maxName;
    }

    /** The PodGroup's apiVersion. */
    public String apiVersion() {
      return apiVersion;
    }

    /** The longest PodGroup name it accepts. */
    public int maxName() {
      return maxName;
    }

    /**
     * {@code kai}, {@code volcano} or {@code coscheduling} (case-insensitive).
     *
     * @throws IllegalArgumentException another name, with the three listed
     */
    public static Scheduler parse(String s) {
      for (Scheduler x : values()) {
        if (x.name().equalsIgnoreCase(s)) {
          return x;
        }
      }
      throw new WorkloadMapException(
          "unknown scheduler \"" + s + "\": use kai, volcano or coscheduling");
    }
  }

  /**
   * Choices a plan does not carry.
   *
   * @param queue the queue, or null for the scheduler's rule (see the class comment)
   * @param priorityClassName the priority class, or null for the scheduler's rule
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public record Options(String queue, String priorityClassName) {
    /** No queue and no priority class given. */
    public static Options defaults() {
      return new Options(null, null);
    }
  }

  /** What one pod carries to join its PodGroup (and subgroup or task). */
  @API(status = EXPERIMENTAL, since = "0.1")
  public record Binding(
      String pod, String podGroup, Map<String, String> labels, Map<String, String> annotations) {
    public Binding {
      labels = Map.copyOf(labels);
      annotations = Map.copyOf(annotations);
    }
  }

  public static final String KAI_POD_GROUP_ANNOTATION = "pod-group-name";
  public static final String KAI_SUBGROUP_LABEL = "kai.scheduler/subgroup-name";
  public static final String KAI_QUEUE_LABEL = "kai.scheduler/queue";
  public static final String KAI_SKIP_PODGROUPER = "kai.scheduler/skip-podgrouper";
  public static final String VOLCANO_GROUP_ANNOTATION = "scheduling.k8s.io/group-name";
  public static final String VOLCANO_TASK_ANNOTATION = "volcano.sh/task-spec";
  public static final String COSCHEDULING_LABEL = "scheduling.x-k8s.io/pod-group";

  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  /** The PodGroup name of {@code gang} for {@code scheduler}. */
  public static String name(SchedulingPlan.Gang gang, Scheduler scheduler) {
    return PodGroupName.safe(gang.name(), scheduler.maxName());
  }

  /** The queue {@code workload}'s PodGroups go to for {@code scheduler} (null for coscheduling, which has none). */
  public static String queue(JsonNode workload, Scheduler scheduler, Options options) {
    if (scheduler == Scheduler.COSCHEDULING) {
      return null;
    }
    if (options.queue() != null) {
      return options.queue();
    }
    JsonNode labels = workload.path("metadata").path("labels");
    if (scheduler == Scheduler.KAI) {
      if (labels.path(KAI_QUEUE_LABEL).isTextual()) {
        return labels.path(KAI_QUEUE_LABEL).asText();
      }
      if (labels.path("project").isTextual()) {
        return labels.path("project").asText();
      }
      return "default-queue";
    }
    JsonNode ann = workload.path("metadata").path("annotations");
    return ann.path("scheduling.volcano.sh/queue-name").isTextual()
        ? ann.path("scheduling.volcano.sh/queue-name").asText()
        : "default";
  }

  /** The PodGroups of {@code plan} for {@code scheduler}, one per gang, ready for {@code kubectl apply}. */
  public static List<ObjectNode> render(
      SchedulingPlan plan, JsonNode workload, Scheduler scheduler, Options options) {
    List<ObjectNode> out = new ArrayList<>();
    String queue = queue(workload, scheduler, options);
    String priority = options.priorityClassName();
    if (priority == null) {
      JsonNode p = workload.path("metadata").path("labels").path("priorityClassName");
      priority = p.isTextual() ? p.asText() : scheduler == Scheduler.KAI ? "train" : null;
    }
    for (SchedulingPlan.Gang g : plan.gangs()) {
      ObjectNode o = F.objectNode();
      o.put("apiVersion", scheduler.apiVersion());
      o.put("kind", "PodGroup");
      ObjectNode meta = o.putObject("metadata");
      meta.put("name", name(g, scheduler));
      if (!plan.workload().namespace().isEmpty()) {
        meta.put("namespace", plan.workload().namespace());
      }
      ObjectNode labels = meta.putObject("labels");
      labels.put("app.kubernetes.io/managed-by", "workloadmap");
      labels.put(
          "workloadmap.dev/pod-group", PodGroupName.safe(g.group(), PodGroupName.MAX_LABEL_VALUE));
      if (scheduler == Scheduler.KAI) {
        labels.put(KAI_QUEUE_LABEL, queue);
      }
      if (!plan.uid().isEmpty() && !plan.workload().name().isEmpty()) {
        // the API server refuses an ownerReference without uid or name (an object with only
        // generateName)
        ObjectNode ref = meta.putArray("ownerReferences").addObject();
        ref.put("apiVersion", plan.workload().apiVersion());
        ref.put("kind", plan.workload().kind());
        ref.put("name", plan.workload().name());
        ref.put("uid", plan.uid());
        ref.put("blockOwnerDeletion", false);
      }
      ObjectNode spec = o.putObject("spec");
      switch (scheduler) {
        case KAI -> kaiSpec(spec, g, queue, priority, workload);
        case VOLCANO -> {
          spec.put("minMember", g.minMember());
          if (!g.subGroups().isEmpty()) {
            ObjectNode t = spec.putObject("minTaskMember");
            g.subGroups().forEach(s -> t.put(s.name(), s.minMember()));
          }
          resources(spec, g.minResources());
          spec.put("queue", queue);
          if (priority != null) {
            spec.put("priorityClassName", priority);
          }
        }
        case COSCHEDULING -> {
          spec.put("minMember", g.minMember());
          resources(spec, g.minResources());
        }
      }
      out.add(o);
    }
    return out;
  }

  private static void kaiSpec(
      ObjectNode spec, SchedulingPlan.Gang g, String queue, String priority, JsonNode workload) {
    if (g.minSubGroup() != null) {
      spec.put("minMember", 0);
      spec.put("minSubGroup", g.minSubGroup());
    } else {
      spec.put("minMember", g.minMember());
    }
    spec.put("queue", queue);
    spec.put("priorityClassName", priority);
    Topology t = g.topology();
    if (t == null) {
      JsonNode a = workload.path("metadata").path("annotations");
      if (a.has("kai.scheduler/topology")) {
        t = new Topology(
            a.path("kai.scheduler/topology").asText(null),
            a.path("kai.scheduler/topology-preferred-placement").asText(null),
            a.path("kai.scheduler/topology-required-placement").asText(null));
      }
    }
    topology(spec, t);
    if (!g.subGroups().isEmpty()) {
      ArrayNode subs = spec.putArray("subGroups");
      for (SchedulingPlan.SubGroup s : g.subGroups()) {
        ObjectNode so = subs.addObject();
        so.put("name", s.name());
        so.put("minMember", s.minMember());
        topology(so, s.topology());
      }
    }
  }

  private static void topology(ObjectNode spec, Topology t) {
    if (t == null) {
      return;
    }
    ObjectNode tc = spec.putObject("topologyConstraint");
    if (t.topologyName() != null) {
      tc.put("topology", t.topologyName());
    }
    if (t.preferredTopologyLevel() != null) {
      tc.put("preferredTopologyLevel", t.preferredTopologyLevel());
    }
    if (t.requiredTopologyLevel() != null) {
      tc.put("requiredTopologyLevel", t.requiredTopologyLevel());
    }
  }

  private static void resources(ObjectNode spec, ResourceList r) {
    if (r == null || r.isEmpty()) {
      return;
    }
    ObjectNode m = spec.putObject("minResources");
    for (Map.Entry<String, BigDecimal> e : r.asMap().entrySet()) {
      m.put(e.getKey(), e.getValue().stripTrailingZeros().toPlainString());
    }
  }

  /**
   * What each pod of {@code plan} carries for {@code scheduler}, in gang then pod order. A KAI pod of a subgroup also
   * gets {@code kai.scheduler/subgroup-name}; a Volcano one {@code volcano.sh/task-spec}.
   */
  public static List<Binding> bindings(
      SchedulingPlan plan, JsonNode workload, Scheduler scheduler, Options options) {
    List<Binding> out = new ArrayList<>();
    String queue = queue(workload, scheduler, options);
    for (SchedulingPlan.Gang g : plan.gangs()) {
      String pg = name(g, scheduler);
      Map<String, String> subOf = new LinkedHashMap<>();
      g.subGroups().forEach(s -> s.pods().forEach(p -> subOf.put(p, s.name())));
      for (String pod : g.pods()) {
        Map<String, String> labels = new LinkedHashMap<>();
        Map<String, String> ann = new LinkedHashMap<>();
        String sub = subOf.get(pod);
        switch (scheduler) {
          case KAI -> {
            ann.put(KAI_POD_GROUP_ANNOTATION, pg);
            labels.put(KAI_QUEUE_LABEL, queue);
            if (sub != null) {
              labels.put(KAI_SUBGROUP_LABEL, sub);
            }
          }
          case VOLCANO -> {
            ann.put(VOLCANO_GROUP_ANNOTATION, pg);
            if (sub != null) {
              ann.put(VOLCANO_TASK_ANNOTATION, sub);
            }
          }
          case COSCHEDULING -> labels.put(COSCHEDULING_LABEL, pg);
        }
        out.add(new Binding(pod, pg, labels, ann));
      }
    }
    return out;
  }

  /** Annotations the workload itself carries when its PodGroups are made this way (KAI: skip its pod grouper). */
  public static Map<String, String> workloadAnnotations(Scheduler scheduler) {
    return scheduler == Scheduler.KAI ? Map.of(KAI_SKIP_PODGROUPER, "true") : Map.of();
  }

  /** {@code kai}, {@code volcano} or {@code coscheduling}. */
  public static String cliName(Scheduler s) {
    return s.name().toLowerCase(Locale.ROOT);
  }
}
