package dev.workloadmap.sdk;

import static dev.workloadmap.sdk.TestDefinitions.karta;
import static dev.workloadmap.sdk.TestDefinitions.load;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.workloadmap.sdk.definition.ComponentDefinition;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.definition.Gvk;
import dev.workloadmap.sdk.resources.ResourceList;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The per-resolve shortcuts agree with what they replace: the kind check compares the group in place instead of
 * parsing a {@link Gvk}, {@link Definition#childrenOf} grows no list for none or one child, and one pod's total is its
 * per-pod list (which {@code times(1)} equals).
 */
class ResolveShortcutsTest {

  private static final Definition BATCH = load(karta("""
      rootComponent:
        name: root
        kind: {group: batch, version: v1, kind: Job}
      """));

  private static final Definition CORE = load(karta("""
      rootComponent:
        name: root
        kind: {group: "", version: v1, kind: Pod}
      """));

  /** What the kind check answered before the shortcut: the group and kind of Gvk.of compared. */
  private static boolean sameByGvk(Definition d, String apiVersion, String kind) {
    Gvk actual = Gvk.of(apiVersion, kind);
    return actual.group().equals(d.rootGvk().group())
        && actual.kind().equals(d.rootGvk().kind());
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "batch/v1|Job",
        "batch/v2|Job",
        "batch/|Job",
        "batch|Job",
        "v1|Job",
        "batchx/v1|Job",
        "batc/v1|Job",
        "xbatch/v1|Job",
        "/v1|Job",
        "batch/v1/extra|Job",
        "batch/v1|CronJob",
        "batch/v1|job",
        "''|Job",
        "batch/v1|''",
        "v1|Pod",
        "apps/v1|Pod",
        "/v1|Pod",
        "v2|Pod"
      })
  void theKindCheckAgreesWithTheParsedGvk(String apiVersion, String kind) {
    for (Definition d : List.of(BATCH, CORE)) {
      var object =
          TestDefinitions.json("{\"apiVersion\":\"" + apiVersion + "\",\"kind\":\"" + kind + "\"}");
      boolean expectSame =
          (apiVersion.isEmpty() && kind.isEmpty()) || sameByGvk(d, apiVersion, kind);
      String mismatch = WorkloadMap.kindMismatch(d, object);
      assertThat(mismatch == null)
          .as("%s %s against %s", apiVersion, kind, d.rootGvk())
          .isEqualTo(expectSame);
      if (!expectSame) {
        assertThat(mismatch)
            .isEqualTo("the object is " + apiVersion + " " + kind + " but definition test covers "
                + d.rootGvk().apiVersion() + " " + d.rootGvk().kind()
                + " (the group and kind must match exactly)");
      }
    }
  }

  @Test
  void childrenOfIsTheDeclaredChildrenOfTheParentInOrder() {
    Definition d = load(karta("""
        rootComponent:
          name: root
          kind: {group: g, version: v1, kind: K}
        childComponents:
          - name: a
            ownerRef: root
            specDefinition: {podTemplateSpecPath: .spec.a}
          - name: b
            ownerRef: a
            specDefinition: {podTemplateSpecPath: .spec.b}
          - name: c
            ownerRef: root
            specDefinition: {podTemplateSpecPath: .spec.c}
          - name: d
            ownerRef: root
            specDefinition: {podTemplateSpecPath: .spec.d}
        """));
    for (String parent : List.of("root", "a", "b", "c", "d", "nobody")) {
      List<ComponentDefinition> expected =
          d.childComponents().stream().filter(c -> parent.equals(c.ownerRef())).toList();
      List<ComponentDefinition> actual = d.childrenOf(parent);
      assertThat(actual).as(parent).isEqualTo(expected);
      assertThatThrownBy(() -> actual.add(expected.isEmpty() ? null : expected.get(0)))
          .as("unmodifiable: %s", parent)
          .isInstanceOf(UnsupportedOperationException.class);
      assertThat(actual.contains(null)).isFalse();
    }
    assertThat(d.childrenOf("root"))
        .extracting(ComponentDefinition::name)
        .containsExactly("a", "c", "d");
    assertThat(d.childrenOf("a")).extracting(ComponentDefinition::name).containsExactly("b");
    assertThat(d.childrenOf("b")).isEmpty();
  }

  @Test
  void timesOneEqualsTheListForEveryWayOfMakingOne() {
    ResourceList a =
        ResourceList.of(Map.of("cpu", new BigDecimal("8.000"), "memory", new BigDecimal("1E+3")));
    ResourceList b = ResourceList.fromJson(TestDefinitions.json(
        "{\"cpu\":\"500m\",\"memory\":\"64Gi\",\"nvidia.com/gpu\":4,\"x/y\":0,\"z/w\":\"0.50\"}"));
    ResourceList c = a.plus(b).with("rdma/hca", new BigDecimal("2.0"));
    ResourceList d = c.times(3).max(a).extended();
    for (ResourceList r : List.of(ResourceList.empty(), a, b, c, d)) {
      assertThat(r.times(1)).as(r.toString()).isEqualTo(r);
      assertThat(r.times(1).asMap()).isEqualTo(r.asMap());
      // scale too: the amounts are the same BigDecimals, not merely compareTo-equal
      r.asMap()
          .forEach((name, amount) ->
              assertThat(r.times(1).asMap().get(name).scale()).isEqualTo(amount.scale()));
    }
  }
}
