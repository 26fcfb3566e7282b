package dev.workloadmap.sdk.internal.proof;

import java.io.IOException;
import java.io.InputStream;
import java.net.JarURLConnection;
import java.net.URL;
import java.net.URLConnection;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarFile;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;

/**
 * The identity of the validator running in this JVM: the {@code fingerprint} that the SDK's build recorded in
 * {@value #RESOURCE} ({@link BuildFingerprint}), when what it records holds on this class path, followed by the Java
 * feature version ({@code <fingerprint> java 17}); else null (no identity: nothing validated elsewhere is trusted).
 *
 * <p>It holds when: the class path has exactly one {@value #RESOURCE}, in the container (jar or folder) that this
 * class comes from (another SDK on the class path, or an SDK assembled from several, has none); every recorded
 * dependency is in the container its probe class loads from, with its {@code
 * pom.properties} (released versions) or every file (the others) of the recorded CRC-32 and size; and the providers of
 * the recorded services are those recorded; and every module of the boot layer is the Java runtime's (a module on
 * the module path could provide jackson-jq functions that no service file lists). So a Maven dependency override, another jackson-jq, networknt or schema
 * module, a function added through jackson-jq's service file, or another Java release gives another identity or none.
 * What it cannot see is a class of a dependency shadowed by another container earlier on the class path than the
 * dependency's own jar while its probe class is not: a class path holding two versions of one library.
 *
 * <p>A catalog build records this identity beside the entries it validated ({@link CatalogProof}); an entry is taken
 * as valid without running the validator only when its bytes and this identity are those recorded. Computed once per
 * class loader of this class; the checks read file metadata, not file contents, except for the dependencies without a
 * version (a few small jars) in a folder rather than a jar.
 */
public final class ValidatorIdentity {

  /** The build's record, in the SDK's jar. */
  public static final String RESOURCE = "META-INF/workloadmap/sdk-validator.txt";

  private static final class Holder {
    static final ValidatorIdentity CURRENT = check(ValidatorIdentity.class.getClassLoader());
  }

  private final String identity;
  private final String problem;

  private ValidatorIdentity(String identity, String problem) {
    this.identity = identity;
    this.problem = problem;
  }

  /** This JVM's validator identity, or null when it cannot be established (see the class comment). */
  public static String current() {
    return Holder.CURRENT.identity;
  }

  /** Why {@link #current()} is null, or null when it is not (for tests and diagnostics). */
  public static String problem() {
    return Holder.CURRENT.problem;
  }

  private static ValidatorIdentity none(String problem) {
    return new ValidatorIdentity(null, problem);
  }

  static ValidatorIdentity check(ClassLoader loader) {
    try {
      return checkOrFail(loader);
    } catch (IOException | RuntimeException e) {
      return none("cannot be checked: " + e);
    }
  }

