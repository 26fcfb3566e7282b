package dev.workloadmap.sdk.yaml;

import static org.apiguardian.api.API.Status.STABLE;

import dev.workloadmap.sdk.internal.yaml.CodePointOffsets;
import dev.workloadmap.sdk.internal.yaml.YamlLimits;
import dev.workloadmap.sdk.internal.yaml.YamlReaderEngine;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;
import org.yaml.snakeyaml.reader.UnicodeReader;

/**
 * Reads YAML (and JSON, which is YAML) streams the way Kubernetes does (docs/format.md#decision-d,
 * docs/format.md#validation-layers layer 1), keeping the source position of every node.
 *
 * <h2>Values</h2>
 *
 * <ul>
 *   <li>Plain (unquoted, untagged) scalars follow go-yaml v2, the reader behind {@code sigs.k8s.io/yaml}: {@code y Y
 *       yes Yes YES on On ON true True TRUE} are {@code true}; {@code n N no No NO off Off OFF false False FALSE}
 *       are {@code false}; {@code ~ null Null NULL} and the empty value are {@code null}; integers may have a sign,
 *       underscores, a {@code 0x} (hex), {@code 0b} (binary), {@code 0o} or leading {@code 0} (octal, so {@code 0755}
 *       is 493) prefix; floats look like {@code 1.5}, {@code 1e3}, {@code .5} or {@code -1.5e-3}. There are no
 *       base-60 numbers ({@code 1:30} is a string) and no timestamps (dates are strings).
 *   <li>Integers are {@code int}, {@code long} or, beyond {@code long}, {@link java.math.BigInteger} nodes (go-yaml
 *       would give an unsigned integer, a float or a string there). Floats are {@code double} nodes, so {@code 2.10}
 *       is the number 2.1.
 *   <li>{@code .inf}, {@code -.inf} and {@code .nan} (any case variant go-yaml knows) cannot be represented in JSON
 *       and are an error that asks to quote the value.
 *   <li>Quoted and block scalars, and scalars tagged {@code !!str} or {@code !}, are strings. The standard tags
 *       {@code !!int !!float !!bool !!null !!str !!map !!seq} are honoured (a value that does not fit its tag is an
 *       error); any other tag is ignored and the value is read as if it had none.
 *   <li>Every plain scalar that resolved to a boolean, number or null has its original text in {@link
 *       YamlDocument#plainScalars()}, so that a string field can report "quote this value: yes"
 *       (docs/format.md#validation-other, FC-37, FC-40).
 *   <li>Mapping keys become JSON object keys (strings). A plain key that YAML 1.1 reads as a boolean, number or null
 *       becomes the text the Go YAML-to-JSON step gives it: {@code on:} is {@code "true"}, {@code 1:} and {@code
 *       0x1:} are {@code "1"}, {@code 1e3:} is {@code "1000"}, and {@code ~:} is {@code "null"} (Go rejects a null key;
 *       the SDK keeps it readable). A key that is a mapping or sequence is an error.
 * </ul>
 *
 * <h2>Structure</h2>
 *
 * <ul>
 *   <li>Anchors and aliases are expanded. At most {@link Builder#maxAliasesForCollections(int)} aliases (default
 *       {@value #DEFAULT_MAX_ALIASES_FOR_COLLECTIONS}, SnakeYAML's default) may refer to a mapping or sequence in
 *       one document, and expansion may add at most {@link Builder#maxAliasExpansion(int)} nodes (default {@value
 *       #DEFAULT_MAX_ALIAS_EXPANSION}); together they stop alias bombs. An alias inside the node it refers to is an
 *       error.
 *   <li>Merge keys {@code <<} take a mapping or a sequence of mappings. Explicit keys win over merged ones, earlier
 *       mappings in a merge sequence win over later ones, and merged mappings may contain merge keys themselves.
 *       Merged entries take the place of the {@code <<} key in the key order.
 *   <li>A key written twice in one mapping is an error at the second one: {@code duplicate key "a" (first defined at
 *       line 1, column 1)}. Keys brought in by a merge are overridden silently.
 *   <li>A stream gives one {@link YamlDocument} per document, in order. An empty document (such as the one after a
 *       trailing {@code ---}) is kept with a {@link com.fasterxml.jackson.databind.node.NullNode} root; callers skip
 *       it. An empty stream has no documents.
 * </ul>
 *
 * <h2>Positions</h2>
 *
 * <p>Every node has a {@link SourceLocation} (1-based line and column, in code points) under its RFC 6901 JSON
 * pointer in {@link YamlDocument#positions()}; {@code ~} is escaped as {@code ~0} and {@code /} as {@code ~1}. A
 * mapping entry is placed at its key, a sequence item and the document root at the node itself. A node that comes
 * from an alias or a merge is placed where its anchored original is written. Every string scalar also keeps its
 * source text and style in {@link YamlDocument#scalars()}, so that {@link YamlDocument#locateInValue(String, int)}
 * can point at a char inside the value (a jq expression's unknown function, say).
 *
 * <h2>Limits and errors</h2>
 *
 * <p>Every problem is a {@link YamlException} with a location (file, line, column and, once known, JSON pointer)
 * and a one-line message that says what is wrong and what to do; SnakeYAML's multi-line messages are not passed on.
 * Besides the alias limits, a document may hold at most {@link Builder#codePointLimit(int)} code points (default
 * {@value #DEFAULT_CODE_POINT_LIMIT}, 3 MiB, SnakeYAML's default) and nest mappings and sequences at most {@link
 * Builder#nestingDepthLimit(int)} levels deep (default {@value #DEFAULT_NESTING_DEPTH_LIMIT}, Jackson's default);
 * all limits apply per document. Very deep limits need a larger thread stack.
 *
 * <p>Parsing uses SnakeYAML 2.5's parser and composer (what {@code new Yaml(options).composeAll(reader)} runs), with a
 * resolver that resolves nothing and a filter between parser and composer that checks the alias and depth limits at
 * the exact position; the node graph is converted to Jackson by the SDK.
 *
 * <p>Instances are immutable and thread-safe.
 */
