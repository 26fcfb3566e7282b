package dev.workloadmap.codegen;

import dev.workloadmap.sdk.WorkloadMapException;
import java.util.List;

/**
 * Accessors could not be generated. Every problem found is collected before this is thrown; each names the definition
 * file, line and column and says what to do.
 */
public class CodegenException extends WorkloadMapException {
  private static final long serialVersionUID = 1L;

  private final transient List<String> problems;

  public CodegenException(List<String> problems) {
    super(
        problems.size() == 1
            ? problems.get(0)
            : problems.size() + " problems:\n" + String.join("\n", problems),
        (Throwable) null);
    this.problems = List.copyOf(problems);
  }

  /** Each problem on one line: {@code file:line:column /pointer: what is wrong; what to do}. */
  public List<String> problems() {
    return problems;
  }
}
