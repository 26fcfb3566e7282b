package dev.workloadmap.junit.internal;

import static dev.workloadmap.junit.internal.KubeObjects.JSON;
import static dev.workloadmap.junit.internal.KubeObjects.describe;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.junit.Controllers;
import dev.workloadmap.sdk.live.LiveTree;
import dev.workloadmap.sdk.tree.ComponentNode;
import dev.workloadmap.sdk.tree.InstanceNode;
import dev.workloadmap.sdk.tree.WorkloadTree;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.opentest4j.AssertionFailedError;

/**
 * The controller-pod simulation: the pods a workload's controller would create, made from the resolved pod templates
 * (or read from a YAML file), kept off real nodes; or, for built-in kinds whose controllers run in this cluster, the
 * controllers' own pods waited for.
 */
public final class ControllerPods {
  private final HandleContext context;
  private final ObjectWriter writer;
  private final Resolution resolution;
  private final Diagnostics diagnostics;
  private final String noScheduler;

  /** {@code noScheduler}: the scheduler name that keeps pods Pending on a cluster with nodes. */
  public ControllerPods(
      HandleContext context,
      ObjectWriter writer,
      Resolution resolution,
      Diagnostics diagnostics,
      String noScheduler) {
    this.context = context;
    this.writer = writer;
    this.resolution = resolution;
    this.diagnostics = diagnostics;
    this.noScheduler = noScheduler;
  }

  public List<GenericKubernetesResource> createControllerPods(GenericKubernetesResource workload) {
    GenericKubernetesResource stored = context.get(workload);
    JsonNode json = context.asJson(stored);
    WorkloadTree tree = context.workloadMap().resolve(context.definitionFor(json), json);
    if (controllersCreatePodsFor(stored)) {
      // the real controller creates them: fabricating more would double them
      int desired = tree.components().stream()
          .filter(ComponentNode::podBearing)
          .flatMap(c -> c.instances().stream())
          .mapToInt(InstanceNode::desiredReplicas)
          .sum();
      awaitControllerPods(stored, desired, Duration.ofMinutes(2));
      return podsOwnedThroughChain(stored);
    }
    List<GenericKubernetesResource> pods = new ArrayList<>();
    for (ComponentNode c : tree.components()) {
      if (!c.podBearing()) {
        continue;
      }
      for (InstanceNode i : c.instances()) {
        ObjectNode template = podTemplate(i);
        if (template == null) {
          context
              .state()
              .note("component " + c.name() + " instance '" + i.id()
                  + "' has no PodTemplateSpec or pod" + " spec; no pods created for it");
          continue;
        }
        for (int n = 0; n < i.desiredReplicas(); n++) {
          String name = podName(stored.getMetadata().getName(), c.name(), i.id(), n);
          pods.add(createPod(podFrom(template, name, stored)));
        }
      }
    }
    return pods;
  }

  public boolean controllersCreatePodsFor(HasMetadata workload) {
    if (!context.cluster().running().controllers().createsPods()) {
      return false;
    }
    String gv = workload.getApiVersion();
    String kind = workload.getKind();
    return ("batch/v1".equals(gv) && ("Job".equals(kind) || "CronJob".equals(kind)))
        || ("apps/v1".equals(gv)
            && List.of("Deployment", "ReplicaSet", "StatefulSet").contains(kind));
  }

  public Controllers controllers() {
    return context.cluster().running().controllers();
  }

