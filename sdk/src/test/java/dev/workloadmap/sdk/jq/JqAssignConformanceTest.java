package dev.workloadmap.sdk.jq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.workloadmap.sdk.spi.JqEngine;
import dev.workloadmap.sdk.testing.Json;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Conformance cases JA-01..JA-07 and JZ-01..JZ-05 (conformance-cases.md §3, docs/format.md#writes): Assign and
 * AssignZip.
 */
class JqAssignConformanceTest {

  private final JqEngine engine = Jq.defaultEngine();

  private static String json(JsonNode n) {
    return JqValues.toCompactJson(n);
  }

  private JsonNode assign(String path, String input, String value) {
    return engine.assign(path, Json.parse(input), Json.parse(value));
  }

  @Test
  void ja01_assignsAField() {
    assertThat(json(assign(".name", "{\"name\":\"original\"}", "\"updated\"")))
        .isEqualTo("{\"name\":\"updated\"}");
  }

  @Test
  void ja02_nestedAssignmentKeepsSiblings() {
    JsonNode out = assign(
        ".metadata.name",
        "{\"metadata\":{\"name\":\"a\",\"namespace\":\"ns\"},\"kind\":\"X\"}",
        "\"b\"");
    assertThat(json(out))
        .isEqualTo("{\"kind\":\"X\",\"metadata\":{\"name\":\"b\",\"namespace\":\"ns\"}}");
  }

  @Test
  void ja03_alternativeWritesToThePrimaryWhenItExists() {
    JsonNode out =
        assign(".primary // .fallback", "{\"primary\":\"p\",\"fallback\":\"f\"}", "\"updated\"");
    assertThat(json(out)).isEqualTo("{\"fallback\":\"f\",\"primary\":\"updated\"}");
  }

  @Test
  void ja03_alternativeWritesToTheFallbackWhenThePrimaryIsMissing() {
    JsonNode out = assign(".primary // .fallback", "{\"fallback\":\"f\"}", "\"updated\"");
    assertThat(json(out)).isEqualTo("{\"fallback\":\"updated\"}");
  }

  @Test
  void ja03_alternativeWithALiteralCannotBeAssigned() {
    assertThatThrownBy(() -> assign(".primary // 1", "{}", "\"updated\""))
        .isInstanceOf(JqEvaluationException.class)
        .hasMessageStartingWith("JQ execution error for expression '.primary // 1': ");
  }

  @Test
  void ja04_assignsThroughAPipe() {
    JsonNode out = assign(
        ".items[1] | .name",
        "{\"items\":[{\"name\":\"a\"},{\"name\":\"b\"},{\"name\":\"c\"}]}",
        "\"updated\"");
    assertThat(json(out))
        .isEqualTo("{\"items\":[{\"name\":\"a\"},{\"name\":\"updated\"},{\"name\":\"c\"}]}");
  }

  @Test
  void ja05_replacesAWholeObject() {
    String value = "{\"replicas\":3,\"template\":{\"spec\":{\"containers\":[]}}}";
    JsonNode out =
        assign(".spec", "{\"spec\":{\"replicas\":1,\"paused\":true},\"kind\":\"X\"}", value);
    assertThat(out.get("spec")).isEqualTo(Json.parse(value));
    assertThat(out.get("kind").textValue()).isEqualTo("X");
  }

  @Test
  void ja06_createsMissingPathsAndParents() {
    assertThat(json(assign(".newField", "{\"a\":1}", "\"v\"")))
        .isEqualTo("{\"a\":1,\"newField\":\"v\"}");
    assertThat(json(assign(".a.b.c.d.e", "{}", "1")))
        .isEqualTo("{\"a\":{\"b\":{\"c\":{\"d\":{\"e\":1}}}}}");
    assertThat(json(assign(".metadata.labels.app", "{\"metadata\":{\"name\":\"n\"}}", "\"web\"")))
        .isEqualTo("{\"metadata\":{\"labels\":{\"app\":\"web\"},\"name\":\"n\"}}");
  }

  @Test
  void ja07_syntaxErrorIsAParseException() {
    assertThatThrownBy(() -> assign(".invalid[[[", "{}", "1"))
        .isInstanceOf(JqParseException.class)
        .hasMessage(
            "failed to parse JQ expression '.invalid[[[': unexpected end of expression at line 1, column 12");
  }

  @Test
  void assignWritesEverySelectedPath() {
    JsonNode out = engine.assign(
        ".spec.replicatedJobs[].template.spec.template.spec.schedulerName",
        Json.parse(
            "{\"spec\":{\"replicatedJobs\":[{\"template\":{}},{\"template\":{\"spec\":{}}}]}}"),
        TextNode.valueOf("kai"));
    assertThat(out.at("/spec/replicatedJobs/0/template/spec/template/spec/schedulerName")
            .textValue())
        .isEqualTo("kai");
    assertThat(out.at("/spec/replicatedJobs/1/template/spec/template/spec/schedulerName")
            .textValue())
        .isEqualTo("kai");
  }

  @Test
  void assignThroughOptionalIterationOnAMissingArrayChangesNothing() {
    JsonNode input = Json.parse("{\"a\":1}");
    assertThat(engine.assign(".items[]?.name", input, TextNode.valueOf("x"))).isEqualTo(input);
  }

  @Test
  void inputIsNotModifiedAndResultSharesNothingWithIt() {
    ObjectNode input =
        (ObjectNode) Json.parse("{\"metadata\":{\"name\":\"a\"},\"spec\":{\"x\":[1,2]}}");
    String before = input.toString();
    ObjectNode value = (ObjectNode) Json.parse("{\"k\":\"v\"}");
    JsonNode out = engine.assign(".metadata.annotations", input, value);
    assertThat(input.toString()).isEqualTo(before);
    ((ObjectNode) out.get("spec")).put("changed", true);
    value.put("k", "changed later");
    assertThat(input.toString()).isEqualTo(before);
    assertThat(out.at("/metadata/annotations/k").textValue()).isEqualTo("v");
  }

  @Test
  void assignKeepsTheCallersKeyOrderAndNumbers() {
    JsonNode out = assign(".spec.replicas", "{\"spec\":{\"z\":1.0,\"replicas\":1,\"a\":2}}", "3");
    // written exactly as given, not re-sorted or normalised (docs/format.md#writes)
    assertThat(out.toString()).isEqualTo("{\"spec\":{\"z\":1.0,\"replicas\":3,\"a\":2}}");
  }

  @Test
  void javaNullValueIsWrittenAsJsonNull() {
    JsonNode out = engine.assign(".a", Json.parse("{\"a\":1}"), null);
    assertThat(json(out)).isEqualTo("{\"a\":null}");
  }

  @Test
  void jz01_onlyTheSelectedItemChanges() {
    JsonNode out = engine.assignZip(
        ".items[] | select(.id == 1) | .name",
        Json.parse("{\"items\":[{\"id\":1,\"name\":\"first\"},{\"id\":2,\"name\":\"second\"}]}"),
        List.of(TextNode.valueOf("updated")));
    assertThat(json(out))
        .isEqualTo("{\"items\":[{\"id\":1,\"name\":\"updated\"},{\"id\":2,\"name\":\"second\"}]}");
  }

  @Test
  void jz02_replacesEachItem() {
    JsonNode out = engine.assignZip(
        ".items[]",
        Json.parse("{\"items\":[\"a\",\"b\",\"c\"]}"),
        values("\"d\"", "\"e\"", "\"f\""));
    assertThat(json(out)).isEqualTo("{\"items\":[\"d\",\"e\",\"f\"]}");
  }

  @Test
  void jz03_setsAFieldOfEachItem() {
    JsonNode out = engine.assignZip(
        ".items[] | .name",
        Json.parse("{\"items\":[{\"name\":\"a\"},{\"name\":\"b\"},{\"name\":\"c\"}]}"),
        values("\"d\"", "\"e\"", "\"f\""));
    assertThat(json(out))
        .isEqualTo("{\"items\":[{\"name\":\"d\"},{\"name\":\"e\"},{\"name\":\"f\"}]}");
  }

  @Test
  void jz04_nullsAreWritten() {
    JsonNode out = engine.assignZip(
        ".items[] | .value",
        Json.parse(
            "{\"items\":[{\"name\":\"a\"},{\"name\":\"b\",\"value\":1},{\"name\":\"c\",\"value\":2}]}"),
        Arrays.asList(Json.parse("null"), Json.parse("3"), null));
    assertThat(json(out))
        .isEqualTo(
            "{\"items\":[{\"name\":\"a\",\"value\":null},{\"name\":\"b\",\"value\":3},{\"name\":\"c\",\"value\":null}]}");
  }

  @Test
  void jz05_lengthMismatchIsAnError() {
    assertThatThrownBy(() -> engine.assignZip(
            ".items[]", Json.parse("{\"items\":[\"a\",\"b\",\"c\"]}"), values("\"d\"", "\"e\"")))
        .isInstanceOf(JqEvaluationException.class)
        .hasMessage(
            "JQ execution error for expression '.items[]': array length mismatch: expected 3 values but got 2");
  }

  @Test
  void assignZipPairsMapKeyedInstancesInSortedKeyOrder() {
    // the instance ids of a map-keyed component come from `to_entries[] | .key`, sorted; the paths
    // must match
    JsonNode input = Json.parse("{\"spec\":{\"services\":{\"web\":{},\"api\":{},\"db\":{}}}}");
    JsonNode out = engine.assignZip(".spec.services[] | .replicas", input, values("1", "2", "3"));
    assertThat(json(out))
        .isEqualTo(
            "{\"spec\":{\"services\":{\"api\":{\"replicas\":1},\"db\":{\"replicas\":2},\"web\":{\"replicas\":3}}}}");
    // and the caller's own key order survives
    assertThat(out.get("spec").get("services").fieldNames())
        .toIterable()
        .containsExactly("web", "api", "db");
  }

  @Test
  void assignZipWithATrailingCommentInThePath() {
    JsonNode out =
        engine.assignZip(".items[] # every item", Json.parse("{\"items\":[1]}"), values("2"));
    assertThat(json(out)).isEqualTo("{\"items\":[2]}");
  }

  private static List<JsonNode> values(String... json) {
    return Arrays.stream(json).map(Json::parse).toList();
  }
}
