package dev.workloadmap.sdk.internal.yaml;

/**
 * The limits the YAML reader enforces; each one is checked per document.
 *
 * @param codePointLimit the largest document, in Unicode code points
 * @param maxAliasesForCollections the most aliases to mappings or sequences in one document
 * @param nestingDepthLimit the deepest nesting of mappings and sequences, also after aliases are expanded
 * @param maxAliasExpansion the most JSON nodes that expanding aliases to mappings and sequences (and merge keys)
 *     may add to one document
 */
public record YamlLimits(
    int codePointLimit,
    int maxAliasesForCollections,
    int nestingDepthLimit,
    int maxAliasExpansion) {

  public YamlLimits {
    positive("codePointLimit", codePointLimit);
    if (maxAliasesForCollections < 0) {
      throw new IllegalArgumentException(
          "maxAliasesForCollections must not be negative, got " + maxAliasesForCollections);
    }
    positive("nestingDepthLimit", nestingDepthLimit);
    if (maxAliasExpansion < 0) {
      throw new IllegalArgumentException(
          "maxAliasExpansion must not be negative, got " + maxAliasExpansion);
    }
  }

  private static void positive(String name, int value) {
    if (value < 1) {
      throw new IllegalArgumentException(name + " must be at least 1, got " + value);
    }
  }
}
