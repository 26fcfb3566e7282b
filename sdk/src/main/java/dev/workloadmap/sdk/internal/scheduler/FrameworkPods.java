package dev.workloadmap.sdk.internal.scheduler;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The pods a framework's controller will create for a workload object, laid out as that controller lays them out
 * (names, and the labels and annotations it stamps on each pod), before any pod exists. Each pod says whether the
 * framework counts it toward its gang's minimum ({@code required}). Read from the controllers' code:
 *
 * <ul>
 *   <li>JobSet ({@code jobset.x-k8s.io}): per replicated job {@code replicas} Jobs ({@code job-index} 0..), each with
 *       {@code min(parallelism, completions)} pods labelled {@code jobset-name}, {@code replicatedjob-name}, {@code
 *       job-index}; all required (a Job's pods start together).
 *   <li>LeaderWorkerSet ({@code leaderworkerset.x-k8s.io}): per group ({@code group-index} 0..replicas-1) a leader
 *       {@code <lws>-<g>} ({@code worker-index} 0) and {@code size-1} workers {@code <lws>-<g>-<w>} annotated {@code
 *       leader-name}; a group is all-or-nothing, so all required.
 *   <li>Grove PodCliqueSet ({@code grove.io}): per PodCliqueSet replica {@code r} a base PodGang {@code <pcs>-<r>}
 *       holding the standalone cliques and the scaling groups' replicas below their {@code minAvailable}; every further
 *       scaling-group replica {@code j} is its own scaled PodGang {@code <pcs>-<r>-<pcsg>-<j - minAvailable>} (the
 *       released v1alpha1 naming; newer Grove hashes anchors). In every gang a clique's first {@code minAvailable}
 *       pods (default: its replicas) are required.
 *   <li>KubeRay RayCluster, and the cluster of a RayJob / RayService ({@code ray.io}): one head, and per worker group
 *       {@code replicas} (clamped to min/max, 0 when suspended) × {@code numOfHosts} pods, of which {@code
 *       min(minReplicas, maxReplicas) × numOfHosts} are required; labels {@code ray.io/cluster}, {@code
 *       ray.io/node-type}, {@code ray.io/group}.
 * </ul>
 *
 * Other kinds have no model ({@link #of} is empty): their gangs are computed from the definition's scales alone.
 */
public final class FrameworkPods {
  private FrameworkPods() {}

  /** One pod the controller will create: its manifest (metadata only) and whether the gang's minimum counts it. */
  public record Prospective(ObjectNode pod, boolean required) {}

  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  /** The pods of {@code object}, owned directly by {@code uid}; empty when the kind has no model. */
  public static Optional<List<Prospective>> of(JsonNode object, String uid) {
    String apiVersion = object.path("apiVersion").asText("");
    String group = apiVersion.contains("/") ? apiVersion.substring(0, apiVersion.indexOf('/')) : "";
    String kind = object.path("kind").asText("");
    String name = object.path("metadata").path("name").asText("");
    String ns = object.path("metadata").path("namespace").asText("");
    List<Prospective> out = new ArrayList<>();
    Ctx c = new Ctx(out, ns, uid);
    switch (group + "/" + kind) {
      case "jobset.x-k8s.io/JobSet" -> jobSet(object, name, c);
      case "leaderworkerset.x-k8s.io/LeaderWorkerSet" -> lws(object, name, c);
      case "grove.io/PodCliqueSet" -> grove(object, name, c);
      case "ray.io/RayCluster" -> ray(object.path("spec"), name, c);
      case "ray.io/RayJob" ->
        ray(
            object.path("spec").path("rayClusterSpec"),
            text(object.path("status").path("rayClusterName"), name),
            c);
      case "ray.io/RayService" ->
        ray(
            object.path("spec").path("rayClusterConfig"),
            text(object.path("status").path("activeServiceStatus").path("rayClusterName"), name),
            c);
      default -> {
        return Optional.empty();
      }
    }
    return Optional.of(List.copyOf(out));
  }

  private record Ctx(List<Prospective> out, String ns, String uid) {
    ObjectNode add(String name, JsonNode templateMeta, boolean required) {
      ObjectNode pod = F.objectNode();
      pod.put("apiVersion", "v1");
      pod.put("kind", "Pod");
      ObjectNode meta = pod.putObject("metadata");
      meta.put("name", name);
      meta.put("namespace", ns);
      ObjectNode labels = meta.putObject("labels");
      ObjectNode annotations = meta.putObject("annotations");
      if (templateMeta.path("labels").isObject()) {
        labels.setAll((ObjectNode) templateMeta.path("labels").deepCopy());
      }
      if (templateMeta.path("annotations").isObject()) {
        annotations.setAll((ObjectNode) templateMeta.path("annotations").deepCopy());
      }
      ObjectNode ref = meta.putArray("ownerReferences").addObject();
      ref.put("uid", uid);
      ref.put("controller", true);
      pod.putObject("status").put("phase", "Pending");
      out.add(new Prospective(pod, required));
      return pod;
    }
  }

  private static ObjectNode labels(ObjectNode pod) {
    return (ObjectNode) pod.path("metadata").path("labels");
  }

  private static ObjectNode annotations(ObjectNode pod) {
    return (ObjectNode) pod.path("metadata").path("annotations");
  }

  private static int num(JsonNode n, int dflt) {
    return n.isNumber() ? n.asInt() : dflt;
  }

  private static String text(JsonNode n, String dflt) {
    return n.isTextual() && !n.asText().isEmpty() ? n.asText() : dflt;
  }

  private static void jobSet(JsonNode o, String js, Ctx c) {
    for (JsonNode rj : o.path("spec").path("replicatedJobs")) {
      String rjName = rj.path("name").asText("");
      int replicas = num(rj.path("replicas"), 1);
      JsonNode jobSpec = rj.path("template").path("spec");
      int parallelism = num(jobSpec.path("parallelism"), 1);
      int completions = num(jobSpec.path("completions"), parallelism);
      int perJob = Math.min(parallelism, completions);
      JsonNode meta = jobSpec.path("template").path("metadata");
      for (int j = 0; j < replicas; j++) {
        for (int k = 0; k < perJob; k++) {
          ObjectNode p = c.add(js + "-" + rjName + "-" + j + "-" + k, meta, true);
          labels(p).put("jobset.sigs.k8s.io/jobset-name", js);
          labels(p).put("jobset.sigs.k8s.io/replicatedjob-name", rjName);
          labels(p).put("jobset.sigs.k8s.io/job-index", Integer.toString(j));
          labels(p).put("job-name", js + "-" + rjName + "-" + j);
        }
      }
    }
  }

  private static void lws(JsonNode o, String lws, Ctx c) {
    JsonNode spec = o.path("spec");
    int replicas = num(spec.path("replicas"), 1);
    JsonNode t = spec.path("leaderWorkerTemplate");
    int size = num(t.path("size"), 1);
    JsonNode workerMeta = t.path("workerTemplate").path("metadata");
    JsonNode leaderMeta = t.path("leaderTemplate").isObject()
        ? t.path("leaderTemplate").path("metadata")
        : workerMeta;
    for (int g = 0; g < replicas; g++) {
      String leader = lws + "-" + g;
      ObjectNode l = c.add(leader, leaderMeta, true);
      lwsLabels(l, lws, g, 0);
      for (int w = 1; w < size; w++) {
        ObjectNode p = c.add(leader + "-" + w, workerMeta, true);
        lwsLabels(p, lws, g, w);
        annotations(p).put("leaderworkerset.sigs.k8s.io/leader-name", leader);
      }
    }
  }

  private static void lwsLabels(ObjectNode p, String lws, int g, int w) {
    labels(p).put("leaderworkerset.sigs.k8s.io/name", lws);
    labels(p).put("leaderworkerset.sigs.k8s.io/group-index", Integer.toString(g));
    labels(p).put("leaderworkerset.sigs.k8s.io/worker-index", Integer.toString(w));
  }

  private static void grove(JsonNode o, String pcs, Ctx c) {
    JsonNode spec = o.path("spec");
    int replicas = num(spec.path("replicas"), 0);
    JsonNode t = spec.path("template");
    for (int r = 0; r < replicas; r++) {
      String base = pcs + "-" + r;
      for (JsonNode clique : t.path("cliques")) {
        String cn = clique.path("name").asText("");
        JsonNode sg = null;
        for (JsonNode g : t.path("podCliqueScalingGroups")) {
          for (JsonNode n : g.path("cliqueNames")) {
            if (n.asText().equals(cn) && sg == null) {
              sg = g;
            }
          }
        }
        if (sg == null) {
          cliquePods(c, clique, pcs, r, base, base + "-" + cn, null, -1);
          continue;
        }
        String sgName = sg.path("name").asText("");
        int sgReplicas = num(sg.path("replicas"), 1);
        int sgMin = num(sg.path("minAvailable"), 1);
        String sgFqn = base + "-" + sgName;
        for (int j = 0; j < sgReplicas; j++) {
          String gang = j < sgMin ? base : sgFqn + "-" + (j - sgMin);
          cliquePods(c, clique, pcs, r, gang, sgFqn + "-" + j + "-" + cn, sgFqn, j);
        }
      }
    }
  }

  private static void cliquePods(
      Ctx c,
      JsonNode clique,
      String pcs,
      int r,
      String gang,
      String fqn,
      String sgFqn,
      int sgIndex) {
    JsonNode cs = clique.path("spec");
    int n = num(cs.path("replicas"), 1);
    int min = num(cs.path("minAvailable"), n);
    for (int k = 0; k < n; k++) {
      ObjectNode p = c.add(fqn + "-" + k, clique, k < min);
      labels(p).put("app.kubernetes.io/part-of", pcs);
      labels(p).put("grove.io/podcliqueset-replica-index", Integer.toString(r));
      labels(p).put("grove.io/podclique", fqn);
      labels(p).put("grove.io/podgang", gang);
      if (sgFqn != null) {
        labels(p).put("grove.io/podcliquescalinggroup", sgFqn);
        labels(p).put("grove.io/podcliquescalinggroup-replica-index", Integer.toString(sgIndex));
      }
    }
  }

  private static void ray(JsonNode spec, String cluster, Ctx c) {
    if (spec.path("headGroupSpec").isObject()) {
      ObjectNode h = c.add(
          cluster + "-head", spec.path("headGroupSpec").path("template").path("metadata"), true);
      labels(h).put("ray.io/cluster", cluster);
      labels(h).put("ray.io/node-type", "head");
      labels(h).put("ray.io/group", "headgroup");
    }
    for (JsonNode g : spec.path("workerGroupSpecs")) {
      String gn = g.path("groupName").asText("");
      int min = num(g.path("minReplicas"), 0);
      int max = num(g.path("maxReplicas"), Integer.MAX_VALUE);
      int want = num(g.path("replicas"), 0);
      int hosts = num(g.path("numOfHosts"), 1);
      boolean suspended = g.path("suspend").asBoolean(false);
      int replicas = suspended ? 0 : Math.min(Math.max(want, min), max);
      int required = suspended ? 0 : Math.min(min, max);
      JsonNode meta = g.path("template").path("metadata");
      for (int i = 0; i < replicas; i++) {
        for (int h = 0; h < hosts; h++) {
          ObjectNode p = c.add(
              cluster + "-" + gn + "-worker-" + i + (hosts > 1 ? "-" + h : ""), meta, i < required);
          labels(p).put("ray.io/cluster", cluster);
          labels(p).put("ray.io/node-type", "worker");
          labels(p).put("ray.io/group", gn);
        }
      }
    }
  }
}
