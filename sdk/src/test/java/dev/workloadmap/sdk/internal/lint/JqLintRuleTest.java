package dev.workloadmap.sdk.internal.lint;

import static dev.workloadmap.sdk.TestDefinitions.load;
import static org.assertj.core.api.Assertions.assertThat;

import dev.workloadmap.sdk.definition.Definition;
import dev.workloadmap.sdk.internal.validation.DefinitionValidator;
import dev.workloadmap.sdk.jq.Jq;
import dev.workloadmap.sdk.validation.Finding;
import dev.workloadmap.sdk.validation.Severity;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Each rule of docs/format.md#validation-jq-sdk with a passing and a failing case, through the validator with the rule
 * plugged in, on definitions read from YAML: rule id, severity, message and the exact line and column of the char the
 * finding is about.
 */
class JqLintRuleTest {

  static final DefinitionValidator LINTER =
      new DefinitionValidator(Jq.defaultEngine()).withRule(new JqLintRule());

  /** A valid definition whose root replicasPath is {@code scalar} (written as given, on line 14). */
  static String withReplicas(String scalar) {
    return """
        apiVersion: run.ai/v1alpha1
        kind: Karta
        metadata:
          name: test
        spec:
          structureDefinition:
            rootComponent:
              name: root
              kind: {group: apps, version: v1, kind: Deployment}
              statusDefinition: {statusMappings: {}}
              specDefinition: {podTemplateSpecPath: .spec.template}
              podSelector: {componentTypeSelector: {keyPath: .metadata.labels.app}}
              scaleDefinition:
                replicasPath: %s
        """.formatted(scalar);
  }

  static List<Finding> lint(String yaml) {
    Definition d = load(yaml);
    return LINTER.validate(d).findings();
  }

  /** The 1-based {line, column} of {@code needle} in {@code yaml}, searching from the first {@code from}. */
  static int[] at(String yaml, String from, String needle) {
    int index = yaml.indexOf(needle, yaml.indexOf(from));
    assertThat(index).as("%s in the YAML", needle).isNotNegative();
    String before = yaml.substring(0, index);
    return new int[] {
      (int) before.chars().filter(c -> c == '\n').count() + 1, index - before.lastIndexOf('\n')
    };
  }

  static void assertSingle(
      String yaml, String ruleId, Severity severity, String message, String needle) {
    List<Finding> findings = lint(yaml);
    assertThat(findings).as("%s", findings).singleElement().satisfies(f -> {
      assertThat(f.ruleId()).isEqualTo(ruleId);
      assertThat(f.severity()).isEqualTo(severity);
      assertThat(f.message()).endsWith("failed validation: " + message);
      assertThat(new int[] {f.location().line(), f.location().column()})
          .as(f.format())
          .containsExactly(at(yaml, "replicasPath:", needle));
    });
  }

  static void assertClean(String yaml) {
    assertThat(lint(yaml)).isEmpty();
  }

  @Test
  void unknownFunction_pointsAtItsName() {
    String yaml = withReplicas(".spec.x | foo(1)");
    assertSingle(
        yaml, JqLintRule.UNKNOWN_FUNCTION, Severity.ERROR, "unknown function 'foo/1'", "foo");
    assertThat(lint(yaml).get(0).message())
        .isEqualTo("JQ expression '.spec.x | foo(1)' at"
            + " 'spec.structureDefinition.rootComponent.scaleDefinition.replicasPath' failed validation: unknown function"
            + " 'foo/1'");
    assertThat(lint(yaml).get(0).location().pointer())
        .isEqualTo("/spec/structureDefinition/rootComponent/scaleDefinition/replicasPath");
    assertClean(withReplicas(".spec.x | length"));
  }

  @Test
  void ec01_dashInAKeyIsASubtractionOfAnUnknownFunction() {
    String yaml = withReplicas(".metadata.labels.job-name");
    assertSingle(
        yaml, JqLintRule.UNKNOWN_FUNCTION, Severity.ERROR, "unknown function 'name/0'", "name");
    assertThat(lint(yaml).get(0).hint()).contains(".[\"job-name\"]");
    assertClean(withReplicas("'.metadata.labels[\"job-name\"] | tonumber'"));
    assertClean(withReplicas("'.metadata.labels.\"job-name\" | tonumber'"));
  }