  private static ValidatorIdentity checkOrFail(ClassLoader loader) throws IOException {
    if (loader == null) {
      return none("no class loader");
    }
    // a named module outside the JDK's image (--module-path, --upgrade-module-path) can provide
    // services that
    // validation loads (jackson-jq's functions) without a service file on the class path, which is
    // all this checks
    for (java.lang.module.ResolvedModule m : ModuleLayer.boot().configuration().modules()) {
      java.net.URI location = m.reference().location().orElse(null);
      if (location == null || !"jrt".equals(location.getScheme())) {
        return none(
            "the module " + m.name() + " is not one of the Java runtime's (" + location + ")");
      }
    }
    List<URL> records = Collections.list(loader.getResources(RESOURCE));
    if (records.size() != 1) {
      return none(records.size() + " copies of " + RESOURCE + " on the class path");
    }
    URL record = records.get(0);
    String self = ValidatorIdentity.class.getName().replace('.', '/') + ".class";
    URL own = loader.getResource(self);
    String container = container(record, RESOURCE);
    if (own == null || container == null || !container.equals(container(own, self))) {
      return none(RESOURCE + " is not in the container of the SDK's classes (" + record + ")");
    }
    String text;
    try (InputStream in = record.openStream()) {
      text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    return verify(loader, text, firstOnClassPath(loader, container));
  }

  /**
   * The SDK's own jar when {@code loader} is the JDK's application class loader and that jar is the first entry of its
   * class path (as {@code java -jar} runs the CLI), else null. Then a class file that jar holds is the one the loader
   * loads, unless a named module of the JDK has its package (checked per name, {@link #inNamedModule}): the loader
   * asks the JDK's loaders first, and they search the class path of the boot loader ({@code -Xbootclasspath/a}, ruled
   * out here) and their modules only. So the probes are looked up in the jar directly, which costs a hash lookup
   * instead of a class loader's search of every JDK module for a name it does not have (some 0.1 ms each, most of
   * this check's time in a CLI call).
   */
  private static Container firstOnClassPath(ClassLoader loader, String container)
      throws IOException {
    String cp = System.getProperty("java.class.path", "");
    String bootAppend = System.getProperty("jdk.boot.class.path.append", "");
    if (loader != ClassLoader.getSystemClassLoader()
        || !loader.getClass().getName().equals("jdk.internal.loader.ClassLoaders$AppClassLoader")
        || !bootAppend.isEmpty()
        || cp.isEmpty()
        || !container.startsWith("jar:file:")
        || !container.endsWith("!/")) {
      return null;
    }
    int sep = cp.indexOf(java.io.File.pathSeparatorChar);
    java.nio.file.Path first = java.nio.file.Path.of(sep < 0 ? cp : cp.substring(0, sep));
    URL jarUrl = new URL(container.substring("jar:".length(), container.length() - "!/".length()));
    java.nio.file.Path jar;
    try {
      jar = java.nio.file.Path.of(jarUrl.toURI());
    } catch (java.net.URISyntaxException | IllegalArgumentException e) {
      return null;
    }
    if (!java.nio.file.Files.isSameFile(first, jar)) {
      return null;
    }
    URLConnection conn = new URL(container).openConnection();
    return conn instanceof JarURLConnection j ? new Container(container, j.getJarFile()) : null;
  }

  /** Whether the package of the resource {@code name} is a package of a named module of the boot layer (the JDK's). */
  private static boolean inNamedModule(String name) {
    int slash = name.lastIndexOf('/');
    String pn = slash < 0 ? "" : name.substring(0, slash).replace('/', '.');
    for (Module m : ModuleLayer.boot().modules()) {
      if (m.getPackages().contains(pn)) {
        return true;
      }
    }
    return false;
  }

  /** The identity that the record {@code text} gives on {@code loader}'s class path, or none, with the reason. */
  static ValidatorIdentity verify(ClassLoader loader, String text) throws IOException {
    return verify(loader, text, null);
  }

  static ValidatorIdentity verify(ClassLoader loader, String text, Container first)
      throws IOException {
    String[] lines = text.split("\n");
    int i = 0;
    while (i < lines.length && lines[i].startsWith("#")) {
      i++;
    }
    if (i >= lines.length || !lines[i].startsWith("fingerprint ")) {
      return none(RESOURCE + " has no fingerprint line");
    }
    // the hash of the lines below, as the build wrote it (ValidatorIdentityTest checks that it is);
    // not hashed again
    // here: the file is the SDK jar's, and every line below is checked against the class path
    String fingerprint = lines[i].substring("fingerprint ".length());
    Map<String, Container> containers = new HashMap<>();
    for (i++; i < lines.length; i++) {
      String[] f = lines[i].split(" ");
      switch (f[0]) {
        case "sdk":
          break; // the SDK's own classes: the file is in their container, checked above
        case "artifact": {
          Container c = containerOf(loader, f[2], containers, first);
          if (c == null) {
            return none(f[1] + ": its class " + f[2] + " is not on the class path");
          }
          String pom = "META-INF/maven/"
              + f[1].substring(0, f[1].lastIndexOf(':')).replace(':', '/') + "/pom.properties";
          if (!c.holds(pom, f[3], f[4])) {
            return none(f[1] + " is not the version on the class path (" + c.name + ")");
          }
          break;
        }
        case "files": {
          Container c = containerOf(loader, f[1], containers, first);
          if (c == null) {
            return none("the class " + f[1] + " is not on the class path");
          }
          int n = Integer.parseInt(f[2]);
          for (int k = 0; k < n; k++) {
            String[] e = lines[++i].split(" ");
            if (!c.holds(e[1], e[2], e[3])) {
              return none(e[1] + " differs from the SDK build's (" + c.name + ")");
            }
          }
          break;
        }
        case "service": {
          List<String> names = new ArrayList<>();
          for (URL u : Collections.list(loader.getResources("META-INF/services/" + f[1]))) {
            try (InputStream in = u.openStream()) {
              names.addAll(BuildFingerprint.providers(in.readAllBytes()));
            }
          }
          if (!BuildFingerprint.providersDigest(names).equals(f[2])) {
            return none("the providers of " + f[1] + " differ from the SDK build's");
          }
          break;
        }
        default:
          return none(RESOURCE + ": unknown line " + lines[i]);
      }
    }
    return new ValidatorIdentity(fingerprint + " java " + Runtime.version().feature(), null);
  }

  /** The container of the class file {@code probe} as {@code loader} finds it, or null without one. */
  private static Container containerOf(
      ClassLoader loader, String probe, Map<String, Container> seen, Container first)
      throws IOException {
    if (first != null && first.jar().getEntry(probe) != null && !inNamedModule(probe)) {
      return first;
    }
    URL u = loader.getResource(probe);
    String name = u == null ? null : container(u, probe);
    if (name == null) {
      return null;
    }
    Container c = seen.get(name);
    if (c == null) {
      URLConnection conn = u.openConnection();
      JarFile jar = conn instanceof JarURLConnection j ? j.getJarFile() : null;
      c = new Container(name, jar);
      seen.put(name, c);
    }
    return c;
  }

  /** The URL of the container of {@code url}, a resource named {@code name}: its text without the name. */
  private static String container(URL url, String name) {
    String s = url.toString();
    return s.endsWith(name) ? s.substring(0, s.length() - name.length()) : null;
  }

  /** A jar (read through the JDK's cached {@link JarFile}: its central directory has every CRC) or another container. */
  record Container(String name, JarFile jar) {
    /** Whether the container has {@code file} with CRC-32 {@code crc} (hex) and {@code size} bytes. */
    boolean holds(String file, String crc, String size) throws IOException {
      long c;
      long n;
      if (jar != null) {
        ZipEntry e = jar.getEntry(file);
        if (e == null) {
          return false;
        }
        c = e.getCrc();
        n = e.getSize();
      } else {
        byte[] b;
        try (InputStream in = new URL(name + file).openStream()) {
          b = in.readAllBytes();
        } catch (java.io.FileNotFoundException e) {
          return false;
        }
        CRC32 crc32 = new CRC32();
        crc32.update(b);
        c = crc32.getValue();
        n = b.length;
      }
      return Long.toHexString(c).equals(crc) && Long.toString(n).equals(size);
    }
  }

  /**
   * Prints this JVM's validator identity; exits with 1 when there is none, or when looking the dependencies up in the
   * first jar of the class path ({@link #firstOnClassPath}) gives another answer than the class loader's full search.
   * The CLI's build runs it on the runnable jar ({@code java -cp <jar>}), so that a jar whose catalog entries would be
   * validated again at every call does not go unnoticed.
   */
  public static void main(String[] args) throws IOException {
    ClassLoader loader = ValidatorIdentity.class.getClassLoader();
    ValidatorIdentity v = check(loader);
    if (v.identity == null) {
      System.err.println("error: no validator identity: " + v.problem);
      System.exit(1);
    }
    ValidatorIdentity full;
    try (InputStream in = loader.getResourceAsStream(RESOURCE)) {
      full = verify(loader, new String(in.readAllBytes(), StandardCharsets.UTF_8), null);
    }
    if (!v.identity.equals(full.identity)) {
      System.err.println("error: the class path's first jar gives " + v.identity
          + ", the class loader " + full.identity + " (" + full.problem + ")");
      System.exit(1);
    }
    System.out.println(v.identity);
    if (java.util.Arrays.asList(args).contains("--catalog")) {
      // every catalog on the class path was recorded by this very validator, entry by entry
      String index = dev.workloadmap.sdk.catalog.Catalog.INDEX_RESOURCE;
      for (URL u : Collections.list(loader.getResources(index))) {
        List<String> slugs;
        try (InputStream in = u.openStream()) {
          slugs = dev.workloadmap.sdk.catalog.CatalogIndex.parse(
              new String(in.readAllBytes(), StandardCharsets.UTF_8), u.toString());
        }
        java.util.Map<String, String> trusted = CatalogProof.trusted(u);
        if (!trusted.keySet().containsAll(slugs)) {
          System.err.println("error: " + u + ": " + (slugs.size() - trusted.size()) + " of "
              + slugs.size() + " entries are not recorded as validated by this validator ("
              + CatalogProof.FILE_NAME + ")");
          System.exit(1);
        }
        System.out.println(u + ": " + slugs.size() + " entries validated by the catalog's build");
      }
    }
  }

  /** The identity, or null. */
  String identity() {
    return identity;
  }

  /** Why there is no identity, or null. */
  String why() {
    return problem;
  }
}
