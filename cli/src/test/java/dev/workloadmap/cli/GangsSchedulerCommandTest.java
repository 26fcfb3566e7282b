package dev.workloadmap.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code gangs -f FILE -o kai|volcano|coscheduling} and {@code --definition FILE}, offline. */
class GangsSchedulerCommandTest {
  static final Path SEED = Path.of(
      "../catalog/src/main/workloadmap/jobset-x-k8s-io-jobset-v1alpha2/fixtures/seed-leader-and-workers/object.yaml");

  @Test
  void kaiPodGroupsOfTheSeedJobSet() {
    Cli.Result r = Cli.exec("gangs", "-f", SEED.toString(), "-o", "kai");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out())
        .contains(
            "apiVersion: scheduling.run.ai/v2alpha2",
            "kind: PodGroup",
            "name: pg-seed-seed-worker-1",
            "minMember: 1",
            "queue: default-queue",
            "kai.scheduler/skip-podgrouper: \"true\"",
            "annotation pod-group-name=pg-seed-seed-leader-0");
    assertThat(r.out().split("\n---\n")).hasSize(4);
  }

  @Test
  void volcanoAndCoschedulingForms() {
    Cli.Result v = Cli.exec("gangs", "-f", SEED.toString(), "-o", "volcano", "--queue", "research");
    assertThat(v.exitCode()).as(v.err()).isZero();
    assertThat(v.out())
        .contains(
            "apiVersion: scheduling.volcano.sh/v1beta1",
            "queue: research",
            "minResources:",
            "nvidia.com/gpu: \"4\"",
            "annotation scheduling.k8s.io/group-name=pg-seed-seed-worker-0");
    Cli.Result c = Cli.exec("gangs", "-f", SEED.toString(), "-o", "coscheduling");
    assertThat(c.exitCode()).as(c.err()).isZero();
    assertThat(c.out())
        .contains(
            "apiVersion: scheduling.x-k8s.io/v1alpha1",
            "label scheduling.x-k8s.io/pod-group=pg-seed-seed-worker-0")
        .doesNotContain("queue:");
  }

  @Test
  void tableOfDesiredGangs() {
    Cli.Result r = Cli.exec("gangs", "-f", SEED.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out())
        .contains("desired gangs", "KAI PODGROUP", "seed,worker,1", "pg-seed-seed-worker-1");
  }

  @Test
  void aPlatformsOwnDefinition(@TempDir Path dir) throws Exception {
    Path def = dir.resolve("def.yaml");
    Files.writeString(def, """
        apiVersion: run.ai/v1alpha1
        kind: Karta
        metadata: {name: trainer}
        spec:
          structureDefinition:
            rootComponent:
              name: trainer
              kind: {group: example.com, version: v1, kind: Trainer}
              specDefinition: {podTemplateSpecPath: .spec.template}
              scaleDefinition: {replicasPath: .spec.workers}
              statusDefinition:
                statusMappings:
                  running: [{byExpression: {expression: '.status.phase == "Running"', expectedResult: "true"}}]
          optimizationInstructions:
            gangScheduling:
              podGroup:
                name: trainer
                subGroups: [{componentName: trainer}]
        """);
    Path obj = dir.resolve("obj.yaml");
    Files.writeString(obj, """
        apiVersion: example.com/v1
        kind: Trainer
        metadata: {name: t1, namespace: ml, uid: 0b0e7c52-2f7e-4f0b-8a3e-5c1d2e3f4a5b}
        spec:
          workers: 4
          template: {spec: {containers: [{name: c, image: x}]}}
        """);
    Cli.Result none = Cli.exec("gangs", "-f", obj.toString(), "-o", "kai");
    assertThat(none.exitCode()).isNotZero();
    Cli.Result r =
        Cli.exec("gangs", "-f", obj.toString(), "-o", "kai", "--definition", def.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out())
        .contains(
            "name: pg-0b0e7c52-2f7e-4f0b-8a3e-5c1d2e3f4a5b-trainer",
            "minSubGroup: 1",
            "- name: trainer",
            "minMember: 4",
            "uid: 0b0e7c52-2f7e-4f0b-8a3e-5c1d2e3f4a5b");
    Cli.Result d = Cli.exec("describe", "-f", obj.toString(), "--definition", def.toString());
    assertThat(d.exitCode()).as(d.err()).isZero();
    assertThat(d.out()).contains("Trainer/t1", "(file)");
  }

  @Test
  void anInvalidDefinitionIsRefusedWithItsFindings(@TempDir Path dir) throws Exception {
    Path def = dir.resolve("bad.yaml");
    Files.writeString(
        def, "apiVersion: run.ai/v1alpha1\nkind: Karta\nmetadata: {name: bad}\nspec: {}\n");
    Cli.Result r = Cli.exec("gangs", "-f", SEED.toString(), "--definition", def.toString());
    assertThat(r.exitCode()).isNotZero();
    assertThat(r.err()).contains("--definition", "is invalid");
  }

  /** The seed with its worker replicatedJob's replicas replaced (line 30 of the fixture). */
  private static Path seedWithWorkerReplicas(Path dir, String replicas) throws Exception {
    java.util.List<String> lines = new java.util.ArrayList<>(Files.readAllLines(SEED));
    assertThat(lines.get(29)).isEqualTo("      replicas: 2");
    lines.set(29, "      replicas: " + replicas);
    Path obj = dir.resolve("seed-" + replicas.replaceAll("[^0-9a-z]", "_") + ".yaml");
    Files.write(obj, lines);
    return obj;
  }

  @Test
  void noPodGroupsFromReplicaCountsThatCannotBeCounted(@TempDir Path dir) throws Exception {
    // a wrong minMember in YAML meant for kubectl apply is worse than none: every form refuses,
    // naming the place
    for (String bad : java.util.List.of("-2", "1.5", "2147483648")) {
      Path obj = seedWithWorkerReplicas(dir, bad);
      for (String form : java.util.List.of("kai", "volcano", "coscheduling")) {
        Cli.Result r = Cli.exec("gangs", "-f", obj.toString(), "-o", form);
        assertThat(r.exitCode()).as("%s -o %s: %s", bad, form, r.err()).isEqualTo(1);
        assertThat(r.out()).as("nothing partial on stdout").isEmpty();
        assertThat(r.err())
            .contains("no gangs for JobSet seed", obj.getFileName() + ":30:", "hint:")
            .doesNotContain("Exception", "\tat ");
      }
    }
  }

  @Test
  void noPodGroupsForMorePodsThanThePlannerLaysOut(@TempDir Path dir) throws Exception {
    // a valid int32 count: refused at once, before a pod is laid out (it used to run out of memory
    // after a minute)
    Path obj = seedWithWorkerReplicas(dir, "2000000000");
    Cli.Result r = Cli.exec("gangs", "-f", obj.toString(), "-o", "kai");
    assertThat(r.exitCode()).as(r.err()).isEqualTo(1);
    assertThat(r.err())
        .contains("desires 2000000001 pods, more than the 100000", "hint:")
        .doesNotContain("Exception");
  }

  @Test
  void aDefinitionForAnotherKindIsRefusedNotIgnored(@TempDir Path dir) throws Exception {
    Path ray = Path.of("../catalog/src/main/workloadmap/ray-io-raycluster-v1/definition.yaml");
    for (String cmd : java.util.List.of("gangs", "describe")) {
      Cli.Result r = Cli.exec(cmd, "-f", SEED.toString(), "--definition", ray.toString());
      assertThat(r.exitCode()).as("%s: %s", cmd, r.err()).isEqualTo(2);
      assertThat(r.err())
          .contains(
              "jobset.x-k8s.io/v1alpha2 JobSet, but the --definition given covers",
              "RayCluster",
              "hint:");
    }
  }
}
