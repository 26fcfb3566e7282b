package dev.workloadmap.sdk.internal.jq;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.List;
import net.thisptr.jackson.jq.Expression;
import net.thisptr.jackson.jq.Function;
import net.thisptr.jackson.jq.Output;
import net.thisptr.jackson.jq.PathOutput;
import net.thisptr.jackson.jq.Scope;
import net.thisptr.jackson.jq.Version;
import net.thisptr.jackson.jq.exception.JsonQueryException;
import net.thisptr.jackson.jq.path.Path;

/**
 * {@code paths} and {@code paths(f)} as the reference engine defines them:
 *
 * <pre>
 * def paths: path(recurse(if type | . == "array" or . == "object" then .[] else empty end)) | select(length > 0);
 * def paths(f): . as $x | paths | select(. as $p | $x | getpath($p) | f);
 * </pre>
 *
 * Every path in pre-order, object keys in code-point order, including paths to {@code null} values (jackson-jq's
 * {@code paths} is {@code paths(. != null)} and leaves them out). {@code leaf_paths} is {@code paths(scalars)}.
 */
final class Paths implements Function {

  @Override
  public void apply(
      Scope scope,
      List<Expression> args,
      JsonNode in,
      Path ipath,
      PathOutput output,
      Version version)
      throws JsonQueryException {
    Expression filter = args.isEmpty() ? null : args.get(0);
    walk(scope, filter, in, new ArrayList<>(), output, Deadline.current());
  }

  private static void walk(
      Scope scope,
      Expression filter,
      JsonNode node,
      List<JsonNode> path,
      PathOutput output,
      Deadline.State deadline)
      throws JsonQueryException {
    if (node.isObject()) {
      for (String key : SortedBuiltins.sortedKeys(node)) {
        visit(scope, filter, node.get(key), path, TextNode.valueOf(key), output, deadline);
      }
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        visit(scope, filter, node.get(i), path, IntNode.valueOf(i), output, deadline);
      }
    }
  }

  private static void visit(
      Scope scope,
      Expression filter,
      JsonNode child,
      List<JsonNode> path,
      JsonNode step,
      PathOutput output,
      Deadline.State deadline)
      throws JsonQueryException {
    deadline.tick();
    path.add(step);
    if (filter == null) {
      output.emit(toArray(path), null);
    } else {
      filter.apply(scope, child, (Output) verdict -> {
        if (Streams.truthy(verdict)) {
          output.emit(toArray(path), null);
        }
      });
    }
    walk(scope, filter, child, path, output, deadline);
    path.remove(path.size() - 1);
  }

  private static ArrayNode toArray(List<JsonNode> path) {
    ArrayNode a = JsonNodeFactory.instance.arrayNode(path.size());
    a.addAll(path);
    return a;
  }
}
