package dev.workloadmap.sdk.authoring;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.workloadmap.sdk.PreparedDefinition;
import dev.workloadmap.sdk.WorkloadMap;
import dev.workloadmap.sdk.crd.CrdSchema;
import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.definition.StatusDefinition;
import dev.workloadmap.sdk.definition.StatusDefinition.ExpectedCondition;
import dev.workloadmap.sdk.definition.StatusDefinition.StatusMatcher;
import dev.workloadmap.sdk.definition.WorkloadStatus;
import dev.workloadmap.sdk.internal.jqast.JqNode;
import dev.workloadmap.sdk.internal.jqast.JqParser;
import dev.workloadmap.sdk.internal.lint.ReadPaths;
import dev.workloadmap.sdk.status.StatusResult;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * Status-overlap analysis: generates status objects from what the definition's root matchers read and evaluates every
 * matcher on each (through the SDK's own status evaluation), to find
 *
 * <ul>
 *   <li>objects on which two mutually exclusive statuses ({@link #EXCLUSIVE}: any two of Completed, Failed, Running,
 *       Initializing, Suspended) match together, with the smallest such object;
 *   <li>terminal-looking objects (a condition whose type reads as terminal, {@code Failed}, {@code Complete}, {@code
 *       Succeeded}, ..., True; or a terminal phase) that map to Undefined.
 * </ul>
 *
 * <p>The space is a product of <em>dimensions</em>, each absent or one of a few values: one per condition type the
 * matchers name (in {@code byConditions} or as {@code .type == "X"} in a {@code byExpression}), valued True, False and
 * each (status, reason) a matcher asks for; the phase (every {@code byPhase} value and the CRD's enum); and each field
 * a {@code byExpression} compares with a literal (the literal and, for a number {@code n}, the boundary values {@code
 * n-1}, {@code n}, {@code n+1}), or reads without one (by its CRD type: 0/1/2, true/false, the enum). A dimension the
 * CRD's schema does not allow is dropped (noted); values follow the schema's type and enum, so every object lies
 * within the schema.
 *
 * <p>Objects are enumerated by the number of dimensions set (0, 1, 2, ...), so the first object showing a problem is
 * a smallest one; when the space exceeds the budget, three quarters of it go to that ordered enumeration and the rest
 * to random objects drawn with the seed. The result says how much of the space was evaluated and to what depth the
 * enumeration was exhaustive. Runs are deterministic.
 *
 * <p>Allowed pairs are annotations on the definition, {@code overlap.workloadmap.dev/<A>.<B>: "<why>"} (for example
 * {@code overlap.workloadmap.dev/Completed.Failed}); they are still reported, as allowed with the reason. A
 * terminal-looking condition type or phase that maps to Undefined on purpose is declared the same way, {@code
 * overlap.workloadmap.dev/Undefined.<type or phase>: "<why>"}.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class OverlapAnalyzer {

  /** The annotation prefix of allowed pairs. */
  public static final String ALLOW_PREFIX = "overlap.workloadmap.dev/";

  /** Statuses no two of which may match together unless allowed. */
  public static final List<WorkloadStatus> EXCLUSIVE = List.of(
      WorkloadStatus.COMPLETED,
      WorkloadStatus.FAILED,
      WorkloadStatus.RUNNING,
      WorkloadStatus.INITIALIZING,
      WorkloadStatus.SUSPENDED);

  private static final Pattern TERMINAL_TYPE =
      Pattern.compile("(?i).*(fail|complete|succeed|finish|terminat|error|done).*");
  private static final Pattern TERMINAL_PHASE = Pattern.compile(
      "(?i)(failed|failure|succeeded|success|completed|complete|finished|error|terminated|done)");
  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  /**
   * Search bounds.
   *
   * @param seed the random seed of the sampled part
   * @param budget at most this many objects are evaluated
   */
  public record Options(long seed, int budget) {
    public static Options defaults() {
      return new Options(20260101L, 20000);
    }
  }

  /** One axis of the space: where it writes and its values (absent is implicit, index 0). */
  public record Dimension(
      String name, List<String> pointer, String conditionType, List<JsonNode> values) {
    public Dimension {
      pointer = List.copyOf(pointer);
      values = List.copyOf(values);
    }
  }

  /**
   * Two exclusive statuses that matched together.
   *
   * @param pair the two statuses, in the reference order
   * @param statuses every status the counterexample matched
   * @param counterexample the smallest object found (only the fields the analysis set)
   * @param size how many dimensions it sets
   * @param objects how many evaluated objects showed the pair
   * @param allowedReason the annotation's reason when the pair is allowed, else null
   */
  public record Overlap(
      List<String> pair,
      List<String> statuses,
      JsonNode counterexample,
      int size,
      int objects,
      String allowedReason) {}

  /**
   * A terminal-looking object that maps to Undefined.
   *
   * @param what the terminal field ({@code condition Failed=True}, {@code phase Succeeded})
   * @param counterexample the smallest such object
   * @param allowedReason the reason of the definition's {@code overlap.workloadmap.dev/Undefined.<type or phase>}
   *     annotation when Undefined is intended there (the state is not terminal, or never written so), else null
   */
  public record TerminalUndefined(
      String what, JsonNode counterexample, int size, String allowedReason) {}

  /**
   * The analysis of one definition.
   *
   * @param space the number of distinct objects the dimensions span
   * @param evaluated objects evaluated
   * @param exhaustiveDepth every object setting at most this many dimensions was evaluated
   * @param notes dimensions dropped or limits met
   */
  public record Result(
      String definition,
      long seed,
      List<Dimension> dimensions,
      BigInteger space,
      int evaluated,
      int exhaustiveDepth,
      List<Overlap> overlaps,
      List<TerminalUndefined> terminalUndefined,
      List<String> notes) {

    /** No unallowed overlap and no terminal state mapping to Undefined. */
    public boolean clean() {
      return overlaps.stream().allMatch(o -> o.allowedReason() != null)
          && terminalUndefined.stream().allMatch(t -> t.allowedReason() != null);
    }

    /** Evaluated objects as a share of the space, in percent. */
    public double coveredPercent() {
      return space.signum() == 0
          ? 100.0
          : new BigDecimal(evaluated)
              .multiply(BigDecimal.valueOf(100))
              .divide(new BigDecimal(space), 4, java.math.RoundingMode.HALF_UP)
              .doubleValue();
    }

    /** The human-readable report. */
    public String text() {
      StringBuilder sb = new StringBuilder();
      sb.append(String.format(
          Locale.ROOT,
          "Overlap %s: %s — %d dimension(s), %d of %s object(s) evaluated"
              + " (%.2f%%, exhaustive up to %d set field(s)), seed %d%n",
          definition,
          clean() ? "clean" : "PROBLEMS",
          dimensions.size(),
          evaluated,
          space,
          coveredPercent(),
          exhaustiveDepth,
          seed));
      for (Dimension d : dimensions) {
        sb.append("  dimension ").append(d.name()).append(": absent");
        d.values().forEach(v -> sb.append(" | ").append(v));
        sb.append('\n');
      }
      for (Overlap o : overlaps) {
        sb.append(o.allowedReason() == null ? "  OVERLAP " : "  allowed ")
            .append(String.join(" + ", o.pair()))
            .append(" (")
            .append(o.objects())
            .append(" object(s); matched ")
            .append(o.statuses())
            .append(")")
            .append(o.allowedReason() == null ? "" : ": " + o.allowedReason())
            .append('\n');
        sb.append("    smallest counterexample (")
            .append(o.size())
            .append(" field(s)): ")
            .append(o.counterexample())
            .append('\n');
      }
      for (TerminalUndefined t : terminalUndefined) {
        sb.append(
                t.allowedReason() == null
                    ? "  UNDEFINED terminal-looking "
                    : "  allowed terminal-looking ")
            .append(t.what())
            .append(" maps to Undefined")
            .append(t.allowedReason() == null ? "" : " (" + t.allowedReason() + ")")
            .append(": ")
            .append(t.counterexample())
            .append('\n');
      }
      notes.forEach(n -> sb.append("  note: ").append(n).append('\n'));
      return sb.toString();
    }

    public ObjectNode toJson() {
      ObjectNode o = F.objectNode();
      o.put("definition", definition)
          .put("clean", clean())
          .put("seed", seed)
          .put("space", space.toString())
          .put("evaluated", evaluated)
          .put("coveredPercent", coveredPercent())
          .put("exhaustiveDepth", exhaustiveDepth);
      ArrayNode dims = o.putArray("dimensions");
      for (Dimension d : dimensions) {
        ObjectNode n = dims.addObject().put("name", d.name());
        n.putArray("values").addAll(d.values());
      }
      ArrayNode ov = o.putArray("overlaps");
      for (Overlap x : overlaps) {
        ObjectNode n = ov.addObject();
        x.pair().forEach(n.putArray("pair")::add);
        x.statuses().forEach(n.putArray("statuses")::add);
        n.set("counterexample", x.counterexample());
        n.put("size", x.size()).put("objects", x.objects());
        if (x.allowedReason() != null) {
          n.put("allowedReason", x.allowedReason());
        }
      }
      ArrayNode tu = o.putArray("terminalUndefined");
      for (TerminalUndefined t : terminalUndefined) {
        ObjectNode n = tu.addObject().put("what", t.what()).put("size", t.size());
        n.set("counterexample", t.counterexample());
        if (t.allowedReason() != null) {
          n.put("allowedReason", t.allowedReason());
        }
      }
      notes.forEach(o.putArray("notes")::add);
      return o;
    }
  }

  private final WorkloadMap wm;
  private final Options options;

  public OverlapAnalyzer(WorkloadMap wm, Options options) {
    this.wm = wm;
    this.options = options;
  }

  /**
   * The definition's {@code overlap.workloadmap.dev/A.B} annotations: sorted pair {@code "A+B"} to reason. {@code
   * overlap.workloadmap.dev/Undefined.X} (a condition type or a phase value {@code X} that looks terminal but maps to
   * Undefined on purpose) is listed as {@code "Undefined+X"}.
   */
  public static Map<String, String> allowedPairs(Definition d) {
    Map<String, String> out = new LinkedHashMap<>();
    JsonNode ann =
        d.source() == null ? null : d.source().root().path("metadata").path("annotations");
    if (ann != null && ann.isObject()) {
      ann.fields().forEachRemaining(e -> {
        if (e.getKey().startsWith(ALLOW_PREFIX) && e.getValue().isTextual()) {
          String[] p = e.getKey().substring(ALLOW_PREFIX.length()).split("\\.");
          if (p.length == 2 && p[0].equals("Undefined")) {
            out.put("Undefined+" + p[1], e.getValue().asText());
          } else if (p.length == 2) {
            out.put(pairKey(p[0], p[1]), e.getValue().asText());
          }
        }
      });
    }
    return out;
  }

  private static String pairKey(String a, String b) {
    return a.compareTo(b) <= 0 ? a + "+" + b : b + "+" + a;
  }

  /**
   * Analyses the root status of {@code prepared}.
   *
   * @param schema the target CRD's schema at the definition's version, or null (then nothing is dropped and values
   *     follow the literals only)
   * @param base an object whose {@code apiVersion}, {@code kind}, {@code metadata} and {@code spec} the generated
   *     objects start from (its {@code status} is removed), or null for an empty one
   */
  public Result analyze(PreparedDefinition prepared, CrdSchema schema, JsonNode base) {
    Definition d = prepared.definition();
    List<String> notes = new ArrayList<>();
    StatusDefinition sd = d.rootComponent().statusDefinition();
    ObjectNode start =
        base != null && base.isObject() ? ((ObjectNode) base).deepCopy() : F.objectNode();
    start.remove("status");
    if (d.rootGvk() != null) {
      start.put(
          "apiVersion",
          d.rootGvk().group() == null || d.rootGvk().group().isEmpty()
              ? d.rootGvk().version()
              : d.rootGvk().group() + "/" + d.rootGvk().version());
      start.put("kind", d.rootGvk().kind());
    }
    if (!start.path("metadata").isObject()) {
      start.putObject("metadata").put("name", "analyze").put("namespace", "default");
    }
    List<Dimension> dims = sd == null ? List.of() : dimensions(sd, schema, notes);
    Map<String, String> allowed = allowedPairs(d);
    BigInteger space = BigInteger.ONE;
    for (Dimension dim : dims) {
      space = space.multiply(BigInteger.valueOf(dim.values().size() + 1));
    }
    Search s = new Search(prepared, start, dims, sd);
    int ordered = space.compareTo(BigInteger.valueOf(options.budget())) <= 0
        ? options.budget()
        : options.budget() * 3 / 4;
    int depth = -1;
    for (int k = 0; k <= dims.size(); k++) {
      if (!s.enumerate(k, ordered)) {
        break;
      }
      depth = k;
    }
    if (depth < dims.size()) {
      Random r = new Random(options.seed());
      while (s.evaluated < options.budget()) {
        int[] choice = new int[dims.size()];
        for (int i = 0; i < choice.length; i++) {
          choice[i] = r.nextInt(dims.get(i).values().size() + 1);
        }
        s.evaluate(choice);
      }
    }
    List<Overlap> overlaps = new ArrayList<>();
    for (Map.Entry<String, Found> e : s.overlaps.entrySet()) {
      Found f = e.getValue();
      String[] p = e.getKey().split("\\+");
      overlaps.add(new Overlap(
          List.of(p[0], p[1]),
          f.statuses,
          f.example,
          f.size,
          f.count,
          allowed.get(pairKey(p[0], p[1]))));
    }
    List<TerminalUndefined> terminal = new ArrayList<>();
    s.terminal.forEach((what, f) -> terminal.add(
        new TerminalUndefined(what, f.example, f.size, allowed.get("Undefined+" + f.terminalKey))));
    if (sd == null) {
      notes.add("the root has no statusDefinition");
    }
    return new Result(
        d.name(),
        options.seed(),
        dims,
        space,
        s.evaluated,
        Math.max(depth, 0),
        overlaps,
        terminal,
        notes);
  }

  // ---------------------------------------------------------------- dimensions

  private List<Dimension> dimensions(StatusDefinition sd, CrdSchema schema, List<String> notes) {
    List<Dimension> out = new ArrayList<>();
    JsonNode root = schema == null ? null : schema.openApiV3Schema();
    // conditions
    List<String> condPointer =
        sd.conditions() == null ? null : plainRead(sd.conditions().path());
    Map<String, Set<List<String>>> condValues = new TreeMap<>();
    Set<String> phases = new LinkedHashSet<>();
    Map<List<String>, Set<JsonNode>> fieldValues = new LinkedHashMap<>();
    Set<List<String>> bareReads = new LinkedHashSet<>();
    List<String> phasePointer = sd.phasePath() == null ? null : plainRead(sd.phasePath());
    for (WorkloadStatus ws : WorkloadStatus.MATCH_ORDER) {
      for (StatusMatcher m : sd.statusMappings().getOrDefault(ws, List.of())) {
        if (m.byPhase() != null && !m.byPhase().isEmpty()) {
          phases.add(m.byPhase());
        }
        for (ExpectedCondition ec : m.byConditions()) {
          Set<List<String>> v = condValues.computeIfAbsent(ec.type(), t -> new LinkedHashSet<>());
          String st = ec.status() == null || ec.status().isEmpty() ? "True" : ec.status();
          v.add(List.of(st, ec.reason() == null ? "" : ec.reason()));
        }
        if (m.byExpression() != null) {
          readExpression(
              m.byExpression().expression(),
              sd,
              condPointer,
              phasePointer,
              condValues,
              phases,
              fieldValues,
              bareReads);
        }
      }
    }
    if (condPointer != null && !condValues.isEmpty()) {
      JsonNode items = schemaAt(root, condPointer, notes);
      if (root != null && items == null) {
        notes.add("conditions path " + String.join(".", condPointer)
            + " is outside the CRD schema: dropped");
      } else {
        for (Map.Entry<String, Set<List<String>>> e : condValues.entrySet()) {
          Set<List<String>> vals = new LinkedHashSet<>();
          vals.add(List.of("True", ""));
          vals.add(List.of("False", ""));
          vals.addAll(e.getValue());
          List<JsonNode> nodes = new ArrayList<>();
          for (List<String> v : vals) {
            ObjectNode c = F.objectNode();
            c.put(sd.conditions().typeFieldName(), e.getKey());
            c.put(sd.conditions().statusFieldName(), v.get(0));
            if (!v.get(1).isEmpty() && sd.conditions().reasonFieldName() != null) {
              c.put(sd.conditions().reasonFieldName(), v.get(1));
            }
            nodes.add(c);
          }
          out.add(new Dimension("condition " + e.getKey(), condPointer, e.getKey(), nodes));
        }
      }
    } else if (sd.conditions() != null && condPointer == null && !condValues.isEmpty()) {
      notes.add("conditions path " + sd.conditions().path()
          + " is not a plain field path: conditions not generated");
    }
    if (phasePointer != null) {
      JsonNode ps = schemaAt(root, phasePointer, notes);
      if (root != null && ps == null) {
        notes.add("phase path " + sd.phasePath() + " is outside the CRD schema: dropped");
      } else {
        if (ps != null && ps.path("enum").isArray()) {
          ps.path("enum").forEach(v -> phases.add(v.asText()));
        }
        if (!phases.isEmpty()) {
          out.add(new Dimension(
              String.join(".", phasePointer),
              phasePointer,
              null,
              phases.stream().map(p -> (JsonNode) TextNode.valueOf(p)).toList()));
        }
      }
    } else if (sd.phasePath() != null && !phases.isEmpty()) {
      notes.add(
          "phase path " + sd.phasePath() + " is not a plain field path: phases not generated");
    }
    for (List<String> p : bareReads) {
      fieldValues.putIfAbsent(p, new LinkedHashSet<>());
    }
    for (Map.Entry<List<String>, Set<JsonNode>> e : fieldValues.entrySet()) {
      List<String> p = e.getKey();
      if (p.equals(phasePointer) || (condPointer != null && startsWith(p, condPointer))) {
        continue;
      }
      JsonNode fs = schemaAt(root, p, notes);
      if (root != null && fs == null) {
        notes.add("field " + String.join(".", p) + " is outside the CRD schema: dropped");
        continue;
      }
      String type = fs == null ? "" : fs.path("type").asText("");
      Set<JsonNode> vals = new LinkedHashSet<>();
      if (fs != null && fs.path("enum").isArray()) {
        fs.path("enum").forEach(vals::add);
      }
      for (JsonNode lit : e.getValue()) {
        if (lit.isNumber()) {
          long n = lit.asLong();
          for (long b : new long[] {n - 1, n, n + 1}) {
            if (b >= 0 || fs == null || !fs.has("minimum") || fs.path("minimum").asLong() <= b) {
              vals.add(F.numberNode(b));
            }
          }
        } else if (lit.isBoolean()) {
          vals.add(BooleanNode.TRUE);
          vals.add(BooleanNode.FALSE);
        } else if (lit.isTextual()) {
          vals.add(lit);
        }
      }
      if (vals.isEmpty()) {
        switch (type) {
          case "integer", "number" -> List.of(0, 1, 2).forEach(i -> vals.add(F.numberNode(i)));
          case "boolean" -> {
            vals.add(BooleanNode.TRUE);
            vals.add(BooleanNode.FALSE);
          }
          case "string" -> vals.add(TextNode.valueOf("x"));
          default -> {
            vals.add(F.numberNode(1));
            vals.add(BooleanNode.TRUE);
          }
        }
      }
      List<JsonNode> typed = vals.stream().filter(v -> fitsType(v, type)).toList();
      if (!typed.isEmpty()) {
        out.add(new Dimension(String.join(".", p), p, null, typed));
      }
    }
    return out;
  }

  private static boolean fitsType(JsonNode v, String type) {
    return switch (type) {
      case "integer" -> v.isIntegralNumber();
      case "number" -> v.isNumber();
      case "boolean" -> v.isBoolean();
      case "string" -> v.isTextual();
      case "object" -> v.isObject();
      case "array" -> v.isArray();
      default -> true;
    };
  }

  private static boolean startsWith(List<String> p, List<String> prefix) {
    return p.size() >= prefix.size() && p.subList(0, prefix.size()).equals(prefix);
  }

  /** The longest plain field path an expression reads (no element step), or null. */
  private static List<String> plainRead(String expr) {
    List<String> best = null;
    try {
      for (List<String> p : ReadPaths.of(expr)) {
        if (!p.isEmpty() && !p.contains("[]") && (best == null || p.size() > best.size())) {
          best = p;
        }
      }
    } catch (RuntimeException e) {
      return null;
    }
    return best;
  }

  private static void readExpression(
      String expr,
      StatusDefinition sd,
      List<String> condPointer,
      List<String> phasePointer,
      Map<String, Set<List<String>>> condValues,
      Set<String> phases,
      Map<List<String>, Set<JsonNode>> fieldValues,
      Set<List<String>> bareReads) {
    JqNode ast;
    List<List<String>> reads;
    try {
      ast = JqParser.parse(expr);
      reads = ReadPaths.of(expr);
    } catch (RuntimeException e) {
      return;
    }
    Set<List<String>> readSet = new LinkedHashSet<>(reads);
    String typeField = sd.conditions() == null ? "type" : sd.conditions().typeFieldName();
    List<Comparison> comparisons = new ArrayList<>();
    comparisons(ast, true, comparisons);
    for (Comparison c : comparisons) {
      JqNode.Binary b = c.node();
      for (JqNode[] sides : new JqNode[][] {{b.left(), b.right()}, {b.right(), b.left()}}) {
        List<String> p = pathOf(sides[0]);
        JsonNode lit = literal(sides[1]);
        if (p == null || lit == null) {
          continue;
        }
        if (!c.rootInput()) {
          // inside any(...), select(...), map(...) or after a pipe the input is an element (a
          // condition), not the
          // object: only a condition's type names a dimension; .status == "True" there is the
          // condition's status
          if (p.size() == 1 && p.get(0).equals(typeField) && lit.isTextual()) {
            condValues.computeIfAbsent(lit.asText(), t -> new LinkedHashSet<>());
          }
        } else if (p.equals(phasePointer) && lit.isTextual()) {
          phases.add(lit.asText());
        } else if (readSet.contains(p)) {
          fieldValues.computeIfAbsent(p, x -> new LinkedHashSet<>()).add(lit);
        }
      }
    }
    // fields read without a literal: leaves of the read paths (not a prefix of another read)
    for (List<String> p : reads) {
      if (p.isEmpty() || p.contains("[]") || !Set.of("spec", "status").contains(p.get(0))) {
        continue;
      }
      boolean prefix = reads.stream().anyMatch(q -> q.size() > p.size() && startsWith(q, p));
      boolean underConditions = condPointer != null && startsWith(p, condPointer);
      if (!prefix && !underConditions && !p.equals(phasePointer)) {
        bareReads.add(p);
      }
    }
  }

  /** A comparison and whether its input is the object itself (the expression's input) or something derived. */
  record Comparison(JqNode.Binary node, boolean rootInput) {}

  private static final Set<String> COMPARISONS = Set.of("==", "!=", "<", "<=", ">", ">=");

  /** Builtins whose arguments see the call's own input (so a root input stays the root). */
  private static final Set<String> SAME_INPUT_ARGS = Set.of(
      "select",
      "has",
      "contains",
      "inside",
      "test",
      "match",
      "startswith",
      "endswith",
      "ltrimstr",
      "rtrimstr",
      "split",
      "join",
      "first",
      "last",
      "isempty",
      "limit",
      "error",
      "getpath",
      "splits",
      "sub",
      "gsub",
      "ascii_downcase",
      "ascii_upcase",
      "tostring",
      "tonumber");

  /**
   * Every comparison of {@code n}, with whether its operands read the expression's input: the left of a pipe and the
   * operands of other operators keep the input; the right of a pipe, the condition of {@code any(c)}, {@code
   * all(c)}, {@code map(f)}, the second argument of {@code any(g; c)}, a {@code reduce}/{@code foreach} update, a
   * {@code def} body and any other call's arguments do not (conservatively: they may see an element).
   */
  static void comparisons(JqNode n, boolean root, List<Comparison> out) {
    if (n == null) {
      return;
    }
    if (n instanceof JqNode.Binary b) {
      if (b.op().equals("|")) {
        comparisons(b.left(), root, out);
        comparisons(b.right(), root && unwrap(b.left()) instanceof JqNode.Identity, out);
        return;
      }
      if (COMPARISONS.contains(b.op())) {
        out.add(new Comparison(b, root));
      }
      comparisons(b.left(), root, out);
      comparisons(b.right(), root, out);
    } else if (n instanceof JqNode.Call c) {
      for (int i = 0; i < c.args().size(); i++) {
        boolean same = SAME_INPUT_ARGS.contains(c.name())
            || (Set.of("any", "all").contains(c.name()) && c.args().size() == 2 && i == 0);
        comparisons(c.args().get(i), root && same, out);
      }
    } else if (n instanceof JqNode.Reduce r) {
      comparisons(r.source(), root, out);
      comparisons(r.init(), root, out);
      comparisons(r.update(), false, out);
    } else if (n instanceof JqNode.Foreach f) {
      comparisons(f.source(), root, out);
      comparisons(f.init(), root, out);
      comparisons(f.update(), false, out);
      comparisons(f.extract(), false, out);
    } else if (n instanceof JqNode.FuncDef d) {
      comparisons(d.body(), false, out);
      comparisons(d.rest(), root, out);
    } else if (n instanceof JqNode.Try t) {
      comparisons(t.body(), root, out);
      comparisons(t.handler(), false, out);
    } else if (n instanceof JqNode.Field
        || n instanceof JqNode.Index
        || n instanceof JqNode.Slice
        || n instanceof JqNode.Iterate) {
      // a path's target reads the input; an index expression too (.a[.i]); neither compares as a
      // dimension here
      n.children().forEach(ch -> comparisons(ch, false, out));
    } else {
      // parentheses, ?, -, [..], {..}, strings, if/then/else, as-bindings, labels: the same input
      n.children().forEach(ch -> comparisons(ch, root, out));
    }
  }

  private static JqNode unwrap(JqNode n) {
    JqNode cur = n;
    while (cur instanceof JqNode.Paren p) {
      cur = p.body();
    }
    return cur;
  }

  /** A field chain from the input ({@code .a.b}, through parentheses, {@code ?} and the left of {@code //}). */
  private static List<String> pathOf(JqNode n) {
    if (n instanceof JqNode.Paren p) {
      return pathOf(p.body());
    }
    if (n instanceof JqNode.Optional o) {
      return pathOf(o.body());
    }
    if (n instanceof JqNode.Binary b && b.op().equals("//")) {
      return pathOf(b.left());
    }
    List<String> steps = new ArrayList<>();
    JqNode cur = n;
    while (cur instanceof JqNode.Field f) {
      String name = f.name() != null
          ? f.name()
          : f.nameString() == null ? null : f.nameString().literal();
      if (name == null) {
        return null;
      }
      steps.add(0, name);
      cur = f.target();
      while (cur instanceof JqNode.Optional o) {
        cur = o.body();
      }
    }
    return (cur == null || cur instanceof JqNode.Identity) && !steps.isEmpty() ? steps : null;
  }

  private static JsonNode literal(JqNode n) {
    if (n instanceof JqNode.Paren p) {
      return literal(p.body());
    }
    if (n instanceof JqNode.NumberLit num) {
      try {
        return F.numberNode(new BigDecimal(num.text()).longValueExact());
      } catch (ArithmeticException | NumberFormatException e) {
        return null;
      }
    }
    if (n instanceof JqNode.StringLit s && s.literal() != null) {
      return TextNode.valueOf(s.literal());
    }
    if (n instanceof JqNode.Constant c) {
      return switch (c.text()) {
        case "true" -> BooleanNode.TRUE;
        case "false" -> BooleanNode.FALSE;
        default -> null;
      };
    }
    return null;
  }

  /** The schema node at {@code path} (properties, additionalProperties, items), or null when the schema forbids it. */
  private static JsonNode schemaAt(JsonNode root, List<String> path, List<String> notes) {
    if (root == null) {
      return null;
    }
    JsonNode cur = root;
    for (String step : path) {
      if (cur.path("x-kubernetes-preserve-unknown-fields").asBoolean(false)
          && !cur.has("properties")) {
        return F.objectNode();
      }
      JsonNode next = cur.path("properties").get(step);
      if (next == null && cur.path("additionalProperties").isObject()) {
        next = cur.get("additionalProperties");
      }
      if (next == null && cur.path("x-kubernetes-preserve-unknown-fields").asBoolean(false)) {
        return F.objectNode();
      }
      if (next == null) {
        return null;
      }
      cur = next;
    }
    return cur;
  }

  // ---------------------------------------------------------------- search

  private static final class Found {
    JsonNode example;
    List<String> statuses;
    int size = Integer.MAX_VALUE;
    int count;
    String terminalKey;
  }

  private final class Search {
    final PreparedDefinition prepared;
    final ObjectNode start;
    final List<Dimension> dims;
    final StatusDefinition sd;
    int evaluated;
    final List<String> phasePointer;
    final Map<String, Found> overlaps = new TreeMap<>();
    final Map<String, Found> terminal = new TreeMap<>();

    Search(
        PreparedDefinition prepared, ObjectNode start, List<Dimension> dims, StatusDefinition sd) {
      this.prepared = prepared;
      this.start = start;
      this.dims = dims;
      this.sd = sd;
      this.phasePointer = sd == null || sd.phasePath() == null ? null : plainRead(sd.phasePath());
    }

    /** Every object setting exactly {@code k} dimensions; false when the limit stopped it. */
    boolean enumerate(int k, int limit) {
      int[] pick = new int[k];
      for (int i = 0; i < k; i++) {
        pick[i] = i;
      }
      while (true) {
        if (!product(pick, 0, new int[dims.size()], limit)) {
          return false;
        }
        int i = k - 1;
        while (i >= 0 && pick[i] == dims.size() - k + i) {
          i--;
        }
        if (i < 0) {
          return true;
        }
        pick[i]++;
        for (int j = i + 1; j < k; j++) {
          pick[j] = pick[j - 1] + 1;
        }
      }
    }

    private boolean product(int[] pick, int at, int[] choice, int limit) {
      if (at == pick.length) {
        if (evaluated >= limit) {
          return false;
        }
        evaluate(choice.clone());
        return true;
      }
      int dim = pick[at];
      for (int v = 1; v <= dims.get(dim).values().size(); v++) {
        choice[dim] = v;
        if (!product(pick, at + 1, choice, limit)) {
          return false;
        }
      }
      choice[dim] = 0;
      return true;
    }

    void evaluate(int[] choice) {
      evaluated++;
      ObjectNode obj = start.deepCopy();
      ObjectNode shown = F.objectNode();
      int size = 0;
      Map<String, String> terminalWhat = new LinkedHashMap<>();
      for (int i = 0; i < choice.length; i++) {
        if (choice[i] == 0) {
          continue;
        }
        size++;
        Dimension d = dims.get(i);
        JsonNode v = d.values().get(choice[i] - 1);
        if (d.conditionType() != null) {
          appendTo(obj, d.pointer(), v);
          appendTo(shown, d.pointer(), v);
          String status = v.path(sd.conditions().statusFieldName()).asText();
          if ("True".equals(status) && TERMINAL_TYPE.matcher(d.conditionType()).matches()) {
            terminalWhat.put("condition " + d.conditionType() + "=True", d.conditionType());
          }
        } else {
          setAt(obj, d.pointer(), v);
          setAt(shown, d.pointer(), v);
          if (d.pointer().equals(phasePointer)
              && v.isTextual()
              && TERMINAL_PHASE.matcher(v.asText()).matches()) {
            terminalWhat.put("phase " + v.asText(), v.asText());
          }
        }
      }
      StatusResult r = wm.status(prepared, obj);
      if (r == null) {
        return;
      }
      List<WorkloadStatus> m = r.matched();
      for (int a = 0; a < EXCLUSIVE.size(); a++) {
        for (int b = a + 1; b < EXCLUSIVE.size(); b++) {
          if (m.contains(EXCLUSIVE.get(a)) && m.contains(EXCLUSIVE.get(b))) {
            List<WorkloadStatus> pair =
                new ArrayList<>(List.of(EXCLUSIVE.get(a), EXCLUSIVE.get(b)));
            pair.sort((x, y) -> Integer.compare(
                WorkloadStatus.MATCH_ORDER.indexOf(x), WorkloadStatus.MATCH_ORDER.indexOf(y)));
            record(
                overlaps,
                pair.get(0).displayName() + "+" + pair.get(1).displayName(),
                shown,
                size,
                r);
          }
        }
      }
      if (m.equals(List.of(WorkloadStatus.UNDEFINED))) {
        for (Map.Entry<String, String> w : terminalWhat.entrySet()) {
          record(terminal, w.getKey(), shown, size, r).terminalKey = w.getValue();
        }
      }
    }

    private Found record(
        Map<String, Found> into, String key, ObjectNode shown, int size, StatusResult r) {
      Found f = into.computeIfAbsent(key, k -> new Found());
      f.count++;
      if (size < f.size) {
        f.size = size;
        f.example = shown.deepCopy();
        f.statuses = r.phases();
      }
      return f;
    }
  }

  private static ObjectNode parent(ObjectNode root, List<String> pointer) {
    ObjectNode cur = root;
    for (int i = 0; i < pointer.size() - 1; i++) {
      JsonNode next = cur.get(pointer.get(i));
      if (!(next instanceof ObjectNode)) {
        next = cur.putObject(pointer.get(i));
      }
      cur = (ObjectNode) next;
    }
    return cur;
  }

  private static void setAt(ObjectNode root, List<String> pointer, JsonNode v) {
    parent(root, pointer).set(pointer.get(pointer.size() - 1), v);
  }

  private static void appendTo(ObjectNode root, List<String> pointer, JsonNode v) {
    ObjectNode p = parent(root, pointer);
    JsonNode arr = p.get(pointer.get(pointer.size() - 1));
    if (!(arr instanceof ArrayNode)) {
      arr = p.putArray(pointer.get(pointer.size() - 1));
    }
    ((ArrayNode) arr).add(v);
  }
}
