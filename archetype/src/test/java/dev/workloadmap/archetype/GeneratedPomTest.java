package dev.workloadmap.archetype;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

/**
 * The generated project's POM as packaged in the archetype (after this build's {@code @...@} filtering): our versions
 * come from workloadmap-bom, written once, and third-party plugins are pinned to this reactor's versions.
 */
class GeneratedPomTest {

  private final Path repo = Poms.repository();
  private final Element root = Poms.read(repo.resolve("pom.xml"));
  private final Path template = Path.of(
      System.getProperty("workloadmap.archetype.classes"), "archetype-resources", "pom.xml");
  private final Element pom = Poms.read(template);

  @Test
  void workloadmapVersionIsWrittenOnceAndIsTheArchetypesOwn() throws Exception {
    String version = Poms.text(root, "version");
    assertThat(Poms.properties(pom)).containsEntry("workloadmap.version", version);
    String text = Files.readString(template, StandardCharsets.UTF_8);
    assertThat(text.split(java.util.regex.Pattern.quote(version), -1))
        .as("occurrences of %s", version)
        .hasSize(2);
    assertThat(text).as("every @...@ filtered").doesNotContainPattern("@[-.a-zA-Z]+@");
  }

  @Test
  void workloadmapArtifactsTakeTheirVersionFromTheBom() {
    Element managed = Poms.child(Poms.child(pom, "dependencyManagement"), "dependencies");
    int imports = 0;
    for (Element d : Poms.children(managed, "dependency")) {
      if ("dev.workloadmap".equals(Poms.text(d, "groupId"))) {
        assertThat(Poms.text(d, "artifactId")).isEqualTo("workloadmap-bom");
        assertThat(Poms.text(d, "version")).isEqualTo("${workloadmap.version}");
        assertThat(Poms.text(d, "type")).isEqualTo("pom");
        assertThat(Poms.text(d, "scope")).isEqualTo("import");
        imports++;
      }
    }
    assertThat(imports).as("workloadmap-bom imports").isEqualTo(1);
    for (Element d : Poms.children(Poms.child(pom, "dependencies"), "dependency")) {
      assertThat(Poms.text(d, "version"))
          .as("version of dependency %s", Poms.text(d, "artifactId"))
          .isNull();
    }
    for (Element p : Poms.children(Poms.child(Poms.child(pom, "build"), "plugins"), "plugin")) {
      if ("dev.workloadmap".equals(Poms.text(p, "groupId"))) {
        assertThat(Poms.text(p, "version"))
            .as("plugin %s", Poms.text(p, "artifactId"))
            .isEqualTo("${workloadmap.version}");
      }
    }
  }

  @Test
  void thirdPartyVersionsAreTheReactors() {
    Map<String, String> reactor = Poms.properties(root);
    Map<String, String> generated = Poms.properties(pom);
    for (String name : new String[] {"jackson.version", "junit.version"}) {
      assertThat(generated.get(name)).as(name).isNotNull().isEqualTo(reactor.get(name));
    }
  }

  @Test
  void thirdPartyPluginsArePinnedToTheReactorsVersions() {
    Map<String, String> reactor = Poms.properties(root);
    Element managed =
        Poms.child(Poms.child(Poms.child(pom, "build"), "pluginManagement"), "plugins");
    assertThat(Poms.children(managed, "plugin")).hasSizeGreaterThanOrEqualTo(8);
    for (Element p : Poms.children(managed, "plugin")) {
      String artifactId = Poms.text(p, "artifactId");
      assertThat(Poms.text(p, "version"))
          .as(artifactId)
          .isEqualTo(reactor.get(artifactId + ".version"));
    }
    for (Element p : Poms.children(Poms.child(Poms.child(pom, "build"), "plugins"), "plugin")) {
      if (!"dev.workloadmap".equals(Poms.text(p, "groupId"))) {
        assertThat(Poms.children(managed, "plugin"))
            .as("plugin %s pinned", Poms.text(p, "artifactId"))
            .anyMatch(m -> Poms.text(m, "artifactId").equals(Poms.text(p, "artifactId")));
      }
    }
  }
}
