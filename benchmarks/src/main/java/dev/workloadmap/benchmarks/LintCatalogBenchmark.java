package dev.workloadmap.benchmarks;

import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.jq.Jq;
import dev.workloadmap.sdk.jq.JqOptions;
import dev.workloadmap.sdk.validation.Finding;
import dev.workloadmap.sdk.validation.Severity;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Linting the whole catalog (issue 3; target: under one second per full catalog): for every catalog definition on
 * the class path ({@code META-INF/workloadmap/catalog/<slug>/definition.yaml} of the catalog jar), {@link
 * WorkloadMap#read(String, String)}, which reads the YAML, maps it to the model and runs the reference validator
 * with every lint rule wired into {@link WorkloadMap} (jq lint, evaluation context, structure). Reading the files
 * from the class path is done once in the set-up and not measured. The score is the time per full catalog, in
 * milliseconds.
 *
 * <ul>
 *   <li>{@code lintCatalog}: one {@link WorkloadMap} for the whole run, as a build or an editor integration keeps
 *       one; its jq engine's compilation cache is warm after the first iteration.
 *   <li>{@code lintCatalogFreshEngine}: a new engine (empty compilation cache) for every catalog pass, so every
 *       expression is compiled again: the cost of a one-shot {@code workloadmap:validate} after the JIT has
 *       warmed up.
 * </ul>
 *
 * <p>Not a pair for {@link RatioReport} (there is no baseline linter): it prints the scores in JMH's table only.
 * The static check against target CRDs (issue 3 item 4) is not part of {@link WorkloadMap#read} yet and so is not
 * measured here.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 1)
public class LintCatalogBenchmark {

  /** Where the catalog jar holds its definitions. */
  static final String CATALOG_ROOT = "META-INF/workloadmap/catalog";

  private List<String> names;
  private List<String> texts;
  private WorkloadMap workloadMap;

  /**
   * Reads every catalog definition from the class path and lints it once.
   *
   * @throws IllegalStateException when the catalog is not on the class path, or a definition does not lint clean
   *     (an error or warning), so the run never measures a linter that stops early
   */
  @Setup(Level.Trial)
  public void setUp() {
    Map<String, String> catalog = CatalogResources.read(CATALOG_ROOT);
    names = List.copyOf(catalog.keySet());
    texts = List.copyOf(catalog.values());
    workloadMap = WorkloadMap.create();
    List<String> problems = new ArrayList<>();
    for (int i = 0; i < texts.size(); i++) {
      for (WorkloadMap.Loaded l : workloadMap.read(texts.get(i), names.get(i))) {
        for (Finding f : l.report().findings()) {
          if (f.severity() != Severity.INFO) {
            problems.add(f.toString());
          }
        }
      }
    }
    if (!problems.isEmpty()) {
      throw new IllegalStateException("the catalog does not lint clean: " + problems);
    }
  }

  /** The number of catalog definitions linted per operation. */
  public int definitions() {
    return texts.size();
  }

  /** Lints the whole catalog with the run's {@link WorkloadMap}; returns the number of findings (infos). */
  @Benchmark
  public int lintCatalog() {
    return lint(workloadMap);
  }

  /** Lints the whole catalog with a new jq engine, so no compiled expression is reused. */
  @Benchmark
  public int lintCatalogFreshEngine() {
    return lint(WorkloadMap.builder().engine(Jq.newEngine(JqOptions.defaults())).build());
  }

  private int lint(WorkloadMap wm) {
    int findings = 0;
    for (int i = 0; i < texts.size(); i++) {
      for (WorkloadMap.Loaded l : wm.read(texts.get(i), names.get(i))) {
        findings += l.report().findings().size();
      }
    }
    return findings;
  }

  /** The catalog's definitions on the class path, from a directory (reactor build) or a jar (the benchmark jar). */
  static final class CatalogResources {
    private CatalogResources() {}

    /**
     * Every {@code <root>/<slug>/definition.yaml}, by resource name in slug order.
     *
     * @throws IllegalStateException when {@code root} is not on the class path
     */
    static Map<String, String> read(String root) {
      URL url = LintCatalogBenchmark.class.getClassLoader().getResource(root);
      if (url == null) {
        throw new IllegalStateException("class-path resource not found: " + root
            + " (the workloadmap-catalog jar is not on the class path)");
      }
      try {
        URI uri = url.toURI();
        if ("jar".equals(uri.getScheme())) {
          try (FileSystem fs = FileSystems.newFileSystem(uri, Map.of())) {
            return readDir(fs.getPath(root), root);
          }
        }
        return readDir(Path.of(uri), root);
      } catch (URISyntaxException e) {
        throw new IllegalStateException("bad class-path URL " + url + ": " + e.getMessage(), e);
      } catch (IOException e) {
        throw new UncheckedIOException(
            "cannot read the catalog at " + url + ": " + e.getMessage(), e);
      }
    }

    private static Map<String, String> readDir(Path dir, String root) throws IOException {
      Map<String, String> out = new java.util.LinkedHashMap<>();
      List<Path> files;
      try (Stream<Path> s = Files.list(dir)) {
        files = s.map(d -> d.resolve("definition.yaml"))
            .filter(Files::isRegularFile)
            .sorted((a, b) -> a.toString().compareTo(b.toString()))
            .toList();
      }
      for (Path f : files) {
        out.put(root + "/" + f.getParent().getFileName() + "/definition.yaml", Files.readString(f));
      }
      if (out.isEmpty()) {
        throw new IllegalStateException("no definitions under class-path resource " + root);
      }
      return out;
    }
  }
}
