package dev.workloadmap.codegen;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.TypeSpec;
import dev.workloadmap.codegen.internal.ComponentEmitter;
import dev.workloadmap.codegen.internal.ComponentPlan;
import dev.workloadmap.codegen.internal.CoreEmitter;
import dev.workloadmap.codegen.internal.JavaNames;
import dev.workloadmap.codegen.internal.Javadocs;
import dev.workloadmap.codegen.internal.MemberEmitter;
import dev.workloadmap.codegen.internal.SdkTypes;
import dev.workloadmap.codegen.internal.StatusEmitter;
import dev.workloadmap.codegen.internal.UpdateEmitter;
import dev.workloadmap.codegen.internal.WorkloadPlan;
import dev.workloadmap.sdk.definition.ComponentDefinition;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.yaml.SourceLocation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import javax.lang.model.element.Modifier;

/**
 * Generates, for each definition, a final class {@code <Kind>Workload} of typed accessors over the SDK: one method
 * per component returning its instances as records (id, replicas, pod template or spec, resources), the root's status
 * as {@link dev.workloadmap.sdk.definition.WorkloadStatus} values with the raw phase and conditions, and workload
 * totals, and {@code update()}: a nested immutable {@code Update} builder of the writes the definition allows (scheduler
 * name, labels, annotations, resources, suspend/resume, per-component pod template, pod spec, pod metadata and
 * fragmented fields) whose {@code apply()} gives the SDK's updated object and JSON Patch. The generated code calls {@link dev.workloadmap.sdk.WorkloadMap#resolve} and {@link dev.workloadmap.sdk.WorkloadMap#update}; it never evaluates a path itself.
 * Every generated method's Javadoc quotes the jq paths it reads with their definition file and line.
 *
 * <p>Beside each class goes a copy of its definition ({@code <Class>.definition.yaml}), which the class loads by
 * default, so that objects resolve with exactly the definition the accessors were generated from.
 *
 * <p>Names: component names become lowerCamelCase methods and {@code <UpperCamel>Instance} records (see {@link
 * JavaNames}); a component whose name is taken by a fixed member ({@code of}, {@code tree}, {@code statuses}, ...)
 * gets the suffix {@code Component}. Two components that end up with the same method name, or record names that
 * differ only in case, are an error naming both; so are two definitions with the same class name.
 *
 * <p>Output is deterministic: the same definitions and options give the same bytes, on every machine when the
 * {@link DefinitionSource#fileName()}s are relative.
 */
public final class AccessorGenerator {

  /** Changes whenever generated code changes shape; part of the input stamp of incremental generation. */
  public static final String FORMAT_VERSION = "2";

  private final CodegenOptions options;
  private final List<MemberEmitter> emitters;

  public AccessorGenerator(CodegenOptions options) {
    this.options = java.util.Objects.requireNonNull(options, "options");
    // order is the order of the members in the generated class
    this.emitters = List.of(
        new CoreEmitter(), new StatusEmitter(), new ComponentEmitter(), new UpdateEmitter());
  }

  /**
   * Generates the classes and bundled definitions for {@code sources}, sorted by path.
   *
   * @throws CodegenException every naming problem of every definition (collisions, names without letters, class
   *     names given twice, overrides of definitions not given)
   */
  public List<GeneratedFile> generate(List<DefinitionSource> sources) {
    List<DefinitionSource> sorted = new ArrayList<>(sources);
    sorted.sort(Comparator.comparing(DefinitionSource::fileName));
    List<String> problems = new ArrayList<>();
    List<WorkloadPlan> plans = new ArrayList<>();
    Map<String, DefinitionSource> byClass = new TreeMap<>();
    Set<String> names = new HashSet<>();
    for (DefinitionSource s : sorted) {
      names.add(s.definition().name());
    }
    for (String overridden : options.classNames().keySet()) {
      if (!names.contains(overridden)) {
        problems.add("class name override for definition '" + overridden
            + "': no such definition is generated " + "(definitions: "
            + String.join(", ", new java.util.TreeSet<>(names)) + "); fix or remove the override");
      }
    }
    for (DefinitionSource s : sorted) {
      WorkloadPlan plan = plan(s, problems);
      if (plan == null) {
        continue;
      }
      String key = JavaNames.fold(plan.className().simpleName());
      DefinitionSource other = byClass.putIfAbsent(key, s);
      if (other != null) {
        problems.add(s.definition().locate("/metadata/name").prefix() + "definitions '"
            + other.definition().name()
            + "' (" + other.fileName() + ") and '" + s.definition().name() + "' both become class "
            + plan.className().simpleName()
            + " (class names are compared ignoring case, as file names are); give one"
            + " of them another name with a class name override");
        continue;
      }
      plans.add(plan);
    }
    if (!problems.isEmpty()) {
      throw new CodegenException(problems);
    }
    List<GeneratedFile> out = new ArrayList<>();
    for (WorkloadPlan plan : plans) {
      out.add(source(plan));
      String dir = options.packageName().replace('.', '/') + "/";
      out.add(new GeneratedFile(
          dir + plan.resourceName(),
          GeneratedFile.Kind.RESOURCE,
          plan.source().content().getBytes(StandardCharsets.UTF_8)));
    }
    out.sort(Comparator.comparing(GeneratedFile::path));
    return out;
  }

