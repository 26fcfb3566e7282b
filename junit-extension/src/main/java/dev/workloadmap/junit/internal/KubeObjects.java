package dev.workloadmap.junit.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.fabric8.kubernetes.api.model.HasMetadata;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.stream.Collectors;

/** Small stateless helpers on Kubernetes objects and their text forms, shared by the handle's collaborators. */
public final class KubeObjects {
  public static final ObjectMapper JSON = new ObjectMapper();
  private static final YAMLMapper YAML =
      YAMLMapper.builder().disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER).build();

  private KubeObjects() {}

  /** Same kind, apiVersion and name. */
  public static boolean same(HasMetadata a, HasMetadata b) {
    return a.getKind().equals(b.getKind())
        && a.getApiVersion().equals(b.getApiVersion())
        && a.getMetadata().getName().equals(b.getMetadata().getName());
  }

  /** {@code Kind apiVersion name}. */
  public static String describe(HasMetadata h) {
    return h.getKind() + " " + h.getApiVersion() + " " + h.getMetadata().getName();
  }

  public static String toYaml(JsonNode node) {
    try {
      return YAML.writeValueAsString(node);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Every line indented by two spaces, each ending with a newline. */
  public static String indent(String text) {
    return text.lines().map(l -> "  " + l).collect(Collectors.joining("\n", "", "\n"));
  }
}
