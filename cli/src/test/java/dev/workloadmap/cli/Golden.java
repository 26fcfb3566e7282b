package dev.workloadmap.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Golden files under {@code src/test/resources/golden}: the output must equal the file byte for byte. Run with {@code
 * -Dworkloadmap.updateGolden=true} to rewrite them from the actual output (then review the diff); refused when {@code
 * CI} is set.
 */
final class Golden {
  private Golden() {}

  static final Path DIR = Path.of("src", "test", "resources", "golden");

  static void assertMatches(String name, String actual) {
    Path file = DIR.resolve(name);
    try {
      if (Boolean.getBoolean("workloadmap.updateGolden") && System.getenv("CI") == null) {
        Files.createDirectories(DIR);
        Files.writeString(file, actual, StandardCharsets.UTF_8);
        return;
      }
      assertThat(file)
          .as("golden file %s (create it with -Dworkloadmap.updateGolden=true)", file)
          .exists();
      assertThat(actual)
          .as("output against golden file %s", file)
          .isEqualTo(Files.readString(file, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
