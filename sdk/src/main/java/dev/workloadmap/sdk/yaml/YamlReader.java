package dev.workloadmap.sdk.yaml;

import java.nio.file.Path;
import java.util.List;

/** PLACEHOLDER: replaced by the real reader (Kubernetes YAML 1.1 rules, aliases, merge keys, positions). */
public final class YamlReader {
  public YamlReader() {}

  public List<YamlDocument> readAll(Path file) {
    throw new UnsupportedOperationException("placeholder");
  }

  public List<YamlDocument> readAll(String content, String fileName) {
    throw new UnsupportedOperationException("placeholder");
  }
}
