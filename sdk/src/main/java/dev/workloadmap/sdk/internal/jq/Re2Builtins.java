package dev.workloadmap.sdk.internal.jq;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.re2j.Matcher;
import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import net.thisptr.jackson.jq.Expression;
import net.thisptr.jackson.jq.Function;
import net.thisptr.jackson.jq.PathOutput;
import net.thisptr.jackson.jq.Scope;
import net.thisptr.jackson.jq.Version;
import net.thisptr.jackson.jq.exception.JsonQueryException;
import net.thisptr.jackson.jq.internal.IsolatedScopeQuery;
import net.thisptr.jackson.jq.internal.JsonQueryFunction;
import net.thisptr.jackson.jq.internal.javacc.ExpressionParser;
import net.thisptr.jackson.jq.path.Path;

/**
 * The regular-expression builtins on RE2/J, a linear-time engine with the semantics of Go's {@code regexp} (RE2),
 * which the reference engine (gojq v0.12.19) uses. jackson-jq matches with joni, a backtracking engine: {@code
 * test("^(a+)+$")} on a 41-character string ran for minutes inside one call, out of reach of the time budget, and
 * joni accepts constructs RE2 rejects (backreferences, lookaround) and reads others differently.
 *
 * <p>{@code _match/3} is gojq's {@code funcMatch}: flags {@code g}, {@code i} ({@code (?i)}) and {@code m} ({@code
 * (?s)}, gojq's reading) only, any other flag is an error; offsets and lengths count code points; a group that did
 * not take part is {@code {offset: -1, length: 0, string: null}}. {@code match}, {@code test}, {@code capture},
 * {@code scan}, {@code splits}, {@code split/2}, {@code sub} and {@code gsub} are gojq's jq definitions (builtin.jq),
 * written here in the subset jackson-jq parses, so they produce the same outputs in the same order: {@code
 * gsub("b"; "1", "2")} gives one result per output of the replacement, not their product.
 */
final class Re2Builtins {
  private Re2Builtins() {}

  private static final JsonNodeFactory F = JsonNodeFactory.instance;
  private static final int MAX_CACHED = 1024;
  private static final Map<String, Pattern> CACHE = new ConcurrentHashMap<>();

  /** gojq v0.12.19 builtin.jq, in jackson-jq's dialect. */
  private static final String[][] DEFINITIONS = {
    {"match", "$re", "match($re; null)"},
    {"match", "$re;$flags", "_match($re; $flags; false) | .[]"},
    {"test", "$re", "test($re; null)"},
    {"test", "$re;$flags", "_match($re; $flags; true)"},
    {"capture", "$re", "capture($re; null)"},
    {"capture", "$re;$flags", "match($re; $flags) | .captures | _captures"},
    {"scan", "$re", "scan($re; null)"},
    {
      "scan",
      "$re;$flags",
      "match($re; $flags + \"g\") | if .captures == [] then .string else [.captures[].string] end"
    },
    {
      "splits",
      "$re;$flags",
      ". as $s | [match($re; $flags + \"g\") | (.offset, .offset + .length)] as $m"
          + " | [0] + $m + [$s | length] | _nwise(2) | $s[.[0]:.[1]]"
    },
    {"splits", "$re", "splits($re; null)"},
    {"split", "$re;$flags", "[splits($re; $flags)]"},
    {"sub", "$re;str", "sub($re; str; null)"},
    {
      "sub",
      "$re;str;$flags",
      ". as $in | [match($re; $flags)] as $ms"
          + " | reduce $ms[] as $m ({s: $in, r: [], next: 0};"
          + "     .next as $next"
          + "     | reduce ($m.captures | _captures | str) as $x"
          + "         (.i = 0; .r[.i] = (.r[.i] // \"\") + .s[$next:$m.offset] + $x | .i += 1)"
          + "     | .next = $m.offset + $m.length)"
          + " | if (.r | length) == 0 then .s else .s[.next:] as $rest | .r[] + $rest end"
    },
    {"gsub", "$re;str", "sub($re; str; \"g\")"},
    {"gsub", "$re;str;$flags", "sub($re; str; $flags + \"g\")"},
  };

