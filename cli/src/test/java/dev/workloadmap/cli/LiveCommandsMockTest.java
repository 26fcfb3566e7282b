package dev.workloadmap.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code get}, {@code describe}, {@code gangs} and {@code definitions} against fabric8's CRUD mock API server (Mock
 * tier) holding the seed JobSet with its Jobs and pods ({@link SeedCluster}): golden files of the table, wide, JSON and
 * YAML outputs, limits, and the errors with their exit codes. The mock serves custom resources' discovery but not the
 * built-in groups', so Jobs are reached through Kubernetes' plural guess, as with any owner discovery does not list.
 */
@EnableKubernetesMockClient(crud = true)
class LiveCommandsMockTest {

  static KubernetesClient client;
  static KubernetesMockServer server;

  @TempDir
  static Path dir;

  static Path kubeconfig;

  @BeforeAll
  static void seed() throws Exception {
    SeedCluster.installCrds(client);
    SeedCluster.applySeed(client);
    kubeconfig = SeedCluster.kubeconfig(dir, server.url("/").replaceAll("/$", ""));
  }

  static Cli.Result cli(String... args) {
    String[] all = new String[args.length + 2];
    System.arraycopy(args, 0, all, 0, args.length);
    all[args.length] = "--kubeconfig";
    all[args.length + 1] = kubeconfig.toString();
    return new Cli().threeHoursLater().run(all);
  }

  /** JSON and YAML carry the server-set creationTimestamp; golden files hold a placeholder. */
  static String stable(String out) {
    return out.replaceAll(
        "(\"?creationTimestamp\"?\\s*:\\s*\"?)[0-9TZ:-]+(\"?)", "$1<timestamp>$2");
  }

  @Test
  void getTableWideJsonYamlMatchTheGoldenFiles() {
    Cli.Result table = cli("get", "jobsets");
    assertThat(table.exitCode()).as(table.toString()).isZero();
    Golden.assertMatches("get-mock.txt", table.out());
    assertThat(table.out()).containsPattern("seed +ml-team +Running +3h");

    Cli.Result wide = cli("get", "jobset", "-o", "wide");
    assertThat(wide.exitCode()).as(wide.toString()).isZero();
    Golden.assertMatches("get-mock-wide.txt", wide.out());

    Cli.Result json =
        cli("get", "js.v1alpha2.jobset.x-k8s.io".replace("js", "jobset"), "-o", "json");
    assertThat(json.exitCode()).as(json.toString()).isZero();
    Golden.assertMatches("get-mock.json", stable(json.out()));

    Cli.Result yaml = cli("get", "JobSet", "-o", "yaml");
    assertThat(yaml.exitCode()).as(yaml.toString()).isZero();
    Golden.assertMatches("get-mock.yaml", stable(yaml.out()));

    Cli.Result named = cli("get", "jobsets/seed", "-o", "json");
    assertThat(named.exitCode()).as(named.toString()).isZero();
    Golden.assertMatches("get-mock-named.json", stable(named.out()));
  }

