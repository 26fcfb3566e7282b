package dev.workloadmap.codegen.internal;

import static dev.workloadmap.codegen.internal.SdkTypes.FIELD_DEFINITION;
import static dev.workloadmap.codegen.internal.SdkTypes.FIELD_OBJECT;
import static dev.workloadmap.codegen.internal.SdkTypes.FIELD_WORKLOAD_MAP;
import static dev.workloadmap.codegen.internal.SdkTypes.JSON_NODE;
import static dev.workloadmap.codegen.internal.SdkTypes.UPDATE_EXCEPTION;
import static dev.workloadmap.codegen.internal.SdkTypes.UPDATE_RESULT;
import static dev.workloadmap.codegen.internal.SdkTypes.WORKLOAD_UPDATE;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import com.palantir.javapoet.WildcardTypeName;
import dev.workloadmap.sdk.definition.ComponentDefinition;
import dev.workloadmap.sdk.definition.FragmentedPodSpecDefinition;
import dev.workloadmap.sdk.definition.SpecDefinition;
import dev.workloadmap.sdk.definition.SuspendDefinition;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import javax.lang.model.element.Modifier;

/**
 * Update methods (docs/format.md#writes, docs/format.md#suspend-definition): {@code update()} returns a nested
 * immutable {@code Update} builder over the SDK's {@code WorkloadUpdate} with the writes the definition allows:
 * scheduler name, labels, annotations and resources on every instance when every pod-bearing component can write them,
 * {@code suspend()}/{@code resume()} when the root has a {@code suspendDefinition} (and {@code <component>Suspend()}
 * for a child that has one), and per component the pod template, pod spec, pod metadata or fragmented fields it
 * declares, by instance id. {@code apply()} gives the SDK's {@code UpdateResult} (updated object and RFC 6902 patch).
 * Every method calls the SDK; none evaluates a path.
 */
public final class UpdateEmitter implements MemberEmitter {

  static final String UPDATE = "update";
  private static final String BUILDER = "Update";
  private static final String FIELD = "update";

  @Override
  public Set<String> reservedNames() {
    return Set.of(UPDATE);
  }

  /** One pod-bearing component and how each convenience write reaches it (null: it cannot). */
  private record PodWrite(
      ComponentPlan c, String schedulerName, String labels, String annotations, String resources) {}

  @Override
  public void emit(WorkloadPlan plan, TypeSpec.Builder type) {
    ClassName builder = plan.className().nestedClass(BUILDER);
    String file = Javadocs.escape(plan.source().fileName());
    TypeSpec.Builder b = TypeSpec.classBuilder(builder)
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
        .addJavadoc(
            "An immutable list of writes to the wrapped object (docs/format.md#writes), through the SDK's"
                + " {@link $T}\n"
                + "with the definition of $L. Every method returns a new builder with one more write; nothing is\n"
                + "evaluated until {@link #apply()}, and the wrapped object is never modified. Later writes see the effect\n"
                + "of earlier ones. Thread-safe (immutable).\n",
            WORKLOAD_UPDATE,
            file)
        .addField(WORKLOAD_UPDATE, FIELD, Modifier.PRIVATE, Modifier.FINAL)
        .addMethod(MethodSpec.constructorBuilder()
            .addModifiers(Modifier.PRIVATE)
            .addParameter(WORKLOAD_UPDATE, FIELD)
            .addStatement("this.$N = $N", FIELD, FIELD)
            .build());
    Set<String> names = new HashSet<>(List.of("apply", "operations", "sdkUpdate"));

    convenience(plan, b, builder, names);
    suspend(plan, b, builder, names);
    for (ComponentPlan c : plan.components()) {
      perComponent(plan, c, b, builder, names);
    }

    b.addMethod(MethodSpec.methodBuilder("operations")
        .addModifiers(Modifier.PUBLIC)
        .returns(ParameterizedTypeName.get(List.class, String.class))
        .addJavadoc(
            "The writes so far, described in order (for example {@code setSchedulerName(kai-scheduler)}).\n\n"
                + "@return the descriptions\n")
        .addStatement("return $N.operations()", FIELD)
        .build());
    b.addMethod(MethodSpec.methodBuilder("sdkUpdate")
        .addModifiers(Modifier.PUBLIC)
        .returns(WORKLOAD_UPDATE)
        .addJavadoc(
            "The SDK's update behind this builder, for writes this class has no method for.\n\n"
                + "@return the SDK's immutable update\n")
        .addStatement("return $N", FIELD)
        .build());
    b.addMethod(MethodSpec.methodBuilder("apply")
        .addModifiers(Modifier.PUBLIC)
        .returns(UPDATE_RESULT)
        .addJavadoc(
            "Applies every write in order to a copy of the wrapped object.\n\n"
                + "@return the updated object ({@code object()}) and its RFC 6902 JSON Patch against the wrapped object\n"
                + "    ({@code patch()}, {@code patchJson()})\n"
                + "@throws $T when a write fails (the message starts with the write, for example\n"
                + "    {@code podTemplateSpec(worker, x): component worker has no instance \"x\"}) or the result is no\n"
                + "    longer a Kubernetes object\n",
            UPDATE_EXCEPTION)
        .addStatement("return $N.apply()", FIELD)
        .build());
    type.addType(b.build());

    type.addMethod(MethodSpec.methodBuilder(UPDATE)
        .addModifiers(Modifier.PUBLIC)
        .returns(builder)
        .addJavadoc(
            "Starts an update of the wrapped object ({@link $T#update}); chain writes, then\n"
                + "{@link $T#apply()}.\n\n"
                + "@return an update with no writes yet\n",
            SdkTypes.WORKLOAD_MAP,
            builder)
        .addStatement(
            "return new $T($N.update($N, $N))",
            builder,
            FIELD_WORKLOAD_MAP,
            FIELD_DEFINITION,
            FIELD_OBJECT)
        .build());
  }

