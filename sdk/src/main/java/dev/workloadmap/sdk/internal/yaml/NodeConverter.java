package dev.workloadmap.sdk.internal.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.workloadmap.sdk.internal.yaml.KubernetesScalars.Kind;
import dev.workloadmap.sdk.internal.yaml.KubernetesScalars.Resolved;
import dev.workloadmap.sdk.yaml.ScalarSource;
import dev.workloadmap.sdk.yaml.SourceLocation;
import dev.workloadmap.sdk.yaml.YamlDocument;
import dev.workloadmap.sdk.yaml.YamlException;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * Converts one composed SnakeYAML document (a node graph in which aliases are shared nodes) into a {@link
 * YamlDocument}: a Jackson tree, the position of every node under its JSON pointer, and the original text of every
 * plain scalar that resolved to a non-string.
 *
 * <ul>
 *   <li>Scalars follow {@link KubernetesScalars}; explicit standard tags are honoured.
 *   <li>Merge keys ({@code <<}) are applied here: explicit keys win over merged ones, and earlier mappings in a merge
 *       sequence win over later ones. Merged mappings may themselves contain merge keys.
 *   <li>Duplicate explicit keys are an error at the second key; keys brought in by a merge are overridden silently.
 *   <li>Cycles (an alias inside the node it refers to) are an error; alias expansion and nesting depth are bounded.
 * </ul>
 *
 * <p>Pointers are built incrementally (parent + {@code /} + escaped token), so the work is linear in the size of the
 * output. Not thread-safe; one instance per document.
 */
public final class NodeConverter {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final String YAML_TAG_PREFIX = "tag:yaml.org,2002:";
  /** The standard scalar tags the reader honours. */
  private static final Set<Tag> SCALAR_TAGS =
      Set.of(Tag.STR, Tag.INT, Tag.FLOAT, Tag.BOOL, Tag.NULL, Tag.BINARY, Tag.TIMESTAMP);

  private final String file;
  private final YamlLimits limits;
  private final Map<String, SourceLocation> positions = new HashMap<>();
  private final Map<String, String> plainScalars = new HashMap<>();
  private final Map<String, ScalarSource> scalars = new HashMap<>();
  private final SourceText text;
  /** Mappings and sequences converted (or merged) at least once: meeting one again means an alias is expanded. */
  private final Set<Node> seen = Collections.newSetFromMap(new IdentityHashMap<>());
  /** Mappings and sequences being converted or merged right now (ancestors): meeting one again is a cycle. */
  private final Set<Node> open = Collections.newSetFromMap(new IdentityHashMap<>());

  private int expanded;

  private NodeConverter(String file, YamlLimits limits, SourceText text) {
    this.file = file;
    this.limits = limits;
    this.text = text;
  }

  /**
   * Converts the root node of document {@code index} of {@code file}.
   *
   * @param root the composed root node; {@code null} gives an empty document
   * @throws YamlException for anything JSON cannot hold or the limits do not allow, with the file, position and
   *     JSON pointer
   */
  public static YamlDocument convert(Node root, String file, int index, YamlLimits limits) {
    return convert(root, file, index, limits, null);
  }

  /**
   * As {@link #convert(Node, String, int, YamlLimits)}, also recording the source of every string scalar from
   * {@code text} (the stream read so far), when given.
   */
  static YamlDocument convert(
      Node root, String file, int index, YamlLimits limits, SourceText text) {
    if (root == null) {
      return new YamlDocument(file, index, NullNode.getInstance(), Map.of(), Map.of(), Map.of());
    }
    NodeConverter c = new NodeConverter(file, limits, text);
    JsonNode json = c.convert(root, "", root.getStartMark(), 0, false);
    return new YamlDocument(file, index, json, c.positions, c.plainScalars, c.scalars);
  }

  /**
   * Converts {@code node} found at {@code pointer}.
   *
   * @param at where the node is written from its parent's point of view: the key of a mapping entry, the node itself
   *     for a sequence item or the root
   * @param depth the number of enclosing mappings and sequences
   * @param expanding whether this node is a copy made by expanding an alias or a merge
   */
  private JsonNode convert(Node node, String pointer, Mark at, int depth, boolean expanding) {
    positions.put(pointer, Marks.location(file, at, pointer));
    if (node instanceof ScalarNode s) {
      if (expanding) {
        countExpanded(at, pointer);
      }
      return scalar(s, pointer);
    }
    if (depth >= limits.nestingDepthLimit()) {
      throw error(
          at,
          pointer,
          "mappings and sequences are nested deeper than the limit of "
              + limits.nestingDepthLimit()
              + " levels once aliases are expanded; flatten the document, or raise"
              + " YamlReader.Builder.nestingDepthLimit if the file is trusted");
    }
    if (open.contains(node)) {
      throw recursive(node, at, pointer);
    }
    boolean copy = expanding || !seen.add(node);
    if (copy) {
      countExpanded(at, pointer);
    }
    open.add(node);
    try {
      return node instanceof SequenceNode seq
          ? sequence(seq, pointer, depth, copy)
          : mapping((MappingNode) node, pointer, depth, copy);
    } finally {
      open.remove(node);
    }
  }

