package dev.workloadmap.sdk.internal.jq;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.List;
import net.thisptr.jackson.jq.Expression;
import net.thisptr.jackson.jq.Function;
import net.thisptr.jackson.jq.PathOutput;
import net.thisptr.jackson.jq.Scope;
import net.thisptr.jackson.jq.Version;
import net.thisptr.jackson.jq.exception.JsonQueryException;
import net.thisptr.jackson.jq.path.ArrayIndexPath;
import net.thisptr.jackson.jq.path.Path;

/**
 * Indexing and {@code reverse} as the reference engine (gojq v0.12.19) has them, found divergent by the differential
 * fuzzing of issue 15.
 *
 * <ul>
 *   <li>{@link Index}: {@code T[I]} with a number {@code I}. A string is indexed by code point ({@code "10" | .[-1]}
 *       is {@code "0"}, {@code "a😀b" | .[1]} is {@code "😀"}), jackson-jq and jq 1.6 failed there; a fractional
 *       index is truncated toward zero, for arrays too ({@code [1, 2, 3] | .[1.5]} is {@code 2}, {@code .[-0.5]} is
 *       the first element), where jackson-jq answered {@code null}; out of range, NaN or infinite is {@code null}. The
 *       path is the index as written ({@code path(.[0])} of a string is {@code [0]}). Every other case (objects,
 *       {@code null}, integral array indexes, non-number indexes) runs jackson-jq's own index, passed as the second
 *       argument. {@link ReferenceRewrite} routes the expression's indexes here.
 *   <li>{@link Reverse}: arrays only; anything else ({@code null}, objects, strings) is an error, where jackson-jq's
 *       answered {@code []} for {@code null}, {@code {}} and {@code ""}.
 * </ul>
 */
final class IndexBuiltins {
  private IndexBuiltins() {}

  /** The name {@link ReferenceRewrite} calls: {@code __workloadmap_index(I; .[I])} on the indexed value. */
  static final String INDEX = "__workloadmap_index";

  /** {@code __workloadmap_index($i; .[$i])}: the reference's index of the input by {@code $i}. */
  static final class Index implements Function {
    @Override
    public void apply(
        Scope scope,
        List<Expression> args,
        JsonNode in,
        Path ipath,
        PathOutput output,
        Version version)
        throws JsonQueryException {
      Streams.Collected xs = Streams.collectValues(args.get(0), scope, in, Deadline.current());
      for (JsonNode i : xs.values) {
        if (i.isNumber() && (in.isTextual() || (in.isArray() && !integral(i)))) {
          output.emit(element(in, i.doubleValue()), ArrayIndexPath.chainIfNotNull(ipath, i));
        } else {
          args.get(1).apply(scope, in, ipath, output, ipath != null);
        }
      }
      if (xs.error != null) {
        throw xs.error;
      }
    }

    private static boolean integral(JsonNode i) {
      return i.isIntegralNumber() || i.doubleValue() == Math.rint(i.doubleValue());
    }

    /** gojq's {@code toInt}: truncation toward zero; then a negative index counts from the end. */
    static JsonNode element(JsonNode in, double index) {
      if (!Double.isFinite(index)) {
        return NullNode.getInstance();
      }
      double t = index < 0 ? Math.ceil(index) : Math.floor(index);
      if (in.isArray()) {
        double at = t < 0 ? t + in.size() : t;
        return at >= 0 && at < in.size() ? in.get((int) at) : NullNode.getInstance();
      }
      String s = in.textValue();
      int n = s.codePointCount(0, s.length());
      double at = t < 0 ? t + n : t;
      if (at < 0 || at >= n) {
        return NullNode.getInstance();
      }
      int from = s.offsetByCodePoints(0, (int) at);
      return TextNode.valueOf(s.substring(from, s.offsetByCodePoints(from, 1)));
    }
  }

  /**
   * {@code transpose/0}: arrays only, as in gojq ({@code {"a": null} | transpose} is an error; jackson-jq's jq
   * definition answered {@code []}); an array is transposed by jackson-jq's own definition.
   */
  static final class ArraysOnly implements Function {
    private final String name;
    private final Function delegate;

    ArraysOnly(String name, Function delegate) {
      this.name = name;
      this.delegate = delegate;
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
      if (!in.isArray()) {
        throw new JsonQueryException(name + " cannot be applied to: " + Streams.describe(in));
      }
      delegate.apply(scope, args, in, ipath, output, version);
    }
  }

  /**
   * {@code isnan/0} as in gojq: {@code false} for {@code null} and every number but NaN, an error for anything else
   * ({@code "ab" | isnan}); jackson-jq answered {@code false} for a string too.
   */
  static final class IsNan implements Function {
    @Override
    public void apply(
        Scope scope,
        List<Expression> args,
        JsonNode in,
        Path ipath,
        PathOutput output,
        Version version)
        throws JsonQueryException {
      if (!in.isNumber() && !in.isNull()) {
        throw new JsonQueryException("isnan cannot be applied to: " + Streams.describe(in));
      }
      output.emit(
          com.fasterxml.jackson.databind.node.BooleanNode.valueOf(
              in.isNumber() && Double.isNaN(in.doubleValue())),
          null);
    }
  }

  /** {@code reverse/0}: arrays only. */
  static final class Reverse implements Function {
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
        throw new JsonQueryException("reverse cannot be applied to: " + Streams.describe(in));
      }
      ArrayNode out = JsonNodeFactory.instance.arrayNode(in.size());
      for (int k = in.size() - 1; k >= 0; k--) {
        out.add(in.get(k));
      }
      output.emit(out, null);
    }
  }
}