@API(status = STABLE, since = "0.1")
public final class YamlReader {

  /** Default largest document, in code points (3 MiB). */
  public static final int DEFAULT_CODE_POINT_LIMIT = 3 * 1024 * 1024;

  /** Default largest number of aliases to mappings or sequences in one document. */
  public static final int DEFAULT_MAX_ALIASES_FOR_COLLECTIONS = 50;

  /** Default deepest nesting of mappings and sequences. */
  public static final int DEFAULT_NESTING_DEPTH_LIMIT = 1000;

  /** Default largest number of nodes that alias expansion may add to one document. */
  public static final int DEFAULT_MAX_ALIAS_EXPANSION = 100_000;

  private final YamlLimits limits;

  /** A reader with the default limits. */
  public YamlReader() {
    this(builder());
  }

  private YamlReader(Builder b) {
    this.limits = new YamlLimits(
        b.codePointLimit, b.maxAliasesForCollections, b.nestingDepthLimit, b.maxAliasExpansion);
  }

  /** A builder that starts from the default limits. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Reads every document of a file. The file is decoded as UTF-8 unless it starts with a UTF-16 or UTF-32 byte
   * order mark. Locations name the file as {@code file.toString()}.
   *
   * @return the documents in stream order (empty for an empty file)
   * @throws YamlException if the file cannot be read (missing, a directory, not permitted, not valid UTF-8) or is
   *     not valid YAML within the limits
   */
  public List<YamlDocument> readAll(Path file) {
    Objects.requireNonNull(file, "file");
    String name = file.toString();
    if (Files.isDirectory(file)) {
      throw new YamlException(
          "this is a directory, not a YAML file", SourceLocation.ofFile(name), null);
    }
    rejectOverlongLine(file, name);
    try (InputStream in = Files.newInputStream(file);
        Reader reader = new UnicodeReader(in)) {
      return YamlReaderEngine.read(
          reader, name, limits, offset -> locateInFile(file, name, offset));
    } catch (java.nio.charset.CharacterCodingException e) {
      throw new NotTextException(SourceLocation.ofFile(name), e);
    } catch (NoSuchFileException e) {
      throw new YamlException("file not found; check the path", SourceLocation.ofFile(name), e);
    } catch (AccessDeniedException e) {
      throw new YamlException(
          "cannot read the file: permission denied", SourceLocation.ofFile(name), e);
    } catch (IOException e) {
      throw new YamlException(
          "cannot read the file: " + e.getMessage(), SourceLocation.ofFile(name), e);
    }
  }

  /**
   * Reads every document of a YAML text.
   *
   * @param content the YAML (or JSON) text
   * @param fileName the name to use in locations, for example the path the text came from
   * @return the documents in stream order (empty for an empty text)
   * @throws YamlException if the text is not valid YAML within the limits
   */
  public List<YamlDocument> readAll(String content, String fileName) {
    Objects.requireNonNull(content, "content");
    Objects.requireNonNull(fileName, "fileName");
    if (content.length() > limits.codePointLimit()) {
      try {
        rejectOverlongLine(new StringReader(content), fileName);
      } catch (IOException e) {
        throw new YamlException(
            "cannot read the text: " + e.getMessage(), SourceLocation.ofFile(fileName), e);
      }
    }
    return YamlReaderEngine.read(
        new StringReader(content),
        fileName,
        limits,
        offset -> CodePointOffsets.locate(new StringReader(content), offset, fileName));
  }

