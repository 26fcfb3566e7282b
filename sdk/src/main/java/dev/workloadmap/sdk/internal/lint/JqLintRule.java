package dev.workloadmap.sdk.internal.lint;

import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.internal.jqast.JqNode;
import dev.workloadmap.sdk.internal.jqast.JqParser;
import dev.workloadmap.sdk.internal.jqast.JqSyntaxException;
import dev.workloadmap.sdk.internal.model.JqFields;
import dev.workloadmap.sdk.internal.model.JqFields.JqField;
import dev.workloadmap.sdk.internal.validation.ValidationRule;
import dev.workloadmap.sdk.validation.Finding;
import java.util.ArrayList;
import java.util.List;

/**
 * The SDK's jq checks of docs/format.md#validation-jq-sdk (decision c) beyond the reference validator, for every jq
 * field of a definition (the fields of docs/format.md#validation-jq). Plug it into the validator, which already reports
 * parse errors ({@code jq.parse}) and the rejected constructs ({@code jq.rejected-construct}) of
 * docs/format.md#validation-jq and decision c:
 *
 * <pre>{@code
 * ValidationReport report = new DefinitionValidator(Jq.defaultEngine()).withRule(new JqLintRule()).validate(d);
 * }</pre>
 *
 * <p>Rules, with their stable ids:
 *
 * <table>
 *   <caption>Rules</caption>
 *   <tr><th>Rule id</th><th>Finding (wrapped as in docs/format.md#validation-jq)</th><th>Severity</th></tr>
 *   <tr><td>{@value #UNKNOWN_FUNCTION}</td><td>{@code unknown function '%s/%d'}: neither a builtin of the reference
 *       engine (gojq v0.12.18) nor a local {@code def} or parameter in scope, for example {@code keys_unsorted} or
 *       {@code name} in {@code .labels.job-name} (EC-01, EC-02); also {@code unknown format '@%s'}</td>
 *       <td>error</td></tr>
 *   <tr><td>{@value #UNSUPPORTED_FUNCTION}</td><td>{@code function '%s/%d' is not supported}: a builtin of the
 *       reference engine that the SDK's engine (jackson-jq 1.6.2, jq 1.6 mode) lacks, such as {@code abs}; also
 *       {@code format '@%s' is not supported}</td><td>error</td></tr>
 *   <tr><td>{@value #UNDEFINED_VARIABLE}</td><td>{@code undefined variable '$%s'} (not bound by {@code as}, a
 *       {@code $} parameter, {@code reduce} or {@code foreach}); also {@code undefined label '$%s'} for a {@code
 *       break} outside its {@code label}</td><td>error</td></tr>
 *   <tr><td>{@value #AS_PRECEDENCE}</td><td>{@code add parentheses around the 'as' binding}: the right operand of a
 *       binary operator other than {@code |} is an unparenthesised {@code … as $x | …} (FC-27)</td>
 *       <td>error</td></tr>
 *   <tr><td>{@value #REGEX}</td><td>{@code regular expression not supported by the reference engine} (look-around,
 *       back-references, possessive repetition and other non-RE2 syntax in a literal passed to {@code test},
 *       {@code match}, {@code capture}, {@code scan}, {@code split/2}, {@code splits}, {@code sub}, {@code gsub};
 *       FC-32) and {@code regular expression too long} (more than 1000 chars)</td><td>error</td></tr>
 *   <tr><td>{@value #SELECTOR_PRECEDENCE}</td><td>{@code keyPath is compared without parentheses; wrap it in ( )}: a
 *       {@code componentTypeSelector.keyPath} used with {@code value} whose last pipe segment has a top-level
 *       {@code //}, {@code ,}, {@code and}, {@code or} or comparison (docs/format.md#pod-classification,
 *       EC-05)</td><td>warning</td></tr>
 * </table>
 *
 * <p>Each finding's location is the exact char of the expression inside the YAML file (the name of the call, the
 * {@code $} of the variable, the operator, the offending part of the regex), with the field's JSON pointer; see
 * {@link dev.workloadmap.sdk.yaml.YamlDocument#locateInValue(String, int)} for when it falls back to the start of
 * the value. An expression that does not parse is skipped here (the validator reports it). Linting a definition
 * takes microseconds; instances are immutable and thread-safe.
 */
