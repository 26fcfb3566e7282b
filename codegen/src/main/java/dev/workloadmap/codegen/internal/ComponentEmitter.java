package dev.workloadmap.codegen.internal;

import static dev.workloadmap.codegen.internal.SdkTypes.FIELD_TREE;
import static dev.workloadmap.codegen.internal.SdkTypes.FIELD_WORKLOAD_MAP;
import static dev.workloadmap.codegen.internal.SdkTypes.FRAGMENTED_POD_SPEC;
import static dev.workloadmap.codegen.internal.SdkTypes.INSTANCE_NODE;
import static dev.workloadmap.codegen.internal.SdkTypes.JSON_NODE;
import static dev.workloadmap.codegen.internal.SdkTypes.RESOURCE_LIST;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.workloadmap.sdk.definition.ComponentDefinition;
import dev.workloadmap.sdk.definition.FragmentedPodSpecDefinition;
import dev.workloadmap.sdk.definition.Gvk;
import dev.workloadmap.sdk.definition.ScaleDefinition;
import dev.workloadmap.sdk.definition.SpecDefinition;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.Modifier;

/**
 * One accessor per component (a list of instances for a component with {@code instanceIdPath}, else its single
 * instance) and one record per component holding what the SDK extracted for an instance (docs/format.md#extraction to
 * docs/format.md#fragmented, docs/format.md#totals).
 */
public final class ComponentEmitter implements MemberEmitter {

  private static final String INSTANCES_OF = "instancesOf";
  private static final String SINGLE_INSTANCE_OF = "singleInstanceOf";

  @Override
  public Set<String> reservedNames() {
    return Set.of(INSTANCES_OF, SINGLE_INSTANCE_OF);
  }

  /** One record component: its name, type, Javadoc and how it is read from {@code node}. */
  private record Field(String name, TypeName type, String doc, CodeBlock read) {}

  @Override
  public void emit(WorkloadPlan plan, TypeSpec.Builder type) {
    ParameterizedTypeName nodeList =
        ParameterizedTypeName.get(ClassName.get(List.class), INSTANCE_NODE);
    type.addMethod(MethodSpec.methodBuilder(INSTANCES_OF)
        .addModifiers(Modifier.PRIVATE)
        .returns(nodeList)
        .addParameter(String.class, "component")
        .addJavadoc("The SDK's instance nodes of {@code component}, sorted by id.\n")
        .addStatement("return $N.component(component).instances()", FIELD_TREE)
        .build());
    type.addMethod(MethodSpec.methodBuilder(SINGLE_INSTANCE_OF)
        .addModifiers(Modifier.PRIVATE)
        .returns(INSTANCE_NODE)
        .addParameter(String.class, "component")
        .addJavadoc("The one anonymous instance of a component without {@code instanceIdPath}"
            + " (docs/format.md#extraction).\n")
        .addStatement("$T instances = $N(component)", nodeList, INSTANCES_OF)
        .beginControlFlow("if (instances.size() != 1)")
        .addStatement(
            "throw new $T($S + component + $S + instances.size() + $S)",
            IllegalStateException.class,
            "component ",
            " has ",
            " instances instead of its one anonymous instance")
        .endControlFlow()
        .addStatement("return instances.get(0)")
        .build());
    for (ComponentPlan c : plan.components()) {
      emitComponent(plan, c, type);
    }
  }

