package dev.workloadmap.junit;

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
 * An HTTP-level fault proxy in the test JVM, in front of the real API server: the extension's client talks plain HTTP
 * to it, and it forwards each request with the outer test's fabric8 {@link HttpClient} (TLS and the client certificate
 * to the API server). It makes the faults Toxiproxy cannot, because they need the HTTP exchange: an HTTP 429 with
 * {@code Retry-After} (header and {@code details.retryAfterSeconds}, as the API server sends them), a request held
 * without an answer past the client's request timeout, and a response cut in the middle of its body (the headers promise the whole list, half of it arrives, the connection closes). Every
 * request is logged as {@code METHOD path?query -> outcome}.
 */
final class FaultProxy implements AutoCloseable {

  private final HttpClient upstream;
  private final String upstreamUrl;
  private final HttpServer server;
  private final ExecutorService pool = Executors.newCachedThreadPool();
  private final List<String> log = new ArrayList<>();

  /** Requests to answer 429 while positive, for GETs whose path matches {@link #throttled}. */
  final AtomicInteger throttle = new AtomicInteger();

  volatile Predicate<String> throttled = p -> false;
  volatile int retryAfterSeconds = 1;
  /** Responses to cut in the middle of the body while positive, for GETs whose path matches {@link #cut}. */
  final AtomicInteger cutBody = new AtomicInteger();

  volatile Predicate<String> cut = p -> false;
  /** Requests to hold without an answer for {@link #stallMillis} while positive, for GETs matching {@link #stalled}. */
  final AtomicInteger stall = new AtomicInteger();

  volatile Predicate<String> stalled = p -> false;
  volatile long stallMillis = 15_000;

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

  /** The logged requests whose line contains {@code part}. */
  List<String> log(String part) {
    return log().stream().filter(l -> l.contains(part)).toList();
  }

  synchronized void reset() {
    log.clear();
    throttle.set(0);
    throttled = p -> false;
    cutBody.set(0);
    cut = p -> false;
    stall.set(0);
    stalled = p -> false;
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
    String path = ex.getRequestURI().getRawPath();
    boolean get = "GET".equals(ex.getRequestMethod());
    try (ex) {
      byte[] body;
      try (InputStream in = ex.getRequestBody()) {
        body = in.readAllBytes();
      }
      if (get && stalled.test(path) && stall.getAndDecrement() > 0) {
        record(what + " -> stalled " + stallMillis + " ms, no answer");
        Thread.sleep(stallMillis); // the client's request timeout ends it first
        return;
      }
      if (get && throttled.test(path) && throttle.getAndDecrement() > 0) {
        record(what + " -> 429");
        byte[] out =
            ("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":"
                    + "\"Too many requests, please try again later.\",\"reason\":\"TooManyRequests\",\"details\":"
                    + "{\"retryAfterSeconds\":" + retryAfterSeconds + "},\"code\":429}")
                .getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().add("Content-Type", "application/json");
        ex.getResponseHeaders().add("Retry-After", String.valueOf(retryAfterSeconds));
        ex.sendResponseHeaders(429, out.length);
        try (OutputStream os = ex.getResponseBody()) {
          os.write(out);
        }
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
      String type = r.header("Content-Type");
      if (type != null) {
        ex.getResponseHeaders().add("Content-Type", type);
      }
      byte[] out = r.body() == null ? new byte[0] : r.body();
      if (get
          && r.code() == 200
          && cut.test(path)
          && out.length > 1
          && cutBody.getAndDecrement() > 0) {
        record(what + " -> cut after " + out.length / 2 + " of " + out.length + " bytes");
        ex.sendResponseHeaders(200, out.length);
        OutputStream os = ex.getResponseBody();
        os.write(out, 0, out.length / 2);
        os.flush();
        return; // closing the exchange with the body short of its Content-Length drops the
        // connection
      }
      record(what + " -> " + r.code());
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

  @Override
  public void close() {
    server.stop(0);
    pool.shutdownNow();
  }
}
