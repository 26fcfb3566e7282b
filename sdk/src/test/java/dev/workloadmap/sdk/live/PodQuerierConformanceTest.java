package dev.workloadmap.sdk.live;

import static dev.workloadmap.sdk.TestDefinitions.input;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.workloadmap.sdk.definition.PodSelector.ComponentInstanceSelector;
import dev.workloadmap.sdk.definition.PodSelector.ComponentTypeSelector;
import dev.workloadmap.sdk.definition.PodSelector.ReplicaSelector;
import dev.workloadmap.sdk.internal.live.PodClassifier;
import dev.workloadmap.sdk.jq.Jq;
import dev.workloadmap.sdk.jq.JqException;
import dev.workloadmap.sdk.jq.JqInput;
import dev.workloadmap.sdk.jq.JqParseException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Conformance §7 pod querier (PQ-01..44), unit tier: docs/format.md#pod-classification over one pod's JSON. */
class PodQuerierConformanceTest {

  private final PodClassifier q = new PodClassifier(Jq.defaultEngine());

  private static final JqInput POD = input("""
      apiVersion: v1
      kind: Pod
      metadata:
        name: p
        namespace: default
        labels: {component: worker, app: pytorch, version: v1.0, environment: production,
                 special: "value-with-special_chars.and:colons", quoted: 'say "hi"'}
        annotations: {config: high-memory, owner: team-ai}
      spec:
        containers: [{name: main, image: "pytorch:latest"}]
      """);

  private static final JqInput MATCH_POD = input("""
      metadata:
        name: m
        labels: {job-name: indexer, service-name: api, component: worker, replica-id: "3", group: gpu-workers}
        annotations: {nvidia.com/dynamo-component: worker-group-1, duplicate-key: a}
      spec:
        containers:
          - name: main
            env: [{name: GROUP_NAME, value: cache}]
      """);

  private static ComponentTypeSelector type(String keyPath, String value) {
    return new ComponentTypeSelector(keyPath, value, null);
  }

  @Test
  void pq01to05_groupKeys() {
    assertThat(q.groupKeys(List.of(".metadata.labels.app"), POD)).containsExactly("pytorch");
    assertThat(q.groupKeys(
            List.of(".metadata.labels.app", ".metadata.labels.version", ".metadata.namespace"),
            POD))
        .containsExactly("pytorch", "v1.0", "default");
    assertThat(q.groupKeys(List.of(), POD)).isEmpty();
    assertThatThrownBy(() -> q.groupKeys(List.of(".metadata.labels.nonexistent"), POD))
        .isInstanceOf(PodQueryException.class)
        .hasMessageContaining("query result is empty");
    assertThatThrownBy(() -> q.groupKeys(List.of(".metadata.labels | to_entries | .[].key"), POD))
        .hasMessageContaining("expected single query result");
  }

  @Test
  void pq06to15_filters() {
    assertThat(q.passesFilters(List.of(), POD)).isTrue();
    assertThat(q.passesFilters(List.of(".metadata.labels.app == \"pytorch\""), POD))
        .isTrue();
    assertThat(q.passesFilters(
            List.of(
                ".metadata.labels.app == \"pytorch\"",
                ".metadata.labels.version == \"v1.0\"",
                ".metadata.namespace == \"default\""),
            POD))
        .isTrue();
    assertThat(q.passesFilters(
            List.of(".metadata.labels | has(\"app\")", ".spec.containers | length > 0"), POD))
        .isTrue();
    assertThat(q.passesFilters(List.of(".metadata.labels.app == \"wrong-app\""), POD))
        .isFalse();
    assertThat(q.passesFilters(
            List.of(
                ".metadata.labels.app == \"pytorch\"",
                ".metadata.labels.version == \"v2\"",
                ".metadata.namespace == \"default\""),
            POD))
        .isFalse();
    assertThat(q.passesFilters(List.of(".metadata.labels.app"), POD))
        .as("PQ-12: only boolean true passes")
        .isFalse();
    assertThatThrownBy(() -> q.passesFilters(List.of(".invalid.[syntax"), POD))
        .hasMessageContaining("failed to evaluate filter");
    assertThatThrownBy(() -> q.passesFilters(
            List.of(".metadata.labels | to_entries | .[].value == \"pytorch\""), POD))
        .hasMessageContaining("expected single query result");
    assertThat(q.passesFilters(List.of(".metadata.labels.nonexistent == \"something\""), POD))
        .isFalse();
  }

