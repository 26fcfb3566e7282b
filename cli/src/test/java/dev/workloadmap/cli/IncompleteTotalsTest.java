package dev.workloadmap.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 15 through the command line: an incomplete total is no number, and an unknown command is a usage error. */
class IncompleteTotalsTest {

  @TempDir
  Path dir;

  private Path seedWith(String from, String to) throws Exception {
    String seed = Files.readString(DescribeFileModeTest.SEED);
    int worker = seed.indexOf("- name: worker");
    Path p = dir.resolve("object.yaml");
    Files.writeString(p, seed.substring(0, worker) + seed.substring(worker).replaceFirst(from, to));
    return p;
  }

  @Test
  void negativeReplicasAreAProblemAtTheObjectsLineAndExitOne() throws Exception {
    Path p = seedWith("replicas: 2", "replicas: -1");
    Cli.Result r = Cli.exec("describe", "-f", p.toString());
    assertThat(r.exitCode()).as(r.toString()).isEqualTo(1);
    assertThat(r.out())
        .contains("TOTAL (incomplete)")
        .contains(p
            + ":30:7 /spec/replicatedJobs/1/replicas: component 'replicatedjob': failed to get scales:"
            + " failed to extract scales: replicas value -1 at index 1 is negative");
    assertThat(r.err())
        .contains("error: the totals are incomplete")
        .contains("hint: ")
        .contains("--allow-incomplete");
    assertThat(Cli.exec("describe", "-f", p.toString(), "--allow-incomplete").exitCode())
        .isZero();
    assertThat(Cli.exec("describe", "-f", p.toString(), "-o", "json").out())
        .contains("\"complete\" : false");
  }

  @Test
  void aFractionalGpuIsAFindingAtTheQuantitysLine() throws Exception {
    Path p = seedWith("nvidia.com/gpu: 4\n", "nvidia.com/gpu: \"500m\"\n");
    Cli.Result r = Cli.exec("describe", "-f", p.toString());
    assertThat(r.exitCode()).as(r.toString()).isEqualTo(1);
    assertThat(r.out())
        .contains(p + ":45:23 /spec/replicatedJobs/1/template/spec/template/spec/containers/0/"
            + "resources/requests/nvidia.com~1gpu: component 'replicatedjob': instance \"worker\": template.spec."
            + "containers[0].resources.requests[nvidia.com/gpu]: must be an integer, got \"500m\"");
  }

  @Test
  void aFractionalGpuRowIsNotANumberAndTheLeaderKeepsItsOwn() throws Exception {
    for (String q : new String[] {"\"500m\"", "\"0.5\""}) {
      Path p = seedWith("nvidia.com/gpu: 4\n", "nvidia.com/gpu: " + q + "\n");
      Cli.Result r = Cli.exec("describe", "-f", p.toString());
      assertThat(r.exitCode()).as(r.toString()).isEqualTo(1);
      assertThat(r.out())
          .as(q)
          .contains("└── worker  replicas: 2  gpu: ?")
          .contains("worker              2         ?    16   128Gi")
          .contains("TOTAL (incomplete)  3         ?    24   192Gi")
          .doesNotContain("gpu: 1")
          .doesNotContain("worker              2         1 ");
    }
  }

  @Test
  void aBadWorkerCountLeavesTheLeaderRowAlone() throws Exception {
    Path p = seedWith("replicas: 2", "replicas: -1");
    Cli.Result r = Cli.exec("describe", "-f", p.toString());
    assertThat(r.out())
        .contains("├── leader  replicas: 1  gpu: 4")
        .contains("└── worker  replicas: ?  gpu: ?")
        .contains("leader              1         4    8    64Gi")
        .contains("worker              ?         ?    ?    ?")
        .doesNotContain("replicas: 0");
  }

  @Test
  void quantityProblemsNameTheObjectsLineNotTheDefinitions() throws Exception {
    String[][] cases = {
      {"cpu: \"8\"", "cpu: \"-8\"", ":43:23 ", "resources/requests/cpu: "},
      {
        "nvidia.com/gpu: 4\n",
        "nvidia.com/gpu: -4\n",
        ":45:23 ",
        "resources/requests/nvidia.com~1gpu: "
      },
      {"memory: 64Gi", "memory: 64Gb", ":44:23 ", "resources/requests/memory: "},
      {
        "nvidia.com/gpu: 4\n",
        "nvidia.com/gpu: 99999999999999999999\n",
        ":45:23 ",
        "resources/requests/nvidia.com~1gpu: "
      },
      {
        "nvidia.com/gpu: 4\n",
        "nvidia.com/gpu: 2\n",
        ":45:23 ",
        "resources/requests/nvidia.com~1gpu: "
      },
    };
    for (String[] c : cases) {
      Path p = seedWith(c[0], c[1]);
      Cli.Result r = Cli.exec("describe", "-f", p.toString());
      assertThat(r.exitCode()).as(r.toString()).isEqualTo(1);
      String problems = r.out().substring(r.out().indexOf("Problems:"));
      assertThat(problems)
          .as(c[1])
          .contains("  " + p + c[2] + "/spec/replicatedJobs/1/template/spec/template/spec/"
              + "containers/0/" + c[3]);
      assertThat(problems.lines().filter(l -> l.startsWith("  ")).toList())
          .as(c[1])
          .allSatisfy(l -> assertThat(l).startsWith("  " + p + ":"));
    }
  }

  @Test
  void verifyKartaExitsOneOnIncompleteTotalsUnlessTolerated() throws Exception {
    Path p = seedWith("replicas: 2", "replicas: -1");
    String karta = DescribeFileModeTest.SEED
        .getParent()
        .getParent()
        .getParent()
        .resolve("definition.yaml")
        .toString();
    Cli.Result r =
        Cli.exec("verify", "--karta", karta, "--workload", p.toString(), "--no-round-trip");
    assertThat(r.exitCode()).as(r.toString()).isEqualTo(1);
    assertThat(r.out())
        .contains("=== Problems ===")
        .contains(p + ":30:7 /spec/replicatedJobs/1/replicas: ");
    assertThat(r.err())
        .contains("error: the totals of " + p + " are incomplete")
        .contains("--allow-incomplete");
    Cli.Result tolerated = Cli.exec(
        "verify",
        "--karta",
        karta,
        "--workload",
        p.toString(),
        "--no-round-trip",
        "--allow-incomplete");
    assertThat(tolerated.exitCode()).as(tolerated.toString()).isZero();
    assertThat(tolerated.out()).contains("=== Warnings ===").contains("  " + p + ":30:7 ");
    Path good = seedWith("replicas: 2", "replicas: 2");
    assertThat(
            Cli.exec("verify", "--karta", karta, "--workload", good.toString(), "--no-round-trip")
                .out())
        .doesNotContain("=== Problems ===");
  }

  @Test
  void aBinaryFileIsReportedAsNotText() throws Exception {
    Path p = dir.resolve("binary.yaml");
    Files.write(p, new byte[] {(byte) 0xff, (byte) 0xfe, (byte) 0xfd, 0, 1, 2, (byte) 0xc3});
    Cli.Result r = Cli.exec("describe", "-f", p.toString());
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).doesNotContain("Input length").contains("hint: ");
  }

  @Test
  void anUnknownCommandWithHelpIsAUsageError() {
    Cli.Result r = Cli.exec("no-such-command", "--help");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err())
        .contains("error: unknown command \"no-such-command\"")
        .contains("hint: the commands are ");
    assertThat(r.out()).doesNotContain("Usage: workloadmap");
  }
}
