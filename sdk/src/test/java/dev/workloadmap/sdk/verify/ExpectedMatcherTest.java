package dev.workloadmap.sdk.verify;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.workloadmap.sdk.validation.Finding;
import dev.workloadmap.sdk.validation.Severity;
import dev.workloadmap.sdk.yaml.YamlDocument;
import dev.workloadmap.sdk.yaml.YamlReader;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The subset comparison of expected.yaml against a tree's JSON form, including the exact line:column of each
 * finding.
 */
class ExpectedMatcherTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  private static final String ACTUAL = """
      {"definition": "trainer", "statuses": ["Running"], "phase": null,
       "total": {"replicas": 4, "resources": {"gpus": 8, "cpuMillis": 1500, "memoryBytes": 0,
                 "extended": {"example.com/fpga": 2}}},
       "root": {"name": "trainer", "podBearing": false,
                "instances": [{"id": "leader", "replicas": 1}, {"id": "worker", "replicas": 3}]}}
      """;

  private static YamlDocument expected(String yaml) {
    return new YamlReader().readAll(yaml, "expected.yaml").get(0);
  }

  private static List<Finding> compare(String expectedYaml) {
    try {
      return ExpectedMatcher.compare(expected(expectedYaml), JSON.readTree(ACTUAL));
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static List<String> lines(List<Finding> findings) {
    return findings.stream()
        .map(f -> f.location().pointer() + ": " + f.message() + " [" + f.ruleId() + "]")
        .toList();
  }

  @Test
  void aSubsetThatAgreesHasNoFindings() {
    assertThat(compare("""
        definition: trainer
        total: {replicas: 4}
        root:
          instances:
            - id: leader
            - {id: worker, replicas: 3}
        """)).isEmpty();
  }

  @Test
  void aProblemMatchesByContainmentBecauseItStartsWithTheDefinitionsPath() throws Exception {
    JsonNode actual = JSON.readTree("""
        {"problems": ["/work/x/definition.yaml:12:7 /spec/a: component 'node': numNodes comes from the runtime"]}
        """);
    assertThat(ExpectedMatcher.compare(
            expected("problems: [\"numNodes comes from the runtime\"]\n"), actual))
        .isEmpty();
    assertThat(lines(ExpectedMatcher.compare(expected("problems: [\"resources\"]\n"), actual)))
        .containsExactly(
            "/problems/0: expected a problem containing \"resources\", actual \"/work/x/definition.yaml:12:7"
                + " /spec/a: component 'node': numNodes comes from the runtime\" [fixture.mismatch]");
    // the list length still counts: a second, unexpected problem is a mismatch
    assertThat(ExpectedMatcher.compare(expected("problems: [a, b]\n"), actual)).hasSize(1);
  }

  @Test
  void emptyExpectationChecksNothing() {
    assertThat(compare("{}\n")).isEmpty();
  }

  @Test
  void scalarMismatchSaysExpectedAndActual() {
    List<Finding> f = compare("total:\n  replicas: 2\n");

    assertThat(lines(f))
        .containsExactly("/total/replicas: expected 2, actual 4 [fixture.mismatch]");
    assertThat(f.get(0).severity()).isEqualTo(Severity.ERROR);
    assertThat(f.get(0).location().file()).isEqualTo("expected.yaml");

    // 2:3 is the "replicas" key
    assertThat(f.get(0).format())
        .startsWith("expected.yaml:2:3 /total/replicas: expected 2, actual 4");
  }

  @Test
  void stringsAreQuotedInMessages() {
    assertThat(lines(compare("definition: jobset\n")))
        .containsExactly("/definition: expected \"jobset\", actual \"trainer\" [fixture.mismatch]");
  }

  @Test
  void numbersCompareByValue() {
    assertThat(compare("total: {replicas: 4.0, resources: {cpuMillis: 1.5e3}}\n"))
        .isEmpty();
  }

  @Test
  void aQuotedNumberIsNotANumber() {
    assertThat(lines(compare("total: {replicas: \"4\"}\n")))
        .containsExactly("/total/replicas: expected \"4\", actual 4 [fixture.mismatch]");
  }

  @Test
  void aBooleanIsNotAString() {
    assertThat(lines(compare("root: {podBearing: \"false\"}\n")))
        .containsExactly("/root/podBearing: expected \"false\", actual false [fixture.mismatch]");
  }

  @Test
  void nullMatchesOnlyNull() {
    assertThat(compare("phase: null\n")).isEmpty();
    assertThat(lines(compare("phase: Running\n")))
        .containsExactly("/phase: expected \"Running\", actual null [fixture.mismatch]");
    assertThat(lines(compare("definition: ~\n")))
        .containsExactly("/definition: expected null, actual \"trainer\" [fixture.mismatch]");
  }

  @Test
  void unknownKeyIsReportedWithDidYouMeanAndTheKnownFields() {
    List<Finding> f = compare("total:\n  replcas: 4\n");

    assertThat(lines(f))
        .containsExactly(
            "/total/replcas: the result has no field \"replcas\"; did you mean \"replicas\"? [fixture.unknown-field]");
    assertThat(f.get(0).hint()).isEqualTo("known fields here: replicas, resources");

    // 2:3 is the "replcas" key
    assertThat(f.get(0).location().line()).isEqualTo(2);
    assertThat(f.get(0).location().column()).isEqualTo(3);
  }

  @Test
  void unknownKeyFarFromAnyFieldHasNoSuggestion() {
    assertThat(lines(compare("zzzzzzzzzz: 1\n")))
        .singleElement()
        .asString()
        .isEqualTo("/zzzzzzzzzz: the result has no field \"zzzzzzzzzz\" [fixture.unknown-field]");
  }

  @Test
  void keysWithSlashesAreEscapedInThePointer() {
    assertThat(compare("total: {resources: {extended: {example.com/fpga: 2}}}\n"))
        .isEmpty();
    assertThat(lines(compare("total: {resources: {extended: {example.com/fpga: 3}}}\n")))
        .containsExactly(
            "/total/resources/extended/example.com~1fpga: expected 3, actual 2 [fixture.mismatch]");
  }

  @Test
  void listsMustHaveTheSameLength() {
    List<Finding> f = compare("""
        root:
          instances:
            - id: leader
        """);

    assertThat(lines(f))
        .containsExactly(
            "/root/instances: expected 1 items, actual 2:"
                + " [{\"id\":\"leader\",\"replicas\":1},{\"id\":\"worker\",\"replicas\":3}] [fixture.mismatch]");

    // 2:3 is the "instances" key
    assertThat(f.get(0).location().position()).isEqualTo("expected.yaml:2:3");
  }

  @Test
  void listItemsAreComparedByIndex() {
    List<Finding> f = compare("""
        root:
          instances:
            - id: worker
            - id: leader
        """);

    assertThat(lines(f))
        .containsExactly(
            "/root/instances/0/id: expected \"worker\", actual \"leader\" [fixture.mismatch]",
            "/root/instances/1/id: expected \"leader\", actual \"worker\" [fixture.mismatch]");

    // 3:7 and 4:7 are the "id" keys inside the items
    assertThat(f)
        .extracting(x -> x.location().position())
        .containsExactly("expected.yaml:3:7", "expected.yaml:4:7");
  }

  @Test
  void shapeMismatchesNameBothSides() {
    assertThat(lines(compare("statuses: {a: 1}\ntotal: [4]\ndefinition: [trainer]\n")))
        .containsExactly(
            "/statuses: expected an object, actual [\"Running\"] [fixture.mismatch]",
            // the actual value is shown as compact JSON with sorted keys
            "/total: expected a list, actual {\"replicas\":4,\"resources\":{\"cpuMillis\":1500,"
                + "\"extended\":{\"example.com/fpga\":2},\"gpus\":8,\"memoryBytes\":0}} [fixture.mismatch]",
            "/definition: expected a list, actual \"trainer\" [fixture.mismatch]");
  }

  @Test
  void aScalarExpectedWhereTheResultHasAnObject() {
    assertThat(lines(compare("total: 4\n")))
        .singleElement()
        .asString()
        .startsWith("/total: expected 4, actual {\"replicas\":4,");
  }

  @Test
  void longActualValuesAreAbbreviated() throws Exception {
    StringBuilder big = new StringBuilder("[");
    for (int i = 0; i < 100; i++) {
      big.append(i == 0 ? "" : ",").append("{\"id\":\"instance-").append(i).append("\"}");
    }
    JsonNode actual = JSON.readTree("{\"items\": " + big + "]}");

    List<Finding> f = ExpectedMatcher.compare(expected("items: []\n"), actual);

    assertThat(f).singleElement().satisfies(x -> {
      assertThat(x.message())
          .startsWith("expected 0 items, actual 100: [{\"id\":\"instance-0\"}")
          .endsWith("...");
      assertThat(x.message().length()).isLessThan(260);
    });
  }

  @Test
  void everyMismatchIsCollectedInDocumentOrder() {
    assertThat(lines(compare("""
        definition: x
        statuses: [Failed]
        total: {replicas: 1, resources: {gpus: 2}}
        """)))
        .extracting(s -> s.substring(0, s.indexOf(':')))
        .containsExactly("/definition", "/statuses/0", "/total/replicas", "/total/resources/gpus");
  }
}