  static void install(Scope root, Version version) {
    root.addFunction("_match", 3, new CheckedFunction(new MatchImpl(), false));
    root.addFunction("_captures", 0, new CheckedFunction(new Captures(), false));
    for (String[] d : DEFINITIONS) {
      List<String> params = d[1].isEmpty() ? List.of() : List.of(d[1].split(";"));
      try {
        Expression body = new IsolatedScopeQuery(ExpressionParser.compile(d[2], version));
        root.addFunction(
            d[0],
            params.size(),
            new CheckedFunction(new JsonQueryFunction(d[0], params, body, root), false));
      } catch (JsonQueryException e) {
        throw new IllegalStateException(
            "the SDK's own definition of " + d[0] + "/" + params.size() + " does not compile: "
                + d[2],
            e);
      }
    }
  }

  /** Compiles with gojq's flags; the message is gojq's. */
  static Pattern compile(String re, String flags) throws JsonQueryException {
    for (int i = 0; i < flags.length(); i++) {
      char c = flags.charAt(i);
      if (c != 'g' && c != 'i' && c != 'm') {
        throw new JsonQueryException(
            "unsupported regular expression flag: " + JsonText.toJson(F.textNode(flags)));
      }
    }
    String key = flags.indexOf('i') >= 0 || flags.indexOf('m') >= 0
        ? (flags.indexOf('i') >= 0 ? "i" : "") + (flags.indexOf('m') >= 0 ? "m" : "") + "/" + re
        : "/" + re;
    Pattern p = CACHE.get(key);
    if (p != null) {
      return p;
    }
    String text = re;
    if (flags.indexOf('i') >= 0) {
      text = "(?i)" + text;
    }
    if (flags.indexOf('m') >= 0) {
      text = "(?s)" + text;
    }
    try {
      p = Pattern.compile(text);
    } catch (PatternSyntaxException e) {
      throw new JsonQueryException("invalid regular expression " + JsonText.toJson(F.textNode(text))
          + ": " + e.getMessage());
    }
    if (CACHE.size() < MAX_CACHED) {
      CACHE.putIfAbsent(key, p);
    }
    return p;
  }

  /** {@code _match(re; flags; testing)}: gojq's funcMatch. */
  static final class MatchImpl implements Function {
    @Override
    public void apply(
        Scope scope,
        List<Expression> args,
        JsonNode in,
        Path ipath,
        PathOutput output,
        Version version)
        throws JsonQueryException {
      Deadline.State deadline = Deadline.current();
      Streams.Collected res = values(args.get(0), scope, in, deadline);
      for (JsonNode re : res.values) {
        Streams.Collected fss = values(args.get(1), scope, in, deadline);
        for (JsonNode fs : fss.values) {
          Streams.Collected tests = values(args.get(2), scope, in, deadline);
          for (JsonNode testing : tests.values) {
            output.emit(
                match(in, re, fs, testing.isBoolean() && testing.booleanValue(), deadline), null);
          }
          rethrow(tests);
        }
        rethrow(fss);
      }
      rethrow(res);
    }

    private static Streams.Collected values(
        Expression e, Scope scope, JsonNode in, Deadline.State deadline) {
      return Streams.collectValues(e, scope, in, deadline);
    }

    private static void rethrow(Streams.Collected c) throws JsonQueryException {
      if (c.error != null) {
        throw c.error;
      }
    }
  }