  @Test
  void pq16to25_typeMatch() {
    assertThat(q.matchesComponentType(null, POD)).isFalse();
    assertThat(q.matchesComponentType(type(".metadata.labels.component", null), POD))
        .isTrue();
    assertThat(q.matchesComponentType(type(".metadata.labels.nonexistent", null), POD))
        .isFalse();
    assertThat(q.matchesComponentType(type(".metadata.annotations.config", null), POD))
        .isTrue();
    assertThat(q.matchesComponentType(type(".spec.containers[0].name", null), POD))
        .isTrue();
    assertThat(q.matchesComponentType(type(".metadata.labels.component", "worker"), POD))
        .isTrue();
    assertThat(q.matchesComponentType(type(".metadata.labels.component", "master"), POD))
        .isFalse();
    assertThat(q.matchesComponentType(type(".metadata.annotations.config", "high-memory"), POD))
        .isTrue();
    assertThat(q.matchesComponentType(type(".metadata.annotations.config", "low-memory"), POD))
        .isFalse();
    assertThat(q.matchesComponentType(
            type(".metadata.labels.special", "value-with-special_chars.and:colons"), POD))
        .isTrue();
    assertThat(q.matchesComponentType(type(".metadata.labels.quoted", "say \"hi\""), POD))
        .as("PQ-22: the value is JSON-escaped")
        .isTrue();
    assertThat(q.matchesComponentType(type(".metadata.labels.missing", "x"), POD))
        .isFalse();
    assertThat(q.matchesComponentType(type(".spec.containers[0].name", "main"), POD))
        .isTrue();
    assertThat(q.matchesComponentType(type(".metadata.namespace", "default"), POD))
        .isTrue();
    assertThatThrownBy(() -> q.matchesComponentType(type(".invalid[[[syntax", null), POD))
        .isInstanceOf(JqParseException.class);
  }

  @Test
  void ec05_alternativeWithValueHasNoParentheses() {
    // `.a // .b == "x"` is `.a // (.b == "x")`: .a present and non-false gives its value, not a
    // boolean true
    JqInput pod = input("{a: other, b: x}");
    assertThat(q.matchesComponentType(type(".a // .b", "x"), pod)).isFalse();
    assertThat(q.matchesComponentType(type(".missing // .b", "x"), pod)).isTrue();
  }

  @Test
  void matchLabelsIsExactEqualityAndedWithKeyPath() {
    assertThat(q.matchesComponentType(
            new ComponentTypeSelector(null, null, Map.of("app", "pytorch")), POD))
        .isTrue();
    assertThat(q.matchesComponentType(
            new ComponentTypeSelector(null, null, Map.of("app", "pytorch", "absent", "x")), POD))
        .as("an absent label is no match")
        .isFalse();
    assertThat(q.matchesComponentType(
            new ComponentTypeSelector(
                ".metadata.labels.component", "worker", Map.of("app", "pytorch")),
            POD))
        .isTrue();
    assertThat(q.matchesComponentType(
            new ComponentTypeSelector(
                ".metadata.labels.component", "master", Map.of("app", "pytorch")),
            POD))
        .as("ANDed with keyPath")
        .isFalse();
    assertThat(q.matchesComponentType(
            new ComponentTypeSelector(null, null, Map.of("app", "PyTorch")), POD))
        .as("exact, case-sensitive")
        .isFalse();
  }

  @Test
  void pq26to30_replicaKey() {
    assertThat(q.replicaKey(null, POD)).isEmpty();
    JqInput pod = input("""
        metadata:
          labels: {group-index: "2"}
          annotations: {replica-id: group-0}
        """);
    assertThat(q.replicaKey(new ReplicaSelector(".metadata.labels[\"group-index\"]"), pod))
        .contains("2");
    assertThat(q.replicaKey(new ReplicaSelector(".metadata.annotations[\"replica-id\"]"), pod))
        .contains("group-0");
    assertThatThrownBy(() -> q.replicaKey(new ReplicaSelector(".metadata.labels.missing"), pod))
        .hasMessageContaining("query result is empty");
    assertThatThrownBy(() -> q.replicaKey(new ReplicaSelector(".invalid[[["), pod))
        .isInstanceOf(JqException.class);
    assertThatThrownBy(() ->
            q.replicaKey(new ReplicaSelector(".metadata | (.labels, .annotations) | keys[0]"), pod))
        .hasMessageContaining("expected single query result");
  }

