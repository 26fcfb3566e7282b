package dev.workloadmap.sdk.internal.yaml;

import dev.workloadmap.sdk.yaml.YamlException;
import java.util.HashMap;
import java.util.Map;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.events.AliasEvent;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.events.ImplicitTuple;
import org.yaml.snakeyaml.events.NodeEvent;
import org.yaml.snakeyaml.events.ScalarEvent;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.parser.Parser;

/**
 * Sits between SnakeYAML's parser and its composer and checks, per document and at the exact place in the source,
 * the limits that SnakeYAML would otherwise report without a position (or per stream):
 *
 * <ul>
 *   <li>the number of aliases that refer to a mapping or sequence ({@link YamlLimits#maxAliasesForCollections()});
 *   <li>the nesting depth of mappings and sequences ({@link YamlLimits#nestingDepthLimit()}), before the composer's
 *       recursion can overflow the stack.
 * </ul>
 *
 * <p>It also gives the non-specific tag {@code !} on a scalar its YAML meaning, a string (SnakeYAML would resolve
 * {@code ! yes} like a plain {@code yes}).
 */
final class GuardedParser implements Parser {
  private final Parser delegate;
  private final YamlLimits limits;
  private final String file;
  /** Anchor name to whether it names a mapping or sequence, in the current document. */
  private final Map<String, Boolean> anchors = new HashMap<>();

  private int collectionAliases;
  private int depth;
  private Mark documentStart;

  GuardedParser(Parser delegate, YamlLimits limits, String file) {
    this.delegate = delegate;
    this.limits = limits;
    this.file = file;
  }

  /** Where the current (or last) document started, or {@code null} before the first one. */
  Mark documentStart() {
    return documentStart;
  }

  @Override
  public boolean checkEvent(Event.ID choice) {
    return delegate.checkEvent(choice);
  }

  @Override
  public Event peekEvent() {
    return adapt(delegate.peekEvent());
  }

  @Override
  public Event getEvent() {
    Event event = delegate.getEvent();
    observe(event);
    return adapt(event);
  }

  private void observe(Event event) {
    switch (event.getEventId()) {
      case DocumentStart -> {
        documentStart = event.getStartMark();
        anchors.clear();
        collectionAliases = 0;
        depth = 0;
      }
      case MappingStart, SequenceStart -> {
        if (++depth > limits.nestingDepthLimit()) {
          throw new YamlException(
              "mappings and sequences are nested deeper than the limit of "
                  + limits.nestingDepthLimit()
                  + " levels; flatten the document, or raise YamlReader.Builder.nestingDepthLimit if the file is"
                  + " trusted",
              Marks.location(file, event.getStartMark(), ""),
              null);
        }
        anchor(event, true);
      }
      case MappingEnd, SequenceEnd -> depth--;
      case Scalar -> anchor(event, false);
      case Alias -> {
        String name = ((AliasEvent) event).getAnchor();
        if (Boolean.TRUE.equals(anchors.get(name))
            && ++collectionAliases > limits.maxAliasesForCollections()) {
          throw new YamlException(
              "more than "
                  + limits.maxAliasesForCollections()
                  + " aliases to mappings or sequences in one document (alias *"
                  + name
                  + "); the limit guards against alias bombs; use fewer aliases, or raise"
                  + " YamlReader.Builder.maxAliasesForCollections if the file is trusted",
              Marks.location(file, event.getStartMark(), ""),
              null);
        }
      }
      default -> {
        // stream and document ends, comments: nothing to check
      }
    }
  }

  private void anchor(Event event, boolean collection) {
    String name = ((NodeEvent) event).getAnchor();
    if (name != null) {
      anchors.put(name, collection);
    }
  }

  private static Event adapt(Event event) {
    if (event instanceof ScalarEvent s && "!".equals(s.getTag())) {
      return new ScalarEvent(
          s.getAnchor(),
          Tag.STR.getValue(),
          new ImplicitTuple(false, false),
          s.getValue(),
          s.getStartMark(),
          s.getEndMark(),
          s.getScalarStyle());
    }
    return event;
  }
}
