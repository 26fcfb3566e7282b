package dev.workloadmap.sdk.definition;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.List;
import org.apiguardian.api.API;

/**
 * The shared status vocabulary (docs/format.md#status-definition). {@link #UNDEFINED} is the result when nothing
 * matches.
 */
@API(status = STABLE, since = "0.1")
public enum WorkloadStatus {
  INITIALIZING("Initializing", "initializing"),
  RUNNING("Running", "running"),
  COMPLETED("Completed", "completed"),
  FAILED("Failed", "failed"),
  DEGRADED("Degraded", "degraded"),
  UNDEFINED("Undefined", null),
  SUSPENDED("Suspended", "suspended"),
  SUSPENDING("Suspending", "suspending"),
  RESUMING("Resuming", "resuming");

  /** The order in which matched statuses are reported (docs/format.md#legacy-mapping); it applies to both forms. */
  public static final List<WorkloadStatus> MATCH_ORDER =
      List.of(RESUMING, SUSPENDING, SUSPENDED, RUNNING, FAILED, COMPLETED, INITIALIZING, DEGRADED);

  private final String displayName;
  private final String mappingKey;

  WorkloadStatus(String displayName, String mappingKey) {
    this.displayName = displayName;
    this.mappingKey = mappingKey;
  }

  /** The name as the reference prints it, for example {@code Running}. */
  public String displayName() {
    return displayName;
  }

  /** The key under {@code statusMappings}, for example {@code running}; null for {@link #UNDEFINED}. */
  public String mappingKey() {
    return mappingKey;
  }

  /** True for the three statuses only the current form can map. */
  public boolean currentFormOnly() {
    return this == SUSPENDED || this == SUSPENDING || this == RESUMING;
  }

  /** The status with this display name ({@code Running}), or null. */
  public static WorkloadStatus ofDisplayName(String name) {
    for (WorkloadStatus s : values()) {
      if (s.displayName.equals(name)) {
        return s;
      }
    }
    return null;
  }

  /** The status with this mapping key ({@code running}), or null. */
  public static WorkloadStatus ofMappingKey(String key) {
    for (WorkloadStatus s : values()) {
      if (key.equals(s.mappingKey)) {
        return s;
      }
    }
    return null;
  }

  @Override
  public String toString() {
    return displayName;
  }
}
