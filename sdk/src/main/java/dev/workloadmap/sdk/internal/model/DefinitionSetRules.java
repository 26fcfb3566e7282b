package dev.workloadmap.sdk.internal.model;

import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.definition.Gvk;
import dev.workloadmap.sdk.validation.Finding;
import dev.workloadmap.sdk.validation.Severity;
import dev.workloadmap.sdk.yaml.SourceLocation;
import java.util.ArrayList;
import java.util.List;

/**
 * The rules over a set of definition files rather than one document, in one place for every front-end: {@code
 * workloadmap validate} and {@code workloadmap:validate} (a file or a folder), and {@code register} (through {@code
 * DefinitionRegistry}). Not API.
 *
 * <ul>
 *   <li>{@value #NO_DEFINITION}: a file that holds no definition (empty, or only comments and empty documents) is an
 *       error: it was given (or lies in the definitions folder) to define something.
 *   <li>{@value #DUPLICATE_GVK}: two definitions of one set covering the same root GVK are an error: a cluster would
 *       hold two Karta objects for the kind, which KAI ignores both of ("found multiple Kartas") and the CLI reports as
 *       ambiguous (docs/format.md#cli-resolution). The finding sits at the later definition's root kind and names the
 *       earlier one's.
 * </ul>
 */
public final class DefinitionSetRules {

  /** Rule id of a file without any definition. */
  public static final String NO_DEFINITION = "file.no-definition";
  /** Rule id of two definitions covering one root GVK. */
  public static final String DUPLICATE_GVK = "definition.duplicate-gvk";

  static final String ROOT_KIND = "/spec/structureDefinition/rootComponent/kind";

  private DefinitionSetRules() {}

  /** The finding for {@code file}, which holds no definition document. */
  public static Finding noDefinition(String file) {
    return new Finding(
        NO_DEFINITION,
        Severity.ERROR,
        "the file holds no definition (it is empty, or only comments" + " and empty documents)",
        SourceLocation.ofFile(file),
        "write a run.ai/v1alpha1 Karta document into it," + " or remove the file",
        null);
  }

  /**
   * One finding per definition that covers a root GVK an earlier definition of {@code definitions} already covers, in
   * the order given; definitions without a root GVK are skipped.
   *
   * @return the findings, each paired with the index of the definition it is reported on
   */
  public static List<Indexed> duplicateGvks(List<Definition> definitions) {
    List<Indexed> out = new ArrayList<>();
    for (int i = 0; i < definitions.size(); i++) {
      Gvk g = definitions.get(i).rootGvk();
      if (g == null) {
        continue;
      }
      for (int j = 0; j < i; j++) {
        if (g.equals(definitions.get(j).rootGvk())) {
          Definition first = definitions.get(j);
          Definition second = definitions.get(i);
          SourceLocation firstAt = first.locate(ROOT_KIND);
          out.add(new Indexed(
              i,
              new Finding(
                  DUPLICATE_GVK,
                  Severity.ERROR,
                  "definition " + second.name()
                      + " covers " + g + ", which definition " + first.name() + " at "
                      + firstAt.position() + " already covers",
                  second.locate(ROOT_KIND),
                  "keep one definition per root kind (a second version of a kind is its own folder at that version)",
                  null)));
          break;
        }
      }
    }
    return out;
  }

  /**
   * A finding and the index of the definition it belongs to.
   *
   * @param index the definition's index in the list given
   * @param finding the finding
   */
  public record Indexed(int index, Finding finding) {}
}
