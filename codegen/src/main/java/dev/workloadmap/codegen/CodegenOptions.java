package dev.workloadmap.codegen;

import dev.workloadmap.codegen.internal.JavaNames;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What the accessor generator writes.
 *
 * @param packageName the package of every generated class, for example {@code com.example.workloads}
 * @param classNames class-name overrides: definition name ({@code metadata.name}, for example {@code
 *     jobset-x-k8s-io-jobset-v1alpha2}) → simple class name; definitions not listed get {@code <Kind>Workload}
 */
public record CodegenOptions(String packageName, Map<String, String> classNames) {

  /** The package used when none is configured. */
  public static final String DEFAULT_PACKAGE = "dev.workloadmap.generated";

  /**
   * @throws IllegalArgumentException when the package is not a Java package name or an override is not a simple
   *     class name (the message names the value and says what is allowed)
   */
  public CodegenOptions {
    Objects.requireNonNull(
        packageName, "packageName is null: give a package such as com.example.workloads");
    if (!JavaNames.isPackageName(packageName)) {
      throw new IllegalArgumentException(
          "package name '" + packageName
              + "' is not a Java package name: use dot-separated identifiers that are not keywords, such as com.example.workloads");
    }
    TreeMap<String, String> sorted = new TreeMap<>();
    if (classNames != null) {
      classNames.forEach((definition, className) -> {
        if (!JavaNames.isSimpleTypeName(className)) {
          throw new IllegalArgumentException(
              "class name '" + className + "' given for definition " + definition
                  + " is not a simple Java class name: use letters, digits and _ only, not starting with a digit, and no keyword");
        }
        sorted.put(definition, className);
      });
    }
    classNames = Collections.unmodifiableSortedMap(sorted);
  }

  /** Options with this package and no overrides. */
  public static CodegenOptions of(String packageName) {
    return new CodegenOptions(packageName, Map.of());
  }

  /** A stable text form (package, then each override on its own line, sorted), for input stamps. */
  public String canonical() {
    StringBuilder sb = new StringBuilder("package=").append(packageName).append('\n');
    classNames.forEach(
        (k, v) -> sb.append("class.").append(k).append('=').append(v).append('\n'));
    return sb.toString();
  }
}
