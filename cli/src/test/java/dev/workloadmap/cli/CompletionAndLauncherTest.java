package dev.workloadmap.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Shell completion scripts and the launcher script. Unit tier. */
class CompletionAndLauncherTest {

  @Test
  void bashCompletionCoversCommandsFlagEnumerationsAndCatalogTypes(@TempDir Path dir)
      throws Exception {
    Cli.Result r = Cli.exec("completion", "bash");
    assertThat(r.exitCode()).as(r.toString()).isZero();
    assertThat(r.out())
        .contains("complete -F _complete_workloadmap")
        .contains("describe")
        .contains("definitions")
        .contains("gangs")
        .contains("--pod-limit")
        .contains("--all-types")
        .contains("(\"table\" \"wide\" \"json\" \"yaml\")")
        .contains("\"jobset\"")
        .contains("\"pytorchjob\"")
        .contains("\"Running\"")
        .contains("\"Undefined\"");
    Path script = dir.resolve("workloadmap.bash");
    Files.writeString(script, r.out());
    assertThat(run(dir, "bash", "-n", script.toString())).isZero();
  }

  @Test
  void zshCompletionLoadsTheSameScriptThroughBashcompinit() {
    Cli.Result r = Cli.exec("completion", "zsh");
    assertThat(r.exitCode()).as(r.toString()).isZero();
    assertThat(r.out())
        .startsWith("# zsh")
        .contains("bashcompinit")
        .contains("complete -F _complete_workloadmap");
    assertThat(Cli.exec("completion", "fish").exitCode()).isEqualTo(ExitCodes.USAGE);
  }

