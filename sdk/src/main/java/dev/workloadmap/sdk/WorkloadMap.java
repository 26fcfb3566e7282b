package dev.workloadmap.sdk;

import static org.apiguardian.api.API.Status.INTERNAL;
import static org.apiguardian.api.API.Status.STABLE;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.gang.GangPlan;
import dev.workloadmap.sdk.internal.definition.DefinitionLoader;
import dev.workloadmap.sdk.internal.gang.GangJson;
import dev.workloadmap.sdk.internal.gang.GangPlanner;
import dev.workloadmap.sdk.internal.lint.EvaluationContextRule;
import dev.workloadmap.sdk.internal.lint.JqLintRule;
import dev.workloadmap.sdk.internal.lint.StructureLintRule;
import dev.workloadmap.sdk.internal.live.PodAttributor;
import dev.workloadmap.sdk.internal.proof.CatalogProof;
import dev.workloadmap.sdk.internal.status.StatusEvaluator;
import dev.workloadmap.sdk.internal.tree.TreeBuilder;
import dev.workloadmap.sdk.internal.validation.DefinitionValidator;
import dev.workloadmap.sdk.internal.validation.SchemaCheck;
import dev.workloadmap.sdk.jq.Jq;
import dev.workloadmap.sdk.jq.JqInput;
import dev.workloadmap.sdk.live.LiveJson;
import dev.workloadmap.sdk.live.LiveText;
import dev.workloadmap.sdk.live.LiveTree;
import dev.workloadmap.sdk.live.OwnerLookup;
import dev.workloadmap.sdk.live.PodQueryException;
import dev.workloadmap.sdk.resources.ResourceList;
import dev.workloadmap.sdk.spi.JqEngine;
import dev.workloadmap.sdk.status.StatusResult;
import dev.workloadmap.sdk.tree.TreeJson;
import dev.workloadmap.sdk.tree.TreeText;
import dev.workloadmap.sdk.tree.WorkloadTree;
import dev.workloadmap.sdk.update.WorkloadUpdate;
import dev.workloadmap.sdk.validation.DefinitionLoadException;
import dev.workloadmap.sdk.validation.ValidationReport;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Pod;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The SDK's facade: load a definition, resolve an object into a workload tree, read its status.
 *
 * <pre>{@code
 * WorkloadMap wm = WorkloadMap.create();
 * PreparedDefinition jobset = wm.prepare(wm.loadDefinition(Path.of("jobset.yaml")));
 * WorkloadTree tree = wm.resolve(jobset, objectJson);
 * tree.totalResources().gpus(ResourceList.DEFAULT_GPU_RESOURCE);   // 12 for the seed JobSet
 * }</pre>
 *
 * Thread-safe; share one instance.
 */
@API(status = STABLE, since = "0.1")
public final class WorkloadMap {

  /** For fabric8 objects only; made on first use (its class initialisation is a few ms of a CLI call's start). */
  private static final class Mapper {
    static final ObjectMapper MAPPER = new ObjectMapper();
  }

  private final JqEngine engine;
  private final boolean strict;
  private final String gpuResourceName;
  private final DefinitionLoader.Mode loaderMode;
  /** Made on first use ({@link #validator()}): resolving with a prepared definition needs neither. */
  private volatile DefinitionValidator validator;

  private volatile SchemaCheck schemaCheck;
  private final TreeBuilder treeBuilder;
  private final StatusEvaluator statusEvaluator;
  private final PodAttributor podAttributor;
  private final GangPlanner gangPlanner;

  private WorkloadMap(Builder b) {
    this.engine = b.engine;
    this.strict = b.strict;
    this.gpuResourceName = b.gpuResourceName;
    this.loaderMode = b.loaderMode;
    this.treeBuilder = new TreeBuilder(engine, strict);
    this.statusEvaluator = new StatusEvaluator(engine, strict);
    this.podAttributor = new PodAttributor(engine);
    this.gangPlanner = new GangPlanner(engine);
  }

