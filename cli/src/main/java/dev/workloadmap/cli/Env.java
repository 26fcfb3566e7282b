package dev.workloadmap.cli;

import java.io.InputStream;
import java.io.PrintWriter;
import java.time.Clock;
import java.util.Map;
import java.util.Objects;

/**
 * What a command reads and writes besides its arguments: standard output and error, standard input (for {@code -f -}
 * and {@code validate -}), the clock (for AGE columns) and the process environment (for {@code KUBECONFIG}). Tests
 * pass their own.
 *
 * @param out standard output
 * @param err standard error
 * @param in standard input
 * @param clock the clock ages are computed against
 * @param environment the environment variables
 */
public record Env(
    PrintWriter out,
    PrintWriter err,
    InputStream in,
    Clock clock,
    Map<String, String> environment) {
  public Env {
    Objects.requireNonNull(out, "out");
    Objects.requireNonNull(err, "err");
    Objects.requireNonNull(in, "in");
    Objects.requireNonNull(clock, "clock");
    environment = Map.copyOf(environment);
  }
}
