package dev.workloadmap.sdk.yaml;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link YamlDocument#locateInValue(String, int)}: every char of a string value maps back to where it is written,
 * whatever the scalar style. Each case writes the marker {@code X} once in the source; the marker's offset in the
 * value must map to the marker's line and column in the text.
 */
class YamlValuePositionsTest {

  private static YamlDocument read(String yaml) {
    return new YamlReader().readAll(yaml, "v.yaml").get(0);
  }

  /** 1-based line and column (in code points) of the only {@code X} in {@code yaml}. */
  private static int[] marker(String yaml) {
    int at = yaml.indexOf('X');
    assertThat(yaml.indexOf('X', at + 1)).as("one marker").isEqualTo(-1);
    String before = yaml.substring(0, at).replace("\r\n", "\n");
    int line = (int) before.chars().filter(c -> c == '\n').count() + 1;
    String lastLine = before.substring(before.lastIndexOf('\n') + 1);
    return new int[] {line, lastLine.codePointCount(0, lastLine.length()) + 1};
  }

  private static void assertMarkerMaps(String yaml, String pointer) {
    YamlDocument d = read(yaml);
    String value = d.root().at(pointer).asText();
    SourceLocation at = d.locateInValue(pointer, value.indexOf('X'));
    int[] expected = marker(yaml);
    assertThat(new int[] {at.line(), at.column()})
        .as("%s in %s", value, yaml)
        .containsExactly(expected);
    assertThat(at.pointer()).isEqualTo(pointer);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "a: .spec.x | fooX(1)\n",
        "a:   .spec.x | fooX(1)   # comment\n",
        "top:\n  a: .spec.x\n    | fooX(1)\n    | bar\n",
        "top:\n  a: .spec.x\n\n    | fooX(1)\n",
        "a: '.a == ''b'' | X'\n",
        "a: '.a == ''b''\n  | X'\n",
        "a: \".a == \\\"b\\\" | X\"\n",
        "a: \".a\\t== \\u0041 | X\"\n",
        "a: \".a ==\\\n    1 | X\"\n",
        "a: \".a ==\n    1 | X\"\n",
        "a: |\n  .a\n  | X\n",
        "a: |-\n    .a\n\n    | X\n",
        "a: |+\n  .a\n  | X\n\n",
        "a: >-\n  .a\n  | X\n",
        "a: >-\n  (.spec.suspend == true | not)\n  and ((.status.conditions // []) | any(.type == \"X\"))\nb: 1\n",
        "a: >\n  .a\n\n  | b\n    | X\n",
        "a: >-  # comment\n  .a\n  | X\nb: c\n",
        "a: &anchor .a | X\n",
        "a: !!str .a | X\n",
        "{a: .b | X, c: d}\n",
        "- .a\n- .b | X\n",
        "a: \"\uD83D\uDE00 | X\"\n",
        "a: \uD83D\uDE00 | X\n",
        "a: .spec.x\r\n  | fooX(1)\r\n",
        "a: >-\r\n  .a\r\n  | X\r\n",
      })
  void everyStyleMapsTheMarkerExactly(String yaml) {
    String pointer = yaml.startsWith("top") ? "/top/a" : yaml.startsWith("-") ? "/1" : "/a";
    assertMarkerMaps(yaml, pointer);
  }

  @Test
  void aliasMapsIntoTheAnchoredScalar() {
    String yaml = "a: &anchor .a | X\nb: *anchor\n";
    YamlDocument d = read(yaml);
    SourceLocation at = d.locateInValue("/b", d.root().at("/b").asText().indexOf('X'));
    assertThat(at.line()).isEqualTo(1);
    assertThat(at.column()).isEqualTo(marker(yaml)[1]);
  }

  @Test
  void endOfValueIsJustAfterTheLastChar() {
    YamlDocument d = read("a: .spec.template.[\n");
    SourceLocation at = d.locateInValue("/a", ".spec.template.[".length());
    assertThat(at.line()).isEqualTo(1);
    assertThat(at.column()).isEqualTo(4 + ".spec.template.[".length());
  }

  @Test
  void explicitIndentationFallsBackToTheBlockIndicator() {
    YamlDocument d = read("a: |2\n   .a | X\n");
    SourceLocation at = d.locateInValue("/a", 3);
    assertThat(at.line()).isEqualTo(1);
    assertThat(at.column()).isEqualTo(4);
  }

  @Test
  void nonStringsAndMissingNodesFallBackToTheKey() {
    YamlDocument d = read("x:\n  a: 12\n");
    assertThat(d.locateInValue("/x/a", 0)).isEqualTo(new SourceLocation("v.yaml", 2, 3, "/x/a"));
    assertThat(d.locateInValue("/x/b", 0))
        .isEqualTo(d.locate("/x/b"))
        .isEqualTo(new SourceLocation("v.yaml", 1, 1, "/x/b"));
  }

  @Test
  void aDocumentBuiltWithoutSourcesFallsBackToTheKey() {
    YamlDocument d = read("a: .b | X\n");
    YamlDocument bare =
        new YamlDocument(d.file(), d.index(), d.root(), d.positions(), d.plainScalars());
    assertThat(bare.locateInValue("/a", 7)).isEqualTo(d.locate("/a"));
  }

  @Test
  void laterDocumentsOfAStreamMapToo() {
    String yaml = "a: 1\n---\nb: |\n  first\n  then X\n";
    YamlDocument d = new YamlReader().readAll(yaml, "v.yaml").get(1);
    SourceLocation at = d.locateInValue("/b", d.root().at("/b").asText().indexOf('X'));
    assertThat(new int[] {at.line(), at.column()}).containsExactly(marker(yaml));
  }
}