  @Test
  void functionsTheReferencePinLacksAreUnknown() {
    // gojq v0.12.19 (the reference's pin, `gojq -n 'builtins'`) defines neither: leaf_paths was
    // removed upstream as
    // deprecated, scalbn/2 is not one of its math functions; jackson-jq has leaf_paths, so the
    // engine alone would run it
    assertSingle(
        withReplicas("'[.spec | leaf_paths] | length'"),
        JqLintRule.UNKNOWN_FUNCTION,
        Severity.ERROR,
        "unknown function 'leaf_paths/0'",
        "leaf_paths");
    assertSingle(
        withReplicas(".spec.x | scalbn(1; 2)"),
        JqLintRule.UNKNOWN_FUNCTION,
        Severity.ERROR,
        "unknown function 'scalbn/2'",
        "scalbn");
    assertClean(withReplicas(".spec.x | ltrimstr(\"a\") | tonumber"));
  }

  @Test
  void ec02_keysUnsortedIsUnknownToTheReference() {
    assertSingle(
        withReplicas(".spec | keys_unsorted | length"),
        JqLintRule.UNKNOWN_FUNCTION,
        Severity.ERROR,
        "unknown function 'keys_unsorted/0'",
        "keys_unsorted");
    assertClean(withReplicas(".spec | keys | length"));
  }

  @Test
  void localDefinitionsAndParametersAreKnownWithTheirArity() {
    assertClean(withReplicas("'def foo(x): x; .spec | foo(.a)'"));
    assertClean(withReplicas("'def f(g): g; f(.a)'"));
    assertClean(withReplicas("'def f($a): a + $a; f(1)'"));
    assertClean(withReplicas("'def f: def g: 3; g; f'"));
    assertSingle(
        withReplicas("'def foo: 1; foo(2)'"),
        JqLintRule.UNKNOWN_FUNCTION,
        Severity.ERROR,
        "unknown function 'foo/1'",
        "foo(2)");
    assertSingle(
        withReplicas("'(def g: 1; g) + g'"),
        JqLintRule.UNKNOWN_FUNCTION,
        Severity.ERROR,
        "unknown function 'g/0'",
        "g'");
  }

  @Test
  void unsupportedFunction_aReferenceBuiltinTheEngineLacks() {
    assertSingle(
        withReplicas(".spec.replicas | abs"),
        JqLintRule.UNSUPPORTED_FUNCTION,
        Severity.ERROR,
        "function 'abs/0' is not supported",
        "abs");
    assertSingle(
        withReplicas(".spec.name | ltrimstr(\"a\") | trim | length"),
        JqLintRule.UNSUPPORTED_FUNCTION,
        Severity.ERROR,
        "function 'trim/0' is not supported",
        "trim |");
    assertSingle(
        withReplicas(".spec.name | @urid | length"),
        JqLintRule.UNSUPPORTED_FUNCTION,
        Severity.ERROR,
        "format '@urid' is not supported",
        "@urid");
    assertClean(withReplicas(".spec.name | @base64 | length"));
    assertClean(withReplicas(".spec.replicas | tostring | tonumber"));
  }

  @Test
  void unknownFormat() {
    assertSingle(
        withReplicas(".spec.name | @base32 | length"),
        JqLintRule.UNKNOWN_FUNCTION,
        Severity.ERROR,
        "unknown format '@base32'",
        "@base32");
  }

  @Test
  void undefinedVariable_pointsAtTheDollar() {
    assertSingle(
        withReplicas(".spec.x + $y"),
        JqLintRule.UNDEFINED_VARIABLE,
        Severity.ERROR,
        "undefined variable '$y'",
        "$y");
    assertClean(withReplicas(".spec.x as $y | $y"));
    assertClean(withReplicas("'.spec.xs | reduce .[] as $x (0; . + $x)'"));
    assertClean(withReplicas("'[foreach .spec.xs[] as $x (0; . + $x; [$x, .])] | length'"));
    assertClean(
        withReplicas("'. as {spec: {replicas: $r}, $metadata} | $r + ($metadata | length)'"));
    assertClean(withReplicas("'def f($a): $a * 2; f(.spec.x)'"));
    assertSingle(
        withReplicas("'.spec.xs | reduce .[] as $x ($x; .)'"),
        JqLintRule.UNDEFINED_VARIABLE,
        Severity.ERROR,
        "undefined variable '$x'",
        "$x; .");
    assertSingle(
        withReplicas("'(.spec as $s | $s) | $s'"),
        JqLintRule.UNDEFINED_VARIABLE,
        Severity.ERROR,
        "undefined variable '$s'",
        "$s'");
  }

