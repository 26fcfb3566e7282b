package dev.workloadmap.junit.testing;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Test support shared by the fault tiers of this module and the CLI (through this module's test-jar). A Toxiproxy server ({@code scripts/provide-toxiproxy.sh} builds {@code toxiproxy-server} v2.5.0 into
 * {@code ~/.cache/workloadmap/bin}) started for a test class, driven over its HTTP API: one TCP proxy in front of the
 * API server, and toxics (latency, timeout, reset_peer, limit_data) added and removed per test.
 */
public final class Toxiproxy implements AutoCloseable {

  private final Process process;
  private final int apiPort;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  /** The toxiproxy-server binary, or null when it has not been built. */
  public static Path binary() {
    String dir = System.getenv("WORKLOADMAP_BIN_DIR");
    if (dir == null) {
      String cache = System.getenv("XDG_CACHE_HOME");
      dir = (cache != null ? cache : System.getProperty("user.home") + "/.cache")
          + "/workloadmap/bin";
    }
    Path bin = Path.of(dir, "toxiproxy-server");
    return Files.isExecutable(bin) ? bin : null;
  }

  public Toxiproxy(Path binary) throws IOException, InterruptedException {
    apiPort = freePort();
    process = new ProcessBuilder(
            binary.toString(), "-host", "127.0.0.1", "-port", String.valueOf(apiPort))
        .redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .start();
    for (int i = 0; i < 100; i++) {
      try {
        if (call("GET", "/version", null).statusCode() == 200) {
          return;
        }
      } catch (IOException e) {
        Thread.sleep(100);
      }
    }
    close();
    throw new IOException("toxiproxy-server did not answer on port " + apiPort);
  }

  /** Creates proxy {@code name} listening on a free local port in front of {@code upstream} (host:port). */
  public int proxy(String name, String upstream) throws IOException, InterruptedException {
    int port = freePort();
    HttpResponse<String> r = call(
        "POST",
        "/proxies",
        "{\"name\":\"" + name + "\",\"listen\":\"127.0.0.1:" + port + "\",\"upstream\":\""
            + upstream + "\",\"enabled\":true}");
    if (r.statusCode() != 201) {
      throw new IOException("cannot create proxy " + name + ": " + r.statusCode() + " " + r.body());
    }
    return port;
  }

  /** Adds a toxic, for example {@code ("latency", "downstream", "{\"latency\":300}")}. */
  public void toxic(String proxy, String name, String type, String stream, String attributes)
      throws IOException, InterruptedException {
    HttpResponse<String> r = call(
        "POST",
        "/proxies/" + proxy + "/toxics",
        "{\"name\":\"" + name + "\",\"type\":\"" + type + "\",\"stream\":\"" + stream
            + "\",\"toxicity\":1.0,\"attributes\":" + attributes + "}");
    if (r.statusCode() != 200) {
      throw new IOException("cannot add toxic " + name + ": " + r.statusCode() + " " + r.body());
    }
  }

  /** Removes every toxic of every proxy and re-enables them. */
  public void resetToxics() throws IOException, InterruptedException {
    call("POST", "/reset", "");
  }

  private HttpResponse<String> call(String method, String path, String body)
      throws IOException, InterruptedException {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + apiPort + path))
        .timeout(Duration.ofSeconds(10));
    b.method(
        method,
        body == null
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(body));
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(5, java.util.concurrent.TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
