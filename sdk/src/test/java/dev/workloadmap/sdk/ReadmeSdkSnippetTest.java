package dev.workloadmap.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * README.md's "Using the SDK" section as a new user copies it: the first {@code java} block compiles as written (its
 * imports included) against the SDK and its runtime dependencies only (not the test classpath), and the dependency
 * block imports {@code workloadmap-bom} and Jackson's BOM at this reactor's versions and declares {@code
 * workloadmap-sdk} without a version.
 */
class ReadmeSdkSnippetTest {

  private static final Path README = Path.of("..", "README.md");

  private static String section() throws Exception {
    Assumptions.assumeTrue(Files.isRegularFile(README), "README.md is not beside the sdk module");
    String text = Files.readString(README, StandardCharsets.UTF_8);
    int start = text.indexOf("\n## Using the SDK\n");
    assertThat(start).as("README has a '## Using the SDK' section").isNotNegative();
    int end = text.indexOf("\n## ", start + 1);
    return text.substring(start, end < 0 ? text.length() : end);
  }

  private static List<String> blocks(String section, String language) {
    List<String> out = new ArrayList<>();
    Matcher m = Pattern.compile("```" + language + "\n(.*?)```", Pattern.DOTALL).matcher(section);
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }

  @Test
  void theProgramCompilesAsWritten(@TempDir Path dir) throws Exception {
    String program = blocks(section(), "java").get(0);
    Matcher name = Pattern.compile("public class (\\w+)").matcher(program);
    assertThat(name.find())
        .as("the first java block is a public class:\n%s", program)
        .isTrue();
    Path source = dir.resolve(name.group(1) + ".java");
    Files.writeString(source, program);
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    StringWriter diagnostics = new StringWriter();
    // what a user's project gets from workloadmap-sdk: its classes and runtime dependencies
    // (written by the build),
    // not this test's classpath with AssertJ, JUnit and the test classes
    Path runtime = Path.of("target", "runtime-classpath.txt");
    Assumptions.assumeTrue(
        Files.isRegularFile(runtime),
        "target/runtime-classpath.txt (written by the build's dependency:build-classpath) is absent");
    String classpath = Path.of("target", "classes")
        + java.io.File.pathSeparator
        + Files.readString(runtime).strip();
    boolean ok = javac
        .getTask(
            diagnostics,
            null,
            null,
            List.of("-classpath", classpath, "-d", dir.toString(), "-Xlint:all", "-Werror"),
            null,
            javac
                .getStandardFileManager(null, null, StandardCharsets.UTF_8)
                .getJavaFileObjects(source))
        .call();
    assertThat(ok)
        .as("README's SDK program does not compile:\n%s\n%s", diagnostics, program)
        .isTrue();
    assertThat(dir.resolve(name.group(1) + ".class")).isRegularFile();
  }

  @Test
  void theDependencyBlockImportsBothBomsAtTheReactorsVersions() throws Exception {
    String xml = blocks(section(), "xml").get(0);
    Document snippet = parse("<project>" + xml + "</project>");
    Document root = Files.isRegularFile(Path.of("..", "pom.xml"))
        ? parse(Files.readString(Path.of("..", "pom.xml")))
        : null;
    Assumptions.assumeTrue(root != null, "the root pom.xml is not beside the sdk module");
    String version = directChild(root.getDocumentElement(), "version").getTextContent();
    String jackson = root.getElementsByTagName("jackson.version").item(0).getTextContent();
    NodeList deps = snippet.getElementsByTagName("dependency");
    List<String> seen = new ArrayList<>();
    for (int i = 0; i < deps.getLength(); i++) {
      Element d = (Element) deps.item(i);
      String artifact = text(d, "artifactId");
      seen.add(artifact + ":" + text(d, "version") + ":" + text(d, "scope"));
    }
    assertThat(seen)
        .containsExactly(
            "workloadmap-bom:" + version + ":import",
            "jackson-bom:" + jackson + ":import",
            "workloadmap-sdk:null:null");
  }

  private static Document parse(String xml) throws Exception {
    return DocumentBuilderFactory.newInstance()
        .newDocumentBuilder()
        .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
  }

  private static Element directChild(Element parent, String name) {
    for (org.w3c.dom.Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && e.getTagName().equals(name)) {
        return e;
      }
    }
    throw new AssertionError("no <" + name + "> in <" + parent.getTagName() + ">");
  }

  private static String text(Element parent, String name) {
    NodeList l = parent.getElementsByTagName(name);
    return l.getLength() == 0 ? null : l.item(0).getTextContent().trim();
  }
}