  private void countExpanded(Mark at, String pointer) {
    if (++expanded > limits.maxAliasExpansion()) {
      throw error(
          at,
          pointer,
          "expanding aliases adds more than "
              + limits.maxAliasExpansion()
              + " nodes to this document (an alias bomb?); use fewer aliases, or raise"
              + " YamlReader.Builder.maxAliasExpansion if the file is trusted");
    }
  }

  private JsonNode sequence(SequenceNode seq, String pointer, int depth, boolean expanding) {
    Tag tag = seq.getTag();
    if (SCALAR_TAGS.contains(tag) || tag.equals(Tag.MAP) || tag.equals(Tag.SET)) {
      throw error(
          seq.getStartMark(),
          pointer,
          "the tag " + shortTag(tag) + " cannot be used on a sequence; remove the tag");
    }
    List<Node> items = seq.getValue();
    ArrayNode array = NODES.arrayNode(items.size());
    for (int i = 0; i < items.size(); i++) {
      Node item = items.get(i);
      array.add(convert(item, pointer + "/" + i, item.getStartMark(), depth + 1, expanding));
    }
    return array;
  }

  private JsonNode mapping(MappingNode map, String pointer, int depth, boolean expanding) {
    Tag tag = map.getTag();
    if (SCALAR_TAGS.contains(tag)
        || tag.equals(Tag.SEQ)
        || tag.equals(Tag.OMAP)
        || tag.equals(Tag.PAIRS)) {
      throw error(
          map.getStartMark(),
          pointer,
          "the tag " + shortTag(tag) + " cannot be used on a mapping; remove the tag");
    }
    ObjectNode object = NODES.objectNode();
    for (Map.Entry<String, Entry> e : entries(map, pointer, depth, expanding).entrySet()) {
      Entry entry = e.getValue();
      String child = pointer + "/" + escape(e.getKey());
      object.set(
          e.getKey(),
          convert(entry.value(), child, entry.key().getStartMark(), depth + 1, entry.expanding()));
    }
    return object;
  }

  /** A mapping entry after merge resolution; {@code expanding} if it came from a copy of an aliased mapping. */
  private record Entry(Node key, Node value, boolean expanding) {}

  /**
   * The entries of a mapping in document order, merge keys applied (merged entries take the place of their {@code
   * <<} key). Explicit keys win over merged ones; an earlier merged mapping wins over a later one.
   */
  private LinkedHashMap<String, Entry> entries(
      MappingNode map, String pointer, int depth, boolean expanding) {
    List<NodeTuple> tuples = map.getValue();
    String[] keys = new String[tuples.size()];
    Map<String, Node> explicit = new HashMap<>();
    for (int i = 0; i < tuples.size(); i++) {
      Node keyNode = tuples.get(i).getKeyNode();
      if (isMergeKey(keyNode)) {
        continue;
      }
      String key = keyText(keyNode, pointer);
      Node first = explicit.putIfAbsent(key, keyNode);
      if (first != null) {
        throw duplicate(key, first, keyNode, pointer);
      }
      keys[i] = key;
    }
    LinkedHashMap<String, Entry> out = new LinkedHashMap<>();
    for (int i = 0; i < tuples.size(); i++) {
      NodeTuple t = tuples.get(i);
      if (keys[i] != null) {
        out.put(keys[i], new Entry(t.getKeyNode(), t.getValueNode(), expanding));
        continue;
      }
      for (MappingNode source : mergeSources(t, pointer)) {
        if (depth + 1 >= limits.nestingDepthLimit()) {
          throw error(
              t.getKeyNode().getStartMark(),
              pointer,
              "merge keys are nested deeper than the limit of " + limits.nestingDepthLimit()
                  + " levels");
        }
        if (!open.add(source)) {
          throw recursive(source, t.getKeyNode().getStartMark(), pointer);
        }
        boolean copy = expanding || !seen.add(source);
        try {
          entries(source, pointer, depth + 1, copy).forEach((k, v) -> {
            if (!explicit.containsKey(k)) {
              out.putIfAbsent(k, v);
            }
          });
        } finally {
          open.remove(source);
        }
      }
    }
    return out;
  }

