package dev.workloadmap.sdk.internal.catalog;

import dev.workloadmap.sdk.WorkloadMapIOException;
import dev.workloadmap.sdk.catalog.Catalog;
import dev.workloadmap.sdk.catalog.CatalogEntry;
import dev.workloadmap.sdk.catalog.CatalogException;
import dev.workloadmap.sdk.definition.ComponentDefinition;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.definition.GangScheduling;
import dev.workloadmap.sdk.definition.StatusDefinition;
import dev.workloadmap.sdk.definition.SuspendDefinition;
import dev.workloadmap.sdk.definition.WorkloadStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The table of catalog entries in the catalog module's {@code README.md}, generated from the definitions so that it
 * is never maintained by hand. The README holds the table between {@link #BEGIN} and {@link #END}; {@link
 * #splice(String, String)} replaces it, and the catalog module's tests fail when the committed table differs from
 * {@link #markdown(Path)}.
 *
 * <p>Columns: root GVK, slug, components (declaration order, each child as {@code name < owner}), the statuses the
 * root maps (docs/format.md#status-definition, in {@link WorkloadStatus} order), gang scheduling ({@code podGroup} with
 * its subgroups or {@code podGroups} with its groups, docs/format.md#gang-scheduling), whether the root has suspend and
 * resume actions (docs/format.md#suspend-definition), and the number of fixture folders.
 */
public final class CatalogTable {

  /** The line before the generated table. */
  public static final String BEGIN =
      "<!-- BEGIN generated catalog table (CatalogTable); do not edit by hand -->";

  /** The line after the generated table. */
  public static final String END = "<!-- END generated catalog table -->";

  private CatalogTable() {}

  /**
   * One row of the table.
   *
   * @param entry the catalog entry
   * @param fixtures the number of fixture folders under {@code <slug>/fixtures/}
   */
  public record Row(CatalogEntry entry, int fixtures) {}

  /**
   * The table of the source tree {@code definitionsDir} ({@code <slug>/definition.yaml} and {@code
   * <slug>/fixtures/<case>/} folders), in {@link Catalog#list()} order.
   *
   * @throws CatalogException an entry is invalid (see {@link Catalog#fromDirectory(Path)})
   * @throws WorkloadMapIOException a folder cannot be listed
   */
  public static String markdown(Path definitionsDir) {
    List<Row> rows = new ArrayList<>();
    for (CatalogEntry e : Catalog.fromDirectory(definitionsDir).list()) {
      rows.add(new Row(e, countFixtures(definitionsDir.resolve(e.slug()).resolve("fixtures"))));
    }
    return markdown(rows);
  }

  /** The table of these rows, in the given order, ending with a newline. */
  public static String markdown(List<Row> rows) {
    StringBuilder sb = new StringBuilder();
    sb.append("| GVK | Slug | Components | Statuses mapped | Gang | Suspend | Fixtures |\n");
    sb.append("|---|---|---|---|---|---|---:|\n");
    for (Row r : rows) {
      Definition d = r.entry().definition();
      sb.append("| ")
          .append(
              cell("`" + r.entry().gvk().apiVersion() + " " + r.entry().gvk().kind() + "`"))
          .append(" | ")
          .append(cell("`" + r.entry().slug() + "`"))
          .append(" | ")
          .append(cell(components(d)))
          .append(" | ")
          .append(cell(statuses(d)))
          .append(" | ")
          .append(cell(gang(d)))
          .append(" | ")
          .append(suspend(d) ? "yes" : "no")
          .append(" | ")
          .append(r.fixtures())
          .append(" |\n");
    }
    return sb.toString();
  }

  /**
   * {@code document} with the text between the {@link #BEGIN} and {@link #END} lines replaced by {@code table}.
   *
   * @throws CatalogException the markers are missing, repeated or out of order
   */
  public static String splice(String document, String table) {
    int[] span = span(document);
    String body = table.endsWith("\n") ? table : table + "\n";
    return document.substring(0, span[0]) + body + document.substring(span[1]);
  }

  /**
   * The text between the {@link #BEGIN} and {@link #END} lines of {@code document}.
   *
   * @throws CatalogException the markers are missing, repeated or out of order
   */
  public static String extract(String document) {
    int[] span = span(document);
    return document.substring(span[0], span[1]);
  }

  /** Start (after the BEGIN line) and end (start of the END line) of the table. */
  private static int[] span(String document) {
    int begin = document.indexOf(BEGIN);
    int end = document.indexOf(END);
    if (begin < 0
        || end < 0
        || end < begin
        || document.indexOf(BEGIN, begin + 1) >= 0
        || document.indexOf(END, end + 1) >= 0) {
      throw new CatalogException("expected one line '" + BEGIN + "' followed by one line '" + END
          + "' around the generated catalog table");
    }
    int start = document.indexOf('\n', begin);
    if (start < 0 || start > end) {
      throw new CatalogException("'" + BEGIN + "' and '" + END + "' must be on lines of their own");
    }
    return new int[] {start + 1, end};
  }

  static String components(Definition d) {
    List<String> parts = new ArrayList<>();
    for (ComponentDefinition c : d.components()) {
      parts.add(
          c.ownerRef() == null || c.ownerRef().isEmpty()
              ? c.name()
              : c.name() + " < " + c.ownerRef());
    }
    return String.join(", ", parts);
  }

  static String statuses(Definition d) {
    ComponentDefinition root = d.rootComponent();
    StatusDefinition s = root == null ? null : root.statusDefinition();
    if (s == null || s.statusMappings().isEmpty()) {
      return "-";
    }
    Set<WorkloadStatus> mapped = s.statusMappings().keySet();
    return Stream.of(WorkloadStatus.values())
        .filter(mapped::contains)
        .map(WorkloadStatus::displayName)
        .collect(Collectors.joining(", "));
  }

  static String gang(Definition d) {
    GangScheduling g = d.gangScheduling();
    if (g == null) {
      return "-";
    }
    List<String> parts = new ArrayList<>();
    if (g.podGroup() != null) {
      Set<String> members = new LinkedHashSet<>();
      g.podGroup().subGroups().forEach(sg -> members.add(sg.componentName()));
      parts.add("podGroup" + (members.isEmpty() ? "" : " (" + String.join(", ", members) + ")"));
    }
    if (!g.podGroups().isEmpty()) {
      List<String> groups = new ArrayList<>();
      for (GangScheduling.PodGroupEntry e : g.podGroups()) {
        groups.add(e.name() + ": "
            + e.members().stream()
                .map(GangScheduling.Member::componentName)
                .collect(Collectors.joining(", ")));
      }
      parts.add("podGroups (" + String.join("; ", groups) + ")");
    }
    return parts.isEmpty() ? "-" : String.join(" and ", parts);
  }

  static boolean suspend(Definition d) {
    ComponentDefinition root = d.rootComponent();
    SuspendDefinition s = root == null ? null : root.suspendDefinition();
    return s != null && (!s.suspendActions().isEmpty() || !s.resumeActions().isEmpty());
  }

  private static int countFixtures(Path fixturesDir) {
    if (!Files.isDirectory(fixturesDir)) {
      return 0;
    }
    try (Stream<Path> s = Files.list(fixturesDir)) {
      return (int) s.filter(Files::isDirectory).count();
    } catch (IOException e) {
      throw new WorkloadMapIOException("cannot list " + fixturesDir, e);
    }
  }

  private static String cell(String text) {
    return text.replace("|", "\\|").replace("\n", " ");
  }
}
