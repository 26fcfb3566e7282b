package dev.workloadmap.sdk.internal.jq;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.workloadmap.sdk.internal.jqast.JqNode;
import dev.workloadmap.sdk.internal.jqast.JqParser;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;

/**
 * The fast path for the most common kind of definition expression, a plain path such as {@code .status.conditions},
 * {@code .spec.replicatedJobs[].template.spec.template}, {@code .metadata.labels["app"]}, {@code .items[0].name} or
 * {@code .spec.tasks[]?.replicas}: field names, string and non-negative integer indexes, iteration and {@code ?}, and
 * nothing else. It walks the key-sorted input directly instead of running jackson-jq (docs/format.md#jq: same results,
 * in the same order).
 *
 * <p>It only takes the paths where jq cannot fail: a field or string index of an object or {@code null}, an integer
 * index of an array or {@code null}, iteration over an array or an object (in key order, as the canonical input
 * iterates). On any other shape (indexing a string, iterating {@code null}, ...), or more results than allowed, it
 * gives up ({@link #apply} returns null) and the caller runs the expression in the engine, which then reports the
 * reference's error or applies {@code ?}. Since {@code body?} is {@code body} when nothing fails, {@code ?} needs no
 * handling of its own. Results are subtrees of the canonical input, hence canonical themselves. Immutable and
 * thread-safe.
 */
final class PlainPath {
  /**
   * One step: a field name (for a field or string index), an array index, or iteration. Field names are interned, as
   * Jackson interns the names it parses, so that looking one up in a parsed object finds its key by identity.
   */
  private record Step(String field, int index, boolean iterate) {}

  private final Step[] steps;
  /** No iteration: exactly one result (or giving up), so no result list is grown. */
  private final boolean single;

  private PlainPath(Step[] steps) {
    this.steps = steps;
    boolean iterates = false;
    for (Step s : steps) {
      iterates |= s.iterate;
    }
    this.single = !iterates;
  }

  /** The plain path {@code expression} is, or null when it is anything else (or does not parse). */
  static PlainPath of(String expression) {
    if (!mayBePlain(expression)) {
      return null; // most expressions: no second parse (compile already parses once in jackson-jq)
    }
    JqNode root;
    try {
      root = JqParser.parse(expression);
    } catch (RuntimeException
        | StackOverflowError e) { // JqSyntaxException, or anything the engine reports itself
      return null;
    }
    List<Step> steps = new ArrayList<>();
    return collect(root, steps) ? new PlainPath(steps.toArray(new Step[0])) : null;
  }

  /**
   * A cheap look at the text: outside string literals, a plain path has only names, digits, {@code . [ ] ? "}; any
   * other character (a space, an operator, a parenthesis, a comment) rules it out before parsing.
   */
  static boolean mayBePlain(String expression) {
    if (expression.isEmpty() || expression.charAt(0) != '.') {
      return false;
    }
    boolean inString = false;
    for (int i = 0; i < expression.length(); i++) {
      char c = expression.charAt(i);
      if (inString) {
        if (c == '\\') {
          i++; // the escaped char, whatever it is
        } else if (c == '"') {
          inString = false;
        }
      } else if (c == '"') {
        inString = true;
      } else if (!(Character.isLetterOrDigit(c)
          || c == '_'
          || c == '.'
          || c == '['
          || c == ']'
          || c == '?')) {
        return false;
      }
    }
    return !inString;
  }

  /**
   * The steps of a plain path without iteration, target first: a {@code String} per field or string index, an {@code
   * Integer} per non-negative integer index; null for anything else (FastEval's paths under {@code ?}).
   */
  static Object[] fieldsAndIndexes(JqNode node) {
    List<Step> steps = new ArrayList<>();
    if (!collect(node, steps)) {
      return null;
    }
    Object[] out = new Object[steps.size()];
    for (int i = 0; i < out.length; i++) {
      Step s = steps.get(i);
      if (s.iterate) {
        return null;
      }
      out[i] = s.field != null ? s.field : Integer.valueOf(s.index);
    }
    return out;
  }

  /** Appends the steps of {@code node} (target first); false when it is not a plain path. */
  private static boolean collect(JqNode node, List<Step> out) {
    if (node == null || node instanceof JqNode.Identity) {
      return true;
    }
    if (node instanceof JqNode.Optional o) {
      return collect(o.body(), out);
    }
    if (node instanceof JqNode.Field f) {
      String name = f.name() != null ? f.name() : literal(f.nameString());
      if (name == null || !collect(f.target(), out)) {
        return false;
      }
      out.add(new Step(name.intern(), 0, false));
      return true;
    }
    if (node instanceof JqNode.Index ix) {
      if (!collect(ix.target(), out)) {
        return false;
      }
      if (ix.index() instanceof JqNode.StringLit s && literal(s) != null) {
        out.add(new Step(literal(s).intern(), 0, false));
        return true;
      }
      if (ix.index() instanceof JqNode.NumberLit n && isSmallNatural(n.text())) {
        out.add(new Step(null, Integer.parseInt(n.text()), false));
        return true;
      }
      return false;
    }
    if (node instanceof JqNode.Iterate it) {
      if (!collect(it.target(), out)) {
        return false;
      }
      out.add(new Step(null, 0, true));
      return true;
    }
    return false;
  }

  /** The text of a plain string literal, or null for an interpolated (formatted) one. */
  static String literal(JqNode.StringLit s) {
    return s == null || s.format() != null ? null : s.literal();
  }

