package dev.workloadmap.sdk.registration;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.workloadmap.sdk.WorkloadMapException;
import java.util.List;
import org.apiguardian.api.API;

/** A registration refused: every problem found (invalid definitions, a GVK already covered), each with a hint. */
@API(status = EXPERIMENTAL, since = "0.1")
public class RegistrationException extends WorkloadMapException {
  private final List<String> problems;

  public RegistrationException(List<String> problems) {
    super(String.join("\n", problems));
    this.problems = List.copyOf(problems);
  }

  /** The problems, one message each. */
  public List<String> problems() {
    return problems;
  }
}
