package dev.workloadmap.sdk.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.workloadmap.sdk.jq.JqException;
import dev.workloadmap.sdk.jq.JqInput;
import dev.workloadmap.sdk.jq.JqValues;
import dev.workloadmap.sdk.spi.JqEngine;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * A jq implementation run as an external process: the differential oracle of libraries.md §12. {@code gojq} at the
 * version the reference implementation pins ({@value #PINNED_GOJQ}, built from the Go module proxy by {@code
 * scripts/provide-kube-apiserver.sh} into {@code ${XDG_CACHE_HOME:-~/.cache}/workloadmap/bin/gojq}) is the oracle that
 * matters: a gojq of another version counts as unavailable, since releases changed verdicts (for example {@code 0 /
 * 0} and {@code as} bindings next to binary operators). Debian's {@code jq} (1.6) is optional.
 *
 * <p>Each call runs {@code <executable> -c --from-file <expression file>} with the input JSON on standard input, and
 * collects the output lines. Tests that need an oracle skip when it is missing:
 *
 * <pre>{@code
 * Assumptions.assumeTrue(JqOracle.gojq().isAvailable(), JqOracle.gojq().unavailableReason());
 * }</pre>
 *
 * <p>The system properties {@code workloadmap.gojq} and {@code workloadmap.jq} name the executables explicitly;
 * otherwise gojq is looked up in the project's cache ({@code $WORKLOADMAP_CACHE}, else {@code
 * ${XDG_CACHE_HOME:-~/.cache}/workloadmap}, folder {@code bin}), then on the {@code PATH} and in {@code /usr/bin}. A process that runs longer than {@value
 * #TIMEOUT_SECONDS} s, or prints more than {@value #MAX_LINES} lines, is stopped and counts as an error.
 *
 * <p><b>Comparing with the SDK's engine</b> ({@link #compare(JqEngine, String, String)}): the engine's results are
 * rendered with {@link JqValues#toCompactJson(JsonNode)} and compared with gojq's lines byte for byte. No
 * normalisation is applied to gojq's text: the SDK writes numbers exactly as gojq does (integral values below 1e21
 * without a fraction or exponent, {@code 1e-7}, {@code 1e+21}, {@code 1.7976931348623157e+308} for infinity, {@code
 * null} for NaN), keys in code-point order and strings with gojq's escapes, so any difference in text is a real
 * difference. When both sides fail, they agree, whatever their messages (error wording differs between engines). For
 * jq 1.6, whose number text differs ({@code 1e+17}, {@code 1e-05}), compare {@link #normalised(List)} lines instead.
 */
public final class JqOracle {

  /** What {@link #evaluate(String, String)} returns for a failed run. */
  public static final String ERROR = "error";

  /** The gojq version of the reference implementation's go.mod; another version is not the oracle. */
  public static final String PINNED_GOJQ = "0.12.19";

  static final int TIMEOUT_SECONDS = 20;
  static final int MAX_LINES = 20_000;

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private static final JqOracle GOJQ =
      new JqOracle("gojq", locate("workloadmap.gojq", "gojq", true), "gojq " + PINNED_GOJQ);
  private static final JqOracle JQ =
      new JqOracle("jq", locate("workloadmap.jq", "jq", false), null);

  private final String name;
  private final String executable;
  private final String requiredVersion;
  private volatile String version;

  private JqOracle(String name, String executable, String requiredVersion) {
    this.name = name;
    this.executable = executable;
    this.requiredVersion = requiredVersion;
  }

  /** gojq at the reference's pinned version {@value #PINNED_GOJQ}. */
  public static JqOracle gojq() {
    return GOJQ;
  }

  /** Debian's jq 1.6. */
  public static JqOracle jq() {
    return JQ;
  }

  public String name() {
    return name;
  }

  /**
   * Whether the executable exists and answers {@code --version} (for gojq: with the pinned version). Checked once.
   */
  public boolean isAvailable() {
    String v = version();
    return !v.isEmpty()
        && (requiredVersion == null
            || v.startsWith(requiredVersion + " ")
            || v.equals(requiredVersion));
  }

  /** Why {@link #isAvailable()} is false, with what to do; empty when it is available. */
  public String unavailableReason() {
    if (isAvailable()) {
      return "";
    }
    if (executable == null) {
      return name + " not found"
          + (requiredVersion == null
              ? " (apt-get install " + name + ")"
              : "; run scripts/provide-kube-apiserver.sh, which builds " + requiredVersion
                  + " from the Go module proxy");
    }
    return executable + " is " + (version().isEmpty() ? "not runnable" : version()) + ", not "
        + requiredVersion
        + " (the reference's pin); run scripts/provide-kube-apiserver.sh or set -Dworkloadmap.gojq";
  }

  /** The first line of {@code --version}, or {@code ""} when the executable is missing or fails. */
  public String version() {
    String v = version;
    if (v == null) {
      v = probeVersion();
      version = v;
    }
    return v;
  }

  private String probeVersion() {
    if (executable == null) {
      return "";
    }
    try {
      Process p =
          new ProcessBuilder(executable, "--version").redirectErrorStream(true).start();
      p.getOutputStream().close();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
      if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS) || p.exitValue() != 0) {
        p.destroyForcibly();
        return "";
      }
      int nl = out.indexOf('\n');
      return nl < 0 ? out : out.substring(0, nl);
    } catch (IOException e) {
      return "";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "";
    }
  }

  /**
   * The result of one run.
   *
   * @param lines the output lines (compact JSON, one value per line), also those printed before a failure
   * @param exitCode the process's exit code; -1 when it was stopped
   * @param stderr what the process printed on standard error
   * @param timedOut whether the run was stopped for running too long or printing too much
   */
  public record Outcome(List<String> lines, int exitCode, String stderr, boolean timedOut) {
    public Outcome {
      lines = List.copyOf(lines);
    }

    /** Whether the run failed: a non-zero exit, or stopped. */
    public boolean failed() {
      return timedOut || exitCode != 0;
    }

    /** The lines, or {@code ["error"]} for a failed run. */
    public List<String> comparable() {
      return failed() ? List.of(ERROR) : lines;
    }
  }

  /**
   * Runs {@code expression} with {@code -c} on {@code inputJson}.
   *
   * @throws IllegalStateException when the executable is missing (check {@link #isAvailable()} first)
   */
  public Outcome run(String expression, String inputJson) {
    Objects.requireNonNull(expression, "expression");
    Objects.requireNonNull(inputJson, "inputJson");
    if (!isAvailable()) {
      throw new IllegalStateException(name + " is not available");
    }
    Path program = null;
    Path errors = null;
    try {
      program = Files.createTempFile("workloadmap-oracle-", ".jq");
      errors = Files.createTempFile("workloadmap-oracle-", ".err");
      Files.writeString(program, expression, StandardCharsets.UTF_8);
      Process p = new ProcessBuilder(executable, "-c", "--from-file", program.toString())
          .redirectError(errors.toFile())
          .start();
      try (OutputStream stdin = p.getOutputStream()) {
        stdin.write((requiredVersion != null ? referenceFeed(inputJson) : inputJson)
            .getBytes(StandardCharsets.UTF_8));
      } catch (IOException e) {
        // the program may exit before reading its input (a compile error): not a failure of the
        // oracle
      }
      List<String> lines = Collections.synchronizedList(new ArrayList<>());
      boolean[] tooLong = {false};
      Thread reader = new Thread(
          () -> {
            try (BufferedReader r = new BufferedReader(
                new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
              String line;
              while ((line = r.readLine()) != null) {
                if (lines.size() >= MAX_LINES) {
                  tooLong[0] = true;
                  p.destroyForcibly();
                  break;
                }
                lines.add(line);
              }
            } catch (IOException e) {
              // the process was stopped
            }
          },
          "jq-oracle-reader");
      reader.setDaemon(true);
      reader.start();
      boolean finished = p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS);
      if (!finished) {
        p.destroyForcibly();
        p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS);
      }
      reader.join(TimeUnit.SECONDS.toMillis(TIMEOUT_SECONDS));
      boolean stopped = !finished || tooLong[0];
      String stderr = Files.readString(errors, StandardCharsets.UTF_8).strip();
      synchronized (lines) {
        return new Outcome(lines, stopped ? -1 : p.exitValue(), stderr, stopped);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("running " + name + " failed", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while running " + name, e);
    } finally {
      deleteQuietly(program);
      deleteQuietly(errors);
    }
  }

  /** The compact output lines of {@code expression} on {@code inputJson}, or {@code ["error"]} when it failed. */
  public List<String> evaluate(String expression, String inputJson) {
    return run(expression, inputJson).comparable();
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Comparison with the SDK's engine

  /**
   * The SDK engine's results for {@code expression} on {@code inputJson}, each rendered with {@link
   * JqValues#toCompactJson(JsonNode)}, or {@code ["error"]} when the expression does not parse or fails.
   */
  public static List<String> ours(JqEngine engine, String expression, String inputJson) {
    JsonNode input = parse(inputJson);
    try {
      List<String> out = new ArrayList<>();
      for (JsonNode v : engine.compile(expression).apply(JqInput.of(input))) {
        out.add(JqValues.toCompactJson(v));
      }
      return out;
    } catch (JqException e) {
      return List.of(ERROR);
    }
  }

  /**
   * One expression on one input, through the SDK's engine and through this oracle.
   *
   * @param ours the engine's lines (or {@code ["error"]})
   * @param theirs the oracle's lines (or {@code ["error"]})
   * @param oracleStderr what the oracle printed on standard error, for failure messages
   */
  public record Comparison(
      String expression,
      String input,
      List<String> ours,
      List<String> theirs,
      String oracleStderr) {

    /** Identical lines, or both sides failed. */
    public boolean agrees() {
      return ours.equals(theirs);
    }

    /** A readable account of a disagreement. */
    public String describe() {
      return "expression: " + expression + "\n  input:  " + input + "\n  ours:   " + ours
          + "\n  oracle: " + theirs
          + (oracleStderr.isEmpty() ? "" : "\n  oracle stderr: " + oracleStderr);
    }
  }

  /** Runs {@code expression} on {@code inputJson} through {@code engine} and through this oracle, without normalising. */
  public Comparison compare(JqEngine engine, String expression, String inputJson) {
    Outcome theirs = run(expression, inputJson);
    return new Comparison(
        expression,
        inputJson,
        ours(engine, expression, inputJson),
        theirs.comparable(),
        theirs.stderr());
  }

  /**
   * Lines re-rendered through Jackson and {@link JqValues#toCompactJson(JsonNode)}: number text and key order become
   * the SDK's. For jq 1.6 (which prints {@code 1e+17} and {@code 1e-05}); never needed for gojq. {@code ["error"]}
   * stays as it is.
   */
  public static List<String> normalised(List<String> lines) {
    if (lines.equals(List.of(ERROR))) {
      return lines;
    }
    List<String> out = new ArrayList<>(lines.size());
    for (String line : lines) {
      out.add(JqValues.toCompactJson(parse(line)));
    }
    return out;
  }

  /**
   * The input as the reference implementation hands it to gojq: after a JSON round trip through Go's {@code
   * encoding/json} into {@code any}, every number is a float64 (docs/format.md#jq-engine, FC-30). The gojq command line
   * instead keeps each number's literal ({@code 2.0}, {@code 1e21}, {@code -0.0}, integers above 2^53 exactly) while
   * the value passes through unchanged, which no definition ever sees. So each number is sent as the double it becomes,
   * in gojq's rendering of a float64 ({@code 2}, {@code 1e+21}, {@code -0}, {@code 9007199254740992}). Input that is
   * not JSON is sent as it is.
   */
  static String referenceFeed(String inputJson) {
    StringBuilder sb = new StringBuilder();
    // a parser, value by value: readValues would unwrap a top-level array into its elements
    try (com.fasterxml.jackson.core.JsonParser p = MAPPER.getFactory().createParser(inputJson)) {
      while (p.nextToken() != null) {
        sb.append(dev.workloadmap.sdk.jq.JqValues.toCompactJson(asDoubles(MAPPER.readTree(p))))
            .append('\n');
      }
    } catch (IOException | RuntimeException e) {
      return inputJson;
    }
    return sb.toString();
  }

  private static JsonNode asDoubles(JsonNode v) {
    if (v.isNumber()) {
      return com.fasterxml.jackson.databind.node.DoubleNode.valueOf(v.doubleValue());
    }
    if (v.isArray()) {
      var out = MAPPER.createArrayNode();
      v.forEach(e -> out.add(asDoubles(e)));
      return out;
    }
    if (v.isObject()) {
      var out = MAPPER.createObjectNode();
      v.fields().forEachRemaining(e -> out.set(e.getKey(), asDoubles(e.getValue())));
      return out;
    }
    return v;
  }

  private static JsonNode parse(String json) {
    try {
      return MAPPER.readTree(json);
    } catch (IOException e) {
      throw new IllegalArgumentException("not JSON: " + json, e);
    }
  }

  // ---------------------------------------------------------------------------------------------------------------

  private static String locate(String property, String command, boolean inProjectCache) {
    String configured = System.getProperty(property);
    if (configured != null && !configured.isBlank()) {
      return configured;
    }
    if (inProjectCache) {
      String cache = System.getenv("WORKLOADMAP_CACHE");
      if (cache == null || cache.isBlank()) {
        String xdg = System.getenv("XDG_CACHE_HOME");
        cache = (xdg != null && !xdg.isBlank() ? xdg : System.getProperty("user.home") + "/.cache")
            + "/workloadmap";
      }
      File cached = new File(new File(cache, "bin"), command);
      if (cached.isFile() && cached.canExecute()) {
        return cached.getAbsolutePath();
      }
    }
    String path = System.getenv("PATH");
    if (path != null) {
      for (String dir : path.split(File.pathSeparator)) {
        if (dir.isEmpty()) {
          continue;
        }
        File f = new File(dir, command);
        if (f.isFile() && f.canExecute()) {
          return f.getAbsolutePath();
        }
      }
    }
    File usrBin = new File("/usr/bin", command);
    return usrBin.isFile() && usrBin.canExecute() ? usrBin.getAbsolutePath() : null;
  }

  private static void deleteQuietly(Path p) {
    if (p != null) {
      try {
        Files.deleteIfExists(p);
      } catch (IOException e) {
        // a temporary file left behind is harmless
      }
    }
  }
}
