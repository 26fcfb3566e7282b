package dev.workloadmap.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Regressions of a new user's first session with the CLI: each test is one finding of that trial. Unit tier. */
class NewUserFindingsTest {

  /** Bytes that are not UTF-8 (a PNG header and an invalid 3-byte sequence). */
  private static final byte[] BINARY = {
    (byte) 0x89,
    'P',
    'N',
    'G',
    '\r',
    '\n',
    0x1a,
    '\n',
    (byte) 0xe2,
    (byte) 0x28,
    (byte) 0xa1,
    0,
    0,
    0,
    0x0d,
    'I',
    'H',
    'D',
    'R',
    (byte) 0xff,
    (byte) 0xfe,
    (byte) 0xc3
  };

  private static Path binary(Path dir) throws Exception {
    Path f = dir.resolve("logo.png");
    Files.write(f, BINARY);
    return f;
  }

  private static void saysNotTextWithHint(Cli.Result r, Path file) {
    assertThat(r.exitCode()).as(r.toString()).isEqualTo(ExitCodes.USAGE);
    assertThat(r.err())
        .as(r.toString())
        .contains(file.toString())
        .contains("not UTF-8 text")
        .contains("not YAML")
        .containsPattern("(?m)^hint: .+")
        .doesNotContain("Input length")
        .doesNotContain("Exception");
  }

  @Test
  void validateOfABinaryFileSaysItIsNotText(@TempDir Path dir) throws Exception {
    Path f = binary(dir);
    saysNotTextWithHint(Cli.exec("validate", f.toString()), f);
  }

  @Test
  void validateWithABinaryCrdSaysItIsNotText(@TempDir Path dir) throws Exception {
    Path f = binary(dir);
    saysNotTextWithHint(
        Cli.exec("validate", ValidateCommandTest.JOB.toString(), "--crd", f.toString()), f);
  }

  @Test
  void fileModeOfABinaryFileSaysItIsNotText(@TempDir Path dir) throws Exception {
    Path f = binary(dir);
    saysNotTextWithHint(Cli.exec("describe", "-f", f.toString()), f);
    saysNotTextWithHint(Cli.exec("gangs", "-f", f.toString()), f);
  }

  @Test
  void validateOfAnEmptyFileFails(@TempDir Path dir) throws Exception {
    Path empty = dir.resolve("empty.yaml");
    Files.writeString(empty, "");
    Path comments = dir.resolve("comments.yaml");
    Files.writeString(comments, "# nothing yet\n---\n");
    for (Path f : new Path[] {empty, comments}) {
      Cli.Result r = Cli.exec("validate", f.toString());
      assertThat(r.exitCode()).as(r.toString()).isEqualTo(ExitCodes.ERROR);
      assertThat(r.out())
          .as(r.toString())
          .startsWith("INVALID: " + f)
          .contains(f + ": the file holds no definition")
          .contains("[file.no-definition]");
    }
  }

  @Test
  void anEmptyFileInAFolderIsAnErrorAndTheOthersAreStillValidated(@TempDir Path dir)
      throws Exception {
    Files.writeString(dir.resolve("a-empty.yaml"), "");
    Files.copy(ValidateCommandTest.JOB, dir.resolve("b-job.yaml"));
    Cli.Result r = Cli.exec("validate", dir.toString());
    assertThat(r.exitCode()).as(r.toString()).isEqualTo(ExitCodes.ERROR);
    assertThat(r.out())
        .contains(
            "INVALID: " + dir.resolve("a-empty.yaml"),
            "OK: batch-job-v1",
            "Validated 2 definitions in 2 files: 1 error, 0 warnings");
  }

