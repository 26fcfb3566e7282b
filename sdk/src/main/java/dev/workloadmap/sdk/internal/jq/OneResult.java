package dev.workloadmap.sdk.internal.jq;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.jq.JqInput;
import dev.workloadmap.sdk.jq.JqProgram;

/**
 * A program that can give its single result without building a result list, when a fast path is sure of it (a plain
 * path without iteration, {@link PlainPath#one}). Callers that read one value per pod ask {@link #of} first and call
 * {@link JqProgram#apply} when it gives null, so every answer and every error stays the one {@code apply} gives.
 */
public interface OneResult {

  /**
   * The program's only result on {@code input}, or null when the fast path is not sure of it (the program may give
   * none, several or an error: ask {@link JqProgram#apply}).
   */
  JsonNode applyOne(JqInput input);

  /** {@code program}'s single result by its fast path, or null (then call {@link JqProgram#apply}). */
  static JsonNode of(JqProgram program, JqInput input) {
    return program instanceof OneResult o ? o.applyOne(input) : null;
  }
}
