package dev.workloadmap.schema;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Stream;

/** Test fixtures: the definitions under {@code src/test/resources/definitions/}, read with Jackson's YAML reader. */
final class Definitions {

  static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  static final ObjectMapper JSON = new ObjectMapper();

  private Definitions() {}

  /** Reads {@code definitions/<name>} (YAML, or JSON for {@code .json}) as a fresh, modifiable tree. */
  static ObjectNode read(String name) {
    String resource = "definitions/" + name;
    try (InputStream in = Definitions.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalArgumentException("no test resource " + resource);
      }
      return (ObjectNode) (name.endsWith(".json") ? JSON : YAML).readTree(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Parses YAML text. */
  static JsonNode yaml(String text) {
    try {
      return YAML.readTree(text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The file names under {@code definitions/<folder>/}, sorted. */
  static List<String> list(String folder) {
    URL url = Definitions.class.getClassLoader().getResource("definitions/" + folder);
    try (Stream<Path> files = Files.list(Paths.get(url.toURI()))) {
      return files.map(p -> folder + "/" + p.getFileName()).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Sets the node at {@code pointer} (its parent must exist) to a value given as YAML text. */
  static ObjectNode set(ObjectNode doc, String pointer, String yamlValue) {
    JsonPointer p = JsonPointer.compile(pointer);
    JsonNode parent = doc.at(p.head());
    JsonNode value = yaml(yamlValue);
    if (parent instanceof ArrayNode array) {
      int index = p.last().getMatchingIndex();
      if (index == array.size()) {
        array.add(value);
      } else {
        array.set(index, value);
      }
    } else {
      ((ObjectNode) parent).set(p.last().getMatchingProperty(), value);
    }
    return doc;
  }

  /** Removes the node at {@code pointer}. */
  static ObjectNode remove(ObjectNode doc, String pointer) {
    JsonPointer p = JsonPointer.compile(pointer);
    JsonNode parent = doc.at(p.head());
    if (parent instanceof ArrayNode array) {
      array.remove(p.last().getMatchingIndex());
    } else {
      ((ObjectNode) parent).remove(p.last().getMatchingProperty());
    }
    return doc;
  }

  /** Renames the field at {@code pointer}, keeping its value. */
  static ObjectNode rename(ObjectNode doc, String pointer, String newName) {
    JsonPointer p = JsonPointer.compile(pointer);
    ObjectNode parent = (ObjectNode) doc.at(p.head());
    JsonNode value = parent.remove(p.last().getMatchingProperty());
    parent.set(newName, value);
    return doc;
  }
}