  @Test
  void twoDefinitionsOfOneKindInAFolderAreAnErrorAtBothPositions(@TempDir Path dir)
      throws Exception {
    String job = Files.readString(ValidateCommandTest.JOB);
    Path first = dir.resolve("a.yaml");
    Path second = dir.resolve("b.yaml");
    Files.writeString(first, job);
    Files.writeString(second, job.replace("name: batch-job-v1", "name: my-job"));
    Cli.Result r = Cli.exec("validate", dir.toString());
    assertThat(r.exitCode()).as(r.toString()).isEqualTo(ExitCodes.ERROR);
    assertThat(r.out())
        .as(r.toString())
        .contains("OK: batch-job-v1", "INVALID: my-job")
        .containsPattern(java.util.regex.Pattern.quote(second.toString()) + ":\\d+:\\d+ "
            + "/spec/structureDefinition/rootComponent/kind: definition my-job covers batch/v1, Kind=Job, which"
            + " definition batch-job-v1 at " + java.util.regex.Pattern.quote(first.toString())
            + ":\\d+:\\d+ already"
            + " covers \\[definition.duplicate-gvk\\]");
  }

  @Test
  void definitionGivenADirectorySaysSo(@TempDir Path dir) throws Exception {
    Files.copy(ValidateCommandTest.JOB, dir.resolve("definition.yaml"));
    Cli.Result r = Cli.exec(
        "describe",
        "-f",
        GangsSchedulerCommandTest.SEED.toString(),
        "--definition",
        dir.toString());
    assertThat(r.exitCode()).as(r.toString()).isEqualTo(ExitCodes.USAGE);
    assertThat(r.err())
        .contains("--definition " + dir + " is a directory")
        .doesNotContain("no such file")
        .contains("hint: give one definition file, for example --definition "
            + dir.resolve("definition.yaml"));
  }

  @Test
  void everyJsonErrorHasTypeMessageHintAndItsLocation(@TempDir Path dir) throws Exception {
    ObjectMapper m = new ObjectMapper();
    // a usage error that concerns no type
    JsonNode usage =
        m.readTree(Cli.exec("describe", "--pod-limit", "-1", "-o", "json").out());
    assertThat(usage.has("type")).as(usage.toString()).isTrue();
    assertThat(usage.path("error").asText()).isEqualTo("usage");
    assertThat(usage.path("message").asText()).contains("--pod-limit");
    assertThat(usage.path("hint").asText()).isNotEmpty();
    // no definition for the file's type: the type is named
    Path obj = dir.resolve("w.yaml");
    Files.writeString(obj, "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\n");
    JsonNode none =
        m.readTree(Cli.exec("describe", "-f", obj.toString(), "-o", "json").out());
    assertThat(none.path("error").asText()).isEqualTo("no_definition_for_type");
    assertThat(none.path("type").asText()).contains("Widget");
    // a YAML error: file, line and column
    Path broken = dir.resolve("broken.yaml");
    Files.writeString(broken, "apiVersion: v1\nkind: Pod\nmetadata: {name: x\n");
    JsonNode yaml =
        m.readTree(Cli.exec("describe", "-f", broken.toString(), "-o", "json").out());
    assertThat(yaml.has("type")).isTrue();
    assertThat(yaml.path("file").asText()).isEqualTo(broken.toString());
    assertThat(yaml.path("line").asInt()).isPositive();
    assertThat(yaml.path("column").asInt()).isPositive();
    assertThat(yaml.path("hint").asText()).isNotEmpty();
  }

  @Test
  void anInvalidDefinitionAsJsonNamesTheFirstErrorsPlace(@TempDir Path dir) throws Exception {
    // found by the new-user trial: -o json carried the findings in the message but no
    // file/line/column
    Path def = dir.resolve("def.yaml");
    Files.writeString(
        def,
        Files.readString(Path.of(
                "../catalog/src/main/workloadmap/jobset-x-k8s-io-jobset-v1alpha2/definition.yaml"))
            .replace("expression: .spec.suspend == true", "expression: .spec.suspend == (true"));
    Cli.Result r = Cli.exec(
        "describe",
        "-f",
        GangsSchedulerCommandTest.SEED.toString(),
        "--definition",
        def.toString(),
        "-o",
        "json");
    assertThat(r.exitCode()).as(r.toString()).isEqualTo(ExitCodes.ERROR);
    JsonNode e = new ObjectMapper().readTree(r.out());
    assertThat(e.path("error").asText()).isEqualTo("invalid_definition");
    assertThat(e.path("message").asText()).contains("[jq.parse]");
    assertThat(e.path("file").asText()).isEqualTo(def.toString());
    assertThat(e.path("line").asInt()).isEqualTo(59);
    assertThat(e.path("pointer").asText()).endsWith("/byExpression/expression");
    assertThat(e.path("hint").asText()).startsWith("fix it and check with: workloadmap validate");
  }