  /** The class for one definition, or null after adding its problems. */
  private WorkloadPlan plan(DefinitionSource s, List<String> problems) {
    Definition d = s.definition();
    String simple = options.classNames().get(d.name());
    if (simple == null) {
      String kind = d.rootGvk() == null ? null : JavaNames.typeName(d.rootGvk().kind());
      if (kind == null) {
        problems.add(d.locate(d.rootComponent().pointer() + "/kind").prefix()
            + "the root kind gives no class name;" + " set a class name override for definition '"
            + d.name() + "'");
        return null;
      }
      simple = kind + "Workload";
    }
    ClassName className = ClassName.get(options.packageName(), simple);
    Set<String> reserved = new HashSet<>();
    for (MemberEmitter e : emitters) {
      reserved.addAll(e.reservedNames());
    }
    List<ComponentPlan> components = new ArrayList<>();
    Map<String, ComponentDefinition> byMethod = new LinkedHashMap<>();
    Map<String, ComponentDefinition> byType = new LinkedHashMap<>();
    Map<String, ComponentPlan> plans = new LinkedHashMap<>();
    int before = problems.size();
    for (ComponentDefinition c : d.components()) {
      String method = JavaNames.methodName(c.name());
      String type = JavaNames.typeName(c.name());
      SourceLocation at = d.locate(c.pointer() + "/name");
      if (method == null || type == null) {
        problems.add(at.prefix() + "component '" + c.name()
            + "' has no letter or digit to make a Java name from;" + " rename it");
        continue;
      }
      if (reserved.contains(method)) {
        method = method + "Component";
      }
      ClassName recordType = className.nestedClass(type + "Instance");
      ComponentDefinition sameMethod = byMethod.putIfAbsent(method, c);
      ComponentDefinition sameType = byType.putIfAbsent(JavaNames.fold(recordType.simpleName()), c);
      ComponentDefinition clash = sameMethod != null ? sameMethod : sameType;
      if (clash != null) {
        ComponentPlan first = plans.get(clash.name());
        SourceLocation firstAt = d.locate(clash.pointer() + "/name");
        String how = sameMethod != null
            ? "both become method " + method + "()"
            : "have records " + first.instanceType().simpleName() + " and "
                + recordType.simpleName()
                + " that differ only in case (one class file on a case-insensitive file system)";
        problems.add(at.prefix() + "components '" + clash.name() + "' (" + firstAt.position()
            + ") and '" + c.name() + "' (" + at.position() + ") " + how + " in "
            + className.simpleName() + "; rename one of them");
        continue;
      }
      ComponentPlan plan = new ComponentPlan(c, method, recordType);
      plans.put(c.name(), plan);
      components.add(plan);
    }
    return problems.size() > before ? null : new WorkloadPlan(s, className, components);
  }

  private GeneratedFile source(WorkloadPlan plan) {
    Definition d = plan.definition();
    String file = Javadocs.escape(plan.source().fileName());
    StringBuilder componentList = new StringBuilder();
    for (ComponentPlan c : plan.components()) {
      componentList
          .append("<li>{@code ")
          .append(Javadocs.escape(c.name()))
          .append("}: {@link #")
          .append(c.methodName())
          .append("()}</li>\n");
    }
    TypeSpec.Builder type = TypeSpec.classBuilder(plan.className())
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .addAnnotation(AnnotationSpec.builder(SdkTypes.GENERATED)
            .addMember("value", "$S", AccessorGenerator.class.getName())
            .build())
        .addJavadoc(
            "Typed accessors for {@code $L} objects ({@code $L}), read through the Workload Map definition\n"
                + "{@code $L}.\n\n"
                + "<p>Generated from {@code $L}; do not edit. Wrap an object with {@link #of}: the SDK resolves it once\n"
                + "({@link $T#resolve}) and every accessor reads that result.\n\n"
                + "<p>Components:\n<ul>\n$L</ul>\n",
            Javadocs.escape(d.rootGvk().kind()),
            Javadocs.escape(d.rootGvk().apiVersion()),
            Javadocs.escape(d.name()),
            file,
            SdkTypes.WORKLOAD_MAP,
            componentList);
    for (MemberEmitter e : emitters) {
      e.emit(plan, type);
    }
    JavaFile javaFile = JavaFile.builder(plan.className().packageName(), type.build())
        .addFileComment(
            "Generated by workloadmap-codegen from $L. Do not edit.",
            plan.source().fileName())
        .skipJavaLangImports(true)
        .indent("  ")
        .build();
    StringBuilder text = new StringBuilder();
    try {
      javaFile.writeTo(text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String path = plan.className().packageName().replace('.', '/') + "/"
        + plan.className().simpleName() + ".java";
    return new GeneratedFile(
        path, GeneratedFile.Kind.SOURCE, text.toString().getBytes(StandardCharsets.UTF_8));
  }
}
