package dev.workloadmap.sdk;

import static org.apiguardian.api.API.Status.STABLE;

import dev.workloadmap.sdk.yaml.SourceLocation;
import java.io.IOException;
import org.apiguardian.api.API;

/**
 * A file or directory the SDK had to read or write could not be: the message names the path and the system's
 * reason, the cause is the {@link IOException}. Thrown where the JDK would throw {@link java.io.UncheckedIOException},
 * so that every SDK exception has one root, {@link WorkloadMapException}.
 */
@API(status = STABLE, since = "0.1")
public class WorkloadMapIOException extends WorkloadMapException {
  private static final long serialVersionUID = 1L;

  /** {@code message} names the path and what was being done; {@code cause} is the I/O failure. */
  public WorkloadMapIOException(String message, IOException cause) {
    super(message, null, cause);
  }

  /** As {@link #WorkloadMapIOException(String, IOException)}, located at a file. */
  public WorkloadMapIOException(String message, SourceLocation location, IOException cause) {
    super(message, location, cause);
  }

  @Override
  public synchronized IOException getCause() {
    return (IOException) super.getCause();
  }
}