  /** The mappings a merge key brings in: its value, a mapping or a sequence of mappings (usually aliases). */
  private List<MappingNode> mergeSources(NodeTuple merge, String pointer) {
    Node value = merge.getValueNode();
    if (value instanceof MappingNode m) {
      return List.of(m);
    }
    if (value instanceof SequenceNode seq) {
      List<Node> items = seq.getValue();
      MappingNode[] sources = new MappingNode[items.size()];
      for (int i = 0; i < items.size(); i++) {
        if (!(items.get(i) instanceof MappingNode m)) {
          throw error(
              items.get(i).getStartMark(),
              pointer,
              "item " + i + " of the merge key << is a " + kindOf(items.get(i))
                  + "; a merge takes a mapping or a sequence of mappings, such as [*base, *other]");
        }
        sources[i] = m;
      }
      return List.of(sources);
    }
    throw error(
        merge.getKeyNode().getStartMark(),
        pointer,
        "the merge key << needs a mapping or a sequence of mappings (such as *base), not a "
            + kindOf(value)
            + "; quote the key ('<<') if it is meant as an ordinary key");
  }

  private static boolean isMergeKey(Node key) {
    return key instanceof ScalarNode s
        && "<<".equals(s.getValue())
        && (s.getTag().equals(Tag.MERGE) || isPlainLike(s));
  }

  /**
   * The JSON key for a mapping key: a plain key that YAML 1.1 reads as a boolean, number or null becomes the text
   * that {@code sigs.k8s.io/yaml} gives it ({@code on} is {@code "true"}, {@code 0x10} is {@code "16"}, {@code ~}
   * is {@code "null"}); quoted keys are as written.
   */
  private String keyText(Node key, String pointer) {
    if (!(key instanceof ScalarNode s)) {
      throw error(
          key.getStartMark(),
          pointer,
          "a mapping key must be a scalar, not a " + kindOf(key)
              + "; JSON objects only have string keys");
    }
    String text = s.getValue();
    Tag tag = s.getTag();
    if (isPlainLike(s)) {
      return KubernetesScalars.keyText(KubernetesScalars.resolvePlain(text), text);
    }
    Kind kind = typedKind(tag);
    if (kind != null) {
      return KubernetesScalars.keyText(typed(s, kind, pointer), text);
    }
    if (isContainerTag(tag)) {
      throw error(s.getStartMark(), pointer, "a mapping key cannot carry the tag " + shortTag(tag));
    }
    return text;
  }

  private JsonNode scalar(ScalarNode s, String pointer) {
    String text = s.getValue();
    Tag tag = s.getTag();
    if (isPlainLike(s)) {
      Resolved r = KubernetesScalars.resolvePlain(text);
      if (r.kind() == Kind.NON_FINITE) {
        throw error(
            s.getStartMark(),
            pointer,
            "the plain value "
                + text
                + " is a YAML float that JSON cannot represent; quote it (\""
                + text
                + "\") if it is meant as a string");
      }
      if (r.kind() != Kind.STRING) {
        plainScalars.put(pointer, text);
      } else {
        recordSource(s, pointer);
      }
      return r.value();
    }
    Kind kind = typedKind(tag);
    if (kind != null) {
      Resolved r = typed(s, kind, pointer);
      if (r.kind() == Kind.NON_FINITE) {
        throw error(
            s.getStartMark(),
            pointer,
            shortTag(tag) + " " + text
                + " is a float that JSON cannot represent; remove the tag and quote the value");
      }
      return r.value();
    }
    if (isContainerTag(tag)) {
      if (text.isEmpty() && s.isPlain()) {
        return tag.equals(Tag.SEQ) || tag.equals(Tag.OMAP) || tag.equals(Tag.PAIRS)
            ? NODES.arrayNode()
            : NODES.objectNode();
      }
      throw error(
          s.getStartMark(),
          pointer,
          "the tag " + shortTag(tag) + " cannot be used on a scalar; remove the tag");
    }
    recordSource(s, pointer);
    return TextNode.valueOf(text);
  }

