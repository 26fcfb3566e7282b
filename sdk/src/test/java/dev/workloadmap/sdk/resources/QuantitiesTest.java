package dev.workloadmap.sdk.resources;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.workloadmap.sdk.WorkloadMapException;
import dev.workloadmap.sdk.internal.resources.Quantities;
import io.fabric8.kubernetes.api.model.Quantity;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class QuantitiesTest {

  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  /** Generous: the guarded inputs take microseconds; an unguarded one would take minutes or exhaust the heap. */
  private static final Duration QUICKLY = Duration.ofSeconds(5);

  private static void assertAmount(String text, String expected) {
    assertThat(Quantities.parse(text)).as(text).isEqualByComparingTo(new BigDecimal(expected));
  }

  // --- FC-41: exponent notation
  // -------------------------------------------------------------------------------

  @ParameterizedTest(name = "{0} = {1} bytes")
  @CsvSource({"129e6, 129000000", "129M, 129000000", "123Mi, 128974848", "128974848, 128974848"})
  void fc41_exponentNotationIsADecimalExponentNotExa(String input, String bytes) {
    assertAmount(input, bytes);
  }

  @Test
  void fc41_upperCaseExponentWithDigitsIsAnExponentButBareEIsExa() {
    assertAmount("1E3", "1000");
    assertAmount("1E", "1000000000000000000");
    assertAmount("1e+3", "1000");
    assertAmount("1.5e-3", "0.0015");
    assertAmount("5e0", "5");
  }

  // --- FC-43: m on memory means milli-bytes
  // ---------------------------------------------------------------------

  @Test
  void fc43_milliSuffixIsMilliOnEveryResourceAndKeptExact() {
    BigDecimal request = Quantities.parse("400m");
    BigDecimal limit = Quantities.parse("512m");
    assertThat(request).isEqualTo(new BigDecimal("0.4"));
    assertThat(limit).isEqualTo(new BigDecimal("0.512"));
    assertThat(Quantities.formatMemory(request)).isEqualTo("0.4");
  }

  // --- FC-44: out-of-range exponents and huge suffixes
  // ----------------------------------------------------------

  @ParameterizedTest
  @ValueSource(
      strings = {
        "1e9223372036854775807",
        "1e2147483648",
        "1e2147483647",
        "1e999999999",
        "1E4294967297",
        "2E6024865272343",
        "1e99999999999999999999999999999999999999"
      })
  void fc44_hugeExponentsAreRejectedQuicklyWithAClearError(String input) {
    assertTimeoutPreemptively(
        QUICKLY,
        () -> assertThatThrownBy(() -> Quantities.parse(input))
            .isInstanceOf(InvalidQuantityException.class)
            .isInstanceOf(WorkloadMapException.class)
            .hasMessage("invalid quantity \"" + input
                + "\": out of range: the SDK accepts magnitudes below 1e40"));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"1e-2147483648", "1e-9223372036854775808", "1e-999999999", "1e-41", "0.00001e-36"})
  void fc44_hugeNegativeExponentsAreRejectedQuicklyRatherThanWrapping(String input) {
    assertTimeoutPreemptively(
        QUICKLY,
        () -> assertThatThrownBy(() -> Quantities.parse(input))
            .isInstanceOf(InvalidQuantityException.class)
            .hasMessageContaining(
                "out of range: the SDK accepts non-zero magnitudes of at least 1e-40"));
  }

  @Test
  void fc44_2000ExaIsExactlyTwoTimesTenToTheTwentyFirstNeverTwo() {
    BigDecimal value = Quantities.parse("2000E");
    assertThat(value).isEqualByComparingTo(new BigDecimal("2000000000000000000000"));
    assertThat(value.toPlainString()).isEqualTo("2000000000000000000000");
    // Displayed exactly; like Kubernetes, binary units win because 2×10^21 is a multiple of 2^20.
    assertThat(Quantities.formatMemory(value)).isEqualTo("1907348632812500Mi");
    assertThat(Quantities.parse(Quantities.formatMemory(value))).isEqualTo(value);
  }

  @Test
  void fc44_rangeBoundariesAreWhereTheyAreDocumented() {
    assertAmount("9.99e39", "9990000000000000000000000000000000000000");
    assertAmount("1e-40", "1e-40");
    assertThatThrownBy(() -> Quantities.parse("1e40")).hasMessageContaining("out of range");
    assertThatThrownBy(() -> Quantities.parse("10e39")).hasMessageContaining("out of range");
    assertThatThrownBy(() -> Quantities.parse("100000000000000000000000Ei"))
        .hasMessageContaining("out of range");
  }

  @Test
  void fc44_zeroIsZeroWhateverTheExponent() {
    assertTimeoutPreemptively(QUICKLY, () -> {
      assertThat(Quantities.parse("0e9223372036854775807")).isSameAs(BigDecimal.ZERO);
      assertThat(Quantities.parse("0.000e-99999999999")).isSameAs(BigDecimal.ZERO);
      assertThat(Quantities.parse("-0")).isSameAs(BigDecimal.ZERO);
    });
  }

  @Test
  void fc44_jsonNumbersWithHugeExponentsAreRejectedQuickly() {
    assertTimeoutPreemptively(QUICKLY, () -> {
      assertThatThrownBy(() -> Quantities.parse(JSON.numberNode(new BigDecimal("1E+999999999"))))
          .hasMessage(
              "invalid quantity \"1E+999999999\": out of range: the SDK accepts magnitudes below 1e40");
      assertThatThrownBy(() -> Quantities.parse(JSON.numberNode(new BigDecimal("1E-999999999"))))
          .hasMessageContaining("out of range");
      assertThatThrownBy(() -> Quantities.parse(JSON.numberNode(1e300)))
          .hasMessageContaining("out of range");
    });
  }

  // --- the rest of the grammar
  // -----------------------------------------------------------------------------------

  @ParameterizedTest(name = "{0} = {1}")
  @CsvSource({
    "1n, 0.000000001",
    "1u, 0.000001",
    "1m, 0.001",
    "1, 1",
    "1k, 1000",
    "1M, 1000000",
    "1G, 1000000000",
    "1T, 1000000000000",
    "1P, 1000000000000000",
    "1E, 1000000000000000000",
    "1Ki, 1024",
    "1Mi, 1048576",
    "1Gi, 1073741824",
    "1Ti, 1099511627776",
    "1Pi, 1125899906842624",
    "1Ei, 1152921504606846976",
    "7Ei, 8070450532247928832",
    "0.5Ki, 512",
    "1.5Gi, 1610612736",
    "0.1Ei, 115292150460684697.6",
    "500m, 0.5",
    "2000m, 2",
    "+1, 1",
    "-1, -1",
    "-1.5Gi, -1610612736",
    ".5, 0.5",
    "5., 5",
    "1.G, 1000000000",
    "00012, 12",
    "0.1m, 0.0001",
    "1.0000000001m, 0.0010000000001",
    "12345678901234567890e3, 12345678901234567890000"
  })
  void parsesEveryFormOfTheGrammarExactly(String input, String expected) {
    assertAmount(input, expected);
  }

  @Test
  void binarySuffixesAreExactWhereFabric8RoundsToSixteenDigits() {
    // Why the SDK computes binary suffixes itself: fabric8 7.9.0 multiplies by 2^60 rounded to
    // DECIMAL64.
    BigDecimal exact = new BigDecimal("1152921504606846976");
    assertThat(new Quantity("1Ei").getNumericalAmount()).isNotEqualByComparingTo(exact);
    assertThat(Quantities.parse("1Ei")).isEqualByComparingTo(exact);
  }

  @Test
  void resultsAreNormalisedSoEqualAmountsAreEqualObjects() {
    assertThat(Quantities.parse("0.500")).isEqualTo(Quantities.parse("500m"));
    assertThat(Quantities.parse("2000m")).isEqualTo(BigDecimal.valueOf(2));
    assertThat(Quantities.parse("0Gi")).isSameAs(BigDecimal.ZERO);
  }

  @ParameterizedTest(name = "[{0}]")
  @CsvSource(
      delimiter = '|',
      value = {
        "12Gb|invalid quantity \"12Gb\": unknown suffix \"Gb\" (expected n, u, m, k, M, G, T, P, E, Ki, Mi, Gi, Ti,"
            + " Pi, Ei or an exponent such as e6)",
        "1K|invalid quantity \"1K\": unknown suffix \"K\" (expected n, u, m, k, M, G, T, P, E, Ki, Mi, Gi, Ti, Pi,"
            + " Ei or an exponent such as e6)",
        "abc|invalid quantity \"abc\": missing the number: a quantity is a decimal number with an optional suffix,"
            + " such as 500m, 1.5 or 2Gi",
        "1.2.3|invalid quantity \"1.2.3\": more than one decimal point",
        "1e|invalid quantity \"1e\": the exponent \"e\" has no digits",
        "1e+|invalid quantity \"1e+\": the exponent \"e+\" has no digits",
      })
  void invalidStringsAreErrorsNamingTheValueAndTheProblem(String input, String message) {
    assertThatThrownBy(() -> Quantities.parse(input))
        .isInstanceOf(InvalidQuantityException.class)
        .hasMessage(message)
        .satisfies(e -> assertThat(((InvalidQuantityException) e).value()).isEqualTo(input));
  }

  @Test
  void emptyAndWhitespaceAreRejected() {
    assertThatThrownBy(() -> Quantities.parse(""))
        .hasMessage("invalid quantity \"\": empty string");
    assertThatThrownBy(() -> Quantities.parse(" 1"))
        .hasMessage("invalid quantity \" 1\": leading or trailing whitespace");
    assertThatThrownBy(() -> Quantities.parse("1\n"))
        .hasMessage("invalid quantity \"1\\n\": leading or trailing whitespace");
    assertThatThrownBy(() -> Quantities.parse((String) null))
        .hasMessage("invalid quantity: expected a quantity, got null");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        ".",
        "-",
        "+",
        "+-1",
        "Ei",
        "e3",
        "0x10",
        "1_000",
        "1Mi3",
        "1mi",
        "1e3.5",
        "1e3m",
        "1 000",
        "１",
        "1\u0660",
        "1..",
        "--1",
        "1Ki ",
        "∞",
        "NaN",
        "Infinity"
      })
  void otherMalformedStringsAreRejected(String input) {
    assertThatThrownBy(() -> Quantities.parse(input))
        .isInstanceOf(InvalidQuantityException.class)
        .hasMessageStartingWith("invalid quantity \"");
  }

  @Test
  void overlongStringsAreRejectedAndShortenedInTheMessage() {
    String input = "1".repeat(300);
    assertThatThrownBy(() -> Quantities.parse(input))
        .hasMessage("invalid quantity \"" + "1".repeat(64)
            + "...\" (300 characters): longer than 256 characters");
  }

  // --- JSON nodes
  // ------------------------------------------------------------------------------------------------

  @Test
  void jsonNumbersAreExactDecimals() {
    assertThat(Quantities.parse(JSON.numberNode(2))).isEqualByComparingTo("2");
    assertThat(Quantities.parse(JSON.numberNode(8_000_000_000L)))
        .isEqualByComparingTo("8000000000");
    assertThat(Quantities.parse(JSON.numberNode(new BigInteger("123456789012345678901234567890"))))
        .isEqualByComparingTo("123456789012345678901234567890");
    assertThat(Quantities.parse(JSON.numberNode(0.5))).isEqualTo(new BigDecimal("0.5"));
    assertThat(Quantities.parse(JSON.numberNode(0.1))).isEqualTo(new BigDecimal("0.1"));
    assertThat(Quantities.parse(JSON.numberNode(0.1f))).isEqualTo(new BigDecimal("0.1"));
    assertThat(Quantities.parse(JSON.numberNode(new BigDecimal("1.50"))))
        .isEqualTo(new BigDecimal("1.5"));
  }

  @Test
  void yamlScalarsReadThroughJacksonParseAsTheyDoInKubernetes() throws Exception {
    JsonNode doc = new YAMLMapper()
        .readTree("a: 1\nb: 0.5\nc: \"500m\"\nd: 129e6\ne: 1Gi\nf: 1_000\ng: ' 2 '\nh: 1.5e3\n");
    assertThat(Quantities.parse(doc.get("a"))).isEqualByComparingTo("1");
    assertThat(Quantities.parse(doc.get("b"))).isEqualByComparingTo("0.5");
    assertThat(Quantities.parse(doc.get("c"))).isEqualByComparingTo("0.5");
    assertThat(Quantities.parse(doc.get("d"))).isEqualByComparingTo("129000000");
    assertThat(Quantities.parse(doc.get("e"))).isEqualByComparingTo("1073741824");
    assertThat(Quantities.parse(doc.get("f"))).isEqualByComparingTo("1000");
    assertThat(Quantities.parse(doc.get("g"))).isEqualByComparingTo("2");
    assertThat(Quantities.parse(doc.get("h"))).isEqualByComparingTo("1500");
  }

  @Test
  void jsonStringsAreTrimmedLikeKubernetesJsonDecoding() {
    assertThat(Quantities.parse(JSON.textNode(" 1Gi\t"))).isEqualByComparingTo("1073741824");
    assertThatThrownBy(() -> Quantities.parse(JSON.textNode("12Gb")))
        .hasMessageStartingWith("invalid quantity \"12Gb\": unknown suffix \"Gb\"");
  }

  @Test
  void jsonNullIsZeroAndOtherTypesAreRejected() {
    assertThat(Quantities.parse(NullNode.getInstance())).isSameAs(BigDecimal.ZERO);
    assertThatThrownBy(() -> Quantities.parse(JSON.booleanNode(true)))
        .hasMessage(
            "invalid quantity \"true\": expected a string such as \"500m\" or a number, got a boolean");
    assertThatThrownBy(() -> Quantities.parse(JSON.objectNode().put("amount", "1")))
        .hasMessage(
            "invalid quantity \"{\\\"amount\\\":\\\"1\\\"}\": expected a string such as \"500m\" or a number, got an"
                + " object");
    assertThatThrownBy(() -> Quantities.parse(JSON.arrayNode()))
        .hasMessageEndingWith("got an array");
    assertThatThrownBy(() -> Quantities.parse(MissingNode.getInstance()))
        .hasMessage(
            "invalid quantity: expected a string such as \"500m\" or a number, got nothing");
    assertThatThrownBy(() -> Quantities.parse((JsonNode) null)).hasMessageEndingWith("got nothing");
    assertThatThrownBy(() -> Quantities.parse(JSON.numberNode(Double.NaN)))
        .hasMessage("invalid quantity \"NaN\": not a finite number");
    assertThatThrownBy(() -> Quantities.parse(JSON.numberNode(Double.POSITIVE_INFINITY)))
        .hasMessageContaining("not a finite number");
    assertThatThrownBy(() -> Quantities.parse(JSON.numberNode(BigInteger.TEN.pow(300))))
        .hasMessageContaining("more than 256 digits");
  }

  // --- conversions
  // ----------------------------------------------------------------------------------------------

  @Test
  void toMillisRoundsUpAwayFromZeroLikeKubernetesMilliValue() {
    assertThat(Quantities.toMillis(new BigDecimal("0.5"))).isEqualTo(500);
    assertThat(Quantities.toMillis(new BigDecimal("2"))).isEqualTo(2000);
    assertThat(Quantities.toMillis(new BigDecimal("0.0001"))).isEqualTo(1);
    assertThat(Quantities.toMillis(new BigDecimal("1.0001"))).isEqualTo(1001);
    assertThat(Quantities.toMillis(new BigDecimal("-0.0001"))).isEqualTo(-1);
    assertThat(Quantities.toMillis(BigDecimal.ZERO)).isZero();
    assertThat(Quantities.toMillis(new BigDecimal("9223372036854775.807")))
        .isEqualTo(Long.MAX_VALUE);
  }

  @Test
  void toMillisFailsInsteadOfWrappingAround() {
    assertThatThrownBy(() -> Quantities.toMillis(new BigDecimal("9223372036854775.808")))
        .isInstanceOf(InvalidQuantityException.class)
        .hasMessage(
            "invalid quantity \"9223372036854775.808\": does not fit in a 64-bit count of millicores (at most"
                + " 9223372036854775807)");
    assertTimeoutPreemptively(
        QUICKLY,
        () -> assertThatThrownBy(() -> Quantities.toMillis(new BigDecimal("1E+999999999")))
            .hasMessageContaining("does not fit"));
  }

  @Test
  void toWholeUnitsRoundsUpLikeKubernetesValue() {
    assertThat(Quantities.toWholeUnits(new BigDecimal("0.5"))).isEqualTo(1);
    assertThat(Quantities.toWholeUnits(new BigDecimal("8"))).isEqualTo(8);
    assertThatThrownBy(() -> Quantities.toWholeUnits(Quantities.parse("2000E")))
        .hasMessageContaining("does not fit");
  }

  // --- display (docs/format.md#cli-describe)
  // ---------------------------------------------------------------------------------------

  @ParameterizedTest(name = "{0} → {1}")
  @CsvSource({
    "1Gi, 1Gi",
    "1536Mi, 1536Mi",
    "70M, 70M",
    "80Gi, 80Gi",
    "16Gi, 16Gi",
    "4352Mi, 4352Mi",
    "2000Ki, 2000Ki",
    "1024, 1Ki",
    "1023, 1023",
    "512, 512",
    "1000, 1k",
    "1500, 1500",
    "1073742324, 1073742324",
    "8G, 7812500Ki",
    "40G, 39062500Ki",
    "1G, 1G",
    "3G, 3G",
    "1024Ei, 1024Ei",
    "-1Gi, -1Gi",
    "0, 0",
    "400m, 0.4",
    "1.5, 1.5"
  })
  void memoryIsPrintedInBinaryUnitsWhenExactElseDecimalUnitsElsePlainBytes(
      String input, String shown) {
    assertThat(Quantities.formatMemory(Quantities.parse(input))).isEqualTo(shown);
  }

  @Test
  void formattedMemoryParsesBackToTheSameAmount() {
    Random random = new Random(20261129L);
    for (int i = 0; i < 2000; i++) {
      BigDecimal bytes;
      switch (i % 4) {
        case 0 -> bytes = BigDecimal.valueOf(random.nextLong() & Long.MAX_VALUE);
        case 1 ->
          bytes = BigDecimal.valueOf((random.nextInt(4096) + 1L) << (10 * (random.nextInt(6) + 1)));
        case 2 ->
          bytes = BigDecimal.valueOf(random.nextInt(10_000) + 1L)
              .scaleByPowerOfTen(3 * random.nextInt(7));
        default -> bytes = BigDecimal.valueOf(random.nextInt(1_000_000), random.nextInt(6));
      }
      String shown = Quantities.formatMemory(bytes);
      assertThat(Quantities.parse(shown))
          .as("%s shown as %s", bytes, shown)
          .isEqualByComparingTo(bytes);
    }
  }

  @ParameterizedTest(name = "{0}m → {1}")
  @CsvSource({
    "500, 500m",
    "2000, 2",
    "20000, 20",
    "4000, 4",
    "1500, 1500m",
    "100, 100m",
    "1, 1m",
    "0, 0",
    "1000000, 1k",
    "1200000, 1200",
    "-500, -500m"
  })
  void cpuIsPrintedAsTheReferenceCliPrintsIt(long millis, String shown) {
    assertThat(Quantities.formatCpu(millis)).isEqualTo(shown);
    assertThat(Quantities.toMillis(Quantities.parse(shown))).isEqualTo(millis);
  }

  @Test
  void cpuDisplayStaysExactAtTheEdgesOfLong() {
    assertThat(Quantities.formatCpu(Long.MAX_VALUE)).isEqualTo("9223372036854775807m");
    assertThat(Quantities.formatCpu(Long.MIN_VALUE)).isEqualTo("-9223372036854775808m");
    assertThat(Quantities.formatCpu(9_000_000_000_000_000_000L)).isEqualTo("9P");
  }

  @ParameterizedTest(name = "{0}m → {1} cores")
  @CsvSource({"500, 0.5", "2000, 2", "20000, 20", "1, 0.001", "1500, 1.5", "0, 0", "1000000, 1000"})
  void coresArePrintedAsAPlainDecimal(long millis, String shown) {
    assertThat(Quantities.formatCores(millis)).isEqualTo(shown);
  }
}
