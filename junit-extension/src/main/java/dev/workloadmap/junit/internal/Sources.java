package dev.workloadmap.junit.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;

/** Reads a source named in {@link WorkloadMapTest}: a file path, {@code classpath:<resource>} or an http(s) URL. */
public final class Sources {
  private Sources() {}

  public static final String CLASSPATH = "classpath:";

  /**
   * The text of {@code source}; a URL is downloaded once into {@code <cacheHome>/workloadmap/crds/<sha-256 of the
   * URL>.yaml} and read from there afterwards.
   *
   * @throws IllegalArgumentException naming the source and what to check when it cannot be read
   */
  public static String read(String source, Path cacheHome) {
    try {
      if (source.startsWith(CLASSPATH)) {
        String resource = source.substring(CLASSPATH.length()).replaceFirst("^/", "");
        ClassLoader cl = Thread.currentThread().getContextClassLoader();
        try (InputStream in =
            (cl != null ? cl : Sources.class.getClassLoader()).getResourceAsStream(resource)) {
          if (in == null) {
            throw new IllegalArgumentException(
                source + ": no such class path resource (put it under" + " src/test/resources/"
                    + resource + ")");
          }
          return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
      }
      if (source.startsWith("http://") || source.startsWith("https://")) {
        Path cached =
            cacheHome.resolve("workloadmap").resolve("crds").resolve(sha256(source) + ".yaml");
        if (!Files.isRegularFile(cached)) {
          download(source, cached);
        }
        return Files.readString(cached, StandardCharsets.UTF_8);
      }
      Path file = Path.of(source);
      if (!Files.isRegularFile(file)) {
        throw new IllegalArgumentException(
            source + ": file not found (relative paths are resolved against "
                + Path.of("").toAbsolutePath()
                + "); use a path, classpath:<resource> or an http(s):// URL");
      }
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + source + ": " + e.getMessage(), e);
    }
  }

  private static void download(String url, Path target) throws IOException {
    HttpClient http = HttpClient.newBuilder()
        .followRedirects(HttpClient.Redirect.NORMAL)
        .connectTimeout(Duration.ofSeconds(20))
        .build();
    HttpResponse<byte[]> response;
    try {
      response = http.send(
          HttpRequest.newBuilder(URI.create(url))
              .timeout(Duration.ofSeconds(60))
              .build(),
          HttpResponse.BodyHandlers.ofByteArray());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while downloading " + url, e);
    }
    if (response.statusCode() != 200) {
      throw new IllegalArgumentException(url + ": HTTP " + response.statusCode()
          + " (download the CRD yourself and" + " name the file instead)");
    }
    Files.createDirectories(target.getParent());
    Path tmp = Files.createTempFile(target.getParent(), "download", ".tmp");
    Files.write(tmp, response.body());
    Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  private static String sha256(String s) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
