package dev.workloadmap.sdk.yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Syntax errors, file errors and the limits of the YAML reader: every one a one-line message with a location. */
class YamlReaderErrorsTest {

  private final YamlReader reader = new YamlReader();

  private static YamlException thrown(Runnable r) {
    try {
      r.run();
    } catch (YamlException e) {
      assertOneLine(e);
      return e;
    }
    throw new AssertionError("expected a YamlException");
  }

  private static void assertOneLine(YamlException e) {
    assertThat(e.getMessage())
        .doesNotContain("\n")
        .doesNotContain("^")
        .doesNotContain("in 'reader'");
    assertThat(e.location()).isPresent();
  }

  private YamlException error(String yaml) {
    return thrown(() -> reader.readAll(yaml, "bad.yaml"));
  }

  private static String at(YamlException e) {
    SourceLocation l = e.location().orElseThrow();
    return l.line() + ":" + l.column();
  }

  // ---- syntax
  // ------------------------------------------------------------------------------------------------

  @Test
  void anEscapeWithoutItsHexDigitsIsAYamlErrorNotACrash() {
    // found by the fuzz run fuzz-yaml-reader: at the end of the text SnakeYAML's scanner threw
    // NumberFormatException for an escape without digits
    for (String text : new String[] {"a: \"\\x", "a:\n  - {b: \"\\u", "x: 1\n---\nb: \"\\U"}) {
      assertThatThrownBy(() -> new YamlReader().readAll(text, "f.yaml"))
          .as(text)
          .isInstanceOf(YamlException.class)
          .hasMessageContaining("escape without its hexadecimal digits");
    }
    // with a character after it, SnakeYAML's own error stays
    assertThatThrownBy(() -> new YamlReader().readAll("a: \"\\x\"\n", "f.yaml"))
        .isInstanceOf(YamlException.class)
        .hasMessageContaining("expected escape sequence");
  }

  @Test
  void badIndentationNamesTheLineAndTheEnclosingMapping() {
    YamlException e = error("metadata:\n  name: a\n namespace: b\n");
    assertThat(at(e)).isEqualTo("3:2");
    assertThat(e.getMessage())
        .isEqualTo(
            "bad indentation: the start of a new mapping does not fit in the block mapping that starts at line 1,"
                + " column 1; check the indentation");
    assertThat(e.describe()).startsWith("bad.yaml:3:2: bad indentation");
  }

  @Test
  void aKeyAfterASequenceAtTheSameLevelIsBadIndentation() {
    YamlException e = error("- a\n- b\nother: 1\n");
    assertThat(at(e)).isEqualTo("3:1");
    assertThat(e.getMessage())
        .isEqualTo(
            "bad indentation: a mapping key does not fit in the block sequence that starts at line 1, column 1;"
                + " check the indentation");
  }

  @Test
  void mappingValuesInAPlainValueAskToQuote() {
    YamlException e = error("spec:\n  command: echo a: b\n");
    assertThat(at(e)).isEqualTo("2:18");
    assertThat(e.getMessage())
        .isEqualTo(
            "mapping values are not allowed here; check the indentation, or quote the value if it contains ': '");
  }

  @Test
  void aSequenceItemAfterAKeyOnTheSameLineAsksToQuote() {
    YamlException e = error("args: - x\n");
    assertThat(at(e)).isEqualTo("1:7");
    assertThat(e.getMessage())
        .isEqualTo(
            "a sequence item ('- ') is not allowed here; check the indentation, or quote the value");
  }

  @Test
  void anUnclosedQuoteIsReportedWhereItOpens() {
    YamlException e = error("a: 1\nb: 'unclosed\nc: 2\n");
    assertThat(at(e)).isEqualTo("2:4");
    assertThat(e.getMessage())
        .isEqualTo(
            "this quoted value is never closed (the file ends at line 4, column 1); add the closing quote");

    YamlException dq = error("a: \"unclosed\n---\nb: 1\n");
    assertThat(at(dq)).isEqualTo("1:4");
    assertThat(dq.getMessage())
        .startsWith("this quoted value is never closed (a document separator comes at line 2");
  }