  private void emitComponent(WorkloadPlan plan, ComponentPlan c, TypeSpec.Builder type) {
    ComponentDefinition d = c.definition();
    String p = d.pointer();
    List<Field> fields = fields(plan, d);
    String paths = paths(plan, d);
    String what = "component {@code " + Javadocs.escape(c.name()) + "}" + kindText(d.kind())
        + (d.ownerRef() == null
            ? " (the root)"
            : ", child of {@code " + Javadocs.escape(d.ownerRef()) + "}")
        + ", defined at " + plan.at(p + "/name");

    TypeSpec.Builder record = TypeSpec.recordBuilder(c.instanceType())
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .addJavadoc("One instance of $L.\n\n", what);
    MethodSpec.Builder ctor = MethodSpec.constructorBuilder();
    CodeBlock.Builder args = CodeBlock.builder();
    for (int i = 0; i < fields.size(); i++) {
      Field f = fields.get(i);
      ctor.addParameter(ParameterSpec.builder(f.type(), f.name()).build());
      record.addJavadoc("@param $L $L\n", f.name(), f.doc());
      args.add(i == 0 ? "$L" : ",\n$L", f.read());
    }
    record.recordConstructor(ctor.build());
    record.addMethod(MethodSpec.methodBuilder("of")
        .addModifiers(Modifier.STATIC)
        .returns(c.instanceType())
        .addParameter(INSTANCE_NODE, "node")
        .addParameter(String.class, "gpuResourceName")
        .addJavadoc(
            "The record of the SDK's {@code node}, GPUs counted under {@code gpuResourceName}.\n")
        .addCode("return new $T(\n$>$>$L$<$<);\n", c.instanceType(), args.build())
        .build());
    type.addType(record.build());

    if (c.multiInstance()) {
      ParameterizedTypeName list =
          ParameterizedTypeName.get(ClassName.get(List.class), c.instanceType());
      type.addMethod(MethodSpec.methodBuilder(c.methodName())
          .addModifiers(Modifier.PUBLIC)
          .returns(list)
          .addJavadoc(
              "The instances of $L.\n\n<p>jq paths (workload side):\n<ul>\n$L</ul>\n\n"
                  + "@return one record per instance id, sorted by id in code-point order; empty when the ids could\n"
                  + "    not be read (see {@link #problems()})\n",
              what,
              paths)
          .addStatement(
              "return $N($S).stream().map(n -> $T.of(n, $N.gpuResourceName())).toList()",
              INSTANCES_OF,
              c.name(),
              c.instanceType(),
              FIELD_WORKLOAD_MAP)
          .build());
      type.addMethod(MethodSpec.methodBuilder(c.methodName())
          .addModifiers(Modifier.PUBLIC)
          .returns(ParameterizedTypeName.get(ClassName.get(Optional.class), c.instanceType()))
          .addParameter(String.class, "id")
          .addJavadoc(
              "The instance of $L whose id is {@code id}.\n\n<p>jq paths (workload side):\n<ul>\n$L</ul>\n\n"
                  + "@param id the instance id, as {@code instanceIdPath} yields it\n"
                  + "@return the instance, or empty when there is none with this id\n",
              what,
              paths)
          .addStatement(
              "return $N().stream().filter(i -> i.id().equals(id)).findFirst()", c.methodName())
          .build());
    } else {
      type.addMethod(MethodSpec.methodBuilder(c.methodName())
          .addModifiers(Modifier.PUBLIC)
          .returns(c.instanceType())
          .addJavadoc(
              "The single instance of $L (no {@code instanceIdPath}).\n\n$L@return the instance\n",
              what,
              paths.isEmpty()
                  ? "<p>It has no pod spec or scale path.\n\n"
                  : "<p>jq paths (workload side):\n<ul>\n" + paths + "</ul>\n\n")
          .addStatement(
              "return $T.of($N($S), $N.gpuResourceName())",
              c.instanceType(),
              SINGLE_INSTANCE_OF,
              c.name(),
              FIELD_WORKLOAD_MAP)
          .build());
    }
  }

  private static String kindText(Gvk kind) {
    if (kind == null || kind.kind() == null || kind.kind().isEmpty()) {
      return "";
    }
    return " ({@code " + Javadocs.escape(kind.apiVersion() + " " + kind.kind()) + "})";
  }

  /** Every jq path of the component as list items, in document order. */
  private static String paths(WorkloadPlan plan, ComponentDefinition d) {
    String p = d.pointer();
    StringBuilder sb = new StringBuilder();
    sb.append(plan.pathItem("{@code instanceIdPath}", p + "/instanceIdPath", d.instanceIdPath()));
    SpecDefinition s = d.specDefinition();
    if (s != null) {
      String sp = p + "/specDefinition";
      sb.append(plan.pathItem(
          "{@code podTemplateSpecPath}", sp + "/podTemplateSpecPath", s.podTemplateSpecPath()));
      sb.append(plan.pathItem("{@code podSpecPath}", sp + "/podSpecPath", s.podSpecPath()));
      sb.append(plan.pathItem("{@code metadataPath}", sp + "/metadataPath", s.metadataPath()));
      FragmentedPodSpecDefinition f = s.fragmentedPodSpecDefinition();
      if (f != null) {
        for (Map.Entry<String, String> e : f.paths().entrySet()) {
          String key = e.getKey() + "Path";
          sb.append(plan.pathItem(
              "{@code fragmentedPodSpecDefinition." + key + "}",
              sp + "/fragmentedPodSpecDefinition/" + key,
              e.getValue()));
        }
      }
    }
    ScaleDefinition sc = d.scaleDefinition();
    if (sc != null) {
      String sp = p + "/scaleDefinition";
      sb.append(plan.pathItem("{@code replicasPath}", sp + "/replicasPath", sc.replicasPath()));
      sb.append(
          plan.pathItem("{@code minReplicasPath}", sp + "/minReplicasPath", sc.minReplicasPath()));
      sb.append(
          plan.pathItem("{@code maxReplicasPath}", sp + "/maxReplicasPath", sc.maxReplicasPath()));
    }
    return sb.toString();
  }