  // -----------------------------------------------------------------------------------------------------------------

  private static void convenience(
      WorkloadPlan plan, TypeSpec.Builder b, ClassName builder, Set<String> names) {
    List<PodWrite> pods = new ArrayList<>();
    for (ComponentPlan c : plan.components()) {
      ComponentDefinition d = c.definition();
      if (!d.hasPodDefinition()) {
        continue;
      }
      SpecDefinition s = d.specDefinition();
      String sp = d.pointer() + "/specDefinition";
      if (notEmpty(s.podTemplateSpecPath())) {
        String item = item(
            plan, c, "podTemplateSpecPath", sp + "/podTemplateSpecPath", s.podTemplateSpecPath());
        pods.add(new PodWrite(c, item, item, item, item));
      } else if (notEmpty(s.podSpecPath())) {
        String spec = item(plan, c, "podSpecPath", sp + "/podSpecPath", s.podSpecPath());
        String meta = notEmpty(s.metadataPath())
            ? item(plan, c, "metadataPath", sp + "/metadataPath", s.metadataPath())
            : null;
        pods.add(new PodWrite(c, spec, meta, meta, spec));
      } else {
        FragmentedPodSpecDefinition f = s.fragmentedPodSpecDefinition();
        String fp = sp + "/fragmentedPodSpecDefinition/";
        String res = fragmentItem(plan, c, fp, "resourcesPath", f.resourcesPath());
        if (res == null) {
          res = fragmentItem(plan, c, fp, "containerPath", f.containerPath());
        }
        if (res == null) {
          res = fragmentItem(plan, c, fp, "containersPath", f.containersPath());
        }
        pods.add(new PodWrite(
            c,
            fragmentItem(plan, c, fp, "schedulerNamePath", f.schedulerNamePath()),
            fragmentItem(plan, c, fp, "labelsPath", f.labelsPath()),
            fragmentItem(plan, c, fp, "annotationsPath", f.annotationsPath()),
            res));
      }
    }
    if (pods.isEmpty()) {
      return;
    }
    String every =
        "every instance of every component with a pod definition (docs/format.md#spec-definition)";
    if (pods.stream().allMatch(p -> p.schedulerName() != null)) {
      names.add("schedulerName");
      b.addMethod(MethodSpec.methodBuilder("schedulerName")
          .addModifiers(Modifier.PUBLIC)
          .returns(builder)
          .addParameter(String.class, "schedulerName")
          .addJavadoc(
              "Sets the pods' {@code spec.schedulerName} on $L ({@link $T#setSchedulerName}), through:\n"
                  + "<ul>\n$L</ul>\n\n"
                  + "@param schedulerName the scheduler name, for example {@code kai-scheduler}\n"
                  + "@return a new update with this write added\n",
              every,
              WORKLOAD_UPDATE,
              join(pods, PodWrite::schedulerName))
          .addStatement("return new $T($N.setSchedulerName(schedulerName))", builder, FIELD)
          .build());
    }
    mapWrite(b, builder, names, pods, "labels", "addLabels", every, PodWrite::labels);
    mapWrite(
        b, builder, names, pods, "annotations", "addAnnotations", every, PodWrite::annotations);
    if (pods.stream().allMatch(p -> p.resources() != null)) {
      names.add("resources");
      b.addMethod(MethodSpec.methodBuilder("resources")
          .addModifiers(Modifier.PUBLIC)
          .returns(builder)
          .addParameter(JSON_NODE, "resources")
          .addJavadoc(
              "Sets the resources of every container (init containers left alone) on $L\n"
                  + "({@link $T#setResources}), through:\n<ul>\n$L</ul>\n\n"
                  + "@param resources a ResourceRequirements {@code {requests, limits, claims}}; quantities as Kubernetes\n"
                  + "    strings such as {@code \"500m\"} CPU, {@code \"2Gi\"} memory, {@code \"1\"} GPU\n"
                  + "@return a new update with this write added\n"
                  + "@throws $T when {@code resources} is not a JSON object\n",
              every,
              WORKLOAD_UPDATE,
              join(pods, PodWrite::resources),
              UPDATE_EXCEPTION)
          .addStatement("return new $T($N.setResources(resources))", builder, FIELD)
          .build());
    }
  }