  @Test
  void tabsForIndentationAreExplained() {
    YamlException e = error("a:\n\tb: 1\n");
    assertThat(at(e)).isEqualTo("2:1");
    assertThat(e.getMessage())
        .isEqualTo(
            "a tab character cannot be used for indentation or to start a value; indent with spaces");
  }

  @Test
  void reservedCharactersAskToQuote() {
    YamlException e = error("a: @handle\n");
    assertThat(at(e)).isEqualTo("1:4");
    assertThat(e.getMessage())
        .isEqualTo("the character '@' cannot start a plain value; quote the value");
  }

  @Test
  void unclosedFlowCollectionsNameTheirStart() {
    YamlException e = error("a: [1, 2\nb: 3\n");
    assertThat(e.getMessage())
        .contains("in the flow sequence [...] that starts at line 1, column 4");
    YamlException m = error("a: {x: 1\n");
    assertThat(at(m)).isEqualTo("2:1");
    assertThat(m.getMessage())
        .isEqualTo(
            "expected ',' or '}' in the flow mapping {...} that starts at line 1, column 4, but found the end of the"
                + " file; add the missing comma or closing bracket");
  }

  @Test
  void undefinedAliasesAndBadEscapesAreExplained() {
    YamlException alias = error("a: 1\nb: *missing\n");
    assertThat(at(alias)).isEqualTo("2:4");
    assertThat(alias.getMessage())
        .isEqualTo(
            "undefined alias *missing: no anchor &missing is defined before this point in the document; define the"
                + " anchor before using it");
    YamlException escape = error("a: \"\\q\"\n");
    assertThat(at(escape)).isEqualTo("1:6");
    assertThat(escape.getMessage()).startsWith("unknown escape sequence in a double-quoted string");
  }

  @Test
  void anchorsDoNotCrossDocuments() {
    YamlException e = error("a: &x 1\n---\nb: *x\n");
    assertThat(at(e)).isEqualTo("3:4");
    assertThat(e.getMessage()).startsWith("undefined alias *x");
  }

  @Test
  void unprintableCharactersAreLocated() {
    YamlException e = error("a: 1\r\nb: x\u0001y\n");
    assertThat(at(e)).isEqualTo("2:5");
    assertThat(e.getMessage()).startsWith("the character U+0001 is not allowed in YAML");
  }

  static Stream<Arguments> otherSyntaxErrors() {
    return Stream.of(
        Arguments.of(
            "a: 'x' y\n",
            "1:8",
            "unexpected value here, inside the block mapping that starts at line 1, column 1; if it continues the value"
                + " before it, quote the whole value, otherwise check the indentation"),
        Arguments.of(
            "a: [b, c]]\n",
            "1:10",
            "unexpected ']' here, inside the block mapping that starts at line 1, column 1; check for an unmatched"
                + " bracket, or quote the value"),
        Arguments.of("a: }\n", "1:4", "'}' cannot start a value here; quote the value"),
        Arguments.of(
            "a: b\n...\nc\n",
            "3:1",
            "expected a document separator (---), but found a value; check the YAML syntax here"),
        Arguments.of(
            "%YAML 1.1\n%YAML 1.1\n---\na: 1\n",
            "2:1", "found duplicate YAML directive; check the YAML syntax here"),
        Arguments.of(
            "a: \"\uFFFE\"\n",
            "1:5",
            "the character U+FFFE is not allowed in YAML (only printable characters are); remove it, or write it as the"
                + " escape \\uFFFE inside a double-quoted string"));
  }

  @ParameterizedTest
  @MethodSource("otherSyntaxErrors")
  void otherSyntaxErrorsAreOneLineWithAPosition(String yaml, String position, String message) {
    YamlException e = error(yaml);
    assertThat(at(e)).isEqualTo(position);
    assertThat(e.getMessage()).isEqualTo(message);
  }