  /** Digits only, at most 9 of them (no sign, fraction or exponent): an index that is an int as written. */
  static boolean isSmallNatural(String text) {
    if (text.isEmpty() || text.length() > 9) {
      return false;
    }
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
    }
    return true;
  }

  /**
   * The results of the path on {@code input} (a canonical tree, see {@link SortedKeys}), or null when the path meets
   * a shape it leaves to the engine, or yields more than {@code maxResults} results.
   */
  List<JsonNode> apply(JsonNode input, int maxResults) {
    List<JsonNode> out = new ArrayList<>(2);
    if (!walk(input, 0, out, maxResults, true)) {
      return null;
    }
    return Collections.unmodifiableList(out);
  }

  /**
   * As {@link #apply(JsonNode, int)} on {@code input}'s key-sorted form, without making that form when it is not made
   * yet: the path walks the given tree instead, where a field or an index reaches the same value (key order matters
   * only to iterating an object, and there it gives up), and each result is brought into the canonical form the
   * sorted tree holds. So a pod asked only plain paths is never copied.
   */
  List<JsonNode> apply(dev.workloadmap.sdk.jq.JqInput input, int maxResults) {
    JsonNode sorted = input.sortedIfMade();
    if (sorted != null) {
      return apply(sorted, maxResults);
    }
    if (single && maxResults >= 1) {
      JsonNode v = one(input.original());
      return v == null ? apply(input.node(), maxResults) : List.of(SortedKeys.lazyCanonical(v));
    }
    List<JsonNode> out = new ArrayList<>(2);
    if (!walk(input.original(), 0, out, maxResults, false)) {
      return apply(input.node(), maxResults);
    }
    for (int i = 0; i < out.size(); i++) {
      // an object (a pod template) is brought into the canonical form only when it is read
      out.set(i, SortedKeys.lazyCanonical(out.get(i)));
    }
    return Collections.unmodifiableList(out);
  }

  /**
   * The one result of a path without iteration, as {@link #apply(dev.workloadmap.sdk.jq.JqInput, int)} would give it
   * in a list of one, without the list and without making the key-sorted form; null when the path iterates, when
   * {@code maxResults} is below 1, or when {@link #apply(dev.workloadmap.sdk.jq.JqInput, int)} would not answer from
   * the tree at hand (the caller then asks it, which takes the same fast path or the engine). For callers that read one
   * value per pod (instance ids, replica keys, group keys): no allocation on the way.
   */
  JsonNode one(dev.workloadmap.sdk.jq.JqInput input, int maxResults) {
    if (!single || maxResults < 1) {
      return null;
    }
    JsonNode sorted = input.sortedIfMade();
    if (sorted != null) {
      return one(sorted); // a canonical tree holds no missing node, and its subtrees are canonical
    }
    JsonNode v = one(input.original());
    return v == null ? null : SortedKeys.lazyCanonical(v);
  }

  /**
   * The one result of a path without iteration on a tree in the caller's key order, as {@link #walk} with {@code
   * sorted} false would give it; null where that gives up.
   */
  private JsonNode one(JsonNode value) {
    return one(value, 0, steps.length);
  }

  /** True when the path does not iterate: at most one result. */
  boolean single() {
    return single;
  }

  /** Steps of a path without iteration: how many there are ({@link #one(JsonNode, int, int)} walks a range of them). */
  int length() {
    return steps.length;
  }

  /** True when this path's first {@code n} steps are {@code other}'s first {@code n} steps. */
  boolean sharesSteps(PlainPath other, int n) {
    if (n > steps.length || n > other.steps.length) {
      return false;
    }
    for (int i = 0; i < n; i++) {
      if (!steps[i].equals(other.steps[i])) {
        return false;
      }
    }
    return true;
  }

  /**
   * {@link #one(JsonNode)} walked from step {@code from} to step {@code to} (exclusive): the walk of all steps is the
   * walk of the first {@code k} then of the rest from where it stopped, so paths that share their first {@code k}
   * steps may walk those once ({@link PathGroup}). Null where the walk gives up.
   */
  JsonNode one(JsonNode value, int from, int to) {
    JsonNode v = value;
    for (int i = from; i < to; i++) {
      Step s = steps[i];
      if (v.isMissingNode()) {
        return null;
      }
      if (v.isNull()) {
        v = NullNode.getInstance();
        continue;
      }
      JsonNode child;
      if (s.field != null) {
        if (!v.isObject()) {
          return null;
        }
        child = v.get(s.field);
      } else {
        if (!v.isArray()) {
          return null;
        }
        child = v.get(s.index);
      }
      v = child == null ? NullNode.getInstance() : child;
    }
    return v;
  }

  /**
   * Walks the steps from {@code from}; false when the path meets a shape it leaves to the engine (or to the sorted
   * tree: {@code sorted} is false for a tree in the caller's key order, where iterating an object would give the values
   * in the wrong order, and a missing node is not the canonical null).
   */
  private boolean walk(
      JsonNode value, int from, List<JsonNode> out, int maxResults, boolean sorted) {
    JsonNode v = value;
    for (int i = from; i < steps.length; i++) {
      Step s = steps[i];
      if (s.iterate) {
        if (!v.isArray() && !(sorted && v.isObject())) {
          return false;
        }
        for (Iterator<JsonNode> it = v.elements(); it.hasNext(); ) {
          if (!walk(it.next(), i + 1, out, maxResults, sorted)) {
            return false;
          }
        }
        return true;
      }
      if (!sorted && v.isMissingNode()) {
        return false;
      }
      if (v.isNull()) {
        v = NullNode.getInstance();
        continue;
      }
      if (s.field != null) {
        if (!v.isObject()) {
          return false;
        }
        JsonNode child = v.get(s.field);
        v = child == null ? NullNode.getInstance() : child;
      } else {
        if (!v.isArray()) {
          return false;
        }
        JsonNode child = v.get(s.index);
        v = child == null ? NullNode.getInstance() : child;
      }
    }
    if (out.size() >= maxResults) {
      return false;
    }
    out.add(v);
    return true;
  }
}
