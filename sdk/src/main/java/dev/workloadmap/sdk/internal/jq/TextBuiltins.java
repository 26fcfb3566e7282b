package dev.workloadmap.sdk.internal.jq;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.TextNode;
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
 * String builtins where jackson-jq works on UTF-16 units and the reference engine on code points.
 *
 * <ul>
 *   <li>{@code implode}: jackson-jq drops characters outside the Basic Multilingual Plane, and with it {@code
 *       ascii_downcase} and {@code ascii_upcase} (defined as {@code explode | map(...) | implode}) drop emoji.
 *   <li>{@code indices}, {@code index}, {@code rindex} on strings: jackson-jq counts UTF-16 units, gojq code points
 *       ({@code "a😀é" | index("é")} is 2).
 * </ul>
 */
final class TextBuiltins {
  private TextBuiltins() {}

  /** {@code implode}: code points to a string; a surrogate becomes U+FFFD, a value outside Unicode is an error. */
  static final class Implode implements Function {
    @Override
    public void apply(
        Scope scope,
        List<Expression> args,
        JsonNode in,
        Path ipath,
        PathOutput output,
        Version version)
        throws JsonQueryException {
      if (!in.isArray()) {
        throw new JsonQueryException("implode cannot be applied to: " + Streams.describe(in));
      }
      StringBuilder sb = new StringBuilder(in.size());
      for (JsonNode c : in) {
        if (!c.isNumber()) {
          throw new JsonQueryException("implode cannot be applied to: " + Streams.describe(in));
        }
        double d = c.doubleValue();
        if (!(d >= 0 && d <= Character.MAX_CODE_POINT)) {
          throw new JsonQueryException("implode cannot be applied to: " + Streams.describe(in));
        }
        int cp = (int) d;
        sb.appendCodePoint(
            cp >= Character.MIN_SURROGATE && cp <= Character.MAX_SURROGATE ? 0xFFFD : cp);
      }
      output.emit(TextNode.valueOf(sb.toString()), null);
    }
  }

  /**
   * {@code indices($x)}, {@code index($x)} and {@code rindex($x)}: on a string with a string argument, the code-point
   * offsets of every (also overlapping) occurrence; an empty argument has none. Any other input goes to jackson-jq's
   * own function.
   */
  static final class Indices implements Function {
    enum Which {
      ALL,
      FIRST,
      LAST
    }

    private final Which which;
    private final Function fallback;

    Indices(Which which, Function fallback) {
      this.which = which;
      this.fallback = fallback;
    }

    @Override
    public void apply(
        Scope scope,
        List<Expression> args,
        JsonNode in,
        Path ipath,
        PathOutput output,
        Version version)
        throws JsonQueryException {
      if (!in.isTextual() && !in.isArray() && !in.isNull()) {
        // gojq's indexFunc: only null (which gives null), an array or a string; jackson-jq indexes
        // an object with
        // the argument as a key instead, so `{} | indices("a")` gave null where the reference fails
        // (issue 15)
        String name = which == Which.ALL ? "indices" : which == Which.FIRST ? "index" : "rindex";
        args.get(0).apply(scope, in, (Output) x -> {
          throw new JsonQueryException(
              name + "(" + JsonText.toJson(x) + ") cannot be applied to: " + Streams.describe(in));
        });
        return;
      }
      if (!in.isTextual()) {
        fallback.apply(scope, args, in, ipath, output, version);
        return;
      }
      String s = in.textValue();
      args.get(0).apply(scope, in, (Output) x -> {
        if (!x.isTextual()) {
          throw new JsonQueryException("expected a string but got: " + Streams.describe(x));
        }
        output.emit(find(s, x.textValue()), null);
      });
    }

    private JsonNode find(String s, String needle) {
      ArrayNode all = JsonNodeFactory.instance.arrayNode();
      if (!needle.isEmpty()) {
        int codePoint = 0;
        int last = 0;
        for (int at = s.indexOf(needle); at >= 0; at = s.indexOf(needle, at + 1)) {
          codePoint += s.codePointCount(last, at);
          last = at;
          if (which == Which.FIRST) {
            return JsonNumbers.number(codePoint);
          }
          all.add(codePoint);
        }
      }
      return switch (which) {
        case ALL -> all;
        case FIRST -> NullNode.getInstance();
        case LAST -> all.isEmpty() ? NullNode.getInstance() : all.get(all.size() - 1);
      };
    }
  }
}
