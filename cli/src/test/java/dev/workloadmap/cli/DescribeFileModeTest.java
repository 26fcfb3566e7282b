package dev.workloadmap.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code describe -f} (file mode, docs/format.md#cli-commands, docs/format.md#cli-describe): no cluster, the catalog
 * resolves the definition. Unit tier.
 */
class DescribeFileModeTest {

  static final Path SEED = Path.of(
      "..",
      "catalog",
      "src",
      "main",
      "workloadmap",
      "jobset-x-k8s-io-jobset-v1alpha2",
      "fixtures",
      "seed-leader-and-workers",
      "object.yaml");

  @Test
  void seedTextIsTheGoldenTreeWithTwelveGpus() {
    Cli.Result r = Cli.exec("describe", "-f", SEED.toString());
    assertThat(r.exitCode()).as(r.toString()).isZero();
    assertThat(r.err()).isEmpty();
    Golden.assertMatches("describe-file-seed.txt", r.out());
    assertThat(r.out()).contains("(file mode: no live status)").contains("TOTAL      3         12");
  }

  @Test
  void seedJsonAndYamlAreTheGoldenViews() throws Exception {
    Cli.Result json = Cli.exec("describe", "-f", SEED.toString(), "-o", "json");
    assertThat(json.exitCode()).as(json.toString()).isZero();
    Golden.assertMatches("describe-file-seed.json", json.out());
    JsonNode view = new ObjectMapper().readTree(json.out());
    assertThat(view.path("fileMode").asBoolean()).isTrue();
    assertThat(view.path("origin").asText()).isEqualTo("catalog");
    assertThat(view.path("total").path("resources").path("gpus").asLong()).isEqualTo(12);
    assertThat(view.path("components").get(0).path("replicas").path("ready").isNull())
        .isTrue();

    Cli.Result yaml = Cli.exec("describe", "-f", SEED.toString(), "-o", "yaml");
    assertThat(yaml.exitCode()).as(yaml.toString()).isZero();
    Golden.assertMatches("describe-file-seed.yaml", yaml.out());
  }

  @Test
  void standardInputWorksLikeAFile() throws Exception {
    Cli.Result r = new Cli().stdin(Files.readString(SEED)).run("describe", "-f", "-");
    assertThat(r.exitCode()).as(r.toString()).isZero();
    assertThat(r.out()).isEqualTo(Cli.exec("describe", "-f", SEED.toString()).out());
  }

  @Test
  void componentLimitTruncatesWithoutCountsInFileMode() {
    Cli.Result r = Cli.exec("describe", "-f", SEED.toString(), "--component-limit", "1");
    assertThat(r.exitCode()).as(r.toString()).isZero();
    assertThat(r.out())
        .contains("├── leader")
        .contains("└── ... and 1 more component\n")
        .doesNotContain("worker  replicas")
        .doesNotContain("unhealthy");
    // the resources table is never truncated
    assertThat(r.out()).contains("worker     2         8");
  }

  @Test
  void anotherVersionOfACoveredKindResolvesButTheGroupMustMatch() throws Exception {
    String text = Files.readString(SEED);
    Cli.Result other = new Cli()
        .stdin(text.replace("jobset.x-k8s.io/v1alpha2", "jobset.x-k8s.io/v1beta9"))
        .run("describe", "-f", "-");
    assertThat(other.exitCode()).as(other.toString()).isZero();
    assertThat(other.out()).contains("definition: jobset-x-k8s-io-jobset-v1alpha2 (catalog)");

    Cli.Result group = new Cli()
        .stdin(text.replace("jobset.x-k8s.io/v1alpha2", "jobset.example.com/v1alpha2"))
        .run("describe", "-f", "-");
    assertThat(group.exitCode()).as(group.toString()).isEqualTo(ExitCodes.NO_DEFINITION);
    assertThat(group.err())
        .contains("no Karta definition covers \"jobset.example.com/v1alpha2 JobSet\"")
        .contains("hint: ");
  }

  @Test
  void noDefinitionWithJsonOutputIsAJsonErrorOnStdout() throws Exception {
    Cli.Result r = new Cli()
        .stdin("apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\n")
        .run("describe", "-f", "-", "-o", "json");
    assertThat(r.exitCode()).isEqualTo(ExitCodes.NO_DEFINITION);
    JsonNode e = new ObjectMapper().readTree(r.out());
    assertThat(e.path("error").asText()).isEqualTo("no_definition_for_type");
    assertThat(e.path("type").asText()).contains("Widget");
    assertThat(e.path("message").asText()).contains("no Karta definition covers");
    assertThat(e.path("hint").asText()).contains("workloadmap definitions");
  }

  @Test
  void refusesSeveralDocumentsAndSkipsEmptyOnes(@TempDir Path dir) throws Exception {
    Path two = dir.resolve("two.yaml");
    Files.writeString(two, Files.readString(SEED) + "\n---\n" + Files.readString(SEED));
    Cli.Result r = Cli.exec("describe", "-f", two.toString());
    assertThat(r.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(r.err()).contains("more than one document");
    // the user is told what the file holds and where, so that the object to keep can be found
    assertThat(r.err())
        .contains(
            "(2): jobset.x-k8s.io/v1alpha2 JobSet seed (line 3), jobset.x-k8s.io/v1alpha2 JobSet seed (line ")
        .contains(
            "hint: -f takes one object; pick it with --object KIND/NAME (for example --object JobSet/seed)");

    Path many = dir.resolve("many.yaml");
    Files.writeString(
        many,
        "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cm}\n---\n[1, 2]\n"
            + "---\napiVersion: v1\nkind: Service\nmetadata: {name: s}\n".repeat(5));
    Cli.Result json = Cli.exec("describe", "-f", many.toString(), "-o", "json");
    assertThat(json.exitCode()).isEqualTo(ExitCodes.USAGE);
    JsonNode e = new ObjectMapper().readTree(json.out());
    assertThat(e.path("message").asText())
        .endsWith("(7): v1 ConfigMap cm (line 1), a document without apiVersion and kind (line 5),"
            + " v1 Service s (line 7), v1 Service s (line 11), v1 Service s (line 15) and 2 more");
    assertThat(e.path("line").asInt()).isEqualTo(5);

    Path withEmpty = dir.resolve("empty-docs.yaml");
    Files.writeString(withEmpty, "---\n---\n" + Files.readString(SEED) + "\n---\n");
    Cli.Result ok = Cli.exec("describe", "-f", withEmpty.toString());
    assertThat(ok.exitCode()).as(ok.toString()).isZero();
  }

  @Test
  void usageErrors() {
    Cli.Result both = Cli.exec("describe", "jobset/seed", "-f", SEED.toString());
    assertThat(both.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(both.err()).contains("cannot be combined");

    Cli.Result negative = Cli.exec("describe", "-f", SEED.toString(), "--pod-limit", "-1");
    assertThat(negative.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(negative.err()).contains("--pod-limit must not be negative");

    Cli.Result wide = Cli.exec("describe", "-f", SEED.toString(), "-o", "wide");
    assertThat(wide.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(wide.err()).contains("must be one of table, json, yaml");

    Cli.Result noKind =
        new Cli().stdin("metadata: {name: x}\nspec: {}\n").run("describe", "-f", "-");
    assertThat(noKind.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(noKind.err()).contains("apiVersion and kind");

    Cli.Result missing = Cli.exec("describe", "-f", "does-not-exist.yaml");
    assertThat(missing.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(missing.err()).contains("does-not-exist.yaml").contains("no such file");
    assertThat(missing.err()).doesNotContain("Exception").doesNotContain("\tat ");
  }

  /**
   * {@code --object KIND/NAME} (or {@code NAME}) picks one document of a multi-document file, as real manifests are
   * (a LeaderWorkerSet with its Service): the same view as the object alone; one that names none or several of them,
   * or is given without {@code -f}, is a usage error that lists the documents. Unit tier.
   */
  @Test
  void objectPicksOneDocumentOfSeveralAndNamesTheDocumentsWhenItMatchesNoneOrSeveral(
      @TempDir Path dir) throws Exception {
    Path mixed = dir.resolve("mixed.yaml");
    String seed = Files.readString(SEED);
    Files.writeString(
        mixed,
        "apiVersion: v1\nkind: Service\nmetadata: {name: seed}\n---\n" + seed
            + "\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: cm}\n");
    Cli.Result alone = Cli.exec("describe", "-f", SEED.toString());
    for (String pick : new String[] {"JobSet/seed", "jobset/seed", "JOBSET/seed"}) {
      Cli.Result r = Cli.exec("describe", "-f", mixed.toString(), "--object", pick);
      assertThat(r.exitCode()).as(r.toString()).isZero();
      assertThat(r.out()).isEqualTo(alone.out());
    }
    // the problems of the picked document name its lines in the file it is in
    Path broken = dir.resolve("broken.yaml");
    Files.writeString(
        broken,
        "apiVersion: v1\nkind: Service\nmetadata: {name: s}\n---\n"
            + seed.replaceFirst("replicas: 1", "replicas: -1"));
    Cli.Result located = Cli.exec(
        "describe", "-f", broken.toString(), "--object", "JobSet/seed", "--allow-incomplete");
    assertThat(located.out())
        .as(located.toString())
        .contains(broken + ":" + (4 + lineOf(seed, "replicas: 1")) + ":");
    // gangs -f takes the same option
    Cli.Result gangs = Cli.exec("gangs", "-f", mixed.toString(), "--object", "JobSet/seed");
    assertThat(gangs.exitCode()).as(gangs.toString()).isZero();
    assertThat(gangs.out()).isEqualTo(Cli.exec("gangs", "-f", SEED.toString()).out());

    Cli.Result none = Cli.exec("describe", "-f", mixed.toString(), "--object", "JobSet/other");
    assertThat(none.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(none.err())
        .as(none.toString())
        .startsWith(
            "error: --object JobSet/other names none of the documents: " + mixed
                + " holds 3 documents: v1 Service seed (line 1), jobset.x-k8s.io/v1alpha2 JobSet seed (line ")
        .contains("hint: give the kind and name of one of them, as KIND/NAME");
    Cli.Result two = Cli.exec("describe", "-f", mixed.toString(), "--object", "seed");
    assertThat(two.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(two.err())
        .as(two.toString())
        .contains(
            "--object seed names 2 documents: v1 Service seed (line 1), jobset.x-k8s.io/v1alpha2 JobSet seed")
        .contains("hint: give the kind too, as KIND/NAME");
    Cli.Result byName = Cli.exec("describe", "-f", mixed.toString(), "--object", "cm");
    assertThat(byName.exitCode()).as(byName.toString()).isEqualTo(ExitCodes.NO_DEFINITION);
    for (String bad : new String[] {"", "/seed", "JobSet/", "a/b/c"}) {
      Cli.Result r = Cli.exec("describe", "-f", mixed.toString(), "--object", bad);
      assertThat(r.exitCode()).as(r.toString()).isEqualTo(ExitCodes.USAGE);
      assertThat(r.err()).as(r.toString()).contains("is not KIND/NAME or NAME");
    }
    Cli.Result noFile = Cli.exec("describe", "jobset/seed", "--object", "JobSet/seed");
    assertThat(noFile.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(noFile.err()).contains("--object picks one document of the file given to -f");
    Cli.Result noFileGangs = Cli.exec("gangs", "--object", "JobSet/seed");
    assertThat(noFileGangs.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(noFileGangs.err()).contains("--object picks one document of the file given to -f");
  }

  private static int lineOf(String text, String needle) {
    return text.substring(0, text.indexOf(needle)).split("\n", -1).length;
  }
}