  @Test
  void theNoCommandMessageListsEverySubcommand() {
    Cli.Result r = Cli.exec();
    assertThat(r.exitCode()).isEqualTo(ExitCodes.USAGE);
    Env env = new Env(
        new java.io.PrintWriter(new java.io.StringWriter()),
        new java.io.PrintWriter(new java.io.StringWriter()),
        java.io.InputStream.nullInputStream(),
        java.time.Clock.systemUTC(),
        java.util.Map.of());
    var spec = WorkloadMapCli.commandLine(
            env, dev.workloadmap.sdk.catalog.Catalog.builtInOnDemand())
        .getCommandSpec();
    assertThat(spec.subcommands()).hasSizeGreaterThan(8);
    for (String name : spec.subcommands().keySet()) {
      assertThat(r.err()).as(name).contains(name);
    }
    assertThat(r.err()).contains("verify", "register", "unregister");
  }

  @Test
  void anUnknownCommandIsAUsageErrorWithASuggestionEvenWithHelp() {
    for (String[] args :
        new String[][] {{"descibe"}, {"descibe", "--help"}, {"--help", "descibe"}}) {
      Cli.Result r = Cli.exec(args);
      assertThat(r.exitCode()).as(String.join(" ", args) + "\n" + r).isEqualTo(ExitCodes.USAGE);
      assertThat(r.err())
          .contains("unknown command \"descibe\"")
          .contains("did you mean describe?");
      assertThat(r.out()).doesNotContain("Usage: workloadmap [");
    }
    Cli.Result far = Cli.exec("frobnicate");
    assertThat(far.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(far.err())
        .contains("unknown command \"frobnicate\"")
        .doesNotContain("did you mean")
        .contains("hint: the commands are ");
  }

  @Test
  void helpOfAMisspeltCommandSuggestsTheCommand() {
    Cli.Result r = Cli.exec("help", "descibe");
    assertThat(r.exitCode()).as(r.toString()).isEqualTo(ExitCodes.USAGE);
    assertThat(r.err())
        .contains("error: unknown command \"descibe\"\n")
        .contains("hint: did you mean describe? the commands are ")
        .contains("(see workloadmap --help)");
  }

  @Test
  void aCommandAfterDoubleDashIsNotSuggestedAsItself() {
    Cli.Result r = Cli.exec("--", "describe", "-f", "x.yaml");
    assertThat(r.exitCode()).as(r.toString()).isEqualTo(ExitCodes.USAGE);
    assertThat(r.err())
        .contains("error: \"describe\" after \"--\" is read as an argument, not a command")
        .contains("hint: leave out the --: workloadmap describe ...")
        .doesNotContain("did you mean describe");
  }

  @Test
  void aDefinitionFileWithBrokenYamlNamesTheErrorsOwnPlace(@TempDir Path dir) throws Exception {
    Path bad = dir.resolve("bad.yaml");
    Files.writeString(
        bad, "apiVersion: run.ai/v1alpha1\nkind: Karta\nmetadata: {name: x\nspec: [\n");
    Cli.Result r = Cli.exec(
        "describe", "-f", DescribeFileModeTest.SEED.toString(), "--definition", bad.toString());
    assertThat(r.exitCode()).as(r.toString()).isEqualTo(ExitCodes.USAGE);
    assertThat(r.err())
        .containsPattern("error: --definition " + java.util.regex.Pattern.quote(bad.toString())
            + ":4:\\d+: expected ',' or '}'");
  }

  @Test
  void aParseErrorIsJsonWhenTheCommandAsksForJson() throws Exception {
    for (String[] args : new String[][] {
      {"describe", "-f", "x.yaml", "--pod-limit=abc", "-o", "json"},
      {"describe", "-ojson", "-f", "x.yaml", "--pod-limit", "abc"},
      {"gangs", "--output=json", "-f", "x.yaml", "--no-such-option"},
    }) {
      Cli.Result r = Cli.exec(args);
      assertThat(r.exitCode()).as(r.toString()).isEqualTo(ExitCodes.USAGE);
      assertThat(r.err()).as(r.toString()).isEmpty();
      JsonNode e = new ObjectMapper().readTree(r.out());
      assertThat(e.path("error").asText()).isEqualTo("usage");
      assertThat(e.path("message").asText()).as(r.toString()).isNotEmpty();
      assertThat(e.path("hint").asText()).startsWith("see workloadmap " + args[0] + " --help");
    }
    // without -o json, or with it after --, the error stays text
    Cli.Result text = Cli.exec("describe", "-f", "x.yaml", "--pod-limit=abc");
    assertThat(text.err()).startsWith("error: Invalid value for option '--pod-limit'");
    assertThat(WorkloadMapCli.asksForJson(new String[] {"get", "--", "-o", "json"}))
        .isFalse();
    assertThat(WorkloadMapCli.asksForJson(new String[] {"get", "-o", "yaml"})).isFalse();
    assertThat(WorkloadMapCli.asksForJson(new String[] {"get", "-o=JSON"})).isTrue();
  }

  @Test
  void aKubeconfigWithBrokenYamlIsOneLineAtItsPlace(@TempDir Path dir) throws Exception {
    Path cfg = dir.resolve("config");
    Files.writeString(cfg, "apiVersion: v1\nkind: Config\nclusters: [\n");
    Cli.Result r = Cli.exec("get", "jobsets", "--kubeconfig", cfg.toString());
    assertThat(r.exitCode()).as(r.toString()).isEqualTo(ExitCodes.USAGE);
    String[] lines = r.err().split("\n");
    assertThat(lines[0]).startsWith("error: " + cfg + ":4:1");
    assertThat(lines[1]).isEqualTo("hint: fix the YAML of the kubeconfig " + cfg);
    assertThat(r.err()).doesNotContain("in reader").doesNotContain("^");
  }

  @Test
  void anEmptyOrMalformedGpuResourceQueueOrDirectoryIsAUsageError(@TempDir Path dir) {
    String seed = DescribeFileModeTest.SEED.toString();
    for (String gpu : new String[] {"", "nvidia.com/gpu ", "a/b/c"}) {
      Cli.Result r = Cli.exec("describe", "-f", seed, "--gpu-resource", gpu);
      assertThat(r.exitCode()).as(r.toString()).isEqualTo(ExitCodes.USAGE);
      assertThat(r.err()).contains("--gpu-resource \"" + gpu + "\" is not a resource name");
      assertThat(r.out()).isEmpty();
    }
    assertThat(Cli.exec("describe", "-f", seed, "--gpu-resource", "amd.com/gpu").exitCode())
        .isZero();
    for (String[] args : new String[][] {
      {"gangs", "-f", seed, "-o", "volcano", "--queue", ""},
      {"gangs", "-f", seed, "-o", "kai", "--priority-class", " "},
    }) {
      Cli.Result r = Cli.exec(args);
      assertThat(r.exitCode()).as(r.toString()).isEqualTo(ExitCodes.USAGE);
      assertThat(r.err()).contains("must not be empty");
      assertThat(r.out()).isEmpty();
    }
    Cli.Result folder = Cli.exec("describe", "-f", dir.toString());
    assertThat(folder.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(folder.err())
        .contains("error: " + dir + " is a directory")
        .contains("hint: -f takes the file of one object")
        .doesNotContain("fix the YAML");
    Cli.Result kai = Cli.exec("gangs", "-f", seed, "-o", "kai");
    assertThat(kai.out())
        .contains("# the workload must carry the annotation kai.scheduler/skip-podgrouper");
  }

  @Test
  void anEmptyFileNameIsAUsageError() {
    for (String command : List.of("describe", "gangs")) {
      Cli.Result r = Cli.exec(command, "-f", "");
      assertThat(r.exitCode()).as(r.toString()).isEqualTo(ExitCodes.USAGE);
      assertThat(r.err())
          .as(command)
          .contains("error: -f needs a file name")
          .contains("hint: give the object's file, or - for standard input");
    }
  }

  @Test
  void aSubcommandsHelpIsItsOwn() {
    Cli.Result r = Cli.exec("register", "--help");
    assertThat(r.exitCode()).as(r.toString()).isZero();
    assertThat(r.out()).startsWith("Usage: workloadmap register");
  }

  @Test
  void gangsOfAnObjectWithoutUidSayThePodGroupsAreNotCollected() {
    Cli.Result r = Cli.exec("gangs", "-f", GangsSchedulerCommandTest.SEED.toString(), "-o", "kai");
    assertThat(r.exitCode()).as(r.toString()).isZero();
    assertThat(r.err())
        .contains("note: ")
        .contains("no metadata.uid")
        .contains("not garbage-collected with the workload");
    assertThat(r.out())
        .contains("# note: the workload has no metadata.uid")
        .doesNotContain("ownerReferences");
  }

  @org.junit.jupiter.params.ParameterizedTest(name = "{0}")
  @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', textBlock = """
      get          | table, wide, json, yaml
      describe     | table, json, yaml
      definitions  | table, json, yaml
      gangs        | table, json, yaml, kai, volcano, coscheduling
      """)
  void outputIsOneOptionWithOneListOneErrorAndOneHelp(String command, String formats) {
    Cli.Result bad = Cli.exec(command, "-o", "xml");
    assertThat(bad.exitCode()).as(bad.toString()).isEqualTo(ExitCodes.USAGE);
    assertThat(bad.err())
        .isEqualTo(
            "error: --output \"xml\" must be one of " + formats + "\nhint: for example -o json\n");
    Cli.Result help = Cli.exec(command, "--help");
    assertThat(help.out().replaceAll("\\s+", " "))
        .contains("-o, --output=FORMAT One of " + formats);
    Env env = new Env(
        new java.io.PrintWriter(new java.io.StringWriter()),
        new java.io.PrintWriter(new java.io.StringWriter()),
        java.io.InputStream.nullInputStream(),
        java.time.Clock.systemUTC(),
        java.util.Map.of());
    var option = WorkloadMapCli.commandLine(
            env, dev.workloadmap.sdk.catalog.Catalog.builtInOnDemand())
        .getSubcommands()
        .get(command)
        .getCommandSpec()
        .findOption("-o");
    assertThat(String.join(", ", option.completionCandidates())).isEqualTo(formats);
  }

  /**
   * An https:// server that answers in plain HTTP (a wrong port, a plain test server): one error saying so, with a
   * hint about the port, not "check that the cluster is up" and not the JDK's hex dump of the answer; the warning
   * about the same failure while the cluster's definitions were listed is not printed after it.
   */
  @Test
  void anHttpsServerThatAnswersInPlainTextIsOneTlsErrorWithAPortHint(@TempDir Path dir)
      throws Exception {
    // a plain HTTP server as python's http.server answers a TLS hello: a 400 in plain text
    java.net.ServerSocket plain =
        new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress());
    Thread answering = new Thread(() -> {
      while (!plain.isClosed()) {
        try (java.net.Socket s = plain.accept()) {
          s.getInputStream().read(new byte[512]);
          s.getOutputStream()
              .write("HTTP/1.0 400 Bad request\r\nContent-Type: text/html\r\n\r\n<html>bad</html>\n"
                  .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        } catch (java.io.IOException closed) {
          // the test is over, or the client hung up
        }
      }
    });
    answering.setDaemon(true);
    answering.start();
    try {
      String server = "https://127.0.0.1:" + plain.getLocalPort();
      Path cfg = SeedCluster.kubeconfigWithoutAuthority(dir, server);
      Cli.Result r =
          Cli.exec("get", "jobsets", "--kubeconfig", cfg.toString(), "--request-timeout", "2s");
      assertThat(r.exitCode()).as(r.toString()).isEqualTo(ExitCodes.ERROR);
      assertThat(r.err())
          .as(r.toString())
          .startsWith("error: no TLS connection to the API server at " + server)
          .contains("it answered in plain text, not TLS")
          .contains("hint: the server does not speak TLS on that port")
          .doesNotContain("not an SSL/TLS record")
          .doesNotContain("warning:")
          .doesNotContain("check that the cluster is up");
    } finally {
      plain.close();
    }
  }
}
