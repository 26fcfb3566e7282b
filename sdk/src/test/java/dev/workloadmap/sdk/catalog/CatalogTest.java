package dev.workloadmap.sdk.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.definition.ComponentDefinition;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.definition.DefinitionForm;
import dev.workloadmap.sdk.definition.Gvk;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The catalog API against a small test catalog (docs/format.md#catalog, conformance §9 CA-01..CA-09). */
class CatalogTest {

  private static final WorkloadMap WM = WorkloadMap.create();

  private final List<URLClassLoader> loaders = new ArrayList<>();

  /** {@code src/test/resources/test-catalog}: a class-path root holding an index listed in reverse order. */
  static Path testCatalogRoot() {
    URL url =
        CatalogTest.class.getClassLoader().getResource("test-catalog/" + Catalog.INDEX_RESOURCE);
    assertThat(url).as("test catalog index").isNotNull();
    try {
      return Path.of(url.toURI()).getParent().getParent().getParent().getParent();
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private ClassLoader loaderOf(Path... roots) throws IOException {
    URL[] urls = new URL[roots.length];
    for (int i = 0; i < roots.length; i++) {
      urls[i] = roots[i].toUri().toURL();
    }
    URLClassLoader l = new URLClassLoader(urls, null);
    loaders.add(l);
    return l;
  }

  private static String url(Path root) throws IOException {
    return root.toUri().toURL().toString();
  }

  @AfterEach
  void closeLoaders() throws IOException {
    for (URLClassLoader l : loaders) {
      l.close();
    }
  }

  private Catalog testCatalog() throws IOException {
    return Catalog.fromClassPath(loaderOf(testCatalogRoot()));
  }

  private static Definition definition(String slug) throws IOException {
    Path file = testCatalogRoot()
        .resolve(Catalog.RESOURCE_ROOT)
        .resolve(slug)
        .resolve(Catalog.DEFINITION_FILE);
    return WM.loadDefinition(file);
  }

  @Test
  void ca01_getBatchV1JobReturnsTheDefinitionWhoseRootKindIsJob() throws IOException {
    Definition job = testCatalog().get(new Gvk("batch", "v1", "Job")).orElseThrow();
    assertThat(job.rootGvk()).isEqualTo(new Gvk("batch", "v1", "Job"));
    assertThat(job.name()).isEqualTo("batch-job-v1");
    assertThat(testCatalog().require("batch", "Job", "v1").name()).isEqualTo("batch-job-v1");
  }

  @Test
  void ca02_unknownGvkIsNotFoundAndRequireNamesTheVersionsTheCatalogHas() throws IOException {
    Catalog catalog = testCatalog();
    assertThat(catalog.get(new Gvk("batch", "v2", "Job"))).isEmpty();
    assertThat(catalog.get(new Gvk("", "v1", "Job")))
        .as("the group is part of the key")
        .isEmpty();
    assertThat(catalog.entry(new Gvk("example.org", "v1", "Gadget"))).isEmpty();

    assertThatThrownBy(() -> catalog.require("kubeflow.org", "PyTorchJob", "v2"))
        .isInstanceOf(CatalogException.class)
        .hasMessage("no definition for kubeflow.org/v2, Kind=PyTorchJob; the catalog has v1");
    assertThatThrownBy(() -> catalog.require(new Gvk("example.com", "v9", "Widget")))
        .hasMessage(
            "no definition for example.com/v9, Kind=Widget; the catalog has v1, v1beta1, v2alpha1, v1alpha1");
    assertThatThrownBy(() -> catalog.require("example.org", "Gadget", "v1"))
        .hasMessage(
            "no definition for example.org/v1, Kind=Gadget; the catalog has no version of example.org Gadget");
    assertThatThrownBy(() -> catalog.require("", "Service", "v1"))
        .hasMessage("no definition for v1, Kind=Service; the catalog has no version of Service");
  }

  @Test
  void findByGroupAndKindListsEveryVersionPreferredFirst() throws IOException {
    Catalog catalog = testCatalog();
    assertThat(catalog.find("example.com", "Widget"))
        .extracting(d -> d.rootGvk().version())
        .containsExactly("v1", "v1beta1", "v2alpha1", "v1alpha1");
    assertThat(catalog.versions("example.com", "Widget"))
        .containsExactly("v1", "v1beta1", "v2alpha1", "v1alpha1");
    assertThat(catalog.find("", "Pod"))
        .singleElement()
        .extracting(Definition::name)
        .isEqualTo("core-pod-v1");
    assertThat(catalog.find(null, "Pod")).hasSize(1);
    assertThat(catalog.find("example.com", "Gadget")).isEmpty();
  }

  @Test
  void ca03_changingTheDefinitionThatGetReturnedLeavesTheCatalogUnchanged() throws IOException {
    Catalog catalog = testCatalog();
    Gvk gvk = new Gvk("batch", "v1", "Job");
    Definition first = catalog.get(gvk).orElseThrow();
    String before = first.source().root().toString();
    ((ObjectNode) first.source().root()).remove("spec");
    ((ObjectNode) first.source().root().path("metadata")).put("name", "changed");

    Definition second = catalog.get(gvk).orElseThrow();
    assertThat(second.source().root().toString()).isEqualTo(before);
    assertThat(second.source().root()).isNotSameAs(first.source().root());
    assertThat(catalog.entry(gvk).orElseThrow().definition().source().root().toString())
        .isEqualTo(before);
    assertThat(catalog.find("batch", "Job").get(0).source().root().toString()).isEqualTo(before);
  }

  @Test
  void ca03_changingADefinitionAfterBuildingACatalogOfItLeavesTheCatalogUnchanged()
      throws IOException {
    Definition job = definition("batch-job-v1");
    Catalog catalog = Catalog.of(job);
    String before = job.source().root().toString();
    ((ObjectNode) job.source().root()).remove("spec");
    assertThat(catalog.require("batch", "Job", "v1").source().root().toString()).isEqualTo(before);
  }

  @Test
  void ca04_listIsSortedByTheRootGvkStringStableAndAFreshListOfCopies() throws IOException {
    Catalog catalog = testCatalog();
    List<CatalogEntry> list = catalog.list();
    List<String> gvks = list.stream().map(e -> e.gvk().toString()).toList();
    assertThat(gvks)
        .isSorted()
        .containsExactly(
            "batch/v1, Kind=Job",
            "example.com/v1, Kind=Widget",
            "example.com/v1alpha1, Kind=Widget",
            "example.com/v1beta1, Kind=Widget",
            "example.com/v2alpha1, Kind=Widget",
            "kubeflow.org/v1, Kind=PyTorchJob",
            "v1, Kind=Pod");
    assertThat(catalog.gvks()).extracting(Gvk::toString).isEqualTo(gvks);
    assertThat(catalog.size()).isEqualTo(7);

    List<CatalogEntry> again = catalog.list();
    assertThat(again)
        .isNotSameAs(list)
        .extracting(CatalogEntry::slug)
        .isEqualTo(list.stream().map(CatalogEntry::slug).toList());
    assertThatThrownBy(() -> list.remove(0)).isInstanceOf(UnsupportedOperationException.class);
    Iterator<CatalogEntry> a = list.iterator();
    Iterator<CatalogEntry> b = again.iterator();
    while (a.hasNext()) {
      assertThat(b.next().definition().source().root())
          .isNotSameAs(a.next().definition().source().root());
    }
    ((ObjectNode) list.get(0).definition().source().root()).removeAll();
    assertThat(catalog.list().get(0).definition().source().root().path("kind").asText())
        .isEqualTo("Karta");

    // a different build order gives the same list
    List<Definition> reversed =
        new ArrayList<>(catalog.list().stream().map(CatalogEntry::definition).toList());
    java.util.Collections.reverse(reversed);
    assertThat(Catalog.of(reversed).list())
        .extracting(CatalogEntry::slug)
        .isEqualTo(list.stream().map(CatalogEntry::slug).toList());
  }

  @Test
  void ca05_everyEntryIsACurrentFormKartaThatPassesTheValidator() throws IOException {
    for (CatalogEntry e : testCatalog().list()) {
      Definition d = e.definition();
      assertThat(d.form()).as(e.slug()).isEqualTo(DefinitionForm.CURRENT);
      assertThat(d.source().root().path("apiVersion").asText()).isEqualTo("run.ai/v1alpha1");
      assertThat(d.source().root().path("kind").asText()).isEqualTo("Karta");
      assertThat(WM.validate(d).errors()).as(e.slug()).isEmpty();
      assertThat(e.slug()).isEqualTo(d.slug());
      assertThat(e.resource())
          .isEqualTo("META-INF/workloadmap/catalog/" + e.slug() + "/definition.yaml");
    }
  }

  @Test
  void ca05_aLegacyFormDefinitionIsRefused() throws IOException {
    String text = Files.readString(
            testCatalogRoot().resolve(CatalogEntry.resourceOf("core-pod-v1")))
        .replace(
            "apiVersion: run.ai/v1alpha1\nkind: Karta",
            "apiVersion: optimization.nvidia.com/v1alpha1\nkind:" + " ResourceInterface");
    Definition legacy = WM.loadDefinition(text, "legacy-pod.yaml");
    assertThat(legacy.form()).isEqualTo(DefinitionForm.LEGACY);
    assertThatThrownBy(() -> Catalog.of(legacy))
        .isInstanceOf(CatalogException.class)
        .hasMessageContaining(
            "legacy-pod.yaml (core-pod-v1): catalog entries use the current form");
  }

  @Test
  void ca05_anEntryThatFailsTheValidatorIsRefusedWithItsFindings(@TempDir Path dir)
      throws IOException {
    Path folder = Files.createDirectories(dir.resolve("core-pod-v1"));
    Files.writeString(
        folder.resolve("definition.yaml"),
        Files.readString(testCatalogRoot().resolve(CatalogEntry.resourceOf("core-pod-v1")))
            .replace(
                "phaseDefinition: {path: .status.phase}",
                "phaseDefinition: {path: '.status.[phase'}"));
    assertThatThrownBy(() -> Catalog.fromDirectory(dir))
        .isInstanceOf(CatalogException.class)
        .hasMessageStartingWith(folder.resolve("definition.yaml") + ": invalid catalog entry:\n  ")
        .hasMessageContaining(
            "/spec/structureDefinition/rootComponent/statusDefinition/phaseDefinition/path")
        .satisfies(e -> assertThat(((CatalogException) e).report().hasErrors()).isTrue());
  }

  @Test
  void ca06_theSameDefinitionTwiceIsAnErrorNamingBoth() throws IOException {
    Definition job = definition("batch-job-v1");
    assertThatThrownBy(() -> Catalog.of(job, definition("core-pod-v1"), job))
        .isInstanceOf(CatalogException.class)
        .hasMessageStartingWith("duplicate catalog entry for batch/v1, Kind=Job: ")
        .hasMessageContaining("batch-job-v1/definition.yaml (batch-job-v1) and ")
        .hasMessageEndingWith("batch-job-v1/definition.yaml (batch-job-v1)");
  }

  @Test
  void ca06_twoClassPathCatalogsWithTheSameEntryAreAnErrorNamingBothResources(@TempDir Path other)
      throws IOException {
    Path res =
        Files.createDirectories(other.resolve(Catalog.RESOURCE_ROOT).resolve("batch-job-v1"));
    Files.copy(
        testCatalogRoot().resolve(CatalogEntry.resourceOf("batch-job-v1")),
        res.resolve("definition.yaml"));
    Files.writeString(other.resolve(Catalog.INDEX_RESOURCE), "batch-job-v1\n");
    assertThat(Catalog.fromClassPath(loaderOf(other)).gvks())
        .containsExactly(new Gvk("batch", "v1", "Job"));
    assertThatThrownBy(() -> Catalog.fromClassPath(loaderOf(testCatalogRoot(), other)))
        .isInstanceOf(CatalogException.class)
        .hasMessageContaining("duplicate catalog entry for batch/v1, Kind=Job: file:")
        .hasMessageContaining(
            url(testCatalogRoot()) + "META-INF/workloadmap/catalog/batch-job-v1/definition.yaml")
        .hasMessageEndingWith(
            url(other) + "META-INF/workloadmap/catalog/batch-job-v1/definition.yaml");
  }

  @Test
  void ca07_aRootGvkWithoutVersionOrKindIsInvalidButAnEmptyGroupIsFine() throws IOException {
    Definition job = definition("batch-job-v1");
    assertThatThrownBy(() -> Catalog.of(withRootGvk(job, new Gvk("batch", "", "Job"))))
        .isInstanceOf(CatalogException.class)
        .hasMessageContaining(
            "invalid GVK 'batch/, Kind=Job': a catalog entry's root GVK needs a version and a kind");
    assertThatThrownBy(() -> Catalog.of(withRootGvk(job, new Gvk("batch", "v1", ""))))
        .isInstanceOf(CatalogException.class)
        .hasMessageContaining(
            "invalid GVK 'batch/v1, Kind=': a catalog entry's root GVK needs a version");
    Catalog core = Catalog.of(definition("core-pod-v1"));
    assertThat(core.get(new Gvk("", "v1", "Pod"))).isPresent();
    assertThat(core.list().get(0).slug()).isEqualTo("core-pod-v1");
  }

  private static Definition withRootGvk(Definition d, Gvk gvk) {
    ComponentDefinition r = d.rootComponent();
    ComponentDefinition root = new ComponentDefinition(
        r.name(),
        gvk,
        r.ownerRef(),
        r.specDefinition(),
        r.scaleDefinition(),
        r.statusDefinition(),
        r.suspendDefinition(),
        r.instanceIdPath(),
        r.podSelector(),
        r.pointer());
    return new Definition(
        d.name(),
        d.form(),
        d.labels(),
        root,
        d.childComponents(),
        d.additionalChildKinds(),
        d.gangScheduling(),
        d.source());
  }

  @Test
  void ca08_anEntryWrittenAsYamlListsStructureDefinitionBeforeOptimizationInstructions()
      throws IOException {
    CatalogEntry pytorch =
        testCatalog().entry(new Gvk("kubeflow.org", "v1", "PyTorchJob")).orElseThrow();
    String yaml = pytorch.yaml();
    assertThat(yaml).contains("\n  structureDefinition:\n", "\n  optimizationInstructions:\n");
    assertThat(yaml.indexOf("\n  structureDefinition:"))
        .isLessThan(yaml.indexOf("\n  optimizationInstructions:"));
    List<String> specKeys = new ArrayList<>();
    pytorch.definition().source().root().path("spec").fieldNames().forEachRemaining(specKeys::add);
    assertThat(specKeys).containsExactly("structureDefinition", "optimizationInstructions");
    assertThat(yaml).isEqualTo(Files.readString(testCatalogRoot().resolve(pytorch.resource())));
  }

  @Test
  void ca09_everyPublishedYamlReadsIntoADefinitionThatPassesTheValidator() throws IOException {
    for (CatalogEntry e : testCatalog().list()) {
      List<WorkloadMap.Loaded> loaded = WM.read(e.yaml(), e.resource());
      assertThat(loaded)
          .as(e.resource())
          .singleElement()
          .satisfies(l -> assertThat(l.report().errors()).isEmpty())
          .satisfies(l -> assertThat(l.definition().rootGvk()).isEqualTo(e.gvk()));
    }
  }

  @Test
  void anOnDemandCatalogGivesTheAnswersOfTheEagerOne() throws IOException {
    Catalog eager = testCatalog();
    Catalog lazy = Catalog.fromClassPathOnDemand(loaderOf(testCatalogRoot()));
    for (Gvk gvk : eager.gvks()) {
      CatalogEntry e = eager.entry(gvk).orElseThrow();
      CatalogEntry l = lazy.entry(gvk).orElseThrow();
      assertThat(l.slug()).isEqualTo(e.slug());
      assertThat(l.yaml()).isEqualTo(e.yaml());
      assertThat(l.definition().name()).isEqualTo(e.definition().name());
      assertThat(lazy.bySlug(e.slug()).orElseThrow().gvk()).isEqualTo(gvk);
    }
    assertThat(lazy.get(new Gvk("batch", "v9", "Job"))).isEmpty();
    assertThat(lazy.bySlug("batch-job-v9")).isEmpty();
    assertThat(lazy.gvks()).isEqualTo(eager.gvks());
    assertThat(lazy.size()).isEqualTo(eager.size());
    assertThat(lazy.versions("batch", "Job")).isEqualTo(eager.versions("batch", "Job"));
    assertThat(lazy).hasToString(eager.toString());
    assertThat(lazy.list())
        .extracting(CatalogEntry::yaml)
        .isEqualTo(eager.list().stream().map(CatalogEntry::yaml).toList());
  }

  @Test
  void anOnDemandLookupReadsOnlyTheFolderOfItsGvkAndTheWholeListingReportsABrokenEntry(
      @TempDir Path root) throws IOException {
    Path res = Files.createDirectories(root.resolve(Catalog.RESOURCE_ROOT).resolve("batch-job-v1"));
    Files.copy(
        testCatalogRoot().resolve(CatalogEntry.resourceOf("batch-job-v1")),
        res.resolve("definition.yaml"));
    // an entry whose file is missing: only a lookup that reads it fails
    Files.writeString(root.resolve(Catalog.INDEX_RESOURCE), "batch-job-v1\nbatch-job-v2\n");
    Catalog lazy = Catalog.fromClassPathOnDemand(loaderOf(root));
    assertThat(lazy.get(new Gvk("batch", "v1", "Job"))).isPresent();
    assertThat(lazy.get(new Gvk("apps", "v1", "Deployment"))).isEmpty();
    assertThatThrownBy(lazy::list)
        .isInstanceOf(CatalogException.class)
        .hasMessageStartingWith("cannot read " + url(root)
            + "META-INF/workloadmap/catalog/batch-job-v2/definition.yaml");
    assertThatThrownBy(() -> lazy.get(new Gvk("batch", "v2", "Job")))
        .isInstanceOf(CatalogException.class)
        .hasMessageStartingWith("cannot read ");
    assertThatThrownBy(() -> Catalog.fromClassPath(loaderOf(root)))
        .isInstanceOf(CatalogException.class)
        .hasMessageStartingWith("cannot read " + url(root)
            + "META-INF/workloadmap/catalog/batch-job-v2/definition.yaml");
  }

  @Test
  void anOnDemandLookupOfAGvkInTwoClassPathCatalogsIsTheEagerDuplicateError(@TempDir Path other)
      throws IOException {
    Path res =
        Files.createDirectories(other.resolve(Catalog.RESOURCE_ROOT).resolve("batch-job-v1"));
    Files.copy(
        testCatalogRoot().resolve(CatalogEntry.resourceOf("batch-job-v1")),
        res.resolve("definition.yaml"));
    Files.writeString(other.resolve(Catalog.INDEX_RESOURCE), "batch-job-v1\n");
    Catalog lazy = Catalog.fromClassPathOnDemand(loaderOf(testCatalogRoot(), other));
    assertThatThrownBy(() -> lazy.get(new Gvk("batch", "v1", "Job")))
        .isInstanceOf(CatalogException.class)
        .hasMessageContaining("duplicate catalog entry for batch/v1, Kind=Job: file:")
        .hasMessageEndingWith(
            url(other) + "META-INF/workloadmap/catalog/batch-job-v1/definition.yaml");
    assertThatThrownBy(() -> lazy.bySlug("batch-job-v1"))
        .hasMessageContaining("duplicate catalog entry");
    assertThatThrownBy(lazy::gvks)
        .hasMessageContaining("duplicate catalog entry for batch/v1, Kind=Job");
  }

  @Test
  void builtInCatalogIsEmptyWhenNoCatalogJarIsOnTheClassPath() {
    // the SDK's own test class path has no META-INF/workloadmap/catalog/index.txt
    assertThat(Catalog.builtIn().isEmpty()).isTrue();
    assertThat(Catalog.builtIn().list()).isEmpty();
    assertThatThrownBy(() -> Catalog.builtIn().require("batch", "Job", "v1"))
        .hasMessage(
            "no definition for batch/v1, Kind=Job; the catalog has no version of batch Job");
  }

  @Test
  void anEntryInTheWrongFolderIsRefusedNamingTheFolderItBelongsIn(@TempDir Path dir)
      throws IOException {
    Path folder = Files.createDirectories(dir.resolve("batch-job-v2"));
    Files.copy(
        testCatalogRoot().resolve(CatalogEntry.resourceOf("batch-job-v1")),
        folder.resolve("definition.yaml"));
    assertThatThrownBy(() -> Catalog.fromDirectory(dir))
        .isInstanceOf(CatalogException.class)
        .hasMessageEndingWith(
            "the entry for batch/v1, Kind=Job must be in folder batch-job-v1, not batch-job-v2"
                + " (docs/format.md#catalog file names)");
  }

  @Test
  void anIndexLineThatIsNotASlugIsAnErrorNamingTheLine(@TempDir Path root) throws IOException {
    Path index = root.resolve(Catalog.INDEX_RESOURCE);
    Files.createDirectories(index.getParent());
    Files.writeString(index, "# comment\n\nbatch-job-v1\n../escape\n");
    assertThatThrownBy(() -> Catalog.fromClassPath(loaderOf(root)))
        .isInstanceOf(CatalogException.class)
        .hasMessageEndingWith(
            "index.txt:4: '../escape' is not a catalog slug (lower-case letters, digits and single"
                + " dashes, for example batch-job-v1)");
  }

  @Test
  void anIndexEntryWithoutItsDefinitionIsAnErrorNamingTheResource(@TempDir Path root)
      throws IOException {
    Path index = root.resolve(Catalog.INDEX_RESOURCE);
    Files.createDirectories(index.getParent());
    Files.writeString(index, "batch-job-v1\n");
    assertThatThrownBy(() -> Catalog.fromClassPath(loaderOf(root)))
        .isInstanceOf(CatalogException.class)
        .hasMessageStartingWith("cannot read " + url(root)
            + "META-INF/workloadmap/catalog/batch-job-v1/definition.yaml");
  }

  @Test
  void kubernetesVersionPriorityOrdersGaThenBetaThenAlphaHigherNumbersFirst() {
    List<String> versions = new ArrayList<>(List.of(
        "foo10",
        "v1alpha1",
        "v11alpha2",
        "v12alpha1",
        "v3beta1",
        "v10beta3",
        "v11beta2",
        "v1",
        "v2",
        "v10",
        "foo1"));
    versions.sort(Catalog::compareVersions);
    // the order of the Kubernetes API versioning documentation
    assertThat(versions)
        .containsExactly(
            "v10",
            "v2",
            "v1",
            "v11beta2",
            "v10beta3",
            "v3beta1",
            "v12alpha1",
            "v11alpha2",
            "v1alpha1",
            "foo1",
            "foo10");
    assertThat(Catalog.compareVersions("v99999999999999999999", "v1")).isNegative();
  }
}
