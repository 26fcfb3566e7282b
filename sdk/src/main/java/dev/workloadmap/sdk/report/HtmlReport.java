package dev.workloadmap.sdk.report;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.workloadmap.sdk.WorkloadMapIOException;
import dev.workloadmap.sdk.authoring.DefinitionCoverage;
import dev.workloadmap.sdk.authoring.OverlapAnalyzer;
import dev.workloadmap.sdk.authoring.RoundTrip;
import dev.workloadmap.sdk.tree.ComponentNode;
import dev.workloadmap.sdk.tree.InstanceNode;
import dev.workloadmap.sdk.tree.WorkloadTree;
import dev.workloadmap.sdk.validation.Finding;
import dev.workloadmap.sdk.verify.DefinitionResult;
import dev.workloadmap.sdk.verify.FixtureResult;
import dev.workloadmap.sdk.verify.VerifyReport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * One self-contained HTML page ({@code index.html}, no scripts, no external resources) for a reviewer: per
 * definition, its coverage table, overlap analysis and round-trip results, then each fixture with its workload tree
 * drawn as SVG (one box per component instance with replicas and GPUs), its statuses, total GPUs/CPU/memory and
 * problems. Element ids are stable: {@code def-<name>} and {@code fx-<name>--<fixture>}.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class HtmlReport {

  /** The extras of one definition; any may be null. */
  public record Extras(
      DefinitionCoverage.Result coverage,
      OverlapAnalyzer.Result overlap,
      List<RoundTrip.Result> roundTrips) {}

  private HtmlReport() {}

  /** Writes {@code index.html} into {@code directory} and returns its path. */
  public static Path write(
      VerifyReport report, Map<String, Extras> extras, Path directory, Path baseDir) {
    Path out = directory.resolve("index.html");
    try {
      Files.createDirectories(directory);
      Files.writeString(out, render(report, extras, baseDir), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new WorkloadMapIOException("cannot write " + out + ": " + e.getMessage(), e);
    }
    return out;
  }

  /** The page. */
  public static String render(VerifyReport report, Map<String, Extras> extras, Path baseDir) {
    StringBuilder h = new StringBuilder();
    h.append(
            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Workload Map report</title>\n")
        .append(
            "<style>body{font:14px system-ui,sans-serif;margin:24px;color:#1b1f24}h2{border-top:2px solid #ccd;"
                + "padding-top:12px}table{border-collapse:collapse;margin:6px 0}td,th{border:1px solid #ccd;"
                + "padding:2px 6px;text-align:left;vertical-align:top}th{background:#eef}.ok{color:#176f2c}"
                + ".bad{color:#b42318;font-weight:600}.skip{color:#8a6d00}.fx{margin:12px 0 18px 12px}"
                + "code{font-size:12px}svg text{font:12px system-ui,sans-serif}</style></head><body>\n");
    h.append("<h1>Workload Map report</h1>\n<p id=\"summary\">")
        .append(esc(report.summary()))
        .append("</p>\n<ul>");
    for (DefinitionResult d : report.definitions()) {
      h.append("<li><a href=\"#def-")
          .append(id(d.name()))
          .append("\">")
          .append(esc(d.name()))
          .append("</a>")
          .append(d.failed() ? " <span class=\"bad\">failed</span>" : "")
          .append("</li>");
    }
    h.append("</ul>\n");
    for (DefinitionResult d : report.definitions()) {
      h.append("<section class=\"definition\" id=\"def-")
          .append(id(d.name()))
          .append("\"><h2>")
          .append(esc(d.name()))
          .append("</h2>\n<p>")
          .append(esc(Reports.relative(d.file().toString(), baseDir)))
          .append(" — ")
          .append(d.fixtures().size())
          .append(" fixture(s)</p>\n");
      findings(h, d.report().findings(), baseDir);
      Extras x = extras == null ? null : extras.get(d.name());
      if (x != null && x.coverage() != null) {
        coverage(h, x.coverage());
      }
      if (x != null && x.overlap() != null) {
        overlap(h, x.overlap());
      }
      for (FixtureResult f : d.fixtures()) {
        fixture(h, d, f, baseDir);
      }
      if (x != null && x.roundTrips() != null && !x.roundTrips().isEmpty()) {
        roundTrips(h, x.roundTrips());
      }
      h.append("</section>\n");
    }
    h.append("</body></html>\n");
    return h.toString();
  }

  private static void coverage(StringBuilder h, DefinitionCoverage.Result c) {
    h.append(String.format(
        Locale.ROOT,
        "<h3>Coverage</h3><p class=\"coverage\">%d/%d items covered (%.1f%%) over %d"
            + " fixture(s)</p>",
        c.coveredCount(),
        c.items().size(),
        c.percent(),
        c.fixtures()));
    h.append(
        "<table><tr><th>kind</th><th>item</th><th>reads</th><th>fired</th><th>false</th><th>not reached</th>"
            + "<th>covered</th></tr>");
    for (DefinitionCoverage.Item i : c.items()) {
      h.append("<tr><td>")
          .append(i.kind().name().toLowerCase(Locale.ROOT))
          .append("</td><td><code>")
          .append(esc(i.id()))
          .append("</code></td><td><code>")
          .append(esc(i.description()))
          .append("</code></td><td>")
          .append(i.fired())
          .append("</td><td>")
          .append(i.notFired())
          .append("</td><td>")
          .append(i.notReached())
          .append("</td><td class=\"")
          .append(
              i.exercised()
                  ? "ok\">yes"
                  : i.exemptReason() != null
                      ? "skip\">exempt: " + esc(i.exemptReason())
                      : "bad\">" + esc(i.missing()))
          .append("</td></tr>");
    }
    h.append("</table>\n");
  }

  private static void overlap(StringBuilder h, OverlapAnalyzer.Result o) {
    h.append(String.format(
        Locale.ROOT,
        "<h3>Status overlap</h3><p class=\"overlap\"><span class=\"%s\">%s</span>:"
            + " %d of %s object(s) evaluated (%.2f%%, exhaustive up to %d set field(s)), seed %d</p>",
        o.clean() ? "ok" : "bad",
        o.clean() ? "clean" : "problems",
        o.evaluated(),
        o.space(),
        o.coveredPercent(),
        o.exhaustiveDepth(),
        o.seed()));
    if (!o.overlaps().isEmpty() || !o.terminalUndefined().isEmpty()) {
      h.append(
          "<table><tr><th>pair</th><th>objects</th><th>smallest counterexample</th><th>verdict</th></tr>");
      for (OverlapAnalyzer.Overlap x : o.overlaps()) {
        h.append("<tr><td>")
            .append(esc(String.join(" + ", x.pair())))
            .append("</td><td>")
            .append(x.objects())
            .append("</td><td><code>")
            .append(esc(x.counterexample().toString()))
            .append("</code></td><td class=\"")
            .append(
                x.allowedReason() == null
                    ? "bad\">overlap"
                    : "skip\">allowed: " + esc(x.allowedReason()))
            .append("</td></tr>");
      }
      for (OverlapAnalyzer.TerminalUndefined t : o.terminalUndefined()) {
        h.append("<tr><td>")
            .append(esc(t.what()))
            .append(" → Undefined</td><td></td><td><code>")
            .append(esc(t.counterexample().toString()))
            .append("</code></td><td class=\"")
            .append(
                t.allowedReason() == null
                    ? "bad\">terminal state maps to Undefined"
                    : "skip\">allowed: " + esc(t.allowedReason()))
            .append("</td></tr>");
      }
      h.append("</table>\n");
    }
  }

  private static void roundTrips(StringBuilder h, List<RoundTrip.Result> rs) {
    h.append(
        "<h3>Write round trip</h3><table class=\"roundtrip\"><tr><th>object</th><th>clean</th><th>findings</th>"
            + "<th>skipped</th><th>details</th></tr>");
    for (RoundTrip.Result r : rs) {
      h.append("<tr><td>")
          .append(esc(r.object()))
          .append("</td><td class=\"ok\">")
          .append(r.count(RoundTrip.Outcome.CLEAN))
          .append("</td><td class=\"")
          .append(r.count(RoundTrip.Outcome.FINDINGS) > 0 ? "bad" : "ok")
          .append("\">")
          .append(r.count(RoundTrip.Outcome.FINDINGS))
          .append("</td><td class=\"skip\">")
          .append(r.count(RoundTrip.Outcome.SKIPPED))
          .append("</td><td>");
      for (RoundTrip.Check c : r.checks()) {
        if (c.outcome() != RoundTrip.Outcome.CLEAN) {
          h.append(esc(c.component() + " " + c.check() + " "
                  + c.outcome().name().toLowerCase(Locale.ROOT) + ": " + c.detail()))
              .append("<br>");
          c.findings()
              .forEach(f -> h.append("<span class=\"bad\">").append(esc(f)).append("</span><br>"));
        }
      }
      h.append("</td></tr>");
    }
    h.append("</table>\n");
  }

  private static void fixture(StringBuilder h, DefinitionResult d, FixtureResult f, Path baseDir) {
    String cls = f.outcome() == FixtureResult.Outcome.FAILED
        ? "bad"
        : f.outcome() == FixtureResult.Outcome.SKIPPED ? "skip" : "ok";
    h.append("<div class=\"fx\" id=\"fx-")
        .append(id(d.name()))
        .append("--")
        .append(id(f.name()))
        .append("\"><h4>")
        .append(esc(f.name()))
        .append(" <span class=\"")
        .append(cls)
        .append("\">")
        .append(f.outcome())
        .append("</span>")
        .append(f.reason().isEmpty() ? "" : " <small>" + esc(f.reason()) + "</small>")
        .append("</h4>\n");
    WorkloadTree t = f.tree();
    if (t != null) {
      h.append("<p>statuses: <b class=\"statuses\">")
          .append(esc(String.join(", ", t.phases())))
          .append("</b> — total:" + " <span class=\"replicas\">")
          .append(t.totalReplicas())
          .append(" replica(s)</span>, <span class=\"gpus\">")
          .append(t.totalResources().gpus())
          .append(" GPUs</span>, ")
          .append(t.totalResources().cpuMillis())
          .append(" millicores, ")
          .append(t.totalResources().memoryBytes())
          .append(" bytes</p>\n");
      svg(h, t);
      if (!t.problems().isEmpty()) {
        h.append("<ul class=\"problems\">");
        t.problems()
            .forEach(
                p -> h.append("<li class=\"bad\">").append(esc(p.toString())).append("</li>"));
        h.append("</ul>");
      }
    }
    findings(h, f.findings(), baseDir);
    h.append("</div>\n");
  }

  /** The tree as boxes: one column per depth, one row per instance; each box names component, instance, replicas, GPUs. */
  static void svg(StringBuilder h, WorkloadTree t) {
    record Box(int depth, int row, String title, String sub, int parent) {}
    List<Box> boxes = new ArrayList<>();
    layout(t.root(), 0, -1, boxes::add, new int[] {0}, Box::new);
    int w = 230;
    int bh = 44;
    int maxDepth = boxes.stream().mapToInt(Box::depth).max().orElse(0);
    int rows = boxes.stream().mapToInt(Box::row).max().orElse(0) + 1;
    h.append("<svg class=\"tree\" xmlns=\"http://www.w3.org/2000/svg\" width=\"")
        .append((maxDepth + 1) * (w + 40))
        .append("\" height=\"")
        .append(rows * (bh + 10) + 10)
        .append("\" role=\"img\" aria-label=\"workload tree\">");
    for (Box b : boxes) {
      if (b.parent() >= 0) {
        Box p = boxes.get(b.parent());
        h.append(String.format(
            Locale.ROOT,
            "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#889\"/>",
            p.depth() * (w + 40) + w + 5,
            p.row() * (bh + 10) + 5 + bh / 2,
            b.depth() * (w + 40) + 5,
            b.row() * (bh + 10) + 5 + bh / 2));
      }
    }
    for (Box b : boxes) {
      int x = b.depth() * (w + 40) + 5;
      int y = b.row() * (bh + 10) + 5;
      h.append(String.format(
          Locale.ROOT,
          "<g class=\"node\"><rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"6\""
              + " fill=\"#eef2ff\" stroke=\"#5562a8\"/><text x=\"%d\" y=\"%d\" font-weight=\"600\">%s</text><text x=\"%d\""
              + " y=\"%d\">%s</text></g>",
          x,
          y,
          w,
          bh,
          x + 8,
          y + 18,
          esc(b.title()),
          x + 8,
          y + 36,
          esc(b.sub())));
    }
    h.append("</svg>\n");
  }

  private interface BoxMaker<B> {
    B make(int depth, int row, String title, String sub, int parent);
  }

  private static <B> int layout(
      ComponentNode n,
      int depth,
      int parent,
      java.util.function.Consumer<B> out,
      int[] counter,
      BoxMaker<B> make) {
    if (!n.visible() && depth > 0) {
      return parent;
    }
    int self = counter[0];
    java.util.Set<String> u = dev.workloadmap.sdk.internal.tree.Uncounted.subtree(n);
    String sub = "replicas: " + (u.contains(InstanceNode.REPLICAS) ? "?" : n.desiredReplicas())
        + "  gpu: " + (u.isEmpty() ? Long.toString(n.resources().gpus()) : "?");
    out.accept(make.make(depth, self, n.name(), sub, parent));
    counter[0]++;
    if (n.multiInstance()) {
      for (InstanceNode i : n.instances()) {
        out.accept(make.make(
            depth + 1,
            counter[0],
            n.name() + "[" + i.id() + "]",
            "replicas: "
                + (i.replicasCounted() ? Integer.toString(i.desiredReplicas()) : "?") + "  gpu: "
                + (i.uncounted().isEmpty() ? Long.toString(i.total().gpus()) : "?"),
            self));
        counter[0]++;
      }
    }
    for (ComponentNode c : n.children()) {
      layout(c, depth + 1, self, out, counter, make);
    }
    return self;
  }

  private static void findings(StringBuilder h, List<Finding> findings, Path baseDir) {
    if (findings.isEmpty()) {
      return;
    }
    h.append("<ul class=\"findings\">");
    for (Finding f : findings) {
      h.append("<li class=\"")
          .append(f.severity().name().equals("ERROR") ? "bad" : "skip")
          .append("\">")
          .append(esc(f.format()))
          .append("</li>");
    }
    h.append("</ul>\n");
  }

  private static String id(String s) {
    return s.replaceAll("[^A-Za-z0-9_-]", "_");
  }

  static String esc(String s) {
    if (s == null) {
      return "";
    }
    StringBuilder sb = new StringBuilder(s.length());
    for (char c : s.toCharArray()) {
      switch (c) {
        case '<' -> sb.append("&lt;");
        case '>' -> sb.append("&gt;");
        case '&' -> sb.append("&amp;");
        case '"' -> sb.append("&quot;");
        default -> sb.append(c);
      }
    }
    return sb.toString();
  }
}
