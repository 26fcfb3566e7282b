package dev.workloadmap.sdk.verify;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.workloadmap.sdk.yaml.YamlReader;

/**
 * Guard for the assertions that need the SnakeYAML-based {@link YamlReader}: exact line:column positions, duplicate
 * keys rejected, one-line syntax messages. The interim Jackson-based reader records no positions at all, so a
 * document without any position means "interim reader"; each guarded test then stops with a skip that says why, and
 * runs for real as soon as the real reader is merged (which records the position of every node).
 *
 * <p>Every use of this guard is marked {@code // POSITIONS:} in the tests.
 */
final class RealYamlReader {
  private RealYamlReader() {}

  /** True when the YAML reader records positions (the SnakeYAML-based reader). */
  static final boolean AVAILABLE =
      !new YamlReader().readAll("probe: 1\n", "probe.yaml").get(0).positions().isEmpty();

  /** Skips the rest of the test while the interim reader (no positions, no duplicate-key check) is in place. */
  static void assume() {
    assumeTrue(AVAILABLE, "needs the SnakeYAML-based YamlReader (positions, duplicate keys); the interim reader has"
        + " none: this assertion runs once it is merged");
  }
}
