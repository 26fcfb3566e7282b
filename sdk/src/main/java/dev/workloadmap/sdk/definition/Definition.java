package dev.workloadmap.sdk.definition;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.workloadmap.sdk.yaml.SourceLocation;
import dev.workloadmap.sdk.yaml.YamlDocument;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * An immutable Workload Map definition (docs/format.md#forms, docs/format.md#fields), in the current model whichever
 * form it was read from.
 *
 * @param name {@code metadata.name}
 * @param form the document form it was read from ({@code legacyForm} of docs/format.md#legacy-mapping is
 *     {@code form == LEGACY})
 * @param labels {@code metadata.labels}
 * @param rootComponent the component the root object itself represents
 * @param childComponents children in declaration order
 * @param additionalChildKinds other kinds the workload creates (carried, never read)
 * @param gangScheduling {@code optimizationInstructions.gangScheduling}, or null
 * @param source the document it was read from, for locating fields; null for a model built in code
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Definition(
    String name,
    DefinitionForm form,
    Map<String, String> labels,
    ComponentDefinition rootComponent,
    List<ComponentDefinition> childComponents,
    List<Gvk> additionalChildKinds,
    GangScheduling gangScheduling,
    YamlDocument source) {

  public Definition {
    labels = labels == null ? Map.of() : Map.copyOf(labels);
    childComponents = childComponents == null ? List.of() : List.copyOf(childComponents);
    additionalChildKinds =
        additionalChildKinds == null ? List.of() : List.copyOf(additionalChildKinds);
  }

  /** The root component's GVK, or null. */
  public Gvk rootGvk() {
    return rootComponent == null ? null : rootComponent.kind();
  }

  /** The root first, then children in declaration order. */
  public List<ComponentDefinition> components() {
    List<ComponentDefinition> all = new ArrayList<>(childComponents.size() + 1);
    if (rootComponent != null) {
      all.add(rootComponent);
    }
    all.addAll(childComponents);
    return Collections.unmodifiableList(all);
  }

  /** The component with this name. */
  public Optional<ComponentDefinition> component(String componentName) {
    return components().stream().filter(c -> componentName.equals(c.name())).findFirst();
  }

  /** The direct children of {@code parent}, in declaration order. */
  public List<ComponentDefinition> childrenOf(String parent) {
    // every resolve asks this of every component: no list is grown for the usual none or one child
    ComponentDefinition first = null;
    List<ComponentDefinition> out = null;
    for (int i = 0; i < childComponents.size(); i++) {
      ComponentDefinition c = childComponents.get(i);
      if (!parent.equals(c.ownerRef())) {
        continue;
      }
      if (first == null) {
        first = c;
      } else {
        if (out == null) {
          out = new ArrayList<>(4);
          out.add(first);
        }
        out.add(c);
      }
    }
    if (out != null) {
      return Collections.unmodifiableList(out);
    }
    return first == null ? Collections.emptyList() : Collections.singletonList(first);
  }

  /**
   * The catalog slug (docs/format.md#catalog): group with dots as dashes ({@code core} for the empty group), lower-case
   * kind, and version, for example {@code jobset-x-k8s-io-jobset-v1alpha2}. Null without a root GVK.
   */
  public String slug() {
    Gvk g = rootGvk();
    if (g == null) {
      return null;
    }
    String group = g.group().isEmpty() ? "core" : g.group().replace('.', '-');
    return group + "-" + g.kind().toLowerCase(java.util.Locale.ROOT) + "-" + g.version();
  }

  /** The location of a JSON pointer inside the source document (file, line, column), or a file-less location. */
  public SourceLocation locate(String pointer) {
    return source == null
        ? new SourceLocation("<definition " + name + ">", 0, 0, pointer)
        : source.locate(pointer);
  }
}