  /**
   * Reads every document from a character stream, which is read to its end but not closed. An error that SnakeYAML
   * reports only as a character offset (an unprintable character) has no line and column here, since the stream
   * cannot be read again; use {@link #readAll(String, String)} or {@link #readAll(Path)} when that matters.
   *
   * @param reader the YAML (or JSON) text
   * @param fileName the name to use in locations
   * @return the documents in stream order
   * @throws YamlException if the text cannot be read or is not valid YAML within the limits
   */
  public List<YamlDocument> readAll(Reader reader, String fileName) {
    Objects.requireNonNull(reader, "reader");
    Objects.requireNonNull(fileName, "fileName");
    return YamlReaderEngine.read(reader, fileName, limits, offset -> null);
  }

  /**
   * A single line longer than the document limit can never be read: reject it at once, in linear time. SnakeYAML's
   * scanner is quadratic on one very long token, so without this a 20 MB one-line value takes minutes to fail.
   */
  private void rejectOverlongLine(Path file, String name) {
    try {
      if (Files.size(file) <= limits.codePointLimit()) {
        return;
      }
      try (InputStream in = Files.newInputStream(file);
          Reader reader = new UnicodeReader(in)) {
        rejectOverlongLine(reader, name);
      }
    } catch (IOException e) {
      // unreadable or not valid text: the normal read below reports it with its own message
    }
  }

  private void rejectOverlongLine(Reader reader, String name) throws IOException {
    int limit = limits.codePointLimit();
    char[] buf = new char[8192];
    long lineLength = 0;
    int line = 1;
    int n;
    while ((n = reader.read(buf)) > 0) {
      for (int i = 0; i < n; i++) {
        if (buf[i] == '\n') {
          line++;
          lineLength = 0;
        } else if (!Character.isLowSurrogate(buf[i]) && ++lineLength > limit) {
          // the same text as the limit SnakeYAML enforces; the location names the overlong line
          throw new YamlException(
              "this document is larger than the limit of " + limit + " code points; split it"
                  + " into smaller documents, or raise YamlReader.Builder.codePointLimit if the file is trusted",
              new SourceLocation(name, line, 1, ""),
              null);
        }
      }
    }
  }

  private static SourceLocation locateInFile(Path file, String name, int offset) {
    try (InputStream in = Files.newInputStream(file);
        Reader reader = new UnicodeReader(in)) {
      return CodePointOffsets.locate(reader, offset, name);
    } catch (IOException e) {
      return null;
    }
  }

  /** Limits for a {@link YamlReader}; every limit applies per document. */
  public static final class Builder {
    private int codePointLimit = DEFAULT_CODE_POINT_LIMIT;
    private int maxAliasesForCollections = DEFAULT_MAX_ALIASES_FOR_COLLECTIONS;
    private int nestingDepthLimit = DEFAULT_NESTING_DEPTH_LIMIT;
    private int maxAliasExpansion = DEFAULT_MAX_ALIAS_EXPANSION;

    private Builder() {}

    /**
     * The largest document, in Unicode code points; default {@value YamlReader#DEFAULT_CODE_POINT_LIMIT}.
     *
     * @throws IllegalArgumentException if below 1
     */
    public Builder codePointLimit(int limit) {
      this.codePointLimit = requireAtLeast("codePointLimit", limit, 1);
      return this;
    }

    /**
     * The most aliases that may refer to a mapping or sequence in one document (aliases to scalars are not
     * counted); default {@value YamlReader#DEFAULT_MAX_ALIASES_FOR_COLLECTIONS}.
     *
     * @throws IllegalArgumentException if negative
     */
    public Builder maxAliasesForCollections(int limit) {
      this.maxAliasesForCollections = requireAtLeast("maxAliasesForCollections", limit, 0);
      return this;
    }

    /**
     * The deepest nesting of mappings and sequences, checked while parsing and again after aliases are expanded;
     * default {@value YamlReader#DEFAULT_NESTING_DEPTH_LIMIT}. The reader recurses once per level, so limits far
     * above the default need a larger thread stack.
     *
     * @throws IllegalArgumentException if below 1
     */
    public Builder nestingDepthLimit(int limit) {
      this.nestingDepthLimit = requireAtLeast("nestingDepthLimit", limit, 1);
      return this;
    }

    /**
     * The most JSON nodes that expanding aliases to mappings and sequences (including merge keys) may add to one
     * document; default {@value YamlReader#DEFAULT_MAX_ALIAS_EXPANSION}.
     *
     * @throws IllegalArgumentException if negative
     */
    public Builder maxAliasExpansion(int limit) {
      this.maxAliasExpansion = requireAtLeast("maxAliasExpansion", limit, 0);
      return this;
    }

    /** A reader with these limits. */
    public YamlReader build() {
      return new YamlReader(this);
    }

    private static int requireAtLeast(String name, int value, int min) {
      if (value < min) {
        throw new IllegalArgumentException(name + " must be at least " + min + ", got " + value);
      }
      return value;
    }
  }
}
