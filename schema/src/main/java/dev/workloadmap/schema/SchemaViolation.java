package dev.workloadmap.schema;

import java.util.Objects;

/**
 * One place where a document breaks the Workload Map schema.
 *
 * @param pointer the RFC 6901 JSON pointer of the offending node: the unknown field itself for
 *     {@link Kind#UNKNOWN_FIELD}; the object that lacks a field for a missing required field or a broken object rule;
 *     the value itself otherwise. {@code ""} is the document root.
 * @param keyword the JSON Schema keyword that failed, such as {@code required}, {@code type}, {@code minItems},
 *     {@code additionalProperties} (unknown field), {@code anyOf} or {@code dependentRequired} (the selector rules of
 *     docs/format.md#pod-selector), or {@code x-kubernetes-list-map-keys} (a repeated list-map key,
 *     docs/format.md#shape-rules)
 * @param message a plain English sentence that says what is wrong and what to do, for example
 *     {@code unknown field "podTemplateSpecPth"; did you mean "podTemplateSpecPath"?}; it never repeats the pointer
 * @param kind {@link Kind#UNKNOWN_FIELD} for a field the form does not know, {@link Kind#ERROR} for everything else
 * @param suggestion for an unknown field, the closest known field name at the same place (by edit distance), or null
 *     when none is close; always null for other kinds
 */
public record SchemaViolation(
    String pointer, String keyword, String message, Kind kind, String suggestion) {

  /** How a violation should be treated. */
  public enum Kind {
    /** A real shape error: wrong type, missing required field, empty list, broken selector rule, and so on. */
    ERROR,
    /**
     * A field the form does not define (docs/format.md#validation-other). It is an error when linting; the run-time
     * loader reports it as a warning and ignores the field, as a cluster would prune it.
     */
    UNKNOWN_FIELD
  }

  /**
   * Checks the components.
   *
   * @throws NullPointerException if pointer, keyword, message or kind is null
   * @throws IllegalArgumentException if a suggestion is given for a violation that is not an unknown field
   */
  public SchemaViolation {
    Objects.requireNonNull(pointer, "pointer");
    Objects.requireNonNull(keyword, "keyword");
    Objects.requireNonNull(message, "message");
    Objects.requireNonNull(kind, "kind");
    if (suggestion != null && kind != Kind.UNKNOWN_FIELD) {
      throw new IllegalArgumentException("a suggestion is only given for an unknown field");
    }
  }

  /** True for {@link Kind#UNKNOWN_FIELD}. */
  public boolean isUnknownField() {
    return kind == Kind.UNKNOWN_FIELD;
  }

  /** {@code /pointer [keyword] message}, for logs and test failure output. */
  @Override
  public String toString() {
    return (pointer.isEmpty() ? "(document)" : pointer) + " [" + keyword + "] " + message;
  }
}