  /**
   * The reference's rules plus the SDK's lint: jq (decision c: unknown names, as-precedence, RE2 regexes), the
   * evaluation side of each path, and structure (duplicate matchers, bare conditions, deprecated podGroups). Made on
   * first use: the lint rules load the linter's builtin sets and jackson-jq, which a call that only resolves with a
   * definition proved valid never needs. A race makes two equal validators, of which one is kept.
   */
  private DefinitionValidator validator() {
    DefinitionValidator v = validator;
    if (v == null) {
      v = new DefinitionValidator(engine)
          .withRule(new JqLintRule())
          .withRule(new EvaluationContextRule())
          .withRule(new StructureLintRule());
      validator = v;
    }
    return v;
  }

  /**
   * Layer 2 (spec 4.3): the JSON Schema's shape rules, unknown fields with the loader's severity. Made on first use:
   * it loads the schema validator (networknt), which only reading a definition needs.
   */
  private SchemaCheck schemaCheck() {
    SchemaCheck c = schemaCheck;
    if (c == null) {
      c = new SchemaCheck(loaderMode == DefinitionLoader.Mode.STRICT);
      schemaCheck = c;
    }
    return c;
  }

  /** Default options: the shared jq engine (10 s, 1000 results), contained errors, {@code nvidia.com/gpu}, strict loading. */
  public static WorkloadMap create() {
    return builder().build();
  }

  public static Builder builder() {
    return new Builder();
  }

  public JqEngine engine() {
    return engine;
  }

  /** The resource name counted as GPUs ({@code nvidia.com/gpu} by default). */
  public String gpuResourceName() {
    return gpuResourceName;
  }

  /**
   * One document's definition with every finding of the YAML, shape and reference layers.
   *
   * @param definition the model, or null when the document could not be mapped
   * @param report all findings (YAML, shape, reference rules)
   */
  public static final class Loaded {
    private final Definition definition;
    private final ValidationReport report;

    private Loaded(Definition definition, ValidationReport report) {
      this.definition = definition;
      this.report = Objects.requireNonNull(report, "report");
    }

    /** The model, or null when the document could not be mapped. */
    public Definition definition() {
      return definition;
    }

    /** All findings (YAML, shape, reference rules). */
    public ValidationReport report() {
      return report;
    }

    /** Whether the document mapped to a definition without errors ({@link #prepare(Loaded)} accepts it). */
    public boolean valid() {
      return definition != null && !report.hasErrors();
    }

    @Override
    public String toString() {
      return "Loaded[" + (definition == null ? "unmapped" : definition.name()) + ", " + report
          + "]";
    }
  }

  /**
   * Loads and validates every definition in a file (one per non-empty document).
   *
   * @throws dev.workloadmap.sdk.yaml.YamlException the file cannot be read as YAML
   */
  public List<Loaded> read(Path file) {
    return validateAll(new DefinitionLoader(loaderMode).load(file));
  }

  /** Like {@link #read(Path)} for content named {@code fileName}. */
  public List<Loaded> read(String content, String fileName) {
    return validateAll(new DefinitionLoader(loaderMode).load(content, fileName));
  }

  private List<Loaded> validateAll(List<DefinitionLoader.Result> results) {
    List<Loaded> out = new ArrayList<>();
    for (DefinitionLoader.Result r : results) {
      ValidationReport report = r.report();
      if (r.definition() != null) {
        report = report.merge(validator().validate(r.definition()));
      }
      // after the shape and reference layers, which own the problems they share with the schema
      // (SchemaCheck)
      report = report.merge(schemaCheck().check(r.document(), report));
      out.add(new Loaded(r.definition(), report));
    }
    return out;
  }

  /**
   * Loads the single definition in {@code file}.
   *
   * @throws DefinitionLoadException the file holds no or several definitions, or the definition has errors (every
   *     finding in its report)
   * @throws dev.workloadmap.sdk.yaml.YamlException the file cannot be read as YAML
   */
  public Definition loadDefinition(Path file) {
    return single(read(file), file.toString());
  }

