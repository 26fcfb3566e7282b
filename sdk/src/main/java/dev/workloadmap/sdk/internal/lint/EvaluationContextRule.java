package dev.workloadmap.sdk.internal.lint;

import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.definition.Gvk;
import dev.workloadmap.sdk.internal.jqast.JqNode;
import dev.workloadmap.sdk.internal.jqast.JqParser;
import dev.workloadmap.sdk.internal.jqast.JqSyntaxException;
import dev.workloadmap.sdk.internal.model.JqFields;
import dev.workloadmap.sdk.internal.model.JqFields.JqField;
import dev.workloadmap.sdk.internal.validation.ValidationRule;
import dev.workloadmap.sdk.validation.Finding;
import dev.workloadmap.sdk.validation.Severity;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The evaluation-context checks of issue 3 (docs/format.md#path-sides): a jq path evaluated on the wrong side reads
 * fields that are never there, so it silently yields null. Both rules are warnings, and both are deliberately
 * conservative (a false alarm is worse than a miss): only paths that certainly start at the expression's input are
 * checked (see the field-read analysis in {@code FieldReads}: {@code .a.b}, {@code .a["b"]}, {@code .a[]}, pipes,
 * {@code //}, {@code select}, …; variables, function parameters and most builtins' arguments are not followed).
 *
 * <table>
 *   <caption>Rules</caption>
 *   <tr><th>Rule id</th><th>Finding</th><th>Severity</th></tr>
 *   <tr><td>{@value #POD_SIDE_READS_WORKLOAD}</td><td>a pod-side path ({@code componentTypeSelector.keyPath},
 *       {@code componentInstanceSelector.idPath}, {@code replicaSelector.keyPath}, gang {@code groupByKeyPaths} and
 *       {@code filters}) reads {@code .spec.X} where X is not a PodSpec field (such as {@code .spec.replicatedJobs}
 *       or {@code .spec.template}), or {@code .status.X} where X is not a PodStatus field (such as {@code
 *       .status.readyReplicas})</td><td>warning</td></tr>
 *   <tr><td>{@value #WORKLOAD_SIDE_READS_POD}</td><td>a workload-side path of a definition whose root kind is not
 *       {@code Pod} reads a pod-only field at the root of the object: {@code .spec.containers}, {@code
 *       .spec.nodeName}, {@code .status.podIP}; or an {@code instanceIdPath} reads {@code
 *       .metadata.ownerReferences} (the owner of a pod, not an instance of the workload)</td><td>warning</td></tr>
 * </table>
 *
 * <p>Each finding points at the offending field name inside the expression (line and column in the YAML file).
 * Fields of CRDs that really embed pod fields at their root ({@code initContainers} of NIMService, {@code podIPs} of
 * Sandbox) are not pod-only markers and are never reported. Expressions that do not parse are skipped (the
 * validator reports them). Instances are immutable and thread-safe.
 */
public final class EvaluationContextRule implements ValidationRule {

  /** Rule id of a pod-side path reading workload fields. */
  public static final String POD_SIDE_READS_WORKLOAD = "lint.pod-side-reads-workload";

  /** Rule id of a workload-side path reading pod fields. */
  public static final String WORKLOAD_SIDE_READS_POD = "lint.workload-side-reads-pod";

  /** Fields of a core/v1 PodSpec (Kubernetes 1.35). */
  static final Set<String> POD_SPEC_FIELDS = Set.of(
      "activeDeadlineSeconds",
      "affinity",
      "automountServiceAccountToken",
      "containers",
      "dnsConfig",
      "dnsPolicy",
      "enableServiceLinks",
      "ephemeralContainers",
      "hostAliases",
      "hostIPC",
      "hostNetwork",
      "hostPID",
      "hostUsers",
      "hostname",
      "hostnameOverride",
      "imagePullSecrets",
      "initContainers",
      "nodeName",
      "nodeSelector",
      "os",
      "overhead",
      "preemptionPolicy",
      "priority",
      "priorityClassName",
      "readinessGates",
      "resourceClaims",
      "resources",
      "restartPolicy",
      "runtimeClassName",
      "schedulerName",
      "schedulingGates",
      "securityContext",
      "serviceAccount",
      "serviceAccountName",
      "setHostnameAsFQDN",
      "shareProcessNamespace",
      "subdomain",
      "terminationGracePeriodSeconds",
      "tolerations",
      "topologySpreadConstraints",
      "volumes",
      "workloadRef");

  /** Fields of a core/v1 PodStatus (Kubernetes 1.35). */
  static final Set<String> POD_STATUS_FIELDS = Set.of(
      "conditions",
      "containerStatuses",
      "ephemeralContainerStatuses",
      "extendedResourceClaimStatus",
      "hostIP",
      "hostIPs",
      "initContainerStatuses",
      "message",
      "nominatedNodeName",
      "observedGeneration",
      "phase",
      "podIP",
      "podIPs",
      "qosClass",
      "reason",
      "resize",
      "resourceClaimStatuses",
      "startTime");

  /** Pod-only markers at the root of an object: {@code .spec.containers}, {@code .spec.nodeName}, … */
  private static final Set<List<String>> POD_ONLY = Set.of(
      List.of("spec", "containers"), List.of("spec", "nodeName"), List.of("status", "podIP"));

  @Override
  public List<Finding> check(Definition definition) {
    List<Finding> out = new ArrayList<>();
    if (definition == null) {
      return out;
    }
    Gvk root = definition.rootGvk();
    boolean podRoot = root != null && "Pod".equals(root.kind()) && root.group().isEmpty();
    for (JqField field : JqFields.of(definition)) {
      boolean podSide = isPodSide(field.pointer());
      if (!podSide && podRoot) {
        continue;
      }
      List<FieldReads.Path> reads;
      try {
        JqNode ast = JqParser.parse(field.expression());
        reads = FieldReads.of(ast);
      } catch (JqSyntaxException | StackOverflowError e) {
        continue; // reported by the validator as jq.parse
      }
      Set<String> reported = new HashSet<>();
      for (FieldReads.Path p : reads) {
        if (podSide) {
          podSide(definition, field, p, reported, out);
        } else {
          workloadSide(definition, field, p, reported, out);
        }
      }
    }
    return out;
  }

  /** Whether {@code pointer} is one of the fields evaluated against a pod (docs/format.md#path-sides). */
  static boolean isPodSide(String pointer) {
    return pointer.contains("/podSelector/")
        || pointer.contains("/groupByKeyPaths/")
        || pointer.contains("/filters/");
  }

  private static void podSide(
      Definition d, JqField field, FieldReads.Path p, Set<String> reported, List<Finding> out) {
    String top = p.name(0);
    String second = p.name(1);
    if (second == null || FieldReads.ELEMENT.equals(second)) {
      return;
    }
    Set<String> known;
    String what;
    if ("spec".equals(top)) {
      known = POD_SPEC_FIELDS;
      what = "PodSpec";
    } else if ("status".equals(top)) {
      known = POD_STATUS_FIELDS;
      what = "PodStatus";
    } else {
      return;
    }
    if (known.contains(second)) {
      return;
    }
    String text = p.text(2);
    if (reported.add(text)) {
      out.add(new Finding(
          POD_SIDE_READS_WORKLOAD,
          Severity.WARNING,
          "JQ expression '" + field.expression() + "' at '" + field.documentPath()
              + "' is evaluated on a pod but" + " reads " + text + ", which is not a " + what
              + " field (a workload field?)",
          field.locate(d, p.steps().get(1).offset()),
          "pod-side paths read the pod: .metadata.labels/annotations/ownerReferences/name/namespace, PodSpec or"
              + " PodStatus fields",
          field.expression()));
    }
  }

  private static void workloadSide(
      Definition d, JqField field, FieldReads.Path p, Set<String> reported, List<Finding> out) {
    String top = p.name(0);
    String second = p.name(1);
    if (top == null || second == null) {
      return;
    }
    boolean ownerRefId = field.pointer().endsWith("/instanceIdPath")
        && "metadata".equals(top)
        && "ownerReferences".equals(second);
    if (!ownerRefId && !POD_ONLY.contains(List.of(top, second))) {
      return;
    }
    String text = p.text(2);
    if (reported.add(text)) {
      String kind = d.rootGvk() == null ? "the root object" : "a " + d.rootGvk().kind();
      out.add(new Finding(
          WORKLOAD_SIDE_READS_POD,
          Severity.WARNING,
          "JQ expression '" + field.expression() + "' at '" + field.documentPath()
              + "' is evaluated on the whole" + " workload object but reads " + text
              + ", a pod field that " + kind + " does not have at its root",
          field.locate(d, p.steps().get(1).offset()),
          ownerRefId
              ? "instance ids come from the workload object (such as .spec.replicatedJobs[].name); a pod's owner is"
                  + " matched by the pod-side componentInstanceSelector"
              : "read the pod template inside the workload (such as .spec.template.spec.containers), or move the"
                  + " path to a pod-side selector",
          field.expression()));
    }
  }
}
