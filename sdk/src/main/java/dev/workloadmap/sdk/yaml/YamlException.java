package dev.workloadmap.sdk.yaml;

import static org.apiguardian.api.API.Status.STABLE;

import dev.workloadmap.sdk.WorkloadMapException;
import org.apiguardian.api.API;

/** A file that cannot be read as YAML: syntax, duplicate key, alias limit, size limit. Always has a location. */
@API(status = STABLE, since = "0.1")
public class YamlException extends WorkloadMapException {
  private static final long serialVersionUID = 1L;

  public YamlException(String message, SourceLocation location, Throwable cause) {
    super(message, location, cause);
  }
}
