package dev.workloadmap.cli;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.fabric8.kubernetes.client.http.HttpClient;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.HttpResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

/**
 * An HTTP-level fault proxy in this JVM, in front of a real API server: the CLI talks plain HTTP to it, and it forwards
 * every request with the test client's own fabric8 {@link HttpClient} (TLS and client certificate to the API server).
 * Faults Toxiproxy cannot make, because they need the HTTP exchange: an HTTP 429 with {@code Retry-After}, an HTTP 403
 * on some paths only (pods, not the workload), and a connection closed exactly on the request that carries a paged
 * list's {@code continue} token. Every request is logged as {@code METHOD path?query -> outcome}.
 */
final class FaultProxy implements AutoCloseable {

  private final HttpClient upstream;
  private final String upstreamUrl;
  private final HttpServer server;
  private final ExecutorService pool = Executors.newCachedThreadPool();
  private final List<String> log = new ArrayList<>();

  /** Requests to answer 429 (with Retry-After: {@link #retryAfterSeconds}) while positive, for paths matching. */
  final AtomicInteger throttle = new AtomicInteger();

  volatile Predicate<String> throttled = p -> false;
  volatile int retryAfterSeconds = 1;
  /** Paths answered 403 Forbidden (as RBAC would). */
  volatile Predicate<String> forbidden = p -> false;
  /** Requests carrying a continue token to cut (connection closed, no response) while positive. */
  final AtomicInteger cutContinue = new AtomicInteger();

  FaultProxy(HttpClient upstream, String upstreamUrl) throws IOException {
    this.upstream = upstream;
    this.upstreamUrl = upstreamUrl.replaceAll("/$", "");
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(pool);
    server.createContext("/", this::handle);
    server.start();
  }

  String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  synchronized List<String> log() {
    return List.copyOf(log);
  }

  synchronized void reset() {
    log.clear();
    throttle.set(0);
    throttled = p -> false;
    forbidden = p -> false;
    cutContinue.set(0);
  }

  private synchronized void record(String line) {
    log.add(line);
  }

  private void handle(HttpExchange ex) throws IOException {
    String pathAndQuery = ex.getRequestURI().getRawPath()
        + (ex.getRequestURI().getRawQuery() == null
            ? ""
            : "?" + ex.getRequestURI().getRawQuery());
    String what = ex.getRequestMethod() + " " + pathAndQuery;
    try (ex) {
      byte[] body;
      try (InputStream in = ex.getRequestBody()) {
        body = in.readAllBytes();
      }
      String path = ex.getRequestURI().getRawPath();
      if (pathAndQuery.contains("continue=") && cutContinue.getAndDecrement() > 0) {
        record(what + " -> connection cut");
        return; // closed without a response: the client sees the connection end mid-list
      }
      if (forbidden.test(path)) {
        record(what + " -> 403");
        String resource = path.substring(path.lastIndexOf('/') + 1);
        send(
            ex,
            403,
            null,
            status(
                403,
                "Forbidden",
                resource + " is forbidden: User \"test\" cannot list resource \"" + resource
                    + "\" in API group \"\""));
        return;
      }
      if (throttled.test(path) && throttle.getAndDecrement() > 0) {
        record(what + " -> 429");
        send(
            ex,
            429,
            String.valueOf(retryAfterSeconds),
            status(
                429,
                "TooManyRequests",
                "the server has received too many requests and has asked us to try again later"));
        return;
      }
      HttpRequest.Builder b = upstream.newHttpRequestBuilder().uri(upstreamUrl + pathAndQuery);
      String contentType = ex.getRequestHeaders().getFirst("Content-Type");
      b.method(
          ex.getRequestMethod(),
          contentType == null ? "application/json" : contentType,
          new String(body, StandardCharsets.UTF_8));
      String accept = ex.getRequestHeaders().getFirst("Accept");
      if (accept != null) {
        b.header("Accept", accept);
      }
      HttpResponse<byte[]> r =
          upstream.sendAsync(b.build(), byte[].class).get(60, TimeUnit.SECONDS);
      record(what + " -> " + r.code());
      String type = r.header("Content-Type");
      if (type != null) {
        ex.getResponseHeaders().add("Content-Type", type);
      }
      byte[] out = r.body() == null ? new byte[0] : r.body();
      ex.sendResponseHeaders(r.code(), out.length == 0 ? -1 : out.length);
      try (OutputStream os = ex.getResponseBody()) {
        os.write(out);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (Exception e) {
      record(what + " -> proxy error " + e);
    }
  }

  private static void send(HttpExchange ex, int code, String retryAfter, String json)
      throws IOException {
    byte[] out = json.getBytes(StandardCharsets.UTF_8);
    ex.getResponseHeaders().add("Content-Type", "application/json");
    if (retryAfter != null) {
      ex.getResponseHeaders().add("Retry-After", retryAfter);
    }
    ex.sendResponseHeaders(code, out.length);
    try (OutputStream os = ex.getResponseBody()) {
      os.write(out);
    }
  }

  private static String status(int code, String reason, String message) {
    return "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\""
        + message.replace("\"", "\\\"") + "\",\"reason\":\"" + reason + "\",\"code\":" + code + "}";
  }

  @Override
  public void close() {
    server.stop(0);
    pool.shutdownNow();
  }
}
