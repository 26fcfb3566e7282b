package dev.workloadmap.cli;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.sdk.PreparedDefinition;
import dev.workloadmap.sdk.gang.GangPlan;
import dev.workloadmap.sdk.live.LiveTree;
import dev.workloadmap.sdk.tree.WorkloadTree;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code gangs TYPE/NAME}: the gang plan of a live workload (spec §5.11, decision g), computed by the SDK ({@code
 * WorkloadMap.gangPlan}) from the pods attributed as in {@code describe}.
 *
 * <p>Text: the header line, then a table with one row per gang (GROUP, FORM {@code podGroups}/{@code podGroup}, KEY
 * (the group key tuple, comma-joined; {@code -} when the group has no keys), MIN MEMBER (pods the gang needs to start,
 * per gang), PODS (member pods now present) and SCOPE (the sub-structure the key identifies)), then per group its total
 * (the reference's whole-subtree figure) with its members' subtree scales, the subgroups left out and why, a group
 * without a gang and why, and the pods that joined no gang. JSON and YAML: {@code {kind, apiVersion, name, namespace,
 * definition, origin, groups, unassigned}} with the groups and unassigned pods of {@code GangJson}.
 */
@Command(name = "gangs", mixinStandardHelpOptions = true, description = "Show the gang plan (pod groups, minMember per gang) of a live workload.",
    sortOptions = false)
final class GangsCommand extends BaseCommand {

  @Parameters(index = "0", arity = "0..1", paramLabel = "TYPE[/NAME]", description = "The type, optionally with /NAME.")
  String typeToken;

  @Parameters(index = "1", arity = "0..1", paramLabel = "NAME", description = "The workload's name.")
  String nameArg;

  @Option(names = {"-o", "--output"}, paramLabel = "FORMAT", defaultValue = "table",
      completionCandidates = Formats.Describe.class, description = "table, json or yaml (default: ${DEFAULT-VALUE}).")
  String output;

  @Override
  boolean jsonErrors() {
    return "json".equalsIgnoreCase(output);
  }

  @Override
  int execute() {
    Output out = Output.parse(output, List.of(Output.TABLE, Output.JSON, Output.YAML));
    Target t = target(typeToken, nameArg, "gangs");
    LiveTree live = DescribeCommand.liveTree(this, t.resolved(), t.object());
    PreparedDefinition p = new Workloads(wm()).prepare(t.resolved().definition().definition());
    GangPlan plan = wm().gangPlan(p, live);
    WorkloadTree tree = live.tree();
    String origin = t.resolved().definition().origin();
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
    sb.append("   definition: ").append(tree.definitionName()).append(" (").append(origin).append(")\n\n");
    if (plan.groups().isEmpty()) {
      sb.append("No gang scheduling instructions in definition ").append(tree.definitionName()).append(".\n");
      env().out().print(sb);
      return ExitCodes.OK;
    }
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"GROUP", "FORM", "KEY", "MIN MEMBER", "PODS", "SCOPE"});
    for (GangPlan.Group g : plan.groups()) {
      for (GangPlan.Gang x : g.gangs()) {
        rows.add(new String[] {g.name(), form(g), x.key().isEmpty() ? "-" : String.join(",", x.key()),
            Integer.toString(x.minMember()), Integer.toString(x.pods().size()), x.scope() == null ? "" : x.scope()});
      }
    }
    if (rows.size() > 1) {
      Tables.append(sb, rows);
    } else {
      sb.append("No gangs.\n");
    }
    sb.append("\nGroups:\n");
    for (GangPlan.Group g : plan.groups()) {
      List<String> members = g.members().stream().map(m -> m.component() + "=" + m.scale()).toList();
      sb.append("  ").append(g.name()).append(" (").append(form(g)).append("): total ").append(g.total());
      if (!members.isEmpty()) {
        sb.append(" (").append(String.join(", ", members)).append(')');
      }
      sb.append('\n');
      for (GangPlan.LeftOut l : g.leftOut()) {
        sb.append("    left out: ").append(l.component()).append(": ").append(l.reason()).append('\n');
      }
      if (g.noGangReason() != null) {
        sb.append("    no gang: ").append(g.noGangReason()).append('\n');
      }
    }
    if (!plan.unassigned().isEmpty()) {
      sb.append("\nPods in no gang:\n");
      for (GangPlan.Unassigned u : plan.unassigned()) {
        sb.append("  ").append(u.pod()).append(u.group() == null ? "" : " (" + u.group() + ")").append(": ")
            .append(u.reason()).append('\n');
      }
    }
    env().out().print(sb);
    return ExitCodes.OK;
  }

  private static String form(GangPlan.Group g) {
    return g.form() == GangPlan.Form.POD_GROUPS ? "podGroups" : "podGroup";
  }
}
