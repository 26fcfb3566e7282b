package dev.workloadmap.sdk.yaml;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.NullNode;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The YAML reader: field cases FC-37 to FC-40, keys, merge keys, positions, pointers, streams
 * (docs/format.md#decision-d).
 */
class YamlReaderTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final YamlReader reader = new YamlReader();

  private YamlDocument single(String yaml) {
    List<YamlDocument> docs = reader.readAll(yaml, "test.yaml");
    assertThat(docs).hasSize(1);
    return docs.get(0);
  }

  private static JsonNode json(String text) throws Exception {
    return JSON.readTree(text);
  }

  private static YamlException thrown(Runnable r) {
    try {
      r.run();
    } catch (YamlException e) {
      return e;
    }
    throw new AssertionError("expected a YamlException");
  }

  private static void assertAt(YamlDocument d, String pointer, int line, int column) {
    SourceLocation at = d.positions().get(pointer);
    assertThat(at).as("position of %s", pointer).isNotNull();
    assertThat(at.line() + ":" + at.column())
        .as("position of %s", pointer)
        .isEqualTo(line + ":" + column);
    assertThat(at.pointer()).isEqualTo(pointer);
    assertThat(at.file()).isEqualTo(d.file());
  }

  // ---- FC-37
  // -------------------------------------------------------------------------------------------------

  @Test
  void fc37_unquotedYesIsBooleanTrueWithItsOriginalText() {
    YamlDocument d = single(
        "podSelector:\n"
            + "  componentTypeSelector: {keyPath: '.metadata.labels[\"example.com/role\"]', value: yes}\n");
    JsonNode value = d.root().at("/podSelector/componentTypeSelector/value");
    assertThat(value.isBoolean()).isTrue();
    assertThat(value.booleanValue()).isTrue();
    assertThat(d.plainScalarText("/podSelector/componentTypeSelector/value")).contains("yes");
    assertThat(d.root().at("/podSelector/componentTypeSelector/keyPath").textValue())
        .isEqualTo(".metadata.labels[\"example.com/role\"]");
    assertThat(d.plainScalarText("/podSelector/componentTypeSelector/keyPath")).isEmpty();
  }

  @Test
  void fc37_quotedYesStaysAString() {
    YamlDocument d =
        single("podSelector:\n  componentTypeSelector: {keyPath: .x, value: \"yes\"}\n");
    JsonNode value = d.root().at("/podSelector/componentTypeSelector/value");
    assertThat(value.isTextual()).isTrue();
    assertThat(value.textValue()).isEqualTo("yes");
    assertThat(d.plainScalars()).doesNotContainKey("/podSelector/componentTypeSelector/value");
  }

  @Test
  void fc37_plainKeysTakeTheirGoYamlToJsonText() {
    YamlDocument d = single("on: a\n"
        + "NO: b\n"
        + "1: c\n"
        + "~: d\n"
        + "0x10: e\n"
        + "010: f\n"
        + "1e3: g\n"
        + "1.5: h\n"
        + "1e6: i\n"
        + "0.00001: j\n"
        + "'on': k\n"
        + "!!str yes: l\n"
        + "!!int '7': m\n"
        + "1:30: n\n"
        + ".inf: o\n");
    assertThat(fieldNames(d.root()))
        .containsExactly(
            "true", "false", "1", "null", "16", "8", "1000", "1.5", "1e+06", "1e-05", "on", "yes",
            "7", "1:30", "+Inf");
    assertThat(d.root().get("true").textValue()).isEqualTo("a");
    assertAt(d, "/16", 5, 1);
  }

  @Test
  void fc37_keysThatResolveToTheSameTextAreDuplicates() {
    YamlException e = thrown(() -> reader.readAll("yes: 1\non: 2\n", "k.yaml"));
    assertThat(e.getMessage())
        .isEqualTo(
            "duplicate key \"true\" (first defined at line 1, column 1; YAML 1.1 reads yes and on as the key"
                + " \"true\")");
    assertThat(e.location().orElseThrow()).isEqualTo(new SourceLocation("k.yaml", 2, 1, "/true"));
  }

  // ---- FC-38
  // -------------------------------------------------------------------------------------------------

  @Test
  void fc38_aliasesAndMergeKeysAreResolved() throws Exception {
    YamlDocument d =
        single("base: &b {a: 1, b: 2}\nderived: {<<: *b, b: 3}\nlist: &l [1, 2]\ncopy: *l\n");
    assertThat(d.root())
        .isEqualTo(
            json(
                "{\"base\":{\"a\":1,\"b\":2},\"derived\":{\"a\":1,\"b\":3},\"list\":[1,2],\"copy\":[1,2]}"));
  }

  @Test
  void fc38_nestedAnchorsAreExpanded() throws Exception {
    YamlDocument d = single("a: &a [x,y]\nb: &b [*a,*a]\nc: [*b,*b]\n");
    // y is a YAML 1.1 boolean (docs/format.md#decision-d), so the leaves are "x" and true.
    assertThat(d.root().get("c"))
        .isEqualTo(json("[[[\"x\",true],[\"x\",true]],[[\"x\",true],[\"x\",true]]]"));
    assertThat(d.plainScalars()).containsEntry("/c/1/0/1", "y");

    YamlDocument strings = single("a: &a [x,z]\nb: &b [*a,*a]\nc: [*b,*b]\n");
    assertThat(strings.root())
        .isEqualTo(json("{\"a\":[\"x\",\"z\"],\"b\":[[\"x\",\"z\"],[\"x\",\"z\"]],"
            + "\"c\":[[[\"x\",\"z\"],[\"x\",\"z\"]],[[\"x\",\"z\"],[\"x\",\"z\"]]]}"));
  }

  @Test
  void fc38_nestedMergesAreApplied() throws Exception {
    YamlDocument d = single("a: &a {k: v}\nb: &b {<<: *a, m: n}\nc: {<<: *b, z: 1}\n");
    // n is a YAML 1.1 boolean (false).
    assertThat(d.root())
        .isEqualTo(
            json(
                "{\"a\":{\"k\":\"v\"},\"b\":{\"k\":\"v\",\"m\":false},\"c\":{\"k\":\"v\",\"m\":false,\"z\":1}}"));

    YamlDocument strings = single("a: &a {k: v}\nb: &b {<<: *a, m: mm}\nc: {<<: *b, z: 1}\n");
    assertThat(strings.root().get("c")).isEqualTo(json("{\"k\":\"v\",\"m\":\"mm\",\"z\":1}"));
  }

  @Test
  void fc38_explicitKeysWinWhereverTheMergeKeyIs() throws Exception {
    YamlDocument d = single("base: &b {a: 1, b: 2}\nd1: {b: 3, <<: *b}\nd2: {<<: *b, b: 3}\n");
    assertThat(d.root().get("d1")).isEqualTo(json("{\"b\":3,\"a\":1}"));
    assertThat(d.root().get("d2")).isEqualTo(json("{\"a\":1,\"b\":3}"));
    assertThat(fieldNames(d.root().get("d2"))).containsExactly("a", "b");
  }

  @Test
  void fc38_earlierMapsInAMergeSequenceWin() throws Exception {
    YamlDocument d =
        single("one: &one {a: 1, b: 1}\ntwo: &two {b: 2, c: 2}\nm: {<<: [*one, *two], c: 3}\n");
    assertThat(d.root().get("m")).isEqualTo(json("{\"a\":1,\"b\":1,\"c\":3}"));
  }

  @Test
  void fc38_inlineMergeSourcesAndBlockStyleWork() throws Exception {
    YamlDocument d = single("defaults: &defaults\n"
        + "  adapter: postgres\n"
        + "  host: localhost\n"
        + "development:\n"
        + "  database: dev\n"
        + "  <<: *defaults\n"
        + "inline:\n"
        + "  <<: {x: 1}\n"
        + "  z: 2\n");
    assertThat(d.root().get("development"))
        .isEqualTo(json("{\"database\":\"dev\",\"adapter\":\"postgres\",\"host\":\"localhost\"}"));
    assertThat(d.root().get("inline")).isEqualTo(json("{\"x\":1,\"z\":2}"));
    // A merged entry is placed where its key is written in the anchored mapping.
    assertAt(d, "/development/host", 3, 3);
    assertAt(d, "/development/database", 5, 3);
  }

  @Test
  void fc38_keysFromAMergeDoNotCountAsDuplicatesButExplicitOnesDo() {
    YamlDocument d = single("b: &b {a: 1}\nm: {<<: *b, a: 2}\n");
    assertThat(d.root().at("/m/a").intValue()).isEqualTo(2);
    assertThat(d.plainScalars()).containsEntry("/m/a", "2");

    YamlException e =
        thrown(() -> reader.readAll("b: &b {a: 1}\nm: {<<: *b, a: 2, a: 3}\n", "m.yaml"));
    assertThat(e.getMessage())
        .isEqualTo("duplicate key \"a\" (first defined at line 2, column 13)");
    assertThat(e.location().orElseThrow()).isEqualTo(new SourceLocation("m.yaml", 2, 19, "/m/a"));
  }

  @Test
  void fc38_quotedMergeKeyIsAnOrdinaryKey() {
    YamlDocument d = single("a: {'<<': x}\nb: <<\n");
    assertThat(d.root().at("/a/<<").textValue()).isEqualTo("x");
    assertThat(d.root().get("b").textValue()).isEqualTo("<<");
  }

  @Test
  void fc38_mergeOfAScalarIsAnError() {
    YamlException e = thrown(() -> reader.readAll("a:\n  <<: 1\n", "m.yaml"));
    assertThat(e.getMessage())
        .startsWith("the merge key << needs a mapping or a sequence of mappings");
    assertThat(e.location().orElseThrow()).isEqualTo(new SourceLocation("m.yaml", 2, 3, "/a"));

    YamlException inSeq = thrown(() -> reader.readAll("x: &x [1]\na: {<<: [*x]}\n", "m.yaml"));
    assertThat(inSeq.getMessage()).startsWith("item 0 of the merge key << is a sequence");
  }

  @Test
  void fc38_recursiveStructuresAreRejected() {
    YamlException seq = thrown(() -> reader.readAll("a: &a [1, *a]\n", "r.yaml"));
    assertThat(seq.getMessage())
        .isEqualTo(
            "recursive alias: the sequence defined at line 1, column 4 (anchor &a) contains an alias to itself,"
                + " which JSON cannot represent; remove the alias");
    assertThat(seq.location().orElseThrow().pointer()).isEqualTo("/a/1");

    YamlException map = thrown(() -> reader.readAll("a: &a\n  b:\n    c: *a\n", "r.yaml"));
    assertThat(map.getMessage())
        .startsWith("recursive alias: the mapping defined at line 1, column 4 (anchor &a)");
    assertThat(map.location().orElseThrow())
        .isEqualTo(new SourceLocation("r.yaml", 3, 5, "/a/b/c"));

    YamlException merge = thrown(() -> reader.readAll("a: &a {b: 1, <<: *a}\n", "r.yaml"));
    assertThat(merge.getMessage()).startsWith("recursive alias");
    assertThat(merge.location().orElseThrow()).isEqualTo(new SourceLocation("r.yaml", 1, 14, "/a"));
  }

  // ---- FC-39 and streams
  // -------------------------------------------------------------------------------------

  @Test
  void fc39_everyDocumentOfAStreamIsRead() {
    List<YamlDocument> docs = reader.readAll(
        "kind: Karta\nmetadata: {name: a}\n---\nkind: Karta\nmetadata: {name: b}\n", "two.yaml");
    assertThat(docs).hasSize(2);
    assertThat(docs).extracting(YamlDocument::index).containsExactly(0, 1);
    assertThat(docs)
        .extracting(d -> d.root().at("/metadata/name").textValue())
        .containsExactly("a", "b");
    assertThat(docs).extracting(YamlDocument::kind).containsExactly("Karta", "Karta");
    assertAt(docs.get(1), "", 4, 1);
    assertAt(docs.get(1), "/metadata/name", 5, 12);
  }

  @Test
  void emptyDocumentsAreKeptWithANullRoot() {
    List<YamlDocument> docs = reader.readAll("---\n---\na: 1\n---\n# only a comment\n", "e.yaml");
    assertThat(docs).hasSize(3);
    assertThat(docs.get(0).root()).isEqualTo(NullNode.getInstance());
    assertThat(docs.get(1).root().get("a").intValue()).isEqualTo(1);
    assertThat(docs.get(2).root().isNull()).isTrue();
    assertThat(docs).extracting(YamlDocument::index).containsExactly(0, 1, 2);
    assertThat(docs.get(0).kind()).isEmpty();
  }

  @Test
  void anEmptyStreamHasNoDocuments() {
    assertThat(reader.readAll("", "e.yaml")).isEmpty();
    assertThat(reader.readAll("# nothing here\n\n", "e.yaml")).isEmpty();
  }

  @Test
  void jsonInputIsReadAsYaml() throws Exception {
    String text =
        "{\n  \"kind\": \"Karta\",\n  \"spec\": {\"n\": 1.5, \"b\": true, \"s\": \"yes\", \"z\": null,"
            + " \"l\": [1, \"2\"]}\n}\n";
    YamlDocument d = single(text);
    assertThat(d.root()).isEqualTo(JSON.readTree(text));
    assertThat(d.plainScalars()).containsOnlyKeys("/spec/n", "/spec/b", "/spec/z", "/spec/l/0");
    assertAt(d, "/kind", 2, 3);
    assertAt(d, "/spec/l/1", 3, 65);
  }

  @Test
  void aReaderCanBeReadToo() {
    List<YamlDocument> docs = reader.readAll(new StringReader("a: 1\n---\nb: 2\n"), "r.yaml");
    assertThat(docs).hasSize(2);
    assertThat(docs.get(1).root().get("b").intValue()).isEqualTo(2);
  }

  // ---- FC-40
  // -------------------------------------------------------------------------------------------------

  @Test
  void fc40_versionAndIndexStringsThatLookLikeNumbers() {
    YamlDocument d = single("rayVersion: 2.10\nindex: 010\nwindow: 1:30\nscale: 1e3\n");
    JsonNode r = d.root();
    assertThat(r.get("rayVersion").isNumber()).isTrue();
    assertThat(r.get("rayVersion").doubleValue()).isEqualTo(2.1);
    assertThat(d.plainScalarText("/rayVersion")).contains("2.10");
    assertThat(r.get("index").isIntegralNumber()).isTrue();
    assertThat(r.get("index").intValue()).isEqualTo(8);
    assertThat(d.plainScalarText("/index")).contains("010");
    assertThat(r.get("window").textValue()).isEqualTo("1:30");
    assertThat(d.plainScalarText("/window")).isEmpty();
    assertThat(r.get("scale").isNumber()).isTrue();
    assertThat(r.get("scale").doubleValue()).isEqualTo(1000.0);
    assertThat(d.plainScalarText("/scale")).contains("1e3");
  }

  // ---- positions and pointers
  // --------------------------------------------------------------------------------

  @Test
  void positionsOfNestedKeysAndListItemsAreExact() {
    YamlDocument d = single("# a comment\n"
        + "apiVersion: v1\n"
        + "spec:\n"
        + "  containers:\n"
        + "    - name: main\n"
        + "      image: x\n"
        + "    -   name: side\n"
        + "  ports: [80, 443]\n"
        + "  args:\n"
        + "  - one\n"
        + "  -\n"
        + "    - nested\n"
        + "  env:\n"
        + "    A:\n"
        + "      value: \"1\"\n");
    assertAt(d, "", 2, 1);
    assertAt(d, "/apiVersion", 2, 1);
    assertAt(d, "/spec", 3, 1);
    assertAt(d, "/spec/containers", 4, 3);
    assertAt(d, "/spec/containers/0", 5, 7);
    assertAt(d, "/spec/containers/0/name", 5, 7);
    assertAt(d, "/spec/containers/0/image", 6, 7);
    assertAt(d, "/spec/containers/1", 7, 9);
    assertAt(d, "/spec/containers/1/name", 7, 9);
    assertAt(d, "/spec/ports", 8, 3);
    assertAt(d, "/spec/ports/0", 8, 11);
    assertAt(d, "/spec/ports/1", 8, 15);
    assertAt(d, "/spec/args/0", 10, 5);
    assertAt(d, "/spec/args/1", 12, 5);
    assertAt(d, "/spec/args/1/0", 12, 7);
    assertAt(d, "/spec/env/A/value", 15, 7);
    assertThat(d.positions()).hasSize(19);
    // A pointer without a node of its own is located at its nearest ancestor.
    assertThat(d.locate("/spec/containers/0/resources"))
        .isEqualTo(new SourceLocation("test.yaml", 5, 7, "/spec/containers/0/resources"));
  }

  @Test
  void theRootOfAnExplicitDocumentIsItsFirstNode() {
    YamlDocument d = single("--- \n\n  key: 1\n");
    assertAt(d, "", 3, 3);
    assertAt(d, "/key", 3, 3);
  }

  @Test
  void columnsCountCodePoints() {
    YamlDocument d = single("\uD83D\uDE00: [x, \"\u00e9\", y2]\n");
    assertAt(d, "/\uD83D\uDE00", 1, 1);
    assertAt(d, "/\uD83D\uDE00/2", 1, 13);
  }

  @Test
  void pointersEscapeTildeAndSlash() {
    YamlDocument d = single("\"a/b\":\n  \"c~d\": 1\n  \"~1\": 2\n  \"\": 3\n");
    assertThat(d.positions()).containsKeys("/a~1b", "/a~1b/c~0d", "/a~1b/~01", "/a~1b/");
    assertAt(d, "/a~1b/c~0d", 2, 3);
    assertThat(d.root().at("/a~1b/c~0d").intValue()).isEqualTo(1);
    assertThat(d.root().at("/a~1b/~01").intValue()).isEqualTo(2);
    assertThat(d.plainScalars()).containsEntry("/a~1b/c~0d", "1");
  }

  @Test
  void nodesFromAnAliasArePlacedAtTheAnchoredOriginalAndEntriesAtTheirKey() {
    YamlDocument d = single("base: &b\n  x: 1\nlist:\n  - *b\ncopy: *b\n");
    assertAt(d, "/copy", 5, 1);
    assertAt(d, "/copy/x", 2, 3);
    // An anchored node starts at its anchor.
    assertAt(d, "/list/0", 1, 7);
    assertAt(d, "/list/0/x", 2, 3);
  }

  // ---- duplicate keys
  // -----------------------------------------------------------------------------------------

  @Test
  void duplicateKeysAreReportedAtTheSecondKey() {
    YamlException e = thrown(() -> reader.readAll("spec:\n  a: 1\n  b: 2\n  a: 3\n", "dup.yaml"));
    assertThat(e.getMessage()).isEqualTo("duplicate key \"a\" (first defined at line 2, column 3)");
    assertThat(e.location().orElseThrow())
        .isEqualTo(new SourceLocation("dup.yaml", 4, 3, "/spec/a"));
    assertThat(e.describe())
        .isEqualTo("dup.yaml:4:3 /spec/a: duplicate key \"a\" (first defined at line 2, column 3)");
  }

  @Test
  void duplicateKeysInFlowMappingsAndLaterDocumentsAreFound() {
    YamlException e = thrown(() -> reader.readAll("a: 1\n---\nx: {k: 1, k: 2}\n", "dup.yaml"));
    assertThat(e.getMessage()).isEqualTo("duplicate key \"k\" (first defined at line 3, column 5)");
    assertThat(e.location().orElseThrow()).isEqualTo(new SourceLocation("dup.yaml", 3, 11, "/x/k"));
  }

  @Test
  void complexKeysAreRejected() {
    YamlException e = thrown(() -> reader.readAll("? [a, b]\n: 1\n", "c.yaml"));
    assertThat(e.getMessage())
        .isEqualTo(
            "a mapping key must be a scalar, not a sequence; JSON objects only have string keys");
    assertThat(e.location().orElseThrow()).isEqualTo(new SourceLocation("c.yaml", 1, 3, ""));
  }

  private static List<String> fieldNames(JsonNode n) {
    List<String> names = new java.util.ArrayList<>();
    n.fieldNames().forEachRemaining(names::add);
    return names;
  }
}
