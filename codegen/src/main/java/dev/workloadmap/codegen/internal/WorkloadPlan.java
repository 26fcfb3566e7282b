package dev.workloadmap.codegen.internal;

import com.palantir.javapoet.ClassName;
import dev.workloadmap.codegen.DefinitionSource;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.yaml.SourceLocation;
import java.util.List;

/**
 * Everything an emitter needs to write one generated class: the definition, the class name, and each component's
 * Java names (already checked for collisions).
 *
 * @param source the definition and its file
 * @param className the generated class
 * @param components every component, root first, then children in declaration order
 */
public record WorkloadPlan(
    DefinitionSource source, ClassName className, List<ComponentPlan> components) {

  public WorkloadPlan {
    components = List.copyOf(components);
  }

  public Definition definition() {
    return source.definition();
  }

  /** The class path resource name of the bundled definition, beside the class. */
  public String resourceName() {
    return className.simpleName() + ".definition.yaml";
  }

  /** {@code file:line} of a field of the definition, for Javadoc (column left out: it is noise in prose). */
  public String at(String pointer) {
    SourceLocation l = definition().locate(pointer);
    return Javadocs.escape(l.line() > 0 ? l.file() + ":" + l.line() : l.file());
  }

  /**
   * One Javadoc list item quoting a jq path: its field name, where it is, and the expression; empty when {@code
   * expression} is null.
   */
  public String pathItem(String label, String pointer, String expression) {
    if (expression == null || expression.isEmpty()) {
      return "";
    }
    return "<li>" + label + " (" + at(pointer) + "): " + Javadocs.code(expression) + "</li>\n";
  }
}
