package dev.workloadmap.sdk.internal.lint;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The SDK engine's builtins recorded in {@value BuiltinSets#ENGINE_RESOURCE} are jackson-jq's own answer, and are used
 * only for the jackson-jq they were recorded from. To accept a new jackson-jq, run this test with {@code
 * -Dworkloadmap.builtins.update=true} and commit the file.
 */
class BuiltinSetsTest {

  private static final Path FILE = Path.of("src/main/resources", BuiltinSets.ENGINE_RESOURCE);

  private static String expectedFile() {
    return BuiltinSets.FINGERPRINT_PREFIX + BuiltinSets.engineFingerprint() + "\n"
        + String.join("\n", new TreeSet<>(BuiltinSets.listEngine())) + "\n";
  }

  @Test
  void theRecordedSetIsJacksonJqsAnswerForThisJacksonJq() throws IOException {
    String expected = expectedFile();
    if (Boolean.getBoolean("workloadmap.builtins.update")) {
      Files.writeString(FILE, expected, StandardCharsets.UTF_8);
    }
    assertThat(Files.readString(FILE, StandardCharsets.UTF_8))
        .as(FILE + " is stale: run BuiltinSetsTest with -Dworkloadmap.builtins.update=true")
        .isEqualTo(expected);
  }

  @Test
  void theLinterUsesTheSetJacksonJqLists() {
    // whichever way standard() got it (recorded or asked), it is jackson-jq's answer
    assertThat(BuiltinSets.standard().engineSet()).isEqualTo(BuiltinSets.listEngine());
  }

  @Test
  void theRecordedSetIsReadForTheSameFingerprintOnly() throws IOException {
    Set<String> live = BuiltinSets.listEngine();
    try (InputStream in = resource()) {
      assertThat(BuiltinSets.recorded(in, BuiltinSets.engineFingerprint())).isEqualTo(live);
    }
    try (InputStream in = resource()) {
      // another jackson-jq: the recorded set is not used (the linter then asks jackson-jq)
      assertThat(BuiltinSets.recorded(in, "jackson-jq 1.6.3, 100 natives 0, jq.json none"))
          .isNull();
    }
    assertThat(BuiltinSets.recorded(stream("length/0\n"), BuiltinSets.engineFingerprint()))
        .as("no fingerprint line")
        .isNull();
    assertThat(BuiltinSets.recorded(stream(""), BuiltinSets.engineFingerprint()))
        .isNull();
  }

  @Test
  void theFingerprintNamesWhatTheSetDependsOn() {
    assertThat(BuiltinSets.engineFingerprint())
        .startsWith("jackson-jq 1.6.2, ")
        .contains(" natives ")
        .contains("jq.json ")
        .doesNotContain("none");
  }

  private static InputStream resource() {
    return BuiltinSets.class.getClassLoader().getResourceAsStream(BuiltinSets.ENGINE_RESOURCE);
  }

  private static InputStream stream(String text) {
    return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
  }
}