  private static void mapWrite(
      TypeSpec.Builder b,
      ClassName builder,
      Set<String> names,
      List<PodWrite> pods,
      String name,
      String sdk,
      String every,
      java.util.function.Function<PodWrite, String> via) {
    if (!pods.stream().allMatch(p -> via.apply(p) != null)) {
      return;
    }
    names.add(name);
    b.addMethod(MethodSpec.methodBuilder(name)
        .addModifiers(Modifier.PUBLIC)
        .returns(builder)
        .addParameter(ParameterizedTypeName.get(Map.class, String.class, String.class), name)
        .addJavadoc(
            "Adds (or overwrites) pod $L on $L ({@link $T#$L}), through:\n<ul>\n$L</ul>\n\n"
                + "@param $L the entries to add, key to value\n"
                + "@return a new update with this write added\n",
            name,
            every,
            WORKLOAD_UPDATE,
            sdk,
            join(pods, via),
            name)
        .addStatement("return new $T($N.$L($N))", builder, FIELD, sdk, name)
        .build());
  }

  private static void suspend(
      WorkloadPlan plan, TypeSpec.Builder b, ClassName builder, Set<String> names) {
    for (ComponentPlan c : plan.components()) {
      SuspendDefinition s = c.definition().suspendDefinition();
      if (s == null) {
        continue;
      }
      boolean root = c.definition().ownerRef() == null;
      String p = c.definition().pointer() + "/suspendDefinition";
      for (boolean suspend : new boolean[] {true, false}) {
        String list = suspend ? "suspendActions" : "resumeActions";
        List<SuspendDefinition.Action> actions = suspend ? s.suspendActions() : s.resumeActions();
        StringBuilder items = new StringBuilder();
        for (int i = 0; i < actions.size(); i++) {
          SuspendDefinition.Action a = actions.get(i);
          items
              .append("<li>")
              .append(plan.at(p + "/" + list + "/" + i + "/path"))
              .append(": ")
              .append(Javadocs.code(a.path()))
              .append(" = <code>")
              .append(Javadocs.escape(a.value()))
              .append("</code></li>\n");
        }
        String verb = suspend ? "suspend" : "resume";
        String name = root ? verb : c.methodName() + (suspend ? "Suspend" : "Resume");
        checkName(names, name, c);
        MethodSpec.Builder m = MethodSpec.methodBuilder(name)
            .addModifiers(Modifier.PUBLIC)
            .returns(builder)
            .addJavadoc(
                "Runs the {@code $L} of component {@code $L} in order"
                    + " (docs/format.md#suspend-definition: each value\n"
                    + "JSON-decoded, then assigned), from {@code suspendDefinition} ($L):\n<ul>\n$L</ul>\n\n"
                    + "@return a new update with this write added\n",
                list,
                Javadocs.escape(c.name()),
                plan.at(p),
                items);
        if (root) {
          m.addStatement("return new $T($N.$L())", builder, FIELD, verb);
        } else {
          m.addStatement("return new $T($N.$L($S))", builder, FIELD, verb, c.name());
        }
        b.addMethod(m.build());
      }
    }
  }

