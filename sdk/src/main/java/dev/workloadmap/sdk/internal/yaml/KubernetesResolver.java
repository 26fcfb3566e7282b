package dev.workloadmap.sdk.internal.yaml;

import org.yaml.snakeyaml.nodes.NodeId;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * A SnakeYAML resolver that resolves nothing: it only marks plain untagged scalars with {@link #PLAIN}, so that the
 * converter can apply Kubernetes' rules ({@link KubernetesScalars}) itself. Quoted and block scalars are {@code
 * !!str}, as YAML says.
 */
final class KubernetesResolver extends Resolver {

  /**
   * The tag of a plain scalar that carried no tag. A document that writes this tag explicitly gets the same
   * treatment, which is also what happens to any other unknown tag.
   */
  static final Tag PLAIN = new Tag("tag:workloadmap.dev,2026:plain");

  @Override
  protected void addImplicitResolvers() {
    // No implicit types: Kubernetes' rules are applied while converting
    // (docs/format.md#decision-d).
  }

  @Override
  public Tag resolve(NodeId kind, String value, boolean implicit) {
    return switch (kind) {
      case scalar -> implicit ? PLAIN : Tag.STR;
      case sequence -> Tag.SEQ;
      default -> Tag.MAP;
    };
  }
}
