package dev.workloadmap.archetype;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

/**
 * Keeps {@code bom/pom.xml} in step with the reactor. The BOM has no parent (importing it must bring nothing but
 * our versions), so nothing in Maven ties its version or its list to the modules: this test does.
 */
class BomTest {

  private final Path repo = Poms.repository();
  private final Element root = Poms.read(repo.resolve("pom.xml"));
  private final Element bom = Poms.read(repo.resolve("bom/pom.xml"));

  @Test
  void bomIsAModuleOfTheReactor() {
    assertThat(Poms.children(Poms.child(root, "modules"), "module"))
        .extracting(e -> e.getTextContent().trim())
        .contains("bom");
  }

  @Test
  void bomIsStandaloneAtTheReactorVersion() {
    assertThat(Poms.child(bom, "parent"))
        .as("workloadmap-bom must not have a parent")
        .isNull();
    assertThat(Poms.text(bom, "groupId")).isEqualTo(Poms.text(root, "groupId"));
    assertThat(Poms.text(bom, "artifactId")).isEqualTo("workloadmap-bom");
    assertThat(Poms.text(bom, "packaging")).isEqualTo("pom");
    assertThat(Poms.text(bom, "version"))
        .as("bom/pom.xml <version> must be the root POM's (set both when releasing)")
        .isEqualTo(Poms.text(root, "version"));
    assertThat(Poms.child(bom, "dependencies"))
        .as("a BOM manages versions only")
        .isNull();
    assertThat(Poms.child(bom, "build")).as("a BOM carries no build settings").isNull();
  }

  /**
   * Every published module's main artifact is listed, at the BOM's own version, and nothing else: a module is
   * published when its packaging is {@code jar} or {@code maven-plugin} and it does not set {@code
   * maven.deploy.skip}. Not listed: the parent and the BOM (POMs), the archetype (not a dependency; {@code
   * archetype:generate} names it) and attached test-jars (test support of this build).
   */
  @Test
  void bomListsExactlyThePublishedModules() {
    Map<String, String> published = new TreeMap<>();
    for (Element m : Poms.children(Poms.child(root, "modules"), "module")) {
      String dir = m.getTextContent().trim();
      Path pom = repo.resolve(dir).resolve("pom.xml");
      assertThat(pom).as("module %s", dir).exists();
      Element module = Poms.read(pom);
      String packaging =
          Poms.text(module, "packaging") == null ? "jar" : Poms.text(module, "packaging");
      boolean deploySkipped = "true".equals(Poms.properties(module).get("maven.deploy.skip"));
      if ((packaging.equals("jar") || packaging.equals("maven-plugin")) && !deploySkipped) {
        published.put(Poms.text(module, "artifactId"), dir);
      }
    }
    assertThat(published)
        .as("published modules")
        .containsKeys("workloadmap-sdk", "workloadmap-maven-plugin");

    TreeSet<String> listed = new TreeSet<>();
    for (Element d : Poms.children(
        Poms.child(Poms.child(bom, "dependencyManagement"), "dependencies"), "dependency")) {
      String artifactId = Poms.text(d, "artifactId");
      assertThat(Poms.text(d, "groupId")).as("%s groupId", artifactId).isEqualTo("dev.workloadmap");
      assertThat(Poms.text(d, "version"))
          .as("%s version", artifactId)
          .isEqualTo("${project.version}");
      assertThat(Poms.text(d, "scope")).as("%s scope", artifactId).isNull();
      assertThat(Poms.text(d, "classifier")).as("%s classifier", artifactId).isNull();
      assertThat(listed.add(artifactId)).as("%s listed twice", artifactId).isTrue();
    }
    assertThat(listed)
        .as(
            "bom/pom.xml dependencyManagement (add or remove entries to match the published modules)")
        .containsExactlyElementsOf(published.keySet());
  }

  @Test
  void readmeModuleTableListsTheBom() throws Exception {
    assertThat(Files.readString(repo.resolve("README.md"), StandardCharsets.UTF_8))
        .contains("`bom` | `workloadmap-bom`");
  }
}
