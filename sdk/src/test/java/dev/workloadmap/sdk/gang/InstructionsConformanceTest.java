package dev.workloadmap.sdk.gang;

import static dev.workloadmap.sdk.TestDefinitions.input;
import static dev.workloadmap.sdk.TestDefinitions.karta;
import static dev.workloadmap.sdk.TestDefinitions.load;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.internal.gang.GangPlanner;
import dev.workloadmap.sdk.internal.gang.GangPlanner.Membership;
import dev.workloadmap.sdk.internal.gang.GangStructure;
import dev.workloadmap.sdk.internal.gang.GangStructure.Candidate;
import dev.workloadmap.sdk.internal.live.PodClassifier;
import dev.workloadmap.sdk.jq.Jq;
import dev.workloadmap.sdk.jq.JqInput;
import dev.workloadmap.sdk.live.PodQueryException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Conformance §8.1 to §8.4 (IS, IC, II, IG), unit tier: structure summary, component inference, gang membership. */
class InstructionsConformanceTest {

  private final PodClassifier classifier = new PodClassifier(Jq.defaultEngine());
  private final GangPlanner planner = new GangPlanner(Jq.defaultEngine());

  static final String SIMPLE_JOB = karta("""
      rootComponent:
        name: simple-job
        kind: {group: batch, version: v1, kind: Job}
        specDefinition: {podTemplateSpecPath: .spec.template}
        statusDefinition: {phaseDefinition: {path: .status.phase}, statusMappings: {running: [{byPhase: Running}]}}
      """);

  static final String PYTORCH = karta("""
      rootComponent:
        name: pytorch-job
        kind: {group: kubeflow.org, version: v1, kind: PyTorchJob}
      childComponents:
        - name: worker
          ownerRef: pytorch-job
          specDefinition: {podTemplateSpecPath: .spec.worker.template}
          podSelector: {componentTypeSelector: {keyPath: .metadata.labels.component, value: worker}}
        - name: master
          ownerRef: pytorch-job
          specDefinition: {podSpecPath: .spec.master.spec}
          podSelector: {componentTypeSelector: {keyPath: .metadata.labels.component, value: master}}
      """);

  private static String withGangs(String karta, String gang) {
    return karta + "  optimizationInstructions:\n    gangScheduling:\n" + gang.indent(6);
  }

  @Test
  void is01_nullDefinition() {
    assertThatThrownBy(() -> GangStructure.of(null))
        .hasMessageContaining("resource interface cannot be nil");
  }

  @Test
  void is02_rootOnly() {
    GangStructure s = GangStructure.of(load(SIMPLE_JOB));
    assertThat(s.leaves()).containsExactly("simple-job");
    assertThat(s.parents()).isEmpty();
    assertThat(s.children()).isEmpty();
    assertThat(s.candidates()).isEmpty();
  }

  @Test
  void is03_parentsAndChildren() {
    Definition d = load(PYTORCH);
    GangStructure s = GangStructure.of(d);
    assertThat(s.leaves()).containsExactlyInAnyOrder("worker", "master");
    assertThat(s.parents()).isEqualTo(Map.of("worker", "pytorch-job", "master", "pytorch-job"));
    assertThat(s.children().get("pytorch-job")).containsExactlyInAnyOrder("worker", "master");
    assertThat(d.components()).hasSize(3);
  }

  @Test
  void is04_threeLevels() {
    GangStructure s = GangStructure.of(load(karta("""
        rootComponent:
          name: cluster
          kind: {group: example.com, version: v1, kind: Cluster}
        childComponents:
          - name: job-group
            ownerRef: cluster
          - name: worker
            ownerRef: job-group
            specDefinition: {fragmentedPodSpecDefinition: {containersPath: .spec.containers}}
          - name: coordinator
            ownerRef: cluster
            specDefinition: {podTemplateSpecPath: .spec.coordinator}
        """)));
    assertThat(s.leaves()).containsExactlyInAnyOrder("worker", "coordinator");
    assertThat(s.ancestors("worker")).containsExactly("job-group", "cluster");
  }

