package dev.workloadmap.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workloadmap.sdk.PreparedDefinition;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.catalog.Catalog;
import dev.workloadmap.sdk.catalog.CatalogEntry;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.internal.proof.CatalogProof;
import dev.workloadmap.sdk.internal.proof.ValidatorIdentity;
import dev.workloadmap.sdk.tree.WorkloadTree;
import dev.workloadmap.sdk.yaml.YamlDocument;
import dev.workloadmap.sdk.yaml.YamlReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The build's proof of the catalog's entries ({@code internal.proof.CatalogProof}: an entry the catalog's build
 * validated is not validated again when read) changes no answer: every catalog fixture's object, described with the
 * built-in catalog read with the proof and with the proof turned off ({@code -Dworkloadmap.catalog.proof=false}),
 * gives byte for byte the same output, error output and exit code in every output format, and the same tree (text and
 * JSON) and status through the SDK. The proof must hold in this build (the catalog jar's record names the validator
 * the tests run on), or the comparison would be of the validated path with itself.
 */
class CatalogProofAgreementTest {

  private static final Path CATALOG_SOURCES = CatalogSamplesDescribeTest.CATALOG;

  private static Catalog proved;
  private static Catalog checked;

  @BeforeAll
  static void bothCatalogs() {
    assertThat(ValidatorIdentity.problem())
        .as("the validator identity of the test class path")
        .isNull();
    proved = Catalog.builtInOnDemand();
    System.setProperty(CatalogProof.PROPERTY, "false");
    try {
      checked = Catalog.builtInOnDemand();
    } finally {
      System.clearProperty(CatalogProof.PROPERTY);
    }
  }

  @Test
  void everyBuiltInEntryIsProvenWithTheProofAndOnlyWithIt() {
    List<CatalogEntry> withProof = proved.list();
    assertThat(withProof).hasSizeGreaterThan(20).allMatch(e -> CatalogProof.proven(e.definition()));
    List<CatalogEntry> without = checked.list();
    assertThat(without).noneMatch(e -> CatalogProof.proven(e.definition()));
    assertThat(withProof).isEqualTo(without);
  }

  private record Run(int exitCode, String out, String err) {}

  private static Run describe(Catalog catalog, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    Env env = new Env(
        new PrintWriter(out),
        new PrintWriter(err),
        new ByteArrayInputStream(new byte[0]),
        Clock.fixed(Cli.NOW, java.time.ZoneOffset.UTC),
        Map.of());
    int code = WorkloadMapCli.run(env, catalog, args);
    return new Run(code, out.toString(), err.toString());
  }

  @TestFactory
  Stream<DynamicTest> everyCatalogFixtureAnswersTheSameWithTheProofAndWithout() throws IOException {
    List<Path> objects;
    try (Stream<Path> s = Files.walk(CATALOG_SOURCES)) {
      objects = s.filter(p -> p.getFileName().toString().equals("object.yaml")
              && p.getParent().getParent().getFileName().toString().equals("fixtures"))
          .sorted()
          .toList();
    }
    assertThat(objects).as("catalog fixtures").hasSizeGreaterThan(300);
    List<DynamicTest> tests = new ArrayList<>();
    for (Path object : objects) {
      tests.add(DynamicTest.dynamicTest(
          CATALOG_SOURCES.relativize(object).toString(), () -> agree(object)));
    }
    return tests.stream();
  }

  private static void agree(Path object) throws IOException {
    String file = object.toString();
    for (String[] format :
        new String[][] {{}, {"-o", "json"}, {"-o", "yaml"}, {"-o", "table", "--pod-limit", "1"}}) {
      String[] args = Stream.concat(Stream.of("describe", "-f", file), Stream.of(format))
          .toArray(String[]::new);
      assertThat(describe(proved, args))
          .as(String.join(" ", args))
          .isEqualTo(describe(checked, args));
    }
    // the SDK's views: tree text and JSON, status
    List<YamlDocument> docs = new YamlReader().readAll(object);
    if (docs.size() != 1 || !docs.get(0).root().hasNonNull("apiVersion")) {
      return;
    }
    YamlDocument doc = docs.get(0);
    dev.workloadmap.sdk.definition.Gvk gvk = dev.workloadmap.sdk.definition.Gvk.of(
        doc.root().path("apiVersion").asText(), doc.root().path("kind").asText());
    Definition p = proved.get(gvk).orElse(null);
    Definition c = checked.get(gvk).orElse(null);
    assertThat(p).isEqualTo(c);
    if (p == null) {
      return;
    }
    assertThat(CatalogProof.proven(p)).isTrue();
    WorkloadMap wm = WorkloadMap.create();
    PreparedDefinition pp = wm.prepare(p);
    PreparedDefinition pc = wm.prepare(c);
    assertThat(pp.report().findings()).isEqualTo(pc.report().findings());
    WorkloadTree tp = wm.resolve(pp, doc);
    WorkloadTree tc = wm.resolve(pc, doc);
    assertThat(wm.renderText(tp, "catalog")).isEqualTo(wm.renderText(tc, "catalog"));
    assertThat(wm.toJson(tp)).isEqualTo(wm.toJson(tc));
    assertThat(wm.status(pp, doc.root())).isEqualTo(wm.status(pc, doc.root()));
  }
}
