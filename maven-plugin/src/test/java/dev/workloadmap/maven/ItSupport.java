package dev.workloadmap.maven;

import dev.workloadmap.sdk.yaml.YamlReader;

/**
 * Helpers for the invoker scripts ({@code src/it/<scenario>/verify.groovy}), which see the test classpath.
 */
public final class ItSupport {
  private ItSupport() {}

  /**
   * True when the SDK's YAML reader records positions (the SnakeYAML-based reader). The interim Jackson-based reader
   * records none, so findings then have no {@code :line:column} and duplicate keys are not detected; the scripts
   * check the exact positioned lines only when this is true.
   */
  public static boolean yamlReaderHasPositions() {
    return !new YamlReader().readAll("probe: 1\n", "probe.yaml").get(0).positions().isEmpty();
  }
}
