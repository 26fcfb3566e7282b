package dev.workloadmap.sdk.internal.validation;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.schema.SchemaForm;
import dev.workloadmap.schema.SchemaValidator;
import dev.workloadmap.schema.SchemaViolation;
import dev.workloadmap.sdk.definition.DefinitionForm;
import dev.workloadmap.sdk.validation.Finding;
import dev.workloadmap.sdk.validation.Severity;
import dev.workloadmap.sdk.validation.ValidationReport;
import dev.workloadmap.sdk.yaml.YamlDocument;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Layer 2 of the validation pipeline (docs/format.md#validation-layers): the CRD shape rules of
 * docs/format.md#shape-rules (required fields, {@code minItems}, {@code minProperties}, {@code minLength}, list-map key
 * uniqueness, sets, the two CEL rules of docs/format.md#pod-selector) and unknown fields, checked with the JSON Schema
 * of the {@code workloadmap-schema} module against the form that was read, each reported as a {@link Finding} with the
 * file, line, column and JSON pointer of the offending node.
 *
 * <p><b>One owner per problem.</b> Several problems are seen by more than one layer; each is reported once:
 *
 * <ul>
 *   <li>The shape layer ({@link dev.workloadmap.sdk.internal.definition.DefinitionLoader}) owns wrong types, missing fields
 *       it maps, unquoted YAML 1.1 scalars and unknown fields (whose severity follows its STRICT/LENIENT mode, and
 *       which in the legacy form are warnings, docs/format.md#legacy-mapping). A schema violation is dropped when an
 *       earlier finding sits at the same pointer; for {@code required} (reported at the parent object by both) only
 *       when the earlier finding names the same missing field.
 *   <li>The reference layer owns the selector rules (schema {@code anyOf}, {@code dependentRequired}) and duplicate
 *       component names ({@code x-kubernetes-list-map-keys}), because docs/format.md#validation-structure gives them
 *       the reference's messages. Such a schema violation is also dropped when an earlier finding sits at the same
 *       pointer or below it.
 *   <li>Everything else comes from this layer: rule id {@code schema.<keyword>} (for example {@code
 *       schema.minItems}, {@code schema.x-kubernetes-list-map-keys}), severity error; an unknown field that only the
 *       schema sees (for example inside {@code metadata}) gets the loader's rule id {@code model.unknown-field}, an
 *       error when unknown fields are errors and a warning otherwise.
 * </ul>
 *
 * <p>A document that is not a mapping, or whose apiVersion and kind name no form, is left to the shape layer (which
 * reports it); this layer then reports nothing. Instances are immutable and thread-safe.
 */
public final class SchemaCheck {

  /** The rule id of unknown fields, shared with the shape layer. */
  public static final String UNKNOWN_FIELD_RULE = "model.unknown-field";

  private static final Set<String> REFERENCE_OWNED =
      Set.of("anyOf", "dependentRequired", "x-kubernetes-list-map-keys");

  private final SchemaValidator validator;
  private final boolean unknownFieldsAreErrors;

  /**
   * @param unknownFieldsAreErrors true for linting (docs/format.md#validation-other: unknown fields are errors), false
   *     for run-time loading (warnings)
   */
  public SchemaCheck(boolean unknownFieldsAreErrors) {
    this.validator = SchemaValidator.getInstance();
    this.unknownFieldsAreErrors = unknownFieldsAreErrors;
  }

  /**
   * The schema findings of {@code document} that no earlier layer reports.
   *
   * @param document the YAML document as read (its tree and positions)
   * @param earlier the findings of the layers that own overlapping problems (shape and reference layers)
   * @return this layer's findings only, never null
   */
  public ValidationReport check(YamlDocument document, ValidationReport earlier) {
    Objects.requireNonNull(document, "document");
    Objects.requireNonNull(earlier, "earlier");
    JsonNode root = document.root();
    if (!root.isObject()) {
      return ValidationReport.empty();
    }
    DefinitionForm form =
        DefinitionForm.of(root.path("apiVersion").asText(""), root.path("kind").asText(""));
    if (form == null) {
      return ValidationReport.empty();
    }
    SchemaForm schemaForm = form == DefinitionForm.LEGACY ? SchemaForm.LEGACY : SchemaForm.CURRENT;
    List<Finding> out = new ArrayList<>();
    for (SchemaViolation v : validator.validate(root, schemaForm)) {
      if (!alreadyReported(v, earlier.findings())) {
        out.add(toFinding(v, document));
      }
    }
    return ValidationReport.of(out);
  }

  private static boolean alreadyReported(SchemaViolation v, List<Finding> earlier) {
    for (Finding f : earlier) {
      String at = f.location().pointer();
      if (at.equals(v.pointer())) {
        if (!v.keyword().equals("required") || f.message().equals(v.message())) {
          return true;
        }
      } else if (REFERENCE_OWNED.contains(v.keyword()) && at.startsWith(v.pointer() + "/")) {
        return true;
      }
    }
    return false;
  }

  private Finding toFinding(SchemaViolation v, YamlDocument document) {
    if (v.isUnknownField()) {
      return new Finding(
          UNKNOWN_FIELD_RULE,
          unknownFieldsAreErrors ? Severity.ERROR : Severity.WARNING,
          v.message(),
          document.locate(v.pointer()),
          v.suggestion() == null ? "remove it" : "rename it to \"" + v.suggestion() + "\"",
          null);
    }
    return new Finding(
        "schema." + v.keyword(),
        Severity.ERROR,
        v.message(),
        document.locate(v.pointer()),
        hint(v.keyword()),
        null);
  }

  private static String hint(String keyword) {
    return switch (keyword) {
      case "required" -> "add the missing field";
      case "minItems" -> "add at least one entry, or remove the field";
      case "minProperties" -> "add at least one entry, or remove the field";
      case "minLength" -> "write a non-empty value, or remove the field";
      case "x-kubernetes-list-map-keys", "uniqueItems" -> "remove or rename the repeated entry";
      case "type" -> "write the value with the type the field expects";
      case "enum", "const" -> "use one of the allowed values";
      default -> "see the JSON Schema " + SchemaValidator.SCHEMA_ID;
    };
  }
}