  /** Like {@link #loadDefinition(Path)} for content named {@code fileName}. */
  public Definition loadDefinition(String content, String fileName) {
    return single(read(content, fileName), fileName);
  }

  private static Definition single(List<Loaded> loaded, String name) {
    if (loaded.size() != 1) {
      throw new DefinitionLoadException(
          name + ": expected exactly one definition, found " + loaded.size() + " documents",
          ValidationReport.empty());
    }
    Loaded l = loaded.get(0);
    if (!l.valid()) {
      throw new DefinitionLoadException(name + ": invalid karta definition", l.report());
    }
    return l.definition();
  }

  /** The reference validator's and the SDK's findings for {@code definition} (docs/format.md#validation). */
  public ValidationReport validate(Definition definition) {
    return validator().validate(definition);
  }

  /**
   * Validates and prepares {@code definition} for resolving objects.
   *
   * @throws DefinitionLoadException the definition is invalid; the message contains {@code invalid karta}
   *     (docs/format.md#tree)
   */
  public PreparedDefinition prepare(Definition definition) {
    if (engine == Jq.defaultEngine() && CatalogProof.proven(definition)) {
      // a catalog entry that the catalog's build validated with this very validator (the default
      // engine's) without an error, read unchanged (CatalogProof): its warnings and notes, if
      // asked for, are the validator's, found when first asked for
      return new PreparedDefinition(definition, this);
    }
    ValidationReport report = validator().validate(definition);
    if (report.hasErrors()) {
      throw new DefinitionLoadException(
          "invalid karta " + (definition == null ? "" : definition.name()), report);
    }
    return new PreparedDefinition(definition, report);
  }

  /**
   * Prepares a definition that {@link #read} loaded and validated, without validating it again.
   *
   * @throws DefinitionLoadException the definition has errors (every finding in its report)
   */
  public PreparedDefinition prepare(Loaded loaded) {
    Objects.requireNonNull(loaded, "loaded");
    if (!loaded.valid()) {
      throw new DefinitionLoadException(
          "invalid karta "
              + (loaded.definition() == null ? "" : loaded.definition().name()),
          loaded.report());
    }
    return new PreparedDefinition(loaded.definition(), loaded.report());
  }

  /** Validates {@code definition} and resolves {@code object} (docs/format.md#tree). */
  public WorkloadTree resolve(Definition definition, JsonNode object) {
    return resolve(prepare(definition), object);
  }

  /**
   * Resolves {@code object} (the whole custom resource as JSON) into its workload tree with status and resource
   * totals. Evaluation errors are contained in {@link WorkloadTree#problems()} unless the map is strict.
   */
  public WorkloadTree resolve(PreparedDefinition definition, JsonNode object) {
    Objects.requireNonNull(
        definition, "definition is null: prepare one with prepare(loadDefinition(path))");
    Objects.requireNonNull(object, "object is null: pass the workload object as JSON");
    checkKind(definition.definition(), object);
    return treeBuilder.build(definition.definition(), JqInput.of(object));
  }

  /** The most pods one {@code attributePods} call takes (a namespace's listing; attribution holds them all). */
  @org.apiguardian.api.API(status = org.apiguardian.api.API.Status.EXPERIMENTAL, since = "0.1")
  public static final int MAX_PODS_PER_CALL = 100_000;

