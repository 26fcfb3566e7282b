package dev.workloadmap.sdk.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The generated class-path index of a catalog. */
class CatalogIndexTest {

  private static Path entry(Path dir, String slug) throws IOException {
    Path folder = Files.createDirectories(dir.resolve(slug));
    return Files.writeString(folder.resolve("definition.yaml"), "# " + slug + "\n");
  }

  @Test
  void writeListsTheFoldersHoldingADefinitionSortedUnderTheStableResourcePath(@TempDir Path tmp)
      throws IOException {
    Path defs = tmp.resolve("defs");
    entry(defs, "ray-io-raycluster-v1");
    entry(defs, "batch-job-v1");
    Files.createDirectories(defs.resolve("notes")); // no definition.yaml: not an entry
    Files.writeString(defs.resolve("README.md"), "x");

    Path index = CatalogIndex.write(defs, tmp.resolve("classes"));

    assertThat(index).isEqualTo(tmp.resolve("classes/META-INF/workloadmap/catalog/index.txt"));
    String text = Files.readString(index);
    assertThat(text)
        .startsWith("# Workload Map catalog index")
        .endsWith("\nbatch-job-v1\nray-io-raycluster-v1\n");
    assertThat(CatalogIndex.parse(text, "index.txt"))
        .containsExactly("batch-job-v1", "ray-io-raycluster-v1");
  }

  @Test
  void anUnchangedIndexIsNotRewritten(@TempDir Path tmp) throws IOException {
    Path defs = tmp.resolve("defs");
    entry(defs, "batch-job-v1");
    Path index = CatalogIndex.write(defs, tmp);
    FileTime old = FileTime.fromMillis(1_000_000L);
    Files.setLastModifiedTime(index, old);

    CatalogIndex.write(defs, tmp);
    assertThat(Files.getLastModifiedTime(index)).isEqualTo(old);

    entry(defs, "core-pod-v1");
    CatalogIndex.write(defs, tmp);
    assertThat(Files.getLastModifiedTime(index)).isNotEqualTo(old);
    assertThat(CatalogIndex.parse(Files.readString(index), "i"))
        .containsExactly("batch-job-v1", "core-pod-v1");
  }

  @Test
  void aFolderNameThatIsNotASlugIsAnError(@TempDir Path defs) throws IOException {
    entry(defs, "Batch_Job");
    assertThatThrownBy(() -> CatalogIndex.slugs(defs))
        .isInstanceOf(CatalogException.class)
        .hasMessage(defs.resolve("Batch_Job")
            + ": 'Batch_Job' is not a catalog slug (lower-case letters, digits and"
            + " single dashes, for example batch-job-v1; docs/format.md#catalog)");
  }

  @Test
  void parseSkipsCommentsAndBlankLinesAndRefusesRepeatedSlugs() {
    assertThat(CatalogIndex.parse("# c\r\n\r\n  core-pod-v1  \r\nbatch-job-v1", "i"))
        .containsExactly("core-pod-v1", "batch-job-v1");
    assertThatThrownBy(() -> CatalogIndex.parse("a-v1\nb-v1\na-v1\n", "jar:index.txt"))
        .isInstanceOf(CatalogException.class)
        .hasMessage("jar:index.txt:3: slug a-v1 is listed twice");
    assertThat(CatalogIndex.render(List.of("a-v1"))).endsWith("\na-v1\n");
  }

  /** The slug check without a regex is the regex {@code [a-z0-9]+(?:-[a-z0-9]+)*}, on every string it could meet. */
  @Test
  void theSlugCheckIsTheSlugPattern() {
    java.util.regex.Pattern slug = java.util.regex.Pattern.compile("[a-z0-9]+(?:-[a-z0-9]+)*");
    String alphabet = "az09-A_ .\r";
    java.util.Random r = new java.util.Random(7);
    List<String> samples = new java.util.ArrayList<>(
        List.of("", "-", "a", "a-", "-a", "a--b", "a-b-c", "core-pod-v1", "\u00e9", "a\r", " a"));
    // every string of up to 4 characters of the alphabet, then random longer ones
    for (int n = 1; n <= 4; n++) {
      int[] idx = new int[n];
      while (true) {
        StringBuilder sb = new StringBuilder();
        for (int i : idx) {
          sb.append(alphabet.charAt(i));
        }
        samples.add(sb.toString());
        int k = n - 1;
        while (k >= 0 && ++idx[k] == alphabet.length()) {
          idx[k--] = 0;
        }
        if (k < 0) {
          break;
        }
      }
    }
    for (int i = 0; i < 20_000; i++) {
      StringBuilder sb = new StringBuilder();
      for (int n = r.nextInt(12); n > 0; n--) {
        sb.append(alphabet.charAt(r.nextInt(alphabet.length())));
      }
      samples.add(sb.toString());
    }
    for (String s : samples) {
      assertThat(CatalogIndex.isSlug(s)).as("'%s'", s).isEqualTo(slug.matcher(s).matches());
    }
  }
}
