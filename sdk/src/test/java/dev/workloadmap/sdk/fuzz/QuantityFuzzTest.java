package dev.workloadmap.sdk.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.workloadmap.sdk.internal.resources.Quantities;
import dev.workloadmap.sdk.resources.InvalidQuantityException;
import java.math.BigDecimal;

/**
 * Coverage-guided fuzzing of the Kubernetes quantity parser: any text parses to an exact amount or fails with an
 * {@link InvalidQuantityException} that keeps the value and says why; a parsed amount converts to millicores and whole
 * units and formats as memory without throwing, and the string and JSON-string forms agree.
 */
class QuantityFuzzTest {

  @FuzzTest(maxDuration = "5s")
  void parsesOrSaysWhy(byte[] data) {
    String text = FuzzSupport.utf8(data);
    if (text == null) {
      return;
    }
    check(text);
  }

  static void check(String text) {
    BigDecimal amount;
    try {
      amount = Quantities.parse(text);
    } catch (InvalidQuantityException e) {
      assertThat(e.getMessage()).isNotBlank();
      assertThat(e.value()).isEqualTo(text);
      return;
    }
    assertThat(amount).isNotNull();
    assertThat(Quantities.parse(JsonNodeFactory.instance.textNode(text)))
        .isEqualByComparingTo(amount);
    try {
      Quantities.formatCpu(Quantities.toMillis(amount));
      Quantities.toWholeUnits(amount);
    } catch (InvalidQuantityException e) {
      // documented: the amount does not fit in a long; never a wrap-around or an
      // ArithmeticException
      assertThat(e.getMessage()).isNotBlank();
    }
    if (amount.signum() >= 0) {
      assertThat(Quantities.formatMemory(amount)).isNotBlank();
    }
  }
}
