package dev.workloadmap.sdk.registration;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.schema.KartaCrd;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.definition.Gvk;
import dev.workloadmap.sdk.internal.model.DefinitionSetRules;
import dev.workloadmap.sdk.validation.Finding;
import dev.workloadmap.sdk.yaml.YamlReader;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apiguardian.api.API;

/**
 * Registers definitions in a cluster as {@code run.ai/v1alpha1 Karta} objects, the way a platform does, so that KAI's
 * pod grouper and other consumers find them; lists and removes them. Over a fabric8 {@link KubernetesClient} the
 * platform gives (its own configuration and credentials).
 *
 * <p><b>register.</b> Every document is validated first (all findings of all documents, then one failure). The Karta
 * CRD (the schema module's manifest, {@link KartaCrd}) is installed when absent and awaited until Established. Each
 * definition is server-side applied (field manager {@code workloadmap}) with the labels the reference operator stamps
 * and KAI's Karta hub selects by: {@link #LABEL_GROUP}, {@link #LABEL_VERSION}, {@link #LABEL_KIND} set to the root
 * component's GVK, and the annotation {@link #ORIGIN_ANNOTATION} saying where it came from. A second definition for a
 * root GVK that another Karta object already covers is refused (KAI would ignore both: "found multiple Kartas") unless
 * {@code force}, which deletes the other one. {@code dryRun} asks the server to validate without storing
 * ({@code dryRun=All}); the CRD is not installed then, and when it is absent the definitions are only validated
 * locally.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class DefinitionRegistry {
  /** Root group label ({@code kartav1alpha1.LabelRootGroup} in KAI's hub). */
  public static final String LABEL_GROUP = "run.ai/karta-group";
  /** Root version label. */
  public static final String LABEL_VERSION = "run.ai/karta-version";
  /** Root kind label. */
  public static final String LABEL_KIND = "run.ai/karta-kind";
  /** Where the definition was registered from (a file name or {@code catalog:NAME}). */
  public static final String ORIGIN_ANNOTATION = "workloadmap.dev/origin";
  /** The field manager of the server-side apply. */
  public static final String FIELD_MANAGER = "workloadmap";

  public static final ResourceDefinitionContext KARTA = new ResourceDefinitionContext.Builder()
      .withGroup("run.ai")
      .withVersion("v1alpha1")
      .withKind("Karta")
      .withPlural("kartas")
      .withNamespaced(false)
      .build();
  static final String CRD_NAME = "kartas.run.ai";

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final KubernetesClient client;
  private final WorkloadMap wm;

  public DefinitionRegistry(KubernetesClient client, WorkloadMap wm) {
    this.client = client;
    this.wm = wm;
  }

  /** A document to register: its text and where it came from (shown in messages and stored as the origin). */
  @API(status = EXPERIMENTAL, since = "0.1")
  public record Source(String content, String origin) {}

  /**
   * What {@link #register} did for one definition.
   *
   * @param name the Karta object's name
   * @param gvk the root GVK it covers
   * @param action {@code created}, {@code configured} (an existing object updated), {@code validated (dry run)} or
   *     {@code validated locally (dry run, no Karta CRD)}
   * @param replaced names of other definitions of the same GVK deleted because of {@code force}
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public record Result(String name, Gvk gvk, String action, List<String> replaced) {}

  /** A registered definition: name, root GVK (null when the object has none), origin annotation, labels. */
  @API(status = EXPERIMENTAL, since = "0.1")
  public record Registered(String name, Gvk gvk, String origin, Map<String, String> labels) {}

  /**
   * Validates and registers {@code sources}.
   *
   * @return per definition what was done, in order; {@code crdInstalled} is reported by {@link #crdPresent} before
   * @throws RegistrationException invalid definitions or a GVK already covered (nothing is applied then)
   * @throws KubernetesClientException the server refused (RBAC, a server-side validation error)
   */
  public List<Result> register(List<Source> sources, boolean force, boolean dryRun) {
    List<String> problems = new ArrayList<>();
    List<ObjectNode> docs = new ArrayList<>();
    List<Definition> defs = new ArrayList<>();
    List<String> origins = new ArrayList<>();
    for (Source s : sources) {
      List<WorkloadMap.Loaded> loaded;
      List<JsonNode> roots;
      try {
        loaded = wm.read(s.content(), s.origin());
        roots = new YamlReader()
            .readAll(s.content(), s.origin()).stream()
                .map(d -> d.root())
                .filter(r -> !r.isNull())
                .toList();
      } catch (RuntimeException e) {
        problems.add(s.origin() + ": " + e.getMessage());
        continue;
      }
      for (int i = 0; i < loaded.size(); i++) {
        WorkloadMap.Loaded l = loaded.get(i);
        if (!l.valid()) {
          for (Finding f : l.report().errors()) {
            problems.add(f.format());
          }
          continue;
        }
        if (l.definition().rootGvk() == null) {
          problems.add(s.origin() + ": definition " + l.definition().name() + " has no root kind"
              + "\nhint: set structureDefinition.rootComponent.kind (KAI finds definitions by it)");
          continue;
        }
        if (i >= roots.size() || !"Karta".equals(roots.get(i).path("kind").asText())) {
          problems.add(
              s.origin() + ": document " + (i + 1) + " is not a run.ai/v1alpha1 Karta"
                  + "\nhint: only the current form can be registered; convert a legacy ResourceInterface first");
          continue;
        }
        docs.add(((ObjectNode) roots.get(i)).deepCopy());
        defs.add(l.definition());
        origins.add(s.origin());
      }
    }
    // the one rule for two definitions of one kind in a set (also validate's, CLI and Maven goal)
    for (DefinitionSetRules.Indexed d : DefinitionSetRules.duplicateGvks(defs)) {
      problems.add(d.finding().location().prefix() + d.finding().message() + "\nhint: "
          + d.finding().hint());
    }
    if (!problems.isEmpty()) {
      throw new RegistrationException(problems);
    }
    boolean crd = crdPresent();
    if (!crd && dryRun) {
      List<Result> out = new ArrayList<>();
      for (Definition d : defs) {
        out.add(new Result(
            d.name(), d.rootGvk(), "validated locally (dry run, no Karta CRD)", List.of()));
      }
      return out;
    }
    if (!crd) {
      installCrd();
    }
    List<Registered> existing = list();
    Map<Integer, List<String>> replace = new LinkedHashMap<>();
    for (int i = 0; i < defs.size(); i++) {
      Definition d = defs.get(i);
      String name = docs.get(i).path("metadata").path("name").asText("");
      List<String> others = existing.stream()
          .filter(r -> d.rootGvk().equals(r.gvk()) && !r.name().equals(name))
          .map(Registered::name)
          .toList();
      if (!others.isEmpty() && !force) {
        problems.add("definition " + name + " (" + origins.get(i) + ") covers " + d.rootGvk()
            + ", already covered by"
            + " the registered definition " + String.join(", ", others)
            + "; KAI ignores a kind covered twice"
            + "\nhint: unregister " + others.get(0) + " first, or give --force to replace it");
      }
      replace.put(i, others);
    }
    if (!problems.isEmpty()) {
      throw new RegistrationException(problems);
    }
    List<Result> out = new ArrayList<>();
    for (int i = 0; i < defs.size(); i++) {
      Definition d = defs.get(i);
      ObjectNode doc = docs.get(i);
      String name = doc.path("metadata").path("name").asText("");
      ObjectNode meta = doc.with("metadata");
      ObjectNode labels = meta.with("labels");
      labels.put(LABEL_GROUP, d.rootGvk().group());
      labels.put(LABEL_VERSION, d.rootGvk().version());
      labels.put(LABEL_KIND, d.rootGvk().kind());
      meta.with("annotations").put(ORIGIN_ANNOTATION, origins.get(i));
      boolean existed = existing.stream().anyMatch(r -> r.name().equals(name));
      GenericKubernetesResource res = MAPPER.convertValue(doc, GenericKubernetesResource.class);
      if (!dryRun) {
        for (String other : replace.get(i)) {
          client.genericKubernetesResources(KARTA).withName(other).delete();
        }
      }
      var r = client.genericKubernetesResources(KARTA).resource(res);
      if (dryRun) {
        r.dryRun().fieldManager(FIELD_MANAGER).forceConflicts().serverSideApply();
      } else {
        r.fieldManager(FIELD_MANAGER).forceConflicts().serverSideApply();
      }
      out.add(new Result(
          name,
          d.rootGvk(),
          dryRun ? "validated (dry run)" : existed ? "configured" : "created",
          dryRun ? List.of() : replace.get(i)));
    }
    return out;
  }

  /** True when the Karta CRD ({@code kartas.run.ai}) is installed. */
  public boolean crdPresent() {
    return client
            .apiextensions()
            .v1()
            .customResourceDefinitions()
            .withName(CRD_NAME)
            .get()
        != null;
  }

  /** Installs the Karta CRD and waits (up to 60 s) until it is Established. */
  public void installCrd() {
    CustomResourceDefinition crd = client
        .getKubernetesSerialization()
        .unmarshal(KartaCrd.text(), CustomResourceDefinition.class);
    client
        .apiextensions()
        .v1()
        .customResourceDefinitions()
        .resource(crd)
        .fieldManager(FIELD_MANAGER)
        .forceConflicts()
        .serverSideApply();
    client
        .apiextensions()
        .v1()
        .customResourceDefinitions()
        .withName(CRD_NAME)
        .waitUntilCondition(
            c -> c != null
                && c.getStatus() != null
                && c.getStatus().getConditions() != null
                && c.getStatus().getConditions().stream()
                    .anyMatch(
                        x -> "Established".equals(x.getType()) && "True".equals(x.getStatus())),
            60,
            TimeUnit.SECONDS);
  }

  /** The registered definitions, by name; empty when the Karta CRD is absent. */
  public List<Registered> list() {
    List<GenericKubernetesResource> items;
    try {
      items = client.genericKubernetesResources(KARTA).list().getItems();
    } catch (KubernetesClientException e) {
      if (e.getCode() == 404) {
        return List.of();
      }
      throw e;
    }
    List<Registered> out = new ArrayList<>();
    for (GenericKubernetesResource i : items) {
      out.add(registered(i));
    }
    out.sort(java.util.Comparator.comparing(Registered::name));
    return out;
  }

  /**
   * The definition for {@code gvk} the way KAI's Karta hub finds it: Karta objects selected by the three root labels,
   * then only those whose root component's kind is {@code gvk}, not being deleted and with gang instructions.
   *
   * @throws RegistrationException several match (KAI then uses none)
   */
  public Optional<GenericKubernetesResource> findForGangScheduling(Gvk gvk) {
    List<GenericKubernetesResource> items = client
        .genericKubernetesResources(KARTA)
        .withLabel(LABEL_GROUP, gvk.group())
        .withLabel(LABEL_VERSION, gvk.version())
        .withLabel(LABEL_KIND, gvk.kind())
        .list()
        .getItems();
    List<GenericKubernetesResource> match = new ArrayList<>();
    for (GenericKubernetesResource i : items) {
      JsonNode doc = MAPPER.valueToTree(i);
      JsonNode k = doc.at("/spec/structureDefinition/rootComponent/kind");
      JsonNode g = doc.at("/spec/instructions/gangScheduling");
      if (g.isMissingNode()) {
        g = doc.at("/spec/optimizationInstructions/gangScheduling");
      }
      boolean sameGvk = k.path("group").asText("").equals(gvk.group())
          && k.path("version").asText("").equals(gvk.version())
          && k.path("kind").asText("").equals(gvk.kind());
      boolean gang = g.has("podGroup") || g.path("podGroups").size() > 0;
      if (sameGvk && gang && i.getMetadata().getDeletionTimestamp() == null) {
        match.add(i);
      }
    }
    if (match.size() > 1) {
      throw new RegistrationException(
          List.of("found multiple Kartas with gang scheduling instructions for " + gvk + ": "
              + match.stream().map(x -> x.getMetadata().getName()).toList()));
    }
    return match.stream().findFirst();
  }

  /**
   * Removes the registered definition {@code name}.
   *
   * @return false when there was none
   */
  public boolean unregister(String name, boolean dryRun) {
    var r = client.genericKubernetesResources(KARTA).withName(name);
    if (r.get() == null) {
      return false;
    }
    if (dryRun) {
      r.dryRun().delete();
    } else {
      r.delete();
    }
    return true;
  }

  private static Registered registered(GenericKubernetesResource i) {
    JsonNode doc = MAPPER.valueToTree(i);
    JsonNode k = doc.at("/spec/structureDefinition/rootComponent/kind");
    Gvk gvk = k.isObject()
        ? new Gvk(
            k.path("group").asText(""),
            k.path("version").asText(""),
            k.path("kind").asText(""))
        : null;
    Map<String, String> labels = i.getMetadata().getLabels() == null
        ? Map.of()
        : Map.copyOf(i.getMetadata().getLabels());
    String origin = i.getMetadata().getAnnotations() == null
        ? null
        : i.getMetadata().getAnnotations().get(ORIGIN_ANNOTATION);
    return new Registered(i.getMetadata().getName(), gvk, origin, labels);
  }
}
