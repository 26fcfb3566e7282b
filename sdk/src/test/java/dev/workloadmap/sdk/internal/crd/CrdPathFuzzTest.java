package dev.workloadmap.sdk.internal.crd;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.workloadmap.sdk.crd.CrdSchema;
import dev.workloadmap.sdk.definition.Gvk;
import dev.workloadmap.sdk.internal.jqast.JqNode;
import dev.workloadmap.sdk.internal.jqast.JqParser;
import dev.workloadmap.sdk.internal.jqast.JqSyntaxException;
import java.nio.charset.StandardCharsets;

/**
 * Coverage-guided fuzzing of the CRD path interpreter ({@link PathInterpreter}, the abstract interpretation of a jq
 * path over a CRD's schema behind {@code crd.unknown-field} and friends), on the test CRD {@code crd/widget.yaml}: any
 * expression our parser accepts is interpreted without throwing (a stack overflow is what {@link CrdPathCheck}
 * reports as "nested too deeply"), and every problem has a rule id, a message and an offset inside the expression.
 * Corpus: the catalog's jq paths ({@code CrdPathFuzzTestInputs/interpretsWithoutThrowing}).
 */
class CrdPathFuzzTest {

  private static final CrdSchema SCHEMA =
      CrdSchema.fromResource("crd/widget.yaml", new Gvk("example.com", "v1", "Widget"));

  @FuzzTest(maxDuration = "5s")
  void interpretsWithoutThrowing(byte[] data) {
    String text = new String(data, StandardCharsets.UTF_8);
    check(text);
  }

  static void check(String text) {
    JqNode tree;
    try {
      tree = JqParser.parse(text);
    } catch (JqSyntaxException | StackOverflowError e) {
      return; // the validator reports jq.parse; CrdPathCheck skips the field
    }
    PathInterpreter interpreter = new PathInterpreter(SCHEMA.describe(), text);
    try {
      interpreter.run(tree, SCHEMA.pathSchema());
    } catch (StackOverflowError e) {
      return; // CrdPathCheck: "not checked ...: the expression is nested too deeply"
    }
    for (PathInterpreter.Problem p : interpreter.problems()) {
      assertThat(p.ruleId()).isNotBlank();
      assertThat(p.message()).isNotBlank();
      assertThat(p.offset()).as("offset of %s", p.message()).isBetween(0, text.length());
    }
    if (interpreter.notChecked() != null) {
      assertThat(interpreter.notCheckedAt())
          .as("offset of not-checked")
          .isBetween(-1, text.length());
    }
  }
}
