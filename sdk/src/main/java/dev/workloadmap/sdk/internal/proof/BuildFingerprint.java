package dev.workloadmap.sdk.internal.proof;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Writes {@value ValidatorIdentity#RESOURCE} into the SDK's classes folder at build time ({@code process-classes}, run
 * by the SDK's POM): what a definition's validation is a function of, in the form {@link ValidatorIdentity} checks at
 * run time. Lines, after comments:
 *
 * <ul>
 *   <li>{@code fingerprint <sha256>}: the SHA-256 of every later line (each with its {@code \n}); the SDK's validator
 *       identity.
 *   <li>{@code sdk <sha256>}: the SDK's own classes and resources (every file of the classes folder but this one, by
 *       relative path).
 *   <li>{@code artifact <group:artifact:version> <probe> <crc32> <size>}: a released dependency of the SDK's runtime
 *       class path, named by its {@code META-INF/maven/<group>/<artifact>/pom.properties}, whose CRC-32 and size follow:
 *       at run time the jar that holds the probe (the dependency's first class file by name) must hold that file
 *       unchanged. A released version's jar is immutable, so its {@code pom.properties} names its content.
 *   <li>{@code files <probe> <n>}, then {@code n} lines {@code file <name> <crc32> <size>}: a dependency without Maven
 *       metadata or at a {@code -SNAPSHOT} version (re2j, apiguardian, the {@code workloadmap-schema} module): every
 *       file of it, each of which the container of the probe must hold unchanged; but for the files directly in
 *       {@code META-INF} (manifest, signatures, licence texts), its Maven metadata, its service files (see below) and
 *       {@code module-info.class}, which run nothing on a class path (and which a shaded jar drops or replaces).
 *   <li>{@code service <type> <n>:<sum>}: the providers the class path lists for a service that validation loads
 *       (jackson-jq's functions and modules), by number and the sum of their names' CRC-32 ({@link
 *       #providersDigest}). A shaded jar merges service files, so their names are compared, not their bytes.
 * </ul>
 *
 * <p>{@code org.slf4j:slf4j-api} is left out: a logging facade decides no finding, and a Maven plugin's class realm
 * takes it from Maven itself.
 *
 * <p>Arguments: the classes folder, a file with the runtime class path (as {@code dependency:build-classpath} writes
 * it), and the path separator used in it is the platform's.
 */
public final class BuildFingerprint {

  /** The service types whose providers change what validation answers (jackson-jq's ServiceLoader lookups). */
  static final List<String> SERVICES =
      List.of("net.thisptr.jackson.jq.Function", "net.thisptr.jackson.jq.module.Module");

  /** Dependencies left out of the fingerprint (see the class comment). */
  static final List<String> LEFT_OUT = List.of("org.slf4j:slf4j-api");

  private BuildFingerprint() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 2) {
      throw new IllegalArgumentException(
          "usage: BuildFingerprint <classes folder> <class path file>");
    }
    Path classes = Path.of(args[0]);
    String cp = Files.readString(Path.of(args[1]), StandardCharsets.UTF_8).strip();
    List<Path> entries = new ArrayList<>();
    for (String s : cp.split(java.io.File.pathSeparator)) {
      if (!s.isBlank()) {
        entries.add(Path.of(s.strip()));
      }
    }
    Path out = classes.resolve(ValidatorIdentity.RESOURCE);
    Files.createDirectories(out.getParent());
    String text = render(classes, entries);
    if (!(Files.isRegularFile(out)
        && Files.readString(out, StandardCharsets.UTF_8).equals(text))) {
      Files.writeString(out, text, StandardCharsets.UTF_8);
    }
  }

  /** The resource's text for the SDK's {@code classes} folder and its runtime class path {@code entries}. */
  static String render(Path classes, List<Path> entries) throws IOException {
    StringBuilder body = new StringBuilder();
    body.append("sdk ").append(folderDigest(classes)).append('\n');
    Map<String, TreeSet<String>> services = new TreeMap<>();
    for (String s : SERVICES) {
      services.put(s, new TreeSet<>());
    }
    services.forEach(
        (type, names) -> names.addAll(providers(read(classes, "META-INF/services/" + type))));
    for (Path entry : entries) {
      try (Source src = Source.of(entry)) {
        for (String type : SERVICES) {
          services.get(type).addAll(providers(src.bytes("META-INF/services/" + type)));
        }
        String probe = src.names().stream()
            .filter(n -> n.endsWith(".class")
                && !n.startsWith("META-INF/")
                && !n.endsWith("module-info.class"))
            .findFirst()
            .orElse(null);
        if (probe == null) {
          continue; // no code: nothing it holds is run
        }
        Properties pom = pom(src, entry);
        String ga =
            pom == null ? null : pom.getProperty("groupId") + ":" + pom.getProperty("artifactId");
        if (ga != null && LEFT_OUT.contains(ga)) {
          continue;
        }
        String version = pom == null ? null : pom.getProperty("version");
        if (pom != null && !version.endsWith("-SNAPSHOT")) {
          byte[] b = src.bytes("META-INF/maven/" + ga.replace(':', '/') + "/pom.properties");
          body.append("artifact ")
              .append(ga)
              .append(':')
              .append(version)
              .append(' ')
              .append(probe)
              .append(' ')
              .append(crc(b))
              .append(' ')
              .append(b.length)
              .append('\n');
          continue;
        }
        List<String> names = new ArrayList<>();
        for (String n : src.names()) {
          if (!n.matches("META-INF/[^/]*")
              && !n.startsWith("META-INF/maven/")
              && !n.startsWith("META-INF/services/")
              && !n.endsWith("module-info.class")) {
            names.add(n);
          }
        }
        body.append("files ").append(probe).append(' ').append(names.size()).append('\n');
        for (String n : names) {
          byte[] b = src.bytes(n);
          body.append("file ")
              .append(n)
              .append(' ')
              .append(crc(b))
              .append(' ')
              .append(b.length)
              .append('\n');
        }
      }
    }
    services.forEach((type, names) -> body.append("service ")
        .append(type)
        .append(' ')
        .append(providersDigest(names))
        .append('\n'));
    return "# What the SDK's validation of a definition is a function of, recorded by its build"
        + " (BuildFingerprint); do not edit.\n"
        + "# A catalog entry validated at build time is trusted at run time only when all of it holds"
        + " (ValidatorIdentity).\n"
        + "fingerprint " + Sha256.hex(body.toString().getBytes(StandardCharsets.UTF_8)) + "\n"
        + body;
  }

  /** SHA-256 of every file under {@code dir} but the resource itself: relative path, NUL, the file's SHA-256. */
  static String folderDigest(Path dir) throws IOException {
    TreeMap<String, Path> files = new TreeMap<>();
    try (Stream<Path> s = Files.walk(dir)) {
      s.filter(Files::isRegularFile).forEach(p -> {
        String rel = dir.relativize(p).toString().replace(java.io.File.separatorChar, '/');
        if (!rel.equals(ValidatorIdentity.RESOURCE)) {
          files.put(rel, p);
        }
      });
    }
    MessageDigest all = sha256();
    for (Map.Entry<String, Path> e : files.entrySet()) {
      all.update(e.getKey().getBytes(StandardCharsets.UTF_8));
      all.update((byte) 0);
      all.update(sha256().digest(Files.readAllBytes(e.getValue())));
    }
    return java.util.HexFormat.of().formatHex(all.digest());
  }

  /** The files of a jar or a classes folder, by name (sorted), read on demand. */
  private interface Source extends AutoCloseable {
    TreeSet<String> names();

    /** The file's bytes, or null when there is none of that name. */
    byte[] bytes(String name) throws IOException;

    @Override
    void close() throws IOException;

    static Source of(Path entry) throws IOException {
      TreeSet<String> names = new TreeSet<>();
      if (Files.isDirectory(entry)) {
        try (Stream<Path> s = Files.walk(entry)) {
          s.filter(Files::isRegularFile)
              .forEach(p -> names.add(
                  entry.relativize(p).toString().replace(java.io.File.separatorChar, '/')));
        }
        return new Source() {
          @Override
          public TreeSet<String> names() {
            return names;
          }

          @Override
          public byte[] bytes(String name) throws IOException {
            return names.contains(name) ? Files.readAllBytes(entry.resolve(name)) : null;
          }

          @Override
          public void close() {}
        };
      }
      ZipFile zip = new ZipFile(entry.toFile());
      Enumeration<? extends ZipEntry> en = zip.entries();
      while (en.hasMoreElements()) {
        ZipEntry e = en.nextElement();
        if (!e.isDirectory()) {
          names.add(e.getName());
        }
      }
      return new Source() {
        @Override
        public TreeSet<String> names() {
          return names;
        }

        @Override
        public byte[] bytes(String name) throws IOException {
          ZipEntry e = zip.getEntry(name);
          if (e == null || e.isDirectory()) {
            return null;
          }
          try (InputStream in = zip.getInputStream(e)) {
            return in.readAllBytes();
          }
        }

        @Override
        public void close() throws IOException {
          zip.close();
        }
      };
    }
  }

  /**
   * The Maven coordinates of a jar: its one {@code pom.properties}, or of several the one its file name is named after
   * ({@code <artifactId>-<version>.jar}); null without.
   */
  private static Properties pom(Source src, Path entry) throws IOException {
    List<Properties> poms = new ArrayList<>();
    for (String n : src.names()) {
      if (n.startsWith("META-INF/maven/") && n.endsWith("/pom.properties")) {
        Properties p = new Properties();
        p.load(new java.io.ByteArrayInputStream(src.bytes(n)));
        poms.add(p);
      }
    }
    if (poms.size() == 1) {
      return poms.get(0);
    }
    String file = entry.getFileName().toString();
    for (Properties p : poms) {
      if (file.equals(p.getProperty("artifactId") + "-" + p.getProperty("version") + ".jar")) {
        return p;
      }
    }
    if (!poms.isEmpty()) {
      throw new IllegalStateException(
          entry + " holds several pom.properties, none named after the jar");
    }
    return null;
  }

  private static byte[] read(Path dir, String name) {
    Path p = dir.resolve(name);
    try {
      return Files.isRegularFile(p) ? Files.readAllBytes(p) : null;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The provider class names of a service file (comments and blanks dropped); none for null. */
  static List<String> providers(byte[] serviceFile) {
    List<String> out = new ArrayList<>();
    if (serviceFile == null) {
      return out;
    }
    for (String line : new String(serviceFile, StandardCharsets.UTF_8).split("\n")) {
      int hash = line.indexOf('#');
      String name = (hash < 0 ? line : line.substring(0, hash)).strip();
      if (!name.isEmpty()) {
        out.add(name);
      }
    }
    return out;
  }

  /**
   * The providers of a service as the record has them: their number and the sum of the CRC-32 of each distinct name
   * ({@code <n>:<hex>}), which does not depend on their order (a shaded jar merges service files in its own order)
   * and is cheap to compute when a CLI call starts.
   */
  static String providersDigest(java.util.Collection<String> names) {
    java.util.Set<String> distinct = new java.util.HashSet<>(names);
    long sum = 0;
    CRC32 c = new CRC32();
    for (String n : distinct) {
      c.reset();
      c.update(n.getBytes(StandardCharsets.UTF_8));
      sum += c.getValue();
    }
    return distinct.size() + ":" + Long.toHexString(sum);
  }

  static String crc(byte[] b) {
    CRC32 c = new CRC32();
    c.update(b);
    return Long.toHexString(c.getValue());
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