  @Test
  void pq31to34_instanceId() {
    assertThat(q.instanceId(null, POD)).isEmpty();
    assertThat(q.instanceId(new ComponentInstanceSelector(""), POD)).isEmpty();
    assertThat(q.instanceId(
            new ComponentInstanceSelector(".metadata.labels[\"job-name\"]"), MATCH_POD))
        .isEqualTo(Optional.of("indexer"));
    assertThat(q.instanceId(new ComponentInstanceSelector(".metadata.annotations.config"), POD))
        .contains("high-memory");
    assertThatThrownBy(
            () -> q.instanceId(new ComponentInstanceSelector(".metadata.labels.missing"), POD))
        .hasMessageContaining("query result is empty");
    assertThatThrownBy(() -> q.instanceId(new ComponentInstanceSelector(".invalid[[["), POD))
        .isInstanceOf(JqException.class);
    assertThatThrownBy(() -> q.instanceId(new ComponentInstanceSelector(".metadata.labels[]"), POD))
        .hasMessageContaining("expected single query result");
  }

  @Test
  void pq35to44_matchingInstanceId() {
    assertThat(q.matchingInstanceId(
            new ComponentInstanceSelector(".metadata.labels[\"job-name\"]"),
            List.of("indexer", "processor"),
            MATCH_POD))
        .isEqualTo("indexer");
    assertThat(q.matchingInstanceId(
            new ComponentInstanceSelector(".metadata.annotations.\"nvidia.com/dynamo-component\""),
            List.of("worker-group-1", "worker-group-2"),
            MATCH_POD))
        .isEqualTo("worker-group-1");
    assertThat(q.matchingInstanceId(
            new ComponentInstanceSelector(
                ".spec.containers[0].env[] | select(.name == \"GROUP_NAME\") | .value"),
            List.of("api", "worker", "cache"),
            MATCH_POD))
        .isEqualTo("cache");
    assertThatThrownBy(() -> q.matchingInstanceId(
            new ComponentInstanceSelector(".invalid..path"), List.of("a"), MATCH_POD))
        .hasMessageContaining("failed to parse JQ expression");
    JqInput dup = input("metadata: {labels: {duplicate-key: a}, annotations: {duplicate-key: b}}");
    assertThatThrownBy(() -> q.matchingInstanceId(
            new ComponentInstanceSelector(
                ".metadata | (.labels, .annotations) | .\"duplicate-key\""),
            List.of("a"),
            dup))
        .hasMessageContaining("expected single query result");
    assertThatThrownBy(() -> q.matchingInstanceId(
            new ComponentInstanceSelector(".metadata.labels.missing"), List.of("a"), MATCH_POD))
        .hasMessageContaining("query result is empty");
    assertThatThrownBy(() -> q.matchingInstanceId(
            new ComponentInstanceSelector(".metadata.labels[\"job-name\"]"),
            List.of("processor", "validator"),
            MATCH_POD))
        .isInstanceOf(InstanceNotFoundException.class)
        .hasMessageContaining("could not match instance id");
    assertThat(q.matchingInstanceId(
            new ComponentInstanceSelector(".metadata.labels[\"replica-id\"] | tonumber"),
            List.of("1", "2", "3", "4"),
            MATCH_POD))
        .as("PQ-42: the number is formatted as a string")
        .isEqualTo("3");
    assertThat(q.matchingInstanceId(null, List.of(""), MATCH_POD)).isEmpty();
    assertThatThrownBy(() -> q.matchingInstanceId(null, List.of("worker-1", "worker-2"), MATCH_POD))
        .hasMessageContaining("no instance selector provided but instance ids are not empty");
    assertThatThrownBy(() -> q.matchingInstanceId(null, List.of("worker-1"), MATCH_POD))
        .hasMessageContaining("no instance selector provided but instance ids are not empty");
  }

  @Test
  void groupKeysFormatNumbersAndRejectNull() {
    JqInput pod = JqInput.of(dev.workloadmap.sdk.TestDefinitions.json(
        "{\"n\": 3.0, \"m\": 3, \"z\": null, \"e\": \"\"}"));
    assertThat(q.groupKeys(List.of(".n", ".m"), pod)).containsExactly("3", "3");
    assertThatThrownBy(() -> q.groupKeys(List.of(".z"), pod))
        .hasMessageContaining("query result is empty <nil>");
    assertThatThrownBy(() -> q.groupKeys(List.of(".e"), pod))
        .hasMessageContaining("query result is empty");
  }
}
