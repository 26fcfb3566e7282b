package dev.workloadmap.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.sdk.PreparedDefinition;
import dev.workloadmap.sdk.definition.Gvk;
import dev.workloadmap.sdk.definition.WorkloadStatus;
import dev.workloadmap.sdk.live.OwnerChain;
import dev.workloadmap.sdk.status.StatusResult;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code get (TYPE[/NAME] [NAME] | --all-types)} (docs/format.md#cli-commands): workloads with every matched status of
 * their root.
 *
 * <p>Table columns NAME, NAMESPACE, TYPE (only with {@code --all-types}), PHASE (comma-joined) and AGE, plus ORIGIN and
 * DEFINITION with {@code -o wide}; rows newest first, then by kind, then by name. JSON and YAML give {@code {items:
 * [...], count: N}} for a list, or the bare view for a named workload; a view is {@code {name, namespace, kind,
 * apiVersion, phases: [...], age, creationTimestamp, definition, origin}} ({@code phases} is null when the definition
 * has no status definition). {@code --all-types} lists the top-level workloads of every covered, installed type: those
 * with no covered controller anywhere in their owner chain (docs/format.md#owner-chain item 5).
 */
@Command(
    name = "get",
    mixinStandardHelpOptions = true,
    description = "List workloads with their matched statuses.",
    sortOptions = false)
final class GetCommand extends BaseCommand implements OutputOptions.Formatted {

  @Parameters(
      index = "0",
      arity = "0..1",
      paramLabel = "TYPE[/NAME]",
      description =
          "The type (kind, plural, short name or kind.version.group), optionally with /NAME.")
  String typeToken;

  @Parameters(
      index = "1",
      arity = "0..1",
      paramLabel = "NAME",
      description = "The workload's name.")
  String nameArg;

  @Option(
      names = "--all-types",
      description = "Every covered, installed type (top-level workloads only).")
  boolean allTypes;

  @Option(
      names = "--phase",
      paramLabel = "STATUS",
      completionCandidates = Formats.Phases.class,
      description =
          "Keep workloads with this matched status"
              + " (repeatable): Initializing, Running, Completed, Failed, Degraded, Suspended, Suspending, Resuming, Undefined.")
  List<String> phases = new ArrayList<>();

  @Option(
      names = {"-l", "--selector"},
      paramLabel = "SELECTOR",
      description = "A label selector on the root objects.")
  String selector;

  @Option(
      names = "--chunk-size",
      paramLabel = "N",
      defaultValue = "500",
      description = "Page size of list requests; 0 means no paging (default: ${DEFAULT-VALUE}).")
  int chunkSize;

  @picocli.CommandLine.Mixin
  OutputOptions outputOptions;

  @Override
  public List<String> outputFormats() {
    return List.of("table", "wide", "json", "yaml");
  }

  @Override
  boolean jsonErrors() {
    return outputOptions.json();
  }

  private record Item(
      GenericKubernetesResource object, DefinitionSet.Entry definition, List<String> phases) {
    String created() {
      String c = object.getMetadata().getCreationTimestamp();
      return c == null ? "" : c;
    }
  }

  @Override
  int execute() {
    Output out = outputOptions.view();
    Set<String> wanted = phaseFilter();
    if (chunkSize < 0) {
      throw CliException.usage("--chunk-size must not be negative", "0 means no paging");
    }
    String name = null;
    if (allTypes && typeToken != null) {
      throw CliException.usage(
          "--all-types cannot be combined with a TYPE", "drop the TYPE or --all-types");
    }
    if (!allTypes && typeToken == null) {
      throw CliException.usage(
          "a TYPE or --all-types is required", "for example: workloadmap get jobsets");
    }
    String type = typeToken;
    if (typeToken != null) {
      String[] tn = Workloads.splitTypeName(typeToken);
      type = tn[0];
      name = tn[1];
      if (name != null && nameArg != null) {
        throw CliException.usage(
            "give the NAME once: TYPE/NAME or TYPE NAME",
            "for example: jobsets/seed, or jobsets seed");
      }
      if (name == null) {
        name = nameArg;
      }
    }
    if (name != null && selector != null) {
      throw CliException.usage(
          "-l/--selector cannot be combined with a NAME", "drop the NAME or the selector");
    }
    Cluster cluster = cluster();
    DefinitionSet defs = definitions(true);
    Workloads workloads = new Workloads(wm());
    String ns = cluster.namespace();
    List<Item> items = new ArrayList<>();
    boolean namespaced = true;
    if (allTypes) {
      Map<String, Boolean> covered = new HashMap<>();
      for (DefinitionSet.Entry e : defs.resolvable()) {
        if (e.gvk() != null) {
          covered.put(e.gvk().apiVersion() + "|" + e.gvk().kind(), true);
        }
      }
      // docs/format.md#owner-chain item 5, walked by the SDK's owner chain (the same depth, cache
      // and unreadable-owner
      // rules as pods)
      OwnerChain walk = OwnerChain.toReference(
          ref -> ref.controller() && covered.containsKey(ref.apiVersion() + "|" + ref.kind()),
          DescribeCommand.ownerLookup(cluster));
      for (DefinitionSet.Entry e : defs.resolvable()) {
        Gvk g = e.gvk();
        if (g == null) {
          continue;
        }
        Cluster.ApiResource r = cluster.served(g.group(), g.version(), g.kind());
        if (r == null) {
          continue;
        }
        for (GenericKubernetesResource o : cluster.list(r, ns, selector, chunkSize)) {
          if (!walk.reaches(Workloads.json(o))) {
            items.add(item(o, e, workloads));
          }
        }
      }
    } else {
      TypeResolver.Resolved resolved;
      try {
        resolved = TypeResolver.resolve(type, defs, cluster);
      } catch (CliException e) {
        if (e.errorId().equals("not_installed") && name == null) {
          env().err().println(e.getMessage());
          if (out.structured()) {
            ObjectNode empty = JsonNodeFactory.instance.objectNode();
            empty.putArray("items");
            empty.put("count", 0);
            env().out().print(out.write(empty));
          }
          return ExitCodes.OK;
        }
        throw e;
      }
      Cluster.ApiResource r = resolved.resource();
      namespaced = r.namespaced();
      if (name != null) {
        GenericKubernetesResource o = cluster.get(r, ns, name);
        if (o == null) {
          throw new CliException(
              ExitCodes.WORKLOAD_NOT_FOUND,
              "workload_not_found",
              r.kind() + " \"" + name + "\" not found"
                  + (r.namespaced() ? " in namespace " + ns : ""),
              "list them with: workloadmap get " + type + (r.namespaced() ? " -n " + ns : ""),
              resolved.gvk().toString());
        }
        Item it = item(o, resolved.definition(), workloads);
        if (!matches(it, wanted)) {
          env()
              .err()
              .println(r.kind() + " \"" + name + "\" has phases " + phasesText(it) + ", not "
                  + String.join(",", phases));
          return ExitCodes.OK;
        }
        if (out.structured()) {
          env().out().print(out.write(view(it)));
        } else {
          table(List.of(it), out == Output.WIDE);
        }
        return ExitCodes.OK;
      }
      for (GenericKubernetesResource o : cluster.list(r, ns, selector, chunkSize)) {
        items.add(item(o, resolved.definition(), workloads));
      }
    }
    items.removeIf(i -> !matches(i, wanted));
    items.sort(Comparator.comparing(Item::created)
        .reversed()
        .thenComparing(i -> i.object().getKind() == null ? "" : i.object().getKind())
        .thenComparing(i -> i.object().getMetadata().getName()));
    if (out.structured()) {
      ObjectNode list = JsonNodeFactory.instance.objectNode();
      ArrayNode arr = list.putArray("items");
      items.forEach(i -> arr.add(view(i)));
      list.put("count", items.size());
      env().out().print(out.write(list));
      return ExitCodes.OK;
    }
    if (items.isEmpty()) {
      env()
          .err()
          .println(
              namespaced ? "No workloads found in namespace " + ns + "." : "No workloads found.");
      return ExitCodes.OK;
    }
    table(items, out == Output.WIDE);
    return ExitCodes.OK;
  }

  private Set<String> phaseFilter() {
    Set<String> out = new LinkedHashSet<>();
    List<String> known =
        Arrays.stream(WorkloadStatus.values()).map(WorkloadStatus::displayName).toList();
    for (String p : phases) {
      for (String part : p.split(",")) {
        String match = known.stream()
            .filter(k -> k.equalsIgnoreCase(part.trim()))
            .findFirst()
            .orElseThrow(() -> CliException.usage(
                "--phase \"" + part + "\" is not a status",
                "use one of " + String.join(", ", known)));
        out.add(match);
      }
    }
    return out;
  }

  private static boolean matches(Item i, Set<String> wanted) {
    if (wanted.isEmpty()) {
      return true;
    }
    return i.phases() != null && i.phases().stream().anyMatch(wanted::contains);
  }

  private Item item(GenericKubernetesResource o, DefinitionSet.Entry e, Workloads workloads) {
    PreparedDefinition p = workloads.prepare(e.definition());
    StatusResult s = wm().status(p, Workloads.json(o));
    return new Item(o, e, s == null ? null : s.phases());
  }

  private static String phasesText(Item i) {
    return i.phases() == null ? "<none>" : String.join(",", i.phases());
  }

  private String age(Item i) {
    return Ages.age(
        i.object().getMetadata().getCreationTimestamp(), Instant.now(env().clock()));
  }

  private ObjectNode view(Item i) {
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    o.put("name", i.object().getMetadata().getName());
    o.put("namespace", i.object().getMetadata().getNamespace());
    o.put("kind", i.object().getKind());
    o.put("apiVersion", i.object().getApiVersion());
    if (i.phases() == null) {
      o.putNull("phases");
    } else {
      ArrayNode ph = o.putArray("phases");
      i.phases().forEach(ph::add);
    }
    o.put("age", age(i));
    o.put("creationTimestamp", i.object().getMetadata().getCreationTimestamp());
    o.put("definition", i.definition().name());
    o.put("origin", i.definition().origin());
    return o;
  }

  private void table(List<Item> items, boolean wide) {
    List<String[]> rows = new ArrayList<>();
    List<String> head = new ArrayList<>(List.of("NAME", "NAMESPACE"));
    if (allTypes) {
      head.add("TYPE");
    }
    head.addAll(List.of("PHASE", "AGE"));
    if (wide) {
      head.addAll(List.of("ORIGIN", "DEFINITION"));
    }
    rows.add(head.toArray(String[]::new));
    for (Item i : items) {
      List<String> r = new ArrayList<>();
      r.add(i.object().getMetadata().getName());
      String ns = i.object().getMetadata().getNamespace();
      r.add(ns == null || ns.isEmpty() ? "<none>" : ns);
      if (allTypes) {
        r.add(i.object().getKind());
      }
      r.add(phasesText(i));
      r.add(age(i));
      if (wide) {
        r.add(i.definition().origin());
        r.add(i.definition().name());
      }
      rows.add(r.toArray(String[]::new));
    }
    StringBuilder sb = new StringBuilder();
    Tables.append(sb, rows);
    env().out().print(sb);
  }
}