  @Test
  void getFiltersByPhaseAndSelector() {
    assertThat(cli("get", "jobsets", "--phase", "Running").out()).contains("seed");
    Cli.Result none = cli("get", "jobsets", "--phase", "Failed");
    assertThat(none.exitCode()).isZero();
    assertThat(none.out()).isEmpty();
    assertThat(none.err()).contains("No workloads found in namespace ml-team.");
    assertThat(cli("get", "jobsets", "--phase", "Sideways").exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(cli("get", "jobsets/seed", "-l", "a=b").err())
        .contains("cannot be combined with a NAME");
    assertThat(cli("get", "jobsets", "--chunk-size", "1").out()).contains("seed");
  }

  @Test
  void getAllTypesListsTopLevelWorkloadsOnly() {
    Cli.Result r = cli("get", "--all-types");
    assertThat(r.exitCode()).as(r.toString()).isZero();
    Golden.assertMatches("get-mock-all-types.txt", r.out());
    assertThat(r.out()).contains("JobSet").doesNotContain("seed-leader-0-0");
  }

  @Test
  void describeShowsLeaderAndWorkersWithReadyCountsPodsAndTwelveGpus() throws Exception {
    Cli.Result r = cli("describe", "jobset/seed");
    assertThat(r.exitCode()).as(r.toString()).isZero();
    Golden.assertMatches("describe-mock-seed.txt", r.out());
    assertThat(r.out())
        .containsPattern("leader +1/1 ready +gpu: 4 +node-01")
        .containsPattern("worker +1/2 ready +gpu: 8 +node-02")
        .containsPattern("seed-worker-1-0 +Pending \\(Unschedulable\\) +gpu: 4 +<none>")
        .containsPattern("TOTAL +3 +12 +24 +192Gi");

    Cli.Result json = cli("describe", "jobset", "seed", "-o", "json");
    assertThat(json.exitCode()).as(json.toString()).isZero();
    Golden.assertMatches("describe-mock-seed.json", json.out());
    JsonNode view = new ObjectMapper().readTree(json.out());
    assertThat(view.path("fileMode").asBoolean()).isFalse();
    assertThat(view.at("/components/1/replicas/ready").asInt()).isEqualTo(1);
    assertThat(view.at("/components/1/pods/1/node").isNull()).isTrue();
  }

  @Test
  void limitsKeepUnhealthyFirst() {
    Cli.Result pods = cli("describe", "jobset/seed", "--pod-limit", "1");
    assertThat(pods.exitCode()).as(pods.toString()).isZero();
    Golden.assertMatches("describe-mock-pod-limit.txt", pods.out());
    assertThat(pods.out())
        .contains("seed-worker-1-0")
        .doesNotContain("seed-worker-0-0")
        .contains("... and 1 more (1 unhealthy shown)");

    Cli.Result comps = cli("describe", "jobset/seed", "--component-limit", "1");
    assertThat(comps.exitCode()).as(comps.toString()).isZero();
    assertThat(comps.out())
        .contains("worker")
        .doesNotContain("seed-leader-0-0")
        .contains("... and 1 more component (0 unhealthy, 0 with missing pods)");
  }

  @Test
  void gangsShowOneGangPerJobWithItsMinMember() throws Exception {
    Cli.Result r = cli("gangs", "jobset/seed");
    assertThat(r.exitCode()).as(r.toString()).isZero();
    Golden.assertMatches("gangs-mock-seed.txt", r.out());
    Cli.Result json = cli("gangs", "jobset/seed", "-o", "json");
    assertThat(json.exitCode()).as(json.toString()).isZero();
    JsonNode plan = new ObjectMapper().readTree(json.out());
    assertThat(plan.at("/groups/0/gangs")).hasSize(3);
    assertThat(plan.at("/groups/0/gangs/0/minMember").asInt()).isEqualTo(1);
  }

  @Test
  void aGangMinimumTheTreeCannotReadIsWarnedAbout(@TempDir Path tmp) throws Exception {
    // the catalog's JobSet with a minReplicasPath that fails: the live plan still groups the pods,
    // and says that a minMember may not be the workload's
    Path catalogDef =
        Path.of("../catalog/src/main/workloadmap/jobset-x-k8s-io-jobset-v1alpha2/definition.yaml");
    String def = Files.readString(catalogDef)
        .replace(
            "        scaleDefinition:\n          replicasPath:",
            "        scaleDefinition:\n          minReplicasPath: error(\"the minimum lives elsewhere\")\n"
                + "          replicasPath:");
    assertThat(def).contains("the minimum lives elsewhere");
    Path file = Files.writeString(tmp.resolve("jobset.yaml"), def);
    Cli.Result r = cli("gangs", "jobset/seed", "--definition", file.toString());
    assertThat(r.exitCode()).as(r.toString()).isZero();
    assertThat(r.err())
        .contains("warning: a gang's minMember may not be the workload's: ")
        .contains("the minimum lives elsewhere");
    Cli.Result plain = cli("gangs", "jobset/seed");
    assertThat(plain.err()).doesNotContain("minMember may not be");
  }

  @Test
  void errorsHaveExitCodesAndHints() throws Exception {
    Cli.Result noDef = cli("get", "widgets");
    assertThat(noDef.exitCode()).isEqualTo(ExitCodes.NO_DEFINITION);
    assertThat(noDef.err()).contains("no Karta definition covers \"widgets\"").contains("hint:");
    JsonNode e = new ObjectMapper().readTree(cli("get", "widgets", "-o", "json").out());
    assertThat(e.path("error").asText()).isEqualTo("no_definition_for_type");

    Cli.Result notInstalled = cli("get", "rayclusters");
    assertThat(notInstalled.exitCode()).isZero();
    assertThat(notInstalled.err()).contains("RayCluster is not installed in this cluster");
    Cli.Result notInstalledJson = cli("get", "rayclusters", "-o", "json");
    assertThat(notInstalledJson.exitCode()).isZero();
    assertThat(new ObjectMapper().readTree(notInstalledJson.out()).path("count").asInt())
        .isZero();
    Cli.Result notInstalledNamed = cli("describe", "raycluster/x");
    assertThat(notInstalledNamed.exitCode()).isEqualTo(ExitCodes.WORKLOAD_NOT_FOUND);
    assertThat(notInstalledNamed.err())
        .contains("RayCluster is not installed in this cluster")
        .contains("hint:");

    Cli.Result missing = cli("describe", "jobset/nope");
    assertThat(missing.exitCode()).isEqualTo(ExitCodes.WORKLOAD_NOT_FOUND);
    assertThat(missing.err()).contains("JobSet \"nope\" not found in namespace ml-team");

    Cli.Result noName = cli("describe", "jobset");
    assertThat(noName.exitCode()).isEqualTo(ExitCodes.USAGE);
  }

  @Test
  void unreachableClusterIsExitOneWithAHint(@TempDir Path tmp) throws Exception {
    Path cfg = SeedCluster.kubeconfig(tmp, "https://127.0.0.1:1");
    Cli.Result r = new Cli().run("get", "jobsets", "--kubeconfig", cfg.toString());
    assertThat(r.exitCode()).as(r.toString()).isEqualTo(ExitCodes.ERROR);
    assertThat(r.err())
        .contains("cannot reach the API server at https://127.0.0.1:1")
        .contains("hint:")
        .doesNotContain("\tat ")
        // the error is said once: no warning that "only the built-in catalog is used" for a command
        // that failed
        .doesNotContain("warning: cannot reach");
    // file mode still works: the catalog resolves, the cluster's absence is a warning
    Cli.Result file = new Cli()
        .run(
            "describe", "-f", DescribeFileModeTest.SEED.toString(), "--kubeconfig", cfg.toString());
    assertThat(file.exitCode()).as(file.toString()).isZero();
    assertThat(file.err()).contains("warning: cannot reach the API server");
    assertThat(Files.exists(cfg)).isTrue();
  }
}
