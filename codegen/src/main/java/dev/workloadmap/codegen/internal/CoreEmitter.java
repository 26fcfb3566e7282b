package dev.workloadmap.codegen.internal;

import static dev.workloadmap.codegen.internal.SdkTypes.EVALUATION_PROBLEM;
import static dev.workloadmap.codegen.internal.SdkTypes.FIELD_DEFINITION;
import static dev.workloadmap.codegen.internal.SdkTypes.FIELD_OBJECT;
import static dev.workloadmap.codegen.internal.SdkTypes.FIELD_TREE;
import static dev.workloadmap.codegen.internal.SdkTypes.FIELD_WORKLOAD_MAP;
import static dev.workloadmap.codegen.internal.SdkTypes.GENERIC_RESOURCE;
import static dev.workloadmap.codegen.internal.SdkTypes.JSON_NODE;
import static dev.workloadmap.codegen.internal.SdkTypes.OBJECT_MAPPER;
import static dev.workloadmap.codegen.internal.SdkTypes.PREPARED_DEFINITION;
import static dev.workloadmap.codegen.internal.SdkTypes.RESOURCE_LIST;
import static dev.workloadmap.codegen.internal.SdkTypes.WORKLOAD_MAP;
import static dev.workloadmap.codegen.internal.SdkTypes.WORKLOAD_MAP_EXCEPTION;
import static dev.workloadmap.codegen.internal.SdkTypes.WORKLOAD_TREE;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.definition.Gvk;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import javax.lang.model.element.Modifier;

/**
 * The members every generated class has: constants naming the definition, the fields, the factories ({@code of}),
 * the bundled definition, the raw object and tree, problems and workload totals.
 */
public final class CoreEmitter implements MemberEmitter {

  private static final String HOLDER = "BundledDefinition";

  @Override
  public Set<String> reservedNames() {
    return Set.of(
        "of",
        "loadDefinition",
        "bundledDefinition",
        "object",
        "tree",
        "preparedDefinition",
        "workloadMap",
        "problems",
        "totalReplicas",
        "totalResources",
        "totalGpus",
        "totalCpuMillis",
        "totalMemoryBytes",
        // java.lang.Object's methods
        "equals",
        "hashCode",
        "toString",
        "getClass",
        "notify",
        "notifyAll",
        "wait",
        "clone",
        "finalize");
  }

