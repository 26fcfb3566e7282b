package dev.workloadmap.sdk.internal.yaml;

import dev.workloadmap.sdk.yaml.SourceLocation;
import dev.workloadmap.sdk.yaml.YamlDocument;
import dev.workloadmap.sdk.yaml.YamlException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.composer.Composer;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.reader.StreamReader;

/**
 * The reading pipeline behind {@link dev.workloadmap.sdk.yaml.YamlReader}: SnakeYAML's parser, the {@link
 * GuardedParser} filter, SnakeYAML's composer with the {@link KubernetesResolver}, then {@link NodeConverter} per
 * document. This is what {@code new Yaml(options).composeAll(reader)} does, with the resolver replaced and the
 * filter added.
 */
public final class YamlReaderEngine {
  private YamlReaderEngine() {}

  /**
   * Reads every document of a stream.
   *
   * @param offsets finds the location of a code point offset (for errors SnakeYAML reports as an offset), or returns
   *     {@code null}
   * @throws YamlException for every problem, never a SnakeYAML exception
   */
  /**
   * The most documents one stream may hold. Each document is limited in size, nesting and aliases; without a count,
   * a stream of small documents (or of {@code ---} alone) grows without bound.
   */
  public static final int MAX_DOCUMENTS = 10_000;

  public static List<YamlDocument> read(
      Reader reader, String file, YamlLimits limits, IntFunction<SourceLocation> offsets) {
    LoaderOptions options = new LoaderOptions();
    options.setCodePointLimit(limits.codePointLimit());
    // The filter enforces these per document and with a position; SnakeYAML counts aliases per
    // stream.
    options.setMaxAliasesForCollections(Integer.MAX_VALUE);
    options.setNestingDepthLimit(Integer.MAX_VALUE);
    // Tags never construct objects here, so no global tag is dangerous; unknown ones are ignored
    // when converting.
    options.setTagInspector(tag -> true);
    options.setProcessComments(false);
    SourceText text = new SourceText(reader);
    GuardedParser parser =
        new GuardedParser(new ParserImpl(new StreamReader(text), options), limits, file);
    Composer composer = new Composer(parser, new KubernetesResolver(), options);
    List<YamlDocument> documents = new ArrayList<>();
    try {
      while (composer.checkNode()) {
        Node root = composer.getNode();
        if (documents.size() >= MAX_DOCUMENTS) {
          SourceLocation at = root == null || root.getStartMark() == null
              ? SourceLocation.ofFile(file)
              : new SourceLocation(
                  file, root.getStartMark().getLine() + 1, root.getStartMark().getColumn() + 1, "");
          throw new YamlException(
              "this stream holds more than " + MAX_DOCUMENTS + " documents; split it into"
                  + " several files",
              at,
              null);
        }
        documents.add(NodeConverter.convert(root, file, documents.size(), limits, text));
      }
    } catch (YAMLException e) {
      throw SnakeYamlErrors.translate(e, file, parser.documentStart(), offsets);
    } catch (NumberFormatException e) {
      // SnakeYAML's scanner parses the hexadecimal digits of an x, u or U escape without checking
      // them first
      // (a backslash, x and a quote): a YAML error of the document, not a crash
      Mark at = parser.documentStart();
      throw new YamlException(
          "a double-quoted string has a \\x, \\u or \\U escape without its hexadecimal digits;"
              + " write the digits (\"\\x41\") or quote the text with single quotes",
          at == null
              ? SourceLocation.ofFile(file)
              : new SourceLocation(file, at.getLine() + 1, at.getColumn() + 1, ""),
          null);
    }
    return List.copyOf(documents);
  }
}
