package dev.workloadmap.sdk.resources;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.workloadmap.sdk.WorkloadMapException;
import org.apiguardian.api.API;

/**
 * A pod spec (or fragmented spec) whose resource-related fields have the wrong JSON shape, for example a container
 * that is not an object or a {@code resources.requests} that is an array. The message starts with the JSON path of
 * the field, for example {@code spec.containers[1]: expected an object (a container), got a string}. Invalid
 * quantities are reported as {@link InvalidQuantityException} instead.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class InvalidResourcesException extends WorkloadMapException {
  private static final long serialVersionUID = 1L;

  private final String path;

  /**
   * @param path the JSON path of the offending field, for example {@code spec.containers[1].resources}
   * @param problem what is wrong with it
   */
  public InvalidResourcesException(String path, String problem) {
    super(path + ": " + problem);
    this.path = path;
  }

  /** The JSON path of the offending field. */
  public String path() {
    return path;
  }
}
