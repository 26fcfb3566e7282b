package dev.workloadmap.sdk.catalog;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.WorkloadMapIOException;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.definition.DefinitionForm;
import dev.workloadmap.sdk.definition.Gvk;
import dev.workloadmap.sdk.internal.definition.DefinitionLoader;
import dev.workloadmap.sdk.internal.jq.JacksonJqEngine;
import dev.workloadmap.sdk.internal.model.JqFields;
import dev.workloadmap.sdk.internal.proof.CatalogProof;
import dev.workloadmap.sdk.validation.ValidationReport;
import dev.workloadmap.sdk.yaml.YamlDocument;
import dev.workloadmap.sdk.yaml.YamlException;
import java.io.IOException;
import java.io.InputStream;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * The reference catalog (docs/format.md#catalog): one validated, current-form definition per root GVK.
 *
 * <pre>{@code
 * Catalog catalog = Catalog.builtIn();
 * Definition job = catalog.require(new Gvk("batch", "v1", "Job"));
 * catalog.require("kubeflow.org", "PyTorchJob", "v2");
 * // CatalogException: no definition for kubeflow.org/v2, Kind=PyTorchJob; the catalog has v1
 * }</pre>
 *
 * <p>Rules, enforced when a catalog is built (conformance §9): two entries with the same root GVK are an error
 * naming both; a root GVK without version or kind is an error (an empty group is fine); every entry must be the
 * current form ({@code run.ai/v1alpha1 Karta}) and pass the validator (errors fail, warnings are kept). A class-path
 * catalog whose build recorded an entry as validated ({@code validated.txt} beside its index, written by {@code
 * workloadmap:index}) is not validated again when read by the same validator and the entry's bytes are unchanged
 * (docs/format.md#catalog); the answers are those of validating it. Lookups return deep copies, so a caller cannot
 * change the catalog. {@link #list()} is sorted by the root GVK string
 * ({@link Gvk#toString()}) and stable.
 *
 * <p>Built-in definitions ship in the {@code workloadmap-catalog} jar under {@value #RESOURCE_ROOT}, one folder per
 * slug, listed by the generated index {@value #INDEX_RESOURCE} (see {@link CatalogIndex}). Immutable and
 * thread-safe.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Catalog {

  /** The class-path folder of the catalog's resources. */
  public static final String RESOURCE_ROOT = "META-INF/workloadmap/catalog/";

  /** The generated index: one slug per line. */
  public static final String INDEX_RESOURCE = RESOURCE_ROOT + CatalogIndex.FILE_NAME;

  /** The file name of a definition inside its slug folder. */
  public static final String DEFINITION_FILE = "definition.yaml";

  /** By GVK string, then slug; made on first use (its lambdas are linked when made), which a lookup never needs. */
  private static final class ByGvkString {
    static final Comparator<CatalogEntry> ORDER = Comparator.comparing(
            (CatalogEntry e) -> e.gvk().toString())
        .thenComparing(CatalogEntry::slug);
  }

  /**
   * Sorted by GVK string, or null until an on-demand catalog ({@link #builtInOnDemand()}) has read every entry. Each
   * entry's definition is private to the catalog and only handed out as a copy.
   */
  private volatile List<CatalogEntry> entries;

  private volatile Map<Gvk, CatalogEntry> byGvk;

  /** The entries still to read of an on-demand catalog, or null for a catalog read at once. */
  private final OnDemand onDemand;

  private Catalog(List<Candidate> candidates) {
    this.onDemand = null;
    install(candidates);
  }

  private Catalog(OnDemand onDemand) {
    this.onDemand = onDemand;
  }

  /** Checks for duplicate GVKs and sets {@link #entries} and {@link #byGvk}. */
  private void install(List<Candidate> candidates) {
    Map<Gvk, Candidate> seen = new LinkedHashMap<>();
    List<CatalogEntry> list = new ArrayList<>();
    for (Candidate c : candidates) {
      Candidate previous = seen.putIfAbsent(c.entry.gvk(), c);
      if (previous != null) {
        throw duplicate(c.entry.gvk(), previous, c);
      }
      list.add(c.entry);
    }
    list.sort(ByGvkString.ORDER);
    List<CatalogEntry> sorted = List.copyOf(list);
    Map<Gvk, CatalogEntry> map = new LinkedHashMap<>();
    for (CatalogEntry e : sorted) {
      map.put(e.gvk(), e);
    }
    this.byGvk = Collections.unmodifiableMap(map);
    this.entries = sorted;
  }

  private static CatalogException duplicate(Gvk gvk, Candidate previous, Candidate c) {
    return new CatalogException(
        "duplicate catalog entry for " + gvk + ": " + previous.origin + " and " + c.origin);
  }

  /** Every entry, read first when this is an on-demand catalog. */
  private List<CatalogEntry> entries() {
    List<CatalogEntry> e = entries;
    if (e == null) {
      synchronized (this) {
        if (entries == null) {
          install(onDemand.readAll());
        }
        e = entries;
      }
    }
    return e;
  }

  /**
   * The index of an on-demand catalog: every listed slug with the indexes that list it, in index order. An entry is
   * read and validated the first time a lookup needs it and kept.
   */
  private static final class OnDemand {
    /** The indexes listing each slug: the entry's URL is resolved beside its index when it is read. */
    private final Map<String, List<URL>> bySlug = new LinkedHashMap<>();

    private final Map<URL, Candidate> read = new java.util.HashMap<>();
    /** The entries each index's build proved valid, read with the first entry of that index. */
    private final Map<URL, Map<String, String>> trusted = new java.util.HashMap<>();

    private final boolean proof = CatalogProof.enabled();
    private WorkloadMap wm;

    OnDemand(ClassLoader loader) {
      for (URL index : indexes(loader)) {
        for (String slug : CatalogIndex.parse(Catalog.read(index), index.toString())) {
          List<URL> listed = bySlug.get(slug);
          if (listed == null) {
            listed = new ArrayList<>(1);
            bySlug.put(slug, listed);
          }
          listed.add(index);
        }
      }
    }

    synchronized Candidate read(String slug, URL index) {
      URL url = entryUrl(index, slug);
      Candidate c = read.get(url);
      if (c == null) {
        byte[] bytes = readBytes(url);
        String digest = null;
        if (proof) {
          Map<String, String> t = trusted.get(index);
          if (t == null) {
            t = CatalogProof.trusted(index);
            trusted.put(index, t);
          }
          digest = t.get(slug);
        }
        CatalogEntry e;
        if (CatalogProof.matches(digest, bytes)) {
          e = provenEntry(text(bytes), CatalogEntry.resourceOf(slug), slug);
        } else {
          if (wm == null) {
            wm = WorkloadMap.create();
          }
          e = entry(wm, text(bytes), CatalogEntry.resourceOf(slug), slug);
        }
        c = new Candidate(e, url.toString());
        read.put(url, c);
      }
      return c;
    }

    /**
     * The entry of exactly {@code gvk}: only its folder ({@link Definition#slug()}) can hold it
     * (docs/format.md#catalog).
     */
    Optional<CatalogEntry> find(Gvk gvk) {
      String slug = slugOf(gvk);
      List<URL> indexes = bySlug.get(slug);
      if (indexes == null) {
        return Optional.empty();
      }
      Candidate found = null;
      for (URL index : indexes) {
        Candidate c = read(slug, index);
        if (c.entry.gvk().equals(gvk)) {
          if (found != null) {
            throw duplicate(gvk, found, c);
          }
          found = c;
        }
      }
      return found == null ? Optional.empty() : Optional.of(found.entry);
    }

    /** The first (by GVK string) entry of folder {@code slug}; two of one GVK there are a duplicate. */
    Optional<CatalogEntry> findSlug(String slug) {
      List<URL> indexes = bySlug.get(slug);
      if (indexes == null) {
        return Optional.empty();
      }
      Map<Gvk, Candidate> seen = new LinkedHashMap<>();
      for (URL index : indexes) {
        Candidate c = read(slug, index);
        Candidate previous = seen.putIfAbsent(c.entry.gvk(), c);
        if (previous != null) {
          throw duplicate(c.entry.gvk(), previous, c);
        }
      }
      return seen.values().stream().map(Candidate::entry).min(ByGvkString.ORDER);
    }

    List<Candidate> readAll() {
      List<Candidate> all = new ArrayList<>();
      bySlug.forEach((slug, indexes) -> indexes.forEach(index -> all.add(read(slug, index))));
      return all;
    }
  }

  /** The folder name of an entry for {@code gvk}, as {@link Definition#slug()} derives it. */
  private static String slugOf(Gvk g) {
    String group = g.group().isEmpty() ? "core" : g.group().replace('.', '-');
    return group + "-" + g.kind().toLowerCase(java.util.Locale.ROOT) + "-" + g.version();
  }

  private record Candidate(CatalogEntry entry, String origin) {}

  // ---------------------------------------------------------------- building

  /**
   * The built-in catalog: every index {@value #INDEX_RESOURCE} visible to the thread's context class loader (or,
   * without one, the SDK's class loader). Without the {@code workloadmap-catalog} jar on the class path the catalog
   * is empty. Reads and validates every entry on each call (but those its build proved valid for this validator, see
   * the class comment); keep the instance.
   *
   * @throws CatalogException an index or entry cannot be read, an entry is invalid, or two entries share a GVK
   */
  public static Catalog builtIn() {
    ClassLoader loader = Thread.currentThread().getContextClassLoader();
    return fromClassPath(loader != null ? loader : Catalog.class.getClassLoader());
  }

  /**
   * The catalog listed by every {@value #INDEX_RESOURCE} that {@code loader} sees. Each index's entries are read
   * next to the index ({@code <slug>/definition.yaml}), so two jars with an entry of the same slug are reported as
   * a duplicate rather than shadowing each other.
   *
   * @throws CatalogException as for {@link #builtIn()}; the message names the index URL and line or the resource
   */
  public static Catalog fromClassPath(ClassLoader loader) {
    WorkloadMap wm = null;
    boolean proof = CatalogProof.enabled();
    List<Candidate> candidates = new ArrayList<>();
    for (URL index : indexes(loader)) {
      List<String> slugs = CatalogIndex.parse(read(index), index.toString());
      Map<String, String> trusted = proof ? CatalogProof.trusted(index) : Map.of();
      for (String slug : slugs) {
        URL url = entryUrl(index, slug);
        byte[] bytes = readBytes(url);
        CatalogEntry e;
        if (CatalogProof.matches(trusted.get(slug), bytes)) {
          e = provenEntry(text(bytes), CatalogEntry.resourceOf(slug), slug);
        } else {
          if (wm == null) {
            wm = WorkloadMap.create();
          }
          e = entry(wm, text(bytes), CatalogEntry.resourceOf(slug), slug);
        }
        candidates.add(new Candidate(e, url.toString()));
      }
    }
    return new Catalog(candidates);
  }

  /**
   * The built-in catalog ({@link #builtIn()}), read entry by entry as lookups need them: a short-lived process that
   * looks up one GVK (a CLI call, a test) reads and validates one entry instead of the whole catalog. Only the
   * indexes are read here. {@link #get}, {@link #entry} and {@link #require} of a GVK read only the folder that GVK's
   * entry must be in ({@link Definition#slug()}); {@link #size}, {@link #isEmpty}, {@link #find}, {@link
   * #versions}, {@link #list}, {@link #gvks} and {@link #toString} read every entry, once. The answers are those of
   * {@link #builtIn()}; the difference is when an invalid or duplicate entry is reported: by the lookup that reads
   * it, not here, and not at all when no lookup reads it.
   *
   * @throws CatalogException an index cannot be read or listed; later lookups throw {@link CatalogException} as
   *     {@link #builtIn()} does for the entries they read
   * @since 0.2 (experimental)
   */
  public static Catalog builtInOnDemand() {
    ClassLoader loader = Thread.currentThread().getContextClassLoader();
    return fromClassPathOnDemand(loader != null ? loader : Catalog.class.getClassLoader());
  }

  /**
   * {@link #fromClassPath(ClassLoader)} read entry by entry as lookups need them, as {@link #builtInOnDemand()} does.
   *
   * @throws CatalogException an index cannot be read or listed
   * @since 0.2 (experimental)
   */
  public static Catalog fromClassPathOnDemand(ClassLoader loader) {
    return new Catalog(new OnDemand(loader));
  }

  private static List<URL> indexes(ClassLoader loader) {
    try {
      return Collections.list(loader.getResources(INDEX_RESOURCE));
    } catch (IOException e) {
      throw new CatalogException("cannot list " + INDEX_RESOURCE + ": " + e.getMessage(), e);
    }
  }

  private static URL entryUrl(URL index, String slug) {
    try {
      return new URL(index, slug + "/" + DEFINITION_FILE);
    } catch (MalformedURLException e) {
      throw new CatalogException(
          index + ": cannot resolve entry " + slug + ": " + e.getMessage(), e);
    }
  }

  /**
   * The catalog of a source tree laid out as {@code <dir>/<slug>/definition.yaml} (the catalog module's {@code
   * src/main/workloadmap}), the same entries the jar ships.
   *
   * @throws CatalogException a folder name is not a valid slug, an entry is invalid, or two entries share a GVK
   * @throws WorkloadMapIOException the folder cannot be listed or a file cannot be read
   */
  public static Catalog fromDirectory(Path dir) {
    WorkloadMap wm = WorkloadMap.create();
    List<Candidate> candidates = new ArrayList<>();
    for (String slug : CatalogIndex.slugs(dir)) {
      Path file = dir.resolve(slug).resolve(DEFINITION_FILE);
      String text;
      try {
        text = Files.readString(file, StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new WorkloadMapIOException("cannot read " + file, e);
      }
      candidates.add(new Candidate(entry(wm, text, file.toString(), slug), file.toString()));
    }
    return new Catalog(candidates);
  }

  /**
   * A catalog of these definitions (custom catalogs, tests). Each is validated and copied; its slug is derived
   * from its root GVK ({@link Definition#slug()}).
   *
   * @throws CatalogException a definition is null, of the legacy form, invalid or without a valid root GVK, or two
   *     share a root GVK (the message names both by source file or name)
   */
  public static Catalog of(List<Definition> definitions) {
    WorkloadMap wm = WorkloadMap.create();
    List<Candidate> candidates = new ArrayList<>();
    for (int i = 0; i < definitions.size(); i++) {
      Definition d = definitions.get(i);
      if (d == null) {
        throw new CatalogException("definition " + i + " is null");
      }
      String origin =
          d.source() != null ? d.source().file() + " (" + d.name() + ")" : "definition " + d.name();
      checkEntry(wm, d, origin);
      candidates.add(new Candidate(
          new CatalogEntry(d.slug(), d.rootGvk(), copy(d), CatalogEntry.resourceOf(d.slug()), null),
          origin));
    }
    return new Catalog(candidates);
  }

  /** {@link #of(List)} of these definitions. */
  public static Catalog of(Definition... definitions) {
    return of(List.of(definitions));
  }

  private static CatalogEntry entry(WorkloadMap wm, String text, String fileName, String slug) {
    List<WorkloadMap.Loaded> loaded;
    try {
      loaded = wm.read(text, fileName);
    } catch (YamlException e) {
      throw unreadable(fileName, e);
    }
    if (loaded.size() != 1) {
      throw notOne(fileName, loaded.size());
    }
    WorkloadMap.Loaded l = loaded.get(0);
    // the validator's findings are already in l.report() (wm.read ran the same validator on this
    // definition): only the GVK and form checks are left (validating again could find nothing new)
    return checked(l.definition(), l.report(), text, fileName, slug);
  }

  /**
   * {@link #entry} of an entry whose bytes the catalog's build accepted with this JVM's validator ({@link
   * CatalogProof}): read and mapped, not validated again (the validator would find no error). Its definition is
   * remembered as proven, so that {@code WorkloadMap.prepare} of it does not validate it up front either.
   */
  private static CatalogEntry provenEntry(String text, String fileName, String slug) {
    List<DefinitionLoader.Result> loaded;
    try {
      loaded = new DefinitionLoader(DefinitionLoader.Mode.STRICT).load(text, fileName);
    } catch (YamlException e) {
      throw unreadable(fileName, e);
    }
    if (loaded.size() != 1) {
      throw notOne(fileName, loaded.size());
    }
    DefinitionLoader.Result r = loaded.get(0);
    CatalogEntry e = checked(r.definition(), r.report(), text, fileName, slug);
    CatalogProof.markProven(e.definition());
    // the validator compiled each of these with the engine, without an error
    for (JqFields.JqField f : JqFields.of(e.definition())) {
      JacksonJqEngine.knownToCompile(f.expression());
    }
    return e;
  }

  private static CatalogException unreadable(String fileName, YamlException e) {
    return new CatalogException(fileName + ": invalid catalog entry: " + e.describe(), e);
  }

  private static CatalogException notOne(String fileName, int documents) {
    return new CatalogException(fileName + ": a catalog entry holds exactly one definition, found "
        + documents + " documents");
  }

  /** The entry of {@code d} as read with {@code report}, after the catalog's own checks. */
  private static CatalogEntry checked(
      Definition d, ValidationReport report, String text, String fileName, String slug) {
    if (d == null || report.hasErrors()) {
      throw new CatalogException(fileName + ": invalid catalog entry", report);
    }
    checkForm(d, fileName);
    if (!slug.equals(d.slug())) {
      throw new CatalogException(fileName + ": the entry for " + d.rootGvk() + " must be in folder "
          + d.slug() + ", not " + slug + " (docs/format.md#catalog file names)");
    }
    return new CatalogEntry(slug, d.rootGvk(), d, CatalogEntry.resourceOf(slug), text);
  }

  /**
   * Whether the entry text {@code text} of folder {@code slug} is a catalog entry that {@code wm} accepts: read and
   * validated without an error, of the current form, in its folder (as {@link #builtIn()} reads it). What the
   * catalog's build records for {@link CatalogProof}.
   */
  static boolean accepts(WorkloadMap wm, String text, String slug) {
    try {
      entry(wm, text, CatalogEntry.resourceOf(slug), slug);
      return true;
    } catch (CatalogException e) {
      return false;
    }
  }

  /** Current form, valid root GVK, no validation errors (conformance CA-05, CA-07). */
  private static void checkEntry(WorkloadMap wm, Definition d, String origin) {
    checkForm(d, origin);
    ValidationReport report = wm.validate(d);
    if (report.hasErrors()) {
      throw new CatalogException(origin + ": invalid catalog entry", report);
    }
  }

  /** Current form and a valid root GVK (conformance CA-05, CA-07). */
  private static void checkForm(Definition d, String origin) {
    Gvk gvk = d.rootGvk();
    if (gvk == null || gvk.version().isEmpty() || gvk.kind().isEmpty()) {
      throw new CatalogException(
          origin + ": invalid GVK " + (gvk == null ? "(none)" : "'" + gvk + "'")
              + ": a catalog entry's root GVK needs a version and a kind (the group may be empty)");
    }
    if (d.form() != DefinitionForm.CURRENT) {
      throw new CatalogException(
          origin + ": catalog entries use the current form (apiVersion run.ai/v1alpha1, kind"
              + " Karta), found the legacy form");
    }
  }

  private static String read(URL url) {
    return text(readBytes(url));
  }

  private static byte[] readBytes(URL url) {
    try (InputStream in = url.openStream()) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new CatalogException("cannot read " + url + ": " + e.getMessage(), e);
    }
  }

  private static String text(byte[] bytes) {
    return new String(bytes, StandardCharsets.UTF_8);
  }

  /**
   * A deep copy: the model records are immutable except the source document's tree, which is copied. Positions and
   * scalar maps are immutable and shared.
   */
  static Definition copy(Definition d) {
    YamlDocument s = d.source();
    if (s == null) {
      return d;
    }
    YamlDocument c = new YamlDocument(
        s.file(), s.index(), s.root().deepCopy(), s.positions(), s.plainScalars(), s.scalars());
    Definition copy = new Definition(
        d.name(),
        d.form(),
        d.labels(),
        d.rootComponent(),
        d.childComponents(),
        d.additionalChildKinds(),
        d.gangScheduling(),
        c);
    if (CatalogProof.proven(d)) {
      CatalogProof.markProven(copy); // an equal definition: what the build proved holds for it too
    }
    return copy;
  }

  private static CatalogEntry copy(CatalogEntry e) {
    return new CatalogEntry(e.slug(), e.gvk(), copy(e.definition()), e.resource(), e.yaml());
  }

  // ---------------------------------------------------------------- reading

  /** The number of entries. */
  public int size() {
    return entries().size();
  }

  public boolean isEmpty() {
    return entries().isEmpty();
  }

  /** A deep copy of the definition whose root GVK is exactly {@code gvk} (conformance CA-01..CA-03). */
  public Optional<Definition> get(Gvk gvk) {
    return entry(gvk).map(CatalogEntry::definition);
  }

  /** A copy of the entry whose root GVK is exactly {@code gvk}. */
  public Optional<CatalogEntry> entry(Gvk gvk) {
    if (entries == null) {
      return onDemand.find(gvk).map(Catalog::copy);
    }
    CatalogEntry e = byGvk.get(gvk);
    return e == null ? Optional.empty() : Optional.of(copy(e));
  }

  /**
   * A copy of the entry in folder {@code slug} ({@link CatalogEntry#slug()}), or empty. An on-demand catalog reads
   * only that folder.
   *
   * @throws CatalogException as the lookups of the catalog's kind do (an on-demand catalog: the folder's entry is
   *     invalid, or two class-path entries of that folder share a GVK)
   * @since 0.2 (experimental)
   */
  public Optional<CatalogEntry> bySlug(String slug) {
    if (entries == null) {
      return onDemand.findSlug(slug).map(Catalog::copy);
    }
    return entries.stream().filter(e -> e.slug().equals(slug)).findFirst().map(Catalog::copy);
  }

  /**
   * The definition of exactly {@code gvk}.
   *
   * @throws CatalogException the catalog has none; the message names the versions of the group and kind it has,
   *     for example {@code no definition for kubeflow.org/v2, Kind=PyTorchJob; the catalog has v1}
   */
  public Definition require(Gvk gvk) {
    return get(gvk).orElseThrow(() -> {
      List<String> versions = versions(gvk.group(), gvk.kind());
      String groupKind = (gvk.group().isEmpty() ? "" : gvk.group() + " ") + gvk.kind();
      return new CatalogException("no definition for " + gvk + "; the catalog has "
          + (versions.isEmpty() ? "no version of " + groupKind : String.join(", ", versions)));
    });
  }

  /** {@link #require(Gvk)} of {@code new Gvk(group, version, kind)}. */
  public Definition require(String group, String kind, String version) {
    return require(new Gvk(group, version, kind));
  }

  /**
   * Deep copies of the definitions of every version of {@code group} and {@code kind} (group {@code ""} for core),
   * preferred version first by Kubernetes' version priority: GA before beta before alpha, higher numbers first
   * ({@code v1, v1beta1, v1alpha2, v1alpha1}). Empty when the catalog has none.
   */
  public List<Definition> find(String group, String kind) {
    return matching(group, kind).stream().map(e -> copy(e.definition())).toList();
  }

  /** The versions of {@code group} and {@code kind} the catalog has, in the order of {@link #find}. */
  public List<String> versions(String group, String kind) {
    return matching(group, kind).stream().map(e -> e.gvk().version()).toList();
  }

  private List<CatalogEntry> matching(String group, String kind) {
    String g = group == null ? "" : group;
    return entries().stream()
        .filter(e -> e.gvk().group().equals(g) && e.gvk().kind().equals(kind))
        .sorted(
            Comparator.comparing((CatalogEntry e) -> e.gvk().version(), Catalog::compareVersions))
        .toList();
  }

  /**
   * Every entry, sorted by the root GVK string ({@link Gvk#toString()}, the order the reference lists) and stable:
   * a fresh list of fresh copies on every call (conformance CA-04).
   */
  public List<CatalogEntry> list() {
    return entries().stream().map(Catalog::copy).toList();
  }

  /** Every root GVK, in {@link #list()} order. */
  public List<Gvk> gvks() {
    return entries().stream().map(CatalogEntry::gvk).toList();
  }

  @Override
  public String toString() {
    return "Catalog"
        + entries().stream()
            .map(e -> e.gvk().toString())
            .collect(Collectors.joining("; ", "[", "]"));
  }

  /** Compiled on first use: a lookup by GVK never compares versions. */
  private static final class KubeVersion {
    static final Pattern PATTERN = Pattern.compile("v(\\d+)(?:(alpha|beta)(\\d+))?");
  }

  /**
   * Kubernetes' version priority (as {@code kubectl} orders versions): GA, then beta, then alpha, each with higher
   * numbers first; versions of another shape come last, in string order. Negative when {@code a} is preferred.
   */
  static int compareVersions(String a, String b) {
    Matcher ma = KubeVersion.PATTERN.matcher(a);
    Matcher mb = KubeVersion.PATTERN.matcher(b);
    boolean ka = ma.matches();
    boolean kb = mb.matches();
    if (!ka || !kb) {
      return ka ? -1 : kb ? 1 : a.compareTo(b);
    }
    int c = Integer.compare(stability(mb.group(2)), stability(ma.group(2)));
    if (c != 0) {
      return c;
    }
    c = compareNumbers(mb.group(1), ma.group(1));
    if (c != 0) {
      return c;
    }
    return ma.group(3) == null ? 0 : compareNumbers(mb.group(3), ma.group(3));
  }

  /** Compares decimal digit strings of any length by value. */
  private static int compareNumbers(String a, String b) {
    String x = a.replaceFirst("^0+(?=.)", "");
    String y = b.replaceFirst("^0+(?=.)", "");
    return x.length() != y.length() ? Integer.compare(x.length(), y.length()) : x.compareTo(y);
  }

  private static int stability(String level) {
    return level == null ? 2 : level.equals("beta") ? 1 : 0;
  }
}
