package dev.workloadmap.sdk.catalog;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.workloadmap.sdk.WorkloadMapIOException;
import dev.workloadmap.sdk.internal.proof.CatalogProof;
import dev.workloadmap.sdk.internal.proof.Sha256;
import dev.workloadmap.sdk.internal.proof.ValidatorIdentity;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.apiguardian.api.API;

/**
 * The catalog's generated index, {@value Catalog#INDEX_RESOURCE}: one slug per line, sorted; blank lines and lines
 * starting with {@code #} are ignored. A class-path catalog is found through its index because a class loader cannot
 * list a folder. The catalog module generates it at build time ({@code workloadmap:index}, bound to {@code
 * process-resources}) from its {@code src/main/workloadmap/<slug>/definition.yaml} folders.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class CatalogIndex {

  /** The index file's name inside {@value Catalog#RESOURCE_ROOT}. */
  public static final String FILE_NAME = "index.txt";

  /**
   * Whether {@code s} is a slug (docs/format.md#catalog): lower-case letters, digits and single dashes, as group, kind
   * and version produce ({@code [a-z0-9]+(?:-[a-z0-9]+)*}), checked without a regex: a CLI call parses the index once.
   */
  static boolean isSlug(String s) {
    if (s.isEmpty() || s.charAt(0) == '-' || s.charAt(s.length() - 1) == '-') {
      return false;
    }
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      boolean ok =
          (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || (c == '-' && s.charAt(i - 1) != '-');
      if (!ok) {
        return false;
      }
    }
    return true;
  }

  private static final String HEADER =
      "# Workload Map catalog index: one entry folder (slug) per line, each holding definition.yaml.\n"
          + "# Generated at build time from src/main/workloadmap by workloadmap:index; do not edit.\n";

  private CatalogIndex() {}

  /**
   * The slugs of {@code definitionsDir}: the names of its sub-folders that hold a {@code definition.yaml}, sorted.
   *
   * @throws CatalogException a folder with a definition has a name that is not a slug
   * @throws WorkloadMapIOException the folder cannot be listed
   */
  public static List<String> slugs(Path definitionsDir) {
    List<String> slugs;
    try (Stream<Path> s = Files.list(definitionsDir)) {
      slugs = s.filter(p -> Files.isRegularFile(p.resolve(Catalog.DEFINITION_FILE)))
          .map(p -> p.getFileName().toString())
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new WorkloadMapIOException("cannot list catalog definitions in " + definitionsDir, e);
    }
    for (String slug : slugs) {
      if (!isSlug(slug)) {
        throw new CatalogException(
            definitionsDir.resolve(slug) + ": '" + slug + "' is not a catalog slug (lower-case"
                + " letters, digits and single dashes, for example batch-job-v1; docs/format.md#catalog)");
      }
    }
    return slugs;
  }

  /** The index text for these slugs: the header comment, then one slug per line. */
  public static String render(List<String> slugs) {
    StringBuilder sb = new StringBuilder(HEADER);
    for (String slug : slugs) {
      sb.append(slug).append('\n');
    }
    return sb.toString();
  }

  /**
   * Writes the index of {@code definitionsDir} to {@code outputDirectory/}{@value Catalog#INDEX_RESOURCE} (the
   * classes folder of the catalog jar). An index with the same content is left untouched, so an unchanged catalog
   * does not look modified to incremental builds.
   *
   * @return the index file
   * @throws CatalogException a folder name is not a slug
   * @throws WorkloadMapIOException the folder cannot be listed or the index cannot be written
   */
  public static Path write(Path definitionsDir, Path outputDirectory) {
    Path index = outputDirectory.resolve(Catalog.INDEX_RESOURCE);
    String content = render(slugs(definitionsDir));
    try {
      if (Files.isRegularFile(index)
          && Files.readString(index, StandardCharsets.UTF_8).equals(content)) {
        return index;
      }
      Files.createDirectories(index.getParent());
      Files.writeString(index, content, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new WorkloadMapIOException("cannot write the catalog index " + index, e);
    }
    return index;
  }

  /**
   * Validates every entry of {@code definitionsDir} and writes the record of those that a catalog accepts (no error,
   * the current form, the right folder) to {@code outputDirectory/META-INF/workloadmap/catalog/validated.txt}, beside
   * the index: the validator's identity (this SDK build and the libraries it runs on, as its build recorded them, and
   * the Java release) and the SHA-256 of each such entry's {@code definition.yaml}. A catalog read at run time takes
   * an entry as valid without validating it again only when both are the same there (see {@code
   * Catalog.builtIn()}); an entry with an error is left out (and validated, and reported, when read), and so is every
   * entry when this JVM's validator has no identity (the record then says why). A record with the same content is
   * left untouched.
   *
   * @return the slugs recorded
   * @throws CatalogException a folder name is not a slug
   * @throws WorkloadMapIOException the folder or a definition cannot be read, or the record cannot be written
   * @since 0.2 (experimental)
   */
  public static List<String> writeValidationRecord(Path definitionsDir, Path outputDirectory) {
    String validator = ValidatorIdentity.current();
    java.util.Map<String, String> digests = new java.util.TreeMap<>();
    if (validator != null) {
      dev.workloadmap.sdk.WorkloadMap wm = dev.workloadmap.sdk.WorkloadMap.create();
      for (String slug : slugs(definitionsDir)) {
        Path file = definitionsDir.resolve(slug).resolve(Catalog.DEFINITION_FILE);
        byte[] bytes;
        try {
          bytes = Files.readAllBytes(file);
        } catch (IOException e) {
          throw new WorkloadMapIOException("cannot read " + file, e);
        }
        if (Catalog.accepts(wm, new String(bytes, StandardCharsets.UTF_8), slug)) {
          digests.put(slug, Sha256.hex(bytes));
        }
      }
    }
    String content = CatalogProof.render(
        validator,
        digests,
        validator == null ? "no entry is recorded: " + ValidatorIdentity.problem() : null);
    Path record = outputDirectory.resolve(Catalog.RESOURCE_ROOT).resolve(CatalogProof.FILE_NAME);
    try {
      if (!(Files.isRegularFile(record)
          && Files.readString(record, StandardCharsets.UTF_8).equals(content))) {
        Files.createDirectories(record.getParent());
        Files.writeString(record, content, StandardCharsets.UTF_8);
      }
    } catch (IOException e) {
      throw new WorkloadMapIOException("cannot write the catalog's validation record " + record, e);
    }
    return List.copyOf(digests.keySet());
  }

  /**
   * Reads an index's slugs in file order.
   *
   * @param name how to name the index in messages (its URL or path)
   * @throws CatalogException a line is not a slug or a slug is listed twice; the message names the line
   */
  public static List<String> parse(String content, String name) {
    List<String> slugs = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    // the lines as split("\r?\n") gives them once stripped: a \r before the \n is whitespace to
    // strip()
    String[] lines = content.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      if (!isSlug(line)) {
        throw new CatalogException(
            name + ":" + (i + 1) + ": '" + line + "' is not a catalog slug (lower-case"
                + " letters, digits and single dashes, for example batch-job-v1)");
      }
      if (!seen.add(line)) {
        throw new CatalogException(name + ":" + (i + 1) + ": slug " + line + " is listed twice");
      }
      slugs.add(line);
    }
    return slugs;
  }
}
