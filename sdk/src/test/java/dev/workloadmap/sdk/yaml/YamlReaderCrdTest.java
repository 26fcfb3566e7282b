package dev.workloadmap.sdk.yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Reads the real CRDs in {@code shared/data/crds} (skipped when that folder is absent), and a synthetic large file,
 * for correctness of positions and speed.
 */
class YamlReaderCrdTest {

  private final YamlReader reader = new YamlReader();

  /** {@code workloadmap.shared.dir}, else {@code ../../shared} from the module or {@code ../shared} from the root. */
  static Path sharedDir() {
    String property = System.getProperty("workloadmap.shared.dir");
    if (property != null && Files.isDirectory(Path.of(property))) {
      return Path.of(property);
    }
    for (String candidate : new String[] {"../../shared", "../shared"}) {
      if (Files.isDirectory(Path.of(candidate))) {
        return Path.of(candidate);
      }
    }
    return null;
  }

  static Stream<Path> crds() throws IOException {
    Path shared = sharedDir();
    Path dir = shared == null ? null : shared.resolve("data/crds");
    if (dir == null || !Files.isDirectory(dir)) {
      return Stream.of((Path) null);
    }
    try (Stream<Path> files = Files.list(dir)) {
      return files
          .filter(p -> p.getFileName().toString().endsWith(".yaml"))
          .sorted()
          .toList()
          .stream();
    }
  }

  @ParameterizedTest
  @MethodSource("crds")
  void everyRealCrdIsReadWithAPlausiblePositionForTheFirstVersionName(Path crd) throws IOException {
    assumeTrue(
        crd != null,
        "shared/data/crds not found (set -Dworkloadmap.shared.dir); skipping the real CRDs");
    List<YamlDocument> docs = reader.readAll(crd);
    List<YamlDocument> nonEmpty = docs.stream().filter(d -> !d.root().isNull()).toList();
    assertThat(nonEmpty).isNotEmpty();
    YamlDocument d = nonEmpty.get(0);
    assertThat(d.kind()).isEqualTo("CustomResourceDefinition");
    JsonNode name = d.root().at("/spec/versions/0/name");
    assertThat(name.isTextual()).isTrue();

    SourceLocation at = d.positions().get("/spec/versions/0/name");
    assertThat(at).isNotNull();
    assertThat(at.file()).isEqualTo(crd.toString());
    List<String> lines = Files.readAllLines(crd);
    String line = lines.get(at.line() - 1);
    // The key "name" is written exactly at the recorded column, followed by the version name.
    assertThat(line.substring(at.column() - 1)).startsWith("name:").contains(name.textValue());
    SourceLocation versions = d.positions().get("/spec/versions");
    assertThat(lines.get(versions.line() - 1).substring(versions.column() - 1))
        .startsWith("versions:");
    assertThat(versions.line()).isLessThanOrEqualTo(at.line());
  }

  @Test
  void aLargeCrdLikeFileIsReadFast() {
    // About 1.2 MB: many properties with nested schemas, as in a CRD's openAPIV3Schema.
    StringBuilder sb =
        new StringBuilder("kind: CustomResourceDefinition\nspec:\n  versions:\n  - name: v1\n");
    sb.append("    schema:\n      openAPIV3Schema:\n        properties:\n");
    for (int i = 0; i < 6000; i++) {
      sb.append("          field")
          .append(i)
          .append(":\n")
          .append("            description: Field number ")
          .append(i)
          .append(" of the spec; it is a string.\n")
          .append("            type: string\n")
          .append("            x-kubernetes-int-or-string: true\n")
          .append(
              "            properties: {a: {type: integer, format: int32}, b: {enum: [yes, no, '1']}}\n");
    }
    String yaml = sb.toString();
    assertThat(yaml.length()).isGreaterThan(1_000_000);
    reader.readAll(yaml, "warmup.yaml");
    // a hang guard, not a speed assertion (speed lives in benchmarks)
    YamlDocument d = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
        Duration.ofSeconds(60), () -> reader.readAll(yaml, "large.yaml").get(0));
    String last =
        "/spec/versions/0/schema/openAPIV3Schema/properties/field5999/properties/b/enum/1";
    assertThat(d.root().at(last).booleanValue()).isFalse();
    assertThat(d.plainScalars()).containsEntry(last, "no");
    assertThat(d.positions().get(last).line()).isEqualTo(8 + 5 * 5999 + 4);
  }
}
