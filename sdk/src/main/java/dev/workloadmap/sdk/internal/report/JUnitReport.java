package dev.workloadmap.sdk.internal.report;

import dev.workloadmap.sdk.report.Reports;
import dev.workloadmap.sdk.validation.Finding;
import dev.workloadmap.sdk.validation.Severity;
import dev.workloadmap.sdk.verify.DefinitionResult;
import dev.workloadmap.sdk.verify.FixtureResult;
import dev.workloadmap.sdk.verify.VerifyReport;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * JUnit XML in the Surefire/Ant shape that CI test pages read: {@code <testsuites>} with one {@code <testsuite>} per
 * definition (named after the definition), holding one {@code <testcase name="validation">} and one {@code
 * <testcase name="fixture <name>">} per fixture. A validation case fails when the definition has errors (or
 * warnings, with {@code failOnWarning}); its {@code <failure>} lists every finding in the one-line format of {@link
 * Finding#format()} with file names relative to the base directory. A failed fixture's {@code <failure>} carries its
 * reason and findings; a skipped fixture is {@code <skipped>}. Times are not measured and written as 0.
 */
public final class JUnitReport {

  private JUnitReport() {}

  /**
   * The report as an XML document (UTF-8 declaration, final newline).
   *
   * @param failOnWarning whether a definition with warnings fails its validation case
   */
  public static String toXml(VerifyReport report, Path baseDir, boolean failOnWarning) {
    StringWriter text = new StringWriter();
    try {
      XMLStreamWriter x = XMLOutputFactory.newFactory().createXMLStreamWriter(text);
      x.writeStartDocument("UTF-8", "1.0");
      x.writeCharacters("\n");
      int tests = report.definitions().size() + report.fixtureCount();
      int failures = 0;
      int skipped = report.count(FixtureResult.Outcome.SKIPPED);
      for (DefinitionResult d : report.definitions()) {
        failures += validationFails(d, failOnWarning) ? 1 : 0;
        failures += (int) d.fixtures().stream()
            .filter(f -> f.outcome() == FixtureResult.Outcome.FAILED)
            .count();
      }
      x.writeStartElement("testsuites");
      x.writeAttribute("name", "workloadmap");
      x.writeAttribute("tests", Integer.toString(tests));
      x.writeAttribute("failures", Integer.toString(failures));
      x.writeAttribute("errors", "0");
      x.writeAttribute("skipped", Integer.toString(skipped));
      for (DefinitionResult d : report.definitions()) {
        suite(x, d, baseDir, failOnWarning);
      }
      x.writeCharacters("\n");
      x.writeEndElement();
      x.writeEndDocument();
      x.close();
    } catch (XMLStreamException e) {
      throw new IllegalStateException("cannot write JUnit XML: " + e.getMessage(), e);
    }
    return text + "\n";
  }

  private static boolean validationFails(DefinitionResult d, boolean failOnWarning) {
    return d.report().hasErrors() || (failOnWarning && !d.report().warnings().isEmpty());
  }

  private static void suite(
      XMLStreamWriter x, DefinitionResult d, Path baseDir, boolean failOnWarning)
      throws XMLStreamException {
    String file = d.file() == null ? "" : Reports.relative(d.file().toString(), baseDir);
    String className = "workloadmap." + d.name();
    int failures = (validationFails(d, failOnWarning) ? 1 : 0)
        + (int) d.fixtures().stream()
            .filter(f -> f.outcome() == FixtureResult.Outcome.FAILED)
            .count();
    x.writeCharacters("\n  ");
    x.writeStartElement("testsuite");
    x.writeAttribute("name", d.name());
    x.writeAttribute("tests", Integer.toString(1 + d.fixtures().size()));
    x.writeAttribute("failures", Integer.toString(failures));
    x.writeAttribute("errors", "0");
    x.writeAttribute(
        "skipped",
        Long.toString(d.fixtures().stream()
            .filter(f -> f.outcome() == FixtureResult.Outcome.SKIPPED)
            .count()));
    x.writeAttribute("time", "0");
    if (!file.isEmpty()) {
      x.writeAttribute("file", file);
    }

    x.writeCharacters("\n    ");
    x.writeStartElement("testcase");
    x.writeAttribute("classname", className);
    x.writeAttribute("name", "validation");
    x.writeAttribute("time", "0");
    List<Finding> findings = d.report().findings();
    if (validationFails(d, failOnWarning)) {
      failure(
          x,
          d.report().errors().size() + " error(s), " + d.report().warnings().size() + " warning(s)",
          "validation",
          lines(findings, baseDir));
    } else if (!findings.isEmpty()) {
      systemOut(x, lines(findings, baseDir));
    }
    x.writeEndElement();

    for (FixtureResult f : d.fixtures()) {
      x.writeCharacters("\n    ");
      x.writeStartElement("testcase");
      x.writeAttribute("classname", className);
      x.writeAttribute("name", "fixture " + f.name());
      x.writeAttribute("time", "0");
      String reason = f.reason() == null ? "" : f.reason();
      switch (f.outcome()) {
        case FAILED ->
          failure(
              x,
              reason.isEmpty() ? "fixture failed" : reason,
              "fixture",
              (reason.isEmpty() ? "" : reason + "\n") + lines(f.findings(), baseDir));
        case SKIPPED -> {
          x.writeCharacters("\n      ");
          x.writeEmptyElement("skipped");
          x.writeAttribute("message", reason);
          x.writeCharacters("\n    ");
        }
        default -> {
          if (!f.findings().isEmpty()) {
            systemOut(x, lines(f.findings(), baseDir));
          }
        }
      }
      x.writeEndElement();
    }
    x.writeCharacters("\n  ");
    x.writeEndElement();
  }

  private static void failure(XMLStreamWriter x, String message, String type, String body)
      throws XMLStreamException {
    x.writeCharacters("\n      ");
    x.writeStartElement("failure");
    x.writeAttribute("message", message);
    x.writeAttribute("type", type);
    x.writeCharacters(body);
    x.writeEndElement();
    x.writeCharacters("\n    ");
  }

  private static void systemOut(XMLStreamWriter x, String body) throws XMLStreamException {
    x.writeCharacters("\n      ");
    x.writeStartElement("system-out");
    x.writeCharacters(body);
    x.writeEndElement();
    x.writeCharacters("\n    ");
  }

  /** One line per finding: severity, then the relative position, pointer, message, rule id and hint. */
  static String lines(List<Finding> findings, Path baseDir) {
    return findings.stream().map(f -> line(f, baseDir)).collect(Collectors.joining("\n"));
  }

  private static String line(Finding f, Path baseDir) {
    Finding shown = new Finding(
        f.ruleId(),
        f.severity(),
        f.message(),
        new dev.workloadmap.sdk.yaml.SourceLocation(
            Reports.relative(f.location().file(), baseDir),
            f.location().line(),
            f.location().column(),
            f.location().pointer()),
        f.hint(),
        f.expression());
    return (f.severity() == Severity.INFO ? "INFO" : f.severity().name()) + " " + shown.format();
  }
}
