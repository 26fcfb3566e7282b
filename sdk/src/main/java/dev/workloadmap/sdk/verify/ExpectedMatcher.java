package dev.workloadmap.sdk.verify;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.schema.internal.NameSuggester;
import dev.workloadmap.sdk.jq.JqValues;
import dev.workloadmap.sdk.validation.Finding;
import dev.workloadmap.sdk.validation.Severity;
import dev.workloadmap.sdk.yaml.YamlDocument;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * Compares a hand-written expected result with the actual JSON form of a tree. The expected document is a
 * <em>subset</em>: every key it names must be present and equal in the actual value; keys it leaves out are not
 * checked. Lists are compared element by element and must have the same length. Numbers compare by value ({@code 4},
 * {@code 4.0} and {@code "4"} are not the same: a string never equals a number). Every mismatch is a finding at the
 * expected file's line and column.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ExpectedMatcher {
  private ExpectedMatcher() {}

  /** Every mismatch between {@code expected} (a document read from an expected file) and {@code actual}. */
  public static List<Finding> compare(YamlDocument expected, JsonNode actual) {
    List<Finding> out = new ArrayList<>();
    compare(expected, expected.root(), actual, "", out);
    return out;
  }

  private static void compare(
      YamlDocument doc, JsonNode exp, JsonNode act, String pointer, List<Finding> out) {
    if (exp.isObject()) {
      if (act == null || !act.isObject()) {
        out.add(mismatch(doc, pointer, "expected an object, actual " + show(act)));
        return;
      }
      Iterator<Map.Entry<String, JsonNode>> it = exp.properties().iterator();
      while (it.hasNext()) {
        Map.Entry<String, JsonNode> e = it.next();
        String p = pointer + "/" + e.getKey().replace("~", "~0").replace("/", "~1");
        if (!act.has(e.getKey())) {
          List<String> known = new ArrayList<>();
          act.fieldNames().forEachRemaining(known::add);
          String suggestion = NameSuggester.suggest(e.getKey(), known);
          out.add(new Finding(
              "fixture.unknown-field",
              Severity.ERROR,
              "the result has no field \"" + e.getKey() + "\""
                  + (suggestion == null ? "" : "; did you mean \"" + suggestion + "\"?"),
              doc.locate(p),
              "known fields here: " + String.join(", ", known),
              null));
          continue;
        }
        compare(doc, e.getValue(), act.get(e.getKey()), p, out);
      }
      return;
    }
    if (exp.isArray()) {
      if (act == null || !act.isArray()) {
        out.add(mismatch(doc, pointer, "expected a list, actual " + show(act)));
        return;
      }
      if (exp.size() != act.size()) {
        out.add(mismatch(
            doc,
            pointer,
            "expected " + exp.size() + " items, actual " + act.size() + ": "
                + abbreviate(JqValues.toCompactJson(act))));
        return;
      }
      for (int i = 0; i < exp.size(); i++) {
        compare(doc, exp.get(i), act.get(i), pointer + "/" + i, out);
      }
      return;
    }
    if (PROBLEM.matcher(pointer).matches() && exp.isTextual() && act != null && act.isTextual()) {
      // a problem starts with the definition's file:line:column, which differs between checkouts:
      // the expected
      // text must be contained in the actual problem (the JQ message, the field, the component)
      if (!act.asText().contains(exp.asText())) {
        out.add(mismatch(
            doc, pointer, "expected a problem containing " + show(exp) + ", actual " + show(act)));
      }
      return;
    }
    if (!scalarEquals(exp, act)) {
      out.add(mismatch(doc, pointer, "expected " + show(exp) + ", actual " + show(act)));
    }
  }

  /** An entry of the tree's {@code problems} list, compared by containment. */
  private static final java.util.regex.Pattern PROBLEM =
      java.util.regex.Pattern.compile("/problems/[0-9]+");

  private static boolean scalarEquals(JsonNode exp, JsonNode act) {
    if (act == null) {
      return false;
    }
    if (exp.isNumber() && act.isNumber()) {
      return decimal(exp).compareTo(decimal(act)) == 0;
    }
    if (exp.isNull()) {
      return act.isNull();
    }
    return exp.getNodeType() == act.getNodeType() && exp.asText().equals(act.asText());
  }

  private static BigDecimal decimal(JsonNode n) {
    return n.isBigDecimal() ? n.decimalValue() : new BigDecimal(n.asText());
  }

  private static Finding mismatch(YamlDocument doc, String pointer, String message) {
    return new Finding(
        "fixture.mismatch",
        Severity.ERROR,
        message,
        doc.locate(pointer),
        "fix the definition, or update the expectation (-Dworkloadmap.updateExpected=true) if the new result is right",
        null);
  }

  private static String show(JsonNode n) {
    if (n == null || n.isMissingNode()) {
      return "nothing";
    }
    if (n.isTextual()) {
      return "\"" + n.asText() + "\"";
    }
    return abbreviate(JqValues.toCompactJson(n));
  }

  private static String abbreviate(String s) {
    return s.length() <= 200 ? s : s.substring(0, 197) + "...";
  }
}