  /**
   * Resolves the object read from a YAML or JSON file: as {@link #resolve(PreparedDefinition, JsonNode)}, and every
   * problem whose offending value has a place in the object (a replica count, a resource quantity) is located in
   * {@code document}'s file, so that it is reported at the object's own file:line:column.
   */
  @org.apiguardian.api.API(status = org.apiguardian.api.API.Status.EXPERIMENTAL, since = "0.1")
  public WorkloadTree resolve(
      PreparedDefinition definition, dev.workloadmap.sdk.yaml.YamlDocument document) {
    Objects.requireNonNull(document, "document");
    WorkloadTree t = resolve(definition, document.root());
    List<EvaluationProblem> located = new java.util.ArrayList<>(t.problems().size());
    for (EvaluationProblem p : t.problems()) {
      located.add(
          p.objectPointer() == null ? p : p.withObjectLocation(document.locate(p.objectPointer())));
    }
    return new WorkloadTree(
        t.object(),
        t.definitionName(),
        t.root(),
        t.status(),
        t.totalReplicas(),
        t.totalResources(),
        located,
        t.warnings());
  }

  /** Resolves a fabric8 {@link GenericKubernetesResource}. */
  public WorkloadTree resolve(PreparedDefinition definition, GenericKubernetesResource object) {
    JsonNode json = Mapper.MAPPER.valueToTree(object);
    return resolve(definition, json);
  }

  /** The root's status (docs/format.md#status), or null when the root has no status definition. */
  public StatusResult status(PreparedDefinition definition, JsonNode object) {
    Objects.requireNonNull(
        definition, "definition is null: prepare one with prepare(loadDefinition(path))");
    Objects.requireNonNull(object, "object is null: pass the workload object as JSON");
    checkKind(definition.definition(), object);
    Definition d = definition.definition();
    return statusEvaluator.evaluate(d, d.rootComponent(), JqInput.of(object));
  }

  /**
   * The root's status like {@link #status(PreparedDefinition, JsonNode)}, telling {@code observer} each matcher part
   * it evaluates (for definition coverage). Internal: the observer is an engine type.
   */
  @API(status = INTERNAL, since = "0.1")
  public StatusResult status(
      PreparedDefinition definition,
      JsonNode object,
      dev.workloadmap.sdk.internal.status.StatusEvaluator.MatcherObserver observer) {
    Objects.requireNonNull(
        definition, "definition is null: prepare one with prepare(loadDefinition(path))");
    Objects.requireNonNull(object, "object is null: pass the workload object as JSON");
    checkKind(definition.definition(), object);
    Definition d = definition.definition();
    return statusEvaluator.evaluate(d, d.rootComponent(), JqInput.of(object), observer);
  }

  /**
   * Starts an update of {@code object} (docs/format.md#writes): chain per-instance writes ({@code podTemplateSpecs},
   * {@code podSpecs}, {@code podMetadata}, {@code fragmentedPodSpecs}, {@code fragmentedField}), convenience operations
   * over every instance ({@code setSchedulerName}, {@code addLabels}, {@code addAnnotations}, {@code setResources}) and
   * {@code suspend}/{@code resume} (docs/format.md#suspend-definition), then {@link WorkloadUpdate#apply()} for the
   * updated object and its RFC 6902 patch. {@code object} is copied and never modified; fields no operation targets
   * keep their value, key order and number form.
   *
   * <pre>{@code
   * UpdateResult r = wm.update(jobset, object).setSchedulerName("kai-scheduler").suspend().apply();
   * }</pre>
   *
   * @throws WorkloadMapException the object is not of the definition's group and kind
   * @throws NullPointerException when an argument is null
   */
  public WorkloadUpdate update(PreparedDefinition definition, JsonNode object) {
    Objects.requireNonNull(
        definition, "definition is null: prepare one with prepare(loadDefinition(path))");
    Objects.requireNonNull(object, "object is null: pass the workload object as JSON");
    checkKind(definition.definition(), object);
    return WorkloadUpdate.of(engine, definition.definition(), object);
  }

  /** Like {@link #update(PreparedDefinition, JsonNode)} for a fabric8 {@link GenericKubernetesResource}. */
  public WorkloadUpdate update(PreparedDefinition definition, GenericKubernetesResource object) {
    Objects.requireNonNull(object, "object is null: pass the workload object");
    return update(definition, Mapper.MAPPER.<JsonNode>valueToTree(object));
  }

