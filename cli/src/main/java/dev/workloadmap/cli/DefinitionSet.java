package dev.workloadmap.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.catalog.Catalog;
import dev.workloadmap.sdk.catalog.CatalogEntry;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.definition.Gvk;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The definitions available to a command (docs/format.md#cli-resolution step 1): the built-in catalog plus the
 * cluster's {@code run.ai/v1alpha1 Karta} objects. A cluster definition overrides the catalog one for the same root
 * GVK; two cluster definitions for one GVK make it <em>ambiguous</em>: both are listed, neither is ever resolved.
 * Loading problems (no Karta CRD, forbidden, unreachable, an invalid definition) become warnings, printed last on
 * stderr.
 */
final class DefinitionSet {

  /** Origin of a definition. */
  static final String CATALOG = "catalog";

  static final String CLUSTER = "cluster";

  /** The Karta CRD's resource. */
  static final ResourceDefinitionContext KARTA = new ResourceDefinitionContext.Builder()
      .withGroup("run.ai")
      .withVersion("v1alpha1")
      .withKind("Karta")
      .withPlural("kartas")
      .withNamespaced(false)
      .build();

  private static final ObjectMapper MAPPER = new ObjectMapper();

  /**
   * One available definition.
   *
   * @param definition the model
   * @param origin {@link #CATALOG} or {@link #CLUSTER}
   * @param document the definition document as JSON (for {@code definitions -o json|yaml}, pipeable into {@code
   *     validate -})
   */
  record Entry(Definition definition, String origin, JsonNode document) {
    String name() {
      return definition.name();
    }

    Gvk gvk() {
      return definition.rootGvk();
    }
  }

  private final List<Entry> all;
  private final Map<Gvk, List<Entry>> ambiguous;
  private final List<String> warnings;

  private DefinitionSet(List<Entry> all, Map<Gvk, List<Entry>> ambiguous, List<String> warnings) {
    this.all = List.copyOf(all);
    this.ambiguous = ambiguous;
    this.warnings = List.copyOf(warnings);
  }

  /**
   * The catalog's definitions plus, when {@code cluster} is not null, the cluster's Karta objects.
   *
   * @param clusterFailure why no cluster was asked (a warning), or null
   */
  static DefinitionSet load(
      WorkloadMap wm, Catalog catalog, Cluster cluster, String clusterFailure) {
    List<String> warnings = new ArrayList<>();
    if (clusterFailure != null) {
      warnings.add(clusterFailure);
    }
    Map<Gvk, Entry> byGvk = new LinkedHashMap<>();
    List<Entry> rootless = new ArrayList<>();
    for (CatalogEntry e : catalog.list()) {
      byGvk.put(e.gvk(), new Entry(e.definition(), CATALOG, yamlToJson(e.yaml())));
    }
    Map<Gvk, List<Entry>> fromCluster = new LinkedHashMap<>();
    if (cluster != null) {
      for (Entry e : clusterDefinitions(wm, cluster, warnings)) {
        if (e.gvk() == null) {
          rootless.add(e);
        } else {
          fromCluster.computeIfAbsent(e.gvk(), k -> new ArrayList<>()).add(e);
        }
      }
    }
    Map<Gvk, List<Entry>> ambiguous = new LinkedHashMap<>();
    for (Map.Entry<Gvk, List<Entry>> c : fromCluster.entrySet()) {
      if (c.getValue().size() == 1) {
        byGvk.put(c.getKey(), c.getValue().get(0));
      } else {
        byGvk.remove(c.getKey());
        ambiguous.put(c.getKey(), List.copyOf(c.getValue()));
        warnings.add(
            "ambiguous definitions for " + c.getKey() + ": Karta objects " + names(c.getValue())
                + " in the cluster all cover it, so it is never resolved; delete all but one");
      }
    }
    List<Entry> all = new ArrayList<>(byGvk.values());
    all.addAll(rootless);
    all.sort(Comparator.comparing(Entry::name));
    return new DefinitionSet(all, ambiguous, warnings);
  }

  private static List<Entry> clusterDefinitions(
      WorkloadMap wm, Cluster cluster, List<String> warnings) {
    List<GenericKubernetesResource> items;
    try {
      items = cluster.client().genericKubernetesResources(KARTA).list().getItems();
    } catch (KubernetesClientException e) {
      if (e.getCode() == 404) {
        warnings.add(
            "no Karta CRD (kartas.run.ai) in the cluster: only the built-in catalog is used");
      } else if (e.getCode() == 403) {
        warnings.add(
            "not allowed to list Karta objects (kartas.run.ai): only the built-in catalog is used");
      } else {
        warnings.add(cluster.translate(e, "list Karta objects", "Karta").getMessage()
            + ": only the built-in catalog is used");
      }
      return List.of();
    }
    List<Entry> out = new ArrayList<>();
    items.sort(Comparator.comparing(i -> i.getMetadata().getName()));
    for (GenericKubernetesResource item : items) {
      ObjectNode doc = MAPPER.valueToTree(item);
      doc.remove("status");
      if (doc.get("metadata") instanceof ObjectNode m) {
        m.remove("managedFields");
      }
      String name = item.getMetadata().getName();
      String source = "cluster:karta/" + name;
      try {
        List<WorkloadMap.Loaded> loaded = wm.read(doc.toString(), source);
        if (loaded.size() != 1 || !loaded.get(0).valid()) {
          String why = loaded.isEmpty()
              ? "empty"
              : loaded.get(0).report().errors().stream()
                  .limit(3)
                  .map(f -> f.message())
                  .reduce((a, b) -> a + "; " + b)
                  .orElse("not a definition");
          warnings.add("Karta " + name + " in the cluster is invalid and is ignored: " + why);
          continue;
        }
        out.add(new Entry(loaded.get(0).definition(), CLUSTER, doc));
      } catch (dev.workloadmap.sdk.WorkloadMapException e) {
        warnings.add(
            "Karta " + name + " in the cluster cannot be read and is ignored: " + e.getMessage());
      }
    }
    return out;
  }

  private static JsonNode yamlToJson(String yaml) {
    try {
      return Output.yamlMapper().readTree(yaml);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  static String names(List<Entry> entries) {
    return String.join(" and ", entries.stream().map(Entry::name).toList());
  }

  /** Every resolvable definition, plus the ambiguous ones, sorted by name. */
  List<Entry> listing() {
    List<Entry> out = new ArrayList<>(all);
    ambiguous.values().forEach(out::addAll);
    out.sort(Comparator.comparing(Entry::name).thenComparing(Entry::origin));
    return out;
  }

  /** The resolvable definitions (ambiguous GVKs left out). */
  List<Entry> resolvable() {
    return all;
  }

  /** The definitions whose name is {@code name}. */
  List<Entry> named(String name) {
    return listing().stream().filter(e -> e.name().equals(name)).toList();
  }

  /**
   * The definition for exactly {@code gvk}, or null.
   *
   * @throws CliException the GVK is ambiguous (both definitions named)
   */
  Entry forGvk(Gvk gvk) {
    List<Entry> amb = ambiguous.get(gvk);
    if (amb != null) {
      throw new CliException(
          ExitCodes.ERROR,
          "ambiguous_definition",
          "ambiguous definition for " + gvk + ": Karta objects " + names(amb)
              + " in the cluster both cover it",
          "delete all but one of them (kubectl delete karta NAME)",
          gvk.toString());
    }
    return all.stream().filter(e -> gvk.equals(e.gvk())).findFirst().orElse(null);
  }

  /** This set with {@code e} covering its root GVK ahead of the catalog's and the cluster's definitions. */
  DefinitionSet with(Entry e) {
    if (e == null) {
      return this;
    }
    List<Entry> list = new ArrayList<>(all);
    list.removeIf(x -> e.gvk().equals(x.gvk()));
    list.add(e);
    list.sort(Comparator.comparing(Entry::name));
    Map<Gvk, List<Entry>> amb = new LinkedHashMap<>(ambiguous);
    amb.remove(e.gvk());
    return new DefinitionSet(list, amb, warnings);
  }

  /** True when {@code gvk} is covered by several cluster definitions. */
  boolean isAmbiguous(Gvk gvk) {
    return ambiguous.containsKey(gvk);
  }

  /** Definitions (resolvable or ambiguous) whose root group and kind match, case-insensitively for the kind. */
  List<Gvk> gvksOfKind(String kind, String group, String version) {
    List<Gvk> out = new ArrayList<>();
    for (Entry e : listing()) {
      Gvk g = e.gvk();
      if (g != null
          && g.kind().toLowerCase(Locale.ROOT).equals(kind.toLowerCase(Locale.ROOT))
          && (group == null || g.group().equals(group))
          && (version == null || g.version().equals(version))
          && !out.contains(g)) {
        out.add(g);
      }
    }
    return out;
  }

  /** As {@link #gvksOfKind} for the plural Kubernetes guesses from each kind ({@link Cluster#guessPlural}). */
  List<Gvk> gvksOfPlural(String plural, String group, String version) {
    List<Gvk> out = new ArrayList<>();
    for (Entry e : listing()) {
      Gvk g = e.gvk();
      if (g != null
          && Cluster.guessPlural(g.kind()).equals(plural.toLowerCase(Locale.ROOT))
          && (group == null || g.group().equals(group))
          && (version == null || g.version().equals(version))
          && !out.contains(g)) {
        out.add(g);
      }
    }
    return out;
  }

  List<String> warnings() {
    return warnings;
  }
}