public final class JqLintRule implements ValidationRule {

  /** Rule id of unknown functions and formats. */
  public static final String UNKNOWN_FUNCTION = "jq.unknown-function";

  /** Rule id of reference builtins the SDK's engine lacks. */
  public static final String UNSUPPORTED_FUNCTION = "jq.unsupported-function";

  /** Rule id of undefined variables and labels. */
  public static final String UNDEFINED_VARIABLE = "jq.undefined-variable";

  /** Rule id of the {@code as} precedence trap (FC-27). */
  public static final String AS_PRECEDENCE = "jq.as-precedence";

  /** Rule id of regex literals the reference engine rejects, or that are too long (FC-32). */
  public static final String REGEX = "jq.regex";

  /** Rule id of loops whose condition is a constant that never lets them end ({@code until(false; f)}). */
  @org.apiguardian.api.API(status = org.apiguardian.api.API.Status.EXPERIMENTAL, since = "0.1")
  public static final String ENDLESS_LOOP = "jq.endless-loop";

  /** Rule id of a {@code def} whose body calls itself unconditionally ({@code def f: f;}): it never returns. */
  @org.apiguardian.api.API(status = org.apiguardian.api.API.Status.EXPERIMENTAL, since = "0.1")
  public static final String ENDLESS_RECURSION = "jq.endless-recursion";

  /**
   * Rule id of a {@code catch} handler that reads the error: the messages of builtin errors are worded differently
   * by the reference engine (gojq) and the SDK's engine, so such a definition means two things.
   */
  @org.apiguardian.api.API(status = org.apiguardian.api.API.Status.EXPERIMENTAL, since = "0.1")
  public static final String ERROR_MESSAGE = "jq.error-message";

  /**
   * Rule id of a parenthesised {@code (…)?} or {@code (try …)} with more pipeline after it: the SDK's engine
   * (jackson-jq) also catches the errors raised after it, the reference (gojq) only those of its own body.
   */
  @org.apiguardian.api.API(status = org.apiguardian.api.API.Status.EXPERIMENTAL, since = "0.1")
  public static final String TRY_SCOPE = "jq.try-scope";

  /** Rule id of the unparenthesised keyPath comparison (a warning). */
  public static final String SELECTOR_PRECEDENCE = "jq.selector-precedence";

  private final ExpressionLinter linter;

  /** The rule with the reference engine's (gojq v0.12.18) and the SDK engine's (jackson-jq 1.6.2) builtins. */
  public JqLintRule() {
    this.linter = new ExpressionLinter(BuiltinSets.standard());
  }

  @Override
  public List<Finding> check(Definition definition) {
    List<Finding> out = new ArrayList<>();
    if (definition == null) {
      return out;
    }
    for (JqField field : JqFields.of(definition)) {
      JqNode root;
      try {
        root = JqParser.parse(field.expression());
      } catch (JqSyntaxException | StackOverflowError e) {
        continue; // reported by the validator as jq.parse
      }
      List<ExpressionLinter.Problem> problems;
      try {
        problems = linter.lint(root, field.comparedWithValue());
      } catch (StackOverflowError e) {
        continue; // only for absurdly deep trees; the validator's walk has no recursion limit to
        // hit
      }
      for (ExpressionLinter.Problem p : problems) {
        out.add(new Finding(
            p.ruleId(),
            p.severity(),
            "JQ expression '" + field.expression() + "' at '" + field.documentPath()
                + "' failed validation: " + p.message(),
            field.locate(definition, p.offset()),
            p.hint(),
            field.expression()));
      }
    }
    return out;
  }
}