  private static void perComponent(
      WorkloadPlan plan,
      ComponentPlan c,
      TypeSpec.Builder b,
      ClassName builder,
      Set<String> names) {
    SpecDefinition s = c.definition().specDefinition();
    if (s == null) {
      return;
    }
    String sp = c.definition().pointer() + "/specDefinition";
    whole(
        plan,
        c,
        b,
        builder,
        names,
        "PodTemplate",
        "podTemplateSpec",
        "podTemplateSpecs",
        "podTemplateSpecPath",
        sp + "/podTemplateSpecPath",
        s.podTemplateSpecPath(),
        "PodTemplateSpec {@code {metadata, spec}}",
        "UpdatePodTemplateSpec");
    whole(
        plan,
        c,
        b,
        builder,
        names,
        "PodSpec",
        "podSpec",
        "podSpecs",
        "podSpecPath",
        sp + "/podSpecPath",
        s.podSpecPath(),
        "PodSpec",
        "UpdatePodSpec");
    whole(
        plan,
        c,
        b,
        builder,
        names,
        "PodMetadata",
        "podMetadata",
        "podMetadata",
        "metadataPath",
        sp + "/metadataPath",
        s.metadataPath(),
        "ObjectMeta {@code {labels, annotations}}",
        "UpdatePodMetadata");
    FragmentedPodSpecDefinition f = s.fragmentedPodSpecDefinition();
    if (f == null) {
      return;
    }
    for (Map.Entry<String, String> e : f.paths().entrySet()) {
      String field = e.getKey();
      String path = e.getValue();
      if (!notEmpty(path)) {
        continue;
      }
      String key = field + "Path";
      String item = "{@code fragmentedPodSpecDefinition." + key + "} ("
          + plan.at(sp + "/fragmentedPodSpecDefinition/" + key) + "): " + Javadocs.code(path);
      String name = c.methodName() + upperFirst(field);
      String rule =
          "<p>UpdateFragmentedPodSpec (docs/format.md#writes): when the new value is not empty and another\n"
              + "instance's value of this field is empty, every value is written, the empty ones included.\n\n";
      if (c.multiInstance()) {
        checkName(names, name, c);
        b.addMethod(MethodSpec.methodBuilder(name)
            .addModifiers(Modifier.PUBLIC)
            .returns(builder)
            .addParameter(String.class, "id")
            .addParameter(JSON_NODE, "value")
            .addJavadoc(
                "Writes {@code $L} of the instance {@code id} of component {@code $L}; the other instances\n"
                    + "keep their current value. Path: $L\n\n$L"
                    + "@param id the instance id, as {@code instanceIdPath} yields it\n"
                    + "@param value the field's new value as JSON\n"
                    + "@return a new update with this write added (an unknown id fails {@link #apply()})\n",
                field,
                Javadocs.escape(c.name()),
                item,
                rule)
            .addStatement(
                "return new $T($N.fragmentedField($S, id, $S, value))",
                builder,
                FIELD,
                c.name(),
                field)
            .build());
        String all = name + "ByInstance";
        checkName(names, all, c);
        b.addMethod(MethodSpec.methodBuilder(all)
            .addModifiers(Modifier.PUBLIC)
            .returns(builder)
            .addParameter(byIdType(), "byInstanceId")
            .addJavadoc(
                "Writes {@code $L} of every instance of component {@code $L}. Path: $L\n\n$L"
                    + "@param byInstanceId the new value per instance id; every id of the object must be present\n"
                    + "@return a new update with this write added\n",
                field,
                Javadocs.escape(c.name()),
                item,
                rule)
            .addStatement(
                "return new $T($N.fragmentedField($S, $S, byInstanceId))",
                builder,
                FIELD,
                c.name(),
                field)
            .build());
      } else {
        checkName(names, name, c);
        b.addMethod(MethodSpec.methodBuilder(name)
            .addModifiers(Modifier.PUBLIC)
            .returns(builder)
            .addParameter(JSON_NODE, "value")
            .addJavadoc(
                "Writes {@code $L} of the single instance of component {@code $L}. Path: $L\n\n"
                    + "@param value the field's new value as JSON\n"
                    + "@return a new update with this write added\n",
                field,
                Javadocs.escape(c.name()),
                item)
            .addStatement(
                "return new $T($N.fragmentedField($S, $S, $S, value))",
                builder,
                FIELD,
                c.name(),
                "",
                field)
            .build());
      }
    }
  }

