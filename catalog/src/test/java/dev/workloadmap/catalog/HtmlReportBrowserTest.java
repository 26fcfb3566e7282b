package dev.workloadmap.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.authoring.AuthoringChecks;
import dev.workloadmap.sdk.authoring.OverlapAnalyzer;
import dev.workloadmap.sdk.report.HtmlReport;
import dev.workloadmap.sdk.verify.DefinitionResult;
import dev.workloadmap.sdk.verify.Verifier;
import dev.workloadmap.sdk.verify.VerifyOptions;
import dev.workloadmap.sdk.verify.VerifyReport;
import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/**
 * Renders the HTML report of the catalog's JobSet entry in a real browser (Debian's headless Chromium): the DOM it
 * builds holds the seed fixture's 12 GPUs and its SVG tree, and the screenshot is a real picture (many colours).
 * Skipped with the reason when no chromium binary is installed ({@code apt-get install -y chromium}).
 */
class HtmlReportBrowserTest {

  private static Path chromium() {
    for (String c :
        List.of("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")) {
      if (Files.isExecutable(Path.of(c))) {
        return Path.of(c);
      }
    }
    return null;
  }

  @Test
  void jobSetReportRendersInChromium() throws Exception {
    Path browser = chromium();
    assumeTrue(
        browser != null,
        "no chromium binary (/usr/bin/chromium): apt-get update; apt-get install -y chromium");
    WorkloadMap wm = WorkloadMap.create();
    Path shared = Path.of("..", "..", "shared").toAbsolutePath().normalize();
    Verifier verifier =
        new Verifier(wm, new VerifyOptions(shared, false, false, shared.resolve("data/crds")));
    Path def =
        CatalogSources.definitionsRoot().resolve("jobset-x-k8s-io-jobset-v1alpha2/definition.yaml");
    DefinitionResult d = verifier.verifyDefinition(def, null);
    AuthoringChecks.Result r = new AuthoringChecks(wm, verifier, shared.resolve("data/crds"))
        .run(d, new OverlapAnalyzer.Options(20260101L, 2000));
    Path dir = Path.of("target", "html-browser-test").toAbsolutePath();
    Path page = HtmlReport.write(
        new VerifyReport(List.of(d)),
        Map.of(d.name(), new HtmlReport.Extras(r.coverage(), r.overlap(), r.roundTrips())),
        dir,
        Path.of("").toAbsolutePath());

    Path profile = Files.createTempDirectory("chromium-profile");
    Path shot = dir.resolve("jobset-report.png");
    List<String> flags = List.of(
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--user-data-dir=" + profile);
    String dom = run(
        browser, flags, List.of("--dump-dom", page.toUri().toString()), dir.resolve("dom.html"));
    Matcher seed = Pattern.compile(
            "id=\"fx-jobset-x-k8s-io-jobset-v1alpha2--seed-leader-and-workers\".*?</div>",
            Pattern.DOTALL)
        .matcher(dom);
    assertThat(seed.find()).as("the seed fixture's section in the DOM").isTrue();
    assertThat(seed.group())
        .contains("<span class=\"gpus\">12 GPUs</span>")
        .contains("<svg")
        .contains("replicatedjob[worker]")
        .contains("Undefined");
    assertThat(dom).contains("Coverage").contains("Status overlap").contains("Write round trip");

    run(
        browser,
        flags,
        List.of("--screenshot=" + shot, "--window-size=1400,2400", page.toUri().toString()),
        null);
    assertThat(shot).exists();
    BufferedImage img = ImageIO.read(shot.toFile());
    assertThat(img.getWidth()).isEqualTo(1400);
    Set<Integer> colours = new HashSet<>();
    for (int y = 0; y < img.getHeight(); y += 7) {
      for (int x = 0; x < img.getWidth(); x += 7) {
        colours.add(img.getRGB(x, y));
      }
    }
    assertThat(colours.size())
        .as("distinct colours in the screenshot (a blank page has one)")
        .isGreaterThan(20);
  }

  private static String run(Path browser, List<String> flags, List<String> args, Path stdout)
      throws Exception {
    List<String> cmd = new java.util.ArrayList<>();
    cmd.add(browser.toString());
    cmd.addAll(flags);
    cmd.addAll(args);
    Path out = stdout != null ? stdout : Files.createTempFile("chromium", ".out");
    Process p = new ProcessBuilder(cmd)
        .redirectOutput(out.toFile())
        .redirectError(new File(out + ".err"))
        .start();
    assertThat(p.waitFor(180, TimeUnit.SECONDS)).as("chromium finished").isTrue();
    assertThat(p.exitValue()).as("chromium exit; stderr in " + out + ".err").isZero();
    return Files.readString(out, StandardCharsets.UTF_8);
  }
}
