package dev.workloadmap.cli;

import dev.workloadmap.sdk.WorkloadMap;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/**
 * What the commands share: the root command (environment, SDK, catalog), the kubectl client flags, the connection,
 * the definition set (docs/format.md#cli-resolution) and warnings printed last on stderr.
 */
abstract class BaseCommand implements Callable<Integer> {

  @ParentCommand
  WorkloadMapCli root;

  @Mixin
  ClusterOptions clusterOptions;

  private final List<String> warnings = new ArrayList<>();
  private Cluster cluster;
  private boolean warningsPrinted;

  Env env() {
    return root.env;
  }

  WorkloadMap wm() {
    return root.workloadMap();
  }

  /** True when failures should be written as a JSON object on stdout ({@code -o json}). */
  boolean jsonErrors() {
    return false;
  }

  void warn(String message) {
    warnings.add(message);
  }

  /** Prints the collected warnings on stderr, once. */
  void printWarnings() {
    printWarningsAfter(null);
  }

  /**
   * Prints the collected warnings on stderr, once, after the command failed with {@code error} (or succeeded, when
   * null): a warning about the very failure the error reports (an unreachable cluster warned about while the
   * definitions were read, then the command's own error) is left out, since what it goes on to say ("only the
   * built-in catalog is used") no longer holds.
   */
  void printWarningsAfter(String error) {
    if (warningsPrinted) {
      return;
    }
    warningsPrinted = true;
    for (String w : warnings) {
      if (error != null && !error.isEmpty() && w.startsWith(error)) {
        continue;
      }
      env().err().println("warning: " + w);
    }
  }

  /**
   * The cluster of the client flags.
   *
   * @throws CliException no cluster is configured, or the kubeconfig cannot be read
   */
  Cluster cluster() {
    if (cluster == null) {
      Config config = clusterOptions.config(env());
      cluster = new Cluster(new KubernetesClientBuilder().withConfig(config).build(), config);
    }
    return cluster;
  }

  /** The definitions (catalog plus the cluster's Karta objects); a failure to reach the cluster is a warning. */
  DefinitionSet definitions(boolean withCluster) {
    DefinitionSet set;
    if (withCluster) {
      set = DefinitionSet.load(wm(), root.catalog(), cluster(), null);
    } else if (clusterOptions.configured(env())) {
      Cluster c = null;
      String failure = null;
      try {
        c = cluster();
      } catch (CliException e) {
        failure = e.getMessage() + ": only the built-in catalog is used";
      }
      set = DefinitionSet.load(wm(), root.catalog(), c, failure);
    } else {
      set = DefinitionSet.load(wm(), root.catalog(), null, null);
    }
    set.warnings().forEach(this::warn);
    return set.with(extraDefinition());
  }

  /** A definition given on the command line ({@code --definition FILE}), or null. */
  DefinitionSet.Entry extraDefinition() {
    return null;
  }

  /**
   * The catalog's definition of exactly {@code gvk} when no cluster is configured (so no Karta object can override
   * it) without reading the rest of the catalog, or null: a cluster is configured, or the catalog has no entry of
   * that GVK (then {@link #definitions} answers, with its other-version and no-definition rules).
   */
  DefinitionSet.Entry catalogOnlyEntry(dev.workloadmap.sdk.definition.Gvk gvk) {
    if (clusterOptions.configured(env())
        || extraDefinition() != null) { // --definition FILE wins over the catalog
      return null;
    }
    return root.catalog()
        .entry(gvk)
        .map(e -> new DefinitionSet.Entry(e.definition(), DefinitionSet.CATALOG, null))
        .orElse(null);
  }

  /**
   * A live workload named by {@code TYPE/NAME} or {@code TYPE NAME}.
   *
   * @param resolved the resolved type
   * @param object the object as JSON
   */
  record Target(TypeResolver.Resolved resolved, com.fasterxml.jackson.databind.JsonNode object) {}

  /**
   * Resolves {@code TYPE/NAME} (or {@code TYPE NAME}) and reads the object from the cluster.
   *
   * @throws CliException usage, no definition, not installed, not found (exit 4), cluster errors
   */
  Target target(String typeToken, String nameArg, String verb) {
    if (typeToken == null) {
      throw CliException.usage(
          "TYPE/NAME or TYPE NAME is required",
          "for example: workloadmap " + verb + " jobset/my-training");
    }
    String[] tn = Workloads.splitTypeName(typeToken);
    String name = tn[1];
    if (name != null && nameArg != null) {
      throw CliException.usage(
          "give the NAME once: TYPE/NAME or TYPE NAME", "for example: jobset/seed, or jobset seed");
    }
    if (name == null) {
      name = nameArg;
    }
    if (name == null) {
      throw CliException.usage(
          verb + " needs a NAME", "list the names with: workloadmap get " + tn[0]);
    }
    Cluster cluster = cluster();
    DefinitionSet defs = definitions(true);
    TypeResolver.Resolved resolved = TypeResolver.resolve(tn[0], defs, cluster);
    Cluster.ApiResource r = resolved.resource();
    String ns = cluster.namespace();
    io.fabric8.kubernetes.api.model.GenericKubernetesResource o = cluster.get(r, ns, name);
    if (o == null) {
      throw new CliException(
          ExitCodes.WORKLOAD_NOT_FOUND,
          "workload_not_found",
          r.kind() + " \"" + name + "\" not found" + (r.namespaced() ? " in namespace " + ns : ""),
          "list them with: workloadmap get " + tn[0] + (r.namespaced() ? " -n " + ns : ""),
          resolved.gvk().toString());
    }
    return new Target(resolved, Workloads.json(o));
  }

  /** Runs the command, closes the connection and prints warnings last. */
  @Override
  public final Integer call() {
    try {
      int code = execute();
      printWarnings();
      return code;
    } finally {
      if (cluster != null) {
        cluster.close();
      }
    }
  }

  abstract int execute();
}
