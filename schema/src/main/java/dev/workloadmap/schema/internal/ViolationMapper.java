package dev.workloadmap.schema.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import com.networknt.schema.path.NodePath;
import dev.workloadmap.schema.SchemaForm;
import dev.workloadmap.schema.SchemaViolation;
import dev.workloadmap.schema.SchemaViolation.Kind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Turns networknt {@link Error}s into {@link SchemaViolation}s: a JSON pointer to the offending node, the keyword,
 * and a plain English message that says what to do.
 *
 * <p>The schema may carry three annotations that this class reads:
 *
 * <ul>
 *   <li>{@value #MESSAGES_KEYWORD}: on a schema object, an object from keyword to the whole message for a failure of
 *       that keyword on the object, such as the CRD's texts for the selector rules ({@code anyOf},
 *       {@code dependentRequired}).
 *   <li>{@value #PATTERN_MESSAGE_KEYWORD}: on a string schema, the sentence to show when its {@code pattern} fails
 *       (editors based on vscode-json-languageservice show the same text); {@code , got <value>} is appended.
 *   <li>{@value #CURRENT_FORM_KEYWORD}: on a legacy-form object schema, a {@code #/$defs/...} reference to its
 *       current-form counterpart. An unknown field that the counterpart defines gets a message saying the field
 *       exists only in the current form (docs/format.md#legacy-mapping).
 * </ul>
 *
 * <p>Errors from the branches of an {@code anyOf} or {@code oneOf} are folded into one violation for the object.
 */
public final class ViolationMapper {

  /** Custom messages per keyword; an {@code x-} keyword, so that editors ignore it. */
  public static final String MESSAGES_KEYWORD = "x-workloadmap-messages";

  /** The editors' (vscode-json-languageservice, yaml-language-server) message for a failed {@code pattern}. */
  public static final String PATTERN_MESSAGE_KEYWORD = "patternErrorMessage";

  /** Legacy-form schema objects point at their current-form counterpart with this annotation. */
  public static final String CURRENT_FORM_KEYWORD = "x-workloadmap-current-form";

  private static final int MAX_VALUE_TEXT = 80;

  private final SchemaDocument schema;

  /** A mapper that reads annotations and field names from {@code schema}, the schema networknt validated with. */
  public ViolationMapper(SchemaDocument schema) {
    this.schema = Objects.requireNonNull(schema, "schema");
  }

  /**
   * Translates the errors of one validation.
   *
   * @param errors the networknt errors, in networknt's order
   * @param form the form the document was checked against
   * @return one violation per distinct problem, in networknt's order (callers sort)
   */
  public List<SchemaViolation> map(List<Error> errors, SchemaForm form) {
    // Each slot is a translated violation or the key of a combinator group, so that a folded
    // anyOf/oneOf
    // violation keeps the place of its first branch error.
    List<Object> slots = new ArrayList<>();
    Map<String, List<Error>> combinatorGroups = new LinkedHashMap<>();
    for (Error e : errors) {
      String fragment = fragment(e);
      int branch = combinatorBranch(fragment);
      if (branch >= 0) {
        String key = fragment.substring(0, branch) + "\n" + pointer(e.getInstanceLocation());
        combinatorGroups
            .computeIfAbsent(key, k -> {
              slots.add(k);
              return new ArrayList<>();
            })
            .add(e);
      } else {
        slots.add(translate(e, fragment, form));
      }
    }
    Set<SchemaViolation> out = new LinkedHashSet<>();
    for (Object slot : slots) {
      if (slot instanceof SchemaViolation v) {
        out.add(v);
      } else {
        String key = (String) slot;
        out.add(combine(key.substring(0, key.indexOf('\n')), combinatorGroups.get(key), form));
      }
    }
    return new ArrayList<>(out);
  }

  // ---------------------------------------------------------------- single errors

  private SchemaViolation translate(Error e, String fragment, SchemaForm form) {
    String keyword = e.getKeyword();
    String pointer = pointer(e.getInstanceLocation());
    JsonNode owner = schema.at(Pointers.parent(fragment));
    JsonNode keywordValue = schema.at(fragment);
    JsonNode instance = e.getInstanceNode();
    String label = Pointers.label(pointer);
    String custom = customMessage(owner, keyword);
    switch (keyword) {
      case "additionalProperties":
        return unknownField(pointer, keyword, e.getProperty(), owner, form);
      case "required":
        return error(pointer, keyword, "missing required field \"" + e.getProperty() + "\"");
      case "type":
        return error(
            pointer,
            keyword,
            capitalize(label) + " must be " + expectedTypes(keywordValue) + ", got "
                + typeOf(instance));
      case "const":
        return error(
            pointer,
            keyword,
            capitalize(label) + " must be " + keywordValue + ", got " + text(instance));
      case "enum":
        return error(
            pointer,
            keyword,
            capitalize(label) + " must be one of " + joinValues(keywordValue) + ", got "
                + text(instance));
      case "minItems":
        return error(
            pointer,
            keyword,
            capitalize(label) + " must have at least "
                + count(keywordValue.asInt(), "item", "items"));
      case "minProperties":
        return error(
            pointer,
            keyword,
            capitalize(label) + " must have at least "
                + count(keywordValue.asInt(), "entry", "entries"));
      case "minLength":
        return error(
            pointer,
            keyword,
            keywordValue.asInt() == 1
                ? capitalize(label) + " must not be empty"
                : capitalize(label) + " must be at least "
                    + count(keywordValue.asInt(), "character", "characters") + " long");
      case "maxLength":
        return error(
            pointer,
            keyword,
            capitalize(label) + " must be at most "
                + count(keywordValue.asInt(), "character", "characters") + " long, got "
                + instance.asText().length());
      case "pattern":
        JsonNode patternMessage = owner.path(PATTERN_MESSAGE_KEYWORD);
        return error(
            pointer,
            keyword,
            (patternMessage.isTextual()
                    ? patternMessage.textValue()
                    : capitalize(label) + " must match the regular expression "
                        + keywordValue.asText())
                + ", got " + text(instance));
      case "uniqueItems":
        return error(
            pointer,
            keyword,
            capitalize(label) + " must not repeat an entry: " + firstRepeat(instance));
      case "dependentRequired":
        return error(
            pointer, keyword, custom != null ? custom : dependentRequired(e, keywordValue));
      default:
        return error(
            pointer, keyword, custom != null ? custom : capitalize(label) + ": " + e.getMessage());
    }
  }

  private SchemaViolation unknownField(
      String objectPointer, String keyword, String field, JsonNode owner, SchemaForm form) {
    String pointer = Pointers.child(objectPointer, field);
    JsonNode currentForm = owner.path(CURRENT_FORM_KEYWORD);
    if (form == SchemaForm.LEGACY && currentForm.isTextual()) {
      JsonNode counterpart = schema.resolve(currentForm.textValue());
      if (counterpart.path("properties").has(field)) {
        return new SchemaViolation(
            pointer,
            keyword,
            "unknown field \"" + field + "\": the legacy " + SchemaForm.LEGACY.kind()
                + " form does not have it; it exists only in the current form (apiVersion "
                + SchemaForm.CURRENT.apiVersion() + ", kind " + SchemaForm.CURRENT.kind()
                + "), so move the definition to that form or remove the field",
            Kind.UNKNOWN_FIELD,
            null);
      }
    }
    List<String> known = new ArrayList<>();
    owner.path("properties").fieldNames().forEachRemaining(known::add);
    String suggestion = NameSuggester.suggest(field, known);
    String message = suggestion != null
        ? "unknown field \"" + field + "\"; did you mean \"" + suggestion + "\"?"
        : known.isEmpty()
            ? "unknown field \"" + field + "\"; remove it"
            : "unknown field \"" + field + "\"; the fields allowed here are "
                + String.join(", ", known);
    return new SchemaViolation(pointer, keyword, message, Kind.UNKNOWN_FIELD, suggestion);
  }

  private static String dependentRequired(Error e, JsonNode keywordValue) {
    String present = e.getProperty();
    List<String> needed = new ArrayList<>();
    keywordValue.path(present).forEach(n -> needed.add("\"" + n.asText() + "\""));
    return "\"" + present + "\" requires " + String.join(" and ", needed);
  }

  // ---------------------------------------------------------------- anyOf / oneOf

  private SchemaViolation combine(
      String combinatorFragment, List<Error> branchErrors, SchemaForm form) {
    String keyword = combinatorFragment.substring(combinatorFragment.lastIndexOf('/') + 1);
    JsonNode owner = schema.at(Pointers.parent(combinatorFragment));
    String pointer = pointer(branchErrors.get(0).getInstanceLocation());
    String custom = customMessage(owner, keyword);
    if (custom != null) {
      return error(pointer, keyword, custom);
    }
    List<String> requiredOnly = requiredOnlyBranches(schema.at(combinatorFragment));
    if (requiredOnly != null && keyword.equals("anyOf")) {
      return error(
          pointer, keyword, "at least one of " + joinAlternatives(requiredOnly) + " must be set");
    }
    Set<String> reasons = new LinkedHashSet<>();
    for (Error e : branchErrors) {
      reasons.add(translate(e, fragment(e), form).message());
    }
    return error(
        pointer,
        keyword,
        capitalize(Pointers.label(pointer)) + " must match "
            + (keyword.equals("oneOf") ? "exactly one" : "at least one")
            + " of the allowed shapes, but: "
            + String.join("; or ", reasons));
  }

  /** The single field each branch requires, when every branch is just {@code {"required": [field]}}; else null. */
  private static List<String> requiredOnlyBranches(JsonNode branches) {
    List<String> fields = new ArrayList<>();
    for (JsonNode branch : branches) {
      JsonNode required = branch.path("required");
      if (branch.size() != 1 || !required.isArray() || required.size() != 1) {
        return null;
      }
      fields.add("\"" + required.get(0).asText() + "\"");
    }
    return fields.isEmpty() ? null : fields;
  }

  /** The index just past {@code /anyOf} or {@code /oneOf} when the fragment runs through a branch; else -1. */
  private static int combinatorBranch(String fragment) {
    int best = -1;
    for (String combinator : new String[] {"/anyOf/", "/oneOf/"}) {
      int i = fragment.lastIndexOf(combinator);
      if (i >= 0) {
        best = Math.max(best, i + combinator.length() - 1);
      }
    }
    return best;
  }

  // ---------------------------------------------------------------- helpers

  private static SchemaViolation error(String pointer, String keyword, String message) {
    return new SchemaViolation(pointer, keyword, message, Kind.ERROR, null);
  }

  private static String customMessage(JsonNode owner, String keyword) {
    JsonNode forKeyword = owner.path(MESSAGES_KEYWORD).path(keyword);
    return forKeyword.isTextual() ? forKeyword.textValue() : null;
  }

  /** The fragment of the failing keyword's schema location, such as {@code /$defs/Karta/required}. */
  private static String fragment(Error e) {
    String location = e.getSchemaLocation().toString();
    int hash = location.indexOf('#');
    return hash < 0 ? "" : location.substring(hash + 1);
  }

  /** An instance location as an RFC 6901 pointer, built from its elements so that every token is escaped. */
  static String pointer(NodePath path) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < path.getNameCount(); i++) {
      Object element = path.getElement(i);
      sb.append('/');
      sb.append(
          element instanceof Integer
              ? element.toString()
              : Pointers.escape(String.valueOf(element)));
    }
    return sb.toString();
  }

  private static String expectedTypes(JsonNode type) {
    if (type.isArray()) {
      List<String> names = new ArrayList<>();
      type.forEach(t -> names.add(article(t.asText())));
      return String.join(" or ", names);
    }
    return article(type.asText());
  }

  private static String article(String typeName) {
    switch (typeName) {
      case "null":
        return "null";
      case "object":
      case "array":
      case "integer":
        return "an " + typeName;
      default:
        return "a " + typeName;
    }
  }

  /** The JSON type of a value, with an article: {@code a number}, {@code an object}, {@code null}. */
  static String typeOf(JsonNode node) {
    if (node == null || node.isMissingNode()) {
      return "nothing";
    }
    switch (node.getNodeType()) {
      case OBJECT:
      case POJO:
        return "an object";
      case ARRAY:
        return "an array";
      case STRING:
      case BINARY:
        return "a string";
      case NUMBER:
        return "a number";
      case BOOLEAN:
        return "a boolean";
      default:
        return "null";
    }
  }

  private static String text(JsonNode node) {
    if (node == null || node.isMissingNode()) {
      return "nothing";
    }
    String text = node.toString();
    return text.length() <= MAX_VALUE_TEXT ? text : text.substring(0, MAX_VALUE_TEXT) + "...";
  }

  private static String joinValues(JsonNode values) {
    List<String> texts = new ArrayList<>();
    values.forEach(v -> texts.add(v.toString()));
    return String.join(", ", texts);
  }

  private static String joinAlternatives(List<String> names) {
    if (names.size() == 1) {
      return names.get(0);
    }
    return String.join(", ", names.subList(0, names.size() - 1)) + " or "
        + names.get(names.size() - 1);
  }

  private static String firstRepeat(JsonNode array) {
    for (int i = 1; i < array.size(); i++) {
      for (int j = 0; j < i; j++) {
        if (array.get(i).equals(array.get(j))) {
          return "item " + i + " is the same as item " + j + " (" + text(array.get(i)) + ")";
        }
      }
    }
    return "some items are the same";
  }

  private static String count(int n, String singular, String plural) {
    return n + " " + (n == 1 ? singular : plural);
  }

  private static String capitalize(String label) {
    return label.isEmpty() ? label : Character.toUpperCase(label.charAt(0)) + label.substring(1);
  }
}