  @Test
  void launcherNamesTheMissingJarAndHowToBuildIt(@TempDir Path dir) throws Exception {
    Path launcher = Path.of("src", "main", "sh", "workloadmap").toAbsolutePath();
    assertThat(launcher).isExecutable();
    Assumptions.assumeTrue(new File("/bin/sh").canExecute(), "no /bin/sh");
    ProcessBuilder pb =
        new ProcessBuilder("/bin/sh", launcher.toString(), "--version").redirectErrorStream(true);
    pb.environment().put("WORKLOADMAP_JAR", dir.resolve("missing.jar").toString());
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).isEqualTo(2);
    assertThat(out)
        .contains("runnable jar was not found at " + dir.resolve("missing.jar"))
        .contains("./mvnw -B -ntp package -pl cli -am");
  }

  @Test
  void launcherPassesTheArchiveOnlyForTheJarItWasDumpedFor(@TempDir Path dir) throws Exception {
    Path launcher = Path.of("src", "main", "sh", "workloadmap").toAbsolutePath();
    Assumptions.assumeTrue(new File("/bin/sh").canExecute(), "no /bin/sh");
    // a java that prints its arguments, a jar and its archive
    Path bin = Files.createDirectories(dir.resolve("jdk/bin"));
    Path java = Files.writeString(bin.resolve("java"), "#!/bin/sh\necho \"$@\"\n");
    assertThat(java.toFile().setExecutable(true)).isTrue();
    Path lib = Files.createDirectories(dir.resolve("lib"));
    Path jar = Files.writeString(lib.resolve("workloadmap-cli-1.0-all.jar"), "");
    Files.writeString(lib.resolve("workloadmap-cli-1.0-all.jsa"), "");
    String physicalJar = jar.toRealPath().toString();

    Files.writeString(lib.resolve("workloadmap-cli-1.0-all.jsa.jar"), physicalJar + "\n");
    assertThat(launch(launcher, dir, jar))
        .contains(
            "-XX:SharedArchiveFile=" + lib.toRealPath().resolve("workloadmap-cli-1.0-all.jsa"))
        .contains("-XX:ArchiveRelocationMode=0")
        .contains("-jar " + physicalJar + " --version");

    // dumped for a jar elsewhere (the jar and its archive were moved): the JVM could not use it,
    // and would then start
    // without the JDK's own archive either
    Files.writeString(lib.resolve("workloadmap-cli-1.0-all.jsa.jar"), "/elsewhere/x.jar\n");
    assertThat(launch(launcher, dir, jar))
        .doesNotContain("SharedArchiveFile")
        .doesNotContain("ArchiveRelocationMode")
        .contains("-jar " + physicalJar + " --version");

    // the jar rebuilt after the dump (found by the new-user trial: a package with
    // -Dworkloadmap.cds.skip keeps the
    // old archive): not the jar the archive was dumped from
    Files.writeString(lib.resolve("workloadmap-cli-1.0-all.jsa.jar"), physicalJar + "\n");
    Files.setLastModifiedTime(
        jar,
        FileTime.fromMillis(Files.getLastModifiedTime(lib.resolve("workloadmap-cli-1.0-all.jsa"))
                .toMillis()
            + 60_000));
    assertThat(launch(launcher, dir, jar))
        .doesNotContain("SharedArchiveFile")
        .contains("-jar " + physicalJar + " --version");

    Files.delete(lib.resolve("workloadmap-cli-1.0-all.jsa.jar"));
    assertThat(launch(launcher, dir, jar)).doesNotContain("SharedArchiveFile");
  }

  @Test
  void launcherLeavesTheCollectorToJavaOptsThatChooseOne(@TempDir Path dir) throws Exception {
    Path launcher = Path.of("src", "main", "sh", "workloadmap").toAbsolutePath();
    Assumptions.assumeTrue(new File("/bin/sh").canExecute(), "no /bin/sh");
    Path bin = Files.createDirectories(dir.resolve("jdk/bin"));
    Path java = Files.writeString(bin.resolve("java"), "#!/bin/sh\necho \"$@\"\n");
    assertThat(java.toFile().setExecutable(true)).isTrue();
    Path jar = Files.writeString(dir.resolve("workloadmap-cli-1.0-all.jar"), "");
    assertThat(launch(launcher, dir, jar, null)).contains("-XX:+UseG1GC");
    // the JVM refuses two collectors ("Multiple garbage collectors selected")
    assertThat(launch(launcher, dir, jar, "-Xmx1g -XX:+UseSerialGC"))
        .doesNotContain("-XX:+UseG1GC")
        .contains("-XX:+UseSerialGC");
    assertThat(launch(launcher, dir, jar, "-XX:+PrintGC -Xmx1g")).contains("-XX:+UseG1GC");
  }

  @Test
  void launcherNamesABrokenJavaHome(@TempDir Path dir) throws Exception {
    Path launcher = Path.of("src", "main", "sh", "workloadmap").toAbsolutePath();
    Assumptions.assumeTrue(new File("/bin/sh").canExecute(), "no /bin/sh");
    Path jar = Files.writeString(dir.resolve("workloadmap-cli-1.0-all.jar"), "");
    ProcessBuilder pb =
        new ProcessBuilder("/bin/sh", launcher.toString(), "--version").redirectErrorStream(true);
    pb.environment().put("WORKLOADMAP_JAR", jar.toString());
    pb.environment().put("JAVA_HOME", dir.resolve("no-such-jdk").toString());
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).isEqualTo(2);
    assertThat(out)
        .startsWith("error: JAVA_HOME is " + dir.resolve("no-such-jdk") + ", but ")
        .contains("is not an executable java")
        .contains("hint: point JAVA_HOME at a Java 17 or later installation");
  }

  private static String launch(Path launcher, Path dir, Path jar) throws Exception {
    return launch(launcher, dir, jar, null);
  }

  private static String launch(Path launcher, Path dir, Path jar, String javaOpts)
      throws Exception {
    ProcessBuilder pb =
        new ProcessBuilder("/bin/sh", launcher.toString(), "--version").redirectErrorStream(true);
    pb.environment().put("WORKLOADMAP_JAR", jar.toString());
    pb.environment().put("JAVA_HOME", dir.resolve("jdk").toString());
    pb.environment().remove("WORKLOADMAP_JAVA_OPTS");
    if (javaOpts != null) {
      pb.environment().put("WORKLOADMAP_JAVA_OPTS", javaOpts);
    }
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(out).isZero();
    return out;
  }

  @Test
  void versionAndHelp() {
    Cli.Result v = Cli.exec("--version");
    assertThat(v.exitCode()).isZero();
    assertThat(v.out()).matches("workloadmap \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?\n");
    Cli.Result none = Cli.exec();
    assertThat(none.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(none.err()).contains("a command is required");
    Cli.Result help = Cli.exec("--help");
    assertThat(help.out()).contains("Exit codes:").contains("3   no definition covers the type");
    for (String command :
        new String[] {"describe", "get", "definitions", "validate", "gangs", "completion"}) {
      for (String flag : new String[] {"--help", "-h"}) {
        Cli.Result sub = Cli.exec(command, flag);
        assertThat(sub.exitCode()).as("%s %s: %s", command, flag, sub.err()).isZero();
        assertThat(sub.out()).as("%s %s", command, flag).contains("Usage: workloadmap " + command);
      }
    }
  }

  private static int run(Path dir, String... cmd) throws Exception {
    Assumptions.assumeTrue(
        new File("/bin/bash").canExecute() || new File("/usr/bin/bash").canExecute(),
        "bash is not installed");
    Process p = new ProcessBuilder(cmd)
        .directory(dir.toFile())
        .redirectErrorStream(true)
        .start();
    p.getInputStream().readAllBytes();
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    return p.exitValue();
  }
}
