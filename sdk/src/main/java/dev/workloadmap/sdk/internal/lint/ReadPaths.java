package dev.workloadmap.sdk.internal.lint;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.workloadmap.sdk.internal.jqast.JqParser;
import java.util.List;
import org.apiguardian.api.API;

/**
 * The field paths a jq expression certainly reads from its input (the linter's own analysis, shared with the
 * authoring tools): each path as its step names, {@code "[]"} for an element step.
 */
@API(status = INTERNAL, since = "0.1")
public final class ReadPaths {

  private ReadPaths() {}

  /**
   * Every path {@code expression} reads, in source order; a prefix of a longer read is also listed.
   *
   * @throws dev.workloadmap.sdk.internal.jqast.JqSyntaxException when the expression does not parse
   */
  public static List<List<String>> of(String expression) {
    return FieldReads.of(JqParser.parse(expression)).stream()
        .map(p -> p.steps().stream().map(FieldReads.Step::name).toList())
        .toList();
  }
}
