package dev.workloadmap.sdk.internal.model;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.schema.internal.NameSuggester;
import dev.workloadmap.sdk.validation.Finding;
import dev.workloadmap.sdk.validation.Severity;
import dev.workloadmap.sdk.yaml.SourceLocation;
import dev.workloadmap.sdk.yaml.YamlDocument;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Typed, position-aware reading of a definition document: every type problem, missing required field and unknown
 * field becomes a {@link Finding} at the node's position, and reading goes on (findings are collected, never
 * thrown).
 */
public final class NodeReader {
  private final YamlDocument doc;
  private final boolean unknownFieldsAreErrors;
  private final List<Finding> findings = new ArrayList<>();

  public NodeReader(YamlDocument doc, boolean unknownFieldsAreErrors) {
    this.doc = doc;
    this.unknownFieldsAreErrors = unknownFieldsAreErrors;
  }

  public List<Finding> findings() {
    return findings;
  }

  public SourceLocation locate(String pointer) {
    return doc.locate(pointer);
  }

  public void add(String ruleId, Severity severity, String pointer, String message, String hint) {
    findings.add(new Finding(ruleId, severity, message, locate(pointer), hint, null));
  }

  public static String child(String pointer, String field) {
    return pointer + "/" + field.replace("~", "~0").replace("/", "~1");
  }

  public static String child(String pointer, int index) {
    return pointer + "/" + index;
  }

  /** Reports every field of {@code obj} that is not in {@code known}, with the closest known name. */
  public void checkFields(JsonNode obj, String pointer, Set<String> known, String what) {
    checkFields(obj, pointer, known, Set.of(), what);
  }

  /**
   * Like {@link #checkFields(JsonNode, String, Set, String)}, but fields in {@code otherForm} get a message saying they
   * belong to the current form only (docs/format.md#legacy-mapping) and are always warnings.
   */
  public void checkFields(
      JsonNode obj, String pointer, Set<String> known, Set<String> otherForm, String what) {
    Iterator<String> names = obj.fieldNames();
    while (names.hasNext()) {
      String name = names.next();
      if (known.contains(name)) {
        continue;
      }
      String at = child(pointer, name);
      if (otherForm.contains(name)) {
        add(
            "model.current-form-field",
            Severity.WARNING,
            at,
            "field \"" + name
                + "\" exists only in the current form (run.ai/v1alpha1 Karta); the legacy"
                + " ResourceInterface ignores it",
            "migrate the document to apiVersion run.ai/v1alpha1, kind Karta");
        continue;
      }
      String suggestion = NameSuggester.suggest(name, known);
      add(
          "model.unknown-field",
          unknownFieldsAreErrors ? Severity.ERROR : Severity.WARNING,
          at,
          "unknown field \"" + name + "\" in " + what
              + (suggestion == null ? "" : "; did you mean \"" + suggestion + "\"?"),
          suggestion == null
              ? "remove it; known fields here: "
                  + String.join(", ", known.stream().sorted().toList())
              : "rename it to \"" + suggestion + "\"");
    }
  }

  /** The object at {@code field}, or null when absent or null; a non-object is reported. */
  public JsonNode object(JsonNode parent, String pointer, String field, boolean required) {
    return container(parent, pointer, field, required, true);
  }

  /** The array at {@code field}, or null when absent or null; a non-array is reported. */
  public JsonNode array(JsonNode parent, String pointer, String field, boolean required) {
    return container(parent, pointer, field, required, false);
  }

  private JsonNode container(
      JsonNode parent, String pointer, String field, boolean required, boolean object) {
    JsonNode n = parent.get(field);
    if (n == null || n.isNull()) {
      if (required) {
        missing(pointer, field);
      }
      return null;
    }
    if (object ? !n.isObject() : !n.isArray()) {
      wrongType(child(pointer, field), field, object ? "an object" : "a list", n);
      return null;
    }
    return n;
  }

  /**
   * The string at {@code field}, or null when absent. A YAML 1.1 boolean or number written without quotes in a string
   * field is an error that asks to quote it (docs/format.md#validation-other, FC-37, FC-40).
   */
  public String string(JsonNode parent, String pointer, String field, boolean required) {
    JsonNode n = parent.get(field);
    String at = child(pointer, field);
    if (n == null
        || (n.isNull()
            && doc.plainScalarText(at)
                .map(t -> t.isEmpty() || t.equals("~") || t.equalsIgnoreCase("null"))
                .orElse(true))) {
      if (required) {
        missing(pointer, field);
      }
      return null;
    }
    return stringValue(n, at, field);
  }

  /** The string value of an already-located node (list items, map values). */
  public String stringValue(JsonNode n, String at, String field) {
    if (n.isTextual()) {
      return n.asText();
    }
    if (n.isValueNode()) {
      String original = doc.plainScalarText(at).orElse(n.asText());
      add(
          "model.quote-value",
          Severity.ERROR,
          at,
          "\"" + field + "\" must be a string, but the unquoted value " + original + " reads as "
              + describe(n) + " in YAML 1.1",
          "quote this value: \"" + original + "\"");
      return null;
    }
    wrongType(at, field, "a string", n);
    return null;
  }

  /** A map of string to string (labels, matchLabels). */
  public Map<String, String> stringMap(JsonNode parent, String pointer, String field) {
    JsonNode n = object(parent, pointer, field, false);
    if (n == null) {
      return null;
    }
    Map<String, String> m = new LinkedHashMap<>();
    String at = child(pointer, field);
    n.properties().forEach(e -> {
      String v = stringValue(e.getValue(), child(at, e.getKey()), e.getKey());
      if (v != null) {
        m.put(e.getKey(), v);
      }
    });
    return m;
  }

  /** A list of strings (groupByKeyPaths, filters). */
  public List<String> stringList(JsonNode parent, String pointer, String field) {
    JsonNode n = array(parent, pointer, field, false);
    if (n == null) {
      return List.of();
    }
    List<String> out = new ArrayList<>();
    String at = child(pointer, field);
    for (int i = 0; i < n.size(); i++) {
      String v = stringValue(n.get(i), child(at, i), field + "[" + i + "]");
      if (v != null) {
        out.add(v);
      }
    }
    return out;
  }

  public void missing(String pointer, String field) {
    add(
        "model.required",
        Severity.ERROR,
        pointer,
        "missing required field \"" + field + "\"",
        "add \"" + field + "\" here");
  }

  public void wrongType(String at, String field, String expected, JsonNode actual) {
    add(
        "model.type",
        Severity.ERROR,
        at,
        "\"" + field + "\" must be " + expected + ", got " + describe(actual),
        "write " + field + " as " + expected);
  }

  static String describe(JsonNode n) {
    if (n.isTextual()) {
      return "a string";
    }
    if (n.isBoolean()) {
      return "a boolean";
    }
    if (n.isNumber()) {
      return "a number";
    }
    if (n.isNull()) {
      return "null";
    }
    if (n.isArray()) {
      return "a list";
    }
    if (n.isObject()) {
      return "an object";
    }
    return n.getNodeType().toString().toLowerCase(java.util.Locale.ROOT);
  }
}
