package dev.workloadmap.cli;

/** The entry point of the runnable jar: {@code java -jar workloadmap-cli-<version>-all.jar <command> ...}. */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    System.exit(WorkloadMapCli.run(args));
  }
}