  static JsonNode match(
      JsonNode v, JsonNode re, JsonNode fs, boolean testing, Deadline.State deadline)
      throws JsonQueryException {
    String name = testing ? "test" : "match";
    String flags = "";
    if (!fs.isNull()) {
      if (!fs.isTextual()) {
        throw typeError(name, v, re, fs);
      }
      flags = fs.textValue();
    }
    if (!v.isTextual() || !re.isTextual()) {
      throw typeError(name, v, re, fs);
    }
    String s = v.textValue();
    Pattern p = compile(re.textValue(), flags);
    Matcher m = p.matcher(s);
    if (testing) {
      return F.booleanNode(m.find());
    }
    boolean all = flags.indexOf('g') >= 0;
    ArrayNode out = F.arrayNode();
    int groups = m.groupCount();
    // Go's FindAllStringSubmatchIndex: successive non-overlapping matches; an empty match right
    // after the previous
    // match is skipped, and after an empty match the search moves on by one code point
    int pos = 0;
    int prevEnd = -1;
    int[] cpAt = null;
    while (pos <= s.length() && m.find(pos)) {
      deadline.tick();
      int start = m.start();
      int end = m.end();
      boolean accept = true;
      if (end == start) {
        if (start == prevEnd) {
          accept = false;
        }
        pos = end < s.length() ? end + Character.charCount(s.codePointAt(end)) : end + 1;
      } else {
        pos = end;
      }
      prevEnd = end;
      if (!accept) {
        continue;
      }
      if (cpAt == null) {
        cpAt = codePointIndex(s);
      }
      ObjectNode o = F.objectNode();
      ArrayNode captures = F.arrayNode();
      for (int g = 1; g <= groups; g++) {
        ObjectNode c = F.objectNode();
        int gs = m.start(g);
        c.set("name", groupName(p, g));
        if (gs < 0) {
          c.put("offset", -1);
          c.put("length", 0);
          c.putNull("string");
        } else {
          int ge = m.end(g);
          c.put("offset", cpAt[gs]);
          c.put("length", cpAt[ge] - cpAt[gs]);
          c.put("string", s.substring(gs, ge));
        }
        captures.add(SortedKeys.canonical(c));
      }
      o.put("offset", cpAt[start]);
      o.put("length", cpAt[end] - cpAt[start]);
      o.put("string", s.substring(start, end));
      o.set("captures", captures);
      out.add(SortedKeys.canonical(o));
      if (!all) {
        break;
      }
    }
    return out;
  }

  /** Code-point index of every UTF-16 index of {@code s} (and of its end). */
  private static int[] codePointIndex(String s) {
    int[] at = new int[s.length() + 1];
    int cp = 0;
    for (int i = 0; i < s.length(); i++) {
      at[i] = cp;
      if (!(Character.isLowSurrogate(s.charAt(i))
          && i > 0
          && Character.isHighSurrogate(s.charAt(i - 1)))) {
        cp++;
      } else {
        at[i] = cp - 1;
      }
    }
    at[s.length()] = cp;
    return at;
  }

  private static final Map<Pattern, String[]> NAMES = new ConcurrentHashMap<>();

  private static JsonNode groupName(Pattern p, int g) {
    String[] names = NAMES.computeIfAbsent(p, Re2Builtins::names);
    String n = g < names.length ? names[g] : null;
    return n == null ? F.nullNode() : F.textNode(n);
  }

  private static String[] names(Pattern p) {
    String[] out = new String[p.groupCount() + 1];
    if (NAMES.size() > MAX_CACHED) {
      NAMES.clear();
    }
    for (Map.Entry<String, Integer> e : p.namedGroups().entrySet()) {
      out[e.getValue()] = e.getKey();
    }
    return out;
  }

  private static JsonQueryException typeError(String name, JsonNode v, JsonNode re, JsonNode fs) {
    return new JsonQueryException(name + "(" + JsonText.toJson(re) + "; " + JsonText.toJson(fs)
        + ") cannot be applied to: " + Streams.describe(v));
  }

  /** {@code _captures}: gojq's funcCaptures, the named groups of a match's captures as an object. */
  static final class Captures implements Function {
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
        throw new JsonQueryException("expected an array but got: " + Streams.describe(in));
      }
      ObjectNode w = F.objectNode();
      for (JsonNode c : in) {
        JsonNode name = c.get("name");
        if (c.isObject() && name != null && name.isTextual()) {
          JsonNode str = c.get("string");
          w.set(name.textValue(), str == null ? F.nullNode() : str);
        }
      }
      output.emit(SortedKeys.canonical(w), null);
    }
  }
}
