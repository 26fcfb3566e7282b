package dev.workloadmap.archetype;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The generated project carries this reactor's Maven Wrapper byte for byte (same Maven, same wrapper version), and
 * the archetype's post-generate script makes {@code mvnw} executable again.
 */
class GeneratedWrapperTest {

  private final Path repo = Poms.repository();
  private final Path resources = Path.of(System.getProperty("workloadmap.archetype.classes"));

  @Test
  void wrapperFilesAreTheReactorsOwn() throws Exception {
    for (String file : new String[] {"mvnw", "mvnw.cmd", ".mvn/wrapper/maven-wrapper.properties"}) {
      Path generated = resources.resolve("archetype-resources").resolve(file);
      assertThat(generated).as(file).isRegularFile();
      assertThat(Files.readAllBytes(generated))
          .as(file)
          .isEqualTo(Files.readAllBytes(repo.resolve(file)));
    }
    assertThat(Files.readString(repo.resolve(".mvn/wrapper/maven-wrapper.properties")))
        .contains("wrapperVersion=3.3.4")
        .contains("apache-maven/3.9.11/");
  }

  @Test
  void postGenerateScriptMakesMvnwExecutable() throws Exception {
    Path script = resources.resolve("META-INF/archetype-post-generate.groovy");
    assertThat(Files.readString(script)).contains("'mvnw'").contains("setExecutable(true");
  }

  @Test
  void thePlatformVersionFetchedForTheOfflineRouteIsTheReactorsJUnits() {
    String jupiter = Poms.properties(Poms.read(repo.resolve("pom.xml"))).get("junit.version");
    String platform =
        Poms.properties(Poms.read(repo.resolve("archetype/pom.xml"))).get("junit-platform.version");
    assertThat(platform)
        .as("JUnit Platform for Jupiter %s", jupiter)
        .isEqualTo("1" + jupiter.substring(1));
  }
}
