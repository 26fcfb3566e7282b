package dev.workloadmap.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apiguardian.api.API;
import org.junit.jupiter.api.Test;

/**
 * Unit: the API line of the extension. Every public type outside {@code dev.workloadmap.junit.internal} carries an
 * {@link API} status, and the list of them is exactly the one here, so a new public type is a decision, not an
 * accident.
 */
class ApiBoundaryTest {

  @Test
  void everyPublicTypeOutsideInternalHasAnApiStatus()
      throws IOException, URISyntaxException, ClassNotFoundException {
    Path classes = Path.of(WorkloadMapTest.class
        .getProtectionDomain()
        .getCodeSource()
        .getLocation()
        .toURI());
    Map<String, String> api = new TreeMap<>();
    try (Stream<Path> files = Files.walk(classes.resolve("dev/workloadmap/junit"))) {
      for (Path f : files.filter(p -> p.toString().endsWith(".class")).toList()) {
        String name =
            classes.relativize(f).toString().replace('/', '.').replaceAll("\\.class$", "");
        if (name.startsWith("dev.workloadmap.junit.internal.") || name.endsWith("package-info")) {
          continue;
        }
        Class<?> c = Class.forName(name, false, getClass().getClassLoader());
        if (!Modifier.isPublic(c.getModifiers()) || c.getEnclosingClass() != null) {
          continue;
        }
        API a = c.getAnnotation(API.class);
        api.put(c.getSimpleName(), a == null ? "(no @API)" : a.status().name());
      }
    }
    assertThat(api)
        .containsExactlyEntriesOf(new TreeMap<>(Map.of(
            "Cleanup", "EXPERIMENTAL",
            "Controllers", "EXPERIMENTAL",
            "Tier", "EXPERIMENTAL",
            "WorkloadMapCluster", "EXPERIMENTAL",
            "WorkloadMapExtension", "INTERNAL",
            "WorkloadMapTest", "EXPERIMENTAL")));
    assertThat(List.copyOf(api.values())).doesNotContain("(no @API)");
  }
}
