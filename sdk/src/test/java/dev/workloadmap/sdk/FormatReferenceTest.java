package dev.workloadmap.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The format reference lives in the repository ({@code docs/format.md}) and code cites it by anchor (issue 14 item 6):
 * every {@code docs/format.md#<anchor>} cited anywhere in the repository names an anchor the page has, the page's own
 * links and its section map resolve, no anchor is defined twice, and no main source, resource or test cites the
 * upstream contract by section number any more (that document is not in the repository).
 */
class FormatReferenceTest {

  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Path FORMAT = ROOT.resolve("docs/format.md");

  /** A citation: {@code docs/format.md#<anchor>}, also inside a relative Markdown link. */
  private static final Pattern CITATION = Pattern.compile("docs/format\\.md#([A-Za-z0-9_-]+)");

  private static final Pattern ANCHOR = Pattern.compile("<a id=\"([^\"]+)\"></a>");

  /** The upstream contract cited by section number; written with an escape so this file does not match itself. */
  private static final Pattern SPEC_SECTION = Pattern.compile("(?i)\\bspec\\s*\u00a7");

  private static final Set<String> TEXT =
      Set.of(".java", ".md", ".yaml", ".yml", ".json", ".txt", ".xml", ".properties", ".sh", ".vm");

  private static String read(Path p) {
    try {
      return Files.readString(p, StandardCharsets.UTF_8);
    } catch (MalformedInputException e) {
      return "";
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Set<String> anchors() {
    assertThat(FORMAT).as("docs/format.md beside the sdk module").isRegularFile();
    Set<String> ids = new TreeSet<>();
    Map<String, Integer> count = new HashMap<>();
    Matcher m = ANCHOR.matcher(read(FORMAT));
    while (m.find()) {
      ids.add(m.group(1));
      count.merge(m.group(1), 1, Integer::sum);
    }
    assertThat(count)
        .as("anchors defined more than once in docs/format.md")
        .allSatisfy((id, n) -> assertThat(n).as(id).isEqualTo(1));
    return ids;
  }

  /** The repository's text files, without build output, Git data and fuzz corpora (their inputs are data). */
  private static List<Path> sources() throws IOException {
    try (Stream<Path> files = Files.walk(ROOT)) {
      return files
          .filter(Files::isRegularFile)
          .filter(p -> {
            String rel = ROOT.relativize(p).toString().replace('\\', '/');
            String name = p.getFileName().toString();
            int dot = name.lastIndexOf('.');
            return dot >= 0
                && TEXT.contains(name.substring(dot))
                && !rel.startsWith(".git/")
                && !rel.contains("/target/")
                && !rel.startsWith("target/")
                && !rel.contains("/.cifuzz-corpus/")
                && !rel.contains("FuzzTestInputs/");
          })
          .toList();
    }
  }

  @Test
  void everyCitedAnchorExists() throws IOException {
    Set<String> ids = anchors();
    List<String> missing = new ArrayList<>();
    int citations = 0;
    for (Path p : sources()) {
      String text = read(p);
      Matcher m = CITATION.matcher(text);
      while (m.find()) {
        citations++;
        if (!ids.contains(m.group(1))) {
          int line = text.substring(0, m.start()).split("\n", -1).length;
          missing.add(ROOT.relativize(p) + ":" + line + " #" + m.group(1));
        }
      }
    }
    assertThat(citations).as("citations of docs/format.md in the repository").isGreaterThan(200);
    assertThat(missing)
        .as("citations of docs/format.md anchors that the page does not define")
        .isEmpty();
  }

  @Test
  void thePagesOwnLinksResolve() {
    Set<String> ids = anchors();
    List<String> missing = new ArrayList<>();
    Matcher m = Pattern.compile("\\]\\(#([A-Za-z0-9_-]+)\\)").matcher(read(FORMAT));
    while (m.find()) {
      if (!ids.contains(m.group(1))) {
        missing.add(m.group(1));
      }
    }
    assertThat(missing)
        .as("links inside docs/format.md to anchors it does not define")
        .isEmpty();
  }

  @Test
  void theSectionMapCoversEveryUpstreamSection() {
    Set<String> ids = anchors();
    Map<String, String> map = new HashMap<>();
    Matcher m = Pattern.compile(
            "(?m)^\\| \u00a7([0-9.]+) \\| \\[`#([a-z0-9-]+)`\\]\\(#([a-z0-9-]+)\\)")
        .matcher(read(FORMAT));
    while (m.find()) {
      assertThat(m.group(2))
          .as("section map row \u00a7%s links the anchor it names", m.group(1))
          .isEqualTo(m.group(3));
      map.put(m.group(1), m.group(2));
    }
    // Sections 1 to 12 of the upstream contract, with their subsections as that document numbers
    // them.
    List<String> sections = List.of(
        "1", "2", "2.1", "2.2", "2.3", "2.4", "3", "3.1", "3.2", "3.3", "3.4", "3.5", "3.6", "3.7",
        "3.8", "3.9", "3.10", "3.11", "4", "4.1", "4.2", "4.3", "4.4", "4.5", "5", "5.1", "5.2",
        "5.3", "5.4", "5.5", "5.6", "5.7", "5.8", "5.9", "5.10", "5.11", "6", "6.1", "6.2", "6.3",
        "6.4", "7", "7.1", "7.2", "7.3", "7.4", "7.5", "8", "9", "10", "11", "12");
    assertThat(map.keySet()).containsExactlyInAnyOrderElementsOf(sections);
    assertThat(ids).containsAll(map.values());
    for (char letter = 'a'; letter <= 'h'; letter++) {
      assertThat(ids)
          .as("decision %s, cited by letter in code", letter)
          .contains("decision-" + letter);
    }
  }

  @Test
  void noSourceCitesTheUpstreamContractBySectionNumber() throws IOException {
    List<String> found = new ArrayList<>();
    for (Path p : sources()) {
      String rel = ROOT.relativize(p).toString().replace('\\', '/');
      if (!rel.contains("/src/")) {
        continue; // README, CHANGES and docs may quote such numbers when they talk about the
        // upstream document
      }
      String text = read(p);
      Matcher m = SPEC_SECTION.matcher(text);
      while (m.find()) {
        found.add(rel + ":" + text.substring(0, m.start()).split("\n", -1).length);
      }
    }
    assertThat(found)
        .as("'spec \u00a7' references in sources; cite docs/format.md#<anchor> instead")
        .isEmpty();
  }
}