  /**
   * Checks that {@code object} is of the definition's root group and kind. An object without apiVersion and kind (a
   * status-only fragment) passes, and so does another version of the kind, as the reference CLI resolves it (CD-21).
   *
   * @throws WorkloadMapException naming both kinds when they differ
   */
  public static void checkKind(Definition definition, JsonNode object) {
    String mismatch = kindMismatch(definition, object);
    if (mismatch != null) {
      throw new WorkloadMapException(mismatch + "; resolve it with the definition of its own kind");
    }
  }

  /** Null when {@code object} may be resolved with {@code definition}, else what differs (see {@link #checkKind}). */
  public static String kindMismatch(Definition definition, JsonNode object) {
    String apiVersion = object.path("apiVersion").asText("");
    String kind = object.path("kind").asText("");
    if (definition == null
        || definition.rootGvk() == null
        || (apiVersion.isEmpty() && kind.isEmpty())) {
      return null;
    }
    dev.workloadmap.sdk.definition.Gvk expected = definition.rootGvk();
    // the group of Gvk.of(apiVersion, kind) compared in place: every resolve checks, and the
    // parsed Gvk was three objects for a yes
    int slash = apiVersion.indexOf('/');
    String group = expected.group();
    boolean sameGroup =
        slash < 0 ? group.isEmpty() : slash == group.length() && apiVersion.startsWith(group);
    if (sameGroup && kind.equals(expected.kind())) {
      return null;
    }
    return "the object is " + apiVersion + " " + kind + " but definition " + definition.name()
        + " covers " + expected.apiVersion() + " " + expected.kind()
        + " (the group and kind must match exactly)";
  }

  /**
   * The text view (docs/format.md#cli-describe shape); {@code origin} such as {@code catalog} or a file name, may be
   * null.
   */
  public String renderText(WorkloadTree tree, String origin) {
    Objects.requireNonNull(tree, "tree");
    return TreeText.render(tree, origin, gpuResourceName);
  }

  /** The stable JSON form (see {@link TreeJson}). */
  public ObjectNode toJson(WorkloadTree tree) {
    Objects.requireNonNull(tree, "tree");
    return TreeJson.toJson(tree, gpuResourceName);
  }

  /**
   * Attributes live pods to a workload (docs/format.md#owner-chain): keeps the pods whose owner chain reaches the
   * object's UID, places each on its component, instance and replica, and counts ready against desired pods per
   * component. Pods owned by the workload that no component claims are in {@link LiveTree#unmatched()}; the others are
   * named in {@link LiveTree#notOwned()}.
   *
   * <p>The SDK does not talk to a cluster: list the namespace's pods once (fabric8: {@code
   * client.pods().inNamespace(ns).list(new ListOptionsBuilder().withResourceVersion("0").build())}) and pass an {@link
   * OwnerLookup} that reads intermediate owners (Jobs, ReplicaSets, StatefulSets ...).
   *
   * @param object the workload object; must carry {@code metadata.uid}
   * @param pods candidate pods as JSON
   * @param owners reads intermediate owners; null or {@link OwnerLookup#none()} when every pod references the workload
   *     directly
   * @throws WorkloadMapException the object is not of the definition's kind or has no uid
   */
  public LiveTree attributePods(
      PreparedDefinition definition,
      JsonNode object,
      List<? extends JsonNode> pods,
      OwnerLookup owners) {
    return attributePods(definition, resolve(definition, object), object, pods, owners);
  }

  /**
   * Like {@link #attributePods(PreparedDefinition, JsonNode, List, OwnerLookup)} for an object already resolved into
   * {@code tree} with the same definition.
   */
  public LiveTree attributePods(
      PreparedDefinition definition,
      WorkloadTree tree,
      JsonNode object,
      List<? extends JsonNode> pods,
      OwnerLookup owners) {
    Objects.requireNonNull(definition, "definition");
    Objects.requireNonNull(tree, "tree");
    Objects.requireNonNull(object, "object");
    Objects.requireNonNull(pods, "pods");
    if (pods.size() > MAX_PODS_PER_CALL) {
      throw new PodQueryException(
          pods.size() + " pods given to one attributePods call, more than " + MAX_PODS_PER_CALL
              + ": list the workload's namespace only, or filter the pods by label first");
    }
    return podAttributor.attribute(definition.definition(), tree, object, pods, owners);
  }

