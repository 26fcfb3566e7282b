package dev.workloadmap.sdk.resources;

import static org.apiguardian.api.API.Status.STABLE;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.sdk.internal.resources.JsonShapes;
import dev.workloadmap.sdk.internal.resources.Quantities;
import java.math.BigDecimal;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * An immutable set of resource amounts: resource name → exact amount in the resource's base unit (cores for {@code
 * cpu}, bytes for {@code memory}, a count for GPUs and other extended resources), as in docs/format.md#totals.
 *
 * <p>Names are kept sorted (by {@link String#compareTo}) so iteration, {@link #toString()} and {@link #toJson()} are
 * stable. Amounts are normalised (trailing zeros stripped), so two lists are {@link #equals equal} exactly when they
 * hold the same names with numerically equal amounts. A resource that is present with amount 0 (declared as zero) is
 * different from an absent one.
 *
 * <p>Arithmetic is exact and never rounds; the rounding accessors ({@link #cpuMillis()}, {@link #gpus()}) round up as
 * Kubernetes does and fail rather than wrap around when the result does not fit in a {@code long}.
 */
@API(status = STABLE, since = "0.1")
public final class ResourceList {

  /** The CPU resource name; amounts are in cores. */
  public static final String CPU = "cpu";

  /** The memory resource name; amounts are in bytes. */
  public static final String MEMORY = "memory";

  /** The resource counted as GPUs unless another name is configured: {@value}. */
  public static final String DEFAULT_GPU_RESOURCE = "nvidia.com/gpu";

  private static final ResourceList EMPTY = new ResourceList(new TreeMap<>());

  private final SortedMap<String, BigDecimal> amounts;

  private ResourceList(TreeMap<String, BigDecimal> amounts) {
    this.amounts = Collections.unmodifiableSortedMap(amounts);
  }

  /** The list with no resources. */
  public static ResourceList empty() {
    return EMPTY;
  }

  /**
   * A list holding a copy of {@code amounts}.
   *
   * @param amounts resource name → amount in base units; names must be non-empty and amounts non-null
   * @throws NullPointerException when a name or an amount is null
   * @throws IllegalArgumentException when a name is empty
   */
  public static ResourceList of(Map<String, BigDecimal> amounts) {
    Objects.requireNonNull(amounts, "amounts");
    if (amounts.isEmpty()) {
      return EMPTY;
    }
    TreeMap<String, BigDecimal> copy = new TreeMap<>();
    amounts.forEach((name, amount) ->
        copy.put(checkName(name), Quantities.normalize(checkAmount(name, amount))));
    return new ResourceList(copy);
  }

  /** A list with a single resource. */
  public static ResourceList of(String name, BigDecimal amount) {
    return EMPTY.with(name, amount);
  }

  /**
   * Reads the form written by {@link #toJson()}: a JSON object of resource name → amount in base units. Amounts may
   * be strings or numbers, and strings may use any quantity form ({@code "500m"}, {@code "1Gi"}), so a Kubernetes
   * {@code ResourceList} (for example {@code requests}) can be read too. JSON null or a missing node gives the empty
   * list.
   *
   * @param node the JSON object
   * @return the list
   * @throws InvalidResourcesException when the node is not an object
   * @throws InvalidQuantityException when an amount is not a valid quantity (the path names the resource)
   */
  public static ResourceList fromJson(JsonNode node) {
    if (node == null || node.isMissingNode() || node.isNull()) {
      return EMPTY;
    }
    if (!node.isObject()) {
      throw new InvalidResourcesException(
          "resources",
          "expected an object (resource name → amount), got " + JsonShapes.describe(node));
    }
    TreeMap<String, BigDecimal> map = new TreeMap<>();
    for (Map.Entry<String, JsonNode> field : node.properties()) {
      try {
        map.put(checkName(field.getKey()), Quantities.parse(field.getValue()));
      } catch (InvalidQuantityException e) {
        throw e.at(JsonShapes.field("resources", field.getKey()));
      } catch (IllegalArgumentException e) {
        throw new InvalidResourcesException("resources", "a resource name must not be empty");
      }
    }
    return map.isEmpty() ? EMPTY : new ResourceList(map);
  }

  /**
   * The stable JSON form, for golden files: an object with the resource names as keys in sorted order, and each
   * amount as a JSON <em>string</em> holding the plain decimal in base units, for example {@code {"cpu": "0.5",
   * "memory": "1073741824", "nvidia.com/gpu": "8"}}. Strings keep every amount exact (including fractional bytes
   * such as {@code "0.4"}) whatever the reader's number type. {@link #fromJson(JsonNode)} reads it back.
   *
   * @return a new object node
   */
  public ObjectNode toJson() {
    ObjectNode node = JsonNodeFactory.instance.objectNode();
    amounts.forEach((name, amount) -> node.put(name, amount.toPlainString()));
    return node;
  }

  /** This list with {@code name} set to {@code amount} (replacing any previous amount). */
  public ResourceList with(String name, BigDecimal amount) {
    checkName(name);
    checkAmount(name, amount);
    TreeMap<String, BigDecimal> copy = new TreeMap<>(amounts);
    copy.put(name, Quantities.normalize(amount));
    return new ResourceList(copy);
  }

  /** The amount of {@code name} in base units, or empty when the resource is absent. */
  public Optional<BigDecimal> get(String name) {
    return Optional.ofNullable(amounts.get(name));
  }

  /** The amount of {@code name} in base units, or zero when the resource is absent. */
  public BigDecimal getOrZero(String name) {
    return amounts.getOrDefault(name, BigDecimal.ZERO);
  }

  /** Whether {@code name} is present (possibly with amount 0). */
  public boolean contains(String name) {
    return amounts.containsKey(name);
  }

  /** The resource names, sorted. */
  public Set<String> names() {
    return amounts.keySet();
  }

  /** The amounts as an unmodifiable map sorted by name. */
  public SortedMap<String, BigDecimal> asMap() {
    return amounts;
  }

  /** Whether no resource is present. */
  public boolean isEmpty() {
    return amounts.isEmpty();
  }

  /** The number of resources present. */
  public int size() {
    return amounts.size();
  }

  /** The per-resource sum; a resource present in only one list keeps its amount. */
  public ResourceList plus(ResourceList other) {
    Objects.requireNonNull(other, "other");
    if (other.isEmpty()) {
      return this;
    }
    if (isEmpty()) {
      return other;
    }
    TreeMap<String, BigDecimal> sum = new TreeMap<>(amounts);
    other.amounts.forEach(
        (name, amount) -> sum.merge(name, amount, (a, b) -> Quantities.normalize(a.add(b))));
    return new ResourceList(sum);
  }

  /** Every amount multiplied by {@code factor} (for example desired replicas × per-pod request). */
  public ResourceList times(long factor) {
    return times(BigDecimal.valueOf(factor));
  }

  /** Every amount multiplied by {@code factor}, exactly. */
  public ResourceList times(BigDecimal factor) {
    Objects.requireNonNull(factor, "factor");
    TreeMap<String, BigDecimal> product = new TreeMap<>();
    amounts.forEach(
        (name, amount) -> product.put(name, Quantities.normalize(amount.multiply(factor))));
    return product.isEmpty() ? EMPTY : new ResourceList(product);
  }

  /** The per-resource maximum; a resource present in only one list keeps its amount. */
  public ResourceList max(ResourceList other) {
    Objects.requireNonNull(other, "other");
    if (other.isEmpty()) {
      return this;
    }
    if (isEmpty()) {
      return other;
    }
    TreeMap<String, BigDecimal> max = new TreeMap<>(amounts);
    other.amounts.forEach(
        (name, amount) -> max.merge(name, amount, (a, b) -> a.compareTo(b) >= 0 ? a : b));
    return new ResourceList(max);
  }

  /**
   * The GPU count under {@value #DEFAULT_GPU_RESOURCE}, rounded up to a whole number; 0 when absent.
   *
   * @throws InvalidQuantityException when the count does not fit in a {@code long}
   */
  public long gpus() {
    return gpus(DEFAULT_GPU_RESOURCE);
  }

  /**
   * The GPU count under {@code gpuResourceName} (docs/format.md#totals: configurable), rounded up to a whole number
   * like Kubernetes' {@code Value}; 0 when absent.
   *
   * @throws InvalidQuantityException when the count does not fit in a {@code long}
   */
  public long gpus(String gpuResourceName) {
    Objects.requireNonNull(gpuResourceName, "gpuResourceName");
    return Quantities.toWholeUnits(getOrZero(gpuResourceName));
  }

  /**
   * The CPU amount in millicores, rounded up like Kubernetes' {@code MilliValue}; 0 when absent.
   *
   * @throws InvalidQuantityException when the amount does not fit in a {@code long} of millicores
   */
  public long cpuMillis() {
    return Quantities.toMillis(getOrZero(CPU));
  }

  /** The memory amount in bytes, exact (it may be fractional: {@code 400m} is 0.4 bytes, FC-43); 0 when absent. */
  public BigDecimal memoryBytes() {
    return getOrZero(MEMORY);
  }

  /**
   * Every resource other than {@code cpu} and {@code memory} (GPUs, {@code rdma/hca}, {@code ephemeral-storage},
   * hugepages, ...), each under its own name (docs/format.md#totals).
   */
  public ResourceList extended() {
    if (!amounts.containsKey(CPU) && !amounts.containsKey(MEMORY)) {
      return this;
    }
    TreeMap<String, BigDecimal> rest = new TreeMap<>(amounts);
    rest.remove(CPU);
    rest.remove(MEMORY);
    return rest.isEmpty() ? EMPTY : new ResourceList(rest);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ResourceList other && amounts.equals(other.amounts);
  }

  @Override
  public int hashCode() {
    return amounts.hashCode();
  }

  /** {@code ResourceList{cpu=0.5, memory=1073741824}}: plain decimals in base units, sorted by name. */
  @Override
  public String toString() {
    StringBuilder b = new StringBuilder("ResourceList{");
    String sep = "";
    for (Map.Entry<String, BigDecimal> e : amounts.entrySet()) {
      b.append(sep).append(e.getKey()).append('=').append(e.getValue().toPlainString());
      sep = ", ";
    }
    return b.append('}').toString();
  }

  private static String checkName(String name) {
    Objects.requireNonNull(name, "resource name");
    if (name.isEmpty()) {
      throw new IllegalArgumentException("a resource name must not be empty");
    }
    return name;
  }

  private static BigDecimal checkAmount(String name, BigDecimal amount) {
    return Objects.requireNonNull(amount, () -> "amount of " + name);
  }
}
