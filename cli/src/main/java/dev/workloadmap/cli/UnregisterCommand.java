package dev.workloadmap.cli;

import dev.workloadmap.sdk.registration.DefinitionRegistry;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code unregister NAME...}: deletes registered definitions (Karta objects) by name. */
@Command(
    name = "unregister",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = "Remove registered definitions (Karta objects) from the cluster.")
final class UnregisterCommand extends BaseCommand {

  @Parameters(arity = "1..*", paramLabel = "NAME", description = "Names of registered definitions.")
  List<String> names = new ArrayList<>();

  @Option(
      names = "--dry-run",
      paramLabel = "MODE",
      description = "server: ask the server, delete nothing.")
  String dryRun;

  @Override
  int execute() {
    boolean dry = RegisterCommand.dryRunServer(dryRun);
    DefinitionRegistry registry = new DefinitionRegistry(cluster().client(), wm());
    int missing = 0;
    try {
      for (String n : names) {
        if (registry.unregister(n, dry)) {
          env().out().println("karta.run.ai/" + n + " deleted" + (dry ? " (dry run)" : ""));
        } else {
          env()
              .err()
              .println("error: no registered definition named " + n
                  + "\nhint: list them with: workloadmap definitions");
          missing++;
        }
      }
    } catch (KubernetesClientException e) {
      throw cluster().translate(e, "unregister definitions", "Karta");
    }
    return missing == 0 ? ExitCodes.OK : ExitCodes.WORKLOAD_NOT_FOUND;
  }
}