  // ---- files
  // -------------------------------------------------------------------------------------------------

  @Test
  void aMissingFileIsAClearError(@TempDir Path dir) {
    Path missing = dir.resolve("nope.yaml");
    YamlException e = thrown(() -> reader.readAll(missing));
    assertThat(e.getMessage()).isEqualTo("file not found; check the path");
    assertThat(e.location().orElseThrow()).isEqualTo(SourceLocation.ofFile(missing.toString()));
    assertThat(e.describe()).isEqualTo(missing + ": file not found; check the path");
  }

  @Test
  void aDirectoryIsAClearError(@TempDir Path dir) {
    YamlException e = thrown(() -> reader.readAll(dir));
    assertThat(e.getMessage()).isEqualTo("this is a directory, not a YAML file");
  }

  @Test
  void aFileIsReadWithItsPathAsTheFileName(@TempDir Path dir) throws IOException {
    Path f = dir.resolve("a.yaml");
    Files.writeString(f, "kind: Karta\nspec:\n  x: yes\n");
    List<YamlDocument> docs = reader.readAll(f);
    assertThat(docs).hasSize(1);
    assertThat(docs.get(0).file()).isEqualTo(f.toString());
    assertThat(docs.get(0).positions().get("/spec/x"))
        .isEqualTo(new SourceLocation(f.toString(), 3, 3, "/spec/x"));
  }

  @Test
  void utf16WithAByteOrderMarkIsRead(@TempDir Path dir) throws IOException {
    Path f = dir.resolve("u16.yaml");
    byte[] body = "a: é\n".getBytes(StandardCharsets.UTF_16BE);
    byte[] bytes = new byte[body.length + 2];
    bytes[0] = (byte) 0xFE;
    bytes[1] = (byte) 0xFF;
    System.arraycopy(body, 0, bytes, 2, body.length);
    Files.write(f, bytes);
    YamlDocument d = reader.readAll(f).get(0);
    assertThat(d.root().get("a").textValue()).isEqualTo("é");
    assertThat(d.positions().get("/a").column()).isEqualTo(1);
  }

  @Test
  void invalidUtf8IsAClearError(@TempDir Path dir) throws IOException {
    Path f = dir.resolve("latin1.yaml");
    Files.write(f, new byte[] {'a', ':', ' ', (byte) 0xE9, '\n'});
    YamlException e = thrown(() -> reader.readAll(f));
    assertThat(e).isInstanceOf(NotTextException.class);
    assertThat(e.getMessage())
        .isEqualTo(
            "not UTF-8 text, so not YAML (a binary file? UTF-16 and UTF-32 need a byte order mark)");
    assertThat(e.location().orElseThrow().file()).isEqualTo(f.toString());
  }

  @Test
  void unprintableCharactersInAFileAreLocated(@TempDir Path dir) throws IOException {
    Path f = dir.resolve("ctl.yaml");
    Files.writeString(f, "a: 1\nbb: [x\u0007]\n");
    YamlException e = thrown(() -> reader.readAll(f));
    assertThat(e.location().orElseThrow()).isEqualTo(new SourceLocation(f.toString(), 2, 7, ""));
  }

  // ---- limits
  // ------------------------------------------------------------------------------------------------

