package dev.workloadmap.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workloadmap.sdk.catalog.Catalog;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/**
 * A run builds picocli's model of the one subcommand it runs ({@link WorkloadMapCli#commandFor}); these tests show that
 * it answers exactly as the whole tree does, including the runs that must get the whole tree.
 */
class SubcommandModelTest {

  private static final Catalog CATALOG = Catalog.builtIn();
  private static final String SEED =
      "../catalog/src/main/workloadmap/jobset-x-k8s-io-jobset-v1alpha2/fixtures/seed-leader-and-workers/object.yaml";

  static List<String> argumentLists() {
    return List.of(
        "--version",
        "-V",
        "--help",
        "",
        "help",
        "help describe",
        "desribe -f " + SEED,
        "--gpu-resource amd.com/gpu describe -f " + SEED,
        "describe -f " + SEED,
        "describe -f " + SEED + " -o json",
        "describe -f " + SEED + " -o yaml --gpu-resource amd.com/gpu",
        "describe -f " + SEED + " -o wide",
        "describe -f no-such-file.yaml",
        "describe",
        "describe --help",
        "describe -h",
        "describe -V",
        "describe --bogus",
        "describe -f " + SEED + " extra",
        "gangs -f " + SEED,
        "gangs --help",
        "get",
        "get --help",
        "get --bogus",
        "definitions",
        "definitions -o json",
        "definitions extra",
        "validate",
        "validate --help",
        "validate ../catalog/src/main/workloadmap/jobset-x-k8s-io-jobset-v1alpha2/definition.yaml",
        "verify --help",
        "register --help",
        "unregister --help",
        "completion bash",
        "completion fish",
        "completion --help",
        "--version --help",
        "-V describe");
  }

  @ParameterizedTest
  @MethodSource("argumentLists")
  void aRunAnswersAsTheWholeTreeDoes(String line) {
    String[] args = line.isEmpty() ? new String[0] : line.split(" ");
    Run oneCommand = run(args, WorkloadMapCli.commandFor(args));
    Run whole = run(args, WorkloadMapCli.SUBCOMMANDS);
    assertThat(oneCommand).isEqualTo(whole);
  }

  @Test
  void aRunOfOneCommandBuildsThatCommandAlone() {
    assertThat(WorkloadMapCli.commandFor("describe", "-f", "x.yaml"))
        .containsExactly(DescribeCommand.class);
    assertThat(WorkloadMapCli.commandFor("get", "jobset")).containsExactly(GetCommand.class);
    assertThat(WorkloadMapCli.commandFor("completion", "bash"))
        .containsExactly(CompletionCommand.class);
    assertThat(WorkloadMapCli.commandFor("--version")).isEmpty();
    assertThat(WorkloadMapCli.commandFor("-V")).isEmpty();
    // the whole tree: help lists the commands, and so do the messages about unknown commands
    for (String[] args : List.of(
        new String[0],
        new String[] {"help", "describe"},
        new String[] {"--help"},
        new String[] {"desribe"},
        new String[] {"--gpu-resource", "x", "describe"},
        new String[] {"--version", "--help"},
        new String[] {"DESCRIBE"})) {
      assertThat(WorkloadMapCli.commandFor(args)).isEqualTo(WorkloadMapCli.SUBCOMMANDS);
    }
    // every subcommand is reachable by its own name
    for (Class<?> c : WorkloadMapCli.SUBCOMMANDS) {
      String name = c.getAnnotation(CommandLine.Command.class).name();
      List<Class<?>> expected =
          c == CommandLine.HelpCommand.class ? WorkloadMapCli.SUBCOMMANDS : List.of(c);
      assertThat(WorkloadMapCli.commandFor(name, "--help")).as(name).isEqualTo(expected);
    }
  }

  @Test
  void theWholeTreeHasEverySubcommandInHelpOrder() {
    CommandLine cmd =
        WorkloadMapCli.commandLine(env(new StringWriter(), new StringWriter()), CATALOG);
    assertThat(cmd.getSubcommands().keySet())
        .containsExactly(
            "get",
            "describe",
            "definitions",
            "validate",
            "gangs",
            "verify",
            "register",
            "unregister",
            "completion",
            "help");
  }

  record Run(int exitCode, String out, String err) {}

  private static Run run(String[] args, List<Class<?>> subcommands) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    Env env = env(out, err);
    CommandLine cmd = WorkloadMapCli.commandLine(env, CATALOG, subcommands);
    int code = cmd.execute(args);
    env.out().flush();
    env.err().flush();
    return new Run(code, out.toString(), err.toString());
  }

  private static Env env(StringWriter out, StringWriter err) {
    return new Env(
        new PrintWriter(out),
        new PrintWriter(err),
        new ByteArrayInputStream(new byte[0]),
        Clock.fixed(Instant.parse("2026-11-30T12:00:00Z"), ZoneOffset.UTC),
        Map.of());
  }
}