  private static List<Field> fields(WorkloadPlan plan, ComponentDefinition d) {
    String p = d.pointer();
    List<Field> out = new ArrayList<>();
    out.add(new Field(
        "id",
        ClassName.get(String.class),
        d.hasInstanceIdPath()
            ? "the instance id, from {@code instanceIdPath} (" + plan.at(p + "/instanceIdPath")
                + "): " + Javadocs.code(d.instanceIdPath())
            : "{@code \"\"}: the component has one anonymous instance",
        CodeBlock.of("node.id()")));
    ScaleDefinition sc = d.scaleDefinition();
    if (sc != null) {
      scale(plan, out, "replicas", p + "/scaleDefinition/replicasPath", sc.replicasPath());
      scale(plan, out, "minReplicas", p + "/scaleDefinition/minReplicasPath", sc.minReplicasPath());
      scale(plan, out, "maxReplicas", p + "/scaleDefinition/maxReplicasPath", sc.maxReplicasPath());
    }
    boolean pods = d.hasPodDefinition();
    out.add(new Field(
        "desiredReplicas",
        TypeName.INT,
        pods
            ? "pods this instance asks for: replicas, else minReplicas, else 1 (docs/format.md#totals)"
            : "its share of the children's desired pods (a grouping component, docs/format.md#totals)",
        CodeBlock.of("node.desiredReplicas()")));
    SpecDefinition s = d.specDefinition();
    if (s != null) {
      String sp = p + "/specDefinition";
      if (notEmpty(s.podTemplateSpecPath())) {
        out.add(new Field(
            "podTemplateSpec",
            JSON_NODE,
            "the PodTemplateSpec as JSON, from {@code podTemplateSpecPath} ("
                + plan.at(sp + "/podTemplateSpecPath") + "); null when the path failed",
            CodeBlock.of("node.record().podTemplateSpec()")));
      }
      if (notEmpty(s.podSpecPath())) {
        out.add(new Field(
            "podSpec",
            JSON_NODE,
            "the PodSpec as JSON, from {@code podSpecPath} (" + plan.at(sp + "/podSpecPath")
                + "); null when the path failed",
            CodeBlock.of("node.record().podSpec()")));
      }
      if (notEmpty(s.metadataPath())) {
        out.add(new Field(
            "podMetadata",
            JSON_NODE,
            "the pods' ObjectMeta as JSON, from {@code metadataPath} ("
                + plan.at(sp + "/metadataPath") + "); null when the path failed",
            CodeBlock.of("node.record().metadata()")));
      }
      if (s.fragmentedPodSpecDefinition() != null) {
        out.add(new Field(
            "fragmentedPodSpec",
            FRAGMENTED_POD_SPEC,
            "the pod fields, from {@code"
                + " fragmentedPodSpecDefinition} (" + plan.at(sp + "/fragmentedPodSpecDefinition")
                + "); null when a path"
                + " failed",
            CodeBlock.of("node.record().fragmentedPodSpec()")));
      }
    }
    if (pods) {
      out.add(new Field(
          "perPod",
          RESOURCE_LIST,
          "requests of one pod (docs/format.md#totals), in base units" + " (cores, bytes, counts)",
          CodeBlock.of("node.perPod()")));
      out.add(new Field(
          "resources",
          RESOURCE_LIST,
          "requests of all this instance's pods: desiredReplicas × perPod",
          CodeBlock.of("node.total()")));
      out.add(new Field(
          "gpus",
          TypeName.LONG,
          "GPUs of all this instance's pods, a count under the GPU resource name",
          CodeBlock.of("node.total().gpus(gpuResourceName)")));
      out.add(new Field(
          "cpuMillis",
          TypeName.LONG,
          "CPU of all this instance's pods, in millicores",
          CodeBlock.of("node.total().cpuMillis()")));
      out.add(new Field(
          "memoryBytes",
          ClassName.get(BigDecimal.class),
          "memory of all this instance's pods, in" + " bytes (exact)",
          CodeBlock.of("node.total().memoryBytes()")));
    }
    out.add(new Field(
        "node",
        INSTANCE_NODE,
        "the SDK's instance node: everything extracted for this instance",
        CodeBlock.of("node")));
    return out;
  }

  private static void scale(
      WorkloadPlan plan, List<Field> out, String name, String pointer, String path) {
    if (!notEmpty(path)) {
      return;
    }
    String accessor = name;
    out.add(new Field(
        name,
        ClassName.get(Integer.class),
        "from {@code " + name + "Path} (" + plan.at(pointer) + "): " + Javadocs.code(path)
            + "; null when it yields null or failed",
        CodeBlock.of("node.scale() == null ? null : node.scale().$L()", accessor)));
  }

  private static boolean notEmpty(String s) {
    return s != null && !s.isEmpty();
  }
}
