package dev.workloadmap.sdk.gang;

import static dev.workloadmap.sdk.TestDefinitions.karta;
import static dev.workloadmap.sdk.TestDefinitions.load;
import static dev.workloadmap.sdk.TestDefinitions.object;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.workloadmap.sdk.internal.gang.SubtreeScale;
import dev.workloadmap.sdk.internal.tree.TreeBuilder;
import dev.workloadmap.sdk.jq.Jq;
import dev.workloadmap.sdk.jq.JqInput;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Conformance §8.5 subtree scale (SS-01..16), unit tier (docs/format.md#gangs). */
class SubtreeScaleConformanceTest {

  private static SubtreeScale scales(String structure, String objectYaml) {
    return SubtreeScale.of(new TreeBuilder(Jq.defaultEngine(), false)
        .build(load(karta(structure)), JqInput.of(object(objectYaml))));
  }

  @Test
  void ss01_minReplicasPreferred() {
    SubtreeScale s = scales("""
        rootComponent:
          name: worker
          kind: {group: example.com, version: v1, kind: X}
          specDefinition: {podTemplateSpecPath: .spec.template}
          scaleDefinition: {replicasPath: .spec.replicas, minReplicasPath: .spec.min}
        """, "{spec: {replicas: 5, min: 3}}");
    assertThat(s.of("worker")).isEqualTo(3);
  }

  static final String PYTORCH = """
      rootComponent:
        name: pytorch-job
        kind: {group: example.com, version: v1, kind: X}
        specDefinition: {}
        %s
      childComponents:
        - name: worker
          ownerRef: pytorch-job
          specDefinition: {podTemplateSpecPath: .spec.w}
          scaleDefinition: {replicasPath: .spec.workers}
        - name: master
          ownerRef: pytorch-job
          specDefinition: {podTemplateSpecPath: .spec.m}
          scaleDefinition: {replicasPath: .spec.masters}
      """;

  @Test
  void ss02_parentMultipliesItsChildren() {
    SubtreeScale s = scales(
        PYTORCH.formatted("scaleDefinition: {replicasPath: .spec.replicas}"),
        "{spec: {replicas: 2, workers: 4, masters: 1}}");
    assertThat(s.of("pytorch-job")).isEqualTo(10);
    assertThat(s.of("worker")).isEqualTo(4);
    assertThat(s.of("master")).isEqualTo(1);
  }

  @Test
  void ss03_parentWithoutScaleSumsItsChildren() {
    SubtreeScale s = scales(PYTORCH.formatted(""), "{spec: {workers: 4, masters: 1}}");
    assertThat(s.of("pytorch-job")).isEqualTo(5);
  }

  @Test
  void ss04_arrayInstancesSum() {
    SubtreeScale s = scales(
        """
        rootComponent:
          name: root
          kind: {group: example.com, version: v1, kind: X}
          scaleDefinition: {replicasPath: .spec.replicas}
        childComponents:
          - name: worker-array
            ownerRef: root
            instanceIdPath: '.spec.workers[].name'
            specDefinition: {podTemplateSpecPath: '.spec.workers[].template'}
            scaleDefinition: {replicasPath: '.spec.workers[].replicas'}
        """, "{spec: {replicas: 2, workers: [{name: a, replicas: 3}, {name: b, replicas: 2}]}}");
    assertThat(s.of("worker-array")).isEqualTo(5);
    assertThat(s.of("root")).isEqualTo(10);
  }

  @Test
  void ss05_rootWithoutScale() {
    SubtreeScale s = scales("""
        rootComponent:
          name: cluster
          kind: {group: example.com, version: v1, kind: X}
        childComponents:
          - {name: worker, ownerRef: cluster, specDefinition: {podTemplateSpecPath: .spec.w},
             scaleDefinition: {replicasPath: .spec.replicas}}
        """, "{spec: {replicas: 4}}");
    assertThat(s.of("cluster")).isEqualTo(4);
  }

  @Test
  void ss06_childrenSumZeroUsesOwnValue() {
    SubtreeScale s = scales("""
        rootComponent:
          name: job-group
          kind: {group: example.com, version: v1, kind: X}
          scaleDefinition: {replicasPath: .spec.size}
        childComponents:
          - {name: worker, ownerRef: job-group, specDefinition: {podTemplateSpecPath: .spec.w}}
        """, "{spec: {size: 3}}");
    assertThat(s.of("job-group")).isEqualTo(3);
  }

  private static SubtreeScale worker(String scale) {
    return scales("""
        rootComponent:
          name: worker
          kind: {group: example.com, version: v1, kind: X}
          specDefinition: {podTemplateSpecPath: .spec.template}
          scaleDefinition: {replicasPath: .spec.replicas, minReplicasPath: .spec.min}
        """, "{spec: " + scale + "}");
  }

  @Test
  void ss07to09_effectiveScale() {
    assertThat(worker("{replicas: 10, min: 2}").of("worker")).isEqualTo(2);
    assertThat(worker("{replicas: 5, min: 0}").of("worker")).isEqualTo(5);
    assertThat(worker("{}").of("worker")).isEqualTo(0);
  }

  @Test
  void ss10_leafCountingWithoutAnyScale() {
    SubtreeScale s = scales(
        PYTORCH
            .formatted("")
            .replace("scaleDefinition: {replicasPath: .spec.workers}", "")
            .replace("scaleDefinition: {replicasPath: .spec.masters}", ""),
        "{}");
    assertThat(s.scaleMode()).isFalse();
    assertThat(s.of("pytorch-job")).isEqualTo(2);
    assertThat(s.of("worker")).isEqualTo(1);
    assertThat(s.of("master")).isEqualTo(1);
  }

  @Test
  void ss11_leafCountingThreeLevels() {
    SubtreeScale s = scales("""
        rootComponent:
          name: cluster
          kind: {group: example.com, version: v1, kind: X}
        childComponents:
          - {name: job-group, ownerRef: cluster}
          - {name: worker, ownerRef: job-group, specDefinition: {podTemplateSpecPath: .spec.w}}
          - {name: master, ownerRef: job-group, specDefinition: {podTemplateSpecPath: .spec.m}}
          - {name: storage, ownerRef: cluster, specDefinition: {podTemplateSpecPath: .spec.s}}
        """, "{}");
    assertThat(s.of("cluster")).isEqualTo(3);
    assertThat(s.of("job-group")).isEqualTo(2);
    assertThat(s.of("worker")).isEqualTo(1);
    assertThat(s.of("storage")).isEqualTo(1);
  }

  static final String ARRAY = """
      rootComponent:
        name: jobs
        kind: {group: example.com, version: v1, kind: X}
      childComponents:
        - name: job
          ownerRef: jobs
          instanceIdPath: '.spec.replicatedJobs[].name'
          specDefinition: {podTemplateSpecPath: '.spec.replicatedJobs[].template'}
          %s
      """;

  static final String ARRAY_OBJECT =
      "{spec: {replicatedJobs: [{name: indexer, replicas: 3}, {name: processor, replicas: 3, min: 2}]}}";

  @Test
  void ss12_arrayInstances() {
    SubtreeScale s = scales(
        ARRAY.formatted(
            "scaleDefinition: {replicasPath: '.spec.replicatedJobs[].replicas', minReplicasPath: '.spec.replicatedJobs[].min'}"),
        ARRAY_OBJECT);
    assertThat(s.of("job")).isEqualTo(5);
    assertThat(s.of("job", "indexer")).isEqualTo(3);
    assertThat(s.of("job", "processor")).isEqualTo(2);
  }

  @Test
  void ss13_mapInstances() {
    SubtreeScale s =
        scales("""
        rootComponent:
          name: jobs
          kind: {group: example.com, version: v1, kind: X}
        childComponents:
          - name: job
            ownerRef: jobs
            instanceIdPath: '.spec.jobs | to_entries[] | .key'
            specDefinition: {podTemplateSpecPath: '.spec.jobs[] | .template'}
            scaleDefinition: {replicasPath: '.spec.jobs[] | .replicas', minReplicasPath: '.spec.jobs[] | .min'}
        """, "{spec: {jobs: {indexer: {replicas: 3}, processor: {replicas: 3, min: 2}}}}");
    assertThat(s.of("job")).isEqualTo(5);
    assertThat(s.of("job", "indexer")).isEqualTo(3);
    assertThat(s.of("job", "processor")).isEqualTo(2);
  }

  @Test
  void ss14_instancesWithoutScaleAreCounted() {
    SubtreeScale s = scales(ARRAY.formatted(""), ARRAY_OBJECT);
    assertThat(s.of("job")).isEqualTo(2);
    assertThat(s.of("job", "indexer")).isEqualTo(1);
    assertThat(s.of("job", "processor")).isEqualTo(1);
  }

  @Test
  void ss15_16_unknownAndEmptyInstance() {
    SubtreeScale s = scales(ARRAY.formatted(""), ARRAY_OBJECT);
    assertThatThrownBy(() -> s.of("job", "non-existent"))
        .isInstanceOf(GangException.class)
        .hasMessageContaining("instance id non-existent not found");
    assertThatThrownBy(() -> s.of("job", "")).hasMessageContaining("instance id is empty");
  }

  @Test
  void restrictionsApplyInsideTheSubtree() {
    SubtreeScale s =
        scales("""
        rootComponent:
          name: root
          kind: {group: example.com, version: v1, kind: X}
        childComponents:
          - name: worker-array
            ownerRef: root
            instanceIdPath: '.spec.workers[].name'
            specDefinition: {podTemplateSpecPath: '.spec.workers[].template'}
            scaleDefinition: {replicasPath: '.spec.workers[].replicas'}
        """, "{spec: {workers: [{name: a, replicas: 3}, {name: b, replicas: 2}]}}");
    assertThat(s.of("root", Map.of("worker-array", "b"))).isEqualTo(2);
  }
}