  public LiveTree awaitControllerPods(HasMetadata workload, int count, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      LiveTree live = resolution.livePods(workload);
      int found = live.pods().size() + live.unmatched().size();
      if (found >= count) {
        return live;
      }
      if (System.nanoTime() > deadline) {
        context.state().markFailed();
        throw new AssertionFailedError(
            "the controllers created " + found + " of " + count + " pods for "
                + describe(workload) + " within " + timeout.toSeconds() + " s\n\n"
                + diagnostics.text(null, null) + "\n"
                + context.cluster().recentLogs());
      }
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while waiting for controller pods", e);
      }
    }
  }

  public List<GenericKubernetesResource> podsOwnedThroughChain(HasMetadata workload) {
    String root = context.get(workload).getMetadata().getUid();
    Map<String, String> ownerOf = new HashMap<>();
    for (String kind : List.of("batch/v1 Job", "apps/v1 ReplicaSet")) {
      String[] gk = kind.split(" ");
      for (GenericKubernetesResource o : context
          .read(
              "cannot list the " + gk[1] + "s of namespace " + context.namespace(),
              () -> context
                  .client()
                  .genericKubernetesResources(gk[0], gk[1])
                  .inNamespace(context.namespace())
                  .list())
          .getItems()) {
        o.getMetadata().getOwnerReferences().stream()
            .filter(r -> Boolean.TRUE.equals(r.getController()))
            .findFirst()
            .ifPresent(r -> ownerOf.put(o.getMetadata().getUid(), r.getUid()));
      }
    }
    List<GenericKubernetesResource> out = new ArrayList<>();
    for (GenericKubernetesResource p : listPods()) {
      String uid = p.getMetadata().getOwnerReferences().stream()
          .filter(r -> Boolean.TRUE.equals(r.getController()))
          .map(r -> r.getUid())
          .findFirst()
          .orElse(null);
      for (int depth = 0; uid != null && depth < 6; depth++) {
        if (uid.equals(root)) {
          out.add(p);
          break;
        }
        uid = ownerOf.get(uid);
      }
    }
    return out;
  }

  public List<GenericKubernetesResource> podsOf(HasMetadata workload) {
    String uid = context.get(workload).getMetadata().getUid();
    return listPods().stream()
        .filter(p ->
            p.getMetadata().getOwnerReferences().stream().anyMatch(r -> uid.equals(r.getUid())))
        .toList();
  }

  private List<GenericKubernetesResource> listPods() {
    return context
        .read(
            "cannot list the pods of namespace " + context.namespace(),
            () -> context
                .client()
                .genericKubernetesResources("v1", "Pod")
                .inNamespace(context.namespace())
                .list())
        .getItems();
  }

  public List<GenericKubernetesResource> createPods(Path yamlFile) {
    List<GenericKubernetesResource> out = new ArrayList<>();
    for (JsonNode doc : ObjectWriter.readYaml(yamlFile)) {
      if (!"Pod".equals(doc.path("kind").asText())) {
        throw new IllegalArgumentException(
            yamlFile + ": expected Pod documents, found " + doc.path("kind").asText());
      }
      ObjectNode pod = writer.forCreate(doc);
      pod.set("status", doc.get("status"));
      out.add(createPod(pod));
    }
    return out;
  }

  private GenericKubernetesResource createPod(ObjectNode pod) {
    ObjectNode spec = pod.with("spec");
    String sa = spec.path("serviceAccountName").asText("default");
    if (spec.path("automountServiceAccountToken").asBoolean(false)) {
      context
          .state()
          .note("pod " + pod.path("metadata").path("name").asText()
              + ": automountServiceAccountToken true set to false (no token controller)");
    }
    spec.put("automountServiceAccountToken", false);
    if (context.cluster().running().hasNodes()) {
      spec.put("schedulerName", noScheduler);
      spec.remove("nodeName");
    }
    writer.ensureServiceAccount(sa);
    JsonNode status = pod.remove("status");
    GenericKubernetesResource stored = writer.create(pod, true);
    if (status != null && !status.isNull()) {
      stored = writer.writeStatus(stored, status);
    }
    return stored;
  }

  private static ObjectNode podTemplate(InstanceNode i) {
    if (i.record().podTemplateSpec() != null && i.record().podTemplateSpec().isObject()) {
      return (ObjectNode) i.record().podTemplateSpec().deepCopy();
    }
    if (i.record().podSpec() != null && i.record().podSpec().isObject()) {
      ObjectNode t = JSON.createObjectNode();
      t.set(
          "metadata",
          i.record().metadata() == null
              ? JSON.createObjectNode()
              : i.record().metadata().deepCopy());
      t.set("spec", i.record().podSpec().deepCopy());
      return t;
    }
    return null;
  }

  private ObjectNode podFrom(ObjectNode template, String name, GenericKubernetesResource owner) {
    ObjectNode pod = JSON.createObjectNode();
    pod.put("apiVersion", "v1");
    pod.put("kind", "Pod");
    ObjectNode meta = pod.putObject("metadata");
    meta.put("name", name);
    JsonNode tm = template.path("metadata");
    if (tm.has("labels")) {
      meta.set("labels", tm.get("labels"));
    }
    if (tm.has("annotations")) {
      meta.set("annotations", tm.get("annotations"));
    }
    ObjectNode ref = meta.putArray("ownerReferences").addObject();
    ref.put("apiVersion", owner.getApiVersion());
    ref.put("kind", owner.getKind());
    ref.put("name", owner.getMetadata().getName());
    ref.put("uid", owner.getMetadata().getUid());
    ref.put("controller", true);
    pod.set("spec", template.path("spec").deepCopy());
    ObjectNode body = writer.forCreate(pod);
    // forCreate drops ownerReferences of snapshots; these are the controller's own
    ((ObjectNode) body.get("metadata")).set("ownerReferences", meta.get("ownerReferences"));
    return body;
  }

  /** {@code <workload>-<component>[-<instance id>]-<n>} as a DNS label (at most 63 characters). */
  public static String podName(String workload, String component, String id, int n) {
    String raw = workload + "-" + component + (id.isEmpty() ? "" : "-" + id) + "-" + n;
    String s = raw.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9-]", "-").replaceAll("-+", "-");
    if (s.length() > 63) {
      String hash = Integer.toHexString(raw.hashCode());
      s = s.substring(0, 62 - hash.length()) + "-" + hash;
    }
    return s.replaceAll("^-|-$", "");
  }
}