  /** Keeps where and how a string scalar is written, for positions inside its value. */
  private void recordSource(ScalarNode s, String pointer) {
    Mark start = s.getStartMark();
    Mark end = s.getEndMark();
    if (text == null || start == null || end == null) {
      return;
    }
    String raw = text.slice(start.getIndex(), end.getIndex());
    if (raw != null) {
      scalars.put(
          pointer, new ScalarSource(start.getLine() + 1, start.getColumn() + 1, style(s), raw));
    }
  }

  private static ScalarSource.Style style(ScalarNode s) {
    return switch (s.getScalarStyle()) {
      case SINGLE_QUOTED -> ScalarSource.Style.SINGLE_QUOTED;
      case DOUBLE_QUOTED, JSON_SCALAR_STYLE -> ScalarSource.Style.DOUBLE_QUOTED;
      case LITERAL -> ScalarSource.Style.LITERAL;
      case FOLDED -> ScalarSource.Style.FOLDED;
      default -> ScalarSource.Style.PLAIN;
    };
  }

  /**
   * Whether a scalar is read with the plain rules: no tag, or plain style with a tag that is not one of the standard
   * tags the reader honours (an unknown tag is ignored).
   */
  private static boolean isPlainLike(ScalarNode s) {
    Tag tag = s.getTag();
    return tag.equals(KubernetesResolver.PLAIN)
        || (s.isPlain()
            && !SCALAR_TAGS.contains(tag)
            && !isContainerTag(tag)
            && !tag.equals(Tag.MERGE));
  }

  private Resolved typed(ScalarNode s, Kind kind, String pointer) {
    Resolved r = KubernetesScalars.resolveAs(kind, s.getValue());
    if (r == null) {
      throw error(
          s.getStartMark(),
          pointer,
          "the value \""
              + s.getValue()
              + "\" cannot be read as "
              + shortTag(s.getTag())
              + "; fix the value or remove the tag");
    }
    return r;
  }

  private static Kind typedKind(Tag tag) {
    if (tag.equals(Tag.INT)) {
      return Kind.INTEGER;
    }
    if (tag.equals(Tag.FLOAT)) {
      return Kind.FLOAT;
    }
    if (tag.equals(Tag.BOOL)) {
      return Kind.BOOLEAN;
    }
    if (tag.equals(Tag.NULL)) {
      return Kind.NULL;
    }
    return null;
  }

  private static boolean isContainerTag(Tag tag) {
    return tag.equals(Tag.MAP)
        || tag.equals(Tag.SEQ)
        || tag.equals(Tag.SET)
        || tag.equals(Tag.OMAP)
        || tag.equals(Tag.PAIRS);
  }

  private static String shortTag(Tag tag) {
    String v = tag.getValue();
    return v.startsWith(YAML_TAG_PREFIX) ? "!!" + v.substring(YAML_TAG_PREFIX.length()) : v;
  }

  private static String kindOf(Node node) {
    return node instanceof ScalarNode
        ? "scalar"
        : node instanceof SequenceNode ? "sequence" : "mapping";
  }

  /** One RFC 6901 reference token: {@code ~} becomes {@code ~0} and {@code /} becomes {@code ~1}. */
  static String escape(String token) {
    if (token.indexOf('~') < 0 && token.indexOf('/') < 0) {
      return token;
    }
    return token.replace("~", "~0").replace("/", "~1");
  }

  private YamlException duplicate(String key, Node first, Node second, String pointer) {
    String spelled = "";
    String firstText = ((ScalarNode) first).getValue();
    String secondText = ((ScalarNode) second).getValue();
    if (!firstText.equals(key) || !secondText.equals(key)) {
      spelled = "; YAML 1.1 reads "
          + (firstText.equals(secondText) ? firstText : firstText + " and " + secondText)
          + " as the key \""
          + key
          + "\"";
    }
    return error(
        second.getStartMark(),
        pointer + "/" + escape(key),
        "duplicate key \"" + key + "\" (first defined at " + Marks.describe(first.getStartMark())
            + spelled + ")");
  }

  private YamlException recursive(Node node, Mark at, String pointer) {
    String anchor = node.getAnchor() == null ? "" : " (anchor &" + node.getAnchor() + ")";
    return error(
        at,
        pointer,
        "recursive alias: the " + kindOf(node) + " defined at "
            + Marks.describe(node.getStartMark()) + anchor
            + " contains an alias to itself, which JSON cannot represent; remove the alias");
  }

  private YamlException error(Mark mark, String pointer, String message) {
    return new YamlException(message, Marks.location(file, mark, pointer), null);
  }
}
