package dev.workloadmap.sdk.resources;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.workloadmap.sdk.internal.resources.Quantities;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ResourceListTest {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private static ResourceList list(String... nameAndQuantity) {
    Map<String, BigDecimal> map = new LinkedHashMap<>();
    for (int i = 0; i < nameAndQuantity.length; i += 2) {
      map.put(nameAndQuantity[i], Quantities.parse(nameAndQuantity[i + 1]));
    }
    return ResourceList.of(map);
  }

  private static JsonNode json(String text) throws Exception {
    return MAPPER.readTree(text);
  }

  @Test
  void plusAddsPerResourceAndKeepsResourcesPresentInOnlyOneList() {
    ResourceList sum =
        list("cpu", "500m", "memory", "1Gi").plus(list("cpu", "1500m", "nvidia.com/gpu", "2"));
    assertThat(sum).isEqualTo(list("cpu", "2", "memory", "1Gi", "nvidia.com/gpu", "2"));
    assertThat(sum.plus(ResourceList.empty())).isSameAs(sum);
    assertThat(ResourceList.empty().plus(sum)).isSameAs(sum);
  }

  @Test
  void timesScalesEveryAmountExactly() {
    ResourceList perPod = list("cpu", "500m", "memory", "1Gi", "nvidia.com/gpu", "8");
    assertThat(perPod.times(4))
        .isEqualTo(list("cpu", "2", "memory", "4Gi", "nvidia.com/gpu", "32"));
    assertThat(perPod.times(0)).isEqualTo(list("cpu", "0", "memory", "0", "nvidia.com/gpu", "0"));
    assertThat(list("memory", "400m").times(new BigDecimal("2.5"))).isEqualTo(list("memory", "1"));
    assertThat(list("cpu", "2000E").times(1_000_000)).isEqualTo(list("cpu", "2e27"));
  }

  @Test
  void maxTakesTheLargerAmountPerResource() {
    ResourceList a = list("cpu", "2", "memory", "1Gi");
    ResourceList b = list("cpu", "500m", "memory", "4Gi", "rdma/hca", "1");
    assertThat(a.max(b)).isEqualTo(list("cpu", "2", "memory", "4Gi", "rdma/hca", "1"));
    assertThat(b.max(a)).isEqualTo(a.max(b));
    assertThat(a.max(ResourceList.empty())).isSameAs(a);
  }

  @Test
  void accessorsUseKubernetesUnits() {
    ResourceList r =
        list("cpu", "0.0015", "memory", "400m", "nvidia.com/gpu", "8", "amd.com/gpu", "0.5");
    assertThat(r.cpuMillis()).isEqualTo(2);
    assertThat(r.memoryBytes()).isEqualTo(new BigDecimal("0.4"));
    assertThat(r.gpus()).isEqualTo(8);
    assertThat(r.gpus(ResourceList.DEFAULT_GPU_RESOURCE)).isEqualTo(8);
    assertThat(r.gpus("amd.com/gpu")).isEqualTo(1);
    assertThat(r.get("nvidia.com/gpu")).contains(new BigDecimal("8"));
    assertThat(r.get("rdma/hca")).isEmpty();
    assertThat(r.getOrZero("rdma/hca")).isSameAs(BigDecimal.ZERO);
    assertThat(ResourceList.empty().cpuMillis()).isZero();
    assertThat(ResourceList.empty().memoryBytes()).isEqualTo(BigDecimal.ZERO);
    assertThat(ResourceList.empty().gpus()).isZero();
    assertThat(ResourceList.DEFAULT_GPU_RESOURCE).isEqualTo("nvidia.com/gpu");
  }

  @Test
  void roundingAccessorsFailRatherThanWrap() {
    assertThatThrownBy(() -> list("cpu", "1e20").cpuMillis())
        .isInstanceOf(InvalidQuantityException.class)
        .hasMessageContaining("does not fit in a 64-bit count of millicores");
    assertThatThrownBy(() -> list("nvidia.com/gpu", "2000E").gpus())
        .hasMessageContaining("does not fit");
  }

  @Test
  void extendedHoldsEveryResourceOtherThanCpuAndMemoryByName() {
    ResourceList r = list(
        "cpu",
        "1",
        "memory",
        "1Gi",
        "nvidia.com/gpu",
        "8",
        "rdma/hca",
        "1",
        "ephemeral-storage",
        "10Gi");
    assertThat(r.extended())
        .isEqualTo(list("nvidia.com/gpu", "8", "rdma/hca", "1", "ephemeral-storage", "10Gi"));
    assertThat(r.extended().names())
        .containsExactly("ephemeral-storage", "nvidia.com/gpu", "rdma/hca");
    assertThat(list("cpu", "1").extended().isEmpty()).isTrue();
  }

  @Test
  void namesAreSortedAndTheListIsImmutable() {
    ResourceList r = list("nvidia.com/gpu", "1", "memory", "1", "cpu", "1");
    assertThat(r.names()).containsExactly("cpu", "memory", "nvidia.com/gpu");
    assertThat(r.size()).isEqualTo(3);
    assertThatThrownBy(() -> r.asMap().put("x", BigDecimal.ONE))
        .isInstanceOf(UnsupportedOperationException.class);
    ResourceList changed = r.with("cpu", BigDecimal.TEN);
    assertThat(r.getOrZero("cpu")).isEqualByComparingTo("1");
    assertThat(changed.getOrZero("cpu")).isEqualByComparingTo("10");
  }

  @Test
  void equalityIsNumericAndZeroIsDistinctFromAbsent() {
    assertThat(ResourceList.of("cpu", new BigDecimal("0.50")))
        .isEqualTo(ResourceList.of("cpu", new BigDecimal("0.5")));
    assertThat(ResourceList.of("cpu", new BigDecimal("0.50")).hashCode())
        .isEqualTo(ResourceList.of("cpu", new BigDecimal("0.5")).hashCode());
    assertThat(ResourceList.of("cpu", new BigDecimal("0.00")))
        .isEqualTo(ResourceList.of("cpu", BigDecimal.ZERO));
    assertThat(ResourceList.of("cpu", BigDecimal.ZERO)).isNotEqualTo(ResourceList.empty());
    assertThat(ResourceList.of("cpu", BigDecimal.ZERO).contains("cpu")).isTrue();
    assertThat(ResourceList.of("cpu", BigDecimal.ONE))
        .isNotEqualTo(ResourceList.of("memory", BigDecimal.ONE));
  }

  @Test
  void invalidNamesAndAmountsAreRejected() {
    assertThatThrownBy(() -> ResourceList.of("", BigDecimal.ONE))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> ResourceList.of("cpu", null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("amount of cpu");
  }

  @Test
  void toStringIsSortedPlainDecimalsInBaseUnits() {
    assertThat(list("nvidia.com/gpu", "8", "memory", "1Gi", "cpu", "500m", "x", "2000E"))
        .hasToString(
            "ResourceList{cpu=0.5, memory=1073741824, nvidia.com/gpu=8, x=2000000000000000000000}");
    assertThat(ResourceList.empty()).hasToString("ResourceList{}");
  }

  @Test
  void jsonFormIsSortedStringsOfPlainDecimalsAndRoundTrips() throws Exception {
    ResourceList r = list("nvidia.com/gpu", "8", "memory", "400m", "cpu", "500m", "x", "2000E");
    assertThat(MAPPER.writeValueAsString(r.toJson()))
        .isEqualTo(
            "{\"cpu\":\"0.5\",\"memory\":\"0.4\",\"nvidia.com/gpu\":\"8\",\"x\":\"2000000000000000000000\"}");
    assertThat(ResourceList.fromJson(r.toJson())).isEqualTo(r);
  }

  @Test
  void fromJsonAcceptsQuantitiesAndNumbersAndTreatsAbsenceAsEmpty() throws Exception {
    assertThat(ResourceList.fromJson(
            json("{\"memory\": \"1Gi\", \"cpu\": 0.5, \"nvidia.com/gpu\": 8}")))
        .isEqualTo(list("cpu", "500m", "memory", "1073741824", "nvidia.com/gpu", "8"));
    assertThat(ResourceList.fromJson(null)).isSameAs(ResourceList.empty());
    assertThat(ResourceList.fromJson(NullNode.getInstance())).isSameAs(ResourceList.empty());
    assertThat(ResourceList.fromJson(MissingNode.getInstance())).isSameAs(ResourceList.empty());
  }

  @Test
  void fromJsonErrorsNameTheResource() throws Exception {
    assertThatThrownBy(() -> ResourceList.fromJson(json("{\"nvidia.com/gpu\": \"eight\"}")))
        .isInstanceOf(InvalidQuantityException.class)
        .hasMessageStartingWith(
            "resources[\"nvidia.com/gpu\"]: invalid quantity \"eight\": missing the number");
    assertThatThrownBy(() -> ResourceList.fromJson(json("[1]")))
        .isInstanceOf(InvalidResourcesException.class)
        .hasMessage("resources: expected an object (resource name → amount), got an array");
  }
}
