package dev.workloadmap.junit.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workloadmap.sdk.yaml.YamlDocument;
import dev.workloadmap.sdk.yaml.YamlReader;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Installs CRDs for a handle: reads each source, checks that every document is an {@code apiextensions.k8s.io/v1}
 * CustomResourceDefinition, and hands each to the {@link SharedCluster}, which installs it once per cluster.
 */
public final class CrdInstaller {
  private final HandleContext context;

  public CrdInstaller(HandleContext context) {
    this.context = context;
  }

  /** Each source a file path, {@code classpath:<resource>} or an {@code http(s)://} URL (cached). */
  public List<CustomResourceDefinition> install(String... sources) {
    List<CustomResourceDefinition> out = new ArrayList<>();
    for (String source : sources) {
      out.addAll(installFrom(Sources.read(source, Settings.cacheHome(System::getenv)), source));
    }
    return out;
  }

  public List<CustomResourceDefinition> install(Path file) {
    try {
      return installFrom(Files.readString(file), file.toString());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read CRD file " + file, e);
    }
  }

  private List<CustomResourceDefinition> installFrom(String yaml, String source) {
    List<CustomResourceDefinition> out = new ArrayList<>();
    for (JsonNode doc : new YamlReader()
        .readAll(yaml, source).stream()
            .map(YamlDocument::root)
            .filter(n -> !n.isNull())
            .toList()) {
      if (!doc.isObject()
          || !"CustomResourceDefinition".equals(doc.path("kind").asText())
          || !"apiextensions.k8s.io/v1".equals(doc.path("apiVersion").asText())) {
        throw new IllegalStateException(source
            + ": expected apiextensions.k8s.io/v1 CustomResourceDefinition" + " documents, found "
            + doc.path("apiVersion").asText() + " " + doc.path("kind").asText());
      }
      out.add(context.cluster().installCrd((ObjectNode) doc, source));
    }
    if (out.isEmpty()) {
      throw new IllegalStateException(source + ": no CustomResourceDefinition in it");
    }
    return out;
  }
}
