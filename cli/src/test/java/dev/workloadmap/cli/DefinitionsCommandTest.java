package dev.workloadmap.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.workloadmap.sdk.catalog.Catalog;
import org.junit.jupiter.api.Test;

/** {@code definitions [NAME]} without a cluster: the built-in catalog (docs/format.md#cli-commands). Unit tier. */
class DefinitionsCommandTest {

  @Test
  void tableListsEveryCatalogDefinition() {
    Cli.Result r = Cli.exec("definitions");
    assertThat(r.exitCode()).as(r.toString()).isZero();
    String[] lines = r.out().split("\n");
    assertThat(lines[0]).matches("NAME +KIND +ORIGIN +COMPONENTS");
    assertThat(lines).hasSize(Catalog.builtIn().size() + 1);
    assertThat(r.out())
        .containsPattern(
            "jobset-x-k8s-io-jobset-v1alpha2 +JobSet +catalog +jobset, replicatedjob\n");
  }

  @Test
  void componentLimitAddsAMoreSuffix() {
    Cli.Result r = Cli.exec(
        "definitions",
        "--group",
        "apps.nvidia.com",
        "--kind",
        "NIMService",
        "--component-limit",
        "1");
    assertThat(r.exitCode()).as(r.toString()).isZero();
    assertThat(r.out()).containsPattern("nimservice, deployment, \\+2 more\n");
  }

  @Test
  void oneDefinitionAsJsonPipesIntoValidate() throws Exception {
    Cli.Result json = Cli.exec("definitions", "batch-job-v1", "-o", "json");
    assertThat(json.exitCode()).as(json.toString()).isZero();
    JsonNode doc = new ObjectMapper().readTree(json.out());
    assertThat(doc.path("kind").asText()).isEqualTo("Karta");
    assertThat(doc.path("metadata").path("name").asText()).isEqualTo("batch-job-v1");
    Cli.Result validated = new Cli().stdin(json.out()).run("validate", "-");
    assertThat(validated.exitCode()).as(validated.toString()).isZero();

    Cli.Result yaml = Cli.exec("definitions", "batch-job-v1", "-o", "yaml");
    Cli.Result validatedYaml = new Cli().stdin(yaml.out()).run("validate", "-");
    assertThat(validatedYaml.exitCode()).as(validatedYaml.toString()).isZero();
  }

  @Test
  void listAsJsonHasItemsAndCount() throws Exception {
    JsonNode list =
        new ObjectMapper().readTree(Cli.exec("definitions", "-o", "json").out());
    assertThat(list.path("count").asInt()).isEqualTo(Catalog.builtIn().size());
    assertThat(list.path("items")).hasSize(Catalog.builtIn().size());
  }

  @Test
  void filtersAndTheirUsageErrors() {
    Cli.Result batch = Cli.exec("definitions", "--group", "batch");
    assertThat(batch.out().split("\n")).hasSize(3); // header, CronJob, Job
    assertThat(Cli.exec("definitions", "--kind", "Job").exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(Cli.exec("definitions", "--group", "batch", "--version", "v1").err())
        .contains("--version needs --kind");
    Cli.Result none = Cli.exec("definitions", "--group", "example.com");
    assertThat(none.exitCode()).isZero();
    assertThat(none.err()).contains("No Karta definitions found.");
    Cli.Result unknown = Cli.exec("definitions", "no-such-definition");
    assertThat(unknown.exitCode()).isEqualTo(ExitCodes.NO_DEFINITION);
  }
}
