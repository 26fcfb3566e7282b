package dev.workloadmap.sdk.internal.jq;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import net.thisptr.jackson.jq.Expression;
import net.thisptr.jackson.jq.Function;
import net.thisptr.jackson.jq.PathOutput;
import net.thisptr.jackson.jq.Scope;
import net.thisptr.jackson.jq.Version;
import net.thisptr.jackson.jq.exception.JsonQueryException;
import net.thisptr.jackson.jq.path.Path;

/**
 * Builtins whose result depends on object key order or number text, replaced so that objects the expression builds
 * itself (which jackson-jq keeps in insertion order) behave as in the reference engine: keys in code-point order,
 * numbers as gojq prints them (docs/format.md#jq-engines-differ).
 */
final class SortedBuiltins {
  private SortedBuiltins() {}

  /** {@code tostring}: a string as it is, anything else as its compact JSON text. */
  static final class ToString implements Function {
    @Override
    public void apply(
        Scope scope,
        List<Expression> args,
        JsonNode in,
        Path ipath,
        PathOutput output,
        Version version)
        throws JsonQueryException {
      output.emit(in.isTextual() ? in : TextNode.valueOf(JsonText.toJson(in)), null);
    }
  }

  /** {@code tojson}: the compact JSON text of any value. */
  static final class ToJson implements Function {
    @Override
    public void apply(
        Scope scope,
        List<Expression> args,
        JsonNode in,
        Path ipath,
        PathOutput output,
        Version version)
        throws JsonQueryException {
      output.emit(TextNode.valueOf(JsonText.toJson(in)), null);
    }
  }

  /** {@code keys}: an object's keys in code-point order, or an array's indices. */
  static final class Keys implements Function {
    @Override
    public void apply(
        Scope scope,
        List<Expression> args,
        JsonNode in,
        Path ipath,
        PathOutput output,
        Version version)
        throws JsonQueryException {
      ArrayNode out = JsonNodeFactory.instance.arrayNode(in.size());
      if (in.isObject()) {
        for (String k : sortedKeys(in)) {
          out.add(k);
        }
      } else if (in.isArray()) {
        for (int i = 0; i < in.size(); i++) {
          out.add(i);
        }
      } else {
        throw new JsonQueryException(Streams.describe(in) + " has no keys");
      }
      output.emit(out, null);
    }
  }

  /** {@code to_entries}: {@code {key, value}} pairs in key order (indices for an array). */
  static final class ToEntries implements Function {
    @Override
    public void apply(
        Scope scope,
        List<Expression> args,
        JsonNode in,
        Path ipath,
        PathOutput output,
        Version version)
        throws JsonQueryException {
      ArrayNode out = JsonNodeFactory.instance.arrayNode(in.size());
      if (in.isObject()) {
        for (String k : sortedKeys(in)) {
          ObjectNode entry = out.addObject();
          entry.put("key", k);
          entry.set("value", in.get(k));
        }
      } else if (in.isArray()) {
        for (int i = 0; i < in.size(); i++) {
          ObjectNode entry = out.addObject();
          entry.set("key", IntNode.valueOf(i));
          entry.set("value", in.get(i));
        }
      } else {
        throw new JsonQueryException(Streams.describe(in) + " has no keys");
      }
      output.emit(out, null);
    }
  }

  static List<String> sortedKeys(JsonNode object) {
    List<String> keys = new ArrayList<>(object.size());
    Iterator<String> it = object.fieldNames();
    String prev = null;
    boolean sorted = true;
    while (it.hasNext()) {
      String k = it.next();
      if (prev != null && SortedKeys.compareCodePoints(prev, k) > 0) {
        sorted = false;
      }
      prev = k;
      keys.add(k);
    }
    if (!sorted) {
      keys.sort(SortedKeys::compareCodePoints);
    }
    return keys;
  }
}
