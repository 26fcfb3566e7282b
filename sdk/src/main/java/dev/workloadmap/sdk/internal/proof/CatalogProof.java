package dev.workloadmap.sdk.internal.proof;

import dev.workloadmap.sdk.definition.Definition;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The build's proof that a catalog entry is valid, so that reading it at run time need not run the validator (the
 * schema check with networknt, the reference rules, the lint): the catalog build ({@code workloadmap:index}) validates
 * every entry and records, in {@value #FILE_NAME} beside its index, the {@link ValidatorIdentity} that did it and the
 * SHA-256 of each entry's {@code definition.yaml} that a catalog accepts (read and validated without an error). A
 * catalog read at run time takes an entry as valid without validating it only when this JVM's validator identity is
 * the recorded one and the entry's bytes have the recorded SHA-256 ({@link #trusted}); anything else (another SDK or
 * dependency on the class path, another Java release, a changed entry, an index without a record, a definition that
 * is not a catalog entry) is validated as before. {@code -D}{@value #PROPERTY}{@code =false} turns the proof off.
 *
 * <p>An entry so read is remembered as proven ({@link #markProven}, by identity, weakly), and so are the copies the
 * catalog hands out; {@code WorkloadMap.prepare} of one of them with the default engine, the configuration the
 * build validated with, prepares it without validating it first (it has no error), and its report (warnings and
 * notes) is the validator's, computed when first asked for.
 * {@code CatalogProofTest} (SDK) and {@code CatalogProofAgreementTest} (CLI) check that every answer is the same with
 * the proof and without it.
 */
public final class CatalogProof {

  /** The record's file name, beside {@code index.txt}. */
  public static final String FILE_NAME = "validated.txt";

  /** {@code false} turns the proof off: every catalog entry is validated when read. */
  public static final String PROPERTY = "workloadmap.catalog.proof";

  private static final String VALIDATOR = "validator ";

  private static final ReferenceQueue<Definition> QUEUE = new ReferenceQueue<>();
  private static final Set<Key> PROVEN = ConcurrentHashMap.newKeySet();

  private CatalogProof() {}

  /** Whether the proof is on (it is unless {@value #PROPERTY} is {@code false}); read when a catalog is made. */
  public static boolean enabled() {
    return !"false".equals(System.getProperty(PROPERTY));
  }

  /** The record's text: the validator's identity, then {@code <slug> <sha256>} per entry, sorted by slug. */
  public static String render(String validator, Map<String, String> digests, String note) {
    StringBuilder sb = new StringBuilder(
        "# Workload Map catalog: the entries that the build validated without an error, by the SHA-256 of their"
            + " definition.yaml,\n# and the validator that did (" + ValidatorIdentity.RESOURCE
            + "). Generated at build time by workloadmap:index; do not edit.\n");
    if (note != null) {
      sb.append("# ").append(note).append('\n');
    }
    if (validator != null) {
      sb.append(VALIDATOR).append(validator).append('\n');
      new java.util.TreeMap<>(digests)
          .forEach((slug, digest) -> sb.append(slug).append(' ').append(digest).append('\n'));
    }
    return sb.toString();
  }

  /**
   * The entries of the catalog whose index is {@code index} that this JVM may take as valid, by slug: the recorded
   * SHA-256 of each, when the record beside the index names this JVM's validator; else none.
   */
  public static Map<String, String> trusted(URL index) {
    String text;
    try (InputStream in = new URL(index, FILE_NAME).openStream()) {
      text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (FileNotFoundException e) {
      return Map.of(); // a catalog built without the record
    } catch (IOException e) {
      return Map.of();
    }
    // the identity only for a catalog with a record: a catalog built without one costs no check
    String validator = ValidatorIdentity.current();
    return validator == null ? Map.of() : parse(text, validator);
  }

  /** The digests of a record's text by slug when it was made by {@code validator}; else none. */
  static Map<String, String> parse(String text, String validator) {
    Map<String, String> out = new HashMap<>();
    boolean ours = false;
    for (String line : text.split("\n")) {
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      if (line.startsWith(VALIDATOR)) {
        ours = line.substring(VALIDATOR.length()).equals(validator);
        continue;
      }
      int space = line.indexOf(' ');
      if (ours && space > 0) {
        out.put(line.substring(0, space), line.substring(space + 1));
      }
    }
    return out;
  }

  /** Whether {@code bytes} are those recorded as {@code digest} (null: none recorded). */
  public static boolean matches(String digest, byte[] bytes) {
    return digest != null && digest.equals(Sha256.hex(bytes));
  }

  /** Remembers {@code d} as a definition that the build proved valid (without an error). */
  public static void markProven(Definition d) {
    for (Object k; (k = QUEUE.poll()) != null; ) {
      PROVEN.remove(k);
    }
    PROVEN.add(new Key(d, QUEUE));
  }

  /** Whether {@code d} (this very object) was remembered by {@link #markProven}. */
  public static boolean proven(Definition d) {
    return d != null && !PROVEN.isEmpty() && PROVEN.contains(new Key(d, null));
  }

  /** A weak reference compared by the identity of its referent. */
  private static final class Key extends WeakReference<Definition> {
    private final int hash;

    Key(Definition d, ReferenceQueue<Definition> queue) {
      super(d, queue);
      this.hash = System.identityHashCode(d);
    }

    @Override
    public int hashCode() {
      return hash;
    }

    @Override
    public boolean equals(Object o) {
      if (o == this) {
        return true;
      }
      Object d = get();
      return d != null && o instanceof Key k && k.get() == d;
    }
  }
}