  @Test
  void billionLaughsIsRejectedQuicklyAtTheFirstAliasBeyondTheLimit() {
    StringBuilder sb = new StringBuilder(
        "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n");
    for (char c = 'b'; c <= 'i'; c++) {
      char p = (char) (c - 1);
      sb.append(c).append(": &").append(c).append(" [");
      for (int i = 0; i < 9; i++) {
        sb.append(i == 0 ? "" : ",").append('*').append(p);
      }
      sb.append("]\n");
    }
    // a hang guard, not a speed assertion (speed lives in benchmarks)
    YamlException e = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
        Duration.ofSeconds(30), () -> thrown(() -> reader.readAll(sb.toString(), "lol.yaml")));
    assertThat(e.getMessage())
        .startsWith("more than 50 aliases to mappings or sequences in one document (alias *f)")
        .contains("YamlReader.Builder.maxAliasesForCollections");
    // The 51st alias: 9 per line from line 2 (b) on, so the 6th alias of line 7 (g).
    assertThat(at(e)).isEqualTo("7:23");
  }

  @Test
  void anExponentialBombWithinTheAliasCountIsStoppedByTheExpansionLimit() {
    // 25 levels of two aliases each: 50 aliases, but 2^25 leaves once expanded.
    StringBuilder sb = new StringBuilder("l0: &l0 [x]\n");
    for (int i = 1; i <= 25; i++) {
      sb.append('l')
          .append(i)
          .append(": &l")
          .append(i)
          .append(" [*l")
          .append(i - 1)
          .append(", *l")
          .append(i - 1)
          .append("]\n");
    }
    // a hang guard, not a speed assertion (speed lives in benchmarks)
    YamlException e = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
        Duration.ofSeconds(30), () -> thrown(() -> reader.readAll(sb.toString(), "bomb.yaml")));
    assertThat(e.getMessage())
        .startsWith("expanding aliases adds more than 100000 nodes to this document")
        .contains("YamlReader.Builder.maxAliasExpansion");
  }

  @Test
  void theAliasLimitCanBeRaisedAndAliasesToScalarsAreFree() {
    StringBuilder sb = new StringBuilder("m: &m {a: 1}\ns: &s x\nl:\n");
    for (int i = 0; i < 60; i++) {
      sb.append("  - *m\n  - *s\n");
    }
    String yaml = sb.toString();
    assertThat(error(yaml).getMessage()).startsWith("more than 50 aliases");
    List<YamlDocument> docs =
        YamlReader.builder().maxAliasesForCollections(60).build().readAll(yaml, "many.yaml");
    assertThat(docs.get(0).root().get("l")).hasSize(120);
    assertThat(docs.get(0).root().at("/l/118/a").intValue()).isEqualTo(1);
  }

  @Test
  void theAliasLimitAppliesPerDocument() {
    String doc = "m: &m {a: 1}\nl: [" + "*m, ".repeat(40) + "*m]\n";
    List<YamlDocument> docs = reader.readAll(doc + "---\n" + doc + "---\n" + doc, "per-doc.yaml");
    assertThat(docs).hasSize(3);
  }

  @Test
  void theExpansionLimitIsConfigurable() {
    String yaml = "a: &a [1, 2, 3, 4, 5, 6]\nb: *a\nc: *a\n";
    assertThat(reader.readAll(yaml, "x.yaml").get(0).root().get("c")).hasSize(6);
    YamlException e =
        thrown(() -> YamlReader.builder().maxAliasExpansion(10).build().readAll(yaml, "x.yaml"));
    assertThat(e.getMessage()).startsWith("expanding aliases adds more than 10 nodes");
    assertThat(e.location().orElseThrow().pointer()).startsWith("/c/");
  }

  @Test
  void theCodePointLimitAppliesPerDocumentAndCanBeRaised() {
    YamlReader small = YamlReader.builder().codePointLimit(40).build();
    String doc = "key: " + "v".repeat(25) + "\n";
    assertThat(small.readAll(doc + "---\n" + doc + "---\n" + doc, "s.yaml")).hasSize(3);
    YamlException e =
        thrown(() -> small.readAll("a: 1\n---\nkey: " + "v".repeat(60) + "\n", "s.yaml"));
    assertThat(e.getMessage())
        .isEqualTo(
            "this document is larger than the limit of 40 code points; split it into smaller documents, or raise"
                + " YamlReader.Builder.codePointLimit if the file is trusted");
    // a single line longer than the limit is caught before parsing and located at that line
    assertThat(at(e)).isEqualTo("3:1");
  }

  @Test
  void theDefaultCodePointLimitIsThreeMebiCodePointsAndCanBeRaised() {
    // 32 000 lines of 101 code points: 3 232 000 code points, just above 3 MiB (a block scalar,
    // which SnakeYAML
    // scans quickly; one very long line is scanned in quadratic time).
    String line = "  " + "x".repeat(98) + "\n";
    String big = "a: |\n" + line.repeat(32_000);
    assertThat(big.length()).isGreaterThan(YamlReader.DEFAULT_CODE_POINT_LIMIT);
    assertThat(error(big).getMessage())
        .startsWith("this document is larger than the limit of 3145728 code points");
    List<YamlDocument> docs =
        YamlReader.builder().codePointLimit(4 * 1024 * 1024).build().readAll(big, "big.yaml");
    assertThat(docs.get(0).root().get("a").textValue()).hasSize(99 * 32_000);
  }

  @Test
  void nestingDeeperThanTheLimitIsRejectedWherItHappens() {
    YamlReader shallow = YamlReader.builder().nestingDepthLimit(3).build();
    assertThat(shallow.readAll("a: {b: [1]}\n", "d.yaml")).hasSize(1);
    YamlException e = thrown(() -> shallow.readAll("a: {b: [[1]]}\n", "d.yaml"));
    assertThat(at(e)).isEqualTo("1:9");
    assertThat(e.getMessage())
        .isEqualTo(
            "mappings and sequences are nested deeper than the limit of 3 levels; flatten the document, or raise"
                + " YamlReader.Builder.nestingDepthLimit if the file is trusted");
  }

  @Test
  void theDefaultNestingLimitIsAThousandLevels() {
    String ok = "[".repeat(999) + "]".repeat(999);
    assertThat(reader.readAll(ok, "deep.yaml")).hasSize(1);
    String tooDeep = "[".repeat(1001) + "]".repeat(1001);
    YamlException e = error(tooDeep);
    assertThat(e.getMessage())
        .startsWith("mappings and sequences are nested deeper than the limit of 1000 levels");
    assertThat(at(e)).isEqualTo("1:1001");
  }

  @Test
  void nestingIsCheckedAgainAfterAliasesAreExpanded() {
    YamlReader shallow = YamlReader.builder().nestingDepthLimit(5).build();
    YamlException e = thrown(() -> shallow.readAll("a: &a [[[1]]]\nb: [[[*a]]]\n", "d.yaml"));
    assertThat(e.getMessage())
        .contains("nested deeper than the limit of 5 levels once aliases are expanded");
    assertThat(e.location().orElseThrow().pointer()).isEqualTo("/b/0/0/0/0");
  }

  @Test
  void limitsMustBeSensible() {
    assertThatThrownBy(() -> YamlReader.builder().codePointLimit(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("codePointLimit must be at least 1, got 0");
    assertThatThrownBy(() -> YamlReader.builder().nestingDepthLimit(0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> YamlReader.builder().maxAliasesForCollections(-1))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> YamlReader.builder().maxAliasExpansion(-1))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @org.junit.jupiter.api.Test
  void aSingleLineLongerThanTheLimitIsRejectedAtOnceInLinearTime() throws Exception {
    String huge = "value: \"" + "x".repeat(20_000_000) + "\"\n";
    java.nio.file.Path file = java.nio.file.Files.createTempFile("huge", ".yaml");
    try {
      java.nio.file.Files.writeString(file, huge);
      for (java.util.function.Supplier<java.util.List<YamlDocument>> read :
          java.util.List.<java.util.function.Supplier<java.util.List<YamlDocument>>>of(
              () -> new YamlReader().readAll(file),
              () -> new YamlReader().readAll(huge, "huge.yaml"))) {
        YamlException e = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
            java.time.Duration.ofSeconds(20),
            () -> org.junit.jupiter.api.Assertions.assertThrows(YamlException.class, read::get));
        org.assertj.core.api.Assertions.assertThat(e.getMessage())
            .startsWith("this document is larger than the limit of 3145728 code points");
        org.assertj.core.api.Assertions.assertThat(e.location().orElseThrow().line())
            .isEqualTo(1);
      }
    } finally {
      java.nio.file.Files.deleteIfExists(file);
    }
  }
}
