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
 *   <li>{@code ltrimstr}, {@code rtrimstr}: jackson-jq (like jq 1.6 and gojq before v0.12.17) returns a non-string
 *       input unchanged; gojq v0.12.19, the reference's pin, fails with {@code ltrimstr("x") cannot be applied to:
 *       null}. Found by the differential test once its oracle was gojq v0.12.19; the SDK follows the pin.
 * </ul>
 */
final class TextBuiltins {
  private TextBuiltins() {}

  /** {@code implode}: code points to a string; a surrogate becomes U+FFFD, a value outside Unicode is an error. */
  static final class Implode implements Function {
    @Override
    public void apply(Scope scope, List<Expression> args, JsonNode in, Path ipath, PathOutput output,
        Version version) throws JsonQueryException {
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
        sb.appendCodePoint(cp >= Character.MIN_SURROGATE && cp <= Character.MAX_SURROGATE ? 0xFFFD : cp);
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
    public void apply(Scope scope, List<Expression> args, JsonNode in, Path ipath, PathOutput output,
        Version version) throws JsonQueryException {
      if (!in.isTextual()) {
        fallback.apply(scope, args, in, ipath, output, version);
        return;
      }
      String s = in.textValue();
      args.get(0)
          .apply(
              scope,
              in,
              (Output)
                  x -> {
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

  /**
   * {@code ltrimstr($x)} and {@code rtrimstr($x)} as gojq v0.12.19 defines them: the input and every value of {@code
   * $x} must be strings, else the call fails; a string without the prefix (suffix) is returned unchanged.
   */
  static final class TrimStr implements Function {
    private final boolean left;

    TrimStr(boolean left) {
      this.left = left;
    }

    @Override
    public void apply(Scope scope, List<Expression> args, JsonNode in, Path ipath, PathOutput output,
        Version version) throws JsonQueryException {
      String name = left ? "ltrimstr" : "rtrimstr";
      args.get(0)
          .apply(
              scope,
              in,
              (Output)
                  x -> {
                    if (!in.isTextual() || !x.isTextual()) {
                      throw new JsonQueryException(name + "(" + JsonText.toJson(x) + ") cannot be applied to: "
                          + Streams.describe(in));
                    }
                    String s = in.textValue();
                    String t = x.textValue();
                    String out = left ? (s.startsWith(t) ? s.substring(t.length()) : s)
                        : (s.endsWith(t) ? s.substring(0, s.length() - t.length()) : s);
                    output.emit(TextNode.valueOf(out), null);
                  });
    }
  }
}
