package dev.workloadmap.sdk.yaml;

import dev.workloadmap.sdk.WorkloadMapException;

/** A file that cannot be read as YAML: syntax, duplicate key, alias limit, size limit. Always has a location. */
public class YamlException extends WorkloadMapException {
  private static final long serialVersionUID = 1L;

  public YamlException(String message, SourceLocation location, Throwable cause) {
    super(message, location, cause);
  }
}
