package dev.workloadmap.sdk.internal.jq;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import net.thisptr.jackson.jq.Expression;
import net.thisptr.jackson.jq.Output;
import net.thisptr.jackson.jq.Scope;
import net.thisptr.jackson.jq.exception.JsonQueryException;
import net.thisptr.jackson.jq.path.Path;

/** Helpers shared by the binding's builtins. */
final class Streams {
  private Streams() {}

  /** jq truthiness: only {@code false} and {@code null} are false (FC-34). */
  static boolean truthy(JsonNode v) {
    return !(v == null || v.isNull() || v.isMissingNode() || (v.isBoolean() && !v.booleanValue()));
  }

  /** "type (value)" in the style of jq's error messages, with the value cut short. */
  static String describe(JsonNode v) {
    String type;
    if (v == null || v.isNull() || v.isMissingNode()) {
      type = "null";
    } else if (v.isTextual()) {
      type = "string";
    } else if (v.isNumber()) {
      type = "number";
    } else if (v.isBoolean()) {
      type = "boolean";
    } else if (v.isArray()) {
      type = "array";
    } else {
      type = "object";
    }
    String text = JsonText.toJson(v);
    if (text.length() > 30) {
      text = text.substring(0, 27) + "...";
    }
    return type + " (" + text + ")";
  }

  /**
   * Stops a generator early from inside its output callback. Each use creates its own instance and catches only
   * that instance, so nested uses never interfere; it is not a {@code JsonQueryException}, so jq's {@code try}
   * cannot catch it.
   */
  static final class Stop extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Stop() {
      super(null, null, false, false);
    }
  }

  /**
   * The outputs of one evaluation of an argument, in order, followed by the error that ended it, if any. Collecting
   * first and replaying afterwards lets loops run on an explicit stack instead of Java's, while keeping jq's order:
   * the error is rethrown exactly where the lazy evaluation would have raised it.
   */
  static final class Collected {
    final List<JsonNode> values = new ArrayList<>(2);
    final List<Path> paths = new ArrayList<>(2);
    JsonQueryException error;

    int size() {
      return values.size();
    }
  }

  /** Evaluates {@code e} on {@code in}; with {@code requirePath}, each output comes with its path. */
  static Collected collect(
      Expression e,
      Scope scope,
      JsonNode in,
      Path ipath,
      boolean requirePath,
      Deadline.State deadline) {
    Collected c = new Collected();
    try {
      e.apply(
          scope,
          in,
          ipath,
          (v, p) -> {
            deadline.tick(v);
            c.values.add(v);
            c.paths.add(p);
          },
          requirePath);
    } catch (JsonQueryException ex) {
      c.error = ex;
    }
    return c;
  }

  /** Evaluates {@code e} on {@code in} for its values only. */
  static Collected collectValues(Expression e, Scope scope, JsonNode in, Deadline.State deadline) {
    Collected c = new Collected();
    try {
      e.apply(scope, in, (Output) v -> {
        deadline.tick(v);
        c.values.add(v);
        c.paths.add(null);
      });
    } catch (JsonQueryException ex) {
      c.error = ex;
    }
    return c;
  }
}
