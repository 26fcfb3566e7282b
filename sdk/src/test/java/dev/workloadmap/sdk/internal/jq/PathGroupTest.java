package dev.workloadmap.sdk.internal.jq;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workloadmap.sdk.jq.JqInput;
import dev.workloadmap.sdk.jq.JqOptions;
import dev.workloadmap.sdk.jq.JqProgram;
import dev.workloadmap.sdk.jq.JqValues;
import dev.workloadmap.sdk.testing.Json;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Paths read together ({@link PathGroup}, issue 17) give, program by program, what each gives alone ({@link
 * OneResult#of}): the same node or the same null, on inputs of every shape under the shared steps, on the caller's
 * key order and on the sorted form; and the group is made only of the SDK's own single-result plain paths that share
 * a first step.
 */
class PathGroupTest {

  private static final JacksonJqEngine ENGINE = new JacksonJqEngine(JqOptions.defaults());

  /** Pods whose metadata, labels and values take every shape the shared steps and the last step can meet. */
  static final List<String> INPUTS = List.of(
      "{\"metadata\":{\"labels\":{\"a\":\"x\",\"b\":\"7\",\"c\":\"big\"}}}",
      "{\"metadata\":{\"labels\":{\"c\":\"big\",\"a\":\"x\"}}}",
      "{\"metadata\":{\"labels\":{\"a\":2.0,\"b\":3,\"c\":{\"z\":1,\"y\":2.0}}}}",
      "{\"metadata\":{\"labels\":{\"a\":null,\"b\":\"\",\"c\":[1,2]}}}",
      "{\"metadata\":{\"labels\":{}}}",
      "{\"metadata\":{\"labels\":null}}",
      "{\"metadata\":{\"labels\":\"text\"}}",
      "{\"metadata\":{\"labels\":[1,2,3]}}",
      "{\"metadata\":{\"labels\":5}}",
      "{\"metadata\":{}}",
      "{\"metadata\":null}",
      "{\"metadata\":\"text\"}",
      "{\"metadata\":[{\"labels\":{\"a\":\"x\"}}]}",
      "{}",
      "null",
      "\"text\"",
      "[1,2]",
      "{\"spec\":{\"containers\":[{\"name\":\"t\",\"image\":\"i\"},{\"name\":\"u\"}]}}",
      "{\"spec\":{\"containers\":[]}}",
      "{\"spec\":{\"containers\":{\"0\":{\"name\":\"t\"}}}}");

  /** Groups of paths that share their first steps (one path may be the shared steps themselves). */
  static final List<List<String>> GROUPS = List.of(
      List.of(".metadata.labels[\"a\"]", ".metadata.labels[\"b\"]", ".metadata.labels[\"c\"]"),
      List.of(".metadata.labels.a", ".metadata.labels[\"a\"]"),
      List.of(".metadata.labels", ".metadata.labels.c.z", ".metadata.name"),
      List.of(".metadata?.labels.a", ".metadata.labels?.b"),
      List.of(".spec.containers[0].name", ".spec.containers[0].image", ".spec.containers[1]"),
      List.of(".spec.containers[0]", ".spec.containers[1].name", ".spec"));

  @Test
  void eachProgramReadsWhatItReadsAlone() {
    for (List<String> expressions : GROUPS) {
      List<JqProgram> programs = new ArrayList<>();
      expressions.forEach(e -> programs.add(ENGINE.compile(e)));
      PathGroup group = PathGroup.of(programs);
      assertThat(group).as(expressions.toString()).isNotNull();
      assertThat(group.size()).isEqualTo(programs.size());
      for (String input : INPUTS) {
        JsonNode node = Json.parse(input);
        for (boolean sortedFirst : new boolean[] {false, true}) {
          JqInput together = JqInput.of(node);
          JqInput alone = JqInput.of(node);
          if (sortedFirst) {
            together.node();
            alone.node();
          }
          JsonNode[] out = new JsonNode[programs.size()];
          group.read(together, out);
          for (int i = 0; i < programs.size(); i++) {
            JsonNode expected = OneResult.of(programs.get(i), alone);
            String what = expressions.get(i) + " on " + input + (sortedFirst ? " (sorted)" : "");
            assertThat(group.program(i)).isSameAs(programs.get(i));
            if (expected == null) {
              assertThat(out[i]).as(what).isNull();
            } else {
              assertThat(out[i]).as(what).isEqualTo(expected);
              assertThat(JqValues.toCompactJson(out[i]))
                  .as(what)
                  .isEqualTo(JqValues.toCompactJson(expected));
              assertThat(SortedKeys.source(out[i])).as(what).isEqualTo(SortedKeys.source(expected));
            }
          }
          assertThat(together.sortedIfMade() == null)
              .as("no sorted copy made")
              .isEqualTo(!sortedFirst);
        }
      }
    }
  }

  @Test
  void anInterruptedThreadGetsNoAnswer() {
    PathGroup group = PathGroup.of(
        List.of(ENGINE.compile(".metadata.labels.a"), ENGINE.compile(".metadata.labels.b")));
    JqInput in = JqInput.of(Json.parse(INPUTS.get(0)));
    JsonNode[] out = new JsonNode[2];
    Thread.currentThread().interrupt();
    try {
      group.read(in, out);
    } finally {
      assertThat(Thread.interrupted()).isTrue();
    }
    assertThat(out).containsOnlyNulls();
    group.read(in, out);
    assertThat(out).doesNotContainNull();
  }

  @Test
  void onlyTheSdksSingleResultPlainPathsThatShareAStepFormAGroup() {
    JqProgram a = ENGINE.compile(".metadata.labels.a");
    JqProgram b = ENGINE.compile(".metadata.labels.b");
    assertThat(PathGroup.of(List.of(a))).as("one program").isNull();
    assertThat(PathGroup.of(List.of(a, ENGINE.compile(".spec.x"))))
        .as("no shared step")
        .isNull();
    assertThat(PathGroup.of(List.of(a, ENGINE.compile(".metadata.labels[]"))))
        .as("an iteration")
        .isNull();
    assertThat(PathGroup.of(List.of(a, ENGINE.compile(".metadata.labels.b == \"x\""))))
        .as("not a plain path")
        .isNull();
    JqProgram foreign = new JqProgram() {
      @Override
      public String expression() {
        return b.expression();
      }

      @Override
      public List<JsonNode> apply(JqInput input) {
        return b.apply(input);
      }
    };
    assertThat(PathGroup.of(List.of(a, foreign))).as("another engine's program").isNull();
    assertThat(PathGroup.of(List.of(a, b))).isNotNull();
  }
}
