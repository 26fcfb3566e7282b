package dev.workloadmap.sdk.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.workloadmap.sdk.PreparedDefinition;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.internal.proof.CatalogProof;
import dev.workloadmap.sdk.internal.proof.Sha256;
import dev.workloadmap.sdk.internal.proof.ValidatorIdentity;
import dev.workloadmap.sdk.jq.Jq;
import dev.workloadmap.sdk.jq.JqOptions;
import dev.workloadmap.sdk.validation.Finding;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The build's proof of a catalog entry ({@link CatalogProof}): a catalog whose build recorded its entries reads them
 * without validating them and answers exactly as it does with the proof turned off; a changed entry, another
 * validator's record or no record are validated as before. {@code CatalogProofAgreementTest} (CLI) does the same
 * for every command output of every catalog fixture.
 */
class CatalogProofTest {

  @TempDir
  Path root;

  private final List<URLClassLoader> loaders = new ArrayList<>();

  /** The test catalog's entries, one of them with a note (deprecated podGroups), and their record beside the index. */
  @BeforeEach
  void catalogWithItsRecord() throws IOException {
    Path src = CatalogTest.testCatalogRoot().resolve(Catalog.RESOURCE_ROOT);
    Path dest = Files.createDirectories(root.resolve(Catalog.RESOURCE_ROOT));
    try (Stream<Path> s = Files.walk(src)) {
      for (Path p : s.filter(Files::isRegularFile).toList()) {
        Path to = dest.resolve(src.relativize(p).toString());
        Files.createDirectories(to.getParent());
        Files.copy(p, to);
      }
    }
    Path job = dest.resolve("batch-job-v1").resolve(Catalog.DEFINITION_FILE);
    Files.writeString(job, Files.readString(job) + """
          optimizationInstructions:
            gangScheduling:
              podGroups:
                - name: job
                  members:
                    - componentName: root
                      groupByKeyPaths: ['.metadata.labels["batch.kubernetes.io/job-name"]']
        """);
    assertThat(CatalogIndex.writeValidationRecord(dest, root))
        .as("every entry is recorded")
        .containsExactlyInAnyOrderElementsOf(CatalogIndex.slugs(dest));
  }

  @AfterEach
  void close() throws IOException {
    for (URLClassLoader l : loaders) {
      l.close();
    }
  }

  private ClassLoader loader() throws IOException {
    URLClassLoader l = new URLClassLoader(new URL[] {root.toUri().toURL()}, null);
    loaders.add(l);
    return l;
  }

  private static <T> T withoutProof(Supplier<T> s) {
    System.setProperty(CatalogProof.PROPERTY, "false");
    try {
      return s.get();
    } finally {
      System.clearProperty(CatalogProof.PROPERTY);
    }
  }

  private Path entry(String slug) {
    return root.resolve(Catalog.RESOURCE_ROOT).resolve(slug).resolve(Catalog.DEFINITION_FILE);
  }

  @Test
  void theRecordNamesThisValidatorAndTheDigestOfEveryEntry() throws IOException {
    String record =
        Files.readString(root.resolve(Catalog.RESOURCE_ROOT).resolve(CatalogProof.FILE_NAME));
    assertThat(ValidatorIdentity.current()).isNotNull();
    assertThat(record).contains("\nvalidator " + ValidatorIdentity.current() + "\n");
    assertThat(record)
        .contains("\nbatch-job-v1 " + Sha256.hex(Files.readAllBytes(entry("batch-job-v1"))) + "\n");
  }

  @Test
  void aCatalogReadWithTheProofAnswersAsOneReadWithout() throws IOException {
    ClassLoader l = loader();
    for (boolean onDemand : new boolean[] {true, false}) {
      Catalog proved = onDemand ? Catalog.fromClassPathOnDemand(l) : Catalog.fromClassPath(l);
      Catalog checked = withoutProof(
          () -> onDemand ? Catalog.fromClassPathOnDemand(l) : Catalog.fromClassPath(l));
      for (CatalogEntry e : checked.list()) {
        CatalogEntry p = proved.entry(e.gvk()).orElseThrow();
        assertThat(p).isEqualTo(e);
        assertThat(CatalogProof.proven(p.definition())).as(e.slug()).isTrue();
        assertThat(CatalogProof.proven(e.definition())).as(e.slug()).isFalse();
      }
      assertThat(proved.list()).isEqualTo(checked.list());
      assertThat(proved.list()).allMatch(e -> CatalogProof.proven(e.definition()));
      assertThat(proved.find("example.com", "Widget"))
          .isEqualTo(checked.find("example.com", "Widget"))
          .allMatch(CatalogProof::proven);
    }
  }

