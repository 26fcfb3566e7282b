package dev.workloadmap.cli;

import java.util.ArrayList;
import java.util.List;

/** The {@code --phase} and shell values, for shell completion (the {@code -o} values: {@link OutputOptions}). */
final class Formats {
  private Formats() {}

  static final class Phases extends ArrayList<String> {
    private static final long serialVersionUID = 1L;

    Phases() {
      super(java.util.Arrays.stream(dev.workloadmap.sdk.definition.WorkloadStatus.values())
          .map(dev.workloadmap.sdk.definition.WorkloadStatus::displayName)
          .toList());
    }
  }

  static final class Shells extends ArrayList<String> {
    private static final long serialVersionUID = 1L;

    Shells() {
      super(List.of("bash", "zsh"));
    }
  }
}
