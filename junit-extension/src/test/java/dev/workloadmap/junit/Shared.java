package dev.workloadmap.junit;

import java.nio.file.Files;
import java.nio.file.Path;

/** Where ../shared and the catalog's sources are, for tests. */
final class Shared {
  private Shared() {}

  /** The JobSet definition of the catalog (this repository). */
  static final Path JOBSET_DEFINITION = Path.of(
          "..",
          "catalog",
          "src",
          "main",
          "workloadmap",
          "jobset-x-k8s-io-jobset-v1alpha2",
          "definition.yaml")
      .toAbsolutePath()
      .normalize();

  static Path dir() {
    String prop = System.getProperty("workloadmap.shared.dir");
    return (prop != null && !prop.isBlank() ? Path.of(prop) : Path.of("..", "..", "shared"))
        .toAbsolutePath()
        .normalize();
  }

  static boolean available() {
    return Files.isDirectory(dir().resolve("data").resolve("crds"));
  }

  static String skipReason() {
    return "shared data not found at " + dir()
        + " (the ../shared folder beside the checkout); skipping";
  }

  static Path jobSetCrd() {
    return dir().resolve("data").resolve("crds").resolve("jobset.jobset.x-k8s.io.yaml");
  }
}