  @Test
  void preparingAProvenEntryGivesTheValidatorsFindingsWithoutAnErrorCheckUpFront()
      throws IOException {
    Catalog proved = Catalog.fromClassPathOnDemand(loader());
    WorkloadMap wm = WorkloadMap.create();
    boolean someFinding = false;
    for (CatalogEntry e : proved.list()) {
      Definition d = e.definition();
      PreparedDefinition p = wm.prepare(d);
      List<String> expected =
          wm.validate(d).findings().stream().map(Finding::format).toList();
      assertThat(p.report().findings().stream().map(Finding::format).toList())
          .as(e.slug())
          .isEqualTo(expected);
      assertThat(p.report().hasErrors()).isFalse();
      assertThat(p.definition()).isSameAs(d);
      someFinding |= !expected.isEmpty();
    }
    assertThat(someFinding)
        .as("an entry with a note (batch-job-v1's podGroups)")
        .isTrue();
    // another engine is another validator than the build's: validated (and the same answer)
    WorkloadMap other =
        WorkloadMap.builder().engine(Jq.newEngine(JqOptions.defaults())).build();
    Definition d =
        proved.get(new dev.workloadmap.sdk.definition.Gvk("batch", "v1", "Job")).orElseThrow();
    assertThat(
            other.prepare(d).report().findings().stream().map(Finding::format).toList())
        .isEqualTo(wm.validate(d).findings().stream().map(Finding::format).toList())
        .isNotEmpty();
  }

  @Test
  void aChangedEntryIsValidatedAndReportedAsWithoutTheProof() throws IOException {
    Path job = entry("batch-job-v1");
    Files.writeString(job, Files.readString(job).replace("kind: Job}", "kind: \"\"}"));
    ClassLoader l = loader();
    Catalog proved = Catalog.fromClassPathOnDemand(l);
    String expected = withoutProof(() -> {
      try {
        Catalog.fromClassPathOnDemand(l)
            .get(new dev.workloadmap.sdk.definition.Gvk("batch", "v1", "Job"));
        return null;
      } catch (CatalogException e) {
        return e.getMessage();
      }
    });
    assertThat(expected).isNotNull();
    assertThatThrownBy(() -> proved.list())
        .isInstanceOf(CatalogException.class)
        .hasMessage(expected);
    // a valid change: read, validated, and not proven
    Files.writeString(
        job, Files.readString(job).replace("kind: \"\"}", "kind: Job}") + "# changed\n");
    Catalog again = Catalog.fromClassPathOnDemand(loader());
    Definition d =
        again.get(new dev.workloadmap.sdk.definition.Gvk("batch", "v1", "Job")).orElseThrow();
    assertThat(CatalogProof.proven(d)).isFalse();
    assertThat(again
            .get(new dev.workloadmap.sdk.definition.Gvk("", "v1", "Pod"))
            .map(CatalogProof::proven))
        .contains(true);
  }

  @Test
  void aRecordOfAnotherValidatorOrNoRecordProvesNothing() throws IOException {
    Path record = root.resolve(Catalog.RESOURCE_ROOT).resolve(CatalogProof.FILE_NAME);
    String text = Files.readString(record, StandardCharsets.UTF_8);
    Files.writeString(
        record,
        text.replace(
            "validator " + ValidatorIdentity.current(),
            "validator 0123 java " + Runtime.version().feature()));
    Catalog other = Catalog.fromClassPathOnDemand(loader());
    assertThat(other.list()).noneMatch(e -> CatalogProof.proven(e.definition()));
    Files.delete(record);
    Catalog none = Catalog.fromClassPathOnDemand(loader());
    assertThat(none.list()).noneMatch(e -> CatalogProof.proven(e.definition()));
    assertThat(none.list()).isEqualTo(withoutProof(() -> {
      try {
        return Catalog.fromClassPathOnDemand(loader()).list();
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }));
  }

  @Test
  void anEntryWithAnErrorIsNotRecorded(@TempDir Path other) throws IOException {
    Path defs = Files.createDirectories(other.resolve("defs/batch-job-v1"));
    Files.writeString(
        defs.resolve(Catalog.DEFINITION_FILE),
        Files.readString(entry("batch-job-v1")).replace("kind: Job}", "kind: \"\"}"));
    Path pod = Files.createDirectories(other.resolve("defs/core-pod-v1"));
    Files.copy(entry("core-pod-v1"), pod.resolve(Catalog.DEFINITION_FILE));
    assertThat(CatalogIndex.writeValidationRecord(other.resolve("defs"), other.resolve("out")))
        .containsExactly("core-pod-v1");
  }
}
