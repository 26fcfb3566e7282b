package dev.workloadmap.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.sdk.definition.ComponentDefinition;
import dev.workloadmap.sdk.definition.Definition;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code definitions [NAME]} (docs/format.md#cli-commands): the definitions available, the built-in catalog plus the
 * cluster's Karta objects (a cluster definition overrides the catalog one for the same GVK; two cluster definitions for
 * one GVK are both listed and reported as ambiguous on stderr).
 *
 * <p>Table columns NAME, KIND ({@code <none>} for a rootless definition), ORIGIN ({@code catalog} or {@code cluster})
 * and COMPONENTS (the root, then up to {@code --component-limit} children sorted by name, then {@code , +K more}).
 * JSON and YAML carry the definition documents under {@code items} with {@code count}, or one bare definition for a
 * NAME, which can be piped into {@code validate -}.
 */
@Command(
    name = "definitions",
    description = "List the definitions: built-in catalog and the cluster's Karta objects.",
    sortOptions = false)
final class DefinitionsCommand extends BaseCommand implements OutputOptions.Formatted {

  // not mixinStandardHelpOptions: --version here is the definitions' root version filter
  // (docs/format.md#cli-commands)
  @Option(
      names = {"-h", "--help"},
      usageHelp = true,
      description = "Show this help message and exit.")
  boolean help;

  @Parameters(
      index = "0",
      arity = "0..1",
      paramLabel = "NAME",
      description = "One definition by metadata.name.")
  String name;

  @Option(
      names = "--group",
      paramLabel = "GROUP",
      description = "Only definitions of this root group (\"\" is core).")
  String group;

  @Option(
      names = "--kind",
      paramLabel = "KIND",
      description = "Only this root kind (needs --group).")
  String kind;

  @Option(
      names = "--version",
      paramLabel = "VERSION",
      description = "Only this root version (needs --kind).")
  String version;

  @Option(
      names = "--component-limit",
      paramLabel = "N",
      defaultValue = "3",
      description = "Children shown in COMPONENTS; 0 means all (default: ${DEFAULT-VALUE}).")
  int componentLimit;

  @picocli.CommandLine.Mixin
  OutputOptions outputOptions;

  @Override
  public List<String> outputFormats() {
    return OutputOptions.VIEW;
  }

  @Override
  boolean jsonErrors() {
    return outputOptions.json();
  }

  @Override
  int execute() {
    Output out = outputOptions.view();
    if (kind != null && group == null) {
      throw CliException.usage(
          "--kind needs --group", "for example --group jobset.x-k8s.io --kind JobSet");
    }
    if (version != null && kind == null) {
      throw CliException.usage(
          "--version needs --kind", "for example --group batch --kind Job --version v1");
    }
    if (componentLimit < 0) {
      throw CliException.usage("--component-limit must not be negative", "0 means all components");
    }
    DefinitionSet defs = definitions(false);
    List<DefinitionSet.Entry> entries =
        new ArrayList<>(name == null ? defs.listing() : defs.named(name));
    entries.removeIf(e -> (group != null && (e.gvk() == null || !e.gvk().group().equals(group)))
        || (kind != null && !e.gvk().kind().equalsIgnoreCase(kind))
        || (version != null && !e.gvk().version().equals(version)));
    if (name != null && entries.isEmpty()) {
      throw new CliException(
          ExitCodes.NO_DEFINITION,
          "definition_not_found",
          "no definition named \"" + name + "\"",
          "list them with: workloadmap definitions",
          null);
    }
    if (out.structured()) {
      if (name != null && entries.size() == 1) {
        env().out().print(out.write(entries.get(0).document()));
      } else {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        ArrayNode items = o.putArray("items");
        entries.forEach(e -> items.add(e.document()));
        o.put("count", entries.size());
        env().out().print(out.write(o));
      }
      return ExitCodes.OK;
    }
    if (entries.isEmpty()) {
      env().err().println("No Karta definitions found.");
      return ExitCodes.OK;
    }
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"NAME", "KIND", "ORIGIN", "COMPONENTS"});
    for (DefinitionSet.Entry e : entries) {
      rows.add(new String[] {
        e.name(),
        e.gvk() == null ? "<none>" : e.gvk().kind(),
        e.origin(),
        components(e.definition())
      });
    }
    StringBuilder sb = new StringBuilder();
    Tables.append(sb, rows);
    env().out().print(sb);
    return ExitCodes.OK;
  }

  private String components(Definition d) {
    List<String> children = d.childComponents().stream()
        .map(ComponentDefinition::name)
        .sorted(Comparator.naturalOrder())
        .toList();
    List<String> shown = new ArrayList<>();
    if (d.rootComponent() != null) {
      shown.add(d.rootComponent().name());
    }
    int n = componentLimit == 0 ? children.size() : Math.min(componentLimit, children.size());
    shown.addAll(children.subList(0, n));
    String s = String.join(", ", shown);
    if (children.size() > n) {
      s += ", +" + (children.size() - n) + " more";
    }
    return s;
  }
}