  /** Like {@link #attributePods(PreparedDefinition, JsonNode, List, OwnerLookup)} for fabric8 objects. */
  public LiveTree attributePods(
      PreparedDefinition definition,
      GenericKubernetesResource object,
      List<Pod> pods,
      OwnerLookup owners) {
    List<JsonNode> json = new ArrayList<>(pods.size());
    for (Pod p : pods) {
      json.add(Mapper.MAPPER.valueToTree(p));
    }
    return attributePods(definition, (JsonNode) Mapper.MAPPER.valueToTree(object), json, owners);
  }

  /**
   * The gang plan of attributed pods (docs/format.md#gangs, decision g): per pod group, its gangs (one per group key
   * tuple) with minMember per gang, the group total, member pods, and subgroups left out with the reason. A definition
   * without {@code gangScheduling} gives an empty plan.
   *
   * @param live the result of {@link #attributePods} with the same definition
   */
  public GangPlan gangPlan(PreparedDefinition definition, LiveTree live) {
    Objects.requireNonNull(definition, "definition");
    Objects.requireNonNull(live, "live");
    return gangPlanner.plan(definition.definition(), live);
  }

  /** Attributes {@code pods} and builds their gang plan in one call. */
  public GangPlan gangPlan(
      PreparedDefinition definition,
      JsonNode object,
      List<? extends JsonNode> pods,
      OwnerLookup owners) {
    return gangPlan(definition, attributePods(definition, object, pods, owners));
  }

  /** The live describe view (docs/format.md#cli-describe); {@code origin} such as {@code catalog}, may be null. */
  public String renderText(LiveTree live, String origin) {
    Objects.requireNonNull(live, "live");
    return LiveText.render(live, origin, gpuResourceName);
  }

  /** The stable JSON form of a live tree (see {@link LiveJson}). */
  public ObjectNode toJson(LiveTree live) {
    Objects.requireNonNull(live, "live");
    return LiveJson.toJson(live, gpuResourceName);
  }

  /** The stable JSON form of a gang plan (see {@link GangJson}). */
  public ObjectNode toJson(GangPlan plan) {
    Objects.requireNonNull(plan, "plan");
    return GangJson.toJson(plan);
  }

  /** Options for {@link WorkloadMap}. */
  public static final class Builder {
    private JqEngine engine = Jq.defaultEngine();
    private boolean strict;
    private String gpuResourceName = ResourceList.DEFAULT_GPU_RESOURCE;
    private DefinitionLoader.Mode loaderMode = DefinitionLoader.Mode.STRICT;

    private Builder() {}

    /** The jq engine (default {@link Jq#defaultEngine()}). */
    public Builder engine(JqEngine e) {
      this.engine = Objects.requireNonNull(e, "engine");
      return this;
    }

    /** Fail fast like the reference instead of containing errors (default false). */
    public Builder strict(boolean s) {
      this.strict = s;
      return this;
    }

    /** The resource counted as GPUs (default {@code nvidia.com/gpu}). */
    public Builder gpuResourceName(String name) {
      this.gpuResourceName = Objects.requireNonNull(name, "gpuResourceName");
      return this;
    }

    /**
     * Whether unknown fields in a definition are warnings (true: for definitions written by others) instead of
     * errors (false, the default).
     */
    public Builder lenientFields(boolean lenient) {
      this.loaderMode = lenient ? DefinitionLoader.Mode.LENIENT : DefinitionLoader.Mode.STRICT;
      return this;
    }

    public WorkloadMap build() {
      return new WorkloadMap(this);
    }
  }
}