  @Test
  void labelsAreTheirOwnNamespace() {
    assertClean(withReplicas("'[label $out | .spec.xs[] | ., break $out] | length'"));
    assertSingle(
        withReplicas("'[.spec.xs[] | ., break $out] | length'"),
        JqLintRule.UNDEFINED_VARIABLE,
        Severity.ERROR,
        "undefined label '$out'",
        "break");
    assertSingle(
        withReplicas("'label $out | $out'"),
        JqLintRule.UNDEFINED_VARIABLE,
        Severity.ERROR,
        "undefined variable '$out'",
        "$out'");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "1 + 3 as $a | ($a * 2)",
        "{\"x\": 10} + . as {\"a\": $a} | {\"y\": $a} | length",
        "true // 1 as $a | 2",
        ".a, .b as $x | $x",
        ".a and .b as $x | $x",
        ".a == .b as $x | $x"
      })
  void fc27_asBindingAsARightOperandNeedsParentheses(String expression) {
    String yaml = withReplicas("'" + expression + "'");
    int operand = expression.indexOf(" as ");
    String source = expression.substring(expression.lastIndexOf(' ', operand - 1) + 1, operand);
    List<Finding> findings = lint(yaml);
    assertThat(findings).singleElement().satisfies(f -> {
      assertThat(f.ruleId()).isEqualTo(JqLintRule.AS_PRECEDENCE);
      assertThat(f.message())
          .endsWith("failed validation: add parentheses around the 'as' binding");
      assertThat(f.location().column()).isEqualTo(at(yaml, "replicasPath:", source + " as ")[1]);
    });
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "1 + (3 as $a | $a * 2)",
        "(1 + 3) as $a | $a * 2",
        ".a | . as $x | $x",
        ". as $x | 1 + $x",
        "[.[] as $x | $x] | length"
      })
  void fc27_parenthesisedOrPipedBindingsAreFine(String expression) {
    assertClean(withReplicas("'" + expression + "'"));
  }

  @Test
  void fc32_lookAroundInARegexLiteralIsRejectedAtTheGroup() {
    String yaml = withReplicas("'.metadata.name | test(\"^(?!kube-)\") | if . then 1 else 0 end'");
    assertSingle(
        yaml,
        JqLintRule.REGEX,
        Severity.ERROR,
        "regular expression not supported by the reference engine",
        "(?!");
    assertThat(lint(yaml).get(0).hint()).contains("look-ahead");
    assertClean(
        withReplicas("'.metadata.name | test(\"^worker-[0-9]+$\") | if . then 1 else 0 end'"));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "capture(\"(a)\\\\1\")",
        "sub(\"(?<=a)b\"; \"c\")",
        "gsub(\"a*+\"; \"\")",
        "[scan(\"(?>a)\")]",
        "split(\"\\\\h\"; null)",
        "[splits(\"(?x) a\")]",
        "[match(\"a{1001}\")]",
        "test(\"\\\\k<n>\")"
      })
  void fc32_everyRegexFunctionIsChecked(String call) {
    List<Finding> findings = lint(withReplicas("'.metadata.name | " + call + " | length'"));
    assertThat(findings).singleElement().satisfies(f -> {
      assertThat(f.ruleId()).isEqualTo(JqLintRule.REGEX);
      assertThat(f.message()).endsWith("regular expression not supported by the reference engine");
    });
  }

  @Test
  void fc32_regexLimitsAndNonRegexArguments() {
    String longRegex = "a".repeat(ExpressionLinter.MAX_REGEX_LENGTH + 1);
    assertSingle(
        withReplicas("'.metadata.name | test(\"" + longRegex + "\") | length'"),
        JqLintRule.REGEX,
        Severity.ERROR,
        "regular expression too long",
        "\"aaa");
    assertClean(
        withReplicas("'.metadata.name | test(\"" + longRegex.substring(1) + "\") | length'"));
    assertClean(withReplicas("'.metadata.name | split(\"(?!x)\") | length'"));
    assertClean(withReplicas("'def test(r): true; .metadata.name | test(\"(?!x)\") | length'"));
    assertClean(withReplicas("'.metadata.name | test(.spec.pattern) | length'"));
  }

  /** A definition whose child selects pods by {@code keyPath} (and {@code value} when given). */
  static String selector(String keyPath, String value) {
    return withReplicas(".spec.replicas")
        + """
            childComponents:
              - name: worker
                ownerRef: root
                podSelector:
                  componentTypeSelector:
                    keyPath: %s
        %s""".formatted(keyPath, value == null ? "" : "            value: " + value + "\n");
  }

  @Test
  void ec05_keyPathComparedWithValueWarnsOnATopLevelAlternative() {
    String yaml = selector(".metadata.labels.role // .metadata.labels.type", "worker");
    List<Finding> findings = lint(yaml);
    assertThat(findings).singleElement().satisfies(f -> {
      assertThat(f.ruleId()).isEqualTo(JqLintRule.SELECTOR_PRECEDENCE);
      assertThat(f.severity()).isEqualTo(Severity.WARNING);
      assertThat(f.message())
          .endsWith("failed validation: keyPath is compared without parentheses; wrap it in ( )");
      assertThat(new int[] {f.location().line(), f.location().column()})
          .containsExactly(at(yaml, "keyPath: .meta", "//"));
    });
    assertThat(lint(selector(".metadata | .labels.role // .labels.type", "worker")))
        .singleElement()
        .satisfies(f -> assertThat(f.ruleId()).isEqualTo(JqLintRule.SELECTOR_PRECEDENCE));
    assertThat(lint(selector(".metadata.labels.a == \"x\"", "\"true\""))).hasSize(1);
    assertThat(lint(selector("'(.metadata.labels.role // .metadata.labels.type)'", "worker")))
        .isEmpty();
    assertThat(lint(selector(".metadata.labels.role // .metadata.labels.type", null)))
        .isEmpty();
    assertThat(lint(selector(".metadata.labels.role", "worker"))).isEmpty();
  }

  @Test
  void validatorFindingsPointAtTheExactCharToo() {
    String yaml = withReplicas("'[.a, del(.b)] | length'");
    List<Finding> findings = lint(yaml);
    assertThat(findings).singleElement().satisfies(f -> {
      assertThat(f.ruleId()).isEqualTo("jq.rejected-construct");
      assertThat(f.message()).endsWith("failed validation: del function is not allowed");
      assertThat(new int[] {f.location().line(), f.location().column()})
          .containsExactly(at(yaml, "replicasPath:", "del"));
    });
    String parse = withReplicas(".spec | foo(1");
    assertThat(lint(parse)).singleElement().satisfies(f -> {
      assertThat(f.ruleId()).isEqualTo("jq.parse");
      assertThat(f.message())
          .isEqualTo("failed to parse JQ expression '.spec | foo(1' at"
              + " 'spec.structureDefinition.rootComponent.scaleDefinition.replicasPath': expected ')' but found end of"
              + " expression");
      assertThat(new int[] {f.location().line(), f.location().column()})
          .containsExactly(14, at(parse, "replicasPath:", "(1")[1] + 2);
    });
  }

  @Test
  void engineOnlyParseErrorsAreReportedWithTheEngineExplanation() {
    String yaml = withReplicas("'. as [$a] ?// $a | $a'");
    assertThat(lint(yaml)).singleElement().satisfies(f -> {
      assertThat(f.ruleId()).isEqualTo("jq.parse");
      assertThat(f.message())
          .startsWith("failed to parse JQ expression '. as [$a] ?// $a | $a' at"
              + " 'spec.structureDefinition.rootComponent.scaleDefinition.replicasPath': ");
    });
  }

  @Test
  void ifWithoutElseIsAParseError() {
    String yaml = withReplicas("if .a then 1 end");
    assertThat(lint(yaml)).singleElement().satisfies(f -> {
      assertThat(f.ruleId()).isEqualTo("jq.parse");
      assertThat(f.message())
          .startsWith("failed to parse JQ expression 'if .a then 1 end'")
          .contains("'if' without 'else'");
      assertThat(new int[] {f.location().line(), f.location().column()})
          .containsExactly(at(yaml, "replicasPath:", "end"));
    });
  }

  @Test
  void positionsInsideABlockScalar() {
    String yaml =
        withReplicas(">-\n          .spec.replicatedJobs[]\n          | (.replicas // 1) * foo");
    assertSingle(
        yaml, JqLintRule.UNKNOWN_FUNCTION, Severity.ERROR, "unknown function 'foo/0'", "foo");
    assertThat(lint(yaml).get(0).location().line()).isEqualTo(16);
  }

  @Test
  void everyProblemOfAnExpressionIsReportedInOrder() {
    String yaml = withReplicas("'$a + foo + abs + (1 + 2 as $b | $b)'");
    assertThat(lint(yaml))
        .extracting(Finding::ruleId)
        .containsExactly(
            JqLintRule.UNDEFINED_VARIABLE,
            JqLintRule.UNKNOWN_FUNCTION,
            JqLintRule.UNSUPPORTED_FUNCTION,
            JqLintRule.AS_PRECEDENCE);
  }

  @Test
  void aDefinitionBuiltInCodeIsLintedWithoutPositions() {
    Definition fromYaml = load(withReplicas(".spec.x | foo(1)"));
    Definition inCode = new Definition(
        fromYaml.name(),
        fromYaml.form(),
        fromYaml.labels(),
        fromYaml.rootComponent(),
        fromYaml.childComponents(),
        fromYaml.additionalChildKinds(),
        fromYaml.gangScheduling(),
        null);
    assertThat(new JqLintRule().check(inCode)).singleElement().satisfies(f -> {
      assertThat(f.ruleId()).isEqualTo(JqLintRule.UNKNOWN_FUNCTION);
      assertThat(f.location().line()).isZero();
      assertThat(f.location().pointer()).endsWith("/replicasPath");
    });
    assertThat(new JqLintRule().check(null)).isEmpty();
  }
}
