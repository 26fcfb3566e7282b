package dev.workloadmap.archetype;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

/** Reads the few POM elements the tests compare, with the JDK's DOM parser (no Maven model on the test path). */
final class Poms {
  private Poms() {}

  /** The repository root, from the surefire system property the module's POM sets. */
  static Path repository() {
    String dir = System.getProperty("workloadmap.repository.dir");
    if (dir == null || dir.isBlank()) {
      throw new IllegalStateException(
          "system property workloadmap.repository.dir is not set (run the tests with Maven)");
    }
    return Path.of(dir);
  }

  static Element read(Path pom) {
    try {
      DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
      f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      Document doc = f.newDocumentBuilder().parse(Files.newInputStream(pom));
      return doc.getDocumentElement();
    } catch (IOException | ParserConfigurationException | SAXException e) {
      throw new IllegalStateException("cannot read " + pom + ": " + e.getMessage(), e);
    }
  }

  /** The direct child named {@code name}, or null. */
  static Element child(Element parent, String name) {
    if (parent == null) {
      return null;
    }
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && e.getTagName().equals(name)) {
        return e;
      }
    }
    return null;
  }

  /** The direct children named {@code name}. */
  static List<Element> children(Element parent, String name) {
    List<Element> out = new ArrayList<>();
    if (parent == null) {
      return out;
    }
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && e.getTagName().equals(name)) {
        out.add(e);
      }
    }
    return out;
  }

  /** The trimmed text of the child at {@code path} (names separated by '/'), or null when absent. */
  static String text(Element parent, String path) {
    Element e = parent;
    for (String name : path.split("/")) {
      e = child(e, name);
      if (e == null) {
        return null;
      }
    }
    return e.getTextContent().trim();
  }

  /** {@code <properties>} as a map, in document order. */
  static Map<String, String> properties(Element project) {
    Map<String, String> out = new LinkedHashMap<>();
    Element props = child(project, "properties");
    if (props != null) {
      for (Node n = props.getFirstChild(); n != null; n = n.getNextSibling()) {
        if (n instanceof Element e) {
          out.put(e.getTagName(), e.getTextContent().trim());
        }
      }
    }
    return out;
  }
}
