package dev.workloadmap.sdk.crd;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.workloadmap.sdk.WorkloadMapIOException;
import dev.workloadmap.sdk.definition.Gvk;
import dev.workloadmap.sdk.yaml.NotTextException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import org.apiguardian.api.API;
import org.yaml.snakeyaml.LoaderOptions;

/**
 * A loaded {@code apiextensions.k8s.io/v1 CustomResourceDefinition}: its group, kind and the {@code
 * openAPIV3Schema} of each version in {@code spec.versions}. Read from a file, a classpath resource, a URL or text; a
 * multi-document YAML stream may hold several CRDs, in which case {@link #load(Path, Gvk)} and friends pick the one
 * of the requested group and kind.
 *
 * <p>Files and classpath resources are cached: loading the same unchanged file (same size and modification time)
 * again returns the parsed instance, so checking a whole catalog parses each CRD once. Instances are immutable and
 * thread-safe. Real CRDs are large (a few MB of YAML); reading one takes tens to hundreds of milliseconds.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Crd {

  /** Largest CRD document accepted, in code points (the largest known CRDs are under 3 MB). */
  static final int CODE_POINT_LIMIT = 64 * 1024 * 1024;

  private static final ObjectMapper YAML;

  static {
    LoaderOptions options = new LoaderOptions();
    options.setCodePointLimit(CODE_POINT_LIMIT);
    YAML = new YAMLMapper(YAMLFactory.builder().loaderOptions(options).build());
  }

  private static final Map<String, List<Crd>> CACHE = new ConcurrentHashMap<>();

  private final String source;
  private final String name;
  private final String group;
  private final String kind;
  private final Map<String, JsonNode> schemas;
  private final Map<String, CrdSchema> versions = new ConcurrentHashMap<>();

  private Crd(
      String source, String name, String group, String kind, Map<String, JsonNode> schemas) {
    this.source = source;
    this.name = name;
    this.group = group;
    this.kind = kind;
    this.schemas = Collections.unmodifiableMap(schemas);
  }

  /** Where it was read from (a file path, {@code classpath:name} or a URL). */
  public String source() {
    return source;
  }

  /** {@code metadata.name}, such as {@code jobsets.jobset.x-k8s.io}. */
  public String name() {
    return name;
  }

  /** {@code spec.group}. */
  public String group() {
    return group;
  }

  /** {@code spec.names.kind}. */
  public String kind() {
    return kind;
  }

  /** The names of {@code spec.versions}, in document order. */
  public List<String> versions() {
    return List.copyOf(schemas.keySet());
  }

  /**
   * The schema of one version.
   *
   * @throws CrdException when the CRD has no such version (the message lists the versions it has) or the version
   *     has no {@code schema.openAPIV3Schema}
   */
  public CrdSchema schema(String version) {
    Objects.requireNonNull(version, "version");
    if (!schemas.containsKey(version)) {
      throw new CrdException(source + ": CRD " + name + " has no version " + version + "; it has "
          + String.join(", ", schemas.keySet()));
    }
    JsonNode schema = schemas.get(version);
    if (schema == null || !schema.isObject()) {
      throw new CrdException(
          source + ": CRD " + name + " version " + version + " has no schema.openAPIV3Schema");
    }
    return versions.computeIfAbsent(version, v -> new CrdSchema(this, v, schema));
  }

  /**
   * The schema for {@code gvk}: the version named {@code gvk.version()} of this CRD.
   *
   * @throws CrdException when the CRD is for another group or kind, or lacks the version
   */
  public CrdSchema schema(Gvk gvk) {
    Objects.requireNonNull(gvk, "gvk");
    if (!matches(gvk)) {
      throw new CrdException(source + ": CRD " + name + " is for " + group + "/" + kind + ", not "
          + gvk.group() + "/" + gvk.kind());
    }
    return schema(gvk.version());
  }

  /** Whether this CRD defines the group and kind of {@code gvk} (any version). */
  public boolean matches(Gvk gvk) {
    return group.equals(gvk.group()) && kind.equals(gvk.kind());
  }

  @Override
  public String toString() {
    return "CRD " + name + " (" + group + "/" + kind + " " + String.join(", ", schemas.keySet())
        + ") from " + source;
  }

  // ---- loading

  /**
   * The CRD in {@code file} (the only one, or the one for {@code gvk}'s group and kind in a multi-document file).
   *
   * @throws CrdException when the file cannot be read, is not a CRD, or has no CRD for that group and kind
   */
  public static Crd load(Path file, Gvk gvk) {
    return pick(loadAll(file), gvk, file.toString());
  }

  /** Every CRD document in {@code file}, cached while the file is unchanged. */
  public static List<Crd> loadAll(Path file) {
    Objects.requireNonNull(file, "file");
    String key;
    try {
      BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
      key = "file:" + file.toAbsolutePath().normalize() + "|" + a.size() + "|"
          + a.lastModifiedTime().toMillis();
    } catch (IOException e) {
      throw new CrdException(file + ": cannot read the CRD: " + e.getMessage(), e);
    }
    return CACHE.computeIfAbsent(key, k -> {
      try (InputStream in = Files.newInputStream(file)) {
        return parseAll(in, file.toString());
      } catch (java.io.CharConversionException | java.nio.charset.CharacterCodingException e) {
        // the readers' one rule for a file that is not text (NotTextException)
        throw new CrdException(
            file + ": " + NotTextException.MESSAGE + "; " + NotTextException.HINT, e);
      } catch (IOException e) {
        throw new CrdException(file + ": cannot read the CRD: " + e.getMessage(), e);
      }
    });
  }

  /**
   * The CRD in a classpath resource (for example {@code crds/jobset.yaml}), looked up with this class's loader and
   * cached.
   *
   * @throws CrdException when the resource is missing, is not a CRD or has no CRD for that group and kind
   */
  public static Crd fromResource(String resource, Gvk gvk) {
    Objects.requireNonNull(resource, "resource");
    String name = resource.startsWith("/") ? resource.substring(1) : resource;
    ClassLoader loader = Crd.class.getClassLoader();
    URL url = loader == null ? ClassLoader.getSystemResource(name) : loader.getResource(name);
    if (url == null) {
      throw new CrdException("classpath:" + name + ": no such resource");
    }
    List<Crd> all = CACHE.computeIfAbsent("resource:" + url, k -> read(url, "classpath:" + name));
    return pick(all, gvk, "classpath:" + name);
  }

  /**
   * The CRD at {@code url}, read on every call (no cache: the content behind a URL may change).
   *
   * @throws CrdException when it cannot be read, is not a CRD or has no CRD for that group and kind
   */
  public static Crd fromUrl(URL url, Gvk gvk) {
    Objects.requireNonNull(url, "url");
    return pick(read(url, url.toString()), gvk, url.toString());
  }

  /**
   * The CRDs in a YAML or JSON text.
   *
   * @param sourceName the name used in messages
   * @throws CrdException when the text is not YAML or holds no CRD
   */
  public static List<Crd> parse(String text, String sourceName) {
    Objects.requireNonNull(text, "text");
    try (InputStream in =
        new java.io.ByteArrayInputStream(text.getBytes(java.nio.charset.StandardCharsets.UTF_8))) {
      return parseAll(in, sourceName);
    } catch (IOException e) {
      throw new WorkloadMapIOException(e.getMessage(), e);
    }
  }

  private static List<Crd> read(URL url, String sourceName) {
    try (InputStream in = url.openStream()) {
      return parseAll(in, sourceName);
    } catch (IOException e) {
      throw new CrdException(sourceName + ": cannot read the CRD: " + e.getMessage(), e);
    }
  }

  private static List<Crd> parseAll(InputStream in, String sourceName) throws IOException {
    List<Crd> out = new ArrayList<>();
    int index = 0;
    try (MappingIterator<JsonNode> docs = YAML.readerFor(JsonNode.class).readValues(in)) {
      while (docs.hasNextValue()) {
        JsonNode doc = docs.nextValue();
        index++;
        if (doc == null || doc.isNull() || doc.isMissingNode()) {
          continue;
        }
        if (doc.path("kind").asText("").equals("List")) {
          for (JsonNode item : doc.path("items")) {
            out.add(fromNode(item, sourceName, index));
          }
        } else {
          out.add(fromNode(doc, sourceName, index));
        }
      }
    } catch (JacksonException e) {
      for (Throwable c = e; c != null; c = c.getCause()) {
        if (c instanceof java.io.CharConversionException
            || c instanceof java.nio.charset.CharacterCodingException) {
          // the readers' one rule for a file that is not text (NotTextException)
          throw new CrdException(
              sourceName + ": " + NotTextException.MESSAGE + "; " + NotTextException.HINT, e);
        }
      }
      String where = e.getLocation() == null
          ? ""
          : ":" + e.getLocation().getLineNr() + ":" + e.getLocation().getColumnNr();
      throw new CrdException(sourceName + where + ": not valid YAML: " + e.getOriginalMessage(), e);
    }
    if (out.isEmpty()) {
      throw new CrdException(sourceName + ": no CustomResourceDefinition in the file");
    }
    return List.copyOf(out);
  }

  private static Crd fromNode(JsonNode doc, String sourceName, int index) {
    String where = sourceName + " (document " + index + ")";
    if (!"CustomResourceDefinition".equals(doc.path("kind").asText(null))) {
      throw new CrdException(where + ": not a CustomResourceDefinition (kind: "
          + doc.path("kind").asText("<none>") + ")");
    }
    if (!"apiextensions.k8s.io/v1".equals(doc.path("apiVersion").asText(null))) {
      throw new CrdException(where + ": apiVersion must be apiextensions.k8s.io/v1 (found "
          + doc.path("apiVersion").asText("<none>") + "); v1beta1 CRDs have no per-version schema");
    }
    JsonNode spec = doc.path("spec");
    String group = spec.path("group").asText("");
    String kind = spec.path("names").path("kind").asText("");
    if (group.isEmpty() || kind.isEmpty()) {
      throw new CrdException(where + ": spec.group and spec.names.kind are required");
    }
    Map<String, JsonNode> schemas = new LinkedHashMap<>();
    for (JsonNode v : spec.path("versions")) {
      String version = v.path("name").asText("");
      if (!version.isEmpty()) {
        JsonNode s = v.path("schema").path("openAPIV3Schema");
        schemas.put(version, s.isObject() ? s : null);
      }
    }
    if (schemas.isEmpty()) {
      throw new CrdException(where + ": spec.versions is empty");
    }
    String name = doc.path("metadata").path("name").asText("");
    return new Crd(sourceName, name.isEmpty() ? kind : name, group, kind, schemas);
  }

  private static Crd pick(List<Crd> all, Gvk gvk, String sourceName) {
    if (gvk == null) {
      if (all.size() == 1) {
        return all.get(0);
      }
      throw new CrdException(sourceName + ": " + all.size()
          + " CRDs in the file; name the group and kind to pick one");
    }
    for (Crd c : all) {
      if (c.matches(gvk)) {
        return c;
      }
    }
    List<String> have = all.stream().map(c -> c.group + "/" + c.kind).toList();
    throw new CrdException(sourceName + ": the CRD is for " + String.join(", ", have) + ", not "
        + gvk.group() + "/" + gvk.kind());
  }
}
