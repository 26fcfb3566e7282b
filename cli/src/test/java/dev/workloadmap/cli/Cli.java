package dev.workloadmap.cli;

import dev.workloadmap.sdk.catalog.Catalog;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;

/** Runs the CLI in-process with captured output, a fixed clock and an environment without any kubeconfig. */
final class Cli {
  /** The fixed "now" of every test: ages are computed against it. */
  static final Instant NOW = Instant.parse("2026-11-30T12:00:00Z");

  private static final Catalog CATALOG = Catalog.builtIn();

  /** One run's result. */
  record Result(int exitCode, String out, String err) {
    @Override
    public String toString() {
      return "exit " + exitCode + "\n--- stdout\n" + out + "--- stderr\n" + err;
    }
  }

  private final Map<String, String> environment = new HashMap<>();
  private String stdin = "";
  private Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);

  /** Ages against a clock three hours ahead of the real one: objects a server creates now are {@code 3h} old. */
  Cli threeHoursLater() {
    this.clock = Clock.offset(Clock.systemUTC(), java.time.Duration.ofHours(3));
    return this;
  }

  Cli env(String key, String value) {
    environment.put(key, value);
    return this;
  }

  Cli stdin(String text) {
    this.stdin = text;
    return this;
  }

  Result run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    Env env = new Env(
        new PrintWriter(out),
        new PrintWriter(err),
        new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
        clock,
        environment);
    int code = WorkloadMapCli.run(env, CATALOG, args);
    return new Result(code, out.toString(), err.toString());
  }

  static Result exec(String... args) {
    return new Cli().run(args);
  }
}
