package dev.workloadmap.sdk.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** TEMPORARY (uncommitted): replaced by the real reader. */
public final class YamlReader {
  public YamlReader() {}

  public List<YamlDocument> readAll(Path file) {
    try {
      return readAll(Files.readString(file), file.toString());
    } catch (java.io.IOException e) {
      throw new YamlException("cannot read: " + e.getMessage(), SourceLocation.ofFile(file.toString()), e);
    }
  }

  public List<YamlDocument> readAll(String content, String fileName) {
    try {
      MappingIterator<JsonNode> it = new YAMLMapper().readerFor(JsonNode.class).readValues(content);
      List<YamlDocument> out = new ArrayList<>();
      int i = 0;
      while (it.hasNext()) {
        JsonNode n = it.next();
        out.add(new YamlDocument(fileName, i++, n == null ? com.fasterxml.jackson.databind.node.NullNode.instance : n, Map.of(), Map.of()));
      }
      return out;
    } catch (java.io.IOException e) {
      throw new YamlException(e.getMessage(), SourceLocation.ofFile(fileName), e);
    } catch (RuntimeException e) {
      // MappingIterator.next() wraps a syntax error in a RuntimeException; report it like the one above
      Throwable c = e.getCause() instanceof java.io.IOException ? e.getCause() : e;
      throw new YamlException(String.valueOf(c.getMessage()), SourceLocation.ofFile(fileName), c);
    }
  }
}
