package dev.workloadmap.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.sdk.PreparedDefinition;
import dev.workloadmap.sdk.gang.GangPlan;
import dev.workloadmap.sdk.live.LiveTree;
import dev.workloadmap.sdk.scheduler.PodGroups;
import dev.workloadmap.sdk.scheduler.SchedulingPlan;
import dev.workloadmap.sdk.scheduler.SchedulingPlanner;
import dev.workloadmap.sdk.tree.WorkloadTree;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code gangs TYPE/NAME}: the gang plan of a live workload (docs/format.md#gangs, decision g), computed by the SDK
 * ({@code WorkloadMap.gangPlan}) from the pods attributed as in {@code describe}.
 *
 * <p>Text: the header line, then a table with one row per gang (GROUP, FORM {@code podGroups}/{@code podGroup}, KEY
 * (the group key tuple, comma-joined; {@code -} when the group has no keys), MIN MEMBER (pods the gang needs to start,
 * per gang), PODS (member pods now present) and SCOPE (the sub-structure the key identifies)), then per group its total
 * (the reference's whole-subtree figure) with its members' subtree scales, the subgroups left out and why, a group
 * without a gang and why, and the pods that joined no gang. JSON and YAML: {@code {kind, apiVersion, name, namespace,
 * definition, origin, groups, unassigned}} with the groups and unassigned pods of {@code GangJson}.
 */
@Command(
    name = "gangs",
    mixinStandardHelpOptions = true,
    description = "Show the gang plan (pod groups, minMember per gang) of a live workload.",
    sortOptions = false)
final class GangsCommand extends BaseCommand implements OutputOptions.Formatted {

  @Parameters(
      index = "0",
      arity = "0..1",
      paramLabel = "TYPE[/NAME]",
      description = "The type, optionally with /NAME.")
  String typeToken;

  @Parameters(
      index = "1",
      arity = "0..1",
      paramLabel = "NAME",
      description = "The workload's name.")
  String nameArg;

  @picocli.CommandLine.Mixin
  OutputOptions outputOptions;

  @Override
  public List<String> outputFormats() {
    return List.of("table", "json", "yaml", "kai", "volcano", "coscheduling");
  }

  @Override
  public String outputFormatsNote() {
    return "table, json and yaml show the gang plan; kai, volcano and coscheduling print that scheduler's PodGroups"
        + " as YAML for kubectl apply";
  }

  @Option(
      names = {"-f", "--filename"},
      paramLabel = "FILE",
      description = "Offline: the desired gangs of the object"
          + " in FILE (- for standard input), before any pod exists, without a cluster.")
  String file;

  @picocli.CommandLine.Mixin
  DocumentOption documentOption;

  @Option(
      names = "--queue",
      paramLabel = "QUEUE",
      description =
          "The scheduler queue of the PodGroups (default: the"
              + " workload's kai.scheduler/queue or project label, else default-queue for KAI and default for Volcano).")
  String queue;

  @Option(
      names = "--priority-class",
      paramLabel = "NAME",
      description = "The priority class of the PodGroups"
          + " (default: the workload's priorityClassName label, else train for KAI).")
  String priorityClass;

  @picocli.CommandLine.Mixin
  DefinitionFileOption definitionFile;

  @Override
  DefinitionSet.Entry extraDefinition() {
    return definitionFile.entry(wm());
  }

  private static final List<String> SCHEDULERS = List.of("kai", "volcano", "coscheduling");

  @Override
  boolean jsonErrors() {
    return outputOptions.json();
  }

  @Override
  int execute() {
    String format = outputOptions.format();
    PodGroups.Scheduler scheduler =
        SCHEDULERS.contains(format) ? PodGroups.Scheduler.parse(format) : null;
    Output out = scheduler != null ? Output.YAML : outputOptions.view();
    String pick = documentOption.forFile(file);
    if (file != null) {
      if (typeToken != null || nameArg != null) {
        throw CliException.usage(
            "-f cannot be combined with TYPE or NAME arguments",
            "use either gangs -f FILE or gangs TYPE/NAME");
      }
      dev.workloadmap.sdk.yaml.YamlDocument doc = DescribeCommand.readDocument(this, file, pick);
      JsonNode object = doc.root();
      DefinitionSet.Entry entry =
          DescribeCommand.entryFor(this, object, file.equals("-") ? "<stdin>" : file);
      PreparedDefinition p = new Workloads(wm()).prepare(entry.definition());
      SchedulingPlan plan = new SchedulingPlanner(wm()).desired(p, doc);
      if (scheduler != null) {
        env().out().print(podGroups(plan, object, scheduler));
      } else {
        env().out().print(planView(plan, entry, out));
      }
      return ExitCodes.OK;
    }
    Target t = target(typeToken, nameArg, "gangs");
    if (scheduler != null) {
      LiveTree live = DescribeCommand.liveTree(this, t.resolved(), t.object());
      PreparedDefinition p =
          new Workloads(wm()).prepare(t.resolved().definition().definition());
      SchedulingPlan plan = new SchedulingPlanner(wm()).live(p, t.object(), live);
      env().out().print(podGroups(plan, t.object(), scheduler));
      return ExitCodes.OK;
    }
    LiveTree live = DescribeCommand.liveTree(this, t.resolved(), t.object());
    PreparedDefinition p = new Workloads(wm()).prepare(t.resolved().definition().definition());
    GangPlan plan = wm().gangPlan(p, live);
    WorkloadTree tree = live.tree();
    String origin = t.resolved().definition().origin();
    // the plan groups the pods that exist; a minimum the tree could not read is said, never hidden
    tree.problems().stream()
        .filter(dev.workloadmap.sdk.EvaluationProblem::affectsGangSizes)
        .forEach(
            problem -> warn("a gang's minMember may not be the workload's: " + problem.format()));
    if (out.structured()) {
      ObjectNode o = JsonNodeFactory.instance.objectNode();
      o.put("kind", tree.object().kind());
      o.put("apiVersion", tree.object().apiVersion());
      o.put("name", tree.object().name());
      o.put("namespace", tree.object().namespace());
      o.put("definition", tree.definitionName());
      o.put("origin", origin);
      o.setAll(wm().toJson(plan));
      env().out().print(out.write(o));
      return ExitCodes.OK;
    }
    StringBuilder sb = new StringBuilder(tree.object().toString());
    if (!tree.object().namespace().isEmpty()) {
      sb.append("   namespace: ").append(tree.object().namespace());
    }
    sb.append("   definition: ")
        .append(tree.definitionName())
        .append(" (")
        .append(origin)
        .append(")\n\n");
    if (plan.groups().isEmpty()) {
      sb.append("No gang scheduling instructions in definition ")
          .append(tree.definitionName())
          .append(".\n");
      env().out().print(sb);
      return ExitCodes.OK;
    }
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"GROUP", "FORM", "KEY", "MIN MEMBER", "PODS", "SCOPE"});
    for (GangPlan.Group g : plan.groups()) {
      for (GangPlan.Gang x : g.gangs()) {
        rows.add(new String[] {
          g.name(),
          form(g),
          x.key().isEmpty() ? "-" : String.join(",", x.key()),
          Integer.toString(x.minMember()),
          Integer.toString(x.pods().size()),
          x.scope() == null ? "" : x.scope()
        });
      }
    }
    if (rows.size() > 1) {
      Tables.append(sb, rows);
    } else {
      sb.append("No gangs.\n");
    }
    sb.append("\nGroups:\n");
    for (GangPlan.Group g : plan.groups()) {
      List<String> members =
          g.members().stream().map(m -> m.component() + "=" + m.scale()).toList();
      sb.append("  ")
          .append(g.name())
          .append(" (")
          .append(form(g))
          .append("): total ")
          .append(g.total());
      if (!members.isEmpty()) {
        sb.append(" (").append(String.join(", ", members)).append(')');
      }
      sb.append('\n');
      for (GangPlan.LeftOut l : g.leftOut()) {
        sb.append("    left out: ")
            .append(l.component())
            .append(": ")
            .append(l.reason())
            .append('\n');
      }
      if (g.noGangReason() != null) {
        sb.append("    no gang: ").append(g.noGangReason()).append('\n');
      }
    }
    if (!plan.unassigned().isEmpty()) {
      sb.append("\nPods in no gang:\n");
      for (GangPlan.Unassigned u : plan.unassigned()) {
        sb.append("  ")
            .append(u.pod())
            .append(u.group() == null ? "" : " (" + u.group() + ")")
            .append(": ")
            .append(u.reason())
            .append('\n');
      }
    }
    env().out().print(sb);
    return ExitCodes.OK;
  }

  /** The PodGroups as YAML documents, each preceded by comments saying how its pods bind to it. */
  private String podGroups(SchedulingPlan plan, JsonNode object, PodGroups.Scheduler scheduler) {
    for (String[] o : new String[][] {{"--queue", queue}, {"--priority-class", priorityClass}}) {
      if (o[1] != null && o[1].isBlank()) {
        // an empty value would be written into PodGroups meant for kubectl apply
        throw CliException.usage(
            o[0] + " must not be empty",
            "leave " + o[0] + " out for the workload's own, or name one");
      }
    }
    PodGroups.Options options = new PodGroups.Options(queue, priorityClass);
    List<ObjectNode> groups = PodGroups.render(plan, object, scheduler, options);
    List<PodGroups.Binding> bindings = PodGroups.bindings(plan, object, scheduler, options);
    StringBuilder sb = new StringBuilder();
    sb.append("# ")
        .append(PodGroups.cliName(scheduler))
        .append(" PodGroups of ")
        .append(plan.workload().kind())
        .append('/')
        .append(plan.workload().name())
        .append(" (")
        .append(plan.source())
        .append(" gangs)\n");
    PodGroups.workloadAnnotations(scheduler)
        .forEach((k, v) -> sb.append("# the workload must carry the annotation ")
            .append(k)
            .append(": \"")
            .append(v)
            .append("\" (add it: these PodGroups are made outside KAI's pod grouper)\n"));
    for (String n : plan.notes()) {
      sb.append("# note: ").append(n.replace("\n", " ")).append('\n');
    }
    String uid = object.path("metadata").path("uid").asText("");
    if (!groups.isEmpty()
        && (uid.isEmpty() || object.path("metadata").path("name").asText("").isEmpty())) {
      // no ownerReference is possible (the API server refuses one without uid and name): say what
      // that means
      String note =
          "the workload has no metadata." + (uid.isEmpty() ? "uid" : "name") + ", so its PodGroups"
              + " carry no ownerReference and are not garbage-collected with the workload: delete them with it, or run"
              + " gangs on the live workload (TYPE/NAME) or on its kubectl get -o yaml";
      sb.append("# note: ").append(note).append('\n');
      env().err().println("note: " + note);
    }
    if (groups.isEmpty()) {
      sb.append("# no gang\n");
    }
    for (int i = 0; i < groups.size(); i++) {
      SchedulingPlan.Gang g = plan.gangs().get(i);
      String name = groups.get(i).path("metadata").path("name").asText();
      sb.append("---\n# gang ")
          .append(g.group())
          .append(g.key().isEmpty() ? "" : " " + String.join(",", g.key()))
          .append(": minMember ")
          .append(g.minMember())
          .append(", ")
          .append(g.pods().size())
          .append(" pod(s)\n");
      for (PodGroups.Binding b : bindings) {
        if (b.podGroup().equals(name)) {
          List<String> parts = new ArrayList<>();
          b.annotations().entrySet().stream()
              .sorted(java.util.Map.Entry.comparingByKey())
              .forEach(e -> parts.add("annotation " + e.getKey() + "=" + e.getValue()));
          b.labels().entrySet().stream()
              .sorted(java.util.Map.Entry.comparingByKey())
              .forEach(e -> parts.add("label " + e.getKey() + "=" + e.getValue()));
          sb.append("#   pod ")
              .append(b.pod())
              .append(": ")
              .append(String.join(", ", parts))
              .append('\n');
        }
      }
      sb.append(Output.YAML.write(groups.get(i)));
    }
    return sb.toString();
  }

  /** {@code gangs -f} without a scheduler: the desired gangs as a table, JSON or YAML. */
  private String planView(SchedulingPlan plan, DefinitionSet.Entry entry, Output out) {
    if (out.structured()) {
      ObjectNode o = JsonNodeFactory.instance.objectNode();
      o.put("kind", plan.workload().kind());
      o.put("apiVersion", plan.workload().apiVersion());
      o.put("name", plan.workload().name());
      o.put("namespace", plan.workload().namespace());
      o.put("definition", entry.name());
      o.put("origin", entry.origin());
      o.put("source", plan.source());
      ArrayNode gangs = o.putArray("gangs");
      for (SchedulingPlan.Gang g : plan.gangs()) {
        ObjectNode x = gangs.addObject();
        x.put("group", g.group());
        x.put("form", g.form());
        g.key().forEach(x.putArray("key")::add);
        x.put("minMember", g.minMember());
        x.put("podGroupName", PodGroups.name(g, PodGroups.Scheduler.KAI));
        ArrayNode subs = x.putArray("subGroups");
        g.subGroups()
            .forEach(s -> subs.addObject()
                .put("name", s.name())
                .put("component", s.component())
                .put("minMember", s.minMember()));
        x.set("minResources", g.minResources().toJson());
        g.pods().forEach(x.putArray("pods")::add);
      }
      plan.notes().forEach(o.putArray("notes")::add);
      return out.write(o);
    }
    StringBuilder sb =
        new StringBuilder(plan.workload().kind() + "/" + plan.workload().name());
    if (!plan.workload().namespace().isEmpty()) {
      sb.append("   namespace: ").append(plan.workload().namespace());
    }
    sb.append("   definition: ")
        .append(entry.name())
        .append(" (")
        .append(entry.origin())
        .append(")   (file mode: desired gangs, before any pod exists)\n\n");
    List<String[]> rows = new ArrayList<>();
    rows.add(
        new String[] {"GROUP", "FORM", "KEY", "MIN MEMBER", "SUBGROUPS", "PODS", "KAI PODGROUP"});
    for (SchedulingPlan.Gang g : plan.gangs()) {
      rows.add(new String[] {
        g.group(),
        g.form(),
        g.key().isEmpty() ? "-" : String.join(",", g.key()),
        Integer.toString(g.minMember()),
        g.subGroups().isEmpty()
            ? "-"
            : String.join(
                ",",
                g.subGroups().stream().map(s -> s.name() + "=" + s.minMember()).toList()),
        Integer.toString(g.pods().size()),
        PodGroups.name(g, PodGroups.Scheduler.KAI)
      });
    }
    if (rows.size() > 1) {
      Tables.append(sb, rows);
    } else {
      sb.append("No gangs.\n");
    }
    if (!plan.notes().isEmpty()) {
      sb.append("\nNotes:\n");
      plan.notes().forEach(n -> sb.append("  ").append(n).append('\n'));
    }
    return sb.toString();
  }

  private static String form(GangPlan.Group g) {
    return g.form() == GangPlan.Form.POD_GROUPS ? "podGroups" : "podGroup";
  }
}
