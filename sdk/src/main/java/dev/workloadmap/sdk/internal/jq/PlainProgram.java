package dev.workloadmap.sdk.internal.jq;

/**
 * A program whose {@link OneResult#applyOne} is a plain path's single result ({@link PlainPath#one}), so that several
 * such programs may walk the steps they share once ({@link PathGroup}).
 */
interface PlainProgram extends OneResult {

  /**
   * The path {@link #applyOne} walks, or null when it never answers (the expression is not a plain path without
   * iteration, or the engine allows no result).
   */
  PlainPath onePath();
}