  /** A whole-value write (template, pod spec, metadata): by id and for every instance, or for the single one. */
  private static void whole(
      WorkloadPlan plan,
      ComponentPlan c,
      TypeSpec.Builder b,
      ClassName builder,
      Set<String> names,
      String suffix,
      String sdkOne,
      String sdkAll,
      String key,
      String pointer,
      String path,
      String shape,
      String operation) {
    if (!notEmpty(path)) {
      return;
    }
    String item = "{@code " + key + "} (" + plan.at(pointer) + "): " + Javadocs.code(path);
    String name = c.methodName() + suffix;
    String replaces =
        "<p>$L (docs/format.md#writes): the value replaces the old one, so fields absent from it disappear.\n\n";
    checkName(names, name, c);
    if (c.multiInstance()) {
      b.addMethod(MethodSpec.methodBuilder(name)
          .addModifiers(Modifier.PUBLIC)
          .returns(builder)
          .addParameter(String.class, "id")
          .addParameter(JSON_NODE, "value")
          .addJavadoc(
              "Writes the $L of the instance {@code id} of component {@code $L}; the other instances keep\n"
                  + "their current value. Path: $L\n\n" + replaces
                  + "@param id the instance id, as {@code instanceIdPath} yields it\n"
                  + "@param value the new $L as JSON\n"
                  + "@return a new update with this write added (an unknown id fails {@link #apply()})\n",
              shape,
              Javadocs.escape(c.name()),
              item,
              operation,
              shape)
          .addStatement("return new $T($N.$L($S, id, value))", builder, FIELD, sdkOne, c.name())
          .build());
      String all = name + "ByInstance";
      checkName(names, all, c);
      b.addMethod(MethodSpec.methodBuilder(all)
          .addModifiers(Modifier.PUBLIC)
          .returns(builder)
          .addParameter(byIdType(), "byInstanceId")
          .addJavadoc(
              "Writes the $L of every instance of component {@code $L}, in instance-id order. Path: $L\n\n"
                  + replaces
                  + "@param byInstanceId the new value per instance id; every id of the object must be present\n"
                  + "@return a new update with this write added\n",
              shape,
              Javadocs.escape(c.name()),
              item,
              operation)
          .addStatement("return new $T($N.$L($S, byInstanceId))", builder, FIELD, sdkAll, c.name())
          .build());
    } else {
      b.addMethod(MethodSpec.methodBuilder(name)
          .addModifiers(Modifier.PUBLIC)
          .returns(builder)
          .addParameter(JSON_NODE, "value")
          .addJavadoc(
              "Writes the $L of the single instance of component {@code $L}. Path: $L\n\n"
                  + replaces
                  + "@param value the new $L as JSON\n"
                  + "@return a new update with this write added\n",
              shape,
              Javadocs.escape(c.name()),
              item,
              operation,
              shape)
          .addStatement("return new $T($N.$L($S, $S, value))", builder, FIELD, sdkOne, c.name(), "")
          .build());
    }
  }

  private static TypeName byIdType() {
    return ParameterizedTypeName.get(
        ClassName.get(Map.class),
        ClassName.get(String.class),
        WildcardTypeName.subtypeOf(JSON_NODE));
  }

  /** Two generated names that are the same would not compile; the component names make them, so name both. */
  private static void checkName(Set<String> names, String name, ComponentPlan c) {
    if (!names.add(name)) {
      throw new IllegalStateException("update method " + name + "() of component '" + c.name()
          + "' is generated" + " twice; rename the component");
    }
  }

  private static String item(
      WorkloadPlan plan, ComponentPlan c, String key, String pointer, String path) {
    return "<li>{@code " + Javadocs.escape(c.name()) + "}: {@code " + key + "} (" + plan.at(pointer)
        + "): " + Javadocs.code(path) + "</li>\n";
  }

  private static String fragmentItem(
      WorkloadPlan plan, ComponentPlan c, String fp, String key, String path) {
    return notEmpty(path)
        ? item(plan, c, "fragmentedPodSpecDefinition." + key, fp + key, path)
        : null;
  }

  private static String join(
      List<PodWrite> pods, java.util.function.Function<PodWrite, String> via) {
    StringBuilder sb = new StringBuilder();
    for (PodWrite p : pods) {
      sb.append(Objects.requireNonNull(via.apply(p)));
    }
    return sb.toString();
  }

  private static String upperFirst(String w) {
    return Character.toUpperCase(w.charAt(0)) + w.substring(1);
  }

  private static boolean notEmpty(String s) {
    return s != null && !s.isEmpty();
  }
}