  @Test
  void is05_candidatesOfMembersOnly() {
    GangStructure s = GangStructure.of(load(withGangs(PYTORCH, """
        podGroups:
          - name: pytorch-training
            members: [{componentName: worker}, {componentName: master}]
        """)));
    assertThat(s.candidatesOf("worker"))
        .extracting(Candidate::component, Candidate::podGroupName)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("worker", "pytorch-training"));
    assertThat(s.candidatesOf("master"))
        .extracting(Candidate::podGroupName)
        .containsExactly("pytorch-training");
    assertThat(s.candidates()).doesNotContainKey("pytorch-job");
  }

  @Test
  void is06_oneCandidateEach() {
    GangStructure s = GangStructure.of(load(withGangs(karta("""
        rootComponent:
          name: llm
          kind: {group: example.com, version: v1, kind: LLM}
        childComponents:
          - {name: pre-fill, ownerRef: llm, specDefinition: {podTemplateSpecPath: .spec.p}}
          - {name: decode, ownerRef: llm, specDefinition: {podTemplateSpecPath: .spec.d}}
        """), """
        podGroups:
          - {name: group-pre, members: [{componentName: pre-fill}]}
          - {name: group-decode, members: [{componentName: decode}]}
        """)));
    assertThat(s.candidatesOf("pre-fill"))
        .extracting(Candidate::podGroupName)
        .containsExactly("group-pre");
    assertThat(s.candidatesOf("decode"))
        .extracting(Candidate::podGroupName)
        .containsExactly("group-decode");
  }

  static final String IS07 = withGangs(PYTORCH, """
      podGroups:
        - name: worker-group-v1
          members: [{componentName: worker, filters: ['.metadata.labels.version == "v1"']}]
        - name: parent-group
          members: [{componentName: pytorch-job}]
        - name: worker-group-v2
          members: [{componentName: worker, filters: ['.metadata.labels.version == "v2"']}]
      """);

  @Test
  void is07_directMembershipsFirstThenAncestors() {
    GangStructure s = GangStructure.of(load(IS07));
    assertThat(s.candidatesOf("worker"))
        .extracting(c -> c.component() + "/" + c.podGroupName())
        .containsExactly(
            "worker/worker-group-v1", "worker/worker-group-v2", "pytorch-job/parent-group");
  }

  @Test
  void is08_sortingForTarget() {
    assertThat(GangStructure.sortForTarget(
            List.of("parent", "worker", "grandparent", "worker"), "worker"))
        .containsExactly("worker", "worker", "parent", "grandparent");
    assertThat(GangStructure.sortForTarget(List.of("b", "a"), "x")).containsExactly("b", "a");
    assertThat(GangStructure.sortForTarget(List.of(), "x")).isEmpty();
  }

  @Test
  void is09_hasScaleDefinition() {
    assertThat(GangStructure.of(load(PYTORCH)).hasScaleDefinition()).isFalse();
    assertThat(GangStructure.of(load(karta("""
        rootComponent:
          name: j
          kind: {group: batch, version: v1, kind: Job}
          specDefinition: {podTemplateSpecPath: .spec.template}
          scaleDefinition: {replicasPath: .spec.parallelism}
        """))).hasScaleDefinition()).isTrue();
  }

  @Test
  void is10_noValidation() {
    Definition d = load(karta("""
        rootComponent:
          name: bare
          specDefinition: {podTemplateSpecPath: .spec.template}
        """));
    assertThat(GangStructure.of(d).leaves()).containsExactly("bare");
  }

  @Test
  void ic01_singleLeafIsReturnedWithoutEvaluatingItsSelector() {
    Definition d = load(karta("""
        rootComponent:
          name: only
          kind: {group: batch, version: v1, kind: Job}
          specDefinition: {podTemplateSpecPath: .spec.template}
          podSelector: {componentTypeSelector: {keyPath: .non-existing}}
        """));
    assertThat(classifier
            .inferComponent(d, input("{metadata: {name: any}}"), "any")
            .name())
        .isEqualTo("only");
  }

  @Test
  void ic02to04_firstMatchingLeaf() {
    Definition d = load(PYTORCH);
    assertThat(classifier
            .inferComponent(d, input("{metadata: {labels: {component: worker}}}"), "w")
            .name())
        .isEqualTo("worker");
    assertThat(classifier
            .inferComponent(d, input("{metadata: {labels: {component: master}}}"), "m")
            .name())
        .isEqualTo("master");
    assertThatThrownBy(() -> classifier.inferComponent(d, input("{metadata: {name: p}}"), "p"))
        .isInstanceOf(PodQueryException.class)
        .hasMessageContaining("no component found for pod p");
  }

  static final String GROUPS = karta("""
      rootComponent:
        name: pool
        kind: {group: example.com, version: v1, kind: Pool}
      childComponents:
        - name: workers
          ownerRef: pool
          instanceIdPath: .spec.groups[].name
          specDefinition: {podTemplateSpecPath: '.spec.groups[].template'}
          podSelector:
            componentTypeSelector: {keyPath: .metadata.labels.group}
            componentInstanceSelector: {idPath: .metadata.labels.group}
        - name: typed
          ownerRef: pool
          instanceIdPath: .spec.groups[].name
          specDefinition: {podTemplateSpecPath: '.spec.groups[].template'}
          podSelector: {componentTypeSelector: {keyPath: .metadata.labels.typed}}
        - name: unselected
          ownerRef: pool
          instanceIdPath: .spec.groups[].name
          specDefinition: {podTemplateSpecPath: '.spec.groups[].template'}
      """);

  @Test
  void ii01to08_componentInstance() {
    Definition d = load(GROUPS);
    List<String> ids = List.of("gpu-workers", "cpu-workers");
    JqInput gpu = input("{metadata: {labels: {group: gpu-workers}}}");
    assertThatThrownBy(() -> classifier.inferComponentInstance(d, "non-existent", ids, gpu))
        .hasMessageContaining("component non-existent not found");
    assertThat(classifier.inferComponentInstance(d, "workers", ids, gpu)).contains("gpu-workers");
    assertThat(classifier.inferComponentInstance(d, "workers", List.of(""), gpu))
        .isEmpty();
    assertThatThrownBy(() -> classifier.inferComponentInstance(
            d, "workers", ids, input("{metadata: {labels: {group: invalid-group}}}")))
        .hasMessageContaining("could not match instance id");
    assertThatThrownBy(() ->
            classifier.inferComponentInstance(d, "workers", ids, input("{metadata: {name: x}}")))
        .as("II-06: the extraction error propagates")
        .hasMessageContaining("query result is empty");
    assertThatThrownBy(
            () -> classifier.inferComponentInstance(d, "typed", List.of("worker1", "worker2"), gpu))
        .hasMessageContaining("no instance selector provided but instance ids are not empty");
    assertThat(
            classifier.inferComponentInstance(d, "unselected", List.of("worker1", "worker2"), gpu))
        .as("II-08: no podSelector at all")
        .isEqualTo(Optional.empty());
  }

  @Test
  void ig01_rootOnly() {
    Definition d = load(withGangs(
        SIMPLE_JOB, "podGroups: [{name: simple-group, members: [{componentName: simple-job}]}]"));
    Optional<Membership> m =
        planner.effectiveMembership(GangStructure.of(d), "simple-job", input("{}"));
    assertThat(m)
        .get()
        .extracting(Membership::effectiveComponent, Membership::podGroupName)
        .containsExactly("simple-job", "simple-group");
    assertThat(m.get().member().componentName()).isEqualTo("simple-job");
  }

  @Test
  void ig02_twoMembers() {
    Definition d = load(withGangs(PYTORCH, """
        podGroups:
          - name: pytorch-training
            members: [{componentName: worker}, {componentName: master}]
        """));
    GangStructure s = GangStructure.of(d);
    assertThat(planner.effectiveMembership(s, "worker", input("{}")))
        .get()
        .extracting(Membership::effectiveComponent, Membership::podGroupName)
        .containsExactly("worker", "pytorch-training");
    assertThat(planner.effectiveMembership(s, "master", input("{}")))
        .get()
        .extracting(Membership::effectiveComponent, Membership::podGroupName)
        .containsExactly("master", "pytorch-training");
  }

  @Test
  void ig03_filtersChooseTheGroup() {
    Definition d = load(withGangs(karta("""
        rootComponent:
          name: set
          kind: {group: example.com, version: v1, kind: Set}
        childComponents:
          - {name: worker-set, ownerRef: set, specDefinition: {podTemplateSpecPath: .spec.t}}
        """), """
        podGroups:
          - {name: gpu-group, members: [{componentName: worker-set, filters: ['.metadata.labels.tier == "gpu"']}]}
          - {name: cpu-group, members: [{componentName: worker-set, filters: ['.metadata.labels.tier == "cpu"']}]}
        """));
    GangStructure s = GangStructure.of(d);
    assertThat(planner.effectiveMembership(
            s, "worker-set", input("{metadata: {labels: {tier: gpu}}}")))
        .get()
        .extracting(Membership::podGroupName)
        .isEqualTo("gpu-group");
    assertThat(planner.effectiveMembership(
            s, "worker-set", input("{metadata: {labels: {tier: cpu}}}")))
        .get()
        .extracting(Membership::podGroupName)
        .isEqualTo("cpu-group");
  }

  @Test
  void ig04_fallsBackToTheParentsGroup() {
    Definition d = load(withGangs(PYTORCH, """
        podGroups:
          - name: specific-group
            members: [{componentName: worker, filters: ['.metadata.labels.version == "v2"']}]
          - name: fallback-group
            members: [{componentName: pytorch-job}]
        """));
    assertThat(planner.effectiveMembership(
            GangStructure.of(d), "worker", input("{metadata: {labels: {version: v1}}}")))
        .get()
        .extracting(Membership::effectiveComponent, Membership::podGroupName)
        .containsExactly("pytorch-job", "fallback-group");
  }

  @Test
  void ig05_noGangScheduling() {
    assertThat(planner.effectiveMembership(GangStructure.of(load(PYTORCH)), "worker", input("{}")))
        .isEmpty();
  }

  @Test
  void filterErrorsPropagate() {
    Definition d = load(withGangs(PYTORCH, """
        podGroups:
          - name: g
            members: [{componentName: worker, filters: ['.metadata.labels[]']}]
        """));
    assertThatThrownBy(() -> planner.effectiveMembership(
            GangStructure.of(d), "worker", input("{metadata: {labels: {a: b, c: d}}}")))
        .hasMessageContaining("failed to evaluate filter");
  }
}
