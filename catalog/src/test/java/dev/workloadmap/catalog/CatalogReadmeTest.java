package dev.workloadmap.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workloadmap.sdk.internal.catalog.CatalogTable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The table in {@code catalog/README.md} is generated from the definitions by {@link CatalogTable}, never edited by
 * hand. This test fails when it is stale; {@code -Dworkloadmap.updateCatalogReadme=true} rewrites it instead.
 */
class CatalogReadmeTest {

  static final String UPDATE_PROPERTY = "workloadmap.updateCatalogReadme";

  static final String UPDATE_COMMAND =
      "./mvnw -pl catalog -am verify -Dinvoker.skip -Dworkloadmap.updateCatalogReadme=true";

  @Test
  void readmeTableMatchesTheDefinitions() throws IOException {
    Path readme = Path.of("README.md").toAbsolutePath();
    assertThat(readme).as("catalog/README.md").isRegularFile();
    String text = Files.readString(readme, StandardCharsets.UTF_8);
    String table = CatalogTable.markdown(CatalogSources.definitionsRoot());
    if (Boolean.getBoolean(UPDATE_PROPERTY)) {
      String updated = CatalogTable.splice(text, table);
      if (!updated.equals(text)) {
        Files.writeString(readme, updated, StandardCharsets.UTF_8);
        System.out.println("Rewrote the catalog table in " + readme);
      }
      return;
    }
    assertThat(CatalogTable.extract(text))
        .as(
            "the catalog table in %s is stale (it is generated from the definitions; do not edit it by hand)."
                + " Regenerate it with: %s",
            readme, UPDATE_COMMAND)
        .isEqualTo(table);
  }
}
