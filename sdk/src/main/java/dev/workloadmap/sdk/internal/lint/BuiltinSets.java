package dev.workloadmap.sdk.internal.lint;

import dev.workloadmap.sdk.WorkloadMapIOException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;
import net.thisptr.jackson.jq.BuiltinFunctionLoader;
import net.thisptr.jackson.jq.Scope;
import net.thisptr.jackson.jq.Versions;

/**
 * The two function sets the linter compares (docs/format.md#validation-jq-sdk): the reference engine's builtins (gojq
 * v0.12.18, shipped as {@value #RESOURCE}) and the SDK engine's (jackson-jq 1.6.2 in jq 1.6 mode). Names are {@code
 * name/arity}; formats are {@code @name/0}. Immutable and shared.
 *
 * <p>The engine's set is jackson-jq's own answer ({@code BuiltinFunctionLoader.listFunctions}), which compiles every
 * jq-defined builtin to find their names: a tenth of a CLI call's start-up. So the SDK ships that answer as {@value
 * #ENGINE_RESOURCE}, recorded with the fingerprint of what determines it ({@link #engineFingerprint()}: the jackson-jq
 * version, the native function classes its service files list, and its {@code jq.json} of jq-defined builtins), and
 * uses the recorded set only when the fingerprint of the jackson-jq on the class path is the same; otherwise (another
 * jackson-jq, another service file adding functions, a repackaging without the version) it asks jackson-jq as before.
 * {@code BuiltinSetsTest} fails when the recorded set is not jackson-jq's answer; {@code
 * -Dworkloadmap.builtins.update=true} on it rewrites the file.
 */
final class BuiltinSets {

  static final String RESOURCE = "META-INF/workloadmap/gojq-builtins.txt";

  /** The SDK engine's set as jackson-jq lists it, after a {@code # fingerprint: } line. */
  static final String ENGINE_RESOURCE = "META-INF/workloadmap/jackson-jq-builtins.txt";

  static final String FINGERPRINT_PREFIX = "# fingerprint: ";

  private static final String SERVICES = "META-INF/services/net.thisptr.jackson.jq.Function";
  private static final String JQ_JSON = "net/thisptr/jackson/jq/jq.json";
  private static final String POM_PROPERTIES =
      "META-INF/maven/net.thisptr/jackson-jq/pom.properties";

  private static final class Holder {
    static final BuiltinSets INSTANCE = new BuiltinSets(loadReference(), loadEngine());
  }

  private final Set<String> reference;
  private final Set<String> engine;

  BuiltinSets(Set<String> reference, Set<String> engine) {
    this.reference = Set.copyOf(reference);
    this.engine = Set.copyOf(engine);
  }

  static BuiltinSets standard() {
    return Holder.INSTANCE;
  }

  /** Whether the reference engine defines {@code name/arity}. */
  boolean reference(String name, int arity) {
    return reference.contains(name + "/" + arity);
  }

  /** Whether the SDK's engine defines {@code name/arity}. */
  boolean engine(String name, int arity) {
    return engine.contains(name + "/" + arity);
  }

  Set<String> referenceSet() {
    return reference;
  }

  Set<String> engineSet() {
    return engine;
  }

  private static Set<String> loadReference() {
    InputStream in = BuiltinSets.class.getClassLoader().getResourceAsStream(RESOURCE);
    if (in == null) {
      throw new IllegalStateException(RESOURCE + " is missing from the SDK jar");
    }
    Set<String> out = new HashSet<>();
    try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      String line;
      while ((line = r.readLine()) != null) {
        line = line.strip();
        if (!line.isEmpty() && !line.startsWith("#")) {
          out.add(line);
        }
      }
    } catch (IOException e) {
      throw new WorkloadMapIOException("cannot read " + RESOURCE, e);
    }
    return out;
  }

  private static Set<String> loadEngine() {
    InputStream in = BuiltinSets.class.getClassLoader().getResourceAsStream(ENGINE_RESOURCE);
    Set<String> recorded = in == null ? null : recorded(in, engineFingerprint());
    return recorded != null ? recorded : listEngine();
  }

  /** jackson-jq's answer: every builtin it defines for jq 1.6. */
  static Set<String> listEngine() {
    return new HashSet<>(BuiltinFunctionLoader.getInstance()
        .listFunctions(Versions.JQ_1_6, Scope.newEmptyScope())
        .keySet());
  }

  /**
   * The set recorded in {@code in} ({@value #ENGINE_RESOURCE}'s form), or null when it was recorded for another
   * fingerprint than {@code fingerprint} (or has none).
   */
  static Set<String> recorded(InputStream in, String fingerprint) {
    Set<String> out = new HashSet<>();
    try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      String first = r.readLine();
      if (first == null || !first.equals(FINGERPRINT_PREFIX + fingerprint)) {
        return null;
      }
      String line;
      while ((line = r.readLine()) != null) {
        if (!line.isEmpty()) {
          out.add(line);
        }
      }
    } catch (IOException e) {
      return null; // then jackson-jq is asked
    }
    return out;
  }

  /**
   * What jackson-jq's set of builtins is a function of, as one string: the version of the jackson-jq jar (from its
   * {@code pom.properties}; {@code unknown} without one), the sorted class names of every native function its service
   * files list (the files' bytes differ once a shaded jar merges them; the names do not), and the CRC-32C and length of
   * its {@code jq.json}, where the jq-defined builtins and their versions are.
   */
  static String engineFingerprint() {
    ClassLoader cl = BuiltinFunctionLoader.class.getClassLoader();
    try {
      java.util.Properties pom = new java.util.Properties();
      byte[] pomBytes = bytes(cl, POM_PROPERTIES);
      if (pomBytes != null) {
        pom.load(new java.io.ByteArrayInputStream(pomBytes));
      }
      java.util.TreeSet<String> natives = new java.util.TreeSet<>();
      for (java.net.URL u : java.util.Collections.list(cl.getResources(SERVICES))) {
        try (InputStream s = u.openStream()) {
          for (String line : new String(s.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
            int hash = line.indexOf('#');
            String name = (hash < 0 ? line : line.substring(0, hash)).strip();
            if (!name.isEmpty()) {
              natives.add(name);
            }
          }
        }
      }
      byte[] jqJson = bytes(cl, JQ_JSON);
      java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
      crc.update(String.join(",", natives).getBytes(StandardCharsets.UTF_8));
      String nativesCrc = Long.toHexString(crc.getValue());
      crc.reset();
      if (jqJson != null) {
        crc.update(jqJson);
      }
      return "jackson-jq " + pom.getProperty("version", "unknown") + ", " + natives.size()
          + " natives " + nativesCrc + ", jq.json "
          + (jqJson == null
              ? "none"
              : jqJson.length + " bytes " + Long.toHexString(crc.getValue()));
    } catch (IOException e) {
      return "unreadable: " + e.getMessage(); // matches no recorded fingerprint
    }
  }

  private static byte[] bytes(ClassLoader cl, String resource) throws IOException {
    try (InputStream in = cl.getResourceAsStream(resource)) {
      return in == null ? null : in.readAllBytes();
    }
  }
}