  @Override
  public void emit(WorkloadPlan plan, TypeSpec.Builder type) {
    Definition d = plan.definition();
    ClassName self = plan.className();
    String file = plan.source().fileName();
    Gvk gvk = d.rootGvk();
    String rootPointer = d.rootComponent().pointer();
    String defAt = plan.at("/metadata/name");
    String simple = self.simpleName();

    type.addField(FieldSpec.builder(
            String.class, "DEFINITION_NAME", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
        .addJavadoc("The definition's {@code metadata.name} ($L).\n", defAt)
        .initializer("$S", d.name())
        .build());
    type.addField(FieldSpec.builder(
            String.class, "API_VERSION", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
        .addJavadoc(
            "The {@code apiVersion} of the objects this class reads ($L).\n",
            plan.at(rootPointer + "/kind"))
        .initializer("$S", gvk.apiVersion())
        .build());
    type.addField(
        FieldSpec.builder(String.class, "KIND", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
            .addJavadoc(
                "The {@code kind} of the objects this class reads ($L).\n",
                plan.at(rootPointer + "/kind"))
            .initializer("$S", gvk.kind())
            .build());
    type.addField(FieldSpec.builder(
            String.class, "DEFINITION_FILE", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
        .addJavadoc(
            "The definition file this class was generated from; run-time positions name it.\n")
        .initializer("$S", file)
        .build());
    type.addField(FieldSpec.builder(
            String.class, "DEFINITION_RESOURCE", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
        .addJavadoc(
            "The class path resource beside this class that holds a copy of {@link #DEFINITION_FILE}.\n")
        .initializer("$S", plan.resourceName())
        .build());
    CodeBlock.Builder names = CodeBlock.builder();
    for (int i = 0; i < plan.components().size(); i++) {
      names.add(i == 0 ? "$S" : ", $S", plan.components().get(i).name());
    }
    type.addField(FieldSpec.builder(
            ParameterizedTypeName.get(List.class, String.class),
            "COMPONENTS",
            Modifier.PRIVATE,
            Modifier.STATIC,
            Modifier.FINAL)
        .addJavadoc("The components this class has accessors for.\n")
        .initializer("$T.of($L)", List.class, names.build())
        .build());
    type.addField(FieldSpec.builder(
            OBJECT_MAPPER, "MAPPER", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
        .initializer("new $T()", OBJECT_MAPPER)
        .build());

    type.addField(WORKLOAD_MAP, FIELD_WORKLOAD_MAP, Modifier.PRIVATE, Modifier.FINAL);
    type.addField(PREPARED_DEFINITION, FIELD_DEFINITION, Modifier.PRIVATE, Modifier.FINAL);
    type.addField(JSON_NODE, FIELD_OBJECT, Modifier.PRIVATE, Modifier.FINAL);
    type.addField(WORKLOAD_TREE, FIELD_TREE, Modifier.PRIVATE, Modifier.FINAL);

    type.addMethod(MethodSpec.constructorBuilder()
        .addModifiers(Modifier.PRIVATE)
        .addParameter(WORKLOAD_MAP, FIELD_WORKLOAD_MAP)
        .addParameter(PREPARED_DEFINITION, FIELD_DEFINITION)
        .addParameter(JSON_NODE, FIELD_OBJECT)
        .addStatement("this.$N = $N", FIELD_WORKLOAD_MAP, FIELD_WORKLOAD_MAP)
        .addStatement("this.$N = $N", FIELD_DEFINITION, FIELD_DEFINITION)
        .addStatement("this.$N = $N", FIELD_OBJECT, FIELD_OBJECT)
        .addStatement(
            "this.$N = $N.resolve($N, $N)",
            FIELD_TREE,
            FIELD_WORKLOAD_MAP,
            FIELD_DEFINITION,
            FIELD_OBJECT)
        .build());

    type.addMethod(MethodSpec.methodBuilder("of")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(self)
        .addParameter(JSON_NODE, "object")
        .addJavadoc(
            "Resolves {@code object} with the bundled definition ({@link #bundledDefinition()}) and the default\n"
                + "{@link $T}: every component path of $L runs once, here.\n\n"
                + "@param object the whole $L object as JSON\n"
                + "@return the wrapped object\n"
                + "@throws $T when the object is of another group or kind\n"
                + "@throws $T when the bundled definition is missing from the class path\n",
            WORKLOAD_MAP,
            Javadocs.escape(file),
            gvk.kind(),
            WORKLOAD_MAP_EXCEPTION,
            IllegalStateException.class)
        .addStatement("return of($N.WORKLOAD_MAP, $N.PREPARED, object)", HOLDER, HOLDER)
        .build());
    type.addMethod(MethodSpec.methodBuilder("of")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(self)
        .addParameter(GENERIC_RESOURCE, "object")
        .addJavadoc(
            "Like {@link #of($T)} for a fabric8 object.\n\n"
                + "@param object the whole $L object\n"
                + "@return the wrapped object\n"
                + "@throws $T when the object is of another group or kind\n",
            JSON_NODE,
            gvk.kind(),
            WORKLOAD_MAP_EXCEPTION)
        .addStatement(
            "$T.requireNonNull(object, $S)",
            Objects.class,
            "object is null: pass the workload object")
        .addStatement("return of(MAPPER.<$T>valueToTree(object))", JSON_NODE)
        .build());
    type.addMethod(MethodSpec.methodBuilder("of")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(self)
        .addParameter(WORKLOAD_MAP, "workloadMap")
        .addParameter(PREPARED_DEFINITION, "definition")
        .addParameter(JSON_NODE, "object")
        .addJavadoc(
            "Resolves {@code object} with {@code definition} (for example the catalog's, or one loaded with\n"
                + "{@link #loadDefinition($T)}) and {@code workloadMap}'s options (GPU resource name, strict mode).\n\n"
                + "@param workloadMap the SDK facade that resolves the object\n"
                + "@param definition a prepared definition that has every component of $L\n"
                + "@param object the whole $L object as JSON\n"
                + "@return the wrapped object\n"
                + "@throws $T when {@code definition} lacks a component this class reads (the message names them)\n"
                + "@throws $T when the object is of another group or kind\n",
            WORKLOAD_MAP,
            Javadocs.escape(file),
            gvk.kind(),
            WORKLOAD_MAP_EXCEPTION,
            WORKLOAD_MAP_EXCEPTION)
        .addStatement(
            "$T.requireNonNull(workloadMap, $S)",
            Objects.class,
            "workloadMap is null: use WorkloadMap.create()")
        .addStatement(
            "$T.requireNonNull(definition, $S)",
            Objects.class,
            "definition is null: use " + simple + ".loadDefinition(workloadMap)")
        .addStatement(
            "$T.requireNonNull(object, $S)",
            Objects.class,
            "object is null: pass the workload object as JSON")
        .addStatement(
            "$T<$T> missing = COMPONENTS.stream().filter(c -> definition.definition().component(c).isEmpty())"
                + ".toList()",
            List.class,
            String.class)
        .beginControlFlow("if (!missing.isEmpty())")
        .addStatement(
            "throw new $T($S + definition.definition().name() + $S + missing + $S)",
            WORKLOAD_MAP_EXCEPTION,
            "definition ",
            " lacks the components ",
            " that " + simple + " was generated for from " + file
                + "; pass that definition or regenerate the accessors")
        .endControlFlow()
        .addStatement("return new $T(workloadMap, definition, object)", self)
        .build());

    type.addMethod(MethodSpec.methodBuilder("loadDefinition")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(PREPARED_DEFINITION)
        .addParameter(WORKLOAD_MAP, "workloadMap")
        .addJavadoc(
            "Loads and prepares the bundled copy of $L (class path resource {@link #DEFINITION_RESOURCE})\n"
                + "with {@code workloadMap}; positions in its findings name {@link #DEFINITION_FILE}.\n\n"
                + "@param workloadMap the SDK facade that validates the definition\n"
                + "@return the prepared definition\n"
                + "@throws $T when the resource is not on the class path\n"
                + "@throws $T when the resource cannot be read\n",
            Javadocs.escape(file),
            IllegalStateException.class,
            UncheckedIOException.class)
        .addStatement(
            "$T.requireNonNull(workloadMap, $S)",
            Objects.class,
            "workloadMap is null: use WorkloadMap.create()")
        .beginControlFlow(
            "try ($T in = $T.class.getResourceAsStream(DEFINITION_RESOURCE))",
            InputStream.class,
            self)
        .beginControlFlow("if (in == null)")
        .addStatement(
            "throw new $T($S + DEFINITION_RESOURCE + $S)",
            IllegalStateException.class,
            "class path resource ",
            " beside " + self.canonicalName()
                + " is missing: add the generator's resource folder to the build (workloadmap:generate does)")
        .endControlFlow()
        .addStatement(
            "$T text = new $T(in.readAllBytes(), $T.UTF_8)",
            String.class,
            String.class,
            StandardCharsets.class)
        .addStatement(
            "return workloadMap.prepare(workloadMap.loadDefinition(text, DEFINITION_FILE))")
        .nextControlFlow("catch ($T e)", IOException.class)
        .addStatement(
            "throw new $T($S + DEFINITION_RESOURCE, e)",
            UncheckedIOException.class,
            "cannot read class path resource ")
        .endControlFlow()
        .build());
    type.addMethod(MethodSpec.methodBuilder("bundledDefinition")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(PREPARED_DEFINITION)
        .addJavadoc(
            "The bundled definition prepared once with {@link $T#create()}.\n\n"
                + "@return the definition of $L\n",
            WORKLOAD_MAP,
            Javadocs.escape(file))
        .addStatement("return $N.PREPARED", HOLDER)
        .build());

    getter(
        type,
        "object",
        JSON_NODE,
        FIELD_OBJECT,
        "The wrapped object as JSON (not a copy: do not change it).\n\n" + "@return the object\n");
    getter(
        type,
        "tree",
        WORKLOAD_TREE,
        FIELD_TREE,
        "The SDK's workload tree of the object, resolved once when it was"
            + " wrapped.\n\n@return the tree\n");
    getter(
        type,
        "preparedDefinition",
        PREPARED_DEFINITION,
        FIELD_DEFINITION,
        "The definition the object was resolved with.\n\n@return the definition\n");
    getter(
        type,
        "workloadMap",
        WORKLOAD_MAP,
        FIELD_WORKLOAD_MAP,
        "The SDK facade the object was resolved with.\n\n@return the facade\n");
    type.addMethod(MethodSpec.methodBuilder("problems")
        .addModifiers(Modifier.PUBLIC)
        .returns(ParameterizedTypeName.get(ClassName.get(List.class), EVALUATION_PROBLEM))
        .addJavadoc(
            "The paths and matchers of $L that failed on this object, each with its file, line and\n"
                + "column (docs/format.md#evaluation: errors are contained; the failed field reads as null or empty).\n\n"
                + "@return the problems, empty when every path evaluated\n",
            Javadocs.escape(file))
        .addStatement("return $N.problems()", FIELD_TREE)
        .build());
    String everyPath = "every component's pod spec and scale paths of " + Javadocs.escape(file)
        + " (see the component accessors)";
    type.addMethod(total(
        "totalReplicas",
        TypeName.INT,
        "Desired pods of the whole workload (docs/format.md#totals),"
            + " from "
            + everyPath + ".\n\n@return the pod count\n",
        CodeBlock.of("return $N.totalReplicas()", FIELD_TREE)));
    type.addMethod(total(
        "totalResources",
        RESOURCE_LIST,
        "Requests of the whole workload (docs/format.md#totals),"
            + " from "
            + everyPath + ".\n\n@return the resources, in base units (cores, bytes, counts)\n",
        CodeBlock.of("return $N.totalResources()", FIELD_TREE)));
    type.addMethod(total(
        "totalGpus",
        TypeName.LONG,
        "GPUs of the whole workload, a count under the GPU resource name"
            + " of {@link #workloadMap()}, from " + everyPath + ".\n\n@return the GPU count\n",
        CodeBlock.of(
            "return $N.totalResources().gpus($N.gpuResourceName())",
            FIELD_TREE,
            FIELD_WORKLOAD_MAP)));
    type.addMethod(total(
        "totalCpuMillis",
        TypeName.LONG,
        "CPU of the whole workload in millicores, from " + everyPath
            + ".\n\n@return the CPU in millicores\n",
        CodeBlock.of("return $N.totalResources().cpuMillis()", FIELD_TREE)));
    type.addMethod(total(
        "totalMemoryBytes",
        ClassName.get(BigDecimal.class),
        "Memory of the whole workload in bytes" + " (exact), from " + everyPath
            + ".\n\n@return the memory in bytes\n",
        CodeBlock.of("return $N.totalResources().memoryBytes()", FIELD_TREE)));

    type.addType(TypeSpec.classBuilder(HOLDER)
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
        .addJavadoc("Prepares the bundled definition on first use.\n")
        .addField(FieldSpec.builder(WORKLOAD_MAP, "WORKLOAD_MAP", Modifier.STATIC, Modifier.FINAL)
            .initializer("$T.create()", WORKLOAD_MAP)
            .build())
        .addField(
            FieldSpec.builder(PREPARED_DEFINITION, "PREPARED", Modifier.STATIC, Modifier.FINAL)
                .initializer("loadDefinition(WORKLOAD_MAP)")
                .build())
        .addMethod(
            MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build())
        .build());
  }

  private static void getter(
      TypeSpec.Builder type, String name, TypeName returns, String field, String doc) {
    type.addMethod(MethodSpec.methodBuilder(name)
        .addModifiers(Modifier.PUBLIC)
        .returns(returns)
        .addJavadoc("$L", doc)
        .addStatement("return $N", field)
        .build());
  }

  private static MethodSpec total(String name, TypeName returns, String doc, CodeBlock body) {
    return MethodSpec.methodBuilder(name)
        .addModifiers(Modifier.PUBLIC)
        .returns(returns)
        .addJavadoc("$L", doc)
        .addStatement(body)
        .build();
  }
}
